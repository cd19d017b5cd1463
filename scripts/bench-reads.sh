#!/usr/bin/env bash
# Point reads against Azurite, TableLoad's targets for reads: TableLoad --operation read --client sdk against the plain SDK
# read loop (TableClient.GetEntityAsync<TableEntity> of the same keys, default client options, as an application reads),
# and --client wire against the raw read loop (a bare HttpClient GET of each entity's address, signed per request).
# One Azurite (in memory) for the whole script; one TableLoad run writes the key space once (--preload, the default 1 KB
# entity of 8 binary properties, --key-space keys for each task) into a kept table, which every run then reads by the same
# keys at the same --tasks, --seconds and warm-up. Each round runs tableload sdk, tableload sdk with idle thread-pool workers
# spinning as .NET's default has them (what TableLoad's runtime setting alone is worth), the SDK loop, tableload wire and
# the raw loop, in that order on odd rounds and reversed on even ones, so a drift in the machine's load favours no side.
# Prints each side's reads/s, CPU µs per read (the whole process, start-up and warm-up included, over every read: TableLoad's
# summary.json client.cpu_us_per_entity and the loop's own; and the measured window alone, TableLoad's through the bench
# startup-hook probe) and p99 as mean ± sd (min–max) over the rounds, then the ratios the targets name: TableLoad sdk ÷ SDK
# loop reads/s (≥ 1) and CPU per read (≤ 0.8), TableLoad wire ÷ raw loop reads/s (≥ 0.95). Never part of the test suite;
# run it alone: Azurite and the client share the cores, so its figures measure the machine as much as TableLoad.
#
#   scripts/bench-reads.sh [--rounds 3] [--tasks 16] [--seconds 20] [--warmup 5] [--key-space 1000] [--keep]
set -euo pipefail

readonly REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/http.sh
source "$REPO_ROOT/scripts/lib/http.sh"
# shellcheck source=lib/bench-rounds.sh
source "$REPO_ROOT/scripts/lib/bench-rounds.sh"
# shellcheck source=lib/bench-runtime.sh
source "$REPO_ROOT/scripts/lib/bench-runtime.sh"
readonly TABLELOAD="$REPO_ROOT/src/TableLoad/bin/Release/net10.0/tableload.dll"
readonly BENCH="$REPO_ROOT/bench/TableLoad.Bench/bin/Release/net10.0/TableLoad.Bench.dll"
readonly ACCOUNT=devstoreaccount1
# The emulator's published development key, not a secret; passed through the environment all the same.
readonly KEY='Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=='
readonly TABLE=benchreads

