#!/usr/bin/env Rscript
# Two TableLoad runs side by side.
#
#   Rscript analysis/compare.R A B [--out DIR]
#
# Prints markdown tables of A's and B's figures: those tableload compare judges with its change
# interval and verdict (from `tableload compare A B --json`; tableload is found as R/tableload.R
# says), the others with B's change from A in percent alone. Writes them to DIR/compare.md with an
# overlaid latency spectrum, DIR/compare-spectrum.png (DIR defaults to compare-<A>-vs-<B>/ beside
# A, never the current folder). Then prints the paths written.

# The functions are in R/ beside this script (Rscript names it in --file=).
r_dir <- file.path(dirname(normalizePath(sub("^--file=", "", grep("^--file=", commandArgs(FALSE), value = TRUE)[1]))), "R")
source(file.path(r_dir, "analysis.R"))
source_analysis(r_dir)

USAGE <- c(
  "usage: Rscript analysis/compare.R A B [--out DIR]",
  "Compares two TableLoad result folders: prints markdown tables of their figures, with the verdicts of",
  "tableload compare (better, worse, no difference beyond noise) and B's change from A, and writes",
  "compare.md and compare-spectrum.png into DIR (default: compare-<A>-vs-<B>/ beside A).",
  "tableload is the TABLELOAD variable's command, else tableload on PATH, else dotnet with this repository's Release build."
)

main <- function(cli) {
  if (length(cli$positional) != 2L) {
    input_error(sprintf("expected two result folders, got %d (see --help)", length(cli$positional)))
  }
  for (dir in cli$positional) {
    kind <- folder_kind(dir)
    if (kind != "run") input_error(sprintf("%s is a %s folder; compare two of its cells", dir, kind))
  }
  tableload <- tableload_command(dirname(r_dir))
  verdicts <- tableload_compare(tableload, cli$positional[[1]], cli$positional[[2]])
  runs <- read_runs(cli$positional)
  result <- write_comparison(runs[[1]], runs[[2]], verdicts, cli$out %||% default_compare_dir(cli$positional[[1]], cli$positional[[2]]))
  writeLines(c(result$markdown, "", result$written))
}

run_cli("compare.R", USAGE, main)
