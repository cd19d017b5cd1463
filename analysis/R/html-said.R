# report.html's lines that say what `tableload run` printed under its table, in its words, near the top of the page:
# the request units, the provisioning answer and the RU budget's throttles of a charged run (ResultTable,
# ProvisioningSentence, ThrottleEvidence), from summary.json's figures, and an --abort-if stop's own sentence.

# .NET's "#,0": thousands separated, halves away from zero.
dotnet_whole <- function(x) formatC(sign(x) * floor(abs(x) + 0.5), format = "d", big.mark = ",")

# ProvisioningSentence.RoundedUp: up to the whole unit once a millionth has cleared a product's float error.
rounded_up <- function(x) formatC(ceiling(round(x, 6L)), format = "d", big.mark = ",")

# The fleet's entities/s an open-model run was asked for: its rate, or its plan's highest target (ResultTable.OpenTarget).
open_target <- function(summary) {
  if (is.null(summary[["rate"]])) return(NULL)
  stages <- summary$stages
  if (!is.data.frame(stages) || nrow(stages) == 0L) return(summary[["rate"]])
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
  ru <- summary$request_units
  measured <- ru$per_second_mean
  eps <- dotnet_whole(summary$mean_entities_per_second)
  sprintf("throttled by the RU budget: %s throttled answers said the second's request units were spent (429, sub-status 3200), at %s",
          dotnet_whole(named[[1]]),
          if (is.null(measured)) sprintf("%s e/s", eps)
          else if (!is.null(ru$spent_per_second_peak) && ru$spent_per_second_peak > 0) sprintf("%s, storing %s e/s", spent_text(ru), eps)
          # The measured batches' charges alone leave out the warm-up's late answers, which spent the same seconds' budget.
          else sprintf("%s RU/s measured, storing %s e/s", dotnet_whole(measured), eps))
}

# ThrottleEvidence.SpentText: every answer's request units in the measured seconds, the warm-up's late ones included, and the busiest second.
spent_text <- function(ru) {
  late <- ru$warmup_in_measured_seconds
  split <- if (!is.null(late) && late > 0) {
    sprintf(" (%s by the measured batches, %s by the warm-up's that answered in them)",
            dotnet_whole(ru$per_second_mean), dotnet_whole(ru$spent_per_second_mean - ru$per_second_mean))
  } else ""
  sprintf("%s RU/s spent in the measured seconds%s and %s in the run's busiest second, about what the account provides a second",
          dotnet_whole(ru$spent_per_second_mean), split, dotnet_whole(ru$spent_per_second_peak))
}

# The sentence the run printed when --abort-if stopped it, as summary.json's stopped_by keeps it (written by TableLoad,
# never composed here); a folder written before summary.json kept the sentence gets its condition and second.
stop_sentence <- function(run) {
  stopped <- run$summary$stopped_by
  if (is.null(stopped$condition)) return(NULL)
  if (!is.null(stopped$sentence)) return(stopped$sentence)
  sprintf("Stopped by --abort-if %s at second %s.", stopped$condition, stopped$at_second)
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
