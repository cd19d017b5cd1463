#!/usr/bin/env bash
# Measures how often `tableload compare` is wrong, on single runs through `tableload proxy`, whose
# partition limit fixes what each run can store:
#   identical pairs: two runs of one configuration (the proxy at LIMIT entities/s), each against a fresh
#     Azurite and proxy. Any verdict but "no difference beyond noise" on eps or p99 is a false one.
#   a known 15% difference: a run at LIMIT against one at 0.85 × LIMIT. "WORSE" on eps is the true
#     verdict; "no difference" misses it, "better" calls it the wrong way round.
# Prints, for each kind of pair, the share of each verdict on eps and p99 (cannot decide included), and
# each figure's run-to-run variation over the identical runs (sd / mean: what one run cannot show).
# Targets: identical pairs called different in at most 5% on eps; the 15% called WORSE in most.
# --rounds N: instead, PAIRS comparisons `compare --rounds N` of two identical configurations (they differ
#   in --key-prefix alone), each through one fresh proxy and Azurite; prints how many called e/s beyond
#   noise, and any of eps, p50, p90, p99 or cpu (targets: at most 5% and 20% of 40 or more, at N = 5).
# --rounds N --difference: PAIRS comparisons `compare --rounds N` of --rate LIMIT against --rate 0.85 × LIMIT
#   (the open model sends what it is told, a true difference of 15%; the proxy's limit is raised out of the
#   way); prints how many called the lower rate's e/s WORSE (target: at least 90%).
# --all-pairs N [--client sdk|wire] [--tasks T] [--batch-size B]: instead, N identical runs straight against
#   Azurite (no proxy, so nothing but the emulator and the machine holds their e/s), each against a fresh one,
#   and `compare` of every pair of them (N(N-1)/2 single-run comparisons): prints each verdict's share on eps
#   and p99 ("cannot decide" included), how many called any of eps, p50, p90, p99 or cpu beyond noise, and
#   each figure's run-to-run spread (target: eps beyond noise in at most 7% of 60 or more pairs).
# Never part of the test suite; run it alone: the machine's own noise is part of what it measures.
#
#   scripts/bench-compare.sh [--pairs 20] [--duration 12s] [--warmup 3s] [--limit 1000] [--rounds N [--difference]] [--keep]
#   scripts/bench-compare.sh --all-pairs 12 [--client wire] [--tasks 6] [--batch-size 50] [--duration 12s] [--warmup 2s]
set -euo pipefail

readonly REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/http.sh
source "$REPO_ROOT/scripts/lib/http.sh"
readonly TABLELOAD="$REPO_ROOT/src/TableLoad/bin/Release/net10.0/tableload.dll"
readonly ACCOUNT=devstoreaccount1
# The emulator's published development key, not a secret; passed through the environment all the same.
readonly KEY='Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=='

PAIRS=20 DURATION=12s WARMUP=3s LIMIT=1000 ROUNDS=0 DIFFERENCE=0 KEEP=0 ALL_PAIRS=0 CLIENT=sdk TASKS=6 BATCH_SIZE=50
die() { echo "bench-compare.sh: $*" >&2; exit 1; }
while [[ $# -gt 0 ]]; do
    case "$1" in
        --pairs) [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] || die "--pairs needs a whole number."; PAIRS="$2"; shift 2 ;;
        --duration) [[ $# -ge 2 && "$2" =~ ^[0-9]+s$ ]] || die "--duration needs whole seconds, e.g. 12s."; DURATION="$2"; shift 2 ;;
        --warmup) [[ $# -ge 2 && "$2" =~ ^[0-9]+s$ ]] || die "--warmup needs whole seconds, e.g. 3s."; WARMUP="$2"; shift 2 ;;
        --limit) [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] || die "--limit needs whole entities per second."; LIMIT="$2"; shift 2 ;;
        --rounds) [[ $# -ge 2 && "$2" =~ ^[0-9]+$ && "$2" -ge 2 ]] || die "--rounds needs a whole number of at least 2."; ROUNDS="$2"; shift 2 ;;
        --difference) DIFFERENCE=1; shift ;;
        --keep) KEEP=1; shift ;;
        --all-pairs) [[ $# -ge 2 && "$2" =~ ^[0-9]+$ && "$2" -ge 2 ]] || die "--all-pairs needs a whole number of runs, at least 2."; ALL_PAIRS="$2"; shift 2 ;;
        --client) [[ $# -ge 2 && "$2" =~ ^(sdk|wire)$ ]] || die "--client is sdk or wire."; CLIENT="$2"; shift 2 ;;
        --tasks) [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] || die "--tasks needs a whole number."; TASKS="$2"; shift 2 ;;
        --batch-size) [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] || die "--batch-size needs a whole number."; BATCH_SIZE="$2"; shift 2 ;;
        -h|--help) sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (see --help)." ;;
    esac
