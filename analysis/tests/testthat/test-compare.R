# compare.R on compare-t2 and compare-t4: two runs that differ in --tasks alone (and so in the
# thread-pool minimum, which follows it). The verdicts come from the repository's Release build of
# tableload, which the test command builds before the R tests.
TABLELOAD_DLL <- file.path(dirname(ANALYSIS_DIR), RELEASE_TABLELOAD)
PAIR <- fixture(c("compare-t2", "compare-t4"))

# What `tableload compare --json` says of the pair, read without compare.R's code.
compare_json <- function(pair = PAIR) {
  jsonlite::fromJSON(paste(system2("dotnet", shQuote(c(TABLELOAD_DLL, "compare", pair, "--json")), stdout = TRUE), collapse = "\n"))
}

# compare.R on `pair`, with the repository's Release build of tableload as its TABLELOAD.
compare_script <- function(pair = PAIR) {
  run_script("compare.R", c(pair, "--out", tempfile("compare-")), env = c(TABLELOAD = paste("dotnet", TABLELOAD_DLL)))
}

# The cells of the markdown table whose header line starts with `first_header`, one character vector per row.
table_rows <- function(lines, first_header) {
  start <- which(startsWith(lines, paste("|", first_header)))[1] + 2L
  end <- start
  while (end <= length(lines) && startsWith(lines[end], "|")) end <- end + 1L
  lapply(lines[start:(end - 1L)], function(line) trimws(strsplit(gsub("^\\||\\|$", "", line), "|", fixed = TRUE)[[1]]))
}

test_that("percent_change is B relative to A, and undefined from zero", {
  expect_equal(percent_change(c(100, 50, 0, 0), c(110, 25, 0, 5)), c(10, -50, 0, NA))
  expect_identical(format_change(c(10, -50, 0, NA), c(100, 50, 0, 0), c(110, 25, 0, 5)),
                   c("+10.0%", "-50.0%", "0.0%", "new"))
})

test_that("compare_table leaves out the figures compare judges and keeps the others of both runs", {
  runs <- read_runs(fixture(c("run-t2-b10", "run-t4-b10")))
  table <- compare_table(runs[[1]], runs[[2]], judged = c("p50", "p99", "eps"))
  expect_false(any(c("latency median (ms)", "latency p99 (ms)", "mean e/s") %in% table$metric))
  expect_true(all(c("latency min (ms)", "latency p99.9 (ms)", "peak e/s", "goodput (MB/s)") %in% table$metric))
  p999 <- table[metric == "latency p99.9 (ms)"]
  expect_equal(p999$a, runs[[1]]$summary$latency_ms$p999)
  expect_equal(p999$b, runs[[2]]$summary$latency_ms$p999)
  lines <- compare_markdown(table, runs[[1]]$name, runs[[2]]$name)
  expect_length(lines, nrow(table) + 2L)
  expect_identical(length(unique(nchar(lines))), 1L)
})

test_that("markdown tables align and escape pipes", {
  lines <- markdown_table(c("a", "b"), matrix(c("x|y", "1"), nrow = 1), right = c(FALSE, TRUE))
  expect_identical(lines[2], "|-----|----:|")
  table <- percentile_table(read_runs(fixture("run-t2-b10")))
  table$label <- "a|b"
  expect_match(percentile_markdown(table)[3], "^\\| a\\\\\\|b ", perl = TRUE)
})

test_that("runtime settings that differ are listed, each in its words", {
  runs <- read_runs(fixture(c("run-t2-b10", "run-t4-b10")))
  tuned <- list(profile = "tuned", gc_mode = "server", concurrent_gc = TRUE, gc_dynamic_adaptation = 0, gc_heap_count = 2,
                tiered_compilation = TRUE, tiered_pgo = FALSE, min_worker_threads = 6, min_io_threads = 6, thread_pool_spin_limit = 0)
  defaults <- modifyList(tuned, list(profile = "defaults", gc_dynamic_adaptation = 1, tiered_pgo = TRUE, min_worker_threads = 2, min_io_threads = 2,
                                     thread_pool_spin_limit = 70))
  runs[[1]]$summary$runtime_settings <- tuned
  runs[[2]]$summary$runtime_settings <- defaults

  differences <- runtime_differences(runs[[1]], runs[[2]])
  expect_setequal(differences$setting, c("--runtime", "GC dynamic adaptation (DATAS)", "tiered PGO",
                                          "thread-pool minimum worker threads", "thread-pool minimum I/O threads",
                                          "idle thread-pool workers' spin before sleeping"))
  expect_identical(differences[setting == "tiered PGO"]$b, "on")
  expect_identical(differences[setting == "idle thread-pool workers' spin before sleeping"]$b, "70")
})

