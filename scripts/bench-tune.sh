#!/usr/bin/env bash
# Measures `tableload tune` against the grid it replaces: for each case, a full `tableload sweep` over
# tasks 1,2,4,...,64 × batch sizes 10,25,50,100 and a `tableload tune` over the same space, both against
# Azurite behind `tableload proxy` with a known capacity, each cell and probe measured for the same time.
# Prints per case: the grid's answer (its best cell meeting the constraints, confirmed as tune confirms its own:
# two more runs of twice the cell's time, the next best while they break a constraint) with the mean entities/s of
# those runs, tune's recommendation with the mean of its confirm runs, the ratio of the two, the limit tune named, and the wall
# time of each with their ratio. The cases:
#   service   the proxy's partition limit of 2,000 entities/s (Azure's target for one partition), one
#             partition, --latency exp:20ms: throttling (over 1% of batches) is the limit
#   latency   no throttling within reach, --latency exp:20ms, tune --p99 P99 (default 250ms): p99 binds first
# Never part of the test suite; run it alone: the grid and tune measure the machine as much as the target.
#
#   scripts/bench-tune.sh [--case service|latency|both] [--duration 5s] [--warmup 2s] [--p99 250ms] [--keep]
set -euo pipefail

readonly REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/proxied-bench.sh
source "$REPO_ROOT/scripts/lib/proxied-bench.sh"
readonly TASKS=1,2,4,8,16,32,64 BATCH_SIZES=10,25,50,100

