# Reading TableLoad result folders (see docs/results.md) into R.
#
# A run is a list: dir, name (label, else run id), run (run.json), summary (summary.json),
# batches (batches.csv, or a multi-process run's batches-<process>.csv files bound together; NULL
# with --no-batch-log), intervals (intervals.csv), outcomes (which of intervals.csv's outcome
# columns are throttles; see run_outcomes), operations (a mix's intervals-<operation>.csv by
# operation; empty for other runs) and scenarios (a run of scenarios' seconds by scenario: see read_scenario_intervals;
# empty for other runs).
# A sweep is a list: dir, cells (sweep.csv as a data.table) and runs (the cell folders that exist).
# A tune folder is read by read_tune (tune.R).

# An error the user caused (a wrong folder, a missing file): the CLIs print its message alone.
input_error <- function(message) {
  stop(structure(class = c("tableload_input_error", "error", "condition"),
                 list(message = message, call = NULL)))
}

is_result_folder <- function(dir) {
  dir.exists(dir) && file.exists(file.path(dir, "summary.json"))
}

is_sweep_folder <- function(dir) {
  dir.exists(dir) && file.exists(file.path(dir, "sweep.csv"))
}

# Column types fixed by name, so that an all-empty column (error_code on a clean run) stays text.
BATCH_COLUMNS <- c(
  process = "integer", task = "integer", partition_key = "character", start_ms = "numeric",
  latency_ms = "numeric", entities = "integer", attempts = "integer", outcome = "character",
  http_status = "integer", error_code = "character", failed_index = "integer", warmup = "character",
  intended_start_ms = "numeric", request_units = "numeric", throttle_limit = "character",
  retry_after_ms = "numeric", sub_status = "integer", request_id = "character", operation = "character",
  scenario = "character", client_request_id = "character"
)
# Columns a reader does without (older files lack them): they are added as NA.
OPTIONAL_BATCH_COLUMNS <- c("intended_start_ms", "request_units", "throttle_limit", "retry_after_ms", "sub_status", "request_id", "operation", "scenario", "client_request_id")

# The outcome columns of intervals.csv are not listed here: they are the columns between `batches`
# and `p50_ms`, read from each file's header (docs/results.md), so a new outcome needs no change here.
INTERVAL_COLUMNS <- c(
  epoch_s = "numeric", elapsed_s = "numeric", warmup = "character",
  entities_succeeded = "integer", entities_failed = "integer", batches = "integer",
  p50_ms = "numeric", p99_ms = "numeric"
)
# A --stages run's columns (each second's stage and the plan's target); other folders lack them.
INTERVAL_PLAN_COLUMNS <- c(stage = "integer", target = "numeric")
# The second's attempts, retries included (each a transaction the service counts); folders written before it lack it.
INTERVAL_OPTIONAL_COLUMNS <- c(INTERVAL_PLAN_COLUMNS, attempts = "integer")
# A cell's service figures, with TABLELOAD_SERVICE_METRICS; empty in a cell without them, absent in older sweeps.
SWEEP_SERVICE_COLUMNS <- c("service_transactions", "service_throttled", "service_server_latency_ms", "service_e2e_latency_ms")

SWEEP_KNOBS <- c("client", "runtime", "operation", "processes", "tasks", "batch_size", "entity_size", "partitions", "rate", "repeat")

read_csv_typed <- function(path, columns, optional = character()) {
  header <- names(data.table::fread(path, nrows = 0L))
  missing <- setdiff(names(columns), header)
  if (length(setdiff(missing, optional)) > 0L) {
    input_error(sprintf("%s lacks the column(s) %s", path, paste(setdiff(missing, optional), collapse = ", ")))
  }
  known <- columns[intersect(header, names(columns))]
  table <- data.table::fread(path, colClasses = known, na.strings = "",
                             encoding = "UTF-8", showProgress = FALSE)
  for (column in missing) data.table::set(table, j = column, value = methods::as(rep(NA, nrow(table)), columns[[column]]))
  if ("warmup" %in% names(table)) table[, warmup := as_flag(warmup)]
  table[]
}

as_flag <- function(x) {
  tolower(as.character(x)) %in% c("true", "1")
}

read_json_file <- function(path) {
  jsonlite::fromJSON(path, simplifyVector = TRUE)
}

