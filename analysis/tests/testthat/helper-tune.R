# Tune folders for the tests, written as `tableload tune` writes them (the contract in
# docs/analysis.md): sweep-mini's four cells as the probes, a copy of the winner's folder as its
# confirm run, and tune.csv and tune.json built from them.

TUNE_WINNER <- "p1-t4-b50-e1024-single-r1"
TUNE_CONFIRM <- "p1-t4-b50-e1024-single-r2"
TUNE_VERDICTS <- c("p1-t1-b10-e1024-single-r1" = "meets", "p1-t1-b50-e1024-single-r1" = "meets",
                   "p1-t4-b10-e1024-single-r1" = "throttled", "p1-t4-b50-e1024-single-r1" = "meets")
TUNE_MODEL <- list(batch_size = 50, lambda = 1600, sigma = 0.25, kappa = 0.02, r_squared = 0.93, points = 4,
                   peak_concurrency = 6.1, parameters = 3, degrees_of_freedom = 1, adjusted_r_squared = 0.79,
                   residual_standard_error = 45.2)
TUNE_LOSERS <- list(
  list(cell = "p1-t4-b10-e1024-single-r1", reason = "throttled 3.1% of its batches (over 1%)"),
  list(cell = "p1-t1-b50-e1024-single-r1", reason = "1,614 e/s, 8% below the recommendation"),
  list(cell = "p1-t1-b10-e1024-single-r1", reason = "306 e/s, 82% below the recommendation"))
TUNE_COMMAND <- "tableload run --tasks 4 --batch-size 50 --duration 60s"
TUNE_LIMIT_SENTENCE <- "Throttling began at 747 e/s (p1-t4-b10): the partition's target, with partitions single."

# The probes' and the confirm run's rows of tune.csv.
tune_csv_rows <- function() {
  cells <- data.table::fread(file.path(SWEEP_FIXTURE, "sweep.csv"), colClasses = list(character = c("partitions", "client")))
  cells[, `:=`(role = "probe", step = ifelse(tasks == 1L, "climb", "fit"), verdict = TUNE_VERDICTS[cell])]
  confirm <- cells[cell == TUNE_WINNER][, `:=`(cell = TUNE_CONFIRM, `repeat` = 2L, role = "confirm", step = "confirm",
                                              mean_eps = mean_eps * 0.97)]
  rows <- rbind(cells, confirm)
  rows[, ordinal := seq_len(.N)]
  rows[]
}

# tune.json's probes from tune.csv's rows.
tune_json_probes <- function(rows) {
  lapply(seq_len(nrow(rows)), function(i) with(rows[i], list(
    ordinal = ordinal, cell = cell, role = role, step = step, processes = processes, tasks = tasks,
    batch_size = batch_size, verdict = verdict, entities_per_second = mean_eps, p50_ms = median, p99_ms = p99,
    throttled_percent = if (verdict == "throttled") 3.1 else 0, failed_percent = 0, client_saturated = FALSE, cpu_us_per_entity = 40.5)))
}

tune_recommendation <- function() {
  list(cell = TUNE_WINNER, processes = 1, tasks = 4, batch_size = 50,
       entities_per_second_mean = 1720.5, entities_per_second_ci_low = 1694, entities_per_second_ci_high = 1747,
       confidence_level = 0.95,
       p50_ms = 107.8, p99_ms = 271.6, throttled_percent = 0.2, cpu_us_per_entity = 40.5,
       constraints_held = TRUE, command = TUNE_COMMAND)
}

tune_json <- function(rows, recommendation = tune_recommendation(), model = TUNE_MODEL, losers = TUNE_LOSERS,
                      limit = list(kind = "service", sentence = TUNE_LIMIT_SENTENCE, evidence_cell = "p1-t4-b10-e1024-single-r1")) {
  list(started_utc = "2026-11-25T20:00:00+00:00", status = "finished",
       constraints = list(p99_ms = NULL, max_throttled_percent = 1, max_failed_percent = 1),
       space = list(max_tasks = 4, max_processes = 1, batch_sizes = c(10, 50)),
       budget_s = 600, probe_duration_s = 2, confirm_duration_s = 2, confirm = 1,
       run_arguments = list("--partitions", "single"), account = "devstoreaccount1",
       endpoint = "http://127.0.0.1:10002/devstoreaccount1",
       probes = tune_json_probes(rows), model = model, recommendation = recommendation, limit = limit, losers = losers)
}

write_tune_json <- function(json, dir) {
  jsonlite::write_json(json, file.path(dir, "tune.json"), auto_unbox = TRUE, null = "null", digits = NA, pretty = TRUE)
}

# A fresh tune folder; `edit` changes tune.json before it is written; with_json = FALSE leaves it out.
make_tune_folder <- function(edit = identity, with_json = TRUE, confirm = TRUE) {
  dir <- tempfile("tune-")
  dir.create(dir)
  file.copy(list.dirs(SWEEP_FIXTURE, recursive = FALSE), dir, recursive = TRUE)
  rows <- tune_csv_rows()
  if (confirm) {
    dir.create(file.path(dir, TUNE_CONFIRM))
    file.copy(list.files(file.path(dir, TUNE_WINNER), full.names = TRUE), file.path(dir, TUNE_CONFIRM))
  } else {
    rows <- rows[role == "probe"]
  }
  data.table::fwrite(rows, file.path(dir, "tune.csv"))
  if (with_json) write_tune_json(edit(tune_json(rows)), dir)
  dir
}
