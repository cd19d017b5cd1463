# A tune's answer in words and tables, from tune.json: the recommendation, the limit, the command,
# and why each other candidate lost. tune.md and report.html both say them with these functions.

plural <- function(n, one, many = paste0(one, "s")) paste(format_count(n), ifelse(!is.na(n) & n == 1, one, many))

# "1 process × 8 tasks, batches of 100", or "…, single writes" for --batch-size none.
configuration_text <- function(processes, tasks, batch_size) {
  sprintf("%s × %s, %s", plural(processes, "process", "processes"), plural(tasks, "task"), batching_text(batch_size))
}

batching_text <- function(batch_size) {
  ifelse(as.character(batch_size) == "none", "single writes", paste("batches of", format_count(suppressWarnings(as.numeric(as.character(batch_size))))))
}

format_percent <- function(x) ifelse(is.na(x), "", sprintf("%.1f%%", x))
format_cpu <- function(x) ifelse(is.na(x), "", sprintf("%.1f", x))

# A JSON null read as NULL becomes NA, so that a table row keeps its place.
or_na <- function(x) if (is.null(x)) NA else x

# "p99 ≤ 150 ms, throttled batches ≤ 1%, failed entities ≤ 1%"
constraints_text <- function(constraints) {
  parts <- c(if (!is.null(constraints$p99_ms)) sprintf("p99 ≤ %s ms", plain_number(constraints$p99_ms)),
             if (!is.null(constraints$max_throttled_percent)) sprintf("throttled batches ≤ %s%%", plain_number(constraints$max_throttled_percent)),
             if (!is.null(constraints$max_failed_percent)) sprintf("failed entities ≤ %s%%", plain_number(constraints$max_failed_percent)),
             "the client not saturated")
  paste(parts, collapse = ", ")
}

confirm_count <- function(tune) sum(tune$cells$role == "confirm")

# The one sentence at the top of the report.
tune_headline <- function(tune) {
  rec <- tune$json$recommendation
  if (is.null(rec)) {
    return(sprintf("No configuration met the constraints (%s); nothing is recommended.",
                   constraints_text(tune$json$constraints)))
  }
  held <- if (isTRUE(rec$constraints_held)) "the constraints held in every confirm run"
          else if (isFALSE(rec$constraints_held)) "the constraints did NOT hold in every confirm run"
          else "whether the constraints held in the confirm runs is not recorded"
  choice <- if (is.null(rec$choice)) "" else paste0(" ", rec$choice)
  sprintf("Recommended: %s (%s), %s entities/s (%s CI %s–%s from %s); %s.%s",
          configuration_text(rec$processes, rec$tasks, rec$batch_size), rec$cell,
          format_count(rec$entities_per_second_mean), level_text(rec$confidence_level), format_count(rec$entities_per_second_ci_low),
          format_count(rec$entities_per_second_ci_high), plural(confirm_count(tune), "confirm run"), held, choice)
}

# "95%": the recommendation's interval level, 95% when tune.json does not say.
level_text <- function(level) sprintf("%s%%", plain_number(100 * (if (is.null(level)) 0.95 else level)))

# "Limit (service): Throttling began at ..."
tune_limit_text <- function(json) sprintf("Limit (%s): %s", json$limit$kind, json$limit$sentence)

# The probe the limit points at, with its figures; "" when tune.json names none.
tune_evidence_text <- function(json) {
  cell <- json$limit$evidence_cell
  if (is.null(cell)) return("")
  probe <- tune_probe_table(json)[cell == json$limit$evidence_cell][1]
  if (is.na(probe$cell)) return(sprintf("Evidence: %s (not among the probes of tune.json).", cell))
  sprintf("Evidence: %s, %s: %s e/s, p99 %s ms, throttled %s, verdict %s.", cell,
          configuration_text(probe$processes, probe$tasks, probe$batch_size),
          format_count(or_na(probe$entities_per_second)), format_latency(or_na(probe$p99_ms)),
          format_percent(or_na(probe$throttled_percent)), probe$verdict)
}

# How the search went: why it stopped, what it ran, under which constraints.
tune_search_text <- function(tune) {
  sprintf("Search: %s after %s and %s; constraints: %s.", tune$json$status,
          plural(sum(tune$cells$role == "probe"), "probe"), plural(confirm_count(tune), "confirm run"),
          constraints_text(tune$json$constraints))
}

# ---- the recommendation's table ----------------------------------------------------------------

RECOMMENDATION_HEADER <- c("configuration", "cell", "e/s mean (95% CI, confirm runs)", "p50 (ms)", "p99 (ms)",
                           "throttled", "client CPU µs/entity", "constraints held")