done
# Rounds need no run's own interval: their paired differences carry the spread.
(( DIFFERENCE == 0 || ROUNDS > 0 )) || die "--difference goes with --rounds N."
(( ROUNDS > 0 || ${DURATION%s} >= 11 )) || die "--duration must be at least 11s: a shorter run has no interval of its own, and compare cannot decide it."
readonly LOWER=$((LIMIT * 85 / 100))

WORK="$(mktemp -d "${TMPDIR:-/tmp}/tableload-bench-compare.XXXXXX")"
AZURITE_PORT="$(free_port)"
PROXY_PORT="$(free_port)"
cleanup() {
    "$REPO_ROOT/scripts/proxy.sh" stop --port "$PROXY_PORT" >/dev/null 2>&1 || true
    "$REPO_ROOT/scripts/azurite.sh" stop --port "$AZURITE_PORT" >/dev/null 2>&1 || true
    if ((KEEP)); then echo "kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
dotnet build "$REPO_ROOT/src/TableLoad" -c Release -v quiet -nologo >/dev/null || die "the Release build failed."
export TABLELOAD_CONNECTION_STRING="DefaultEndpointsProtocol=http;AccountName=$ACCOUNT;AccountKey=$KEY;TableEndpoint=http://127.0.0.1:$PROXY_PORT/$ACCOUNT"

run() { # run NAME LIMIT: one run through a fresh proxy at LIMIT entities/s in front of a fresh Azurite
    "$REPO_ROOT/scripts/azurite.sh" start --port "$AZURITE_PORT" >/dev/null
    "$REPO_ROOT/scripts/proxy.sh" start --port "$PROXY_PORT" --target-port "$AZURITE_PORT" --partition-limit "$2" --seed 7 >/dev/null
    dotnet "$TABLELOAD" run --tasks 8 --batch-size 100 --duration "$DURATION" --warmup "$WARMUP" --quiet --no-batch-log \
        --output "$WORK/$1" >"$WORK/$1.log" 2>&1 || die "run $1 failed: $(tail -n 3 "$WORK/$1.log")"
    "$REPO_ROOT/scripts/proxy.sh" stop --port "$PROXY_PORT" >/dev/null
    "$REPO_ROOT/scripts/azurite.sh" stop --port "$AZURITE_PORT" >/dev/null
}

spread() { # spread RUN...: each figure's mean and run-to-run spread over the identical runs in $WORK/RUN
    Rscript - "$WORK" "$@" <<'R'
args <- commandArgs(trailingOnly = TRUE)
work <- args[1]; runs <- args[-1]
s <- lapply(runs, function(r) jsonlite::fromJSON(file.path(work, r, "summary.json")))
figures <- list(eps = function(x) x$mean_entities_per_second, p50 = function(x) x$latency_ms$median,
                p90 = function(x) x$latency_ms$p90, p99 = function(x) x$latency_ms$p99,
                cpu = function(x) x$client$cpu_us_per_entity)
cat(sprintf("== run-to-run variation over the %d identical runs\n", length(runs)))
for (name in names(figures)) {
  v <- vapply(s, figures[[name]], numeric(1))
  cat(sprintf("  %-4s mean %9.1f  sd/mean %5.1f%%  sd of log %5.3f\n", name, mean(v), 100 * sd(v) / mean(v), sd(log(v))))
}
R
}

verdict() { # verdict FIGURE FILE: the verdict of FIGURE's line in compare's output
    grep -m1 "^$1 " "$2" | sed -E 's/.*\) (better|WORSE|no difference beyond noise)(;.*)?$/\1/; s/.* (cannot decide):.*/\1/'
}

eps_false=0 any_false=0
judge_identical() { # judge_identical FILE: counts a comparison of identical sides that called eps, or any of five figures, beyond noise
    local figure
    [[ "$(verdict eps "$1")" =~ ^(better|WORSE)$ ]] && eps_false=$((eps_false + 1))
    for figure in eps p50 p90 p99 cpu; do
        if [[ "$(verdict "$figure" "$1")" =~ ^(better|WORSE)$ ]]; then any_false=$((any_false + 1)); break; fi
    done
}

print_false() { # print_false N: the counts of judge_identical over N comparisons
    awk -v e="$eps_false" -v a="$any_false" -v n="$1" 'BEGIN {
        printf "  eps beyond noise                       %d of %d (%.1f%%)\n", e, n, 100 * e / n
        printf "  any of eps, p50, p90, p99, cpu beyond  %d of %d (%.1f%%)\n", a, n, 100 * a / n }'
}

