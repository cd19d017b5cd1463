#!/usr/bin/env bash
# What a read scenario beside an ingest scenario costs the ingest, in CPU per written entity, against the fake endpoint
# (bench/TableLoad.Bench fake-endpoint: a canned 202 for each batch, a canned 1 KB entity for each point read), so the
# client's CPU is all there is to measure. A process's CPU is not split by scenario, so each round runs four TableLoad
# processes from scenario profiles at the same open-model rates: the ingest alone ("ingest": inserts at --ingest-rate e/s
# from --ingest-tasks tasks in batches of --batch-size), the ingest beside the reads ("lookups": point reads at
# --read-rate reads/s from --read-tasks tasks over a preloaded key space of --key-space keys), the reads alone, and an
# idle process (the lookups at one read a second: what a process spends a second whatever its load); in that order on odd
# rounds and reversed on even ones. The reads' own CPU is the reads run's less the idle one's; the ingest's CPU beside the
# reads is the second run's CPU less the reads' own (scaled to its reads), over its written entities. CPU is the measured
# window's (the bench startup-hook probe), start-up, preload and warm-up left out. Prints each figure's mean ± sd (min–max) over the rounds and
# the rounds' difference with its 95% t interval: "no difference beyond noise" when the interval holds 0. Never part of
# the test suite; run it alone.
#
#   scripts/bench-scenarios.sh [--rounds 5] [--client sdk|wire] [--ingest-rate 20000] [--ingest-tasks 8] [--batch-size 100]
#                              [--read-rate 2000] [--read-tasks 8] [--key-space 100] [--seconds 20] [--warmup 3] [--keep]
set -euo pipefail

readonly REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/http.sh
source "$REPO_ROOT/scripts/lib/http.sh"
# shellcheck source=lib/bench-rounds.sh
source "$REPO_ROOT/scripts/lib/bench-rounds.sh"
readonly TABLELOAD="$REPO_ROOT/src/TableLoad/bin/Release/net10.0/tableload.dll"
readonly BENCH="$REPO_ROOT/bench/TableLoad.Bench/bin/Release/net10.0/TableLoad.Bench.dll"
readonly ACCOUNT=devstoreaccount1
# The emulator's published development key, not a secret (the fake endpoint checks no signature).
readonly KEY='Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=='

