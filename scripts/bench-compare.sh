#!/usr/bin/env bash
# Measures how `tableload compare --fail-on eps,p99` judges single runs against Azurite:
# N runs of one closed-model configuration (12 tasks, batches of 100, DURATION after a 3 s warm-up), each
# against a fresh in-memory Azurite, and N runs of an open-model configuration at half the first one's
# median entities/s. Prints each figure's run-to-run variation (sd / mean over the N identical runs: what
# one run cannot show, and what RunToRunNoise's defaults stand for), then how many pairs of identical
# runs compare exits 0 in (the target: at least 90%) and how many pairs whose entities/s differ by 2×
# it exits 99 in (the target: at least 95%).
# Never part of the test suite; run it alone: the machine's own noise is part of what it measures.
#
#   scripts/bench-compare.sh [--runs 20] [--duration 8s] [--keep]
set -euo pipefail

readonly REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/http.sh
source "$REPO_ROOT/scripts/lib/http.sh"
readonly TABLELOAD="$REPO_ROOT/src/TableLoad/bin/Release/net10.0/tableload.dll"
readonly ACCOUNT=devstoreaccount1
# The emulator's published development key, not a secret; passed through the environment all the same.
readonly KEY='Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=='

RUNS=20 DURATION=8s KEEP=0
die() { echo "bench-compare.sh: $*" >&2; exit 1; }
while [[ $# -gt 0 ]]; do
    case "$1" in
        --runs) [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] || die "--runs needs a whole number."; RUNS="$2"; shift 2 ;;
        --duration) [[ $# -ge 2 && "$2" =~ ^[0-9]+s$ ]] || die "--duration needs whole seconds, e.g. 8s."; DURATION="$2"; shift 2 ;;
        --keep) KEEP=1; shift ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (see --help)." ;;
    esac
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/tableload-bench-compare.XXXXXX")"
PORT="$(free_port)"
cleanup() {
    "$REPO_ROOT/scripts/azurite.sh" stop --port "$PORT" >/dev/null 2>&1 || true
    if ((KEEP)); then echo "kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
dotnet build "$REPO_ROOT/src/TableLoad" -c Release -v quiet -nologo >/dev/null || die "the Release build failed."
export TABLELOAD_CONNECTION_STRING="DefaultEndpointsProtocol=http;AccountName=$ACCOUNT;AccountKey=$KEY;TableEndpoint=http://127.0.0.1:$PORT/$ACCOUNT"

run() { # run NAME OPTION... : one run against a fresh Azurite
    "$REPO_ROOT/scripts/azurite.sh" start --port "$PORT" >/dev/null
    dotnet "$TABLELOAD" run --batch-size 100 --duration "$DURATION" --warmup 3s --quiet --no-batch-log \
        --output "$WORK/$1" "${@:2}" >"$WORK/$1.log" 2>&1 || die "run $1 failed: $(tail -n 3 "$WORK/$1.log")"
    "$REPO_ROOT/scripts/azurite.sh" stop --port "$PORT" >/dev/null
}

echo "== $RUNS runs of 12 tasks, batches of 100, $DURATION, each against a fresh Azurite"
for ((i = 1; i <= RUNS; i++)); do run "a$i" --tasks 12; done
median="$(for ((i = 1; i <= RUNS; i++)); do grep -m1 -o '"mean_entities_per_second": *[0-9.]*' "$WORK/a$i/summary.json" | grep -o '[0-9.]*$'; done | sort -n | awk '{ v[NR] = $1 } END { print int(v[int((NR + 1) / 2)] / 2) }')"
echo "== $RUNS runs of --rate $median (half the median), 12 tasks"
for ((i = 1; i <= RUNS; i++)); do run "b$i" --tasks 12 --rate "$median"; done

Rscript - "$WORK" "$RUNS" <<'R'
args <- commandArgs(trailingOnly = TRUE)
work <- args[1]; runs <- as.integer(args[2])
s <- lapply(seq_len(runs), function(i) jsonlite::fromJSON(file.path(work, sprintf("a%d", i), "summary.json")))
figures <- list(eps = function(x) x$mean_entities_per_second, p50 = function(x) x$latency_ms$median,
                p90 = function(x) x$latency_ms$p90, p95 = function(x) x$latency_ms$p95, p99 = function(x) x$latency_ms$p99,
                p999 = function(x) x$latency_ms$p999, mean = function(x) x$latency_ms$mean, max = function(x) x$latency_ms$max,
                cpu = function(x) x$client$cpu_us_per_entity)
for (name in names(figures)) {
  v <- vapply(s, figures[[name]], numeric(1))
  cat(sprintf("%-5s mean %9.1f  sd/mean %5.1f%%  range/median %5.1f%%\n", name, mean(v), 100 * sd(v) / mean(v), 100 * diff(range(v)) / median(v)))
}
R

exits() { # exits PREFIX_BASE PREFIX_NEW: compare's exit code for each pair
    local i j
    for ((i = 1; i <= RUNS; i++)); do
        j=$((i % RUNS + 1))
        [[ "$1" == "$2" ]] || j=$i
        dotnet "$TABLELOAD" compare "$WORK/$1$i" "$WORK/$2$j" --fail-on eps,p99 >"$WORK/compare-$1$i-$2$j.txt" 2>&1 && echo 0 || echo $?
    done
}
same="$(exits a a | sort | uniq -c | tr '\n' ' ')"
halved="$(exits a b | sort | uniq -c | tr '\n' ' ')"
echo "identical runs, $RUNS pairs (a_i vs a_i+1), compare --fail-on eps,p99 exit codes (count code): $same"
echo "half the entities/s, $RUNS pairs (a_i vs b_i), exit codes (count code): $halved"
