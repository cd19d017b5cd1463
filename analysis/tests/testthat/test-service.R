# The service's own view (fixture run-service: a run through tableload proxy with --service-metrics and --service-log, written
# by TableLoad): its minutes read in long form, plotted, and shown in report.html's section beside the client's figures.

service_run <- function() read_run(fixture("run-service"))

# The run with its summary.json's service replaced by `service`.
with_service <- function(run, service) {
  run$summary[["service"]] <- service
  run
}

section_of <- function(run) paste(service_section_html(list(run)), collapse = "\n")

test_that("the minutes in long form hold the service's transactions and the client's requests, adding up to summary.json's totals", {
  run <- service_run()
  service <- run$summary[["service"]]
  rows <- service_minutes(list(run))
  expect_gte(length(unique(rows$minute)), 1L)
  served <- rows[source == "service" & measure == "requests", .(value = sum(value)), by = name]
  expect_identical(stats::setNames(served$value, served$name)[names(service[["transactions"]])],
                   vapply(service[["transactions"]], as.numeric, 0))
  expect_gt(rows[source == "service" & measure == "requests" & name == "ServerBusyError", sum(value)], 0)
  # Every request the client counted ended in one of the minutes: the client's columns add up to its attempts.
  expect_identical(rows[source == "client" & measure == "requests", sum(value)], rows[measure == "attempts", sum(value)])
  expect_setequal(unique(rows[measure == "latency_mean_ms"]$name), c("client", "SuccessE2ELatency", "SuccessServerLatency"))
  expect_identical(levels(rows$run), run$name)
})

test_that("a run without a service view has no minutes and no plot of them", {
  run <- read_run(fixture("run-t2-b10"))
  expect_null(run_service(run))
  expect_identical(nrow(service_minutes(list(run))), 0L)
  expect_null(plot_service_minutes(list(run)))
  expect_identical(service_section_html(list(run)), character())
})

test_that("the plot draws the service's and the client's counts in panels of their own, and the three latencies", {
  plot <- plot_service_minutes(list(service_run()))
  built <- ggplot2::ggplot_build(plot)
  panels <- levels(droplevels(plot$layers[[1]]$data$panel))
  expect_identical(panels, unname(SERVICE_PANELS[c("service", "client")]))
  expect_setequal(unique(plot$layers[[2]]$data$name), c("client", "SuccessE2ELatency", "SuccessServerLatency"))
  expect_true(all(plot$layers[[1]]$data$value > 0))
  expect_length(built$layout$layout$PANEL, 3L)
})

test_that("the report writes the plot and shows the section: the minutes, the reconciliation and the log, as summary.json has them", {
  report <- report_of("run-service")
  expect_true(file.path(report$out, SERVICE_PLOT) %in% report$written)
  expect_png(file.path(report$out, SERVICE_PLOT))
  html <- paste(readLines(file.path(report$out, "report.html"), warn = FALSE), collapse = "\n")
  section <- regmatches(html, regexpr("<section class=\"service\".*?</section>", html))
  expect_match(section, "<h2>The service's view</h2>", fixed = TRUE)
  expect_match(section, sprintf("alt=\"%s\" src=\"data:image/png;base64,", SERVICE_PLOT), fixed = TRUE)
  # Above the runs' own sections.
  expect_lt(regexpr("id=\"service\"", html, fixed = TRUE), regexpr("<section class=\"run\"", html, fixed = TRUE))
})

test_that("each minute's row shows the service's transactions beside the client's requests and latency", {
  run <- service_run()
  minutes <- run$summary[["service"]][["minutes"]]
  section <- section_of(run)
  for (i in seq_len(nrow(minutes))) {
    label <- format(as.POSIXct(substr(minutes[["minute"]][[i]], 1L, 16L), format = "%Y-%m-%dT%H:%M", tz = "UTC"), "%Y-%m-%d %H:%M")
    success <- minutes[["transactions"]][["Success"]][[i]]
    succeeded <- minutes[["client"]][["succeeded"]][[i]]
    busy <- minutes[["transactions"]][["ServerBusyError"]][[i]]
    expect_match(section, sprintf("<tr><td>%s</td><td class=\"num\">%s</td><td class=\"num\">%s</td><td class=\"num\">%s</td>",
                                  label, success, if (is.na(busy)) 0 else busy, succeeded), fixed = TRUE)
    expect_match(section, sprintf("<tr><td>%s</td><td class=\"num\">%.1f</td><td class=\"num\">%.1f</td><td class=\"num\">%.1f</td>",
                                  label, minutes[["client_latency_ms"]][[i]], minutes[["e2e_latency_ms"]][["mean"]][[i]],
                                  minutes[["server_latency_ms"]][["mean"]][[i]]), fixed = TRUE)
  }
  expect_match(section, "<th class=\"num\">service: ServerBusyError</th>", fixed = TRUE)
  expect_match(section, "<th class=\"num\">client: server_busy</th>", fixed = TRUE)
})