CASES=(service latency) DURATION=5s WARMUP=2s P99=250ms KEEP=0 CONFIRM=10s
die() { echo "bench-tune.sh: $*" >&2; exit 1; }
while [[ $# -gt 0 ]]; do
    case "$1" in
        --case) [[ $# -ge 2 && "$2" =~ ^(service|latency|both)$ ]] || die "--case must be service, latency or both."
                [[ "$2" == both ]] || CASES=("$2"); shift 2 ;;
        --duration) [[ $# -ge 2 && "$2" =~ ^[0-9]+s$ ]] || die "--duration needs whole seconds, e.g. 5s."; DURATION="$2"; CONFIRM="$(( ${2%s} * 2 ))s"; shift 2 ;;
        --warmup) [[ $# -ge 2 ]] || die "--warmup needs a value."; WARMUP="$2"; shift 2 ;;
        --p99) [[ $# -ge 2 ]] || die "--p99 needs a value."; P99="$2"; shift 2 ;;
        --keep) KEEP=1; shift ;;
        -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (see --help)." ;;
    esac
done

proxied_bench_setup bench-tune

# The rows of a sweep.csv that meet the constraints (throttled ≤ 1% of batches, other failures ≤ 1% of entities,
# p99 ≤ the limit in ms (0: none), client not saturated), best first: "mean_eps tasks batch_size cell p99" each.
meeting_rows() { # meeting_rows FILE P99_MS
    awk -F, -v limit="$2" '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        {
            entities = $col["succeeded"] + $col["failed"]
            batches = entities / $col["batch_size"]
            throttled = batches > 0 ? 100 * $col["throttled"] / batches : 0
            failed = entities > 0 ? 100 * ($col["failed"] - $col["throttled"] * $col["batch_size"]) / entities : 0
            if (throttled <= 1 && failed <= 1 && $col["saturated"] == "false" && (limit == 0 || $col["p99"] <= limit))
                printf "%.0f %s %s %s %.1f\n", $col["mean_eps"], $col["tasks"], $col["batch_size"], $col["cell"], $col["p99"]
        }' "$1" | sort -k1,1nr
}

# The grid's answer as a user would take it, and as tune takes its own: the best cells in turn, each run twice
# more for twice the cell's time; the first whose two runs both meet the constraints, with their mean entities/s.
grid_answer() { # grid_answer NAME P99_MS -> "cell mean_eps p99" or "none"
    local name="$1" p99_ms="$2" candidate=0 eps tasks batch cell p99 runs
    while read -r eps tasks batch cell p99 && ((candidate++ < 3)); do
        dotnet "$TABLELOAD" sweep --tasks "$tasks" --batch-size "$batch" --repeat 2 --duration "$CONFIRM" --warmup "$WARMUP" \
            --output "$WORK/$name-grid-confirm-$candidate" --verbosity quiet >/dev/null 2>&1 </dev/null || true
        runs="$(meeting_rows "$WORK/$name-grid-confirm-$candidate/sweep.csv" "$p99_ms")"
        if [[ "$(grep -c . <<<"$runs")" == 2 ]]; then
            awk -v cell="$cell" '{ sum += $1; if ($5 > p99) p99 = $5 } END { printf "%s %.0f %.1f\n", cell, sum / NR, p99 }' <<<"$runs"
            return
        fi
    done < <(meeting_rows "$WORK/$name-grid/sweep.csv" "$p99_ms")
    echo "none"
}

# Tune's answer: the recommendation's row of its printed table (mean over its confirm runs) and the worst p99.
tune_answer() { # tune_answer OUT -> "cell mean_eps p99" or "none"
    awk -F'|' '/^\| --processes/ { gsub(/[ ,]/, "", $3); split($3, eps, "("); gsub(/ /, "", $5); gsub(/ /, "", $2); print $2, eps[1], $5; found = 1 }
               END { if (!found) print "none" }' "$1" | sed 's/--processes/p/; s/--tasks/-t/; s/--batch-size/-b/'
}

elapsed() { awk -v from="$1" -v to="$(date +%s.%N)" 'BEGIN { printf "%.1f", to - from }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b + 0 > 0 && a ~ /^[0-9.]+$/) printf "%.2f", a / b; else printf "?" }'; }
ms() { local text="$1"; case "$text" in *ms) echo "${text%ms}" ;; *s) echo "$(( ${text%s} * 1000 ))" ;; *) echo 0 ;; esac; }

bench_case() {
    local name="$1" p99_ms=0 proxy_options=() tune_options=()
    case "$name" in
        service) proxy_options=(--partition-limit 2000 --latency exp:20ms) ;;
        latency) proxy_options=(--partition-limit 1000000 --account-limit 1000000 --latency exp:20ms); p99_ms="$(ms "$P99")"; tune_options=(--p99 "$P99") ;;
    esac
    "$REPO_ROOT/scripts/azurite.sh" stop --port "$AZURITE_PORT" >/dev/null 2>&1 || true
    "$REPO_ROOT/scripts/azurite.sh" start --port "$AZURITE_PORT" >/dev/null
    "$REPO_ROOT/scripts/proxy.sh" stop --port "$PROXY_PORT" >/dev/null 2>&1 || true
    "$REPO_ROOT/scripts/proxy.sh" start --port "$PROXY_PORT" --target-port "$AZURITE_PORT" "${proxy_options[@]}" >/dev/null

    local start grid_s tune_s
    start=$(date +%s.%N)
    dotnet "$TABLELOAD" sweep --tasks "$TASKS" --batch-size "$BATCH_SIZES" --duration "$DURATION" --warmup "$WARMUP" \
        --output "$WORK/$name-grid" --verbosity quiet >"$WORK/$name-grid.out" 2>&1 || true
    grid_s=$(elapsed "$start")
    start=$(date +%s.%N)
    dotnet "$TABLELOAD" tune --max-tasks 64 --max-processes 1 --batch-size "$BATCH_SIZES" --duration "$DURATION" --warmup "$WARMUP" \
        "${tune_options[@]}" --output "$WORK/$name-tune" --verbosity quiet >"$WORK/$name-tune.out" 2>&1 || true
    tune_s=$(elapsed "$start")

    local grid tune probes limit
    grid="$(grid_answer "$name" "$p99_ms")"
    tune="$(tune_answer "$WORK/$name-tune.out")"
    probes=$(awk -F, 'NR > 1' "$WORK/$name-tune/tune.csv" | grep -c ',probe,' || true)
    limit=$(grep -m1 '^limit: ' "$WORK/$name-tune.out" | cut -c8- || true)
    echo "## $name (proxy ${proxy_options[*]}; cells and probes ${DURATION} after ${WARMUP}${tune_options[*]:+; tune ${tune_options[*]}})"
    echo
    echo "| | configuration | entities/s | p99 ms | wall time s |"
    echo "|:--|:--|--:|--:|--:|"
    printf '| grid, 28 cells (its best confirmed as tune confirms) | %s | %s | %s | %.0f |\n' $grid "$grid_s"
    printf '| tune, %s probes + confirm runs | %s | %s | %s | %.0f |\n' "$probes" $tune "$tune_s"
    local grid_eps tune_eps
    grid_eps=$(cut -d' ' -f2 <<<"$grid"); tune_eps=$(cut -d' ' -f2 <<<"$tune")
    echo
    echo "tune ÷ grid: entities/s $(ratio "$tune_eps" "$grid_eps")×, time $(ratio "$tune_s" "$grid_s")×"
    echo "limit named: $limit"
    echo "recommended: $(tail -n1 "$WORK/$name-tune.out")"
    echo
}

echo "# tune against the grid ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg))"
echo
for c in "${CASES[@]}"; do
    bench_case "$c"
done
