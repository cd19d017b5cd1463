# ggplot2 figures of TableLoad runs, saved as 1600 x 1000 px PNGs (8 x 5 in at 200 dpi).
#
# Runs are drawn together: one line per run (spectrum) or one panel per run (time series),
# each named by its label (its run id when the label is empty).

PLOT_WIDTH_IN <- 8
PLOT_HEIGHT_IN <- 5
PLOT_DPI <- 200

# Okabe-Ito without its yellow (too pale on white); viridis beyond eight runs.
RUN_COLOURS <- c("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#999999")
WARMUP_FILL <- "grey85"

NINES_BREAKS <- c(0, log10(2), 1, 2, 3, 4)
NINES_LABELS <- c("0", "50", "90", "99", "99.9", "99.99")

theme_tableload <- function() {
  ggplot2::theme_bw(base_size = 11) +
    ggplot2::theme(
      plot.title = ggplot2::element_text(face = "bold"),
      plot.subtitle = ggplot2::element_text(colour = "grey30", size = ggplot2::rel(0.85)),
      plot.caption = ggplot2::element_text(colour = "grey40", hjust = 0, size = ggplot2::rel(0.75)),
      plot.title.position = "plot",
      plot.caption.position = "plot",
      legend.position = "bottom",
      legend.box = "vertical",
      legend.box.just = "left",
      legend.margin = ggplot2::margin(0, 0, 0, 0),
      legend.spacing.y = ggplot2::unit(2, "pt"),
      strip.background = ggplot2::element_rect(fill = "grey92"),
      panel.grid.minor = ggplot2::element_blank()
    )
}

save_plot <- function(plot, path) {
  # A shaded span from y = 0 on a log axis reaches the panel's bottom edge, as intended.
  withCallingHandlers(
    ggplot2::ggsave(path, plot, width = PLOT_WIDTH_IN, height = PLOT_HEIGHT_IN, dpi = PLOT_DPI,
                    units = "in", bg = "white"),
    warning = function(w) {
      if (grepl("infinite values", conditionMessage(w), fixed = TRUE)) invokeRestart("muffleWarning")
    })
  path
}

run_palette <- function(names) {
  colours <- if (length(names) <= length(RUN_COLOURS)) RUN_COLOURS[seq_along(names)]
             else scales::viridis_pal(end = 0.9)(length(names))
  stats::setNames(colours, names)
}

run_names <- function(runs) vapply(runs, `[[`, "", "name")

# Thousands separators and no scientific notation: 0.5, 20, 1,000.
plain_number <- function(x) {
  format(x, big.mark = ",", scientific = FALSE, trim = TRUE, drop0trailing = TRUE)
}

log_ms_scale <- function(name) {
  ggplot2::scale_y_log10(name = name, breaks = scales::breaks_log(n = 7), labels = plain_number)
}

# Panels of time series share the y axis (rates are comparable) but not the x axis (durations differ).
run_panels <- function(n_runs) {
  ggplot2::facet_wrap(ggplot2::vars(run), ncol = if (n_runs <= 2L) 1L else 2L, scales = "free_x")
}

# ---- (1) latency percentile spectrum -------------------------------------------------------

LATENCY_FROM <- c(reported = "as reported (open model: from the intended start)",
                  send = "open model, from the actual send (uncorrected)")

# One run's quantile curve on the scale of nines x = -log10(1 - q), from batches.csv's measured
# rows (latency.hlog when the run has no batches.csv). The curve stops at q = 1 - 1/n, where n
# batches run out of resolution, and its last point is the maximum. With uncorrected = TRUE, an
# open-model run's latency from the actual send instead. NULL without such data.
spectrum_points <- function(run, uncorrected = FALSE, max_nines = 4, step = 0.01) {
  measured <- measured_batches(run$batches)
  if (!is.null(measured)) {
    latency <- measured$latency_ms
    if (uncorrected) latency <- (latency - (measured$start_ms - measured$intended_start_ms))
    latency <- latency[!is.na(latency)]
    n <- length(latency)
    if (n == 0L) return(NULL)
    value_at <- function(q) hdr_quantile(latency, q)
    maximum <- max(latency)
    source <- "batches.csv"
  } else {
    histogram <- read_measured_histogram(run$dir, if (uncorrected) "uncorrected" else "")
    n <- if (is.null(histogram)) 0 else sum(histogram$count)
    if (n == 0) return(NULL)
    value_at <- function(q) histogram_value_at(histogram, 100 * q) / 1000
    maximum <- histogram_summary(histogram)$max
    source <- "latency.hlog"
  }
  top <- min(max_nines, log10(n))
  nines <- seq(0, top, by = step)
  nines <- nines[nines < top]
  data.table::data.table(
    run = run$name, n = n, source = source,
    from = LATENCY_FROM[[if (uncorrected) "send" else "reported"]],
    nines = c(nines, top),
    latency_ms = c(value_at(1 - 10^-nines), if (top == log10(n)) maximum else value_at(1 - 10^-top)),
    is_max = c(rep(FALSE, length(nines)), top == log10(n))
  )
}

