test_that("ZigZag LEB128 counts decode, with runs of empty buckets", {
  # 1 -> 2, a run of 3 empty buckets -> -3 -> 5, 300 -> 600 = 0xd8 0x04
  buckets <- decode_counts(as.raw(c(0x02, 0x05, 0xd8, 0x04)))
  expect_equal(buckets$index, c(0, 4))
  expect_equal(buckets$count, c(1, 300))
})

test_that("bucket values follow HdrHistogram's layout", {
  layout <- list(digits = 3, lowest = 1, highest = 3.6e9)
  values <- bucket_values(c(0, 1, 2047, 2048, 3072), layout)
  expect_equal(values$lowest, c(0, 1, 2047, 2048, 4096))
  expect_equal(values$width, c(1, 1, 1, 2, 4))
})

test_that("the measured intervals of latency.hlog reproduce summary.json's latency exactly", {
  for (dir in all_result_folders()) {
    summary <- read_run(dir)$summary$latency_ms
    figures <- histogram_summary(read_measured_histogram(dir))
    for (field in c("count", LATENCY_FIELDS, "p999")) {
      expect_equal(figures[[field]], summary[[field]], tolerance = 1e-12, info = paste(dir, field))
    }
  }
})

test_that("warm-up intervals of latency.hlog are left out", {
  hlog <- read_hlog(file.path(fixture("run-t2-b10"), "latency.hlog"))
  expect_true(any(hlog$tag == "warmup"))
  expect_equal(sum(measured_histogram(hlog)$count), sum(hlog[tag != "warmup"]$count))
  expect_lt(sum(measured_histogram(hlog)$count), sum(hlog$count))
})
