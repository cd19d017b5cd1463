# Figures of a sweep (sweep.csv, one row per cell): rate against each knob, and the knee.

KNOB_TITLES <- c(
  client = "client (--client)", runtime = "runtime (--runtime)", operation = "operation (--operation)", processes = "processes", tasks = "tasks per process", batch_size = "batch size (entities)",
  entity_size = "entity size (bytes)", partitions = "partitions", rate = "target rate (entities/s)",
  `repeat` = "repeat"
)

# Knobs whose value changes between cells (repeat is a replicate, never an axis).
varying_knobs <- function(cells) {
  knobs <- intersect(setdiff(SWEEP_KNOBS, "repeat"), names(cells))
  knobs[vapply(knobs, function(k) data.table::uniqueN(cells[[k]], na.rm = TRUE) > 1L, TRUE)]
}

knob_title <- function(knob) if (knob %in% names(KNOB_TITLES)) KNOB_TITLES[[knob]] else knob

# Numeric knobs spanning a factor of 8 or more (tasks 1..64) are drawn on a log2 axis.
knob_x_scale <- function(values, knob) {
  name <- knob_title(knob)
  if (!is.numeric(values)) return(ggplot2::scale_x_discrete(name = name))
  present <- sort(unique(values[!is.na(values)]))
  if (min(present) > 0 && max(present) / min(present) >= 8) {
    ggplot2::scale_x_continuous(name = paste0(name, ", log scale"), trans = "log2",
                                breaks = present, labels = plain_number)
  } else {
    ggplot2::scale_x_continuous(name = name, breaks = present, labels = plain_number)
  }
}

# One panel per combination of the other varying knobs, titled "tasks: 4, batch_size: 10".
other_knob_panels <- function(cells, knob) {
  others <- setdiff(varying_knobs(cells), knob)
  if (length(others) == 0L) return(NULL)
  ggplot2::facet_wrap(others, labeller = ggplot2::label_both)
}

# (5) peak and mean entities/s against one knob; repeats as points, their mean as the line.
plot_sweep_rate <- function(sweep, knob) {
  cells <- sweep$cells
  long <- data.table::rbindlist(list(
    cells[, c(.SD, list(metric = "peak (best second)", rate_eps = peak_eps)), .SDcols = varying_knobs(cells)],
    cells[, c(.SD, list(metric = "mean (measured period)", rate_eps = mean_eps)), .SDcols = varying_knobs(cells)]
  ))
  long[, metric := factor(metric, levels = c("peak (best second)", "mean (measured period)"))]
  group_by <- c(setdiff(varying_knobs(cells), knob), "metric", knob)
  means <- long[, .(rate_eps = mean(rate_eps)), by = group_by]
  ggplot2::ggplot(long, ggplot2::aes(.data[[knob]], rate_eps, colour = metric, group = metric)) +
    ggplot2::geom_line(data = means, linewidth = 0.7) +
    ggplot2::geom_point(size = 2.2, alpha = 0.85) +
    knob_x_scale(cells[[knob]], knob) +
    ggplot2::scale_y_continuous(name = "entities per second", labels = plain_number,
                                limits = c(0, NA), expand = ggplot2::expansion(mult = c(0, 0.08))) +
    ggplot2::scale_colour_manual(name = NULL, values = c("#0072B2", "#D55E00")) +
    other_knob_panels(cells, knob) +
    ggplot2::labs(title = sprintf("Entities per second against %s", knob_title(knob)),
                  subtitle = "Peak: the best one-second window; mean: succeeded entities over the measured time",
                  caption = "Points: cells (repeats apart); lines join the mean of the repeats.") +
    theme_tableload()
}

LOAD_KNOBS <- c("tasks", "processes", "rate")

# One string per cell naming its values of the knobs given: "10", or "batch_size: 10, tasks: 4".
knob_combination <- function(cells, knobs) {
  if (length(knobs) == 0L) return(rep("all cells", nrow(cells)))
  if (length(knobs) == 1L) return(as.character(cells[[knobs]]))
  do.call(paste, c(lapply(knobs, function(k) paste0(k, ": ", cells[[k]])), sep = ", "))
}

