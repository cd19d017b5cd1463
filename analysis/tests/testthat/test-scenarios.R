# A run of scenarios (fixture run-scenarios, written by TableLoad from make-fixtures.sh's profile: "ingest" inserts
# beside "lookups", a mix of reads and upserts): each scenario's intervals-<scenario>.csv and, for lookups,
# intervals-lookups.<operation>.csv read beside intervals.csv; a line per scenario (lookups a line per operation) on
# the time plots; a row per scenario in the percentile table and report.html's scenario table. Figures are compared
# with the fixture's summary.json and what TableLoad printed, never with numbers written here.

SCENARIOS <- c("ingest", "lookups")
# The time plots' lines: the scenarios, lookups by its operations, which together are every request of the run.
SCENARIO_PARTS <- c("ingest", "lookups.read", "lookups.upsert-replace")

scenarios_run <- function() read_run(fixture("run-scenarios"))

# Per-second counts of tables of seconds added up by second and warm-up flag, as one table ordered alike.
seconds_sum <- function(tables, columns = c("batches", "entities_succeeded")) {
  sums <- data.table::rbindlist(lapply(tables, function(t) t[, c("epoch_s", "warmup", columns), with = FALSE]))
  sums[, lapply(.SD, sum), by = .(epoch_s, warmup), .SDcols = columns][order(epoch_s, warmup)]
}

test_that("a run's scenarios are read in summary.json's order, each with its operations' files, and add up to the run", {
  run <- scenarios_run()
  expect_identical(names(run$scenarios), names(run$summary$scenarios))
  expect_identical(names(run$scenarios), SCENARIOS)
  expect_identical(names(run$scenarios$ingest$operations), "insert")
  expect_identical(names(run$scenarios$lookups$operations), c("read", "upsert-replace"))
  expect_identical(seconds_sum(lapply(run$scenarios, `[[`, "intervals")), seconds_sum(list(run$intervals)))
  expect_identical(seconds_sum(run$scenarios$lookups$operations), seconds_sum(list(run$scenarios$lookups$intervals)))
})

test_that("each scenario's measured seconds hold the requests and entities summary.json gives it, and batches.csv's rows name it", {
  run <- scenarios_run()
  for (scenario in SCENARIOS) {
    figures <- run$summary$scenarios[[scenario]]
    measured <- measured_intervals(run$scenarios[[scenario]]$intervals)
    expect_identical(sum(measured$batches), as.integer(figures$requests), info = scenario)
    expect_identical(sum(measured$entities_succeeded), as.integer(figures$entities), info = scenario)
    expect_identical(sum(measured_batches(run$batches)$scenario == scenario), as.integer(figures$requests), info = scenario)
  }
  expect_identical(check_run(run), character())
})

test_that("a folder without scenarios has none, and its parts are a mix's operations or nothing", {
  mix <- read_run(fixture("run-mix"))
  expect_length(mix$scenarios, 0L)
  expect_identical(names(load_parts(mix)), names(mix$operations))
  expect_identical(parts_kind(list(mix)), "operation")
  single <- read_run(fixture("run-t2-b10"))
  expect_length(single$scenarios, 0L)
  expect_length(load_parts(single), 0L)
})

test_that("the throughput plot draws a line per scenario, lookups a line per operation, on the run's time axis, adding up to the run", {
  run <- scenarios_run()
  plot <- plot_throughput(list(run))
  expect_identical(plot$labels$title, "Entities per second by scenario")
  lines <- data.table::as.data.table(plot$data)[series %in% SCENARIO_PARTS]
  expect_identical(levels(droplevels(lines$series)), SCENARIO_PARTS)
  files <- list(ingest = run$scenarios$ingest$intervals, lookups.read = run$scenarios$lookups$operations$read,
                `lookups.upsert-replace` = run$scenarios$lookups$operations$`upsert-replace`)
  whole <- interval_table(list(run))
  for (part in SCENARIO_PARTS) {
    own <- lines[series == part]
    expect_identical(own$x, whole$x, info = part)
    expect_identical(as.numeric(own$rate), as.numeric(complete_intervals(modifyList(run, list(intervals = files[[part]])))$entities_succeeded), info = part)
  }
  expect_identical(as.numeric(lines[, .(rate = sum(rate)), by = x]$rate), as.numeric(whole$entities_succeeded))
  colours <- ggplot2::ggplot_build(plot)$plot$scales$get_scales("colour")$palette(0)
  expect_identical(unname(colours[SCENARIO_PARTS]), unname(part_palette(SCENARIO_PARTS)))
})

