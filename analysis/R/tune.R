# Reading a tune folder, what `tableload tune` writes: tune.csv (sweep.csv's columns plus role, step,
# verdict and ordinal), tune.json (constraints, probes, the fitted model, the recommendation, the
# limit and why the others lost) and one result folder per probe and confirm run.
#
# A tune is a list: dir, cells (tune.csv, probes and confirm runs), runs (the cell folders that
# exist) and json (tune.json). It has a sweep's dir, cells and runs, so sweep functions take it.

TUNE_TEXT_COLUMNS <- c("role", "step", "verdict")

is_tune_folder <- function(dir) {
  dir.exists(dir) && file.exists(file.path(dir, "tune.csv"))
}

read_tune <- function(dir) {
  if (!is_tune_folder(dir)) input_error(sprintf("%s is not a tune folder (no tune.csv)", dir))
  json <- read_tune_json(dir)
  cells <- read_cell_table(file.path(dir, "tune.csv"), TUNE_TEXT_COLUMNS, required = c(TUNE_TEXT_COLUMNS, "ordinal"))
  data.table::setorder(cells, ordinal)
  list(dir = normalizePath(dir), cells = cells, runs = read_cell_runs(dir, cells$cell), json = json)
}

# tune.json, checked against the contract: a missing, unparsable or ill-typed file is one input error.
read_tune_json <- function(dir) {
  path <- file.path(dir, "tune.json")
  if (!file.exists(path)) input_error(sprintf("%s has tune.csv but no tune.json: not a complete tune folder", dir))
  json <- tryCatch(jsonlite::fromJSON(path, simplifyVector = TRUE), error = function(e) {
    input_error(sprintf("%s is not valid JSON: %s", path, first_line(conditionMessage(e))))
  })
  problems <- tune_json_problems(json)
  if (length(problems) > 0L) input_error(sprintf("%s is malformed: %s", path, paste(problems, collapse = "; ")))
  json
}

first_line <- function(text) trimws(strsplit(text, "\n", fixed = TRUE)[[1]][1])

# The fields the report reads, by object; "?" marks those the contract lets be null.
TUNE_JSON_FIELDS <- list(
  limit = c(kind = "string", sentence = "string", evidence_cell = "string?"),
  model = c(lambda = "number", sigma = "number", kappa = "number", r_squared = "number?", points = "number?",
            batch_size = "batch_size?", peak_concurrency = "number?", parameters = "number?", degrees_of_freedom = "number?",
            adjusted_r_squared = "number?", residual_standard_error = "number?"),
  recommendation = c(cell = "string", command = "string", processes = "number", tasks = "number", batch_size = "batch_size",
                     entities_per_second_mean = "number", entities_per_second_ci_low = "number",
                     entities_per_second_ci_high = "number", confidence_level = "number?", p50_ms = "number?", p99_ms = "number?",
                     throttled_percent = "number?", cpu_us_per_entity = "number?", constraints_held = "flag?", choice = "string?")
)

# What is wrong with a parsed tune.json, as phrases (empty when nothing is).
tune_json_problems <- function(json) {
  if (!is.list(json) || is.data.frame(json) || is.null(names(json))) return("it is not a JSON object")
  problems <- if (!is_string(json$status)) "status is not a string" else character()
  if (!is.list(json$limit) || is.data.frame(json$limit)) {
    problems <- c(problems, "limit is not an object")
  } else {
    problems <- c(problems, field_problems(json$limit, TUNE_JSON_FIELDS$limit, "limit"))
  }
  for (part in c("model", "recommendation")) {
    value <- json[[part]]
    if (is.null(value)) next
    if (!is.list(value) || is.data.frame(value)) problems <- c(problems, sprintf("%s is neither an object nor null", part))
    else problems <- c(problems, field_problems(value, TUNE_JSON_FIELDS[[part]], part))
  }
  problems <- c(problems, table_problems(json$losers, c("cell", "reason"), "losers"),
                table_problems(json$probes, c("cell", "verdict"), "probes"))
  problems
}

is_string <- function(x) is.character(x) && length(x) == 1L && !is.na(x)

TYPE_WORDS <- c(string = "string", number = "number", flag = "flag", batch_size = "number or none")

field_problems <- function(object, fields, where) {
  problems <- character()
  for (name in names(fields)) {
    type <- fields[[name]]
    value <- object[[name]]
    if (is.null(value) && endsWith(type, "?")) next
    ok <- switch(sub("?", "", type, fixed = TRUE),
                 string = is_string(value),
                 number = is.numeric(value) && length(value) == 1L,
                 flag = is.logical(value) && length(value) == 1L,
                 # A size, or "none" for single writes (--batch-size none: one entity a request).
                 batch_size = (is.numeric(value) && length(value) == 1L) || identical(value, "none"))
    if (!ok) problems <- c(problems, sprintf("%s.%s is %s, not a %s", where, name, describe_json(value), TYPE_WORDS[[sub("?", "", type, fixed = TRUE)]]))
  }
  problems
}

# An array of objects (a data frame once parsed) with these columns; [] is an empty one.
table_problems <- function(value, columns, where) {
  if (is.list(value) && !is.data.frame(value) && length(value) == 0L) return(character())
  if (!is.data.frame(value)) return(sprintf("%s is not an array of objects", where))
  missing <- setdiff(columns, names(value))
  if (length(missing) > 0L) return(sprintf("%s lack %s", where, paste(missing, collapse = ", ")))
  character()
}

describe_json <- function(value) {
  if (is.null(value)) return("missing")
  if (is.list(value)) return("an object or array")
  sprintf("%s", paste(format(value), collapse = ", "))
}

# The Universal Scalability Law as tune.json's model states it: X(N) = lambda N / (1 + sigma (N-1) + kappa N (N-1)).
usl_throughput <- function(model, n) {
  model$lambda * n / (1 + model$sigma * (n - 1) + model$kappa * n * (n - 1))
}

# tune.json's probes (and confirm runs) as a data.table; an empty one when there are none.
tune_probe_table <- function(json) {
  if (!is.data.frame(json$probes)) return(data.table::data.table(cell = character(), verdict = character()))
  data.table::as.data.table(json$probes)
}

# The concurrency of a cell: every task of every process has one batch in flight.
cell_concurrency <- function(cells) cells$processes * cells$tasks

# The cells that stand for the recommendation: its probe and its confirm runs; none without one.
recommended_cells <- function(tune) {
  probe <- tune$json$recommendation$cell
  if (is.null(probe)) return(character())
  c(probe, tune$cells[role == "confirm", cell])
}
