# Two runs side by side. The figures tableload compare judges carry its change interval and verdict,
# read from `tableload compare --json` (tableload.R) and never worked out here; the other figures of
# summary.json show B's change from A in percent alone.

# Each row: label, how to read it from summary.json, how to print it, and the name tableload compare
# judges it under (NA: compare does not), so a figure compare judges leaves the plain rows for its own.
COMPARE_ROWS <- list(
  list("latency min (ms)", function(s) s$latency_ms$min, "ms", NA),
  list("latency median (ms)", function(s) s$latency_ms$median, "ms", "p50"),
  list("latency mean (ms)", function(s) s$latency_ms$mean, "ms", "mean"),
  list("latency p90 (ms)", function(s) s$latency_ms$p90, "ms", "p90"),
  list("latency p95 (ms)", function(s) s$latency_ms$p95, "ms", "p95"),
  list("latency p99 (ms)", function(s) s$latency_ms$p99, "ms", "p99"),
  list("latency p99.9 (ms)", function(s) s$latency_ms$p999, "ms", "p999"),
  list("latency max (ms)", function(s) s$latency_ms$max, "ms", "max"),
  list("peak e/s", function(s) s$peak_entities_per_second, "count", NA),
  list("mean e/s", function(s) s$mean_entities_per_second, "rate", "eps"),
  list("goodput (MB/s)", function(s) s$goodput_mb_per_second, "rate", NA),
  list("entities succeeded", function(s) s$entities_succeeded, "count", NA),
  list("entities failed", function(s) s$entities_failed, "count", NA),
  list("client CPU per entity (µs)", function(s) s$client$cpu_us_per_entity, "rate", "cpu"),
  list("client GC gen0 collections", function(s) s$client$gc_gen0, "count", NA),
  list("client GC pauses (% of the time)", function(s) s$client$gc_pause_percent, "rate", NA),
  list("client peak RSS (MiB)", function(s) s$client$peak_rss_mib, "rate", NA)
)

# Labels of the figures compare judges that no row of summary.json holds (compare works them out).
JUDGED_ONLY_LABELS <- c(throttled = "throttled batches (%)", failed = "failed entities (%)")

# compare's verdicts as the table shows them; one compare adds later shows under its own name.
VERDICT_WORDS <- c(better = "better", worse = "worse", no_difference = "no difference beyond noise", cannot_decide = "cannot decide")

# The runtime settings a reader can carry into an application, as summary.json's runtime_settings names them.
RUNTIME_SETTINGS <- c(
  profile = "--runtime", gc_mode = "GC mode", concurrent_gc = "concurrent GC",
  gc_dynamic_adaptation = "GC dynamic adaptation (DATAS)", gc_heap_count = "GC heaps",
  gc_gen0_max_budget_bytes = "gen0 budget at most (bytes)", gc_gen0_size_bytes = "gen0 budget at least (bytes)",
  gc_heap_hard_limit_bytes = "GC heap limit (bytes)", tiered_compilation = "tiered compilation", tiered_pgo = "tiered PGO",
  min_worker_threads = "thread-pool minimum worker threads", min_io_threads = "thread-pool minimum I/O threads",
  thread_pool_spin_limit = "idle thread-pool workers' spin before sleeping",
  malloc_arena_max = "malloc arenas at most (0: the C library's own)", malloc_trim_threshold_bytes = "malloc trim threshold (bytes; 0: dynamic)"
)

runtime_value <- function(name, value) {
  if (is.null(value)) return(NA_character_)
  if (is.logical(value)) return(if (isTRUE(value)) "on" else "off")
  if (name == "gc_dynamic_adaptation") return(if (value == 0) "off" else "on")
  as.character(value)
}

# The runtime settings in which B differs from A, one row each; empty when either run did not record them.
runtime_differences <- function(a, b) {
  ra <- a$summary$runtime_settings
  rb <- b$summary$runtime_settings
  if (is.null(ra) || is.null(rb)) return(data.table::data.table(setting = character(), a = character(), b = character()))
  rows <- lapply(names(RUNTIME_SETTINGS), function(name) {
    data.table::data.table(setting = RUNTIME_SETTINGS[[name]], a = runtime_value(name, ra[[name]]), b = runtime_value(name, rb[[name]]))
  })
  table <- data.table::rbindlist(rows)
  table[!(is.na(a) & is.na(b)) & (is.na(a) | is.na(b) | a != b)]
}

