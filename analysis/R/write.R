# Writing a report folder: percentiles.md, percentiles.csv and the PNGs.

# Warns (on stderr) where the raw files disagree with summary.json.
report_disagreements <- function(runs) {
  for (problem in unlist(lapply(runs, check_run))) message("warning: ", problem)
}

# The report of one or several runs into out_dir; returns the paths written.
write_run_report <- function(runs, out_dir) {
  ensure_folder(out_dir)
  report_disagreements(runs)
  table <- percentile_table(runs)
  plots <- write_run_plots(runs, out_dir)
  service_plot <- write_service_plot(runs, out_dir)
  title <- paste("TableLoad:", paste(run_names(runs), collapse = ", "))
  c(write_percentiles(table, out_dir), plots, service_plot,
    write_html_report(title, table, plots, runs, out_dir, service_plot = service_plot))
}

# A sweep's report: its table from sweep.csv, the sweep plots and the cells' spectra.
write_sweep_report <- function(sweep, out_dir) {
  ensure_folder(out_dir)
  report_disagreements(sweep$runs)
  table <- sweep_percentile_table(sweep)
  plots <- write_sweep_plots(sweep, out_dir)
  spectrum <- if (length(sweep$runs) > 0L) plot_spectrum(sweep$runs, "Batch latency by percentile, per cell", "cell")
  if (!is.null(spectrum)) plots <- c(plots, save_plot(spectrum, file.path(out_dir, "spectrum.png")))
  service_plot <- write_service_plot(sweep$runs, out_dir)
  title <- paste("TableLoad sweep:", basename(sweep$dir))
  c(write_percentiles(table, out_dir), plots, service_plot,
    write_html_report(title, table, plots, sweep$runs, out_dir, lead = c("<h2>Sweep</h2>", sweep_best_html(sweep$cells)),
                      service_plot = service_plot))
}

# A tune's report: its answer (tune.md and the CSVs), the tune plots, the table of every probe and
# confirm run from tune.csv, and the spectra of the recommendation's runs.
write_tune_report <- function(tune, out_dir) {
  ensure_folder(out_dir)
  report_disagreements(tune$runs)
  tables <- write_tune_tables(tune, out_dir)
  table <- sweep_percentile_table(tune)
  plots <- write_tune_plots(tune, out_dir)
  recommended <- Filter(function(run) run$name %in% recommended_cells(tune), tune$runs)
  if (length(recommended) > 0L) {
    spectrum <- plot_spectrum(recommended, "Batch latency by percentile: the recommended probe and its confirm runs", "run")
    if (!is.null(spectrum)) plots <- c(plots, save_plot(spectrum, file.path(out_dir, "spectrum.png")))
  }
  service_plot <- write_service_plot(tune$runs, out_dir)
  title <- paste("TableLoad tune:", basename(tune$dir))
  c(tables, write_percentiles(table, out_dir), plots, service_plot,
    write_html_report(title, table, plots, tune$runs, out_dir, lead = tune_lead_html(tune), service_plot = service_plot))
}
