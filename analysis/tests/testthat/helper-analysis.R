# Loads the analysis code and names the fixtures (folders written by TableLoad itself).
ANALYSIS_DIR <- normalizePath(file.path(testthat::test_path(), "..", ".."))
FIXTURES <- file.path(ANALYSIS_DIR, "tests", "fixtures")
source(file.path(ANALYSIS_DIR, "R", "analysis.R"))
source_analysis(file.path(ANALYSIS_DIR, "R"))

RUN_FIXTURES <- c("run-t2-b10", "run-t4-b10", "run-rejected", "run-no-batch-log", "run-p2", "run-rate")
SWEEP_FIXTURE <- file.path(FIXTURES, "sweep-mini")

fixture <- function(name) file.path(FIXTURES, name)

# Every result folder among the fixtures: the runs and the sweep's cells.
all_result_folders <- function() {
  c(fixture(RUN_FIXTURES), list.dirs(SWEEP_FIXTURE, recursive = FALSE))
}

fixture_label <- function(name) read_json_file(file.path(fixture(name), "summary.json"))$label

# A copy of fixture folders in a fresh temporary folder, for tests that write into them.
copy_fixtures <- function(names) {
  target <- tempfile("fixtures-")
  dir.create(target)
  file.copy(fixture(names), target, recursive = TRUE)
  file.path(target, names)
}

expect_png <- function(path) {
  expect_true(file.exists(path), info = path)
  expect_gt(file.size(path), 10000)
  signature <- readBin(path, "raw", 8L)
  expect_identical(signature, as.raw(c(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)))
}

RSCRIPT <- file.path(R.home("bin"), "Rscript")

# Runs an analysis script in `wd`; returns exit status, stdout and stderr lines.
run_script <- function(script, args, wd = tempdir()) {
  out <- tempfile()
  err <- tempfile()
  old <- setwd(wd)
  on.exit(setwd(old))
  status <- system2(RSCRIPT, c(shQuote(file.path(ANALYSIS_DIR, script)), shQuote(args)),
                    stdout = out, stderr = err)
  list(status = status, stdout = readLines(out), stderr = readLines(err))
}