# B relative to A in percent; NA when A is 0 (no base to compare with).
percent_change <- function(a, b) {
  ifelse(is.na(a) | is.na(b), NA_real_, ifelse(a == 0, ifelse(b == 0, 0, NA_real_), (b - a) / abs(a) * 100))
}

# The rows compare does not judge (judged: the figure names its JSON holds), each with B's change in percent.
compare_table <- function(a, b, judged = character()) {
  rows <- lapply(Filter(function(row) is.na(row[[4]]) || !(row[[4]] %in% judged), COMPARE_ROWS), function(row) {
    data.table::data.table(metric = row[[1]], kind = row[[3]],
                           a = number_or_na(row[[2]](a$summary)), b = number_or_na(row[[2]](b$summary)))
  })
  table <- data.table::rbindlist(rows)
  table[, change_pct := percent_change(a, b)]
  table[]
}

# compare's figures as its JSON gives them, one row each, labelled and printed as the plain rows are.
judged_table <- function(verdicts) {
  figures <- verdicts$figures
  if (length(figures) == 0L || nrow(figures) == 0L) {
    return(data.table::data.table(metric = character(), kind = character(), a = numeric(), b = numeric(), change = numeric(),
                                  low = numeric(), high = numeric(), relative = numeric(), verdict = character()))
  }
  row_of <- function(name) Filter(function(row) identical(row[[4]], name), COMPARE_ROWS)
  label <- function(name) {
    row <- row_of(name)
    if (length(row) > 0L) row[[1]][[1]] else if (name %in% names(JUDGED_ONLY_LABELS)) JUDGED_ONLY_LABELS[[name]] else name
  }
  kind <- function(name) if (length(row_of(name)) > 0L) row_of(name)[[1]][[3]] else "rate"
  data.table::data.table(
    metric = vapply(figures$figure, label, "", USE.NAMES = FALSE), kind = vapply(figures$figure, kind, "", USE.NAMES = FALSE),
    a = as.numeric(figures$base), b = as.numeric(figures$new), change = as.numeric(figures$change),
    low = as.numeric(figures$change_low), high = as.numeric(figures$change_high),
    relative = as.numeric(figures$relative_change),
    verdict = unname(ifelse(figures$verdict %in% names(VERDICT_WORDS), VERDICT_WORDS[figures$verdict], figures$verdict)))
}

# Parts of the runs as compare judged them (its JSON's `operations` or `scenarios`, each scenario with its own
# `operations`): one row per figure labelled "PART: metric" (a scenario's operation "SCENARIO.OPERATION: metric"),
# and a sentence for each part one side alone has. Nothing for parts that are one and the same alone on both
# sides (`same_as_run`), whose figures are their owner's above.
judged_parts <- function(parts, verb, prefix = "") {
  none <- list(rows = list(), lacking = character())
  if (length(parts) == 0L || (length(parts) == 1L && isTRUE(parts[[1]]$same_as_run))) return(none)
  side <- c(base = "A", new = "B")
  Reduce(function(found, name) {
    part <- parts[[name]]
    scope <- paste0(prefix, name)
    judged <- judged_table(part)
    judged[, metric := sprintf("%s: %s", scope, metric)]
    within <- judged_parts(part$operations, "sent", paste0(scope, "."))
    list(rows = c(found$rows, list(judged), within$rows),
         lacking = c(found$lacking, if (!is.null(part$only_on)) sprintf("%s: only %s %s it, so it has nothing to compare.", scope, side[[part$only_on]], verb),
                     within$lacking))
  }, names(parts), none)
}

# The operations (what = "operation", verb = "sent") or scenarios ("scenario", "ran") of compare's JSON, under the run's figures.
part_lines <- function(parts, what, verb, a_name, b_name, level) {
  judged <- judged_parts(parts, verb)
  if (length(judged$rows) == 0L && length(judged$lacking) == 0L) return(character())
  table <- data.table::rbindlist(judged$rows)
  c("", sprintf("Each %s, measured apart (summary.json's %ss) and judged alike:", what, what),
    if (nrow(table) > 0L) c("", judged_markdown(table, a_name, b_name, level)),
    if (length(judged$lacking) > 0L) c("", judged$lacking))
}

format_compare_value <- function(x, kind) {
  ifelse(is.na(x), "",
         ifelse(kind == "count", formatC(round(x), format = "d"),
                format_fixed(x, 2L)))
}

