# Loads the analysis functions at once: report.R, compare.R and the tests source this file, then call
# source_analysis().

# Sources every file of r_dir (analysis/R, this one among them) into the global environment and attaches
# data.table, which they all use.
source_analysis <- function(r_dir) {
  for (path in sort(list.files(r_dir, pattern = "\\.R$", full.names = TRUE))) source(path)
  suppressPackageStartupMessages(library(data.table))
}