if ((ALL_PAIRS > 0)); then
    export TABLELOAD_CONNECTION_STRING="DefaultEndpointsProtocol=http;AccountName=$ACCOUNT;AccountKey=$KEY;TableEndpoint=http://127.0.0.1:$AZURITE_PORT/$ACCOUNT"
    for ((i = 1; i <= ALL_PAIRS; i++)); do
        echo "== run $i of $ALL_PAIRS: --client $CLIENT --tasks $TASKS --batch-size $BATCH_SIZE, $DURATION after $WARMUP, against a fresh Azurite"
        "$REPO_ROOT/scripts/azurite.sh" start --port "$AZURITE_PORT" >/dev/null
        dotnet "$TABLELOAD" run --client "$CLIENT" --tasks "$TASKS" --batch-size "$BATCH_SIZE" --duration "$DURATION" --warmup "$WARMUP" \
            --quiet --no-batch-log --output "$WORK/r$i" >"$WORK/r$i.log" 2>&1 || die "run $i failed: $(tail -n 3 "$WORK/r$i.log")"
        "$REPO_ROOT/scripts/azurite.sh" stop --port "$AZURITE_PORT" >/dev/null
    done
    n=0
    : >"$WORK/verdicts"
    for ((i = 1; i < ALL_PAIRS; i++)); do
        for ((j = i + 1; j <= ALL_PAIRS; j++)); do
            dotnet "$TABLELOAD" compare "$WORK/r$i" "$WORK/r$j" >"$WORK/c$i-$j.txt" 2>&1 || true
            n=$((n + 1))
            for figure in eps p99; do echo "$figure $(verdict "$figure" "$WORK/c$i-$j.txt")" >>"$WORK/verdicts"; done
            judge_identical "$WORK/c$i-$j.txt"
        done
    done
    echo "== $n single-run comparisons of $ALL_PAIRS identical runs: a verdict other than 'no difference beyond noise' or 'cannot decide' is false"
    sort "$WORK/verdicts" | uniq -c | awk -v n="$n" '{ c = $1; f = $2; $1 = $2 = ""; printf "  %-4s %5.1f%%  %s\n", f, 100 * c / n, substr($0, 3) }'
    print_false "$n"
    grep -m1 "^eps " "$WORK/c1-2.txt" || true
    spread $(seq -f 'r%g' 1 "$ALL_PAIRS")
    exit 0
fi