test_that("runs under the same runtime settings, or without them recorded, have no runtime settings that differ", {
  runs <- read_runs(fixture(c("run-t2-b10", "run-t4-b10", "compare-t2")))
  expect_identical(nrow(runtime_differences(runs[[1]], runs[[2]])), 0L)
  expect_identical(nrow(runtime_differences(runs[[3]], runs[[3]])), 0L)
})

test_that("compare.R shows the verdict and interval tableload compare gives each figure, and judges nothing itself", {
  json <- compare_json()
  # The pair holds more than one verdict, so a table that showed one of its own would differ somewhere.
  expect_true(length(unique(json$figures$verdict)) >= 2)
  out <- tempfile("compare-")
  result <- run_script("compare.R", c(PAIR, "--out", out), env = c(TABLELOAD = paste("dotnet", TABLELOAD_DLL)))
  expect_identical(result$status, 0L, info = paste(result$stderr, collapse = "\n"))
  md <- readLines(file.path(out, "compare.md"))

  judged <- table_rows(md, "metric")
  expect_identical(vapply(judged, `[`, "", 6L), unname(VERDICT_WORDS[json$figures$verdict]))
  p99 <- json$figures[json$figures$figure == "p99", ]
  expect_identical(p99$verdict, "worse")
  p99_row <- Filter(function(row) row[1] == "latency p99 (ms)", judged)[[1]]
  expect_identical(p99_row[6], "worse")
  expect_identical(p99_row[5], sprintf("%+.1f%% to %+.1f%%", p99$change_low / p99$base * 100, p99$change_high / p99$base * 100))
  # A judged figure is not shown again among the plain changes.
  expect_identical(sum(startsWith(md, "| latency p99 (ms) ")), 1L)
  expect_true(any(startsWith(md, "| latency p99.9 (ms) ")))
  expect_true("Not judged by tableload compare: B's change from A alone, (B - A) / A, with no interval and no verdict." %in% md)
})

test_that("when only --tasks differs, compare.R lists the runtime settings that differ and puts no change down to them", {
  json <- compare_json()
  runs <- read_runs(PAIR)
  # What made the removed sentence speak: runtime settings that differ, and a CPU per entity that changed.
  expect_gt(nrow(runtime_differences(runs[[1]], runs[[2]])), 0L)
  expect_false(isTRUE(all.equal(runs[[1]]$summary$client$cpu_us_per_entity, runs[[2]]$summary$client$cpu_us_per_entity)))
  expect_identical(json$knobs$name, "tasks")

  result <- run_script("compare.R", c(PAIR, "--out", tempfile("compare-")), env = c(TABLELOAD = NA))
  expect_identical(result$status, 0L, info = paste(result$stderr, collapse = "\n"))
  expect_true(any(startsWith(result$stdout, "| thread-pool minimum worker threads ")))
  expect_false(any(grepl("other runtime settings|the rest of the load|owes", result$stdout)))
  expect_identical(sum(result$stdout == json$knobs_sentence), 1L)
})

test_that("compare.R with no tableload to run says so in one sentence and exits 2", {
  # A copy of analysis/ with no repository around it, and a PATH without tableload or dotnet.
  analysis <- file.path(tempfile("analysis-"), "analysis")
  dir.create(file.path(analysis, "R"), recursive = TRUE)
  file.copy(file.path(ANALYSIS_DIR, "compare.R"), analysis)
  file.copy(list.files(file.path(ANALYSIS_DIR, "R"), full.names = TRUE), file.path(analysis, "R"))
  bin <- tempfile("bin-")
  dir.create(bin)
  for (tool in c("sh", "uname", "rm", "sed")) file.symlink(Sys.which(tool), file.path(bin, tool))

  result <- run_script("compare.R", c(PAIR, "--out", tempfile("compare-")), env = c(TABLELOAD = NA, PATH = bin), analysis_dir = analysis)
  expect_identical(result$status, 2L)
  expect_length(result$stderr, 1L)
  expect_match(result$stderr, "^compare\\.R: cannot find tableload: set TABLELOAD to the command that runs it")
})

test_that("compare.R with a TABLELOAD that runs nothing says so in one sentence and exits 2", {
  result <- run_script("compare.R", c(PAIR, "--out", tempfile("compare-")), env = c(TABLELOAD = "/nonexistent/tableload"))
  expect_identical(result$status, 2L)
  expect_length(result$stderr, 1L)
  expect_match(result$stderr, "^compare\\.R: cannot run tableload as \"/nonexistent/tableload\"")
})

