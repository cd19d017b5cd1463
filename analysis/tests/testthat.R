# Runs the analysis tests: Rscript analysis/tests/testthat.R (from any folder).
# Prints testthat's summary and a closing "N passed, N failed" line; exits 1 on any failure.
suppressPackageStartupMessages({
  library(testthat)
  library(data.table)
})

tests_dir <- local({
  file <- sub("^--file=", "", grep("^--file=", commandArgs(trailingOnly = FALSE), value = TRUE))
  dirname(normalizePath(file[1]))
})

results <- testthat::test_dir(
  file.path(tests_dir, "testthat"),
  reporter = testthat::ProgressReporter$new(show_praise = FALSE, update_interval = Inf),
  stop_on_failure = FALSE,
  stop_on_warning = FALSE
)

counts <- as.data.frame(results)
failed <- sum(counts$failed) + sum(counts$error)
passed <- sum(counts$nb) - sum(counts$failed) - sum(counts$skipped)
cat(sprintf("analysis: %d passed, %d failed\n", passed, failed))
quit(status = if (failed > 0L) 1L else 0L, save = "no")