if ((ROUNDS > 0)); then
    rounds() { # rounds NAME LIMIT BASE NEW: one compare --rounds of BASE and NEW through a fresh proxy at LIMIT in front of a fresh Azurite
        "$REPO_ROOT/scripts/azurite.sh" start --port "$AZURITE_PORT" >/dev/null
        "$REPO_ROOT/scripts/proxy.sh" start --port "$PROXY_PORT" --target-port "$AZURITE_PORT" --partition-limit "$2" --seed 7 >/dev/null
        dotnet "$TABLELOAD" compare --rounds "$ROUNDS" --base "$3" --new "$4" --tasks 8 --batch-size 100 \
            --duration "$DURATION" --warmup "$WARMUP" --no-batch-log --output "$WORK/$1" >"$WORK/$1.txt" 2>"$WORK/$1.log" || [[ $? == 99 ]] ||
            die "compare $1 failed: $(tail -n 3 "$WORK/$1.log")"
        "$REPO_ROOT/scripts/proxy.sh" stop --port "$PROXY_PORT" >/dev/null
        "$REPO_ROOT/scripts/azurite.sh" stop --port "$AZURITE_PORT" >/dev/null
    }
    if ((DIFFERENCE)); then
        worse=0
        for ((i = 1; i <= PAIRS; i++)); do
            echo "== comparison $i of $PAIRS: compare --rounds $ROUNDS of --rate $LIMIT against --rate $LOWER, $DURATION runs"
            rounds "lower$i" $((LIMIT * 4)) "--rate $LIMIT" "--rate $LOWER"
            [[ "$(verdict eps "$WORK/lower$i.txt")" == WORSE ]] && worse=$((worse + 1))
            grep -m1 "^eps " "$WORK/lower$i.txt"
        done
        echo "== a true 15% difference, $PAIRS comparisons by $ROUNDS rounds: 'WORSE' on eps is the true verdict"
        awk -v w="$worse" -v n="$PAIRS" 'BEGIN { printf "  eps WORSE                              %d of %d (%.1f%%)\n", w, n, 100 * w / n }'
        exit 0
    fi
    for ((i = 1; i <= PAIRS; i++)); do
        echo "== comparison $i of $PAIRS: compare --rounds $ROUNDS of two identical configurations at $LIMIT entities/s, $DURATION runs"
        rounds "same$i" "$LIMIT" "--key-prefix a" "--key-prefix b"
        grep -m1 "^eps " "$WORK/same$i.txt"
        judge_identical "$WORK/same$i.txt"
    done
    echo "== identical configurations, $PAIRS comparisons by $ROUNDS rounds: a verdict other than 'no difference beyond noise' is false"
    print_false "$PAIRS"
    exit 0
fi

for ((i = 1; i <= PAIRS; i++)); do
    echo "== pair $i of $PAIRS: two runs at $LIMIT entities/s and one at $LOWER, $DURATION each"
    run "a$i" "$LIMIT"
    run "same$i" "$LIMIT"
    run "lower$i" "$LOWER"
    dotnet "$TABLELOAD" compare "$WORK/a$i" "$WORK/same$i" >"$WORK/compare-same$i.txt" || true
    dotnet "$TABLELOAD" compare "$WORK/a$i" "$WORK/lower$i" >"$WORK/compare-lower$i.txt" || true
done

shares() { # shares KIND FIGURE: each verdict's share over the pairs of KIND
    local i
    for ((i = 1; i <= PAIRS; i++)); do verdict "$2" "$WORK/compare-$1$i.txt"; done |
        sort | uniq -c | awk -v n="$PAIRS" -v what="$1 $2" '{ c = $1; $1 = ""; printf "  %-10s %5.1f%% %s\n", what, 100 * c / n, substr($0, 2) }'
}
echo "== identical pairs ($PAIRS): a verdict other than 'no difference beyond noise' is false"
shares same eps
shares same p99
echo "== a known 15% difference ($PAIRS pairs, $LIMIT -> $LOWER entities/s): 'WORSE' on eps is true"
shares lower eps
shares lower p99

spread $(seq -f 'a%g' 1 "$PAIRS") $(seq -f 'same%g' 1 "$PAIRS")
