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

test_that("two runs under different runtime settings are told apart, with what B's CPU per entity owes to them", {
  runs <- read_runs(fixture(c("run-t2-b10", "run-t4-b10")))
  tuned <- list(profile = "tuned", gc_mode = "server", concurrent_gc = TRUE, gc_dynamic_adaptation = 0, gc_heap_count = 2,
                tiered_compilation = TRUE, tiered_pgo = FALSE, min_worker_threads = 6, min_io_threads = 6)
  defaults <- modifyList(tuned, list(profile = "defaults", gc_dynamic_adaptation = 1, tiered_pgo = TRUE, min_worker_threads = 2, min_io_threads = 2))
  runs[[1]]$summary$runtime_settings <- tuned
  runs[[2]]$summary$runtime_settings <- defaults
  runs[[1]]$summary$client$cpu_us_per_entity <- 50
  runs[[2]]$summary$client$cpu_us_per_entity <- 100

  differences <- runtime_differences(runs[[1]], runs[[2]])
  expect_setequal(differences$setting, c("--runtime", "GC dynamic adaptation (DATAS)", "tiered PGO",
                                          "thread-pool minimum worker threads", "thread-pool minimum I/O threads"))
  expect_identical(differences[setting == "tiered PGO"]$b, "on")
  sentence <- runtime_sentence(runs[[1]], runs[[2]], differences)
  expect_match(sentence, "GC dynamic adaptation (DATAS) off -> on", fixed = TRUE)
  expect_match(sentence, "changed by +100.0% (50.0 -> 100.0 µs)", fixed = TRUE)

  out <- tempfile("compare-")
  written <- write_comparison(runs[[1]], runs[[2]], out)
  expect_true(any(grepl("| tiered PGO", written$markdown, fixed = TRUE)))
  expect_true(any(grepl("changed by +100.0%", readLines(file.path(out, "compare.md")), fixed = TRUE)))
})

test_that("runs under the same runtime settings, or without them recorded, get no runtime section", {
  runs <- read_runs(fixture(c("run-t2-b10", "run-t4-b10")))
  expect_identical(nrow(runtime_differences(runs[[1]], runs[[2]])), 0L)
  expect_null(runtime_sentence(runs[[1]], runs[[2]], runtime_differences(runs[[1]], runs[[2]])))
})