# (6) p99 against the achieved mean rate: where latency turns up as throughput stops growing.
# Cells that differ only in the load knob (tasks, else processes, else rate) are joined in
# order of that knob, one coloured path per combination of the other knobs.
plot_sweep_knee <- function(sweep) {
  cells <- data.table::copy(sweep$cells)
  if (!"saturated" %in% names(cells)) cells[, saturated := FALSE]
  # Not named `client`: that is the --client knob's column, which may be a series of its own.
  cells[, saturation := factor(ifelse(saturated, "client CPU saturated", "client not saturated"),
                               levels = c("client not saturated", "client CPU saturated"))]
  knobs <- varying_knobs(cells)
  load_knob <- intersect(LOAD_KNOBS, knobs)[1]
  series_knobs <- setdiff(knobs, load_knob)
  cells[, series := knob_combination(cells, series_knobs)]
  # Series in the knobs' own order (numbers as numbers: 50 before 100).
  in_order <- if (length(series_knobs) == 0L) seq_len(nrow(cells))
              else do.call(order, unname(as.list(cells[, series_knobs, with = FALSE])))
  cells[, series := factor(series, levels = unique(series[in_order]))]
  series_title <- switch(min(length(series_knobs), 2L) + 1L, NULL, knob_title(series_knobs), "other knobs")
  # With repeats, only the first repeat is labelled: its neighbours are the same cell again.
  repeats <- "repeat" %in% names(cells) && data.table::uniqueN(cells[["repeat"]]) > 1L
  labelled <- if (repeats) cells[cells[["repeat"]] == min(cells[["repeat"]])] else cells
  caption <- if (repeats) "Labels name the cell folders of the first repeat; labels that cannot be placed clear of the others are left out."
             else "Labels name the cell folders; labels that cannot be placed clear of the others are left out."
  path <- NULL
  if (!is.na(load_knob)) {
    data.table::setorderv(cells, c("series", load_knob))
    means <- cells[, .(mean_eps = mean(mean_eps), p99 = mean(p99)), by = c("series", load_knob)]
    path <- ggplot2::geom_path(data = means, ggplot2::aes(group = series), linewidth = 0.6, alpha = 0.7,
                               arrow = ggplot2::arrow(length = ggplot2::unit(6, "pt"), type = "closed"))
    caption <- sprintf("Arrows join cells (the mean of their repeats) in order of increasing %s.\n%s",
                       knob_title(load_knob), caption)
  }
  ggplot2::ggplot(cells, ggplot2::aes(mean_eps, p99, colour = series)) +
    path +
    ggplot2::geom_point(ggplot2::aes(shape = saturation), size = 2.6, stroke = 1) +
    cell_labels(labelled) +
    ggplot2::scale_shape_manual(name = NULL, values = c("client not saturated" = 16, "client CPU saturated" = 1),
                                drop = FALSE) +
    ggplot2::scale_colour_manual(name = series_title, values = run_palette(levels(cells$series)),
                                 # Two columns, title on top: six or more series otherwise run off the right edge.
                                 guide = if (is.null(series_title)) "none"
                                         else ggplot2::guide_legend(ncol = 2, title.position = "top", order = 1)) +
    ggplot2::scale_x_continuous(name = "mean entities per second (measured period)", labels = plain_number,
                                limits = c(0, NA), expand = ggplot2::expansion(mult = c(0.02, 0.12))) +
    ggplot2::scale_y_log10(name = "p99 batch latency (ms, log scale)", breaks = scales::breaks_log(n = 7),
                           labels = plain_number, expand = ggplot2::expansion(mult = c(0.15, 0.1))) +
    ggplot2::labs(title = "The knee: p99 latency against achieved throughput",
                  subtitle = "One point per cell; past the knee more load adds latency, not throughput",
                  caption = caption) +
    theme_tableload()
}

# Labels placed clear of each other and of the points (ggrepel); a label that cannot be placed
# is left out rather than drawn over another. Without ggrepel, overlapping labels are dropped.
cell_labels <- function(cells) {
  if (requireNamespace("ggrepel", quietly = TRUE)) {
    ggrepel::geom_text_repel(data = cells, ggplot2::aes(label = cell), size = 3, colour = "grey20",
                             seed = 1, min.segment.length = 0, box.padding = 0.5, max.overlaps = 12, force = 2,
                             max.time = 2, max.iter = 50000,
                             show.legend = FALSE)
  } else {
    ggplot2::geom_text(data = cells, ggplot2::aes(label = cell), size = 3, colour = "grey20", vjust = -1,
                       check_overlap = TRUE, show.legend = FALSE)
  }
}

