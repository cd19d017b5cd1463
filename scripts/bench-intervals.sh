#!/usr/bin/env bash
# Checks the confidence intervals of summary.json against a target whose long-run figures are known:
# Azurite behind `tableload proxy` with a seeded latency distribution (--latency exp:20ms, --seed 7).
# One long reference run gives the long-run mean entities/s and p99; then N short runs of each of two
# durations. Prints, per duration, how many runs' 95% intervals cover the reference mean e/s and p99
# (the target: at least 90%), how many said too little data, and the mean widths; then the ratio of the
# widths between the two durations (about √(long/short) when intervals narrow as 1/√duration).
# Never part of the test suite; run it alone: the machine's own noise is part of what it measures.
#
# The load stays below the proxy's partition limit (2,000 e/s) by default, so no batch is throttled: a throttled
# batch's latency holds the retry's wait, and the long-run figures then depend on how the retries line up.
#
#   scripts/bench-intervals.sh [--runs 40] [--short 10s] [--long 40s] [--reference 300s] [--tasks 2] [--batch-size 10] [--keep]
set -euo pipefail

readonly REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/proxied-bench.sh
source "$REPO_ROOT/scripts/lib/proxied-bench.sh"

RUNS=40 SHORT=10s LONG=40s REFERENCE=300s TASKS=2 BATCH_SIZE=10 KEEP=0
die() { echo "bench-intervals.sh: $*" >&2; exit 1; }
seconds_option() { [[ $# -ge 2 && "$2" =~ ^[0-9]+s$ ]] || die "$1 needs whole seconds, e.g. 10s."; }
while [[ $# -gt 0 ]]; do
    case "$1" in
        --runs) [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] || die "--runs needs a whole number."; RUNS="$2"; shift 2 ;;
        --short) seconds_option "$@"; SHORT="$2"; shift 2 ;;
        --long) seconds_option "$@"; LONG="$2"; shift 2 ;;
        --reference) seconds_option "$@"; REFERENCE="$2"; shift 2 ;;
        --tasks) [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] || die "--tasks needs a whole number."; TASKS="$2"; shift 2 ;;
        --batch-size) [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] || die "--batch-size needs a whole number."; BATCH_SIZE="$2"; shift 2 ;;
        --keep) KEEP=1; shift ;;
        -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (see --help)." ;;
    esac
done

proxied_bench_setup bench-intervals
"$REPO_ROOT/scripts/azurite.sh" start --port "$AZURITE_PORT" >/dev/null
"$REPO_ROOT/scripts/proxy.sh" start --port "$PROXY_PORT" --target-port "$AZURITE_PORT" --latency exp:20ms --seed 7 >/dev/null

run() { # run NAME DURATION
    dotnet "$TABLELOAD" run --tasks "$TASKS" --batch-size "$BATCH_SIZE" --duration "$2" --warmup 2s --quiet --no-batch-log \
        --output "$WORK/$1" >"$WORK/$1.log" 2>&1 || die "run $1 failed: $(tail -n 3 "$WORK/$1.log")"
}

echo "== reference: one run of $REFERENCE, $TASKS tasks, batches of $BATCH_SIZE, proxy latency exp:20ms seed 7"
run reference "$REFERENCE"
for duration in "$SHORT" "$LONG"; do
    echo "== $RUNS runs of $duration"
    for ((i = 1; i <= RUNS; i++)); do
        run "d$duration-$i" "$duration"
    done
done

# The figures, read from each summary.json by its field names.
Rscript - "$WORK" "$SHORT" "$LONG" "$RUNS" <<'R'
args <- commandArgs(trailingOnly = TRUE)
work <- args[1]; durations <- args[2:3]; runs <- as.integer(args[4])
read_summary <- function(name) jsonlite::fromJSON(file.path(work, name, "summary.json"))
reference <- read_summary("reference")
cat(sprintf("reference: mean e/s %.1f (its own 95%% CI %s), p99 %.2f ms\n", reference$mean_entities_per_second,
            paste(sprintf("%.1f", unlist(reference$confidence$mean_entities_per_second)), collapse = "-"), reference$latency_ms$p99))
outcomes <- unlist(reference$outcomes)
cat(sprintf("reference: %d retries; batches by outcome: %s\n", reference$retries, paste(names(outcomes), outcomes, sep = " ", collapse = ", ")))
widths <- list()
for (d in durations) {
  s <- lapply(seq_len(runs), function(i) read_summary(sprintf("d%s-%d", d, i)))
  with_ci <- Filter(function(x) !is.null(x$confidence$mean_entities_per_second), s)
  covers <- function(ci, value) length(ci) == 2 && ci[1] <= value && value <= ci[2]
  mean_covered <- sum(vapply(with_ci, function(x) covers(unlist(x$confidence$mean_entities_per_second), reference$mean_entities_per_second), logical(1)))
  p99_covered <- sum(vapply(with_ci, function(x) covers(unlist(x$confidence$latency_ms$p99), reference$latency_ms$p99), logical(1)))
  mean_width <- mean(vapply(with_ci, function(x) diff(unlist(x$confidence$mean_entities_per_second)), numeric(1)))
  p99_width <- mean(vapply(with_ci, function(x) diff(unlist(x$confidence$latency_ms$p99)), numeric(1)))
  widths[[d]] <- c(mean_width, p99_width)
  n <- length(with_ci)
  cat(sprintf("%s: %d of %d runs with intervals (%d too little data); mean e/s covered in %d (%.0f%%), p99 in %d (%.0f%%); mean widths: %.1f e/s, %.2f ms\n",
              d, n, runs, runs - n, mean_covered, 100 * mean_covered / max(n, 1), p99_covered, 100 * p99_covered / max(n, 1), mean_width, p99_width))
}
ratio <- widths[[durations[1]]] / widths[[durations[2]]]
expected <- sqrt(as.numeric(sub("s$", "", durations[2])) / as.numeric(sub("s$", "", durations[1])))
cat(sprintf("width ratio %s / %s: mean e/s %.2f, p99 %.2f (1/sqrt(duration) gives %.2f)\n", durations[1], durations[2], ratio[1], ratio[2], expected))
R
