test_that("report.R writes the table and plots into each result folder and prints their paths", {
  dirs <- copy_fixtures(c("run-t2-b10", "run-no-batch-log"))
  result <- run_script("report.R", dirs)
  expect_equal(result$status, 0L, info = paste(result$stderr, collapse = "\n"))
  expect_true(all(file.exists(result$stdout)))
  for (dir in dirs) {
    expect_true(all(file.exists(file.path(dir, c("percentiles.md", "percentiles.csv", "spectrum.png")))))
  }
  expect_setequal(basename(result$stdout[startsWith(result$stdout, dirs[1])]),
                  c("percentiles.md", "percentiles.csv", names(RUN_PLOTS), "report.html"))
  # Each folder's report.html is the last path printed for it.
  expect_equal(basename(result$stdout[length(result$stdout)]), "report.html")
  for (png in grep("\\.png$", result$stdout, value = TRUE)) expect_png(png)
})

test_that("report.R reports a run that measured no request: the table, report.html, and each plot it cannot draw named", {
  dir <- copy_fixtures(NOTHING_MEASURED_FIXTURE)
  result <- run_script("report.R", dir)
  expect_equal(result$status, 0L, info = paste(result$stderr, collapse = "\n"))
  expect_setequal(basename(result$stdout), c("percentiles.md", "percentiles.csv", "report.html"))
  for (plot in names(RUN_PLOTS)) {
    expect_true(any(startsWith(result$stderr, sprintf("skipped %s: no data for it", plot))), info = plot)
  }
  # Beside a run that measured requests, the report draws that run.
  out <- tempfile("report-")
  together <- run_script("report.R", c("--out", out, dir, fixture("run-t2-b10")))
  expect_equal(together$status, 0L, info = paste(together$stderr, collapse = "\n"))
  expect_true(all(file.path(out, c("throughput.png", "latency-per-second.png", "report.html")) %in% together$stdout))
})

test_that("report.R --out reports several runs together, from any working directory", {
  out <- tempfile("report-")
  result <- run_script("report.R", c("--out", out, fixture(RUN_FIXTURES)), wd = tempdir())
  expect_equal(result$status, 0L, info = paste(result$stderr, collapse = "\n"))
  expect_setequal(result$stdout, file.path(out, c("percentiles.md", "percentiles.csv", names(RUN_PLOTS), "report.html")))
  expect_equal(result$stdout[length(result$stdout)], file.path(out, "report.html"))
  csv <- data.table::fread(file.path(out, "percentiles.csv"))
  expect_identical(csv$label, vapply(RUN_FIXTURES, fixture_label, "", USE.NAMES = FALSE))
  # The fixtures themselves are left alone.
  expect_false(file.exists(file.path(fixture("run-t2-b10"), "percentiles.md")))
})

test_that("report.R reports a sweep folder", {
  out <- tempfile("sweep-report-")
  result <- run_script("report.R", c(SWEEP_FIXTURE, "--out", out))
  expect_equal(result$status, 0L, info = paste(result$stderr, collapse = "\n"))
  expect_setequal(basename(result$stdout),
                  c("percentiles.md", "percentiles.csv", "sweep-rate-by-tasks.png",
                    "sweep-rate-by-batch_size.png", "sweep-knee.png", "spectrum.png", "report.html"))
  expect_equal(basename(result$stdout[length(result$stdout)]), "report.html")
})

test_that("report.R fails with one line and exit code 2 on a folder that is not a result folder", {
  not_results <- tempfile("empty-")
  dir.create(not_results)
  result <- run_script("report.R", c(fixture("run-t2-b10"), not_results))
  expect_equal(result$status, 2L)
  expect_length(result$stderr, 1L)
  expect_match(result$stderr, "^report\\.R: .*is not a TableLoad result folder")
  expect_length(result$stdout, 0L)

  missing <- run_script("report.R", file.path(not_results, "nope"))
  expect_equal(missing$status, 2L)
  expect_match(missing$stderr, "no such folder")

  none <- run_script("report.R", character())
  expect_equal(none$status, 2L)
  expect_length(none$stderr, 1L)
})

test_that("compare.R prints and writes the change of each figure, and an overlaid spectrum", {
  out <- tempfile("compare-")
  result <- run_script("compare.R", c(fixture("compare-t2"), fixture("compare-t4"), "--out", out))
  expect_equal(result$status, 0L, info = paste(result$stderr, collapse = "\n"))
  expect_true(any(grepl("^\\| metric .*\\| A: compare-t2 .*\\| B: compare-t4", result$stdout)))
  expect_true(all(file.exists(file.path(out, c("compare.md", "compare-spectrum.png")))))
  expect_png(file.path(out, "compare-spectrum.png"))
  md <- readLines(file.path(out, "compare.md"))
  a <- read_run(fixture("compare-t2"))$summary
  b <- read_run(fixture("compare-t4"))$summary
  p99 <- grep("^\\| latency p99 \\(ms\\)", md, value = TRUE)
  expect_match(p99, sprintf("%+.1f%%", (b$latency_ms$p99 - a$latency_ms$p99) / a$latency_ms$p99 * 100), fixed = TRUE)
  mean_eps <- grep("^\\| mean e/s", md, value = TRUE)
  change <- (b$mean_entities_per_second - a$mean_entities_per_second) / a$mean_entities_per_second * 100
  expect_match(mean_eps, sprintf("%+.1f%%", change), fixed = TRUE)
})

test_that("compare.R without --out writes beside the first run, never into the working folder", {
  runs <- copy_fixtures(c("compare-t2", "compare-t4"))
  wd <- tempfile("wd-")
  dir.create(wd)
  result <- run_script("compare.R", runs, wd = wd)
  expect_equal(result$status, 0L, info = paste(result$stderr, collapse = "\n"))
  out <- file.path(dirname(runs[1]), "compare-compare-t2-vs-compare-t4")
  expect_true(all(file.exists(file.path(out, c("compare.md", "compare-spectrum.png")))))
  expect_length(list.files(wd, all.files = TRUE, no.. = TRUE), 0L)
})

test_that("compare.R fails properly on a bad folder or a wrong number of folders", {
  bad <- run_script("compare.R", c(fixture("run-t2-b10"), tempdir()))
  expect_equal(bad$status, 2L)
  expect_length(bad$stderr, 1L)
  expect_match(bad$stderr, "^compare\\.R: ")
  one <- run_script("compare.R", fixture("run-t2-b10"))
  expect_equal(one$status, 2L)
  expect_match(one$stderr, "expected two result folders")
  sweep <- run_script("compare.R", c(SWEEP_FIXTURE, fixture("run-t2-b10")))
  expect_equal(sweep$status, 2L)
  expect_match(sweep$stderr, "sweep folder")
})
