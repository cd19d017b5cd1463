# Loads the analysis code and names the fixtures (folders written by TableLoad itself).
ANALYSIS_DIR <- normalizePath(file.path(testthat::test_path(), "..", ".."))
FIXTURES <- file.path(ANALYSIS_DIR, "tests", "fixtures")
source(file.path(ANALYSIS_DIR, "R", "analysis.R"))
source_analysis(file.path(ANALYSIS_DIR, "R"))

RUN_FIXTURES <- c("run-t2-b10", "run-t4-b10", "run-rejected", "run-no-batch-log", "run-p2", "run-rate")
# Written by a TableLoad whose printed table has the interval columns, which percentiles.md leaves out.
STAGE_FIXTURES <- c("run-stages-open", "run-stages-closed")
SWEEP_FIXTURE <- file.path(FIXTURES, "sweep-mini")
# A run whose tasks sent nothing: intervals.csv's header alone, latency.hlog without an interval.
NOTHING_MEASURED_FIXTURE <- "run-nothing-measured"

fixture <- function(name) file.path(FIXTURES, name)

# Every result folder among the fixtures: the runs and the sweep's cells.
all_result_folders <- function() {
  c(fixture(c(RUN_FIXTURES, STAGE_FIXTURES, NOTHING_MEASURED_FIXTURE)), list.dirs(SWEEP_FIXTURE, recursive = FALSE))
}

fixture_label <- function(name) read_json_file(file.path(fixture(name), "summary.json"))$label

# The printed table's row whose first cell is `name` (the run's row is the one of its processes, "1").
printed_row <- function(run_dir, name) {
  lines <- readLines(file.path(run_dir, "tableload-output.txt"))
  rows <- lapply(strsplit(grep("^\\|", lines, value = TRUE), "|", fixed = TRUE), function(cells) trimws(cells[-1L]))
  Filter(function(cells) identical(cells[[1]], name), rows)[[1]]
}

# The data rows of a markdown table, split into trimmed cells.
markdown_rows <- function(lines) {
  rows <- grep("^\\|", lines, value = TRUE)[-(1:2)]
  lapply(strsplit(sub("^\\| ?", "", sub(" ?\\|$", "", rows)), "|", fixed = TRUE), trimws)
}

# A copy of fixture folders in a fresh temporary folder, for tests that write into them.
copy_fixtures <- function(names) {
  target <- tempfile("fixtures-")
  dir.create(target)
  file.copy(fixture(names), target, recursive = TRUE)
  file.path(target, names)
}

# A fixture's report, written once and read by every test that asks for it: a report draws every plot, seconds of CPU each.
REPORTS <- new.env()
report_of <- function(name) {
  if (is.null(REPORTS[[name]])) {
    out <- tempfile("report-")
    REPORTS[[name]] <- list(out = out, written = write_run_report(read_runs(fixture(name)), out))
  }
  REPORTS[[name]]
}

expect_png <- function(path) {
  expect_true(file.exists(path), info = path)
  expect_gt(file.size(path), 10000)
  signature <- readBin(path, "raw", 8L)
  expect_identical(signature, as.raw(c(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)))
}

RSCRIPT <- file.path(R.home("bin"), "Rscript")

# Runs an analysis script of analysis_dir in `wd`, with the environment variables of `env` set (NA:
# unset) for it alone; returns exit status, stdout and stderr lines.
run_script <- function(script, args, wd = tempdir(), env = character(), analysis_dir = ANALYSIS_DIR) {
  out <- tempfile()
  err <- tempfile()
  old <- setwd(wd)
  before <- if (length(env) > 0L) Sys.getenv(names(env), unset = NA, names = TRUE) else character()
  on.exit({
    setwd(old)
    set_env(before)
  })
  set_env(env)
  status <- system2(RSCRIPT, c(shQuote(file.path(analysis_dir, script)), shQuote(args)),
                    stdout = out, stderr = err)
  list(status = status, stdout = readLines(out), stderr = readLines(err))
}

# Sets each variable of `values` to its value, or unsets it where the value is NA.
set_env <- function(values) {
  for (name in names(values)) {
    if (is.na(values[[name]])) Sys.unsetenv(name) else do.call(Sys.setenv, stats::setNames(list(values[[name]]), name))
  }
}