plot_spectrum <- function(runs, title = "Batch latency by percentile", legend_title = "run") {
  points <- data.table::rbindlist(c(lapply(runs, spectrum_points),
                                    lapply(runs, spectrum_points, uncorrected = TRUE)))
  if (nrow(points) == 0L) return(NULL)
  names <- intersect(run_names(runs), unique(points$run))
  counts <- points[from == LATENCY_FROM[["reported"]], .(n = n[1], source = source[1]), by = run]
  # Where the latencies come from is said once when all runs agree, else per run.
  mixed <- data.table::uniqueN(counts$source) > 1L
  legend <- stats::setNames(
    sprintf("%s (n = %s%s)", counts$run, plain_number(counts$n),
            ifelse(mixed & counts$source == "latency.hlog", ", latency.hlog", "")),
    counts$run)
  subtitle <- "Measured batches (warm-up excluded), failed batches included"
  if (!mixed && counts$source[1] == "latency.hlog") subtitle <- paste0(subtitle, "; from latency.hlog (no batches.csv)")
  points[, run := factor(run, levels = names)]
  points[, from := factor(from, levels = LATENCY_FROM)]
  open_model <- any(points$from == LATENCY_FROM[["send"]])
  top <- max(points$nines)
  breaks <- NINES_BREAKS[NINES_BREAKS <= top + 1e-9]
  ggplot2::ggplot(points, ggplot2::aes(nines, latency_ms, colour = run, linetype = from,
                                       group = interaction(run, from))) +
    ggplot2::geom_step(direction = "hv", linewidth = 0.7) +
    ggplot2::geom_point(data = points[is_max == TRUE], size = 2, show.legend = FALSE) +
    ggplot2::scale_x_continuous(name = "percentile (%), scale of nines: -log10(1 - q)",
                                breaks = breaks, labels = NINES_LABELS[seq_along(breaks)],
                                expand = ggplot2::expansion(mult = c(0.01, 0.03))) +
    log_ms_scale("batch latency (ms, log scale)") +
    ggplot2::scale_colour_manual(name = legend_title, values = run_palette(names), labels = legend[names]) +
    ggplot2::scale_linetype_manual(name = "latency", values = stats::setNames(c("solid", "22"), LATENCY_FROM)) +
    ggplot2::guides(colour = ggplot2::guide_legend(ncol = min(2L, length(names)), order = 1),
                    linetype = if (open_model) ggplot2::guide_legend(order = 2, ncol = 1) else "none") +
    ggplot2::labs(
      title = title,
      subtitle = subtitle,
      caption = "Each curve ends at its run's maximum (dot), drawn at percentile 1 - 1/n: n batches resolve nothing finer."
    ) +
    theme_tableload()
}

# ---- intervals.csv as a complete series of seconds ----------------------------------------

parse_utc <- function(text) {
  if (is.null(text) || !nzchar(text)) return(NA_real_)
  as.numeric(as.POSIXct(sub("(Z|[+-]00:?00)$", "", text), format = "%Y-%m-%dT%H:%M:%OS", tz = "UTC"))
}

# Unix time at which the run (its warm-up) began: run.json's started_utc, else the first window.
run_start_epoch <- function(run) {
  start <- parse_utc(run$run$started_utc)
  if (is.na(start) && nrow(run$intervals) > 0L) start <- run$intervals$epoch_s[1] - run$intervals$elapsed_s[1]
  start
}

