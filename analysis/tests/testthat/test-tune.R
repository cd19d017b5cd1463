# A tune folder (see helper-tune.R): read, checked, drawn and reported.

# A tune folder whose search found nothing that met the constraints: no recommendation, no confirm run.
make_fruitless_tune_folder <- function() {
  make_tune_folder(confirm = FALSE, edit = function(json) {
    json["recommendation"] <- list(NULL)
    json$limit <- list(kind = "service", sentence = TUNE_LIMIT_SENTENCE, evidence_cell = "p1-t4-b10-e1024-single-r1")
    json
  })
}

html_of <- function(out) paste(readLines(file.path(out, "report.html"), warn = FALSE, encoding = "UTF-8"), collapse = "\n")

test_that("a folder with tune.csv is a tune folder, read with its probes, confirm runs and tune.json", {
  dir <- make_tune_folder()
  expect_identical(folder_kind(dir), "tune")
  tune <- read_tune(dir)
  expect_identical(tune$cells$role, c(rep("probe", 4L), "confirm"))
  expect_type(tune$cells$verdict, "character")
  expect_identical(tune$cells$ordinal, 1:5)
  expect_type(tune$cells$saturated, "logical")
  expect_identical(vapply(tune$runs, `[[`, "", "name"), tune$cells$cell)
  expect_identical(tune$json$recommendation$cell, TUNE_WINNER)
  expect_identical(recommended_cells(tune), c(TUNE_WINNER, TUNE_CONFIRM))
})

test_that("a tune folder without tune.json is one input error that says so", {
  dir <- make_tune_folder(with_json = FALSE)
  expect_error(read_tune(dir), class = "tableload_input_error", regexp = "has tune.csv but no tune.json")
})

test_that("a tune.json that is not JSON, or breaks the contract, is one input error naming what is wrong", {
  broken <- make_tune_folder()
  writeLines("{\"status\": \"finished\", \"limit\": {", file.path(broken, "tune.json"))
  expect_error(read_tune(broken), class = "tableload_input_error", regexp = "tune.json is not valid JSON")

  ill_typed <- make_tune_folder(edit = function(json) {
    json$model$lambda <- "fast"
    json$recommendation$command <- NULL
    json
  })
  error <- tryCatch(read_tune(ill_typed), tableload_input_error = function(e) e)
  expect_s3_class(error, "tableload_input_error")
  expect_match(conditionMessage(error), "tune.json is malformed: ")
  expect_match(conditionMessage(error), "model.lambda is fast, not a number", fixed = TRUE)
  expect_match(conditionMessage(error), "recommendation.command is missing, not a string", fixed = TRUE)

  no_reasons <- make_tune_folder(edit = function(json) {
    json$losers <- lapply(json$losers, function(loser) loser["cell"])
    json
  })
  expect_error(read_tune(no_reasons), class = "tableload_input_error", regexp = "losers lack reason")
})

test_that("report.R on a malformed tune.json exits 2 with one line, not an R stack trace", {
  dir <- make_tune_folder()
  writeLines("not json at all", file.path(dir, "tune.json"))
  result <- run_script("report.R", c(dir, "--out", tempfile("tune-report-")))
  expect_equal(result$status, 2L)
  expect_length(result$stderr, 1L)
  expect_match(result$stderr, "^report\\.R: .*tune\\.json is not valid JSON")
  expect_false(any(grepl("Backtrace|Error in|Traceback", result$stderr)))
  expect_length(result$stdout, 0L)
})

test_that("the USL is tune.json's formula", {
  model <- list(lambda = 1000, sigma = 0.1, kappa = 0.01)
  # 1000 * 10 / (1 + 0.1 * 9 + 0.01 * 10 * 9) = 10000 / 2.8
  expect_equal(usl_throughput(model, 10), 10000 / 2.8)
  expect_equal(usl_throughput(model, 1), 1000)
})

