# The service's own view of a run (summary.json's `service`, docs/service.md) as data: its per-minute metrics beside the
# client's figures of the same minutes, in long form, and the plot that draws them. html-service.R shows the same on the page.

SERVICE_PLOT <- "service-minutes.png"

# summary.json's service of a run; NULL for a run without --service-metrics or --service-log.
run_service <- function(run) run$summary[["service"]]

# A minute's counts by name, from one of the minutes' count tables (a data frame, a column per name, NA where the minute had none).
minute_counts <- function(table, minutes, source, measure) {
  if (!is.data.frame(table) || ncol(table) == 0L) return(NULL)
  data.table::rbindlist(lapply(names(table), function(name) {
    data.table::data.table(minute = minutes, source = source, measure = measure, name = name, value = as.numeric(table[[name]]))
  }))
}

# A latency metric's per-minute figures (a data frame of mean and max; NA where the minute had no success).
minute_latency <- function(latency, minutes, name) {
  if (!is.data.frame(latency)) return(NULL)
  data.table::rbindlist(lapply(c("mean", "max"), function(figure) {
    data.table::data.table(minute = minutes, source = "service", measure = sprintf("latency_%s_ms", figure), name = name,
                           value = as.numeric(latency[[figure]]))
  }))
}

# One run's minutes in long form: a row per minute, source ("service" or "client"), measure and name, without the figures a
# minute lacks. measure: requests (the service's transactions by ResponseType, the client's requests by outcome), attempts
# (the client's, retries included: each is a transaction), latency_mean_ms and latency_max_ms (SuccessServerLatency and
# SuccessE2ELatency; the client's mean, named "client"). NULL when the run has no minutes of metrics.
service_minutes_of <- function(run) {
  minutes <- run_service(run)[["minutes"]]
  if (!is.data.frame(minutes) || nrow(minutes) == 0L) return(NULL)
  at <- as.POSIXct(sub("(Z|[+-]00:?00)$", "", minutes[["minute"]]), format = "%Y-%m-%dT%H:%M:%S", tz = "UTC")
  rows <- data.table::rbindlist(list(
    minute_counts(minutes[["transactions"]], at, "service", "requests"),
    minute_counts(minutes[["client"]], at, "client", "requests"),
    data.table::data.table(minute = at, source = "client", measure = "attempts", name = "attempts", value = as.numeric(minutes[["client_attempts"]])),
    minute_latency(minutes[["server_latency_ms"]], at, "SuccessServerLatency"),
    minute_latency(minutes[["e2e_latency_ms"]], at, "SuccessE2ELatency"),
    if (!is.null(minutes[["client_latency_ms"]]))
      data.table::data.table(minute = at, source = "client", measure = "latency_mean_ms", name = "client", value = as.numeric(minutes[["client_latency_ms"]]))))
  # A ResponseType or outcome absent from a minute is none of it; an absent latency is no figure.
  rows[is.na(value) & measure == "requests", value := 0]
  rows <- rows[!is.na(value)]
  rows[, run := run$name]
  data.table::setcolorder(rows, "run")[]
}

# A minute's counts of one kind (a data frame of the minutes' count tables: a column per name, NA where the minute had none) as
# numbers, 0 where none, each column named with its prefix; NULL when no minute had any.
cosmos_counts <- function(table, prefix) {
  if (!is.data.frame(table) || ncol(table) == 0L) return(NULL)
  counts <- data.table::as.data.table(lapply(table, function(v) ifelse(is.na(v), 0, as.numeric(v))))
  data.table::setnames(counts, paste0(prefix, names(table)))[]
}