# intervals.csv has no row for a second in which no batch completed: such seconds inside the run
# become rows of zero counts (and no percentiles), so that a stall shows as a drop, not a gap.
# x is the middle of the window in seconds since the run started.
complete_intervals <- function(run) {
  outcomes <- run$outcomes
  counts <- c("entities_succeeded", "entities_failed", "batches", outcomes$failures)
  intervals <- one_row_a_second(run$intervals, counts)
  if (nrow(intervals) == 0L) return(NULL)
  all <- data.table::data.table(epoch_s = seq(min(intervals$epoch_s), max(intervals$epoch_s)))
  full <- intervals[all, on = "epoch_s"]
  for (column in counts) data.table::set(full, which(is.na(full[[column]])), column, 0L)
  measured_from <- suppressWarnings(min(intervals$epoch_s[!intervals$warmup]))
  full[is.na(warmup), warmup := epoch_s < measured_from]
  full[, x := epoch_s + 0.5 - run_start_epoch(run)]
  full[, throttled := Reduce(`+`, .SD, 0L), .SDcols = outcomes$throttles]
  full[, other_failures := Reduce(`+`, .SD, 0L), .SDcols = setdiff(outcomes$failures, outcomes$throttles)]
  # Runs of different versions have different outcome columns; the plots need only the sums.
  full[, (outcomes$failures) := NULL]
  full[, run := run$name]
  full[]
}

# The parts of a run's load that its time plots draw apart, each a table of seconds named as TableLoad's printed table
# names its row: a run of scenarios' scenarios, a scenario that sends several operations as one part per operation
# (`lookups.read`), so that the parts add up to the run; else a mix's operations; else none.
load_parts <- function(run) {
  if (length(run$scenarios) == 0L) return(run$operations)
  do.call(c, lapply(names(run$scenarios), function(scenario) {
    own <- run$scenarios[[scenario]]
    if (length(own$operations) > 1L) stats::setNames(own$operations, paste(scenario, names(own$operations), sep = "."))
    else stats::setNames(list(own$intervals), scenario)
  }))
}

# What the parts of the runs are, for titles and legends: "scenario", "operation", or both when runs differ.
parts_kind <- function(runs) {
  kinds <- unique(unlist(lapply(runs, function(run) {
    if (length(run$scenarios) > 0L) "scenario" else if (length(run$operations) > 0L) "operation"
  })))
  paste(kinds, collapse = " or ")
}

# The line of a run without parts drawn beside runs with parts.
WHOLE_RUN_PART <- "whole run"

# Each run's parts (load_parts) second by second on the run's own time axis (x), with a part column in the order of
# summary.json; a run without parts beside runs with them as one part, the whole run; NULL when no run has parts.
part_interval_table <- function(runs) {
  runs_parts <- lapply(runs, load_parts)
  if (all(lengths(runs_parts) == 0L)) return(NULL)
  rows <- unlist(lapply(seq_along(runs), function(i) {
    run <- runs[[i]]
    parts <- if (length(runs_parts[[i]]) > 0L) runs_parts[[i]] else stats::setNames(list(run$intervals), WHOLE_RUN_PART)
    lapply(names(parts), function(part) {
      one <- run
      one$intervals <- parts[[part]]
      table <- complete_intervals(one)
      if (!is.null(table)) table[, part := part]
      table
    })
  }), recursive = FALSE)
  # Runs written by different TableLoad versions have different columns (request_units, a plan's stage and target).
  table <- data.table::rbindlist(rows, use.names = TRUE, fill = TRUE)
  if (nrow(table) == 0L) return(NULL)
  table[, run := factor(run, levels = run_names(runs))]
  table[, part := factor(part, levels = unique(part))]
  table[]
}