test_that("the reconciliation's sentences and the log's lines are the ones the run printed", {
  run <- service_run()
  printed <- trimws(readLines(file.path(fixture("run-service"), "tableload-output.txt")))
  items <- function(section, class) {
    list <- regmatches(section, regexpr(sprintf("<ul class=\"%s\"[^>]*>.*?</ul>", class), section))
    gsub("</?li>", "", regmatches(list, gregexpr("<li>.*?</li>", list))[[1]])
  }
  section <- section_of(run)
  reconciliation <- items(section, "reconciliation")
  expect_identical(reconciliation, html_escape(unlist(run$summary[["service"]][["reconciliation"]])))
  expect_true(any(startsWith(reconciliation, "matched: ServerBusyError")))
  expect_true(all(unlist(run$summary[["service"]][["reconciliation"]]) %in% printed))
  log_lines <- service_log_lines(run$summary[["service"]][["log"]])
  expect_length(log_lines, 2L)
  expect_identical(log_lines, printed[startsWith(printed, "service log: ") | startsWith(printed, "of the client's p99 of ")])
  expect_identical(items(section, "service-log"), html_escape(log_lines))
})

test_that("the log's three shares show their p50, p99 and mean", {
  run <- service_run()
  shares <- run$summary[["service"]][["log"]][["shares_ms"]]
  section <- section_of(run)
  for (share in SERVICE_SHARES) {
    figures <- shares[[share]]
    expect_match(section, sprintf("<tr><td>%s</td><td class=\"num\">%.1f</td><td class=\"num\">%.1f</td><td class=\"num\">%.1f</td></tr>",
                                  share, figures[["p50"]], figures[["p99"]], figures[["mean"]]), fixed = TRUE)
  }
})

test_that("the tail's limit is the share that makes up most of it", {
  expect_identical(tail_limit(list(service = 38, transfer = 6, client = 368)), "the client or its queue is the limit")
  expect_identical(tail_limit(list(service = 300, transfer = 6, client = 68)), "the service is the limit")
  expect_identical(tail_limit(list(service = 3, transfer = 60, client = 8)), "the transfer (the network, the answer's size) is the limit")
  expect_identical(dotnet_one_decimal(c(412, 38.04, 6.25, 1252.41)), c("412", "38", "6.2", "1252.4"))
})

test_that("metrics that were unavailable show the reason alone; a run with the log alone shows the log's part alone", {
  run <- service_run()
  service <- run$summary[["service"]]
  unavailable <- with_service(run, list(resource = service[["resource"]], unavailable = "the metrics API answered 403 (AuthorizationFailed): the identity needs the Monitoring Reader role on the resource",
                                        minutes = list(), reconciliation = list()))
  section <- section_of(unavailable)
  expect_match(section, "<p class=\"unavailable\">The service's metrics are unavailable: the metrics API answered 403 (AuthorizationFailed): the identity needs the Monitoring Reader role on the resource.</p>", fixed = TRUE)
  expect_no_match(section, "<table", fixed = TRUE)
  expect_null(plot_service_minutes(list(unavailable)))

  log_alone <- with_service(run, list(log = service[["log"]]))
  section <- section_of(log_alone)
  expect_match(section, "id=\"service-shares-", fixed = TRUE)
  expect_no_match(section, "id=\"service-requests-", fixed = TRUE)
  expect_no_match(section, "unavailable", fixed = TRUE)
})

# Fixture run-cosmos-service: a run through tableload proxy in its Cosmos DB mode (--request-units under the rate's cost, two
# partition key ranges) with --service-metrics of the emulated account, written by TableLoad.
test_that("a Cosmos DB account's minutes show its requests by status code beside the client's, its request units beside the client's, and the hottest range beside the mean", {
  run <- read_run(fixture("run-cosmos-service"))
  cosmos <- run$summary[["service"]][["cosmos"]]
  minutes <- cosmos_minutes_of(run)
  expect_identical(nrow(minutes), nrow(cosmos[["minutes"]]))
  expect_equal(sum(minutes[["service: 429"]]), cosmos[["status_codes"]][["429"]])
  expect_equal(sum(minutes[["client: too_many_requests"]]), cosmos[["status_codes"]][["429"]])
  expect_equal(sum(minutes[["request_units"]]), cosmos[["request_units"]])
  section <- section_of(run)
  expect_match(section, sprintf("<table id=\"service-cosmos-%s\">", html_id(run$name)), fixed = TRUE)
  expect_match(section, "<th class=\"num\">service: 429</th>", fixed = TRUE)
  expect_match(section, "<th class=\"num\">client: too_many_requests</th>", fixed = TRUE)
  first <- cosmos[["minutes"]][1L, ]
  expect_match(section, sprintf("<td class=\"num\">%d</td><td class=\"num\">%.2f</td><td class=\"num\">%.2f</td><td>%s</td><td class=\"num\">%.1f</td><td class=\"num\">%.1f</td></tr>",
                                first[["client_attempts"]], first[["request_units"]], first[["client_request_units"]],
                                first[["normalized_ru"]][["hottest_range"]], first[["normalized_ru"]][["hottest_percent"]],
                                first[["normalized_ru"]][["mean_percent"]]), fixed = TRUE)
  printed <- trimws(readLines(file.path(fixture("run-cosmos-service"), "tableload-output.txt")))
  expect_true(all(unlist(run$summary[["service"]][["reconciliation"]]) %in% printed))
  expect_match(section, "a hot partition", fixed = TRUE)
})

test_that("a storage account's view has no Cosmos DB table", {
  expect_null(cosmos_minutes_of(service_run()))
  expect_false(grepl("service-cosmos-", section_of(service_run()), fixed = TRUE))
})