# batches.csv, or batches-<process>.csv per process of a multi-process run; NULL when none.
read_batches <- function(dir) {
  paths <- file.path(dir, "batches.csv")
  if (!file.exists(paths)) {
    paths <- list.files(dir, pattern = "^batches-[0-9]+\\.csv$", full.names = TRUE)
    if (length(paths) == 0L) return(NULL)
    paths <- paths[order(as.integer(gsub("\\D", "", basename(paths))))]
  }
  data.table::rbindlist(lapply(paths, read_csv_typed, BATCH_COLUMNS, OPTIONAL_BATCH_COLUMNS), use.names = TRUE)
}

read_intervals <- function(dir) {
  path <- file.path(dir, "intervals.csv")
  if (!file.exists(path)) input_error(sprintf("%s: no intervals.csv", dir))
  read_intervals_file(path)
}

# A mix's operations, each from its intervals-<operation>.csv (the same columns), named by the operation in
# summary.json's order; an empty list for a folder without them (one operation, or written before mixes).
# `figures` is summary.json or one scenario of its scenarios, whose files' names start with `prefix` ("lookups.").
read_operation_intervals <- function(dir, figures, prefix = "") {
  names <- names(figures$operations)
  paths <- file.path(dir, sprintf("intervals-%s%s.csv", prefix, names))
  present <- file.exists(paths)
  stats::setNames(lapply(paths[present], read_intervals_file), names[present])
}

# A run of scenarios' seconds, a list per scenario in summary.json's order: intervals (intervals-<scenario>.csv) and
# operations (intervals-<scenario>.<operation>.csv by operation, in the order of the scenario's operations in summary.json);
# an empty list for a folder without scenarios.
read_scenario_intervals <- function(dir, summary) {
  scenarios <- summary$scenarios
  present <- names(scenarios)[file.exists(file.path(dir, sprintf("intervals-%s.csv", names(scenarios))))]
  stats::setNames(lapply(present, function(scenario) {
    list(intervals = read_intervals_file(file.path(dir, sprintf("intervals-%s.csv", scenario))),
         operations = read_operation_intervals(dir, scenarios[[scenario]], prefix = paste0(scenario, ".")))
  }), present)
}

read_intervals_file <- function(path) {
  header <- names(data.table::fread(path, nrows = 0L))
  outcomes <- interval_outcome_columns(header, path)
  read_csv_typed(path, c(INTERVAL_COLUMNS, INTERVAL_OPTIONAL_COLUMNS, stats::setNames(rep("integer", length(outcomes)), outcomes)),
                 optional = names(INTERVAL_OPTIONAL_COLUMNS))
}

# The failed batches by outcome: the columns between `batches` and `p50_ms`.
interval_outcome_columns <- function(header, path) {
  from <- match("batches", header)
  to <- match("p50_ms", header)
  if (is.na(from) || is.na(to) || to < from) input_error(sprintf("%s lacks the columns batches and p50_ms", path))
  header[seq_len(to - from - 1L) + from]
}

# failures: intervals.csv's outcome columns; throttles: those of them that run.json's outcome table
# marks as throttles (none in folders written before run.json recorded the table: they are then
# shown as failures, not guessed).
run_outcomes <- function(run_json, intervals) {
  failures <- interval_outcome_columns(names(intervals), "intervals.csv")
  table <- run_json$outcomes
  throttles <- if (is.data.frame(table)) intersect(table$name[as_flag(table$throttle)], failures) else character()
  list(failures = failures, throttles = throttles)
}

run_name <- function(run_json, summary) {
  label <- summary$label %||% run_json$label %||% ""
  if (nzchar(label)) label else summary$run_id %||% basename(run_json$options$output %||% "run")
}

`%||%` <- function(a, b) if (is.null(a)) b else a

read_run <- function(dir) {
  if (!dir.exists(dir)) input_error(sprintf("%s: no such folder", dir))
  if (!is_result_folder(dir)) {
    input_error(sprintf("%s is not a TableLoad result folder (no summary.json)", dir))
  }
  run_path <- file.path(dir, "run.json")
  run_json <- if (file.exists(run_path)) read_json_file(run_path) else list()
  summary <- read_json_file(file.path(dir, "summary.json"))
  if (is.null(summary$latency_ms)) input_error(sprintf("%s: summary.json has no latency_ms", dir))
  intervals <- read_intervals(dir)
  list(
    dir = normalizePath(dir),
    name = run_name(run_json, summary),
    run = run_json,
    summary = summary,
    batches = read_batches(dir),
    intervals = intervals,
    outcomes = run_outcomes(run_json, intervals),
    operations = read_operation_intervals(dir, summary),
    scenarios = read_scenario_intervals(dir, summary)
  )
}

