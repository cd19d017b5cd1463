# report.html's section "The service's view", for the runs whose summary.json has `service` (docs/service.md): per minute the
# service's transactions by ResponseType beside the client's requests by outcome, the client's mean latency beside
# SuccessE2ELatency and SuccessServerLatency, the reconciliation's sentences as the run wrote them, and with the request log
# its three latency shares and what the client's p99 is made of. The figures are service.R's long form.

SERVICE_SHARES <- c("service", "transfer", "client")

# The minutes' figures of one source and measure as a matrix: a row per minute, a column per name, 0 where none.
minute_matrix <- function(rows, minutes, wanted_source, wanted_measure) {
  picked <- rows[source == wanted_source & measure == wanted_measure]
  names <- unique(picked$name)
  values <- vapply(names, function(n) {
    own <- picked[name == n]
    own$value[match(minutes, own$minute)]
  }, numeric(length(minutes)))
  matrix(values, nrow = length(minutes), dimnames = list(NULL, names))
}

# A run's minutes: the service's transactions beside the client's requests and attempts, then the latencies.
service_minutes_html <- function(run) {
  rows <- service_minutes_of(run)
  if (is.null(rows)) return(character())
  minutes <- sort(unique(rows$minute))
  labels <- format(minutes, "%Y-%m-%d %H:%M", tz = "UTC")
  service <- minute_matrix(rows, minutes, "service", "requests")
  client <- minute_matrix(rows, minutes, "client", "requests")
  attempts <- minute_matrix(rows, minutes, "client", "attempts")
  id <- html_id(run$name)
  counts <- cbind(labels, format_count(service), format_count(client), format_count(attempts))
  latency_of <- function(source, measure, name) {
    values <- minute_matrix(rows, minutes, source, measure)
    if (name %in% colnames(values)) format_fixed(values[, name], 1L) else rep("", length(minutes))
  }
  latency <- cbind(labels, latency_of("client", "latency_mean_ms", "client"),
                   latency_of("service", "latency_mean_ms", "SuccessE2ELatency"), latency_of("service", "latency_mean_ms", "SuccessServerLatency"),
                   latency_of("service", "latency_max_ms", "SuccessE2ELatency"), latency_of("service", "latency_max_ms", "SuccessServerLatency"))
  c("<p>Per minute (UTC), the service's transactions by ResponseType beside the client's requests that ended in the minute by outcome, warm-up included (the service counts every request), and the client's attempts, retries included (each is a transaction):</p>",
    html_table(c("minute", paste("service:", colnames(service)), paste("client:", colnames(client)), "client attempts"), counts,
               id = sprintf("service-requests-%s", id), right = c(FALSE, rep(TRUE, ncol(counts) - 1L))),
    "<p>The client's mean latency of the minute beside the service's own (SuccessE2ELatency: the request's first byte in to the answer's last byte out; SuccessServerLatency: without the network), in ms:</p>",
    html_table(c("minute", "client mean", "SuccessE2ELatency mean", "SuccessServerLatency mean", "SuccessE2ELatency max", "SuccessServerLatency max"),
               latency, id = sprintf("service-latency-%s", id), right = c(FALSE, rep(TRUE, 5L))))
}

# A Cosmos DB account's minutes (service.R's cosmos_minutes_of): its requests by status code beside the client's by outcome, its
# request units beside the client's, its hottest partition key range beside the mean of its ranges.
cosmos_minutes_html <- function(run) {
  rows <- cosmos_minutes_of(run)
  if (is.null(rows)) return(character())
  counts <- grep("^(service|client): ", names(rows), value = TRUE)
  cells <- cbind(format(rows$minute, "%Y-%m-%d %H:%M", tz = "UTC"),
                 do.call(cbind, lapply(counts, function(column) format_count(rows[[column]]))),
                 format_count(rows$client_attempts), format_fixed(rows$request_units, 2L), format_fixed(rows$client_request_units, 2L),
                 ifelse(is.na(rows$hottest_range), "", rows$hottest_range), format_fixed(rows$hottest_percent, 1L), format_fixed(rows$mean_percent, 1L))
  header <- c("minute", counts, "client attempts", "service RU", "client RU", "hottest range", "hottest range %", "mean of ranges %")
  c("<p>Per minute (UTC), the account's requests of the run's table by status code (TotalRequests) beside the client's requests that ended in the minute by outcome, warm-up included, and its attempts; the request units the service counted (TotalRequestUnits) beside those the client read from the answers; the hottest partition key range's NormalizedRUConsumption beside the mean of the ranges:</p>",
    html_table(header, cells, id = sprintf("service-cosmos-%s", html_id(run$name)), right = c(FALSE, rep(TRUE, length(counts) + 3L), FALSE, TRUE, TRUE)))
}

