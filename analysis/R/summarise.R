# The original experiment's table, one row per run:
# processes, min, median, mean, max, p90, p95, p99, peak e/s, succeeded, failed (+ label); its latency
# columns are those run.json's latency_columns lists (the terminal's table's, as TableLoad declares them).
#
# Where the numbers come from: the table shows summary.json's figures, so that it equals what
# `tableload run` printed (statistics are computed once, by TableLoad). R recomputes them from the
# raw files as a check of the writer:
# - raw_figures() counts succeeded and failed entities in batches.csv's measured rows
#   (warmup == false), takes peak e/s as the largest measured window of intervals.csv, and takes
#   exact latency quantiles of the measured rows;
# - check_run() compares them with summary.json: the counts and the peak must be equal; the latency
#   figures within 1%, because summary.json's come from the HDR histogram, which rounds each value
#   (to ~0.1%), while batches.csv keeps the exact latency.
# report.R prints each disagreement as a warning; the tests require none on real TableLoad output.

LATENCY_FIELDS <- c("min", "median", "mean", "max", "p90", "p95", "p99")
TABLE_COLUMNS <- c("label", "run_id", "processes", LATENCY_FIELDS, "peak_eps", "succeeded", "failed")

# The table's latency columns for a folder whose run.json does not list them (written before it did), and for a sweep's cells.
DEFAULT_LATENCY_COLUMNS <- data.frame(header = LATENCY_FIELDS, field = LATENCY_FIELDS, stringsAsFactors = FALSE)

# A run's latency columns: header, and the field of summary.json's latency_ms it shows.
run_latency_columns <- function(run) {
  columns <- run$run$latency_columns
  if (is.data.frame(columns)) columns[, c("header", "field")] else DEFAULT_LATENCY_COLUMNS
}

# The runs' columns together, each once, in the order the runs list them.
latency_columns_of <- function(runs) {
  if (length(runs) == 0L) return(DEFAULT_LATENCY_COLUMNS)
  all <- do.call(rbind, lapply(runs, run_latency_columns))
  all[!duplicated(all$field), , drop = FALSE]
}

# A table's latency columns: those percentile_table recorded on it, else the default (a sweep's).
table_latency_columns <- function(table) attr(table, "latency_columns") %||% DEFAULT_LATENCY_COLUMNS

# Relative tolerance between an exact quantile of batches.csv and the HDR histogram's value.
HDR_TOLERANCE <- 0.01

measured_batches <- function(batches) {
  if (is.null(batches)) return(NULL)
  batches[warmup == FALSE]
}

measured_intervals <- function(intervals) {
  intervals[warmup == FALSE]
}

number_or_na <- function(x) if (is.null(x)) NA_real_ else as.numeric(x)

# The quantile HdrHistogram reports: the smallest value with at least q of the values at or below it.
hdr_quantile <- function(x, q) {
  if (length(x) == 0L) return(rep(NA_real_, length(q)))
  as.numeric(stats::quantile(x, probs = q, type = 1, names = FALSE))
}

# Figures recomputed from batches.csv (when present) and intervals.csv.
raw_figures <- function(run) {
  measured <- measured_batches(run$batches)
  windows <- measured_intervals(run$intervals)
  peak <- if (nrow(windows) > 0L) max(windows$entities_succeeded) else 0
  if (is.null(measured)) {
    return(list(peak_eps = peak))
  }
  latency <- measured$latency_ms
  succeeded <- measured$outcome == "succeeded"
  list(
    count = nrow(measured),
    min = if (length(latency)) min(latency) else NA_real_,
    median = hdr_quantile(latency, 0.5),
    mean = if (length(latency)) mean(latency) else NA_real_,
    max = if (length(latency)) max(latency) else NA_real_,
    p90 = hdr_quantile(latency, 0.9),
    p95 = hdr_quantile(latency, 0.95),
    p99 = hdr_quantile(latency, 0.99),
    peak_eps = peak,
    succeeded = sum(measured$entities[succeeded]),
    failed = sum(measured$entities[!succeeded])
  )
}