test_that("compare.R lists each operation of a mix with the verdict tableload compare gives it, under the run's figures", {
  # The mix fixture against a copy of itself: one run twice, whose every verdict compare cannot decide, and says so.
  pair <- c(fixture("run-mix"), copy_fixtures("run-mix"))
  json <- compare_json(pair)
  expect_identical(names(json$operations), c("read", "upsert-replace"))
  result <- compare_script(pair)
  expect_identical(result$status, 0L)
  expect_true(which(result$stdout == "Each operation, measured apart (summary.json's operations) and judged alike:") >
                which(startsWith(result$stdout, "| mean e/s ")))
  operation_rows <- Filter(function(row) grepl("^(read|upsert-replace): ", row[[1]]), table_rows(result$stdout[-seq_len(which(startsWith(result$stdout, "Each operation")))], "metric"))
  verdicts <- c(json$operations$read$figures$verdict, json$operations$`upsert-replace`$figures$verdict)
  expect_length(operation_rows, length(verdicts))
  expect_identical(vapply(operation_rows, `[`, "", 6L), unname(VERDICT_WORDS[verdicts]))
  expect_identical(vapply(operation_rows[1:7], `[`, "", 1L),
                   paste("read:", c("mean e/s", "latency median (ms)", "latency p90 (ms)", "latency p99 (ms)", "latency p99.9 (ms)", "throttled batches (%)", "failed entities (%)")))
})

test_that("compare.R adds nothing for two runs of one and the same operation, whose figures are the run's", {
  result <- compare_script()
  expect_identical(result$status, 0L)
  expect_false(any(startsWith(result$stdout, "Each operation")))
})

test_that("compare.R lists each scenario, and each operation of a scenario that sent several, with compare's verdicts", {
  # compare's JSON as it shapes `scenarios` (one figure each, to stay short): ingest sent one operation on both sides,
  # lookups a mix, scans ran on B alone.
  figure <- function(verdict) sprintf('[{"figure": "p99", "base": 10, "new": 20, "change": 10, "change_low": 5, "change_high": 15, "relative_change": 1, "verdict": "%s"}]', verdict)
  part <- function(figures, operations = NULL, same = "false", only = "null") {
    sprintf('{"only_on": %s, "same_as_run": %s, "figures": %s%s}', only, same, figures,
            if (is.null(operations)) "" else sprintf(', "operations": {%s}', operations))
  }
  json <- sprintf('{"level": 0.95, "operations": {}, "scenarios": {"ingest": %s, "lookups": %s, "scans": %s}}',
                  part(figure("worse"), sprintf('"insert": %s', part(figure("worse"), same = "true"))),
                  part(figure("no_difference"), sprintf('"read": %s, "upsert-replace": %s', part(figure("better")), part(figure("cannot_decide")))),
                  part("[]", "", only = '"new"'))
  verdicts <- jsonlite::fromJSON(json)

  lines <- part_lines(verdicts$scenarios, "scenario", "ran", "a", "b", verdicts$level)

  expect_identical(lines[2], "Each scenario, measured apart (summary.json's scenarios) and judged alike:")
  rows <- table_rows(lines, "metric")
  expect_identical(vapply(rows, `[`, "", 1L),
                   c("ingest: latency p99 (ms)", "lookups: latency p99 (ms)", "lookups.read: latency p99 (ms)", "lookups.upsert-replace: latency p99 (ms)"))
  expect_identical(vapply(rows, `[`, "", 6L), unname(VERDICT_WORDS[c("worse", "no_difference", "better", "cannot_decide")]))
  expect_identical(tail(lines, 1L), "scans: only B ran it, so it has nothing to compare.")
  expect_length(part_lines(jsonlite::fromJSON('{"operations": {}}')$operations, "operation", "sent", "a", "b", 0.95), 0L)
})

test_that("compare.R on a run of scenarios lists each scenario and lookups' operations with the verdicts tableload compare gives them", {
  # The scenarios fixture against a copy of itself: one run twice, whose every verdict compare cannot decide, and says so.
  pair <- c(fixture("run-scenarios"), copy_fixtures("run-scenarios"))
  json <- compare_json(pair)
  expect_identical(names(json$scenarios), c("ingest", "lookups"))
  result <- compare_script(pair)
  expect_identical(result$status, 0L)
  after <- result$stdout[-seq_len(which(result$stdout == "Each scenario, measured apart (summary.json's scenarios) and judged alike:"))]
  rows <- table_rows(after, "metric")
  scopes <- unique(sub(": .*$", "", vapply(rows, `[`, "", 1L)))
  expect_identical(scopes, c("ingest", "lookups", "lookups.read", "lookups.upsert-replace"))
  verdicts <- c(json$scenarios$ingest$figures$verdict, json$scenarios$lookups$figures$verdict,
                json$scenarios$lookups$operations$read$figures$verdict, json$scenarios$lookups$operations$`upsert-replace`$figures$verdict)
  expect_identical(vapply(rows, `[`, "", 6L), unname(VERDICT_WORDS[verdicts]))
})