# The metrics' part: why they are unavailable, or the resource, the minutes and the reconciliation; nothing without --service-metrics.
service_metrics_html <- function(run, service) {
  unavailable <- service[["unavailable"]]
  if (!is.null(unavailable)) return(sprintf("<p class=\"unavailable\">The service's metrics are unavailable: %s.</p>", html_escape(unavailable)))
  if (is.null(service[["resource"]])) return(character())
  reconciliation <- unlist(service[["reconciliation"]])
  c(sprintf("<p>Azure Monitor's metrics of <code>%s</code>.</p>", html_escape(service[["resource"]])),
    service_minutes_html(run),
    cosmos_minutes_html(run),
    if (length(reconciliation) > 0L)
      c(sprintf("<ul class=\"reconciliation\" id=\"reconciliation-%s\">", html_id(run$name)),
        sprintf("<li>%s</li>", html_escape(reconciliation)), "</ul>"))
}

# .NET's "0.#": at most one decimal, none when it is 0.
dotnet_one_decimal <- function(x) sub("\\.0$", "", sprintf("%.1f", x))

# ServiceLogLines.Limit: the share that makes up most of the tail, named as what limits the run.
tail_limit <- function(tail) {
  if (tail[["client"]] >= tail[["service"]] && tail[["client"]] >= tail[["transfer"]]) "the client or its queue is the limit"
  else if (tail[["service"]] >= tail[["transfer"]]) "the service is the limit"
  else "the transfer (the network, the answer's size) is the limit"
}

# The lines the run printed of its request log (ServiceLogLines.Of): the counts, and what the client's p99 is made of.
service_log_lines <- function(log) {
  tail <- log[["p99_requests_ms"]]
  c(sprintf("service log: %s records; %s of the run's requests joined, %s records naming no request of the run",
            format_count(log[["records"]]), format_count(log[["joined"]]), format_count(log[["unjoined"]])),
    if (!is.null(tail) && tail[["requests"]] > 0)
      sprintf("of the client's p99 of %s ms, the service spent %s ms, the transfer %s ms, the client %s ms: %s",
              dotnet_one_decimal(tail[["client_p99"]]), dotnet_one_decimal(tail[["service"]]), dotnet_one_decimal(tail[["transfer"]]),
              dotnet_one_decimal(tail[["client"]]), tail_limit(tail)))
}

# The log's part: its lines and the three shares' p50, p99 and mean; nothing without --service-log.
service_log_html <- function(run, log) {
  if (is.null(log)) return(character())
  # A log that could not be read has no shares to show: only why.
  if (!is.null(log[["unavailable"]]))
    return(sprintf("<p class=\"service-log\">The service's request log is unavailable: %s.</p>", html_escape(log[["unavailable"]])))
  shares <- log[["shares_ms"]]
  cells <- t(vapply(SERVICE_SHARES, function(share) {
    figures <- shares[[share]]
    c(share, format_fixed(c(figures[["p50"]], figures[["p99"]], figures[["mean"]]), 1L))
  }, character(4L)))
  c("<p>The service's request log, joined with the run's requests by client request id; each measured request's latency split into the service's share (serverLatencyMs), the transfer's (durationMs − serverLatencyMs) and the client's own (latency_ms − durationMs), in ms:</p>",
    sprintf("<ul class=\"service-log\" id=\"service-log-%s\">", html_id(run$name)),
    sprintf("<li>%s</li>", html_escape(service_log_lines(log))), "</ul>",
    html_table(c("share", "p50", "p99", "mean"), cells, id = sprintf("service-shares-%s", html_id(run$name)), right = c(FALSE, TRUE, TRUE, TRUE)))
}

# The section, when any run has a service view: each such run's part, then the plot of their minutes (service.R).
service_section_html <- function(runs, plot = character()) {
  viewed <- Filter(function(run) !is.null(run_service(run)), runs)
  if (length(viewed) == 0L) return(character())
  parts <- lapply(viewed, function(run) {
    service <- run_service(run)
    c(sprintf("<h3>%s</h3>", html_escape(run$name)), service_metrics_html(run, service), service_log_html(run, service[["log"]]))
  })
  c("<section class=\"service\" id=\"service\"><h2>The service's view</h2>", unlist(parts), vapply(plot, html_image, ""), "</section>")
}
