# The percentile table's latency columns come from run.json's latency_columns, which TableLoad writes from its figures' declarations.

# A copy of run-t4-b10 whose run.json lists the columns as a TableLoad with p99.9 writes them, and whose p99.9 differs
# from every other latency figure of the run (in the fixture it equals max), so that only its own field can show it.
run_with_p999_column <- function() {
  dir <- copy_fixtures("run-t4-b10")
  run_path <- file.path(dir, "run.json")
  columns <- paste0(
    "\"latency_columns\": [",
    paste(sprintf("{\"header\": \"%s\", \"field\": \"%s\"}",
                  c("min", "median", "mean", "max", "p90", "p95", "p99", "p99.9"),
                  c("min", "median", "mean", "max", "p90", "p95", "p99", "p999")), collapse = ", "),
    "],")
  writeLines(sub("{", paste0("{", columns), paste(readLines(run_path, warn = FALSE), collapse = "\n"), fixed = TRUE), run_path)
  summary_path <- file.path(dir, "summary.json")
  writeLines(sub("\"p999\": 988.671", "\"p999\": 975.125", readLines(summary_path, warn = FALSE), fixed = TRUE), summary_path)
  dir
}

test_that("percentiles.md and report.html's table show each column run.json lists, p99.9 after p99 with summary.json's value", {
  runs <- read_runs(run_with_p999_column())
  expect_equal(runs[[1]]$summary$latency_ms$p999, 975.125)
  out <- tempfile("percentiles-")
  dir.create(out)
  table <- percentile_table(runs)

  write_percentiles(table, out)

  lines <- readLines(file.path(out, "percentiles.md"))
  header <- trimws(strsplit(grep("^\\| label", lines, value = TRUE), "|", fixed = TRUE)[[1]][-1L])
  expect_identical(header, c("label", "processes", "min", "median", "mean", "max", "p90", "p95", "p99", "p99.9",
                             "peak e/s", "succeeded", "failed"))
  row <- markdown_rows(lines)[[1]]
  expect_identical(row[[match("p99.9", header)]], "975.12")
  expect_identical(row[[match("max", header)]], "988.67")
  expect_equal(data.table::fread(file.path(out, "percentiles.csv"))$p999, 975.125)
  html <- paste(percentile_html(table), collapse = "\n")
  expect_match(html, "<th class=\"num\">p99</th><th class=\"num\">p99.9</th>", fixed = TRUE)
  expect_match(html, "<td class=\"num\">968.19</td><td class=\"num\">975.12</td>", fixed = TRUE)
})

test_that("a folder whose run.json lists no columns has the table's columns of before, so that old folders read as they did", {
  table <- percentile_table(read_runs(fixture("run-t4-b10")))

  expect_identical(percentile_header(table), c("label", "processes", LATENCY_FIELDS, "peak e/s", "succeeded", "failed"))
  expect_false("p999" %in% names(table))
})