# Names must tell runs apart in legends: a repeated label gets its run id appended.
disambiguate_names <- function(runs) {
  names <- vapply(runs, `[[`, "", "name")
  repeated <- names %in% names[duplicated(names)]
  for (i in which(repeated)) {
    runs[[i]]$name <- sprintf("%s (%s)", names[[i]], runs[[i]]$summary$run_id %||% i)
  }
  names <- vapply(runs, `[[`, "", "name")
  if (anyDuplicated(names)) {
    for (i in seq_along(runs)) runs[[i]]$name <- sprintf("%s #%d", names[[i]], i)
  }
  runs
}

read_runs <- function(dirs) {
  disambiguate_names(lapply(dirs, read_run))
}

# A table of cells (sweep.csv; tune.csv, which is sweep.csv's columns and more) as a data.table.
# Text columns stay text (a client named like a number, partitions "1", gates empty without --fail-if); older sweeps lack the client column.
read_cell_table <- function(path, text_columns = character(), required = character()) {
  header <- names(data.table::fread(path, nrows = 0L, showProgress = FALSE))
  cells <- data.table::fread(path, na.strings = "", showProgress = FALSE,
                             colClasses = list(character = intersect(c("cell", "client", "runtime", "operation", "partitions", "gates", text_columns), header)))
  missing <- setdiff(c("cell", "median", "p99", "peak_eps", "mean_eps", required), names(cells))
  if (length(missing) > 0L) {
    input_error(sprintf("%s lacks the column(s) %s", path, paste(missing, collapse = ", ")))
  }
  if ("saturated" %in% names(cells)) cells[, saturated := as_flag(saturated)]
  # A column no cell filled reads as logical NA: the service's figures are numbers.
  for (column in intersect(SWEEP_SERVICE_COLUMNS, names(cells))) data.table::set(cells, j = column, value = as.numeric(cells[[column]]))
  # A sweep written before --runtime was a knob ran every cell tuned.
  if (!"runtime" %in% names(cells) && "client" %in% names(cells)) cells[, runtime := "tuned"]
  # A sweep written before --operation was a knob inserted in every cell.
  if (!"operation" %in% names(cells) && "client" %in% names(cells)) cells[, operation := "insert"]
  # A sweep with single writes (--batch-size none) has a batch_size that is not all numbers: its levels are none (one entity a request)
  # and then the sizes in their numbers' order, so an axis or a legend reads none, 10, 50, 100.
  if ("batch_size" %in% names(cells) && is.character(cells$batch_size)) cells[, batch_size := batch_size_levels(batch_size)]
  cells[]
}

batch_size_levels <- function(sizes) {
  numbers <- suppressWarnings(as.numeric(sizes))
  factor(sizes, levels = unique(c(intersect("none", sizes), as.character(sort(unique(numbers[!is.na(numbers)]))))))
}

# The result folders of the cells that have one, each run named by its cell.
read_cell_runs <- function(dir, cells) {
  present <- cells[vapply(file.path(dir, cells), is_result_folder, TRUE)]
  runs <- lapply(file.path(dir, present), read_run)
  for (i in seq_along(runs)) runs[[i]]$name <- present[[i]]
  runs
}

read_sweep <- function(dir) {
  if (!is_sweep_folder(dir)) input_error(sprintf("%s is not a sweep folder (no sweep.csv)", dir))
  cells <- read_cell_table(file.path(dir, "sweep.csv"))
  list(dir = normalizePath(dir), cells = cells, runs = read_cell_runs(dir, cells$cell))
}

# What a command-line folder argument is: "run", "sweep", "tune" (see tune.R), or an input error.
folder_kind <- function(dir) {
  if (!dir.exists(dir)) input_error(sprintf("%s: no such folder", dir))
  if (is_tune_folder(dir)) return("tune")
  if (is_sweep_folder(dir)) return("sweep")
  if (is_result_folder(dir)) return("run")
  input_error(sprintf("%s is not a TableLoad result folder (no summary.json) nor a sweep or tune folder (no sweep.csv, no tune.csv)", dir))
}
