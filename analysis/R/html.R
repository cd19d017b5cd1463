# report.html: one self-contained page (no network; plots embedded as data URIs) with the
# percentile table, every plot, and for each run its settings and environment (run.json), the
# client and its saturation verdict, failures by class and code, a stage plan's stages and stop
# (html-stages.R) and a run's scenarios (html-scenarios.R); the service's view of the runs that have one (html-service.R); for a sweep, the sweep table,
# the best cells and the knee; for a tune, its recommendation first (html-tune.R). The verdict (client or target the limit, and why) stands above the table.

html_escape <- function(x) {
  x <- gsub("&", "&amp;", as.character(x), fixed = TRUE)
  x <- gsub("<", "&lt;", x, fixed = TRUE)
  x <- gsub(">", "&gt;", x, fixed = TRUE)
  gsub("\"", "&quot;", x, fixed = TRUE)
}

# A table; `right` says which columns hold numbers (right-aligned).
html_table <- function(header, cells, id = NULL, right = rep(FALSE, length(header))) {
  cells <- matrix(html_escape(cells), ncol = length(header))
  class_of <- ifelse(right, " class=\"num\"", "")
  head <- paste0("<tr>", paste0("<th", class_of, ">", html_escape(header), "</th>", collapse = ""), "</tr>")
  rows <- if (nrow(cells) == 0L) character()
          else apply(cells, 1L, function(row) paste0("<tr>", paste0("<td", class_of, ">", row, "</td>", collapse = ""), "</tr>"))
  c(sprintf("<table%s>", if (is.null(id)) "" else sprintf(" id=\"%s\"", id)), "<thead>", head, "</thead>",
    "<tbody>", rows, "</tbody>", "</table>")
}

# Two columns, name and value, from a named list (nested lists flattened to a.b names).
html_key_values <- function(values, class = "settings") {
  if (length(values) == 0L) return(character())
  # JSON null and [] show as empty cells; true/false as JSON writes them.
  values[vapply(values, function(v) length(v) == 0L, TRUE)] <- ""
  as_text <- function(v) if (is.logical(v)) tolower(as.character(v)) else format(v, scientific = FALSE, trim = TRUE)
  flat <- unlist(rapply(values, as_text, how = "replace"))
  c(sprintf("<table class=\"%s\">", class),
    paste0("<tr><th>", html_escape(names(flat)), "</th><td>", html_escape(flat), "</td></tr>"), "</table>")
}

html_image <- function(path) {
  bytes <- readBin(path, "raw", file.size(path))
  name <- basename(path)
  sprintf("<figure><img alt=\"%s\" src=\"data:image/png;base64,%s\"><figcaption>%s</figcaption></figure>",
          html_escape(name), gsub("\n", "", jsonlite::base64_enc(bytes), fixed = TRUE), html_escape(name))
}

SWEEP_SERVICE_HEADER <- c(service_transactions = "service transactions", service_throttled = "service throttled",
                          service_server_latency_ms = "service server latency ms", service_e2e_latency_ms = "service e2e latency ms")

# The terminal's table: the percentiles, then a run's mean e/s and the intervals of it and of p99 (a sweep's table has its own columns).
percentile_html <- function(table) {
  header <- percentile_header(table)
  cells <- percentile_cells(table)
  if ("mean_eps" %in% names(table)) {
    header <- c(header, "mean e/s", "95% CI e/s", "95% CI p99")
    cells <- cbind(cells, format_fixed(table$mean_eps, 0L), table$eps_ci, table$p99_ci)
  }
  # A sweep's cells that read the service's metrics: its figures beside the client's.
  service <- intersect(names(SWEEP_SERVICE_HEADER), names(table))
  if (length(service) > 0L) {
    header <- c(header, SWEEP_SERVICE_HEADER[service])
    cells <- cbind(cells, do.call(cbind, lapply(service, function(column) {
      if (grepl("latency", column, fixed = TRUE)) format_latency(table[[column]]) else format_count(table[[column]])
    })))
  }
  html_table(header, cells, id = "percentiles", right = c(FALSE, rep(TRUE, length(header) - 1L)))
}

saturation_verdict <- function(client) {
  if (is.null(client$saturated)) return("not recorded")
  if (!isTRUE(client$saturated)) return("not saturated: the figures measure the target, not the load generator")
  reasons <- unlist(client$saturation_reasons)
  paste0("SATURATED: the load generator may have limited the figures",
         if (length(reasons) > 0L) paste0(" (", paste(reasons, collapse = "; "), ")") else "")
}