# Disagreements between the raw files and summary.json, as sentences (empty when none).
check_run <- function(run) {
  s <- run$summary
  raw <- raw_figures(run)
  problems <- character()
  exact <- list(peak_eps = s$peak_entities_per_second, succeeded = s$entities_succeeded,
                failed = s$entities_failed, count = s$latency_ms$count)
  for (field in intersect(names(exact), names(raw))) {
    if (!isTRUE(all.equal(as.numeric(raw[[field]]), number_or_na(exact[[field]])))) {
      problems <- c(problems, sprintf("%s: %s is %s in the raw files but %s in summary.json",
                                      run$name, field, format(raw[[field]]), format(exact[[field]])))
    }
  }
  for (field in intersect(LATENCY_FIELDS, names(raw))) {
    want <- number_or_na(s$latency_ms[[field]])
    got <- raw[[field]]
    if (is.na(want) || is.na(got)) next
    if (abs(got - want) > HDR_TOLERANCE * abs(want) + 0.002) {
      problems <- c(problems, sprintf("%s: latency %s is %.3f ms in batches.csv but %.3f ms in summary.json",
                                      run$name, field, got, want))
    }
  }
  problems
}

percentile_row <- function(run, fields = run_latency_columns(run)$field) {
  s <- run$summary
  figures_row(run$name, s, s$latency_ms, s$peak_entities_per_second, s$entities_succeeded, s$entities_failed,
              s$mean_entities_per_second, s$confidence, fields)
}

# A row of the table from one set of figures: a run's, or one operation's of its summary `s`. The arguments' names
# differ from the table's columns, which data.table's j would otherwise read instead (the latency's `mean` above all).
figures_row <- function(label, s, latency_ms, peak_eps_value, succeeded_value, failed_value, mean_eps_value, confidence,
                        fields = LATENCY_FIELDS) {
  row <- data.table::data.table(
    label = label,
    run_id = s$run_id %||% NA_character_,
    processes = as.integer(s$processes %||% 1L)
  )
  for (field in fields) data.table::set(row, j = field, value = number_or_na(latency_ms[[field]]))
  data.table::set(row, j = c("peak_eps", "succeeded", "failed", "mean_eps"),
                  value = lapply(list(peak_eps_value, succeeded_value, failed_value, mean_eps_value), number_or_na))
  data.table::set(row, j = "eps_ci", value = interval_text(confidence, confidence$mean_entities_per_second, 0L))
  data.table::set(row, j = "p99_ci", value = interval_text(confidence, confidence$latency_ms$p99, 2L))
  row[]
}

# An interval as the terminal's table shows it: "lo–hi", "too little data" when the run had too few seconds for one,
# empty for a folder written before TableLoad computed intervals.
interval_text <- function(confidence, interval, digits) {
  if (length(interval) == 2L) return(sprintf("%s–%s", format_fixed(interval[[1]], digits), format_fixed(interval[[2]], digits)))
  if (is.null(confidence)) "" else "too little data"
}

# A row of one part's figures (summary.json's operations or scenarios: an operation's, a scenario's or a scenario's
# operation's) under its run's, labelled "run: part".
part_row <- function(run, part, o, fields) {
  figures_row(sprintf("%s: %s", run$name, part), run$summary, o$latency_ms, o$peak_entities_per_second, o$entities,
              o$entities_failed, o$mean_entities_per_second, o$confidence, fields)
}

# A mix's row per operation under its run's, from summary.json's operations, labelled "run: operation".
operation_rows <- function(run, fields) {
  lapply(names(run$operations), function(operation) part_row(run, operation, run$summary$operations[[operation]], fields))
}

# A run of scenarios' rows as TableLoad prints them under its operations': each scenario's, then, for a scenario that
# sends several operations, each of them ("run: lookups.read"); from summary.json's scenarios.
scenario_rows <- function(run, fields) {
  do.call(c, lapply(names(run$summary$scenarios), function(scenario) {
    s <- run$summary$scenarios[[scenario]]
    operations <- if (length(s$operations) > 1L) names(s$operations) else character()
    c(list(part_row(run, scenario, s, fields)),
      lapply(operations, function(operation) part_row(run, paste(scenario, operation, sep = "."), s$operations[[operation]], fields)))
  }))
}

