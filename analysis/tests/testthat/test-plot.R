test_that("every run plot is written as a non-empty PNG", {
  out <- tempfile("plots-")
  dir.create(out)
  runs <- read_runs(fixture(RUN_FIXTURES))
  written <- write_run_plots(runs, out)
  expect_setequal(basename(written), names(RUN_PLOTS))
  for (path in written) expect_png(path)
})

test_that("a run without batches.csv still gets its spectrum (from latency.hlog) and time plots", {
  out <- tempfile("plots-")
  dir.create(out)
  runs <- read_runs(fixture("run-no-batch-log"))
  written <- expect_message(write_run_plots(runs, out), "skipped process-latency.png")
  expect_setequal(basename(written), c("spectrum.png", "throughput.png", "latency-per-second.png"))
  for (path in written) expect_png(path)
  expect_identical(unique(spectrum_points(runs[[1]])$source), "latency.hlog")
})

test_that("the spectrum is drawn on the nines scale and ends at the max", {
  run <- read_run(fixture("run-t4-b10"))
  points <- spectrum_points(run)
  n <- run$summary$latency_ms$count
  expect_equal(points$nines[1], 0)
  expect_equal(points$latency_ms[1], min(measured_batches(run$batches)$latency_ms))
  expect_equal(max(points$nines), log10(n))
  expect_equal(points[is_max == TRUE]$latency_ms, max(measured_batches(run$batches)$latency_ms))
  expect_false(is.unsorted(points$latency_ms))
  built <- ggplot2::ggplot_build(plot_spectrum(list(run)))
  expect_identical(built$layout$panel_params[[1]]$x$get_labels()[1:3], c("0", "50", "90"))
})

test_that("an open-model run's spectrum adds its latency from the actual send", {
  run <- read_run(fixture("run-rate"))
  sent <- spectrum_points(run, uncorrected = TRUE)
  expect_identical(unique(sent$from), LATENCY_FROM[["send"]])
  # batches.csv's latency less the wait for the send agrees with latency.hlog's uncorrected intervals.
  uncorrected <- histogram_summary(read_measured_histogram(run$dir, "uncorrected"))
  expect_equal(max(sent$latency_ms), uncorrected$max, tolerance = 0.002)
  expect_equal(sent$latency_ms[1], uncorrected$min, tolerance = 0.002)
  built <- ggplot2::ggplot_build(plot_spectrum(list(run)))
  expect_setequal(unique(built$data[[1]]$linetype), c("solid", "22"))
  expect_null(spectrum_points(read_run(fixture("run-t2-b10")), uncorrected = TRUE))
})

test_that("throughput marks seconds with failed and with throttled batches", {
  run <- read_run(fixture("run-rejected"))
  plot <- plot_throughput(list(run))
  events <- plot$layers[[length(plot$layers)]]$data
  expect_equal(nrow(events), sum(run$intervals$rejected > 0))
  # Azurite never throttles: mark some seconds as throttled by hand.
  run$intervals[2:3, server_busy := 4L]
  events <- plot_throughput(list(run))$layers[[4]]$data
  expect_setequal(unique(events$event), names(EVENT_SHAPES))
  path <- save_plot(plot_throughput(list(run)), tempfile(fileext = ".png"))
  expect_png(path)
})

test_that("seconds in which no batch completed count as zero", {
  run <- read_run(fixture("run-t4-b10"))
  run$intervals <- run$intervals[-3]
  full <- complete_intervals(run)
  expect_equal(nrow(full), nrow(run$intervals) + 1L)
  expect_equal(full$entities_succeeded[3], 0)
  expect_true(is.na(full$p99_ms[3]))
  expect_equal(diff(full$x), rep(1, nrow(full) - 1L))
})

test_that("a second with late warm-up batches and measured ones is one point of their sum", {
  run <- read_run(fixture("run-t4-b10"))
  first_measured <- min(run$intervals[warmup == FALSE]$epoch_s)
  late <- data.table::copy(run$intervals[epoch_s == first_measured])
  late[, `:=`(warmup = TRUE, entities_succeeded = 7L, batches = 1L, p99_ms = 9999)]
  measured_row <- run$intervals[epoch_s == first_measured]
  run$intervals <- rbind(run$intervals, late)
  full <- complete_intervals(run)
  point <- full[epoch_s == first_measured]
  expect_equal(nrow(point), 1L)
  expect_false(point$warmup)
  expect_equal(point$entities_succeeded, measured_row$entities_succeeded + 7)
  expect_equal(point$batches, measured_row$batches + 1)
  expect_equal(point$p99_ms, measured_row$p99_ms)
  expect_equal(anyDuplicated(full$epoch_s), 0L)
})