ROUNDS=3 TASKS=16 MEASURED=20 WARMUP=5 KEY_SPACE=1000 KEEP=0
die() { echo "bench-reads.sh: $*" >&2; exit 1; }
whole() { [[ "$2" =~ ^[0-9]+$ && "$2" -ge "$3" ]] || die "$1 needs a whole number of at least $3."; } # whole OPTION VALUE MIN
while [[ $# -gt 0 ]]; do
    case "$1" in
        --rounds) whole "$1" "${2:-}" 1; ROUNDS="$2"; shift 2 ;;
        --tasks) whole "$1" "${2:-}" 1; TASKS="$2"; shift 2 ;;
        --seconds) whole "$1" "${2:-}" 1; MEASURED="$2"; shift 2 ;;
        --warmup) whole "$1" "${2:-}" 0; WARMUP="$2"; shift 2 ;;
        --key-space) whole "$1" "${2:-}" 1; KEY_SPACE="$2"; shift 2 ;;
        --keep) KEEP=1; shift ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (see --help)." ;;
    esac
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/tableload-bench-reads.XXXXXX")"
RAW="$WORK/raw.csv"
AZURITE_PORT=""
cleanup() {
    [[ -n "$AZURITE_PORT" ]] && { "$REPO_ROOT/scripts/azurite.sh" stop --port "$AZURITE_PORT" >/dev/null 2>&1 || true; }
    if ((KEEP)); then echo "work folder kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

build_release src/TableLoad bench/TableLoad.Bench
baseline_runtimes "$TABLELOAD"

AZURITE_PORT="$(free_port)"
"$REPO_ROOT/scripts/azurite.sh" start --port "$AZURITE_PORT" >"$WORK/azurite-start.log" 2>&1 \
    || { cat "$WORK/azurite-start.log" >&2; die "Azurite did not start."; }
CONNECTION="DefaultEndpointsProtocol=http;AccountName=$ACCOUNT;AccountKey=$KEY;TableEndpoint=http://127.0.0.1:$AZURITE_PORT/$ACCOUNT"
CELL="p1-t$TASKS"

# read_run NAME PROBE ARGS...: one TableLoad read run at the script's tasks against the kept table, its results in $WORK/NAME;
# with a probe path, the bench startup hook samples the process's CPU into it, so the measured window can be costed apart.
# READ_ENV holds variables for the run's runtime (the spinning side's).
read_run() {
    local name="$1" probe="$2" hook=(); shift 2
    [[ -n "$probe" ]] && hook=(DOTNET_STARTUP_HOOKS="$BENCH" TABLELOAD_BENCH_PROBE="$probe")
    TABLELOAD_CONNECTION_STRING="$CONNECTION" env "${hook[@]}" ${READ_ENV:-} dotnet "$TABLELOAD" run --operation read --key-space "$KEY_SPACE" --table "$TABLE" \
        --tasks "$TASKS" --quiet --no-batch-log --output "$WORK/$name" "$@" >"$WORK/$name.log" 2>&1
}

echo "== preload: $TASKS tasks x $KEY_SPACE keys of the default entity (1 KB in 8 binary properties) into table $TABLE on Azurite 127.0.0.1:$AZURITE_PORT"
read_run preload "" --preload --keep-table --duration 1s --warmup 0s || { tail -n 20 "$WORK/preload.log" >&2; die "the preload run failed."; }
preloaded="$(grep -o '"entities": *[0-9]*' "$WORK/preload/summary.json" | head -n 1 | grep -o '[0-9]*$')" || true
[[ "$preloaded" == $((TASKS * KEY_SPACE)) ]] || die "the preload wrote ${preloaded:-no} entities, not $((TASKS * KEY_SPACE)) (log: $WORK/preload.log)."

# One run of one side in round $2, recorded in raw.csv; a failed run is said and left out.
run_side() {
    local side="$1" round="$2" name="$1-$2"
    case "$side" in
        tableload-sdk|tableload-wire|tableload-sdk-spinning)
            local client="${side#tableload-}" variables=""
            # .NET's default spin, 70, in the hexadecimal the runtime reads the variable in.
            [[ "$side" == tableload-sdk-spinning ]] && client=sdk variables="DOTNET_ThreadPool_UnfairSemaphoreSpinLimit=46"
            if READ_ENV="$variables" read_run "$name" "$WORK/$name.probe.json" --client "$client" --allow-existing-table --duration "${MEASURED}s" --warmup "${WARMUP}s"; then
                dotnet "$BENCH" record --raw "$RAW" --table reads --cell "$CELL" --client "$side" --run "$round" \
                    --summary "$WORK/$name/summary.json" --probe "$WORK/$name.probe.json"
            else
                echo "warning: $name exited with $? (log: $WORK/$name.log)" >&2
            fi ;;
        sdk-read-loop|raw-read-loop)
            local runtime=("${FLOOR_ENV[@]}")
            [[ "$side" == sdk-read-loop ]] && runtime=("${SDK_LOOP_ENV[@]}")
            env "${runtime[@]}" dotnet "$BENCH" "$side" --url "http://127.0.0.1:$AZURITE_PORT/$ACCOUNT" --table "$TABLE" --key-space "$KEY_SPACE" \
                --tasks "$TASKS" --seconds "$MEASURED" --warmup "$WARMUP" >"$WORK/$name.json" 2>"$WORK/$name.log" \
                || echo "warning: $name exited with $? (failed reads are counted below; log: $WORK/$name.log)" >&2
            if grep -q '^{' "$WORK/$name.json"; then
                dotnet "$BENCH" record --raw "$RAW" --table reads --cell "$CELL" --client "$side" --run "$round" --result "$WORK/$name.json"
            fi ;;
    esac
}

SIDES=(tableload-sdk tableload-sdk-spinning sdk-read-loop tableload-wire raw-read-loop)
echo "== $ROUNDS round(s) of ${SIDES[*]}: $TASKS tasks, ${MEASURED} s measured after ${WARMUP} s warm-up, keys drawn uniformly"
echo "   TableLoad at $(git -C "$REPO_ROOT" rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); the raw loop runs with TableLoad's runtime settings (${FLOOR_ENV[*]:-defaults}), the SDK loop with .NET's (${SDK_LOOP_ENV[*]})"
run_rounds "$ROUNDS" "${SIDES[@]}"

[[ -s "$RAW" ]] || die "no run finished (logs in $WORK; pass --keep to keep them)."
echo
echo "Point reads against Azurite: mean ± sd (min–max) over the rounds; CPU is the client process's user+system ÷ its reads (\"measured\": the measured window only)"
dotnet "$BENCH" read-table --raw "$RAW"
echo
echo "== done; load average $(cut -d' ' -f1-3 /proc/loadavg)"