percentile_table <- function(runs) {
  columns <- latency_columns_of(runs)
  rows <- unlist(lapply(runs, function(run) {
    c(list(percentile_row(run, columns$field)), operation_rows(run, columns$field), scenario_rows(run, columns$field))
  }), recursive = FALSE)
  table <- data.table::rbindlist(rows, use.names = TRUE)
  data.table::setattr(table, "latency_columns", columns)
  table
}

# A sweep's table comes from its sweep.csv, one row per cell.
sweep_percentile_table <- function(sweep) {
  cells <- data.table::copy(sweep$cells)
  cells[, label := cell]
  cells[, run_id := NA_character_]
  if (!"processes" %in% names(cells)) cells[, processes := 1L]
  service <- Filter(function(column) any(!is.na(cells[[column]])), intersect(SWEEP_SERVICE_COLUMNS, names(cells)))
  cells[, c(TABLE_COLUMNS, service), with = FALSE]
}

# Fixed decimals of the exact binary value, exact ties to even: what both C's printf and .NET's
# "F2" (TableLoad's printed table) do, so that 3.125 prints 3.12 in both.
format_fixed <- function(x, digits = 2L) {
  ifelse(is.na(x), "", sprintf("%.*f", digits, x))
}

format_latency <- function(x) format_fixed(x, 2L)
format_count <- function(x) ifelse(is.na(x), "", formatC(round(x), format = "d", big.mark = ""))

percentile_header <- function(table) {
  c("label", "processes", table_latency_columns(table)$header, "peak e/s", "succeeded", "failed")
}

# The table's cells as `tableload run` prints them (two decimals, no thousands separator), label first.
percentile_cells <- function(table) {
  columns <- c(
    list(table$label, format_count(table$processes)),
    lapply(table_latency_columns(table)$field, function(f) format_latency(table[[f]])),
    list(format_count(table$peak_eps), format_count(table$succeeded), format_count(table$failed))
  )
  matrix(unlist(columns), nrow = nrow(table))
}

percentile_markdown <- function(table) {
  cells <- percentile_cells(table)
  cells[, 1L] <- gsub("|", "\\|", cells[, 1L], fixed = TRUE)
  header <- percentile_header(table)
  markdown_table(header, cells, right = c(FALSE, rep(TRUE, length(header) - 1L)))
}

# A padded markdown table; `right` says which columns are right-aligned.
markdown_table <- function(header, cells, right) {
  all <- rbind(header, cells)
  widths <- pmax(3L, apply(all, 2L, function(col) max(nchar(col, type = "width"))))
  pad <- function(text, width, to_right) {
    fill <- strrep(" ", width - nchar(text, type = "width"))
    if (to_right) paste0(fill, text) else paste0(text, fill)
  }
  line <- function(values) {
    padded <- vapply(seq_along(values), function(j) pad(values[[j]], widths[[j]], right[[j]]), "")
    paste0("| ", paste(padded, collapse = " | "), " |")
  }
  rule <- vapply(seq_along(widths), function(j) {
    if (right[[j]]) paste0(strrep("-", widths[[j]] + 1L), ":") else strrep("-", widths[[j]] + 2L)
  }, "")
  c(line(header), paste0("|", paste(rule, collapse = "|"), "|"),
    if (nrow(cells) > 0L) apply(cells, 1L, line) else character())
}

write_percentiles <- function(table, out_dir) {
  md_path <- file.path(out_dir, "percentiles.md")
  csv_path <- file.path(out_dir, "percentiles.csv")
  writeLines(c("Batch latency in ms; peak e/s is the best one-second window; succeeded and failed",
               "count entities of the measured period (warm-up excluded).", "",
               percentile_markdown(table)), md_path)
  columns <- c("label", "run_id", "processes", table_latency_columns(table)$field, "peak_eps", "succeeded", "failed")
  data.table::fwrite(table[, columns, with = FALSE], csv_path)
  c(md_path, csv_path)
}