test_that("the concurrency plot's curve passes through the formula's value at every probe's N", {
  tune <- read_tune(make_tune_folder())
  built <- ggplot2::ggplot_build(plot_tune_concurrency(tune))
  curve <- built$data[[1]]
  n <- unique(tune$cells[role == "probe", processes * tasks])
  expect_setequal(intersect(curve$x, n), n)
  at_probes <- curve[curve$x %in% n, ]
  lambda <- TUNE_MODEL$lambda
  sigma <- TUNE_MODEL$sigma
  kappa <- TUNE_MODEL$kappa
  expect_equal(at_probes$y, lambda * at_probes$x / (1 + sigma * (at_probes$x - 1) + kappa * at_probes$x * (at_probes$x - 1)))
  # The probes are drawn at their own concurrency and rate, coloured by verdict.
  points <- built$data[[2]]
  expect_equal(sort(points$y), sort(tune$cells[role == "probe", mean_eps]))
  expect_match(built$plot$labels$caption, "fitted to 4 probes of batch size 50 (3 parameters)", fixed = TRUE)
  expect_match(built$plot$labels$caption,
               "λ = 1,600 e/s, σ = 0.25, κ = 0.02, adjusted R² = 0.790, residual standard error 45 e/s on 1 degree of freedom", fixed = TRUE)
})

test_that("a law with as many parameters as points is not drawn, and the caption says why", {
  tune <- read_tune(make_tune_folder(edit = function(json) {
    json$model$points <- 3
    json$model$degrees_of_freedom <- 0
    json
  }))
  plot <- plot_tune_concurrency(tune)
  expect_false(any(vapply(plot$layers, function(layer) inherits(layer$geom, "GeomLine"), TRUE)))
  expect_match(plot$labels$caption, "as many parameters as points", fixed = TRUE)
})

test_that("without a model the concurrency plot draws the probes and no curve, and says why", {
  tune <- read_tune(make_tune_folder(edit = function(json) {
    json["model"] <- list(NULL)
    json
  }))
  plot <- plot_tune_concurrency(tune)
  expect_false(any(vapply(plot$layers, function(layer) inherits(layer$geom, "GeomLine"), TRUE)))
  expect_match(plot$labels$caption, "no fitted model")
})

test_that("the tune plots are written, the recommendation ringed and its confirm runs shown", {
  out <- tempfile("tune-plots-")
  dir.create(out)
  tune <- read_tune(make_tune_folder())
  written <- write_tune_plots(tune, out)
  expect_identical(basename(written), c("tune-knee.png", "tune-concurrency.png"))
  for (png in written) expect_png(png)
  built <- ggplot2::ggplot_build(plot_tune_knee(tune))
  winner <- tune$cells[cell == TUNE_WINNER]
  confirm <- tune$cells[cell == TUNE_CONFIRM]
  rings <- Filter(function(d) "shape" %in% names(d) && all(d$shape == 21) && nrow(d) == 1L, built$data)
  expect_length(rings, 1L)
  expect_equal(rings[[1]]$x, winner$mean_eps)
  expect_equal(10^rings[[1]]$y, winner$p99)
  diamonds <- Filter(function(d) "shape" %in% names(d) && all(d$shape == 23), built$data)
  expect_length(diamonds, 1L)
  expect_equal(diamonds[[1]]$x, confirm$mean_eps)
})

test_that("report.html leads with the recommendation and the limit, then the command and each loser's reason", {
  out <- tempfile("tune-report-")
  tune <- read_tune(make_tune_folder())
  written <- write_tune_report(tune, out)
  expect_true(all(c("tune.md", "tune-recommendation.csv", "tune-losers.csv", "tune-knee.png",
                    "tune-concurrency.png", "report.html") %in% basename(written)))
  html <- html_of(out)
  headline <- regexpr("Recommended: 1 process × 4 tasks, batches of 50 (p1-t4-b50-e1024-single-r1), 1720 entities/s (95% CI 1694–1747 from 1 confirm run)", html, fixed = TRUE)
  limit <- regexpr(html_escape(paste("Limit (service):", TUNE_LIMIT_SENTENCE)), html, fixed = TRUE)
  expect_gt(headline, 0L)
  expect_gt(limit, 0L)
  expect_match(html, sprintf("<pre id=\"command\"><code>%s</code></pre>", TUNE_COMMAND), fixed = TRUE)
  for (loser in TUNE_LOSERS) expect_match(html, sprintf("<td>%s</td>", html_escape(loser$reason)), fixed = TRUE)
  # The answer comes before the tables and plots a reader would otherwise start with.
  expect_lt(limit, regexpr("id=\"losers\"", html, fixed = TRUE))
  expect_lt(headline, regexpr("id=\"percentiles\"", html, fixed = TRUE))
  expect_lt(headline, regexpr("<img", html, fixed = TRUE))
})