# One row, at full precision (tune-recommendation.csv); NULL when nothing is recommended.
recommendation_table <- function(json) {
  rec <- json$recommendation
  if (is.null(rec)) return(NULL)
  data.table::data.table(
    cell = rec$cell, processes = rec$processes, tasks = rec$tasks, batch_size = rec$batch_size,
    eps_mean = rec$entities_per_second_mean, eps_ci_low = rec$entities_per_second_ci_low, eps_ci_high = rec$entities_per_second_ci_high,
    p50_ms = or_na(rec$p50_ms), p99_ms = or_na(rec$p99_ms), throttled_percent = or_na(rec$throttled_percent),
    cpu_us_per_entity = or_na(rec$cpu_us_per_entity), constraints_held = or_na(rec$constraints_held), command = rec$command)
}

recommendation_cells <- function(table) {
  held <- ifelse(is.na(table$constraints_held), "not recorded", ifelse(table$constraints_held, "yes", "no"))
  cbind(configuration_text(table$processes, table$tasks, table$batch_size), table$cell,
        sprintf("%s (%s–%s)", format_count(table$eps_mean), format_count(table$eps_ci_low), format_count(table$eps_ci_high)),
        format_latency(table$p50_ms), format_latency(table$p99_ms), format_percent(table$throttled_percent),
        format_cpu(table$cpu_us_per_entity), held)
}

# ---- why each other candidate lost ---------------------------------------------------------------

LOSER_HEADER <- c("cell", "configuration", "verdict", "e/s", "p99 (ms)", "throttled", "why it lost")

# tune.json's losers with each one's probe figures (tune-losers.csv).
loser_table <- function(json) {
  losers <- if (is.data.frame(json$losers)) data.table::as.data.table(json$losers)[, .(cell, reason)]
            else data.table::data.table(cell = character(), reason = character())
  probes <- tune_probe_table(json)
  figures <- c("processes", "tasks", "batch_size", "verdict", "entities_per_second", "p99_ms", "throttled_percent")
  for (column in setdiff(figures, names(probes))) data.table::set(probes, j = column, value = rep(NA, nrow(probes)))
  first_run <- probes[!duplicated(cell), c("cell", figures), with = FALSE]
  table <- first_run[losers, on = "cell"]
  data.table::setcolorder(table, c("cell", figures, "reason"))
  table[]
}

loser_cells <- function(table) {
  cbind(table$cell, configuration_text(table$processes, table$tasks, table$batch_size), table$verdict,
        format_count(table$entities_per_second), format_latency(table$p99_ms), format_percent(table$throttled_percent),
        table$reason)
}

# ---- tune.md and the CSVs ----------------------------------------------------------------------------

tune_markdown <- function(tune) {
  json <- tune$json
  recommendation <- recommendation_table(json)
  losers <- loser_table(json)
  c(sprintf("# Tune: %s", basename(tune$dir)), "",
    tune_headline(tune), "",
    if (!is.null(recommendation)) c(markdown_table(RECOMMENDATION_HEADER, recommendation_cells(recommendation),
                                                   right = c(FALSE, FALSE, rep(TRUE, 5L), FALSE)), ""),
    tune_limit_text(json), "",
    if (nzchar(tune_evidence_text(json))) c(tune_evidence_text(json), ""),
    if (!is.null(recommendation)) c("The command that reproduces it:", "", "```", recommendation$command, "```", ""),
    tune_search_text(tune), "",
    "## Why each other candidate lost", "",
    if (nrow(losers) == 0L) "tune.json lists no other candidate."
    else markdown_table(LOSER_HEADER, escape_pipes(loser_cells(losers)), right = c(FALSE, FALSE, FALSE, TRUE, TRUE, TRUE, FALSE)))
}

escape_pipes <- function(cells) {
  cells[] <- gsub("|", "\\|", cells, fixed = TRUE)
  cells
}

# tune.md, tune-recommendation.csv (when there is one) and tune-losers.csv; returns the paths.
write_tune_tables <- function(tune, out_dir) {
  md <- file.path(out_dir, "tune.md")
  writeLines(tune_markdown(tune), md, useBytes = TRUE)
  written <- md
  recommendation <- recommendation_table(tune$json)
  if (!is.null(recommendation)) {
    written <- c(written, file.path(out_dir, "tune-recommendation.csv"))
    data.table::fwrite(recommendation, written[length(written)])
  }
  losers <- file.path(out_dir, "tune-losers.csv")
  data.table::fwrite(loser_table(tune$json), losers)
  c(written, losers)
}