# Where a reader looks first: whether the client or the target limited a run's figures, and why.
# throttles: the outcomes run.json's outcome table marks as throttles (run_outcomes), never a list of its own.
limit_verdict <- function(summary, throttles) {
  client <- summary$client %||% list()
  if (is.null(client$saturated)) return("not recorded: the folder was written before TableLoad judged its own saturation")
  if (isTRUE(client$saturated)) {
    return(paste("the client (TableLoad) was the limit, so the figures may describe it rather than the target:",
                 paste(unlist(client$saturation_reasons), collapse = " ")))
  }
  outcomes <- unlist(summary$outcomes)
  throttled <- sum(outcomes[intersect(names(outcomes), throttles)])
  cost <- c(if (!is.null(client$gc_pause_percent)) sprintf("GC pauses %.1f%% of the time", client$gc_pause_percent),
            if (!is.null(summary$runtime_settings$profile)) sprintf("runtime %s", summary$runtime_settings$profile))
  paste0("the target was the limit, not TableLoad: the client was not saturated",
         if (length(cost) > 0L) paste0(" (", paste(cost, collapse = ", "), ")") else "",
         if (throttled > 0) sprintf("; the service throttled %s batches", format_count(throttled)) else "")
}

verdict_html <- function(runs) {
  c("<div id=\"verdict\"><h2>Verdict</h2><ul>",
    vapply(runs, function(run) sprintf("<li><b>%s</b>: %s</li>", html_escape(run$name), html_escape(limit_verdict(run$summary, run$outcomes$throttles))), ""),
    "</ul></div>")
}

failures_html <- function(summary) {
  outcomes <- unlist(summary$outcomes)
  failed <- outcomes[names(outcomes) != "succeeded" & outcomes > 0]
  codes <- unlist(summary$rejected_by_code)
  if (length(failed) == 0L && length(codes) == 0L) return("<p>No failed batches in the measured period.</p>")
  c(if (length(failed) > 0L) html_table(c("class", "batches"), cbind(names(failed), format_count(failed)), right = c(FALSE, TRUE)),
    if (length(codes) > 0L) html_table(c("rejected: error code", "batches"), cbind(names(codes), format_count(codes)), right = c(FALSE, TRUE)))
}

# The entity a run sent: the default shape, or an --entity sample's properties (run.json's entity: names, types, sizes; never values).
entity_html <- function(run) {
  s <- run$summary
  entity <- run$run[["entity"]]
  if (is.null(entity) && !is.null(s[["entity"]])) {
    # A merged folder's run.json has no entity; its summary.json still describes the sample.
    return(sprintf("<p>%s-byte entities like %s.</p>", html_escape(s$entity_size), html_escape(s[["entity"]])))
  }
  if (is.null(entity)) {
    options <- run$run$options
    return(sprintf("<p>%s-byte entities: %s binary properties of random bytes (the default shape).</p>",
                   html_escape(s$entity_size %||% options$entity_size %||% "?"), html_escape(options$properties %||% "?")))
  }
  # fromJSON makes the list of properties a data frame: one row per property.
  properties <- as.data.frame(entity$properties)
  c(sprintf("<p>%s-byte entities like <b>%s</b>: %s.</p>", html_escape(entity$payload_bytes), html_escape(entity$file),
            html_escape(s[["entity"]] %||% sprintf("%d properties", nrow(properties)))),
    html_table(c("property", "type", "bytes"), cbind(properties$name, properties$type, format(properties$bytes, trim = TRUE)),
               right = c(FALSE, FALSE, TRUE)))
}

# What each batch did, as summary.json (or a single run's run.json) says: "upsert-merge over a key space of 50".
operation_text <- function(run) {
  operation <- run$summary$operation %||% run$run$options$operation %||% "insert"
  key_space <- run$summary$key_space %||% run$run$options$key_space
  paste0(operation, if (!is.null(key_space)) sprintf(" over a key space of %s", format(key_space, scientific = FALSE)) else "")
}

