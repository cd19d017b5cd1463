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

test_that("a folder that is not a result folder is an input error", {
  expect_error(read_run(tempdir()), class = "tableload_input_error", regexp = "not a TableLoad result folder")
  expect_error(read_run(file.path(tempdir(), "no-such-folder")), class = "tableload_input_error")
  expect_error(folder_kind(FIXTURES), class = "tableload_input_error")
  expect_identical(folder_kind(SWEEP_FIXTURE), "sweep")
  expect_identical(folder_kind(fixture("run-t2-b10")), "run")
})
