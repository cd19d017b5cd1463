#!/usr/bin/env Rscript
# Percentile table and plots of TableLoad result folders.
#
#   Rscript analysis/report.R [--out DIR] <results dir>...
#
# Without --out each folder gets its own report, written into it. With --out the run folders
# are reported together into DIR (one table row, one spectrum line and one panel per run); a
# sweep folder (sweep.csv plus one folder per cell) or a tune folder (tune.csv, tune.json and one
# folder per probe) gets its own report, in DIR/<folder name> when there is anything else to report. Prints the paths written, one per line.

# The functions are in R/ beside this script (Rscript names it in --file=).
r_dir <- file.path(dirname(normalizePath(sub("^--file=", "", grep("^--file=", commandArgs(FALSE), value = TRUE)[1]))), "R")
source(file.path(r_dir, "analysis.R"))
source_analysis(r_dir)

USAGE <- c(
  "usage: Rscript analysis/report.R [--out DIR] <results dir>...",
  "Writes percentiles.md, percentiles.csv and PNG plots for TableLoad result, sweep or tune folders,",
  "into each folder, or into DIR for all of them together; prints the paths written."
)

main <- function(cli) {
  folders <- cli$positional
  if (length(folders) == 0L) input_error("no results folder given (see --help)")
  kinds <- vapply(folders, folder_kind, "")
  run_dirs <- folders[kinds == "run"]
  # A sweep or a tune folder is reported on its own, never together with other folders.
  own_dirs <- folders[kinds %in% c("sweep", "tune")]
  report_own <- function(dir, target) {
    if (kinds[[dir]] == "tune") write_tune_report(read_tune(dir), target) else write_sweep_report(read_sweep(dir), target)
  }
  written <- character()
  if (is.null(cli$out)) {
    for (dir in run_dirs) written <- c(written, write_run_report(read_runs(dir), dir))
    for (dir in own_dirs) written <- c(written, report_own(dir, dir))
  } else {
    if (length(run_dirs) > 0L) written <- write_run_report(read_runs(run_dirs), cli$out)
    alone <- length(run_dirs) == 0L && length(own_dirs) == 1L
    for (dir in own_dirs) {
      target <- if (alone) cli$out else file.path(cli$out, basename(normalizePath(dir)))
      written <- c(written, report_own(dir, target))
    }
  }
  writeLines(written)
}

run_cli("report.R", USAGE, main)