run_section_html <- function(run) {
  s <- run$summary
  client <- s$client %||% list()
  # summary.json names the batch client of every run, a merged one's included; run.json's options only a single run's.
  batch_client <- s$batch_client %||% run$run$options$client %||% "not recorded"
  c(sprintf("<section class=\"run\"><h2>%s</h2>", html_escape(run$name)),
    stage_table_html(run),
    scenario_table_html(run),
    "<h3>Client</h3>",
    sprintf("<p>Batch client: <b>%s</b>. Operation: <b>%s</b>. Saturation verdict: <b class=\"verdict\">%s</b>.</p>",
            html_escape(batch_client), html_escape(operation_text(run)), html_escape(saturation_verdict(client))),
    html_key_values(client[setdiff(names(client), c("saturated", "saturation_reasons"))], "client"),
    "<h3>Failures by class and code</h3>", failures_html(s),
    "<h3>Entity</h3>", entity_html(run),
    "<h3>Settings (run.json)</h3>",
    html_key_values(c(run$run[c("run_id", "label", "instance", "started_utc", "ended_utc")], run$run$options)),
    "<h3>Environment</h3>", html_key_values(run$run$environment),
    "</section>")
}

# The best cells as `tableload sweep` names them: among cells where at most 1% of entities failed.
sweep_best_html <- function(cells) {
  failed_share <- cells$failed / pmax(1, cells$succeeded + cells$failed)
  eligible <- cells[failed_share <= 0.01]
  if (nrow(eligible) == 0L) return("<p>Best: none, every cell had more than 1% of its entities fail.</p>")
  by_peak <- eligible[which.max(peak_eps)]
  by_p99 <- eligible[which.min(p99)]
  # The knee: the most throughput while p99 stays within twice the best p99.
  calm <- eligible[p99 <= 2 * min(p99)]
  knee <- calm[which.max(mean_eps)]
  c("<ul id=\"best\">",
    sprintf("<li>Best peak e/s: <b>%s</b> (%s e/s, p99 %s ms)</li>", html_escape(by_peak$cell), format_count(by_peak$peak_eps), format_latency(by_peak$p99)),
    sprintf("<li>Best p99: <b>%s</b> (%s ms, peak %s e/s)</li>", html_escape(by_p99$cell), format_latency(by_p99$p99), format_count(by_p99$peak_eps)),
    sprintf("<li>Knee: <b>%s</b> (%s mean e/s at p99 %s ms): the most throughput while p99 stays within twice the best p99; see sweep-knee.png</li>",
            html_escape(knee$cell), format_count(knee$mean_eps), format_latency(knee$p99)),
    "</ul>")
}

HTML_STYLE <- paste(
  "body{font-family:sans-serif;margin:2em;max-width:1100px;color:#222}",
  "table{border-collapse:collapse;margin:0.5em 0 1em}th,td{border:1px solid #ccc;padding:3px 8px;text-align:left}",
  "th.num,td.num{text-align:right}thead th{background:#eee}table.settings th,table.client th{font-weight:normal;color:#555}",
  "img{max-width:100%;border:1px solid #ddd}figure{margin:1em 0}figcaption{color:#666;font-size:90%}",
  "section.run,section.service{border-top:2px solid #ddd;margin-top:2em}li.stopped,p.unavailable{color:#D55E00}",
  "#recommendation{border:2px solid #009E73;padding:0 1em;margin:1em 0}pre{background:#f4f4f4;padding:0.5em;white-space:pre-wrap}")

# Writes report.html into out_dir; `plots` are the PNG paths already written, `lead` what a sweep or
# a tune puts above everything else, `service_plot` the plot of the service's view (write_service_plot). Returns its path.
write_html_report <- function(title, table, plots, runs, out_dir, lead = NULL, service_plot = character()) {
  path <- file.path(out_dir, "report.html")
  body <- c(
    sprintf("<h1>%s</h1>", html_escape(title)),
    lead,
    "<p>Batch latency in ms; peak e/s is the best one-second window; succeeded and failed count entities of the measured period (warm-up excluded).</p>",
    verdict_html(runs),
    said_html(runs),
    percentile_html(table),
    "<h2>Plots</h2>", vapply(plots, html_image, ""),
    service_section_html(runs, service_plot),
    unlist(lapply(runs, run_section_html)))
  writeLines(c("<!DOCTYPE html>", "<html lang=\"en\"><head><meta charset=\"utf-8\">",
               sprintf("<title>%s</title>", html_escape(title)), sprintf("<style>%s</style>", HTML_STYLE),
               "</head><body>", body, "</body></html>"), path, useBytes = TRUE)
  path
}