test_that("tune.md and the CSVs hold the recommendation and why each other candidate lost", {
  out <- tempfile("tune-tables-")
  dir.create(out)
  tune <- read_tune(make_tune_folder())
  write_tune_tables(tune, out)
  md <- readLines(file.path(out, "tune.md"), encoding = "UTF-8")
  expect_true(TUNE_COMMAND %in% md)
  expect_true(any(grepl("^\\| 1 process × 4 tasks, batches of 50 \\| p1-t4-b50-e1024-single-r1 \\| +1720 \\(1694–1747\\) \\|", md)))
  losers <- data.table::fread(file.path(out, "tune-losers.csv"))
  expect_identical(losers$cell, vapply(TUNE_LOSERS, `[[`, "", "cell"))
  expect_identical(losers$reason, vapply(TUNE_LOSERS, `[[`, "", "reason"))
  # Each loser carries its own probe's figures.
  expect_equal(losers$entities_per_second, tune$cells[match(losers$cell, cell), mean_eps])
  expect_identical(losers$verdict, unname(TUNE_VERDICTS[losers$cell]))
  recommendation <- data.table::fread(file.path(out, "tune-recommendation.csv"))
  expect_equal(recommendation$eps_mean, 1720.5)
  expect_identical(recommendation$command, TUNE_COMMAND)
})

test_that("a tune without a recommendation says no configuration met the constraints, and names the limit's evidence", {
  out <- tempfile("tune-none-")
  tune <- read_tune(make_fruitless_tune_folder())
  written <- write_tune_report(tune, out)
  expect_false("tune-recommendation.csv" %in% basename(written))
  html <- html_of(out)
  expect_match(html, "No configuration met the constraints (throttled batches ≤ 1%", fixed = TRUE)
  expect_match(html, "Evidence: p1-t4-b10-e1024-single-r1, 1 process × 4 tasks, batches of 10: 747 e/s, p99 187.39 ms, throttled 3.1%, verdict throttled.", fixed = TRUE)
  expect_match(html, html_escape(TUNE_LIMIT_SENTENCE), fixed = TRUE)
  expect_false(grepl("id=\"command\"", html, fixed = TRUE))
  expect_false(grepl("Recommended:", html, fixed = TRUE))
  md <- readLines(file.path(out, "tune.md"), encoding = "UTF-8")
  expect_true(any(startsWith(md, "No configuration met the constraints")))
  # Nothing ringed: no probe is the recommendation.
  built <- ggplot2::ggplot_build(plot_tune_knee(tune))
  expect_false(any(vapply(built$data, function(d) nrow(d) > 0L && "shape" %in% names(d) && all(d$shape == 21), TRUE)))
})

test_that("report.R reports a tune folder on its own, and compare.R refuses one", {
  dir <- make_tune_folder()
  out <- tempfile("tune-cli-")
  result <- run_script("report.R", c(dir, "--out", out))
  expect_equal(result$status, 0L, info = paste(result$stderr, collapse = "\n"))
  expect_setequal(basename(result$stdout),
                  c("tune.md", "tune-recommendation.csv", "tune-losers.csv", "percentiles.md", "percentiles.csv",
                    "tune-knee.png", "tune-concurrency.png", "spectrum.png", "report.html"))
  expect_true(all(startsWith(result$stdout, out)))
  refused <- run_script("compare.R", c(dir, fixture("run-t2-b10")))
  expect_equal(refused$status, 2L)
  expect_match(refused$stderr, "is a tune folder; compare two of its cells")
})

test_that("a cheaper configuration chosen within noise says why beside the recommendation", {
  why <- "p1-t1-b100 chosen over p1-t4-b100: p1-t4-b100's +1.4% e/s (95% CI −18% to +21%) is within noise, at 4× the tasks."
  tune <- read_tune(make_tune_folder(edit = function(json) {
    json$recommendation$choice <- why
    json
  }))
  expect_match(tune_headline(tune), paste0("from 1 confirm run); the constraints held in every confirm run. ", why), fixed = TRUE)
})