# A Cosmos DB account's minutes (summary.json's service.cosmos.minutes) as a table, a row per minute: the service's requests by
# status code ("service: 200", ...) beside the client's by outcome ("client: succeeded", ...) and its attempts, the request units
# (TotalRequestUnits) beside the charges the client read, and the hottest partition key range's NormalizedRUConsumption beside
# the mean of the ranges. NULL for a storage account's view, or a run without one.
cosmos_minutes_of <- function(run) {
  minutes <- run_service(run)[["cosmos"]][["minutes"]]
  if (!is.data.frame(minutes) || nrow(minutes) == 0L) return(NULL)
  figure <- function(values) if (is.null(values)) rep(NA_real_, nrow(minutes)) else as.numeric(values)
  normalized <- minutes[["normalized_ru"]]
  of_range <- function(name) if (is.data.frame(normalized)) normalized[[name]] else NULL
  cbind(data.table::data.table(minute = as.POSIXct(sub("(Z|[+-]00:?00)$", "", minutes[["minute"]]), format = "%Y-%m-%dT%H:%M:%S", tz = "UTC")),
        cosmos_counts(minutes[["status_codes"]], "service: "), cosmos_counts(minutes[["client"]], "client: "),
        data.table::data.table(client_attempts = figure(minutes[["client_attempts"]]), request_units = figure(minutes[["request_units"]]),
                               client_request_units = figure(minutes[["client_request_units"]]),
                               hottest_range = as.character(of_range("hottest_range") %||% rep(NA_character_, nrow(minutes))),
                               hottest_percent = figure(of_range("hottest_percent")), mean_percent = figure(of_range("mean_percent"))))
}

# Every run's minutes in long form (see service_minutes_of), the run a factor in the runs' order; empty without any.
service_minutes <- function(runs) {
  rows <- data.table::rbindlist(lapply(runs, service_minutes_of))
  if (nrow(rows) > 0L) rows[, run := factor(run, levels = run_names(runs))]
  rows[]
}

SERVICE_PANELS <- c(service = "service: transactions by ResponseType", client = "client: requests by outcome",
                    latency = "mean latency (ms)")

# The service beside the client per minute: the service's transactions and the client's requests as bars (a panel each), and
# the client's mean latency beside SuccessE2ELatency and SuccessServerLatency; a column of panels per run. NULL without minutes.
plot_service_minutes <- function(runs, title = "The service's view beside the client's, per minute") {
  rows <- service_minutes(runs)
  if (nrow(rows) == 0L) return(NULL)
  rows[, at := factor(format(minute, "%H:%M", tz = "UTC"))]
  counts <- rows[measure == "requests" & value > 0]
  counts[, panel := factor(SERVICE_PANELS[source], levels = SERVICE_PANELS)]
  latency <- rows[measure == "latency_mean_ms"]
  latency[, panel := factor(SERVICE_PANELS[["latency"]], levels = SERVICE_PANELS)]
  ggplot2::ggplot() +
    ggplot2::geom_col(data = counts, ggplot2::aes(x = at, y = value, fill = name),
                      position = ggplot2::position_dodge(width = 0.8), width = 0.7) +
    ggplot2::geom_line(data = latency, ggplot2::aes(x = at, y = value, colour = name, group = name)) +
    ggplot2::geom_point(data = latency, ggplot2::aes(x = at, y = value, colour = name), size = 2) +
    ggplot2::facet_wrap(ggplot2::vars(run, panel), ncol = length(unique(rows$run)), dir = "v", scales = "free_y",
                        labeller = ggplot2::labeller(.multi_line = FALSE)) +
    ggplot2::scale_y_continuous(name = NULL, labels = plain_number) +
    ggplot2::labs(title = title, x = "minute (UTC)", fill = "requests", colour = "latency",
                  caption = paste0("The service's per-minute metrics (Azure Monitor's, or tableload proxy's emulation) beside the client's requests\n",
                                   "that ended in each minute, warm-up included, as the service counts them.")) +
    theme_tableload()
}

# Writes SERVICE_PLOT when any run has minutes of the service's metrics; returns the path written, or nothing.
write_service_plot <- function(runs, out_dir) {
  plot <- plot_service_minutes(runs)
  if (is.null(plot)) return(character())
  save_plot(plot, file.path(out_dir, SERVICE_PLOT))
}
