# report.html's part for a run with a stage plan (--stages) or a stop (--abort-if): one row per stage of
# summary.json's `stages` (the stop's sentence stands near the top: html-said.R). The plots draw the same (stages.R).

STAGE_HEADER <- c("stage", "from s", "to s", "target", "mean e/s", "95% CI e/s", "p50 ms", "p99 ms", "95% CI p99",
                  "p99.9 ms", "throttled %", "failed %")

# The stages' intervals of one figure as "lo–hi", or the reason there is none (a stage shorter than ~10 s).
stage_interval_text <- function(stages, pick, format) {
  intervals <- pick(stages$confidence)
  vapply(seq_len(nrow(stages)), function(i) {
    value <- if (is.matrix(intervals)) intervals[i, ] else if (is.list(intervals)) intervals[[i]] else NULL
    if (length(value) == 2L && !anyNA(value)) sprintf("%s–%s", format(value[1]), format(value[2])) else "too little data"
  }, "")
}

# A latency field of each stage, blank for a stage without batches or a folder written before the field.
stage_latency_text <- function(stages, field) {
  values <- stages$latency_ms[[field]]
  if (is.null(values)) return(rep("", nrow(stages)))
  ifelse(stages$batches > 0, format_latency(values), "")
}

stage_table_html <- function(run) {
  stages <- run$summary$stages
  if (!is.data.frame(stages) || nrow(stages) == 0L) return(character())
  unit <- if (is_open_model(run)) "e/s" else "tasks"
  percent <- function(x) format_fixed(x, 1L)
  cells <- cbind(
    sprintf("s%d", stages$stage), format_fixed(stages$start_s, 1L), format_fixed(stages$end_s, 1L),
    sprintf("%s → %s %s", plain_number(stages$start_target), plain_number(stages$end_target), unit),
    format_fixed(stages$mean_entities_per_second, 1L),
    stage_interval_text(stages, function(c) c$mean_entities_per_second, function(x) format_fixed(x, 1L)),
    # A stage the run never reached (stopped before it) has no batches and no latency to show.
    ifelse(stages$batches > 0, format_latency(stages$latency_ms$median), ""),
    ifelse(stages$batches > 0, format_latency(stages$latency_ms$p99), ""),
    stage_interval_text(stages, function(c) if (is.data.frame(c$latency_ms)) c$latency_ms$p99, format_latency),
    stage_latency_text(stages, "p999"),
    percent(stages$throttled_percent), percent(stages$failed_percent))
  c("<h3>Stages</h3>",
    "<p>The stage plan (--stages) and each stage's figures, from its own measured seconds; throttled: % of its batches, failed: % of its entities.</p>",
    html_table(STAGE_HEADER, cells, id = sprintf("stages-%s", html_id(run$name)),
               right = c(FALSE, TRUE, TRUE, FALSE, rep(TRUE, 8L))))
}

# A run name as an HTML id: letters, digits and dashes.
html_id <- function(name) gsub("[^A-Za-z0-9-]+", "-", name)