test_that("the latency-per-second plot draws each scenario's p50 and p99 from its own file, coloured by scenario", {
  run <- scenarios_run()
  plot <- plot_interval_latency(list(run))
  expect_identical(plot$labels$title, "Request latency per second by scenario: median and p99")
  expect_identical(levels(plot$data$part), SCENARIO_PARTS)
  expect_identical(plot$scales$get_scales("colour")$name, "scenario")
  data <- data.table::as.data.table(plot$data)
  p99 <- data[part == "ingest" & percentile == "p99" & !is.na(latency_ms)]$latency_ms
  expect_identical(p99, as.numeric(stats::na.omit(run$scenarios$ingest$intervals$p99_ms)))
  p50 <- data[part == "lookups.read" & percentile == "p50 (median)" & !is.na(latency_ms)]$latency_ms
  expect_identical(p50, as.numeric(stats::na.omit(run$scenarios$lookups$operations$read$p50_ms)))
})

test_that("the percentile table has TableLoad's rows under the run's: operations, then each scenario and lookups' operations", {
  run <- scenarios_run()
  table <- percentile_table(list(run))
  printed <- c("insert", "read", "upsert-replace", "ingest", "lookups", "lookups.read", "lookups.upsert-replace")
  expect_identical(table$label, c("scenarios", paste("scenarios:", printed)))
  cells <- percentile_cells(table)
  for (i in seq_along(printed)) {
    row <- printed_row(run$dir, printed[[i]])
    expect_identical(cells[i + 1L, -(1:2)], row[2:11], info = printed[[i]])
    expect_identical(c(format_fixed(table$mean_eps[[i + 1L]], 0L), table$eps_ci[[i + 1L]], table$p99_ci[[i + 1L]]), row[12:14],
                     info = printed[[i]])
  }
})

test_that("report.html has a scenario table of summary.json's scenarios, their rows in the percentile table, and both time plots", {
  report <- report_of("run-scenarios")
  expect_true(all(c("throughput.png", "latency-per-second.png") %in% basename(report$written)))
  html <- paste(readLines(file.path(report$out, "report.html"), warn = FALSE), collapse = "\n")
  percentiles <- regmatches(html, regexpr("<table id=\"percentiles\">.*?</table>", html))
  for (label in c("scenarios: ingest", "scenarios: lookups", "scenarios: lookups.read")) {
    expect_match(percentiles, sprintf("<td>%s</td>", label), fixed = TRUE)
  }
  scenario_table <- regmatches(html, regexpr("<table id=\"scenarios-scenarios\">.*?</table>", html))
  rows <- regmatches(scenario_table, gregexpr("<tr><td>.*?</tr>", scenario_table))[[1]]
  cells <- lapply(rows, function(row) gsub("<[^>]+>", "", regmatches(row, gregexpr("<td[^>]*>.*?</td>", row))[[1]]))
  summary <- read_json_file(fixture("run-scenarios/summary.json"))
  options <- read_json_file(fixture("run-scenarios/run.json"))$options$scenarios
  expect_identical(vapply(cells, `[[`, "", 1L), SCENARIOS)
  for (i in seq_along(SCENARIOS)) {
    s <- summary$scenarios[[SCENARIOS[[i]]]]
    o <- options[[SCENARIOS[[i]]]]
    expect_identical(cells[[i]][-1L], c(o$operation %||% o$mix, sprintf("%d tasks at %d e/s", o$tasks, o$rate),
                                        format_count(c(s$requests, s$entities, s$entities_failed)),
                                        format_fixed(s$mean_entities_per_second, 1L), format_count(s$peak_entities_per_second),
                                        format_latency(c(s$latency_ms$median, s$latency_ms$p99))))
  }
})

test_that("a run without scenarios has no scenario table in report.html", {
  expect_identical(scenario_table_html(read_run(fixture("run-mix"))), character())
})

test_that("runs drawn together: a mix's operations, a run's scenarios, and a run of one operation as the whole run, each on its own axis", {
  runs <- read_runs(fixture(c("run-mix", "run-scenarios", "run-t2-b10")))
  single <- runs[[3]]
  # Written by different TableLoad versions: run-t2-b10's intervals.csv lacks the others' request_units column.
  expect_false("request_units" %in% names(single$intervals))
  throughput <- data.table::as.data.table(plot_throughput(runs)$data)
  expect_identical(unique(as.character(throughput[run == single$name]$series)), WHOLE_RUN_PART)
  expect_identical(as.numeric(throughput[run == single$name]$rate), as.numeric(complete_intervals(single)$entities_succeeded))
  expect_identical(unique(as.character(throughput[run == runs[[2]]$name]$series)), SCENARIO_PARTS)
  latency <- plot_interval_latency(runs)
  expect_identical(latency$scales$get_scales("colour")$name, "operation or scenario")
  expect_identical(levels(latency$data$part), c(names(runs[[1]]$operations), SCENARIO_PARTS, WHOLE_RUN_PART))
})
