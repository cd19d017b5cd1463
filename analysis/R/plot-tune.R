# Figures of a tune: the probes on the sweep's knee plot, and throughput against concurrency with
# the Universal Scalability Law that tune.json fitted to them.

# Constraint verdicts first, in the order ProbeVerdict breaks them; meets stands out in green.
VERDICT_COLOURS <- c(meets = "#009E73", throttled = "#E69F00", latency_over = "#D55E00",
                     client_saturated = "#CC79A7", failures = "#000000", run_failed = "#999999")
CONFIRM_KEY <- "confirm run of the recommendation"

# The cells with figures to draw (a run_failed probe has none), split by role.
tune_drawable <- function(tune) {
  cells <- tune$cells[is.finite(mean_eps) & is.finite(p99) & p99 > 0]
  cells[, concurrency := cell_concurrency(cells)]
  recommended <- tune$json$recommendation$cell %||% ""
  list(probes = cells[role == "probe"], confirms = cells[role == "confirm"],
       recommended = cells[role == "probe" & cell == recommended])
}

# The recommended probe ringed and named, and the confirm runs as black diamonds, at columns x and y.
recommendation_marks <- function(drawn, x, y) {
  at <- ggplot2::aes(.data[[x]], .data[[y]])
  # Room above the ring for its name, on a linear or a log axis alike.
  room <- data.table::copy(drawn$recommended)[, (y) := get(y) * 1.25]
  list(
    ggplot2::geom_blank(data = room, mapping = at, inherit.aes = FALSE),
    ggplot2::geom_point(data = drawn$confirms, mapping = ggplot2::aes(.data[[x]], .data[[y]], fill = CONFIRM_KEY),
                        inherit.aes = FALSE, shape = 23, size = 3, colour = "black"),
    ggplot2::geom_point(data = drawn$recommended, mapping = at, inherit.aes = FALSE,
                        shape = 21, size = 7, stroke = 1.3, colour = "black", fill = NA),
    ggplot2::geom_text(data = drawn$recommended, mapping = at, inherit.aes = FALSE, label = "recommended",
                       vjust = -1.9, fontface = "bold", size = 3.4),
    ggplot2::scale_fill_manual(name = NULL, values = stats::setNames("black", CONFIRM_KEY),
                               guide = ggplot2::guide_legend(order = 3)))
}

# (a) The sweep's knee of the probes, the recommendation marked and its confirm runs shown; NULL
# when no probe has figures.
plot_tune_knee <- function(tune) {
  drawn <- tune_drawable(tune)
  if (nrow(drawn$probes) == 0L) return(NULL)
  plot_sweep_knee(list(cells = drawn$probes)) +
    recommendation_marks(drawn, "mean_eps", "p99") +
    ggplot2::labs(title = "The knee of the probes: p99 latency against achieved throughput",
                  subtitle = "One point per probe; the ring marks the recommendation, black diamonds its confirm runs")
}

# The curve's concurrencies: a fine grid over the probes' range, and the probes' own N.
curve_concurrency <- function(probe_n, log_axis) {
  top <- max(probe_n) * 1.25
  grid <- if (log_axis) 2^seq(0, log2(top), length.out = 200L) else seq(1, top, length.out = 200L)
  sort(unique(c(grid, probe_n)))
}

usl_curve <- function(model, n) data.table::data.table(concurrency = n, mean_eps = usl_throughput(model, n))

usl_caption <- function(model) {
  if (is.null(model)) return("tune.json holds no fitted model (too few probes to fit one), so no curve is drawn.")
  if (!usl_drawable(model)) {
    return(sprintf("The law fitted to %s has as many parameters as points and says nothing about them, so no curve is drawn.",
                   plural(model$points, "probe")))
  }
  peak <- if (is.null(model$peak_concurrency)) "none within reach (κ = 0)" else sprintf("N = %.1f", model$peak_concurrency)
  sprintf(paste0("Curve: the Universal Scalability Law X(N) = λN / (1 + σ(N−1) + κN(N−1)) fitted to %s%s%s:\n",
                 "λ = %s e/s, σ = %.4g, κ = %.4g, %s; predicted peak: %s."),
          if (is.null(model$points)) "the probes" else plural(model$points, "probe"),
          if (is.null(model$batch_size)) "" else if (identical(model$batch_size, "none")) " of single writes" else sprintf(" of batch size %s", format_count(model$batch_size)),
          if (is.null(model$parameters)) "" else sprintf(" (%s)", plural(model$parameters, "parameter")),
          plain_number(round(model$lambda, 1)), model$sigma, model$kappa, usl_fit_text(model), peak)
}

