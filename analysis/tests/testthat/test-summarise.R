summary_figures <- function(run) {
  s <- run$summary
  c(unlist(s$latency_ms[LATENCY_FIELDS]), peak_eps = s$peak_entities_per_second,
    succeeded = s$entities_succeeded, failed = s$entities_failed)
}

test_that("the table's numbers equal summary.json's", {
  for (dir in all_result_folders()) {
    run <- read_run(dir)
    row <- percentile_row(run)
    want <- summary_figures(run)
    for (field in LATENCY_FIELDS) {
      expect_equal(round(row[[field]], 2), round(want[[field]], 2), info = paste(dir, field))
    }
    for (field in c("peak_eps", "succeeded", "failed")) {
      expect_equal(row[[field]], want[[field]], info = paste(dir, field))
    }
    expect_identical(row$processes, as.integer(run$summary$processes))
  }
})

test_that("counts from batches.csv and peak from intervals.csv agree with summary.json", {
  for (dir in all_result_folders()) {
    run <- read_run(dir)
    raw <- raw_figures(run)
    expect_equal(raw$peak_eps, run$summary$peak_entities_per_second, info = dir)
    if (!is.null(run$batches)) {
      expect_equal(raw$succeeded, run$summary$entities_succeeded, info = dir)
      expect_equal(raw$failed, run$summary$entities_failed, info = dir)
      expect_equal(raw$count, run$summary$latency_ms$count, info = dir)
    }
    expect_identical(check_run(run), character(), info = dir)
  }
})

test_that("warm-up rows are excluded from the figures", {
  run <- read_run(fixture("run-rejected"))
  warmup <- run$batches[warmup == TRUE]
  expect_gt(nrow(warmup), 0L)
  expect_equal(nrow(warmup), run$summary$warmup$batches)
  raw <- raw_figures(run)
  expect_equal(raw$count + nrow(warmup), nrow(run$batches))
  # Counting the warm-up rows too would not give summary.json's figures.
  everything <- run
  everything$batches <- data.table::copy(run$batches)[, warmup := FALSE]
  expect_gt(raw_figures(everything)$failed, run$summary$entities_failed)
  expect_true(length(check_run(everything)) > 0L)
})

test_that("check_run names a disagreement between the raw files and summary.json", {
  run <- read_run(fixture("run-t2-b10"))
  run$summary$entities_succeeded <- run$summary$entities_succeeded + 10
  run$summary$latency_ms$p99 <- run$summary$latency_ms$p99 * 2
  problems <- check_run(run)
  expect_length(problems, 2L)
  expect_match(problems, "succeeded|p99")
})

test_that("exact quantiles of batches.csv are within the histogram's precision of summary.json", {
  for (name in c("run-t2-b10", "run-t4-b10", "run-rejected", "run-p2", "run-rate")) {
    run <- read_run(fixture(name))
    raw <- raw_figures(run)
    for (field in LATENCY_FIELDS) {
      want <- run$summary$latency_ms[[field]]
      expect_lte(abs(raw[[field]] - want), 0.002 * want + 0.002)
    }
  }
})

test_that("percentiles.md repeats the table TableLoad printed, with a label column", {
  for (name in RUN_FIXTURES) {
    printed <- readLines(file.path(fixture(name), "tableload-output.txt"))
    want <- markdown_rows(printed[grepl("^\\|", printed)])[[1]]
    got <- markdown_rows(percentile_markdown(percentile_table(read_runs(fixture(name)))))[[1]]
    expect_identical(got[[1]], fixture_label(name))
    expect_identical(got[-1], want, info = name)
  }
})

test_that("write_percentiles writes a markdown and a CSV table with one row per run", {
  out <- tempfile("percentiles-")
  dir.create(out)
  runs <- read_runs(fixture(RUN_FIXTURES))
  paths <- write_percentiles(percentile_table(runs), out)
  expect_identical(basename(paths), c("percentiles.md", "percentiles.csv"))
  csv <- data.table::fread(file.path(out, "percentiles.csv"))
  expect_identical(names(csv), TABLE_COLUMNS)
  expect_identical(csv$label, vapply(runs, `[[`, "", "name"))
  expect_equal(csv$p99, vapply(runs, function(r) r$summary$latency_ms$p99, 0))
  expect_length(markdown_rows(readLines(file.path(out, "percentiles.md"))), length(runs))
})

test_that("a sweep's table has one row per cell equal to the cell's summary.json", {
  sweep <- read_sweep(SWEEP_FIXTURE)
  table <- sweep_percentile_table(sweep)
  expect_identical(table$label, sweep$cells$cell)
  for (run in sweep$runs) {
    row <- table[label == run$name]
    expect_equal(unlist(row[, c(LATENCY_FIELDS, "peak_eps", "succeeded", "failed"), with = FALSE]),
                 summary_figures(run), tolerance = 1e-9, info = run$name)
  }
})