# One colour per part (a scenario or an operation), none of them the failures' orange-red.
PART_COLOURS <- c("#0072B2", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#999999")

part_palette <- function(parts) {
  stats::setNames(rep_len(PART_COLOURS, length(parts)), parts)
}

# The caption's line on where the parts' seconds come from.
PARTS_NOTE <- c(
  operation = "A mix: a line per operation, from intervals-<operation>.csv.",
  scenario = paste("Scenarios: a line per scenario, from intervals-<scenario>.csv; a scenario of several operations has a line",
                   "per operation\n(scenario.operation), from intervals-<scenario>.<operation>.csv.")
)

# A second just after the warm-up can have two rows: warm-up batches that answered late, and
# measured ones. A plot shows one point a second, so their counts are added; the percentiles and
# the flag are the measured row's.
one_row_a_second <- function(intervals, counts) {
  intervals <- data.table::copy(intervals)
  if (!anyDuplicated(intervals$epoch_s)) return(intervals)
  data.table::setorder(intervals, epoch_s, warmup)
  summed <- intervals[, lapply(.SD, sum), by = epoch_s, .SDcols = counts]
  kept <- intervals[, .SD[1L], by = epoch_s, .SDcols = setdiff(names(intervals), c("epoch_s", counts))]
  merged <- kept[summed, on = "epoch_s"]
  data.table::setcolorder(merged, names(intervals))
  merged[]
}

# Every run's seconds (complete_intervals), the run a factor in the runs' order; NULL when no run measured a second
# (a run whose tasks sent nothing writes intervals.csv's header alone).
interval_table <- function(runs) {
  # Runs written by different TableLoad versions have different columns (request_units, a plan's stage and target).
  table <- data.table::rbindlist(lapply(runs, complete_intervals), use.names = TRUE, fill = TRUE)
  if (nrow(table) == 0L) return(NULL)
  table[, run := factor(run, levels = run_names(runs))]
  table[]
}

# Seconds of a duration as run.json records --warmup, in TableLoad's own syntax: "500ms", "2.5s",
# "1m30s", "1h" or "hh:mm:ss"; NULL when there is none.
duration_seconds <- function(text) {
  if (is.null(text) || !nzchar(text)) return(NULL)
  if (grepl(":", text, fixed = TRUE)) {
    parts <- as.numeric(strsplit(text, ":", fixed = TRUE)[[1]])
    return(sum(parts * 60^(rev(seq_along(parts)) - 1)))
  }
  units <- c(ms = 0.001, s = 1, m = 60, h = 3600)
  terms <- regmatches(text, gregexpr("[0-9.]+(ms|s|m|h)?", text))[[1]]
  sum(vapply(terms, function(term) {
    unit <- sub("^[0-9.]+", "", term)
    as.numeric(sub("[a-z]+$", "", term)) * units[[if (nzchar(unit)) unit else "s"]]
  }, numeric(1)))
}

# The warm-up of each run as a span of seconds since its start. TableLoad ends the warm-up on
# the first whole wall-clock second after the warm-up (so that no window mixes the two), which is
# also where intervals.csv's first measured window begins. Without run.json's start and
# warm-up, the span is that of the windows flagged as warm-up. Folders written before options
# were recorded in their own syntax give the warm-up as warmup_s, in seconds.
warmup_spans <- function(runs, intervals) {
  spans <- lapply(runs, function(one) {
    warmup_s <- duration_seconds(one$run$options$warmup) %||% one$run$options$warmup_s
    start <- parse_utc(one$run$started_utc)
    if (!is.null(warmup_s) && !is.na(start)) {
      if (warmup_s <= 0) return(NULL)
      return(data.table::data.table(run = one$name, xmin = 0, xmax = ceiling(start + warmup_s) - start))
    }
    windows <- intervals[intervals$run == one$name, ]
    if (!any(windows$warmup)) return(NULL)
    end <- if (any(!windows$warmup)) min(windows$x[!windows$warmup]) - 0.5 else max(windows$x) + 0.5
    data.table::data.table(run = one$name, xmin = 0, xmax = end)
  })
  spans <- data.table::rbindlist(spans)
  if (nrow(spans) > 0L) spans[, run := factor(run, levels = run_names(runs))]
  spans
}

# ymin = 0 rather than -Inf, which a log axis cannot transform.
warmup_layer <- function(runs, intervals) {
  spans <- warmup_spans(runs, intervals)
  if (nrow(spans) == 0L) return(NULL)
  ggplot2::geom_rect(data = spans, inherit.aes = FALSE,
                     ggplot2::aes(xmin = xmin, xmax = xmax, ymin = 0, ymax = Inf, fill = "warm-up (excluded)"))
}

warmup_fill_scale <- function() {
  ggplot2::scale_fill_manual(name = NULL, values = c("warm-up (excluded)" = WARMUP_FILL))
}

TIME_AXIS_TITLE <- "time since the run started (s)"

# A point per second while points can be told apart (a few minutes); lines alone beyond.
window_points <- function(intervals, mapping = NULL) {
  longest <- max(intervals[, .N, by = run]$N)
  if (longest > 180L) return(NULL)
  ggplot2::geom_point(mapping, size = 1.2, na.rm = TRUE)
}

# ---- (2) entities per second over time --------------------------------------------------------

# Which outcomes are throttles comes from each run's run.json (see run_outcomes); the legend says the class.
EVENT_SHAPES <- c("throttled" = 17, "failed otherwise" = 4)
EVENT_COLOURS <- c("throttled" = "#E69F00", "failed otherwise" = "#D55E00")

plot_throughput <- function(runs, title = "Entities written per second") {
  intervals <- interval_table(runs)
  if (is.null(intervals)) return(NULL)
  parts <- part_interval_table(runs)
  # A mix or a run of scenarios draws each part's succeeded entities as a line of its own, beside the run's failed ones.
  succeeded <- if (is.null(parts)) intervals[, .(run, x, rate = entities_succeeded, series = "succeeded")]
               else parts[, .(run, x, rate = entities_succeeded, series = as.character(part))]
  rates <- data.table::rbindlist(list(succeeded, intervals[, .(run, x, rate = entities_failed, series = "failed")]))
  any_failed <- any(intervals$entities_failed > 0)
  if (!any_failed) rates <- rates[series != "failed"]
  if (!is.null(parts) && missing(title)) title <- paste("Entities per second by", parts_kind(runs))
  succeeded_series <- if (is.null(parts)) c(succeeded = "#0072B2") else part_palette(levels(parts$part))
  rates[, series := factor(series, levels = c(names(succeeded_series), "failed"))]
  targets <- plan_targets(intervals, runs)
  top <- max(c(rates$rate, targets[open == TRUE]$target, 1))
  # A closed plan's tasks are drawn on a right axis, scaled so that the most tasks reach the top.
  tasks_scale <- top / max(c(targets[open == FALSE]$target, 1))
  targets[, `:=`(rate = ifelse(open, target, target * tasks_scale),
                 series = factor(ifelse(open, TARGET_SERIES[["open"]], TARGET_SERIES[["closed"]]), levels = TARGET_SERIES))]
  # Event windows sit on two tracks above the data, so that markers never hide the lines.
  events <- data.table::rbindlist(list(
    intervals[throttled > 0, .(run, x, y = top * 1.12, event = names(EVENT_SHAPES)[1])],
    intervals[other_failures > 0, .(run, x, y = top * 1.06, event = names(EVENT_SHAPES)[2])]
  ))
  subtitle <- if (nrow(events) == 0L) "No throttled or failed batches" else
    "Markers above the curves: seconds in which batches were throttled or failed"
  # Headroom above the data: the event tracks, and above them the stage names.
  headroom <- 1 + (if (nrow(events) > 0L) 0.2 else 0) + (if (nrow(targets) > 0L) 0.12 else 0)
  closed <- any(!targets$open)
  plot <- ggplot2::ggplot(rates, ggplot2::aes(x, rate)) +
    warmup_layer(runs, intervals) +
    plan_marks_layers(runs) +
    ggplot2::geom_line(ggplot2::aes(colour = series, linetype = series), linewidth = 0.7) +
    (if (nrow(targets) > 0L) ggplot2::geom_line(data = targets, ggplot2::aes(colour = series, linetype = series), linewidth = 0.6)) +
    window_points(intervals, ggplot2::aes(colour = series)) +
    ggplot2::scale_colour_manual(name = "entities", values = c(succeeded_series, failed = "#D55E00", TARGET_COLOURS)) +
    ggplot2::scale_linetype_manual(name = "entities", values = c(stats::setNames(rep("solid", length(succeeded_series)), names(succeeded_series)),
                                                                 failed = "dashed", TARGET_LINETYPES)) +
    warmup_fill_scale() +
    ggplot2::scale_x_continuous(name = TIME_AXIS_TITLE, breaks = scales::breaks_pretty(6)) +
    ggplot2::scale_y_continuous(name = "entities per second", labels = plain_number,
                                breaks = scales::breaks_extended(4),
                                limits = c(0, top * headroom),
                                expand = ggplot2::expansion(mult = c(0, 0.04)),
                                sec.axis = if (closed) ggplot2::sec_axis(~ . / tasks_scale, name = "tasks per process (plan)",
                                                                         breaks = scales::breaks_extended(4))
                                           else ggplot2::waiver()) +
    run_panels(length(runs)) +
    ggplot2::labs(title = title, subtitle = subtitle,
                  caption = paste(c("One point per wall-clock second, drawn at its middle; a batch counts in the second it completed.",
                                    if (!is.null(parts)) c(parts_notes(runs), "A line's entities succeeded are those its requests wrote, read or deleted."),
                                    plan_note(runs)), collapse = "\n")) +
    theme_tableload()
  if (nrow(events) > 0L) {
    plot <- plot +
      ggplot2::geom_point(data = events, ggplot2::aes(x, y, shape = event), colour = "grey15",
                          size = 2.2, stroke = 1, inherit.aes = FALSE) +
      ggplot2::scale_shape_manual(name = NULL, values = EVENT_SHAPES)
  }
  plot +
    ggplot2::guides(colour = ggplot2::guide_legend(order = 1), linetype = ggplot2::guide_legend(order = 1),
                    shape = ggplot2::guide_legend(order = 2, ncol = 1), fill = ggplot2::guide_legend(order = 3))
}

# ---- (3) p50 and p99 per second ----------------------------------------------------------------

plot_interval_latency <- function(runs, title = "Batch latency per second: median and p99") {
  intervals <- interval_table(runs)
  if (is.null(intervals)) return(NULL)
  parts <- part_interval_table(runs)
  if (!is.null(parts)) {
    if (missing(title)) title <- sprintf("Request latency per second by %s: median and p99", parts_kind(runs))
    return(plot_part_latency(runs, intervals, parts, title))
  }
  long <- data.table::rbindlist(list(
    intervals[, .(run, x, latency_ms = p50_ms, percentile = "p50 (median)")],
    intervals[, .(run, x, latency_ms = p99_ms, percentile = "p99")]
  ))
  long[, percentile := factor(percentile, levels = c("p99", "p50 (median)"))]
  if (all(is.na(long$latency_ms))) return(NULL)
  ggplot2::ggplot(long, ggplot2::aes(x, latency_ms, colour = percentile)) +
    warmup_layer(runs, intervals) +
    plan_marks_layers(runs) +
    ggplot2::geom_line(linewidth = 0.7, na.rm = TRUE) +
    window_points(intervals) +
    ggplot2::scale_colour_manual(name = "per second", values = c("p99" = "#D55E00", "p50 (median)" = "#0072B2")) +
    warmup_fill_scale() +
    ggplot2::scale_x_continuous(name = TIME_AXIS_TITLE, breaks = scales::breaks_pretty(6)) +
    log_ms_scale("batch latency (ms, log scale)") +
    run_panels(length(runs)) +
    ggplot2::labs(title = title, subtitle = "Percentiles of the batches completed in each wall-clock second",
                  caption = paste(c("Seconds in which no batch completed leave a gap.", plan_note(runs)), collapse = "\n")) +
    theme_tableload()
}

# A mix's operations or a run's scenarios: each part's p50 and p99 per second on the run's time axis, a colour per part.
plot_part_latency <- function(runs, intervals, parts, title) {
  long <- data.table::rbindlist(list(
    parts[, .(run, x, part, latency_ms = p50_ms, percentile = "p50 (median)")],
    parts[, .(run, x, part, latency_ms = p99_ms, percentile = "p99")]
  ))
  if (all(is.na(long$latency_ms))) return(NULL)
  long[, percentile := factor(percentile, levels = c("p99", "p50 (median)"))]
  kind <- parts_kind(runs)
  ggplot2::ggplot(long, ggplot2::aes(x, latency_ms, colour = part, linetype = percentile,
                                     group = interaction(part, percentile))) +
    warmup_layer(runs, intervals) +
    plan_marks_layers(runs) +
    ggplot2::geom_line(linewidth = 0.7, na.rm = TRUE) +
    window_points(parts) +
    ggplot2::scale_colour_manual(name = kind, values = part_palette(levels(parts$part))) +
    ggplot2::scale_linetype_manual(name = "per second", values = c("p99" = "solid", "p50 (median)" = "22")) +
    warmup_fill_scale() +
    ggplot2::scale_x_continuous(name = TIME_AXIS_TITLE, breaks = scales::breaks_pretty(6)) +
    log_ms_scale("request latency (ms, log scale)") +
    run_panels(length(runs)) +
    ggplot2::guides(colour = ggplot2::guide_legend(order = 1), linetype = ggplot2::guide_legend(order = 2)) +
    ggplot2::labs(title = title, subtitle = sprintf("Each %s's percentiles of the requests completed in each wall-clock second", kind),
                  caption = paste(c(sprintf("A second in which a line's %s completed no request leaves a gap in it.", kind),
                                    parts_notes(runs), plan_note(runs)), collapse = "\n")) +
    theme_tableload()
}

# The caption's lines on where the runs' parts come from, one per kind of part.
parts_notes <- function(runs) {
  unname(PARTS_NOTE[strsplit(parts_kind(runs), " or ", fixed = TRUE)[[1]]])
}

# ---- (4) latency by process ------------------------------------------------------------------------

plot_process_latency <- function(runs, title = "Batch latency by process") {
  rows <- lapply(runs, function(run) {
    measured <- measured_batches(run$batches)
    if (is.null(measured) || nrow(measured) == 0L) return(NULL)
    measured[, .(run = run$name, process, latency_ms,
                 outcome = ifelse(outcome == "succeeded", "succeeded", "failed"))]
  })
  batches <- data.table::rbindlist(rows)
  if (nrow(batches) == 0L) return(NULL)
  names <- intersect(run_names(runs), unique(batches$run))
  batches[, run := factor(run, levels = names)]
  batches[, outcome := factor(outcome, levels = c("succeeded", "failed"))]
  counts <- batches[, .N, by = .(run, process)]
  batches[counts, process_label := sprintf("%d\n(n = %s)", i.process, plain_number(i.N)),
          on = .(run, process)]
  ggplot2::ggplot(batches, ggplot2::aes(process_label, latency_ms, fill = outcome)) +
    ggplot2::geom_boxplot(outlier.size = 0.7, outlier.alpha = 0.5, width = 0.6,
                          position = ggplot2::position_dodge2(preserve = "single")) +
    ggplot2::scale_fill_manual(name = "batch", values = c(succeeded = "#56B4E9", failed = "#E69F00"), drop = TRUE) +
    ggplot2::scale_x_discrete(name = "process (batches)") +
    log_ms_scale("batch latency (ms, log scale)") +
    ggplot2::facet_wrap(ggplot2::vars(run), scales = "free_x") +
    ggplot2::labs(title = title,
                  subtitle = "Measured batches (warm-up excluded)",
                  caption = paste0("Box: quartiles and median; whiskers: 1.5 x IQR; points beyond them are single batches.",
                                   left_out_note(runs, names))) +
    theme_tableload()
}

# " Not shown: ..." for runs without batches.csv, or "".
left_out_note <- function(runs, shown) {
  missing <- setdiff(run_names(runs), shown)
  if (length(missing) == 0L) "" else sprintf("\nNot shown (no batches.csv): %s.", paste(missing, collapse = ", "))
}

# ---- writing a run report ----------------------------------------------------------------------------

RUN_PLOTS <- list(
  "spectrum.png" = plot_spectrum,
  "throughput.png" = plot_throughput,
  "latency-per-second.png" = plot_interval_latency,
  "process-latency.png" = plot_process_latency
)

# Writes every plot the runs have data for; returns the paths written (and names what it skipped).
write_run_plots <- function(runs, out_dir, plots = RUN_PLOTS) {
  written <- character()
  for (file in names(plots)) {
    plot <- plots[[file]](runs)
    if (is.null(plot)) {
      message(sprintf("skipped %s: no data for it in %s", file, paste(run_names(runs), collapse = ", ")))
      next
    }
    written <- c(written, save_plot(plot, file.path(out_dir, file)))
  }
  written
}
