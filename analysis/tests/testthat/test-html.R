test_that("html_escape makes text safe inside elements and attributes", {
  expect_identical(html_escape("a<b>&\"c\""), "a&lt;b&gt;&amp;&quot;c&quot;")
})

test_that("report.html is self-contained: every image a PNG data URI, nothing fetched", {
  report <- report_of("run-t2-b10")
  written <- report$written
  html <- paste(readLines(file.path(report$out, "report.html"), warn = FALSE), collapse = "\n")
  sources <- regmatches(html, gregexpr("(src|href)=\"[^\"]*", html))[[1]]
  expect_length(sources, length(grep("\\.png$", written)))
  expect_true(all(startsWith(sources, "src=\"data:image/png;base64,")))
  # Decodes back to the PNG that was written.
  first <- sub("^src=\"data:image/png;base64,", "", sources[[1]])
  expect_identical(jsonlite::base64_dec(first), readBin(written[grepl("\\.png$", written)][[1]], "raw", 1e7))
})

test_that("report.html's table shows the cells of percentiles.md", {
  runs <- read_runs(fixture("run-t2-b10"))
  table <- percentile_table(runs)
  html <- percentile_html(table)
  cells <- percentile_cells(table)
  for (cell in cells) expect_true(any(grepl(sprintf(">%s</td>", cell), html, fixed = TRUE)), info = cell)
  expect_true(any(grepl("<td class=\"num\">779.26</td>", html, fixed = TRUE)))
})

test_that("a run's section has its client, saturation verdict, failures by class and code, and settings", {
  run <- read_runs(fixture("run-rejected"))[[1]]
  section <- paste(run_section_html(run), collapse = "\n")
  expect_match(section, "Saturation verdict: <b class=\"verdict\">not saturated", fixed = TRUE)
  expect_match(section, "<td>rejected</td><td class=\"num\">87</td>", fixed = TRUE)
  expect_match(section, "<td>EntityAlreadyExists</td><td class=\"num\">87</td>", fixed = TRUE)
  expect_match(section, "<tr><th>batch_size</th><td>", fixed = TRUE)
  expect_match(section, "<tr><th>processor_count</th><td>2</td></tr>", fixed = TRUE)
})

test_that("the verdict names the target as the limit of an unsaturated run, and the client's reasons when saturated", {
  run <- read_runs(fixture("run-rejected"))[[1]]
  expect_match(limit_verdict(run$summary, run$outcomes$throttles), "^the target was the limit, not TableLoad: the client was not saturated")
  saturated <- run$summary
  saturated$client$saturated <- TRUE
  saturated$client$saturation_reasons <- list("the tableload process spent 30% of the time in GC pauses (over 10%): add processes.")
  expect_match(limit_verdict(saturated, run$outcomes$throttles), "^the client \\(TableLoad\\) was the limit.*30% of the time in GC pauses")
  throttled <- run$summary
  throttled$outcomes$server_busy <- 12
  throttled$client$gc_pause_percent <- 2.25
  throttled$runtime_settings <- list(profile = "tuned")
  expect_match(limit_verdict(throttled, run$outcomes$throttles), "(GC pauses 2.2% of the time, runtime tuned); the service throttled 12 batches", fixed = TRUE)
  # What counts as a throttle is run.json's outcome table's word, not a list of the R scripts' own.
  expect_true("server_busy" %in% run$outcomes$throttles)
  expect_no_match(limit_verdict(throttled, character()), "throttled", fixed = TRUE)
})

test_that("report.html puts the verdict above the percentile table", {
  html <- paste(readLines(file.path(report_of("run-t2-b10")$out, "report.html"), warn = FALSE), collapse = "\n")
  expect_lt(regexpr("id=\"verdict\"", html, fixed = TRUE), regexpr("id=\"percentiles\"", html, fixed = TRUE))
})

test_that("a sweep's report names the best cells and the knee", {
  sweep <- read_sweep(SWEEP_FIXTURE)
  best <- paste(sweep_best_html(sweep$cells), collapse = "\n")
  expect_match(best, "Best peak e/s: <b>p1-t1-b50-e1024-single-r1</b> (2300 e/s", fixed = TRUE)
  expect_match(best, "Best p99: <b>p1-t1-b10-e1024-single-r1</b> (140.03 ms", fixed = TRUE)
  # p99 within twice the best (140.03 ms): the t4-b50 cell's 271.62 ms qualifies and has the most throughput.
  expect_match(best, "Knee: <b>p1-t4-b50-e1024-single-r1</b>", fixed = TRUE)
})

