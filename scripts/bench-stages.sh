#!/usr/bin/env bash
# Measures the targets of --stages and --abort-if (docs/stages.md) against Azurite behind `tableload proxy`:
#   ramp        an open-model plan against a proxy whose limits do not bind. Prints each measured second's planned
#               target and the entities sent in it (batches.csv: batches by the second they started, placed by
#               run.json's started_utc), the worst relative error over every second and over the seconds the
#               client kept up (no batch started more than one plan interval after its intended time), the batches
#               that started before their intended time (target: none), late_batches, and each stage's mean e/s
#               against the plan's (target: each second within 5%, each stage equal to the plan).
#   breakpoint  the proxy's partition limit of 2,000 e/s with a burst of 100 ms (--break-burst: the proxy's default
#               1 s bucket lets a ramp run some 8 s past the limit before its first throttle), the rate ramping
#               500 -> 4,000 e/s over 60 s, one partition, --abort-if "throttled>5% for 5s". Prints the second the throttled share of a measured second first
#               went above 5% (intervals.csv, counted as stopped_by counts: the end of that second), the second the
#               run stopped (summary.json's stopped_by.at_second), the difference (target: at most 10 s) and the
#               target named at the break against the limit (target: within 15%). The run's exit 99 is expected.
# Never part of the test suite; run it alone: a busy machine cannot send the ramp's rates on time.
#
#   scripts/bench-stages.sh [--part ramp|breakpoint|both] [--ramp-rate 200] [--ramp-stages 20s:1500,10s:1500,10s:300]
#       [--ramp-batch-size 10] [--break-rate 500] [--break-stages 60s:4000] [--break-batch-size 100] [--break-burst 100ms]
#       [--tasks 16] [--keep]
set -euo pipefail

readonly REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/proxied-bench.sh
source "$REPO_ROOT/scripts/lib/proxied-bench.sh"
# Limits the ramp never reaches, so the proxy only forwards.
readonly UNBOUND_LIMIT=1000000000
readonly BREAK_LIMIT=2000 BREAK_SHARE=5 BREAK_WINDOW=5s

PARTS=(ramp breakpoint) RAMP_RATE=200 RAMP_STAGES=20s:1500,10s:1500,10s:300 RAMP_BATCH_SIZE=10
BREAK_RATE=500 BREAK_STAGES=60s:4000 BREAK_BATCH_SIZE=100 BREAK_BURST=100ms TASKS=16 KEEP=0
die() { echo "bench-stages.sh: $*" >&2; exit 1; }
whole_option() { [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] || die "$1 needs a whole number."; }
# The plan itself is judged by tableload run; here only its shape, so a typo fails before Azurite starts.
stages_option() { [[ $# -ge 2 && "$2" =~ ^[^,:]+:[0-9.]+(,[^,:]+:[0-9.]+)*$ ]] || die "$1 needs a plan of DURATION:TARGET stages, e.g. 20s:1500,10s:300."; }
while [[ $# -gt 0 ]]; do
    case "$1" in
        --part)
            case "${2:-}" in
                ramp|breakpoint) PARTS=("$2") ;;
                both) PARTS=(ramp breakpoint) ;;
                *) die "--part needs ramp, breakpoint or both." ;;
            esac
            shift 2 ;;
        --ramp-rate) whole_option "$@"; RAMP_RATE="$2"; shift 2 ;;
        --ramp-stages) stages_option "$@"; RAMP_STAGES="$2"; shift 2 ;;
        --ramp-batch-size) whole_option "$@"; RAMP_BATCH_SIZE="$2"; shift 2 ;;
        --break-rate) whole_option "$@"; BREAK_RATE="$2"; shift 2 ;;
        --break-stages) stages_option "$@"; BREAK_STAGES="$2"; shift 2 ;;
        --break-batch-size) whole_option "$@"; BREAK_BATCH_SIZE="$2"; shift 2 ;;
        --break-burst) [[ $# -ge 2 && "$2" =~ ^[0-9]+(ms|s)$ ]] || die "--break-burst needs a time such as 100ms or 1s."; BREAK_BURST="$2"; shift 2 ;;
        --tasks) whole_option "$@"; TASKS="$2"; shift 2 ;;
        --keep) KEEP=1; shift ;;
        -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (see --help)." ;;
    esac
