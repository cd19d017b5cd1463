# A run's stage plan (--stages) and its stop (--abort-if) as the time plots draw them: each second's
# target from intervals.csv's `target`, the stage boundaries from summary.json's `stages`, the stop from
# `stopped_by` (docs/stages.md). Folders without them (no plan, or written before plans) draw nothing.

STAGE_LINE_COLOUR <- "grey35"
ABORT_COLOUR <- "#D55E00"
# The plan's target is a series of its own on the throughput plot: e/s on the rate axis, tasks on a right one.
TARGET_SERIES <- c(open = "target (plan, e/s)", closed = "target (plan, tasks: right axis)")
TARGET_COLOURS <- stats::setNames(c("grey20", "grey20"), TARGET_SERIES)
TARGET_LINETYPES <- stats::setNames(c("longdash", "twodash"), TARGET_SERIES)

# An open plan's targets are entities/s of the fleet (--rate); a closed plan's are tasks per process.
is_open_model <- function(run) {
  !is.null(run$summary[["rate"]]) || !is.null(run$run$options[["rate"]])
}

# Seconds since the run started at which its measured period (second 0 of the plan) began.
measured_origin <- function(run) {
  from <- parse_utc(run$run$measured_from_utc)
  if (is.na(from)) {
    measured <- run$intervals$epoch_s[!run$intervals$warmup]
    if (length(measured) == 0L) return(NA_real_)
    from <- min(measured)
  }
  from - run_start_epoch(run)
}

# summary.json's stages as a data.table (none for a run that held one load, or an older folder).
run_stages <- function(run) {
  stages <- run$summary$stages
  if (!is.data.frame(stages) || nrow(stages) == 0L) return(NULL)
  data.table::data.table(stage = as.integer(stages$stage), start_s = stages$start_s, end_s = stages$end_s,
                         start_target = stages$start_target, end_target = stages$end_target,
                         mean_eps = stages$mean_entities_per_second,
                         p50_ms = stages$latency_ms$median, p99_ms = stages$latency_ms$p99,
                         throttled_percent = stages$throttled_percent, failed_percent = stages$failed_percent)
}

# Where each stage begins, and where the last ends, on the plots' x (seconds since the run started).
stage_boundaries <- function(runs) {
  rows <- lapply(runs, function(run) {
    stages <- run_stages(run)
    if (is.null(stages)) return(NULL)
    origin <- measured_origin(run)
    data.table::data.table(run = run$name, x = origin + c(stages$start_s, stages$end_s[nrow(stages)]),
                           label = c(sprintf("s%d", stages$stage), ""))
  })
  boundaries <- data.table::rbindlist(rows)
  if (nrow(boundaries) > 0L) boundaries[, run := factor(run, levels = run_names(runs))]
  boundaries[]
}

# The --abort-if stop of each run that had one: where on x, and the condition as written.
abort_marks <- function(runs) {
  rows <- lapply(runs, function(run) {
    stopped <- run$summary$stopped_by
    if (is.null(stopped$condition)) return(NULL)
    data.table::data.table(run = run$name, x = measured_origin(run) + stopped$at_second,
                           label = sprintf("stopped: %s", stopped$condition))
  })
  marks <- data.table::rbindlist(rows)
  if (nrow(marks) > 0L) marks[, run := factor(run, levels = run_names(runs))]
  marks[]
}

# Stage boundaries (dotted, each stage named at its start) and the stop (dashed, its condition along it).
plan_marks_layers <- function(runs) {
  boundaries <- stage_boundaries(runs)
  marks <- abort_marks(runs)
  c(if (nrow(boundaries) > 0L) list(
      ggplot2::geom_vline(data = boundaries, ggplot2::aes(xintercept = x), colour = STAGE_LINE_COLOUR,
                          linetype = "dotted", linewidth = 0.5),
      ggplot2::geom_text(data = boundaries[nzchar(label)], ggplot2::aes(x = x, y = Inf, label = label),
                         inherit.aes = FALSE, hjust = -0.15, vjust = 1.4, size = 3, colour = STAGE_LINE_COLOUR)),
    if (nrow(marks) > 0L) list(
      ggplot2::geom_vline(data = marks, ggplot2::aes(xintercept = x), colour = ABORT_COLOUR,
                          linetype = "dashed", linewidth = 0.7),
      ggplot2::geom_text(data = marks, ggplot2::aes(x = x, y = Inf, label = label), inherit.aes = FALSE,
                         angle = 90, hjust = 1.05, vjust = -0.4, size = 3, colour = ABORT_COLOUR)))
}

# Each second's target from intervals.csv, in the unit of its plan; none for runs without a plan.
plan_targets <- function(intervals, runs) {
  open <- stats::setNames(vapply(runs, is_open_model, TRUE), run_names(runs))
  targets <- intervals[!is.na(target), .(run, x, target)]
  targets[, open := open[as.character(run)]]
  targets[]
}

# What the time plots' captions say about the plans and stops drawn (none for runs without them).
plan_note <- function(runs) {
  c(
    if (any(vapply(runs, function(run) !is.null(run_stages(run)), TRUE)))
      "Dotted verticals: stage boundaries (s1, s2, ...); the target line is the plan's target in each second.",
    if (nrow(abort_marks(runs)) > 0L) "Dashed vertical: where the --abort-if condition held and the run stopped.")
}