test_that("a sweep's table shows the cells' service figures when sweep.csv has them, and a column no cell filled not at all", {
  dir <- copy_fixtures("sweep-mini")
  cells <- data.table::fread(file.path(dir, "sweep.csv"), colClasses = list(character = "partitions"))
  data.table::set(cells, j = "service_transactions", value = seq_len(nrow(cells)) * 100L)
  data.table::set(cells, j = "service_throttled", value = 7L)
  data.table::set(cells, j = "service_server_latency_ms", value = 12.345)
  data.table::set(cells, j = "service_e2e_latency_ms", value = NA_real_)
  data.table::fwrite(cells, file.path(dir, "sweep.csv"))
  sweep <- read_sweep(dir)
  expect_type(sweep$cells[["service_e2e_latency_ms"]], "double")
  html <- paste(percentile_html(sweep_percentile_table(sweep)), collapse = "\n")
  expect_match(html, ">service transactions</th>", fixed = TRUE)
  expect_match(html, ">service server latency ms</th>", fixed = TRUE)
  expect_false(grepl("service e2e latency ms", html, fixed = TRUE))
  expect_match(html, sprintf("<td class=\"num\">%d</td><td class=\"num\">7</td><td class=\"num\">12.35</td>", nrow(cells) * 100L), fixed = TRUE)
  expect_false(grepl("service transactions", paste(percentile_html(sweep_percentile_table(read_sweep(SWEEP_FIXTURE))), collapse = ""), fixed = TRUE))
})

test_that("a run's section names its batch client from summary.json, where a merged folder's run.json has no options", {
  run <- read_runs(fixture("run-t2-b10"))[[1]]
  run$run$options <- NULL
  run$summary$batch_client <- "sdk+wire"
  expect_true(any(grepl("Batch client: <b>sdk+wire</b>", run_section_html(run), fixed = TRUE)))
})

test_that("a run's section describes its entity: the default shape, or an --entity sample's properties without their values", {
  run <- read_runs(fixture("run-t2-b10"))[[1]]
  expect_match(paste(entity_html(run), collapse = "\n"), "binary properties of random bytes (the default shape)", fixed = TRUE)

  run$run$entity <- list(file = "examples/typical.json", payload_bytes = 30L,
                         properties = data.frame(name = c("Name", "Id"), type = c("Edm.String", "Edm.Guid"), bytes = c(14L, 16L)))
  run$summary$entity <- "typical.json: 2 properties (1 String, 1 Guid)"
  section <- paste(run_section_html(run), collapse = "\n")
  expect_match(section, "30-byte entities like <b>examples/typical.json</b>: typical.json: 2 properties (1 String, 1 Guid).", fixed = TRUE)
  expect_match(section, "<tr><td>Id</td><td>Edm.Guid</td><td class=\"num\">16</td></tr>", fixed = TRUE)
})

test_that("a run's section names its operation and key space, and a folder written before them inserted", {
  run <- read_runs(fixture("run-t2-b10"))[[1]]
  run$summary$operation <- NULL
  run$run$options$operation <- NULL
  expect_true(any(grepl("Operation: <b>insert</b>", run_section_html(run), fixed = TRUE)))
  run$summary$operation <- "upsert-merge"
  run$summary$key_space <- 50L
  expect_true(any(grepl("Operation: <b>upsert-merge over a key space of 50</b>", run_section_html(run), fixed = TRUE)))
})

# The figures of a run through the proxy's Cosmos mode at --rate 1000 with 3,000 RU/s: what `tableload run` printed of them.
charged <- function(run) {
  run$summary$rate <- 1000
  run$summary$mean_entities_per_second <- 439.2
  run$summary$request_units <- list(
    total = 9000.5, batches = 132L, unreadable = 0L, per_entity = 6.833, per_second_mean = 3000.1666, per_second_peak = 3006.3,
    per_batch = list(p50 = 68.33, p99 = 68.33),
    # RU per entity × e/s as the run computes it: 4,067 RU/s with a product's float error.
    provision_ru_per_second = list(mean = 4067.0000000000005, peak = 3006.3))
  run$summary$throttling <- list(by_limit = list(partition_or_unnamed = 0L, account_operations = 0L, account_ingress = 0L,
                                                 account_egress = 0L, request_units = 561L))
  run
}