done

proxied_bench_setup bench-stages
"$REPO_ROOT/scripts/azurite.sh" start --port "$AZURITE_PORT" >/dev/null

with_proxy() { # with_proxy [proxy options...]: (re)starts the proxy on PROXY_PORT with these options
    "$REPO_ROOT/scripts/proxy.sh" stop --port "$PROXY_PORT" >/dev/null
    "$REPO_ROOT/scripts/proxy.sh" start --port "$PROXY_PORT" --target-port "$AZURITE_PORT" "$@" >/dev/null
}

staged_run() { # staged_run NAME [run options...]: prints the run's exit code; its output goes to $WORK/NAME.log
    local name="$1" code=0
    shift
    dotnet "$TABLELOAD" run --tasks "$TASKS" --warmup 2s --quiet --output "$WORK/$name" "$@" >"$WORK/$name.log" 2>&1 || code=$?
    echo "$code"
}

# The figures, read with analysis/R's own reader of result folders (read_run), so the throttle outcomes come
# from run.json's outcome table as the reports take them.
figures() { # figures PART FOLDER [arguments...]
    Rscript - "$REPO_ROOT/analysis/R" "$@" <<'R'
args <- commandArgs(trailingOnly = TRUE)
r_dir <- args[1]; part <- args[2]; dir <- args[3]
source(file.path(r_dir, "analysis.R"))
source_analysis(r_dir)
utc_seconds <- function(text) as.numeric(as.POSIXct(sub("Z$", "", text), format = "%Y-%m-%dT%H:%M:%OS", tz = "UTC"))
run <- read_run(dir)
from <- utc_seconds(run$run$measured_from_utc)
measured <- run$intervals[warmup == FALSE & epoch_s >= from]

if (part == "ramp") {
  batch_size <- as.integer(args[4])
  # The plan's target of each measured second (the stage's seconds only: rows after the stop hold batches in flight).
  plan <- unique(measured[!is.na(stage) & epoch_s < from + run$summary$measured_seconds, .(epoch_s, stage, target)])
  batches <- run$batches
  batches[, second := floor(utc_seconds(run$run$started_utc) + start_ms / 1000)]
  sent <- batches[, .(sent = sum(entities), lag_ms = max(start_ms - intended_start_ms)), by = second]
  seconds <- merge(plan, sent, by.x = "epoch_s", by.y = "second", all.x = TRUE)
  seconds[is.na(sent), `:=`(sent = 0L, lag_ms = 0)]
  seconds[, error := (sent - target) / target]
  # One plan interval: the time the plan gives one batch at this second's target.
  seconds[, kept_up := lag_ms <= 1000 * batch_size / target]
  cat(sprintf("%6s %5s %10s %8s %8s %12s\n", "second", "stage", "target", "sent", "error", "worst lag ms"))
  seconds[, cat(sprintf("%6d %5d %10.1f %8d %7.1f%% %12.1f\n", as.integer(epoch_s - from), stage, target, sent, 100 * error, lag_ms), sep = "")]
  kept <- seconds[kept_up == TRUE]
  cat(sprintf("worst relative error: %.1f%% over all %d measured seconds; %s over the %d in which the client kept up (target: within 5%%; one batch is %.1f%% of the lowest target)\n",
              100 * max(abs(seconds$error)), nrow(seconds),
              if (nrow(kept) > 0) sprintf("%.1f%%", 100 * max(abs(kept$error))) else "none", nrow(kept),
              100 * batch_size / min(seconds$target)))
  early <- batches[start_ms < intended_start_ms]
  cat(sprintf("batches started before their intended time: %d of %d%s (target: none); late_batches: %d\n",
              nrow(early), nrow(batches),
              if (nrow(early) > 0) sprintf(", the earliest %.3f ms early", max(early$intended_start_ms - early$start_ms)) else "",
              run$summary$late_batches))
  stages <- run$summary$stages
  planned <- (stages$start_target + stages$end_target) / 2
  for (i in seq_len(nrow(stages))) {
    cat(sprintf("stage s%d: %g-%g s, target %g -> %g e/s: mean %.1f e/s against the plan's %.1f (%+.1f%%)\n",
                stages$stage[i], stages$start_s[i], stages$end_s[i], stages$start_target[i], stages$end_target[i],
                stages$mean_entities_per_second[i], planned[i], 100 * (stages$mean_entities_per_second[i] / planned[i] - 1)))
  }
} else {
  limit <- as.numeric(args[4]); share <- as.numeric(args[5])
  throttles <- run$outcomes$throttles
  per_second <- measured[, .(batches = sum(batches), throttled = sum(unlist(.SD))), by = epoch_s, .SDcols = throttles]
  crossed <- per_second[batches > 0 & 100 * throttled / batches > share][order(epoch_s)]
  # As stopped_by counts: a measured second is named by its end.
  crossed_at <- if (nrow(crossed) > 0) crossed$epoch_s[1] + 1 - from else NA
  crossed_target <- if (is.na(crossed_at)) NA else measured[epoch_s == crossed$epoch_s[1], target][1]
  cat(sprintf("throttled share first above %g%%: at second %s%s\n", share,
              if (is.na(crossed_at)) "(never)" else format(crossed_at),
              if (is.na(crossed_at)) "" else sprintf(" (%.1f%% of %d batches), the plan's target then %.0f e/s",
                                                     100 * crossed$throttled[1] / crossed$batches[1], crossed$batches[1], crossed_target)))
  stopped <- run$summary$stopped_by
  if (is.null(stopped)) {
    cat("the run was not stopped by --abort-if: its plan never broke the limit\n")
  } else {
    cat(sprintf("stopped by %s at second %g (throttled %.1f%% over the window)\n", stopped$condition, stopped$at_second, stopped$figure))
    if (!is.na(crossed_at)) cat(sprintf("stopped %g s after the crossing (target: at most 10 s)\n", stopped$at_second - crossed_at))
    cat(sprintf("target at the break: %.0f e/s, %+.1f%% against the limit of %g e/s (target: within 15%%)\n",
                stopped$target, 100 * (stopped$target / limit - 1), limit))
  }
}
R
}