format_change <- function(pct, a, b) {
  ifelse(is.na(pct), ifelse(!is.na(a) & a == 0 & !is.na(b) & b != 0, "new", ""),
         ifelse(pct == 0, "0.0%", sprintf("%+.1f%%", pct)))
}

escape_cell <- function(x) gsub("|", "\\|", x, fixed = TRUE)

compare_markdown <- function(table, a_name, b_name) {
  cells <- cbind(table$metric, format_compare_value(table$a, table$kind),
                 format_compare_value(table$b, table$kind),
                 format_change(table$change_pct, table$a, table$b))
  markdown_table(c("metric", paste("A:", escape_cell(a_name)), paste("B:", escape_cell(b_name)), "change B vs A"),
                 cells, right = c(FALSE, TRUE, TRUE, TRUE))
}

# A change and its interval in percent of A as compare's lines give them, or in the figure's own unit
# where A is 0 (compare then gives no relative change).
format_judged <- function(x, relative, a) {
  ifelse(is.na(relative), sprintf("%+.2f", x), sprintf("%+.1f%%", x / abs(a) * 100))
}

judged_markdown <- function(table, a_name, b_name, level) {
  cells <- cbind(table$metric, format_compare_value(table$a, table$kind), format_compare_value(table$b, table$kind),
                 format_judged(table$change, table$relative, table$a),
                 paste(format_judged(table$low, table$relative, table$a), "to", format_judged(table$high, table$relative, table$a)),
                 table$verdict)
  markdown_table(c("metric", paste("A:", escape_cell(a_name)), paste("B:", escape_cell(b_name)), "change B vs A",
                   sprintf("%g%% interval", level * 100), "verdict"),
                 cells, right = c(FALSE, TRUE, TRUE, TRUE, TRUE, FALSE))
}

# Where compare.R writes without --out: a folder beside run A, named after both runs, so a
# comparison never lands in whatever folder the command was started from (often the repository).
default_compare_dir <- function(a_dir, b_dir) {
  a <- normalizePath(a_dir, mustWork = TRUE)
  file.path(dirname(a), sprintf("compare-%s-vs-%s", basename(a), basename(normalizePath(b_dir, mustWork = TRUE))))
}

# compare.md and compare-spectrum.png in out_dir, from the runs and compare's verdicts on them
# (tableload_compare); returns the markdown lines and the paths written.
write_comparison <- function(a, b, verdicts, out_dir) {
  ensure_folder(out_dir)
  report_disagreements(list(a, b))
  judged <- judged_table(verdicts)
  plain <- compare_table(a, b, judged = as.character(verdicts$figures$figure))
  lines <- c(sprintf("Judged by tableload compare: B's change from A, its %g%% interval, and whether it lies beyond noise.",
                     verdicts$level * 100),
             "", judged_markdown(judged, a$name, b$name, verdicts$level))
  if (any(is.na(judged$relative))) {
    lines <- c(lines, "", "Where A is 0 the change is B - A in the figure's own unit, not in percent.")
  }
  lines <- c(lines, part_lines(verdicts$operations, "operation", "sent", a$name, b$name, verdicts$level),
             part_lines(verdicts$scenarios, "scenario", "ran", a$name, b$name, verdicts$level))
  lines <- c(lines, "", "Not judged by tableload compare: B's change from A alone, (B - A) / A, with no interval and no verdict.",
             "", compare_markdown(plain, a$name, b$name))
  differences <- runtime_differences(a, b)
  if (nrow(differences) > 0L) {
    lines <- c(lines, "", "Runtime settings that differ:", "",
               markdown_table(c("runtime setting", "A", "B"), as.matrix(differences), right = c(FALSE, TRUE, TRUE)))
  }
  lines <- c(lines, "", verdicts$knobs_sentence)
  md_path <- file.path(out_dir, "compare.md")
  writeLines(c(sprintf("A: %s (%s)  ", a$name, a$dir), sprintf("B: %s (%s)", b$name, b$dir), "",
               "Latency of measured batches.", "", lines), md_path, useBytes = TRUE)
  written <- md_path
  spectrum <- plot_spectrum(list(a, b), sprintf("Batch latency by percentile: %s vs %s", a$name, b$name))
  if (!is.null(spectrum)) written <- c(written, save_plot(spectrum, file.path(out_dir, "compare-spectrum.png")))
  list(markdown = lines, written = written)
}