ROUNDS=5 CLIENT=sdk INGEST_RATE=20000 INGEST_TASKS=8 BATCH_SIZE=100 READ_RATE=2000 READ_TASKS=8 KEY_SPACE=100 MEASURED=20 WARMUP=3 KEEP=0
die() { echo "bench-scenarios.sh: $*" >&2; exit 1; }
whole() { [[ "$2" =~ ^[0-9]+$ && "$2" -ge "$3" ]] || die "$1 needs a whole number of at least $3."; } # whole OPTION VALUE MIN
while [[ $# -gt 0 ]]; do
    case "$1" in
        --rounds) whole "$1" "${2:-}" 1; ROUNDS="$2"; shift 2 ;;
        --client) [[ "${2:-}" == sdk || "${2:-}" == wire ]] || die "--client must be sdk or wire."; CLIENT="$2"; shift 2 ;;
        --ingest-rate) whole "$1" "${2:-}" 1; INGEST_RATE="$2"; shift 2 ;;
        --ingest-tasks) whole "$1" "${2:-}" 1; INGEST_TASKS="$2"; shift 2 ;;
        --batch-size) whole "$1" "${2:-}" 1; BATCH_SIZE="$2"; shift 2 ;;
        --read-rate) whole "$1" "${2:-}" 1; READ_RATE="$2"; shift 2 ;;
        --read-tasks) whole "$1" "${2:-}" 1; READ_TASKS="$2"; shift 2 ;;
        --key-space) whole "$1" "${2:-}" 1; KEY_SPACE="$2"; shift 2 ;;
        --seconds) whole "$1" "${2:-}" 1; MEASURED="$2"; shift 2 ;;
        --warmup) whole "$1" "${2:-}" 0; WARMUP="$2"; shift 2 ;;
        --keep) KEEP=1; shift ;;
        -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (see --help)." ;;
    esac
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/tableload-bench-scenarios.XXXXXX")"
RAW="$WORK/raw.csv"
FAKE_PID=""
cleanup() {
    [[ -n "$FAKE_PID" ]] && { kill "$FAKE_PID" 2>/dev/null || true; wait "$FAKE_PID" 2>/dev/null || true; }
    if ((KEEP)); then echo "work folder kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

build_release src/TableLoad bench/TableLoad.Bench

PORT="$(free_port)"
# Workstation GC keeps the endpoint small beside the client it serves.
DOTNET_gcServer=0 dotnet "$BENCH" fake-endpoint --port "$PORT" >"$WORK/fake-endpoint.log" 2>&1 &
FAKE_PID=$!
wait_until_answers "$FAKE_PID" 30 port_open "$PORT" || die "the fake endpoint did not start (log: $WORK/fake-endpoint.log)."
CONNECTION="DefaultEndpointsProtocol=http;AccountName=$ACCOUNT;AccountKey=$KEY;TableEndpoint=http://127.0.0.1:$PORT/$ACCOUNT"

INGEST="\"ingest\": { \"operation\": \"insert\", \"tasks\": $INGEST_TASKS, \"rate\": $INGEST_RATE, \"batch_size\": $BATCH_SIZE }"
LOOKUPS="\"lookups\": { \"operation\": \"read\", \"tasks\": $READ_TASKS, \"rate\": $READ_RATE, \"key_space\": $KEY_SPACE, \"preload\": true }"
echo "{ \"scenarios\": { $INGEST } }" >"$WORK/ingest-alone.json"
echo "{ \"scenarios\": { $INGEST, $LOOKUPS } }" >"$WORK/ingest-beside-reads.json"
echo "{ \"scenarios\": { $LOOKUPS } }" >"$WORK/reads-alone.json"
echo "{ \"scenarios\": { ${LOOKUPS/\"rate\": $READ_RATE/\"rate\": 1} } }" >"$WORK/idle.json"

# One run of one profile in round $2, recorded in raw.csv; a failed run is said and left out (its round is then incomplete).
run_side() {
    local side="$1" round="$2" name="$1-$2"
    if TABLELOAD_CONNECTION_STRING="$CONNECTION" DOTNET_STARTUP_HOOKS="$BENCH" TABLELOAD_BENCH_PROBE="$WORK/$name.probe.json" \
        dotnet "$TABLELOAD" run --config "$WORK/$side.json" --client "$CLIENT" --table "benchscenarios$round" --duration "${MEASURED}s" \
        --warmup "${WARMUP}s" --quiet --no-batch-log --output "$WORK/$name" >"$WORK/$name.log" 2>&1; then
        dotnet "$BENCH" record --raw "$RAW" --table scenario-cpu --cell "c$CLIENT" --client "$side" --run "$round" \
            --summary "$WORK/$name/summary.json" --probe "$WORK/$name.probe.json"
    else
        echo "warning: $name exited with $? (log: $WORK/$name.log)" >&2
    fi
}

SIDES=(ingest-alone ingest-beside-reads reads-alone idle)
echo "== $ROUNDS round(s) of ${SIDES[*]} against the fake endpoint on 127.0.0.1:$PORT, --client $CLIENT: ingest $INGEST_RATE e/s from $INGEST_TASKS tasks in batches of $BATCH_SIZE, reads $READ_RATE/s from $READ_TASKS tasks over $KEY_SPACE keys, ${MEASURED} s measured after ${WARMUP} s warm-up"
echo "   TableLoad at $(git -C "$REPO_ROOT" rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
run_rounds "$ROUNDS" "${SIDES[@]}"

[[ -s "$RAW" ]] || die "no run finished (logs in $WORK; pass --keep to keep them)."
echo
echo "An ingest scenario's CPU per written entity, alone and beside a read scenario (fake endpoint, --client $CLIENT)"
dotnet "$BENCH" scenario-cpu-table --raw "$RAW"
echo
echo "== done; load average $(cut -d' ' -f1-3 /proc/loadavg)"
