# A mix's operations (fixture run-mix: --mix read:80,upsert-replace:20, written by TableLoad): its
# intervals-<operation>.csv read beside intervals.csv, a line per operation on the time plots and a
# row per operation in the percentile table and report.html. Folders without them look as before.

MIX_OPERATIONS <- c("read", "upsert-replace")

mix_run <- function() read_run(fixture("run-mix"))

test_that("a mix's per-operation files are read in summary.json's order, and their seconds add up to the run's", {
  run <- mix_run()
  expect_identical(names(run$operations), MIX_OPERATIONS)
  for (table in run$operations) expect_identical(table$epoch_s, run$intervals$epoch_s)
  expect_identical(Reduce(`+`, lapply(run$operations, `[[`, "batches")), run$intervals$batches)
  expect_identical(Reduce(`+`, lapply(run$operations, `[[`, "entities_succeeded")), run$intervals$entities_succeeded)
})

test_that("a run of one operation has no per-operation series", {
  run <- read_run(fixture("run-t2-b10"))
  expect_length(run$operations, 0L)
  expect_null(part_interval_table(list(run)))
})

test_that("the throughput plot draws a line per operation of a mix on the run's time axis", {
  run <- mix_run()
  plot <- plot_throughput(list(run))
  lines <- plot$data[plot$data$series %in% MIX_OPERATIONS, ]
  expect_setequal(unique(as.character(lines$series)), MIX_OPERATIONS)
  whole <- interval_table(list(run))
  for (operation in MIX_OPERATIONS) {
    own <- lines[lines$series == operation, ]
    expect_identical(own$x, whole$x)
    expect_identical(as.numeric(own$rate), as.numeric(complete_intervals(modifyList(run, list(intervals = run$operations[[operation]])))$entities_succeeded))
  }
  colours <- ggplot2::ggplot_build(plot)$plot$scales$get_scales("colour")$palette(0)
  expect_identical(unname(colours[MIX_OPERATIONS]), unname(part_palette(MIX_OPERATIONS)))
})

test_that("the latency-per-second plot draws each operation's p50 and p99, a colour per operation", {
  plot <- plot_interval_latency(list(mix_run()))
  expect_setequal(levels(plot$data$part), MIX_OPERATIONS)
  expect_setequal(unique(paste(plot$data$part, plot$data$percentile)),
                  c(paste(MIX_OPERATIONS, "p99"), paste(MIX_OPERATIONS, "p50 (median)")))
  expect_identical(rlang::as_label(plot$mapping$colour), "part")
  expect_identical(plot$scales$get_scales("colour")$name, "operation")
})

test_that("a run of one operation's time plots look as before: one succeeded line, percentiles by colour", {
  run <- read_run(fixture("run-t2-b10"))
  expect_identical(unique(as.character(plot_throughput(list(run))$data$series)), "succeeded")
  latency <- plot_interval_latency(list(run))
  expect_false("part" %in% names(latency$data))
  expect_identical(rlang::as_label(latency$mapping$colour), "percentile")
})

test_that("the percentile table has a row per operation under the run's, with the figures TableLoad printed", {
  run <- mix_run()
  table <- percentile_table(list(run))
  expect_identical(table$label, c("mix", "mix: read", "mix: upsert-replace"))
  cells <- percentile_cells(table)
  for (i in seq_along(MIX_OPERATIONS)) {
    # The printed row: the operation, then min ... failed, mean e/s and the intervals.
    printed <- printed_row(run$dir, MIX_OPERATIONS[[i]])
    expect_identical(cells[i + 1L, -(1:2)], printed[2:11])
    expect_identical(c(format_fixed(table$mean_eps[[i + 1L]], 0L), table$eps_ci[[i + 1L]], table$p99_ci[[i + 1L]]), printed[12:14])
  }
  # The run's own row, whose mean e/s is no latency's mean.
  expect_identical(c(format_fixed(table$mean_eps[[1]], 0L), table$eps_ci[[1]], table$p99_ci[[1]]), printed_row(run$dir, "1")[12:14])
  expect_identical(percentile_cells(percentile_table(list(read_run(fixture("run-t2-b10")))))[, 1L], fixture_label("run-t2-b10"))
})

test_that("a mix's report.html has the operations' rows in its table and both time plots", {
  out <- tempfile("html-")
  written <- write_run_report(read_runs(fixture("run-mix")), out)
  expect_true(all(c("throughput.png", "latency-per-second.png") %in% basename(written)))
  html <- paste(readLines(file.path(out, "report.html"), warn = FALSE), collapse = "\n")
  table <- regmatches(html, regexpr("<table id=\"percentiles\">.*?</table>", html))
  for (label in c("mix: read", "mix: upsert-replace")) expect_match(table, sprintf("<td>%s</td>", label), fixed = TRUE)
})
