# Two runs side by side: each figure of summary.json, and B's change from A in percent.

COMPARE_ROWS <- list(
  list("latency min (ms)", function(s) s$latency_ms$min, "ms"),
  list("latency median (ms)", function(s) s$latency_ms$median, "ms"),
  list("latency mean (ms)", function(s) s$latency_ms$mean, "ms"),
  list("latency p90 (ms)", function(s) s$latency_ms$p90, "ms"),
  list("latency p95 (ms)", function(s) s$latency_ms$p95, "ms"),
  list("latency p99 (ms)", function(s) s$latency_ms$p99, "ms"),
  list("latency p99.9 (ms)", function(s) s$latency_ms$p999, "ms"),
  list("latency max (ms)", function(s) s$latency_ms$max, "ms"),
  list("peak e/s", function(s) s$peak_entities_per_second, "count"),
  list("mean e/s", function(s) s$mean_entities_per_second, "rate"),
  list("goodput (MB/s)", function(s) s$goodput_mb_per_second, "rate"),
  list("entities succeeded", function(s) s$entities_succeeded, "count"),
  list("entities failed", function(s) s$entities_failed, "count"),
  list("client CPU per entity (µs)", function(s) s$client$cpu_us_per_entity, "rate"),
  list("client GC gen0 collections", function(s) s$client$gc_gen0, "count"),
  list("client GC pauses (% of the time)", function(s) s$client$gc_pause_percent, "rate"),
  list("client peak RSS (MiB)", function(s) s$client$peak_rss_mib, "rate")
)

# The runtime settings a reader can carry into an application, as summary.json's runtime_settings names them.
RUNTIME_SETTINGS <- c(
  profile = "--runtime", gc_mode = "GC mode", concurrent_gc = "concurrent GC",
  gc_dynamic_adaptation = "GC dynamic adaptation (DATAS)", gc_heap_count = "GC heaps",
  gc_gen0_max_budget_bytes = "gen0 budget at most (bytes)", gc_gen0_size_bytes = "gen0 budget at least (bytes)",
  gc_heap_hard_limit_bytes = "GC heap limit (bytes)", tiered_compilation = "tiered compilation", tiered_pgo = "tiered PGO",
  min_worker_threads = "thread-pool minimum worker threads", min_io_threads = "thread-pool minimum I/O threads"
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

# One sentence: what B's CPU per entity owes to the runtime settings it changed; NULL when none changed.
runtime_sentence <- function(a, b, differences) {
  if (nrow(differences) == 0L) return(NULL)
  cpu_a <- number_or_na(a$summary$client$cpu_us_per_entity)
  cpu_b <- number_or_na(b$summary$client$cpu_us_per_entity)
  changes <- paste(sprintf("%s %s -> %s", differences$setting, differences$a, differences$b), collapse = "; ")
  sprintf("B ran with other runtime settings (%s): its client CPU per entity changed by %s (%s -> %s µs), the rest of the load being the same.",
          changes, format_change(percent_change(cpu_a, cpu_b), cpu_a, cpu_b), format_fixed(cpu_a, 1L), format_fixed(cpu_b, 1L))
}

# B relative to A in percent; NA when A is 0 (no base to compare with).
percent_change <- function(a, b) {
  ifelse(is.na(a) | is.na(b), NA_real_, ifelse(a == 0, ifelse(b == 0, 0, NA_real_), (b - a) / abs(a) * 100))
}

compare_table <- function(a, b) {
  rows <- lapply(COMPARE_ROWS, function(row) {
    data.table::data.table(metric = row[[1]], kind = row[[3]],
                           a = number_or_na(row[[2]](a$summary)), b = number_or_na(row[[2]](b$summary)))
  })
  table <- data.table::rbindlist(rows)
  table[, change_pct := percent_change(a, b)]
  table[]
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

compare_markdown <- function(table, a_name, b_name) {
  cells <- cbind(table$metric, format_compare_value(table$a, table$kind),
                 format_compare_value(table$b, table$kind),
                 format_change(table$change_pct, table$a, table$b))
  escape <- function(x) gsub("|", "\\|", x, fixed = TRUE)
  markdown_table(c("metric", paste("A:", escape(a_name)), paste("B:", escape(b_name)), "change B vs A"),
                 cells, right = c(FALSE, TRUE, TRUE, TRUE))
}

# Where compare.R writes without --out: a folder beside run A, named after both runs, so a
# comparison never lands in whatever folder the command was started from (often the repository).
default_compare_dir <- function(a_dir, b_dir) {
  a <- normalizePath(a_dir, mustWork = TRUE)
  file.path(dirname(a), sprintf("compare-%s-vs-%s", basename(a), basename(normalizePath(b_dir, mustWork = TRUE))))
}

# compare.md and compare-spectrum.png in out_dir; returns the markdown lines and the paths written.
write_comparison <- function(a, b, out_dir) {
  ensure_folder(out_dir)
  report_disagreements(list(a, b))
  lines <- compare_markdown(compare_table(a, b), a$name, b$name)
  differences <- runtime_differences(a, b)
  if (nrow(differences) > 0L) {
    lines <- c(lines, "", markdown_table(c("runtime setting", "A", "B"), as.matrix(differences), right = c(FALSE, TRUE, TRUE)),
               "", runtime_sentence(a, b, differences))
  }
  md_path <- file.path(out_dir, "compare.md")
  writeLines(c(sprintf("A: %s (%s)  ", a$name, a$dir), sprintf("B: %s (%s)", b$name, b$dir), "",
               "Latency of measured batches; change = (B - A) / A.", "", lines), md_path, useBytes = TRUE)
  written <- md_path
  spectrum <- plot_spectrum(list(a, b), sprintf("Batch latency by percentile: %s vs %s", a$name, b$name))
  if (!is.null(spectrum)) written <- c(written, save_plot(spectrum, file.path(out_dir, "compare-spectrum.png")))
  list(markdown = lines, written = written)
}