test_that("a charged run's report says the terminal's request units, provisioning answer and RU budget, above the table", {
  out <- tempfile("html-")
  runs <- read_runs(fixture("run-rate"))
  runs[[1]] <- charged(runs[[1]])
  write_run_report(runs, out)
  html <- paste(readLines(file.path(out, "report.html"), warn = FALSE, encoding = "UTF-8"), collapse = "\n")

  lines <- c(
    "request units: 3000.2 RU/s (peak second 3006.3), 6.83 RU per entity; per batch p50 68.33, p99 68.33 RU; 9000.50 RU in all",
    "provisioning: to sustain 439 e/s of this entity, provision ≥ 4,067 RU/s (the peak second needed 3,007); the target, 1,000 e/s, needs ≥ 6,833 RU/s",
    "throttled by the RU budget: 561 throttled answers said the second&#39;s request units were spent (429, sub-status 3200), at 3,000 RU/s measured, storing 439 e/s")
  for (line in lines) {
    at <- regexpr(sprintf("<li>%s</li>", gsub("&#39;", "'", line, fixed = TRUE)), html, fixed = TRUE)
    expect_gt(at, 0, label = line)
    expect_lt(at, regexpr("id=\"percentiles\"", html, fixed = TRUE))
  }
})

test_that("a charged run whose warm-up answered late says what every answer spent of the budget, as the terminal does", {
  summary <- charged(read_runs(fixture("run-rate"))[[1]])$summary
  summary$request_units$warmup_in_measured_seconds <- 19800
  summary$request_units$spent_per_second_mean <- 9950.2
  summary$request_units$spent_per_second_peak <- 10020.4

  expect_equal(request_unit_throttle_line(summary), paste0(
    "throttled by the RU budget: 561 throttled answers said the second's request units were spent (429, sub-status 3200), at 9,950 RU/s ",
    "spent in the measured seconds (3,000 by the measured batches, 6,950 by the warm-up's that answered in them) and 10,020 in the run's ",
    "busiest second, about what the account provides a second, storing 439 e/s"))
})

test_that("a run without charges says nothing of request units", {
  runs <- read_runs(fixture("run-rate"))
  expect_length(said_html(runs), 0L)
})

test_that("a stopped run's report says the terminal's stop sentence, its stage and target, above the table", {
  out <- tempfile("html-")
  runs <- read_runs(fixture("run-stages-open"))
  write_run_report(runs, out)
  html <- paste(readLines(file.path(out, "report.html"), warn = FALSE, encoding = "UTF-8"), collapse = "\n")

  sentence <- "Stopped by --abort-if eps&lt;0.8*target for 2s at second 5, in stage s2: eps was 1030 e/s over the last 2 s, with the target at 2800 e/s."
  at <- regexpr(sentence, html, fixed = TRUE)
  expect_gt(at, 0)
  expect_lt(at, regexpr("id=\"percentiles\"", html, fixed = TRUE))
  expect_false(grepl("the figure was", html, fixed = TRUE))
})

test_that("the stop sentence is the run's own, and a folder written before summary.json kept it says its condition", {
  run <- read_runs(fixture("run-stages-closed"))[[1]]
  run$summary$stopped_by <- list(condition = "throttled>5% for 3s", at_second = 3L, figure = 12.5, sentence = "Stopped as the run said.")
  expect_identical(stop_sentence(run), "Stopped as the run said.")
  run$summary$stopped_by$sentence <- NULL
  expect_identical(stop_sentence(run), "Stopped by --abort-if throttled>5% for 3s at second 3.")
})

test_that("report.html's top table has the terminal's mean e/s and interval columns", {
  runs <- read_runs(fixture("run-stages-open"))
  html <- paste(percentile_html(percentile_table(runs)), collapse = "\n")
  expect_match(html, "<th class=\"num\">mean e/s</th><th class=\"num\">95% CI e/s</th><th class=\"num\">95% CI p99</th>", fixed = TRUE)
  expect_match(html, "<td class=\"num\">536</td><td class=\"num\">too little data</td><td class=\"num\">too little data</td>", fixed = TRUE)
})
