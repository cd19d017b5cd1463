test_that("percent_change is B relative to A, and undefined from zero", {
  expect_equal(percent_change(c(100, 50, 0, 0), c(110, 25, 0, 5)), c(10, -50, 0, NA))
  expect_identical(format_change(c(10, -50, 0, NA), c(100, 50, 0, 0), c(110, 25, 0, 5)),
                   c("+10.0%", "-50.0%", "0.0%", "new"))
})

test_that("compare_table has every percentile and both rates of both runs", {
  runs <- read_runs(fixture(c("run-t2-b10", "run-t4-b10")))
  table <- compare_table(runs[[1]], runs[[2]])
  expect_true(all(c("latency median (ms)", "latency p99 (ms)", "latency p99.9 (ms)", "peak e/s", "mean e/s")
                  %in% table$metric))
  p99 <- table[metric == "latency p99 (ms)"]
  expect_equal(p99$a, runs[[1]]$summary$latency_ms$p99)
  expect_equal(p99$b, runs[[2]]$summary$latency_ms$p99)
  lines <- compare_markdown(table, runs[[1]]$name, runs[[2]]$name)
  expect_length(lines, nrow(table) + 2L)
  expect_identical(length(unique(nchar(lines))), 1L)
})

test_that("markdown tables align and escape pipes", {
  lines <- markdown_table(c("a", "b"), matrix(c("x|y", "1"), nrow = 1), right = c(FALSE, TRUE))
  expect_identical(lines[2], "|-----|----:|")
  table <- percentile_table(read_runs(fixture("run-t2-b10")))
  table$label <- "a|b"
  expect_match(percentile_markdown(table)[3], "^\\| a\\\\\\|b ", perl = TRUE)
})