# The scenarios of a sweep over a profile's scenarios, as its sweep.csv columns name them (hot-reads: hot_reads);
# none when no cell ran scenarios (or no cell folder is left to say which).
sweep_scenarios <- function(sweep) {
  named <- unique(unlist(lapply(sweep$runs, function(run) names(run$summary$scenarios))))
  columns <- gsub("-", "_", named %||% character(), fixed = TRUE)
  columns[paste0(columns, "_eps") %in% names(sweep$cells)]
}

# (7) Each scenario's mean e/s and p99 per cell (sweep.csv's <scenario>_eps and _p99_ms), one line per
# scenario across the cells in the sweep's order; NULL for a sweep without scenarios.
plot_sweep_scenarios <- function(sweep) {
  scenarios <- sweep_scenarios(sweep)
  if (length(scenarios) == 0L) return(NULL)
  cells <- sweep$cells
  knobs <- varying_knobs(cells)
  point <- if (length(knobs) == 0L) cells$cell else knob_combination(cells, knobs)
  long <- data.table::rbindlist(lapply(scenarios, function(s) data.table::rbindlist(list(
    data.table::data.table(point = point, scenario = s, metric = "mean entities/s", value = cells[[paste0(s, "_eps")]]),
    data.table::data.table(point = point, scenario = s, metric = "p99 latency (ms)", value = cells[[paste0(s, "_p99_ms")]])
  ))))
  long[, point := factor(point, levels = unique(point))]
  long[, scenario := factor(scenario, levels = scenarios)]
  means <- long[, .(value = mean(value, na.rm = TRUE)), by = .(point, scenario, metric)]
  ggplot2::ggplot(long, ggplot2::aes(point, value, colour = scenario, group = scenario)) +
    ggplot2::geom_line(data = means, linewidth = 0.7) +
    ggplot2::geom_point(size = 2.2, alpha = 0.85) +
    ggplot2::facet_wrap(~metric, ncol = 1, scales = "free_y") +
    ggplot2::scale_x_discrete(name = if (length(knobs) == 0L) "cell" else paste(vapply(knobs, knob_title, ""), collapse = ", ")) +
    ggplot2::scale_y_continuous(name = NULL, labels = plain_number, limits = c(0, NA), expand = ggplot2::expansion(mult = c(0, 0.08))) +
    ggplot2::scale_colour_manual(name = "scenario", values = part_palette(scenarios)) +
    ggplot2::labs(title = "Each scenario's throughput and p99 across the cells",
                  subtitle = "sweep.csv's <scenario>_eps and <scenario>_p99_ms",
                  caption = "Points: cells (repeats apart); lines join the mean of the repeats.") +
    theme_tableload()
}

# The knob keeps its sweep.csv name (sweep-rate-by-batch_size.png), as everywhere else.
sweep_rate_file <- function(knob) sprintf("sweep-rate-by-%s.png", knob)

sweep_plot_files <- function(sweep) {
  c(sweep_rate_file(varying_knobs(sweep$cells)), "sweep-knee.png", if (length(sweep_scenarios(sweep)) > 0L) "sweep-scenarios.png")
}

# Writes (5) for each varying knob, (6), and (7) for a sweep over scenarios; returns the paths written.
write_sweep_plots <- function(sweep, out_dir) {
  knobs <- varying_knobs(sweep$cells)
  written <- character()
  for (knob in knobs) {
    path <- file.path(out_dir, sweep_rate_file(knob))
    written <- c(written, save_plot(plot_sweep_rate(sweep, knob), path))
  }
  written <- c(written, save_plot(plot_sweep_knee(sweep), file.path(out_dir, "sweep-knee.png")))
  scenarios <- plot_sweep_scenarios(sweep)
  if (!is.null(scenarios)) written <- c(written, save_plot(scenarios, file.path(out_dir, "sweep-scenarios.png")))
  written
}