test_that("the warm-up is shaded from the run's start to its first measured second", {
  runs <- read_runs(fixture(c("run-t2-b10", "run-rejected", "run-rate")))
  spans <- warmup_spans(runs, interval_table(runs))
  for (i in seq_along(runs)) {
    start <- run_start_epoch(runs[[i]])
    windows <- runs[[i]]$intervals
    expect_equal(spans$xmin[i], 0)
    expect_equal(spans$xmax[i], min(windows[warmup == FALSE]$epoch_s) - start, info = runs[[i]]$name)
    warmup <- duration_seconds(runs[[i]]$run$options$warmup) %||% runs[[i]]$run$options$warmup_s
    expect_gte(spans$xmax[i], warmup)
    expect_lt(spans$xmax[i], warmup + 1)
  }
  # Without run.json's figures, the windows flagged as warm-up say where it ends.
  runs[[1]]$run <- list()
  flagged <- warmup_spans(runs[1], interval_table(runs[1]))
  windows <- runs[[1]]$intervals
  expect_equal(flagged$xmax, min(windows[warmup == FALSE]$epoch_s) - run_start_epoch(runs[[1]]))
})

test_that("the warm-up is read in --warmup's own syntax, as run.json records it now", {
  expect_equal(duration_seconds("2.5s"), 2.5)
  expect_equal(duration_seconds("500ms"), 0.5)
  expect_equal(duration_seconds("1m30s"), 90)
  expect_equal(duration_seconds("1h"), 3600)
  expect_equal(duration_seconds("0ms"), 0)
  expect_equal(duration_seconds("00:01:05"), 65)
  expect_null(duration_seconds(NULL))
  runs <- read_runs(fixture("run-t2-b10"))
  old <- warmup_spans(runs, interval_table(runs))
  runs[[1]]$run$options$warmup <- paste0(runs[[1]]$run$options$warmup_s, "s")
  runs[[1]]$run$options$warmup_s <- NULL
  expect_equal(warmup_spans(runs, interval_table(runs)), old)
})

test_that("the process plot has one box per process and outcome", {
  run <- read_run(fixture("run-rejected"))
  run$batches[, process := seq_len(.N) %% 3L]
  built <- ggplot2::ggplot_build(plot_process_latency(list(run)))
  boxes <- built$data[[1]]
  measured <- measured_batches(run$batches)
  expect_equal(nrow(boxes), data.table::uniqueN(measured[, .(process, outcome == "succeeded")]))
  expect_setequal(unique(built$plot$data$process_label),
                  sprintf("%d\n(n = %s)", 0:2, plain_number(as.numeric(table(measured$process)))))
})

test_that("sweep plots are written for each varying knob and for the knee", {
  out <- tempfile("sweep-")
  dir.create(out)
  sweep <- read_sweep(SWEEP_FIXTURE)
  expect_setequal(varying_knobs(sweep$cells), c("tasks", "batch_size"))
  written <- write_sweep_plots(sweep, out)
  expect_setequal(basename(written), c("sweep-rate-by-tasks.png", "sweep-rate-by-batch_size.png", "sweep-knee.png"))
  for (path in written) expect_png(path)
})

test_that("a sweep of single writes beside batches reads batch_size none as the first level, and draws it", {
  dir <- tempfile("sweep-single-")
  on.exit(unlink(dir, recursive = TRUE))
  dir.create(dir)
  writeLines(c(
    "cell,client,runtime,operation,processes,tasks,batch_size,entity_size,partitions,rate,repeat,median,p99,peak_eps,mean_eps,saturated",
    "sdk-p1-t4-b100-e1024-single-r1,sdk,tuned,insert,1,4,100,1024,single,,1,40,90,5000,4500,false",
    "sdk-p1-t4-bnone-e1024-single-r1,sdk,tuned,insert,1,4,none,1024,single,,1,4,9,900,850,false",
    "sdk-p1-t4-b50-e1024-single-r1,sdk,tuned,insert,1,4,50,1024,single,,1,20,60,4000,3600,false"
  ), file.path(dir, "sweep.csv"))
  sweep <- read_sweep(dir)
  expect_identical(levels(sweep$cells$batch_size), c("none", "50", "100"))
  expect_identical(varying_knobs(sweep$cells), "batch_size")
  built <- ggplot2::ggplot_build(plot_sweep_rate(sweep, "batch_size"))
  expect_setequal(built$data[[2]]$y, c(5000, 4500, 900, 850, 4000, 3600))
  written <- write_sweep_plots(sweep, dir)
  expect_setequal(basename(written), c("sweep-rate-by-batch_size.png", "sweep-knee.png"))
  for (path in written) expect_png(path)
})

