# report.html's part for a run of scenarios (a profile's `scenarios`): one row per scenario, what it sent (run.json's
# options.scenarios) and its figures (summary.json's scenarios). The table above and the time plots show the same
# scenarios (summarise.R, plot.R).

SCENARIO_HEADER <- c("scenario", "sends", "load", "requests", "succeeded", "failed", "mean e/s", "peak e/s", "p50 ms", "p99 ms")

# What a scenario sent, from its recorded options: its operation, mix or workload; else (a merged folder's run.json
# records no options) the operations summary.json counted for it.
scenario_sends <- function(options, figures) {
  options$operation %||% options$mix %||% options$workload %||% paste(names(figures$operations), collapse = ", ")
}

# A scenario's model: "2 tasks", "2 tasks at 150 e/s", or its stage plan; empty when not recorded.
# run.json's rate as given: a number of entities per second, or a string in requests per second ("2000rps").
rate_text <- function(rate) {
  if (is.character(rate)) sprintf("%s req/s", plain_number(as.numeric(sub("rps$", "", rate, ignore.case = TRUE))))
  else sprintf("%s e/s", plain_number(rate))
}

scenario_load <- function(options) {
  if (is.null(options$tasks)) return("")
  paste0(sprintf("%s tasks", options$tasks),
         if (!is.null(options$rate)) sprintf(" at %s", rate_text(options$rate)) else "",
         if (!is.null(options$stages)) sprintf(", stages %s", options$stages) else "")
}

scenario_table_html <- function(run) {
  scenarios <- run$summary$scenarios
  if (length(scenarios) == 0L) return(character())
  recorded <- run$run$options$scenarios
  cells <- do.call(rbind, lapply(names(scenarios), function(name) {
    s <- scenarios[[name]]
    options <- recorded[[name]] %||% list()
    c(name, scenario_sends(options, s), scenario_load(options), format_count(s$requests), format_count(s$entities),
      format_count(s$entities_failed), format_fixed(s$mean_entities_per_second, 1L), format_count(s$peak_entities_per_second),
      format_latency(s$latency_ms$median), format_latency(s$latency_ms$p99))
  }))
  c("<h3>Scenarios</h3>",
    "<p>Each scenario's load (a profile's scenarios, run at once against one table) and its own figures from summary.json's scenarios; the time plots draw each on the run's time axis.</p>",
    html_table(SCENARIO_HEADER, cells, id = sprintf("scenarios-%s", html_id(run$name)),
               right = c(FALSE, FALSE, FALSE, rep(TRUE, 7L))))
}
