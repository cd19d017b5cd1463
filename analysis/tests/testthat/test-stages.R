# Stage plans (--stages) and stops (--abort-if) in the plots and report.html, on folders that
# `tableload run --stages` wrote against Azurite (make-fixtures.sh).

# The layers of a built plot whose data hold vertical lines of the given colour.
vlines_of <- function(plot, colour) {
  layers <- Filter(function(layer) inherits(layer$geom, "GeomVline") && identical(layer$aes_params$colour, colour), plot$layers)
  data.table::rbindlist(lapply(layers, function(layer) layer$data))
}

target_layer_data <- function(plot) {
  found <- Filter(function(layer) is.data.frame(layer$data) && "target" %in% names(layer$data), plot$layers)
  expect_length(found, 1L)
  data.table::as.data.table(found[[1]]$data)
}

test_that("an open plan's throughput draws each second's target in e/s, beside the measured series", {
  run <- read_run(fixture("run-stages-open"))
  targets <- target_layer_data(plot_throughput(list(run)))
  expected <- complete_intervals(run)[!is.na(target)]
  expect_equal(targets$x, expected$x)
  expect_equal(targets$rate, expected$target)
  expect_setequal(as.character(targets$series), TARGET_SERIES[["open"]])
  # The plan as run.json records it: 200 e/s held, then a ramp towards 8,000.
  expect_equal(run$run$options$stages, "3s:200,6s:8000,4s:8000")
  expect_true(all(targets[expected$stage %in% 1L]$rate == 200))
  ramp <- targets[expected$stage %in% 2L]$rate
  expect_true(all(ramp > 200 & ramp < 8000))
  expect_false(is.unsorted(ramp))
})

test_that("a closed plan's target is in tasks on a right axis, scaled so that its most tasks reach the top", {
  run <- read_run(fixture("run-stages-closed"))
  plot <- plot_throughput(list(run))
  targets <- target_layer_data(plot)
  expected <- complete_intervals(run)[!is.na(target)]
  expect_equal(targets$target, expected$target)
  expect_equal(max(targets$target), 4)
  expect_setequal(as.character(targets$series), TARGET_SERIES[["closed"]])
  top <- max(complete_intervals(run)$entities_succeeded)
  expect_equal(targets$rate, targets$target * top / 4)
  axis <- plot$scales$get_scales("y")$secondary.axis
  expect_equal(axis$name, "tasks per process (plan)")
  expect_equal(axis$trans(top), 4)
})

test_that("stage boundaries lie at the measured period's start plus each stage's start, on both time plots", {
  for (name in c("run-stages-open", "run-stages-closed")) {
    run <- read_run(fixture(name))
    durations <- vapply(strsplit(strsplit(run$run$options$stages, ",")[[1]], ":"), function(s) duration_seconds(s[1]), 0)
    first_measured <- min(run$intervals[warmup == FALSE]$epoch_s) - run_start_epoch(run)
    for (plot in list(plot_throughput(list(run)), plot_interval_latency(list(run)))) {
      lines <- vlines_of(plot, STAGE_LINE_COLOUR)
      expect_equal(lines$x, first_measured + cumsum(c(0, durations)), info = name)
    }
  }
})

test_that("the --abort-if stop is a line at its second, labelled with its condition; a run without one has none", {
  run <- read_run(fixture("run-stages-open"))
  stopped <- run$summary$stopped_by
  first_measured <- min(run$intervals[warmup == FALSE]$epoch_s) - run_start_epoch(run)
  plot <- plot_throughput(list(run))
  line <- vlines_of(plot, ABORT_COLOUR)
  expect_equal(line$x, first_measured + stopped$at_second)
  expect_equal(line$label, "stopped: eps<0.8*target for 2s")
  expect_match(plot$labels$caption, "--abort-if condition held", fixed = TRUE)
  expect_equal(nrow(vlines_of(plot_throughput(list(read_run(fixture("run-stages-closed")))), ABORT_COLOUR)), 0L)
})

test_that("a folder without a plan draws no target, no boundaries and no stop", {
  run <- read_run(fixture("run-rate"))
  expect_false(any(c("stage", "target") %in% names(data.table::fread(file.path(run$dir, "intervals.csv"), nrows = 0L))))
  plot <- plot_throughput(list(run))
  expect_false(any(vapply(plot$layers, function(l) is.data.frame(l$data) && "target" %in% names(l$data), TRUE)))
  expect_equal(nrow(vlines_of(plot, STAGE_LINE_COLOUR)), 0L)
  expect_equal(nrow(vlines_of(plot, ABORT_COLOUR)), 0L)
  expect_false(grepl("stage", plot$labels$caption))
})

test_that("report.html has a row per stage of summary.json and the stop's sentence", {
  out <- tempfile("stages-report-")
  result <- run_script("report.R", c("--out", out, fixture("run-stages-open")))
  expect_equal(result$status, 0L, info = paste(result$stderr, collapse = "\n"))
  html <- paste(readLines(file.path(out, "report.html"), warn = FALSE, encoding = "UTF-8"), collapse = "\n")
  stages <- read_json_file(file.path(fixture("run-stages-open"), "summary.json"))$stages
  rows <- regmatches(html, gregexpr("<tr><td>s[0-9]+</td>.*?</tr>", html))[[1]]
  expect_length(rows, nrow(stages))
  expect_match(rows[2], sprintf("<td>200 → 8,000 e/s</td><td class=\"num\">%.1f</td>", stages$mean_entities_per_second[2]), fixed = TRUE)
  stopped <- read_json_file(file.path(fixture("run-stages-open"), "summary.json"))$stopped_by
  expect_match(html, html_escape(stopped$sentence), fixed = TRUE)
})

test_that("report.html's stage table has each stage's p99.9 beside its p99, and a folder without it leaves the cells blank", {
  run <- read_run(fixture("run-stages-open"))
  p999 <- function(run) {
    html <- paste(stage_table_html(run), collapse = "\n")
    rows <- regmatches(html, gregexpr("<tr><td>s[0-9]+</td>.*?</tr>", html))[[1]]
    vapply(rows, function(row) regmatches(row, gregexpr("<td[^>]*>[^<]*</td>", row))[[1]][[match("p99.9 ms", STAGE_HEADER)]], "", USE.NAMES = FALSE)
  }
  stages <- run$summary$stages
  expect_identical(p999(run), sprintf("<td class=\"num\">%s</td>", ifelse(stages$batches > 0, format_latency(stages$latency_ms$p999), "")))
  run$summary$stages$latency_ms$p999 <- NULL
  expect_identical(p999(run), rep("<td class=\"num\"></td>", nrow(stages)))
})

test_that("every run plot of staged runs is written, together with runs that held one load", {
  out <- tempfile("stage-plots-")
  dir.create(out)
  runs <- read_runs(fixture(c(STAGE_FIXTURES, "run-rate")))
  written <- suppressMessages(write_run_plots(runs, out))
  expect_setequal(basename(written), names(RUN_PLOTS))
  for (path in written) expect_png(path)
})