# How well the law fits: adjusted R² and the residual standard error on the degrees of freedom left, when recorded.
usl_fit_text <- function(model) {
  if (!is.null(model$adjusted_r_squared) && !is.null(model$degrees_of_freedom)) {
    return(sprintf("adjusted R² = %.3f, residual standard error %s e/s on %s", model$adjusted_r_squared,
                   format_count(model$residual_standard_error), plural(model$degrees_of_freedom, "degree of freedom", "degrees of freedom")))
  }
  if (is.null(model$r_squared)) "R² not recorded" else sprintf("R² = %.3f (not adjusted for the parameters fitted)", model$r_squared)
}

# A law fitted with as many parameters as points passes through them all: it is not drawn.
usl_drawable <- function(model) !is.null(model) && (is.null(model$degrees_of_freedom) || model$degrees_of_freedom >= 1)

# (b) Mean entities/s against concurrency N = processes × tasks, probes coloured by verdict (shaped
# by batch size when there are few), and the fitted USL curve when tune.json has one.
plot_tune_concurrency <- function(tune) {
  drawn <- tune_drawable(tune)
  probes <- drawn$probes
  if (nrow(probes) == 0L) return(NULL)
  probes[, verdict := factor(verdict, levels = names(VERDICT_COLOURS))]
  probes[, batch := batch_size_levels(as.character(batch_size))]
  n <- c(probes$concurrency, drawn$confirms$concurrency)
  log_axis <- max(n) / min(n) >= 8
  model <- tune$json$model
  shaped <- nlevels(probes$batch) <= 6L
  ggplot2::ggplot(probes, ggplot2::aes(concurrency, mean_eps)) +
    (if (usl_drawable(model)) ggplot2::geom_line(data = usl_curve(model, curve_concurrency(probes$concurrency, log_axis)),
                                             linewidth = 0.7, colour = "grey35", linetype = "22")) +
    ggplot2::geom_point(if (shaped) ggplot2::aes(colour = verdict, shape = batch) else ggplot2::aes(colour = verdict),
                        size = 2.8, stroke = 1) +
    recommendation_marks(drawn, "concurrency", "mean_eps") +
    ggplot2::scale_colour_manual(name = "verdict", values = VERDICT_COLOURS, drop = TRUE,
                                 guide = ggplot2::guide_legend(order = 1, nrow = 1)) +
    ggplot2::scale_shape_discrete(name = "batch size", guide = ggplot2::guide_legend(order = 2, nrow = 1)) +
    ggplot2::scale_x_continuous(name = paste0("concurrency N = processes × tasks", if (log_axis) ", log scale" else ""),
                                trans = if (log_axis) "log2" else "identity",
                                breaks = sort(unique(n)), labels = plain_number) +
    ggplot2::scale_y_continuous(name = "mean entities/s (measured period)", labels = plain_number,
                                limits = c(0, NA), expand = ggplot2::expansion(mult = c(0, 0.12))) +
    ggplot2::labs(title = "Throughput against concurrency",
                  subtitle = "One point per probe, coloured by its verdict; the dashed curve is the model tune fitted",
                  caption = usl_caption(model)) +
    theme_tableload()
}

TUNE_PLOTS <- list("tune-knee.png" = plot_tune_knee, "tune-concurrency.png" = plot_tune_concurrency)

# Writes the tune plots the data supports; returns the paths written.
write_tune_plots <- function(tune, out_dir) {
  written <- character()
  for (file in names(TUNE_PLOTS)) {
    plot <- TUNE_PLOTS[[file]](tune)
    if (is.null(plot)) {
      message(sprintf("skipped %s: no probe of %s has figures", file, basename(tune$dir)))
      next
    }
    written <- c(written, save_plot(plot, file.path(out_dir, file)))
  }
  written
}