for part in "${PARTS[@]}"; do
    if [[ "$part" == ramp ]]; then
        echo "== ramp: --rate $RAMP_RATE --stages $RAMP_STAGES, batches of $RAMP_BATCH_SIZE, $TASKS tasks; the proxy's limits do not bind"
        with_proxy --partition-limit "$UNBOUND_LIMIT" --account-limit "$UNBOUND_LIMIT"
        code="$(staged_run ramp --rate "$RAMP_RATE" --stages "$RAMP_STAGES" --batch-size "$RAMP_BATCH_SIZE")"
        ((code == 0)) || die "the ramp run exited $code: $(tail -n 3 "$WORK/ramp.log")"
        figures ramp "$WORK/ramp" "$RAMP_BATCH_SIZE"
    else
        echo "== breakpoint: --rate $BREAK_RATE --stages $BREAK_STAGES, batches of $BREAK_BATCH_SIZE, $TASKS tasks, one partition;" \
            "the proxy's partition limit $BREAK_LIMIT e/s with a burst of $BREAK_BURST; --abort-if \"throttled>$BREAK_SHARE% for $BREAK_WINDOW\""
        with_proxy --partition-limit "$BREAK_LIMIT" --burst "$BREAK_BURST"
        code="$(staged_run breakpoint --rate "$BREAK_RATE" --stages "$BREAK_STAGES" --batch-size "$BREAK_BATCH_SIZE" \
            --abort-if "throttled>$BREAK_SHARE% for $BREAK_WINDOW")"
        # 99: the abort held, which is what a breakpoint test is for.
        ((code == 0 || code == 99)) || die "the breakpoint run exited $code: $(tail -n 3 "$WORK/breakpoint.log")"
        grep '^Stopped by --abort-if' "$WORK/breakpoint.log" || true
        figures breakpoint "$WORK/breakpoint" "$BREAK_LIMIT" "$BREAK_SHARE"
    fi
done