test_that("the knee labels every cell", {
  sweep <- read_sweep(SWEEP_FIXTURE)
  built <- ggplot2::ggplot_build(plot_sweep_knee(sweep))
  labels <- unlist(lapply(built$data, function(d) d$label))
  expect_setequal(labels, sweep$cells$cell)
})

test_that("a sweep over scenarios reads their columns and draws each scenario across the cells; other sweeps draw none", {
  expect_false("sweep-scenarios.png" %in% sweep_plot_files(read_sweep(SWEEP_FIXTURE)))
  dir <- tempfile("sweep-scenarios-")
  on.exit(unlink(dir, recursive = TRUE))
  dir.create(dir)
  # A sweep over a profile's scenarios: its load knobs empty, each scenario's six columns after the cell's own.
  writeLines(c(
    "cell,client,runtime,operation,processes,tasks,batch_size,entity_size,partitions,rate,repeat,median,p99,peak_eps,mean_eps,saturated,ingest_requests,ingest_eps,ingest_p99_ms,hot_reads_requests,hot_reads_eps,hot_reads_p99_ms",
    "sdk-scenarios-p1-r1,sdk,tuned,scenarios,1,,,,,,1,20,90,500,450,false,40,400,80,50,50,95",
    "wire-scenarios-p1-r1,wire,tuned,scenarios,1,,,,,,1,18,70,700,650,false,56,560,60,60,60,75"
  ), file.path(dir, "sweep.csv"))
  sweep <- read_sweep(dir)
  expect_true(is.numeric(sweep$cells$hot_reads_eps))
  expect_true(all(is.na(sweep$cells$tasks)))
  expect_identical(varying_knobs(sweep$cells), "client")
  # The scenarios' names come from the cells' summary.json, as a sweep's folder has them.
  sweep$runs <- list(list(summary = list(scenarios = list(ingest = list(), `hot-reads` = list()))))
  expect_identical(sweep_scenarios(sweep), c("ingest", "hot_reads"))
  built <- ggplot2::ggplot_build(plot_sweep_scenarios(sweep))
  expect_equal(sort(built$data[[2]]$y), sort(c(400, 560, 50, 60, 80, 60, 95, 75)))
  written <- write_sweep_plots(sweep, dir)
  expect_setequal(basename(written), c("sweep-rate-by-client.png", "sweep-knee.png", "sweep-scenarios.png"))
})

test_that("a sweep over both clients draws one knee series per client, saturation as the shape", {
  sweep <- read_sweep(SWEEP_FIXTURE)
  sdk <- data.table::copy(sweep$cells)[, `:=`(client = "sdk", cell = sub("^", "sdk-", cell), saturated = TRUE)]
  sweep$cells <- rbind(sweep$cells, sdk)
  expect_setequal(varying_knobs(sweep$cells), c("client", "tasks", "batch_size"))
  plot <- plot_sweep_knee(sweep)
  expect_setequal(unique(as.character(plot$data$series)), c("client: wire, batch_size: 10", "client: wire, batch_size: 50",
                                                            "client: sdk, batch_size: 10", "client: sdk, batch_size: 50"))
  expect_setequal(as.character(plot$data$saturation[plot$data$client == "sdk"]), "client CPU saturated")
  expect_setequal(as.character(plot$data$saturation[plot$data$client == "wire"]), "client not saturated")
})

test_that("a sweep with repeats draws every repeat and the mean line", {
  sweep <- read_sweep(SWEEP_FIXTURE)
  again <- data.table::copy(sweep$cells)[, `:=`(`repeat` = 2L, peak_eps = peak_eps * 1.1, mean_eps = mean_eps * 0.9)]
  sweep$cells <- rbind(sweep$cells, again)
  expect_setequal(varying_knobs(sweep$cells), c("tasks", "batch_size"))
  built <- ggplot2::ggplot_build(plot_sweep_rate(sweep, "tasks"))
  # Points: every cell of every repeat, peak and mean; lines: the mean of the repeats.
  expect_equal(nrow(built$data[[2]]), 2L * nrow(sweep$cells))
  expect_equal(nrow(built$data[[1]]), 2L * data.table::uniqueN(sweep$cells, by = c("tasks", "batch_size")))
})
