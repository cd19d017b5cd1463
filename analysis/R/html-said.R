# report.html's lines that say what `tableload run` printed under its table, in its words, near the top of the page:
# the request units, the provisioning answer and the RU budget's throttles of a charged run (ResultTable,
# ProvisioningSentence, ThrottleEvidence), and an --abort-if stop (AbortJudge). summary.json holds the figures.

# .NET's "#,0": thousands separated, halves away from zero.
dotnet_whole <- function(x) formatC(sign(x) * floor(abs(x) + 0.5), format = "d", big.mark = ",")

# ProvisioningSentence.RoundedUp: up to the whole unit once a millionth has cleared a product's float error.
rounded_up <- function(x) formatC(ceiling(round(x, 6L)), format = "d", big.mark = ",")

# .NET's "0.##"-style numbers of FigureFormat: at most `digits` decimals, halves away from zero, no trailing zeros.
dotnet_trimmed <- function(x, digits) {
  scaled <- sign(x) * floor(abs(x) * 10^digits + 0.5) / 10^digits
  text <- sprintf("%.*f", digits, scaled)
  if (digits == 0L) text else sub("\\.$", "", sub("0+$", "", text))
}

# The fleet's entities/s an open-model run was asked for: its rate, or its plan's highest target (ResultTable.OpenTarget).
open_target <- function(summary) {
  if (is.null(summary$rate)) return(NULL)
  stages <- summary$stages
  if (!is.data.frame(stages) || nrow(stages) == 0L) return(summary$rate)
  max(stages$start_target, stages$end_target)
}

# The three lines of a charged run: request units, provisioning, and which budget throttled it; nothing without a charge.
request_unit_lines <- function(summary) {
  ru <- summary$request_units
  if (is.null(ru)) return(character())
  mean_eps <- summary$mean_entities_per_second
  provision <- ru$provision_ru_per_second
  target <- open_target(summary)
  target_text <- if (!is.null(target) && dotnet_whole(target) != dotnet_whole(mean_eps)) {
    sprintf("; the target, %s e/s, needs ≥ %s RU/s", dotnet_whole(target), rounded_up(ru$per_entity * target))
  } else ""
  c(sprintf("request units: %s RU/s (peak second %s), %s RU per entity; per batch p50 %s, p99 %s RU; %s RU in all",
            format_fixed(ru$per_second_mean, 1L), format_fixed(ru$per_second_peak, 1L), format_fixed(ru$per_entity, 2L),
            format_fixed(ru$per_batch$p50, 2L), format_fixed(ru$per_batch$p99, 2L), format_fixed(ru$total, 2L)),
    sprintf("provisioning: to sustain %s e/s of this entity, provision ≥ %s RU/s (the peak second needed %s)%s",
            dotnet_whole(mean_eps), rounded_up(provision$mean), rounded_up(provision$peak), target_text),
    request_unit_throttle_line(summary))
}

# ThrottleEvidence's sentence when every throttled answer named the RU budget (429, sub-status 3200).
request_unit_throttle_line <- function(summary) {
  by_limit <- unlist(summary$throttling$by_limit)
  named <- by_limit[by_limit > 0]
  if (length(named) != 1L || names(named) != "request_units") return(character())
  measured <- summary$request_units$per_second_mean
  sprintf("throttled by the RU budget: %s throttled answers said the second's request units were spent (429, sub-status 3200), at %s",
          dotnet_whole(named[[1]]),
          if (is.null(measured)) sprintf("%s e/s", dotnet_whole(summary$mean_entities_per_second))
          else sprintf("%s RU/s measured, about what the account provides, storing %s e/s",
                       dotnet_whole(measured), dotnet_whole(summary$mean_entities_per_second)))
}

# FigureFormat.Value: the condition's figure in its unit, rounded as the terminal rounds it.
figure_value_text <- function(name, value) {
  if (name == "eps") return(sprintf("%s e/s", dotnet_trimmed(value, 0L)))
  if (grepl("^(p[0-9]+|mean|max)$", name)) return(sprintf("%s ms", dotnet_trimmed(value, if (value < 10) 2L else 1L)))
  if (name == "cpu") return(sprintf("%s µs", dotnet_trimmed(value, 1L)))
  sprintf("%s%%", dotnet_trimmed(value, if (value < 1) 3L else 2L))
}

# The plan's stage at a second (StagePlan.StageAt): the first whose planned end is after it, the last after the plan.
stage_at <- function(stages, second) {
  ends <- if (is.null(stages$planned_end_s)) stages$end_s else ifelse(is.na(stages$planned_end_s), stages$end_s, stages$planned_end_s)
  later <- which(second < ends)
  list(index = if (length(later) > 0L) later[[1]] else nrow(stages), ends = ends)
}

# The closed model's plan target at a second, in tasks per process: linear within its stage (StagePlan.TargetAt).
closed_target_at <- function(stages, second) {
  at <- stage_at(stages, second)
  i <- at$index
  end_targets <- if (is.null(stages$planned_end_target)) stages$end_target else ifelse(is.na(stages$planned_end_target), stages$end_target, stages$planned_end_target)
  from_s <- if (i == 1L) 0 else at$ends[[i - 1L]]
  from_target <- if (i == 1L) stages$start_target[[1]] else end_targets[[i - 1L]]
  share <- min(1, max(0, (second - from_s) / (at$ends[[i]] - from_s)))
  from_target + (end_targets[[i]] - from_target) * share
}

# AbortJudge's sentence from summary.json's stopped_by: "Stopped by --abort-if throttled>5% for 3s at second 9, in stage s1:
# throttled was 12.5% over the last 3 s, with the target at 1240 e/s."
stop_sentence <- function(run) {
  stopped <- run$summary$stopped_by
  if (is.null(stopped$condition)) return(NULL)
  condition <- stopped$condition
  name <- tolower(sub("^\\s*([A-Za-z0-9]+).*$", "\\1", condition))
  window <- regmatches(condition, regexec("for\\s+(?:([0-9]+)m)?(?:([0-9]+)s)?\\s*$", condition, perl = TRUE))[[1]]
  window_s <- sum(c(60, 1) * suppressWarnings(as.numeric(window[2:3])), na.rm = TRUE)
  stages <- run$summary$stages
  stage <- ""
  if (is.data.frame(stages) && nrow(stages) > 0L) {
    i <- stage_at(stages, stopped$at_second)$index
    tasks <- if (is_open_model(run)) "" else sprintf(", %s tasks per process", dotnet_trimmed(closed_target_at(stages, stopped$at_second), 1L))
    stage <- sprintf(", in stage s%d%s", stages$stage[[i]], tasks)
  }
  target <- if (is.null(stopped$target)) "" else sprintf(", with the target at %s", figure_value_text("eps", stopped$target))
  sprintf("Stopped by --abort-if %s at second %s%s: %s was %s over the last %s s%s.", condition, stopped$at_second, stage, name,
          figure_value_text(name, stopped$figure), window_s, target)
}

# What the terminal said of each run besides its table: one block per run that has something to say.
said_html <- function(runs) {
  blocks <- lapply(runs, function(run) {
    stop <- stop_sentence(run)
    lines <- request_unit_lines(run$summary)
    if (is.null(stop) && length(lines) == 0L) return(character())
    c(sprintf("<div class=\"said\" id=\"said-%s\"><p><b>%s</b></p><ul>", html_id(run$name), html_escape(run$name)),
      if (!is.null(stop)) sprintf("<li class=\"stopped\">%s</li>", html_escape(stop)),
      sprintf("<li>%s</li>", html_escape(lines)), "</ul></div>")
  })
  unlist(blocks)
}
