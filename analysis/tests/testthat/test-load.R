test_that("read_run reads every file of a result folder with its column types", {
  run <- read_run(fixture("run-rejected"))
  expect_identical(run$name, "rejected")
  expect_identical(run$summary$run_id, run$run$run_id)
  expect_type(run$batches$latency_ms, "double")
  expect_type(run$batches$error_code, "character")
  expect_type(run$batches$warmup, "logical")
  expect_type(run$intervals$warmup, "logical")
  expect_true(all(c("p50_ms", "p99_ms", "server_busy") %in% names(run$intervals)))
})

test_that("read_run keeps an all-empty error_code column as text", {
  run <- read_run(fixture("run-t2-b10"))
  expect_type(run$batches$error_code, "character")
  expect_true(all(is.na(run$batches$error_code)))
})

test_that("read_run tolerates a run written with --no-batch-log", {
  run <- read_run(fixture("run-no-batch-log"))
  expect_null(run$batches)
  expect_gt(nrow(run$intervals), 0L)
})

test_that("read_run binds the batches-<process>.csv files of a multi-process run", {
  run <- read_run(fixture("run-p2"))
  expect_false(file.exists(file.path(run$dir, "batches.csv")))
  expect_setequal(unique(run$batches$process), 0:1)
  expect_equal(nrow(run$batches),
               sum(vapply(c("batches-0.csv", "batches-1.csv"),
                          function(f) nrow(data.table::fread(file.path(run$dir, f))), 0L)))
})

test_that("read_run reads the open model's intended starts, and does without them in older files", {
  run <- read_run(fixture("run-rate"))
  expect_false(anyNA(run$batches$intended_start_ms))
  older <- copy_fixtures("run-t2-b10")
  batches <- data.table::fread(file.path(older, "batches.csv"))[, intended_start_ms := NULL]
  data.table::fwrite(batches, file.path(older, "batches.csv"))
  expect_true(all(is.na(read_run(older)$batches$intended_start_ms)))
})

test_that("read_runs tells runs with the same label apart", {
  runs <- read_runs(fixture(c("run-t2-b10", "run-t2-b10")))
  names <- vapply(runs, `[[`, "", "name")
  expect_false(anyDuplicated(names) > 0L)
})

test_that("read_sweep reads sweep.csv and the cell folders it names", {
  sweep <- read_sweep(SWEEP_FIXTURE)
  expect_setequal(sweep$cells$cell, basename(list.dirs(SWEEP_FIXTURE, recursive = FALSE)))
  expect_true(all(c(SWEEP_KNOBS, "p99", "mean_eps", "saturated") %in% names(sweep$cells)))
  expect_type(sweep$cells$saturated, "logical")
  expect_length(sweep$runs, nrow(sweep$cells))
  expect_identical(vapply(sweep$runs, `[[`, "", "name"), sweep$cells$cell)
})

test_that("read_cell_table reads the gates as text, empty without --fail-if, and the interval columns as numbers", {
  path <- tempfile(fileext = ".csv")
  on.exit(unlink(path))
  writeLines(c("cell,median,p99,p99_ci_low,p99_ci_high,peak_eps,mean_eps,eps_ci_low,eps_ci_high,gates",
               "a,1,2,1.5,2.5,10,9,8.5,9.5,",
               "b,1,2,,,10,9,,,"), path)
  cells <- read_cell_table(path)
  expect_type(cells$gates, "character")
  expect_true(all(is.na(cells$gates)))
  expect_equal(cells$p99_ci_low, c(1.5, NA))
  expect_equal(cells$eps_ci_high, c(9.5, NA))
})

test_that("a folder that is not a result folder is an input error", {
  expect_error(read_run(tempdir()), class = "tableload_input_error", regexp = "not a TableLoad result folder")
  expect_error(read_run(file.path(tempdir(), "no-such-folder")), class = "tableload_input_error")
  expect_error(folder_kind(FIXTURES), class = "tableload_input_error")
  expect_identical(folder_kind(SWEEP_FIXTURE), "sweep")
  expect_identical(folder_kind(fixture("run-t2-b10")), "run")
})

test_that("read_run takes the outcome columns from intervals.csv and the throttles from run.json", {
  run <- read_run(fixture("run-t2-b10"))
  expect_identical(run$outcomes$failures, c("server_busy", "operation_timed_out", "too_many_requests",
                                            "client_timeout", "rejected", "network_failure", "abandoned"))
  expect_identical(run$outcomes$throttles, c("server_busy", "operation_timed_out", "too_many_requests"))
  expect_type(run$intervals$abandoned, "integer")
})

test_that("intervals.csv's last column, attempts, is read as whole numbers and is no outcome; a folder written before it has NA", {
  dir <- copy_fixtures("run-t2-b10")
  intervals <- data.table::fread(file.path(dir, "intervals.csv"))
  data.table::set(intervals, j = "attempts", value = intervals[["batches"]] + 1L)
  data.table::fwrite(intervals, file.path(dir, "intervals.csv"))
  run <- read_run(dir)
  expect_type(run$intervals[["attempts"]], "integer")
  expect_identical(run$intervals[["attempts"]], intervals[["batches"]] + 1L)
  expect_false("attempts" %in% run$outcomes[["failures"]])
  expect_true(all(is.na(read_run(fixture("run-t2-b10"))$intervals[["attempts"]])))
})

test_that("an outcome R has never heard of is read and counted as a failure", {
  dir <- copy_fixtures("run-t2-b10")
  intervals <- data.table::fread(file.path(dir, "intervals.csv"))
  data.table::set(intervals, j = "novel", value = 2L)
  data.table::setcolorder(intervals, c(setdiff(names(intervals), c("novel", "p50_ms", "p99_ms")), "novel", "p50_ms", "p99_ms"))
  data.table::fwrite(intervals, file.path(dir, "intervals.csv"))
  run <- read_run(dir)
  expect_true("novel" %in% run$outcomes$failures)
  expect_true(all(complete_intervals(run)[epoch_s %in% intervals$epoch_s, other_failures] >= 2))
})

test_that("a folder whose run.json has no outcome table shows its failures, none as throttles", {
  dir <- copy_fixtures("run-t2-b10")
  run_json <- jsonlite::read_json(file.path(dir, "run.json"))
  run_json$outcomes <- NULL
  jsonlite::write_json(run_json, file.path(dir, "run.json"), auto_unbox = TRUE, null = "null")
  run <- read_run(dir)
  expect_identical(run$outcomes$throttles, character())
  expect_length(run$outcomes$failures, 7L)
})
