#!/usr/bin/env bash
# Benchmarks each of TableLoad's batch clients against its baseline: --client sdk against the plain SDK
# loop (TableClient.SubmitTransactionAsync of new entities per batch, as a user writes it), --client wire
# against the floor (a bare HttpClient loop posting pre-built batches). Prints tables, each cell the
# median of the runs with min–max, plus the ratio TableLoad ÷ its baseline:
#   (1) generator ceiling: all clients against a fake Table endpoint (Kestrel on loopback) that
#       answers every batch with a canned 202; entities/s, CPU µs per entity, bytes allocated per
#       batch, peak RSS; then the SDK's cost over wire, and --client sdk with --sdk-diagnostics ÷ without;
#   (2) against Azurite, restarted before every run so each starts empty: entities/s and p99 at
#       --tasks 1, 4, 16, 64 (and --processes 2 when TableLoad has it).
# The clients run in turn, the order reversed run by run so a drift in the machine's load favours none.
# Then the BenchmarkDotNet micro-benchmarks of the hot path. Never part of the test suite.
# With --soak M, only (4): TableLoad alone at full rate against the fake endpoint for M minutes,
# batches.csv written, memory printed once a minute with the RSS slope of the second half.
# With --profile, only (5): one ceiling run of TableLoad per client under dotnet-trace (gc-verbose), and
# where each client's allocations go, by type and by frame, in bytes per batch.
# With --settings, only (1) for --client sdk: TableLoad as shipped (tuned), under --runtime defaults, and with each
# runtime setting changed alone (DATAS on, a 128 MB gen0 budget, non-concurrent GC, tiered PGO on, workstation GC,
# idle thread-pool workers spinning as .NET's default has them),
# beside the plain SDK loop: what each setting saves in CPU per entity, GC pauses and memory.
# With --single, only (7): single writes (--operation upsert-replace --batch-size none, one 1 KB entity a request) of each TableLoad
# client beside its baseline, against the fake endpoint (answering each PUT with the service's 204) and against Azurite (restarted
# before every run): TableLoad --client sdk against the plain SDK loop of TableClient.UpsertEntityAsync (default client options,
# as an application writes), --client wire against the raw PUT floor (a bare HttpClient loop PUTting pre-built entities);
# requests/s and CPU µs per request as mean ± sd (min–max), and the ratios beside TableLoad's targets (sdk ≥ 1.0× the loop's
# requests/s at ≤ 0.6× its CPU per request; wire ≥ 0.95× the floor's requests/s).
# With --memory, only (6): TableLoad --client sdk against the fake endpoint under each --runtime at 16 and 256 tasks and
# with --processes 4, each with and without the GC heap limit of a container's 1 GiB memory limit
# (DOTNET_GCHeapHardLimit): the peak RSS of the largest process and of all of them, and each process's GC heaps.
#
#   scripts/bench.sh [--quick] [--runs N] [--tasks "1 4 16 64"] [--no-ceiling] [--no-azurite] [--no-micro] [--no-diagnostics] [--keep]
#   scripts/bench.sh --soak MINUTES [--keep]
#   scripts/bench.sh --profile [--keep]
#   scripts/bench.sh --settings [--runs N] [--keep]
#   scripts/bench.sh --memory [--keep]
#   scripts/bench.sh --single [--quick] [--runs N] [--no-azurite] [--keep]
#
#   --quick       shorter runs (4 s / 3 s measured), Azurite cells tasks 1 and 16 only, no micro-benchmarks
#   --runs N      runs per client and cell (default 3; medians need at least 3)
#   --tasks LIST  the one-process Azurite cells' task counts (default "1 4 16 64")
#   --no-diagnostics  leave out the ceiling's --client sdk --sdk-diagnostics runs
#   --no-azurite  leave out the Azurite table (2), or with --single its Azurite rounds
#   --keep        keep the work folder (raw.csv, every run's result files and logs)
#
# Figures are for this machine only, and noisy when other processes use its cores: the load average
# is printed before and after.
set -euo pipefail

readonly REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/http.sh
source "$REPO_ROOT/scripts/lib/http.sh"
# shellcheck source=lib/bench-runtime.sh
source "$REPO_ROOT/scripts/lib/bench-runtime.sh"
# shellcheck source=lib/bench-rounds.sh
source "$REPO_ROOT/scripts/lib/bench-rounds.sh"
readonly TABLELOAD="$REPO_ROOT/src/TableLoad/bin/Release/net10.0/tableload.dll"
readonly BENCH="$REPO_ROOT/bench/TableLoad.Bench/bin/Release/net10.0/TableLoad.Bench.dll"
readonly MICRO="$REPO_ROOT/bench/TableLoad.MicroBench/bin/Release/net10.0/TableLoad.MicroBench.dll"
readonly ACCOUNT=devstoreaccount1
# The emulator's published development key, not a secret; passed through the environment all the same.
readonly KEY='Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=='

RUNS=3
CEILING_TASKS=16 CEILING_SECONDS=10 CEILING_WARMUP=2
AZURITE_TASKS=(1 4 16 64) AZURITE_SECONDS=5 AZURITE_WARMUP=2 AZURITE_P2_TASKS=16
DO_CEILING=1 DO_AZURITE=1 DO_MICRO=1 DO_DIAGNOSTICS=1 DO_PROFILE=0 DO_SETTINGS=0 DO_MEMORY=0 DO_SINGLE=0 SINGLE_AZURITE=1 KEEP=0 SOAK_MINUTES=0

die() { echo "bench.sh: $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --quick) CEILING_SECONDS=4 CEILING_WARMUP=1 AZURITE_SECONDS=3 AZURITE_WARMUP=1 AZURITE_TASKS=(1 16) DO_MICRO=0; shift ;;
        --runs) [[ $# -ge 2 && "$2" =~ ^[0-9]+$ && "$2" -ge 1 ]] || die "--runs needs a positive number."; RUNS="$2"; shift 2 ;;
        --tasks) [[ $# -ge 2 && "$2" =~ ^[0-9]+( [0-9]+)*$ ]] || die "--tasks needs a list of task counts, e.g. \"4 16\"."
                 read -r -a AZURITE_TASKS <<<"$2"; shift 2 ;;
        --no-ceiling) DO_CEILING=0; shift ;;
        --no-azurite) DO_AZURITE=0 SINGLE_AZURITE=0; shift ;;
        --no-micro) DO_MICRO=0; shift ;;
        --no-diagnostics) DO_DIAGNOSTICS=0; shift ;;
        --keep) KEEP=1; shift ;;
        --soak) [[ $# -ge 2 && "$2" =~ ^[0-9]+$ && "$2" -ge 1 ]] || die "--soak needs a positive number of minutes."
                SOAK_MINUTES="$2" DO_CEILING=0 DO_AZURITE=0 DO_MICRO=0; shift 2 ;;
        --profile) DO_PROFILE=1 DO_CEILING=0 DO_AZURITE=0 DO_MICRO=0; shift ;;
        --settings) DO_SETTINGS=1 DO_AZURITE=0 DO_MICRO=0; shift ;;
        --memory) DO_MEMORY=1 DO_CEILING=0 DO_AZURITE=0 DO_MICRO=0; shift ;;
        --single) DO_SINGLE=1 DO_CEILING=0 DO_AZURITE=0 DO_MICRO=0; shift ;;
        -h|--help) sed -n '2,46p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (see --help)." ;;
    esac
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/tableload-bench.XXXXXX")"
RAW="$WORK/raw.csv"
FAKE_PID=""
AZURITE_PORT=""

cleanup() {
    if [[ -n "$FAKE_PID" ]]; then kill "$FAKE_PID" 2>/dev/null || true; wait "$FAKE_PID" 2>/dev/null || true; fi
    if [[ -n "$AZURITE_PORT" ]]; then "$REPO_ROOT/scripts/azurite.sh" stop --port "$AZURITE_PORT" >/dev/null 2>&1 || true; fi
    if [[ "$KEEP" == 1 ]]; then echo "work folder kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

load_average() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?"; }

wait_for_http() { wait_until_answers "" 30 port_open "$1" || die "nothing answered on port $1 within 30 s."; }

connection_string() { echo "DefaultEndpointsProtocol=http;AccountName=$ACCOUNT;AccountKey=$KEY;TableEndpoint=http://127.0.0.1:$1/$ACCOUNT"; }

# The fake Table endpoint on a free port ($port), in the background ($FAKE_PID). Workstation GC keeps it small: it
# shares the two cores with the client under test.
start_fake_endpoint() {
    port="$(free_port)"
    DOTNET_gcServer=0 dotnet "$BENCH" fake-endpoint --port "$port" >"$WORK/fake-endpoint.log" 2>&1 &
    FAKE_PID=$!
    wait_for_http "$port"
}

stop_fake_endpoint() { kill "$FAKE_PID" 2>/dev/null || true; wait "$FAKE_PID" 2>/dev/null || true; FAKE_PID=""; }

echo "== building (Release)"
for project in src/TableLoad bench/TableLoad.Bench bench/TableLoad.MicroBench; do
    (cd "$REPO_ROOT" && dotnet build "$project" -c Release -v quiet -nologo -clp:NoSummary) >"$WORK/build.log" 2>&1 \
        || { tail -n 30 "$WORK/build.log" >&2; die "building $project failed."; }
done

# GNU time reports the peak RSS of each process; the startup-hook probe is the fallback.
TIME_CMD=()
if [[ ! -x /usr/bin/time ]] && command -v apt-get >/dev/null 2>&1 && [[ "$(id -u)" == 0 ]]; then
    apt-get install -y -qq time >/dev/null 2>&1 || true
fi
[[ -x /usr/bin/time ]] && TIME_CMD=(/usr/bin/time -v)

timed() { # timed OUTFILE cmd... : runs cmd with GNU time -v writing to OUTFILE when available
    local out="$1"; shift
    if [[ ${#TIME_CMD[@]} -gt 0 ]]; then "${TIME_CMD[@]}" -o "$out" "$@"; else "$@"; fi
}

# One TableLoad run; its result folder is $WORK/$name. With a probe path, the startup-hook probe records the
# process's allocations and RSS there. Extra arguments go to 'tableload run'.
run_tableload() {
    local name="$1" port="$2" tasks="$3" seconds="$4" warmup="$5" probe="$6"; shift 6
    local hook=() variant=()
    [[ -n "$probe" ]] && hook=(DOTNET_STARTUP_HOOKS="$BENCH" TABLELOAD_BENCH_PROBE="$probe")
    read -r -a variant <<<"${RUN_ENV:-}"
    TABLELOAD_CONNECTION_STRING="$(connection_string "$port")" timed "$WORK/$name.time" \
        env "${hook[@]}" "${variant[@]}" dotnet "$TABLELOAD" run --tasks "$tasks" --duration "${seconds}s" --warmup "${warmup}s" \
        --quiet --no-batch-log --output "$WORK/$name" "$@" >"$WORK/$name.log" 2>&1 \
        || { echo "warning: TableLoad run $name exited with $? (log: $WORK/$name.log)" >&2; return 1; }
}

baseline_runtimes "$TABLELOAD"

# One run of a baseline client (floor or sdk-loop); its JSON line goes to $WORK/$name.json.
run_baseline() {
    local client="$1" name="$2" port="$3" tasks="$4" seconds="$5" warmup="$6"
    local runtime=("${FLOOR_ENV[@]}")
    [[ "$client" == sdk-loop ]] && runtime=("${SDK_LOOP_ENV[@]}")
    timed "$WORK/$name.time" env "${runtime[@]}" dotnet "$BENCH" "$client" --url "http://127.0.0.1:$port/$ACCOUNT" --tasks "$tasks" \
        --seconds "$seconds" --warmup "$warmup" --batch-size 100 --entity-size 1024 --properties 8 >"$WORK/$name.json" 2>"$WORK/$name.log" \
        || { echo "warning: $client run $name exited with $? (log: $WORK/$name.log)" >&2; return 1; }
}

record() { dotnet "$BENCH" record --raw "$RAW" "$@"; }

# TableLoad under each of its client names.
tableload_arguments() {
    case "$1" in
        tableload-sdk) echo "--client sdk" ;;
        tableload-wire) echo "--client wire" ;;
        tableload-sdk-diag) echo "--client sdk --sdk-diagnostics" ;;
        tableload-sdk-defaults) echo "--client sdk --runtime defaults" ;;
        tableload-sdk-*) echo "--client sdk" ;;
    esac
}

# The --settings variants: TableLoad --client sdk with one runtime setting changed from what it ships with, through
# the variables the runtime reads over its runtimeconfig.json.
variant_environment() {
    case "$1" in
        tableload-sdk-datas-on) echo "DOTNET_GCDynamicAdaptationMode=1 DOTNET_GCHeapCount=0" ;;  # a heap count turns DATAS off
        tableload-sdk-gen0-128m) echo "DOTNET_GCgen0size=0x8000000" ;;
        tableload-sdk-gc-nonconcurrent) echo "DOTNET_gcConcurrent=0" ;;
        tableload-sdk-pgo-on) echo "DOTNET_TieredPGO=1" ;;
        tableload-sdk-workstation-gc) echo "DOTNET_gcServer=0" ;;
        tableload-sdk-spinning) echo "DOTNET_ThreadPool_UnfairSemaphoreSpinLimit=46" ;;  # hexadecimal: .NET's 70
    esac
}

# One run of one client in one cell, recorded in raw.csv: TableLoad under a client name, or a baseline
# (--processes N for a baseline: N of its processes side by side, each with --tasks loops).
run_client() {
    local table="$1" cell="$2" client="$3" run="$4" port="$5" processes="$6" tasks="$7" seconds="$8" warmup="$9"
    local name="$table-$cell-$client-$run"
    if [[ "$client" == tableload-* ]]; then
        local arguments probe=""
        read -r -a arguments <<<"$(tableload_arguments "$client")"
        ((processes > 1)) && arguments+=(--processes "$processes")
        # Under --runtime defaults the load runs in a child, which would inherit the probe and write over its file.
        [[ "$table" == ceiling && "$client" != tableload-sdk-defaults ]] && probe="$WORK/$name.probe.json"
        if RUN_ENV="$(variant_environment "$client")" run_tableload "$name" "$port" "$tasks" "$seconds" "$warmup" "$probe" "${arguments[@]}"; then
            record --table "$table" --cell "$cell" --client "$client" --run "$run" --summary "$WORK/$name/summary.json" \
                ${probe:+--probe "$probe"} --time "$WORK/$name.time"
        fi
    else
        local pids=() results=() times=() ok=1
        for p in $(seq 1 "$processes"); do
            run_baseline "$client" "$name-$p" "$port" "$tasks" "$seconds" "$warmup" &
            pids+=($!) results+=("$WORK/$name-$p.json") times+=("$WORK/$name-$p.time")
        done
        for pid in "${pids[@]}"; do wait "$pid" || ok=0; done
        if [[ "$ok" == 1 ]]; then
            record --table "$table" --cell "$cell" --client "$client" --run "$run" --result "${results[@]}" --time "${times[@]}"
        fi
    fi
}

# The clients in turn: as listed on odd runs, reversed on even ones, so a drift in the machine's load favours none.
in_turn() {
    local run="$1"; shift
    if ((run % 2 == 1)); then printf '%s\n' "$@"; else printf '%s\n' "$@" | tac; fi
}

# Each TableLoad client beside its baseline, so the pairs compared run close together.
CLIENTS=(sdk-loop tableload-sdk tableload-sdk-defaults tableload-wire floor)
CEILING_CLIENTS=("${CLIENTS[@]}")
[[ "$DO_DIAGNOSTICS" == 1 ]] && CEILING_CLIENTS=(sdk-loop tableload-sdk tableload-sdk-defaults tableload-sdk-diag tableload-wire floor)
[[ "$DO_SETTINGS" == 1 ]] && CEILING_CLIENTS=(tableload-sdk tableload-sdk-defaults tableload-sdk-datas-on tableload-sdk-gen0-128m tableload-sdk-gc-nonconcurrent tableload-sdk-pgo-on tableload-sdk-workstation-gc tableload-sdk-spinning sdk-loop)

echo "== machine: $(nproc) cores, $(dotnet --list-runtimes | grep -m1 NETCore.App | cut -d' ' -f1-2), load average $(load_average)"
echo "   the floor runs with TableLoad's runtime settings (${FLOOR_ENV[*]:-defaults}); the plain SDK loop with .NET's (${SDK_LOOP_ENV[*]})"
if awk -v l="$(cut -d' ' -f1 /proc/loadavg)" -v n="$(nproc)" 'BEGIN { exit !(l > n) }'; then
    echo "   warning: the load average is above the core count: other processes share the CPU and the figures will be noisy."
fi

if [[ "$DO_CEILING" == 1 ]]; then
    start_fake_endpoint
    echo "== (1) generator ceiling: fake endpoint on 127.0.0.1:$port, $CEILING_TASKS tasks, batches of 100 x 1 KB (8 properties), ${CEILING_SECONDS} s measured after ${CEILING_WARMUP} s warm-up, $RUNS runs of each of ${CEILING_CLIENTS[*]}"
    for run in $(seq 1 "$RUNS"); do
        for client in $(in_turn "$run" "${CEILING_CLIENTS[@]}"); do
            run_client ceiling "p1-t$CEILING_TASKS" "$client" "$run" "$port" 1 "$CEILING_TASKS" "$CEILING_SECONDS" "$CEILING_WARMUP"
        done
    done
    stop_fake_endpoint
    echo
    echo "(1) Generator ceiling against the fake endpoint: median (min–max); CPU is the client process's user+system ÷ entities, warm-up and start-up included (\"measured\": the measured window only)"
    dotnet "$BENCH" tables --raw "$RAW" --table ceiling
    echo
fi

if [[ "$DO_AZURITE" == 1 ]]; then
    cells=()
    for tasks in "${AZURITE_TASKS[@]}"; do cells+=("1:$tasks"); done
    if dotnet "$TABLELOAD" run --help 2>/dev/null | grep -q -- '--processes'; then
        cells+=("2:$AZURITE_P2_TASKS")
    fi
    echo "== (2) against Azurite (in memory, restarted before every run), batches of 100 x 1 KB, ${AZURITE_SECONDS} s measured after ${AZURITE_WARMUP} s warm-up, $RUNS runs of each of ${CLIENTS[*]}"
    for spec in "${cells[@]}"; do
        processes="${spec%%:*}" tasks="${spec##*:}" cell="p${spec%%:*}-t${spec##*:}"
        for run in $(seq 1 "$RUNS"); do
            for client in $(in_turn "$run" "${CLIENTS[@]}"); do
                AZURITE_PORT="$(free_port)"
                "$REPO_ROOT/scripts/azurite.sh" start --port "$AZURITE_PORT" >"$WORK/azurite-start.log" 2>&1 \
                    || { cat "$WORK/azurite-start.log" >&2; die "Azurite did not start."; }
                run_client azurite "$cell" "$client" "$run" "$AZURITE_PORT" "$processes" "$tasks" "$AZURITE_SECONDS" "$AZURITE_WARMUP"
                "$REPO_ROOT/scripts/azurite.sh" stop --port "$AZURITE_PORT" >/dev/null 2>&1 || true
                AZURITE_PORT=""
            done
        done
        echo "   $cell done (load average $(load_average))"
    done
    echo
    echo "(2) Against Azurite: entities/s and batch latency p99, median (min–max); ratios = TableLoad ÷ its baseline"
    dotnet "$BENCH" tables --raw "$RAW" --table azurite
    echo
fi

# One run of one side of (7) in round $2, recorded in raw.csv as table $SINGLE_TABLE against the endpoint on $SINGLE_PORT
# (Azurite is started for the run and stopped after it when the table is Azurite's); a failed run is said and left out.
run_side() {
    local side="$1" round="$2" name="$SINGLE_TABLE-$1-$2" seconds="$CEILING_SECONDS" warmup="$CEILING_WARMUP"
    if [[ "$SINGLE_TABLE" == single-azurite ]]; then
        seconds="$AZURITE_SECONDS" warmup="$AZURITE_WARMUP"
        AZURITE_PORT="$(free_port)" SINGLE_PORT="$AZURITE_PORT"
        "$REPO_ROOT/scripts/azurite.sh" start --port "$AZURITE_PORT" >"$WORK/azurite-start.log" 2>&1 \
            || { cat "$WORK/azurite-start.log" >&2; die "Azurite did not start."; }
    fi
    case "$side" in
        tableload-sdk|tableload-wire)
            if run_tableload "$name" "$SINGLE_PORT" "$CEILING_TASKS" "$seconds" "$warmup" "$WORK/$name.probe.json" \
                --client "${side#tableload-}" --operation upsert-replace --batch-size none; then
                record --table "$SINGLE_TABLE" --cell "p1-t$CEILING_TASKS" --client "$side" --run "$round" --summary "$WORK/$name/summary.json" \
                    --probe "$WORK/$name.probe.json" --time "$WORK/$name.time"
            fi ;;
        sdk-upsert-loop|put-floor)
            local runtime=("${FLOOR_ENV[@]}")
            [[ "$side" == sdk-upsert-loop ]] && runtime=("${SDK_LOOP_ENV[@]}")
            if timed "$WORK/$name.time" env "${runtime[@]}" dotnet "$BENCH" "$side" --url "http://127.0.0.1:$SINGLE_PORT/$ACCOUNT" --tasks "$CEILING_TASKS" \
                --seconds "$seconds" --warmup "$warmup" --entity-size 1024 --properties 8 >"$WORK/$name.json" 2>"$WORK/$name.log"; then
                record --table "$SINGLE_TABLE" --cell "p1-t$CEILING_TASKS" --client "$side" --run "$round" --result "$WORK/$name.json" --time "$WORK/$name.time"
            else
                echo "warning: $name exited with $? (log: $WORK/$name.log)" >&2
            fi ;;
    esac
    if [[ "$SINGLE_TABLE" == single-azurite ]]; then
        "$REPO_ROOT/scripts/azurite.sh" stop --port "$AZURITE_PORT" >/dev/null 2>&1 || true
        AZURITE_PORT=""
    fi
}

if [[ "$DO_SINGLE" == 1 ]]; then
    SINGLE_SIDES=(tableload-sdk sdk-upsert-loop tableload-wire put-floor)
    start_fake_endpoint
    SINGLE_TABLE=single-ceiling SINGLE_PORT="$port"
    echo "== (7) single writes: upserts of one 1 KB entity (8 properties) a request, $CEILING_TASKS tasks, $RUNS round(s) of ${SINGLE_SIDES[*]}"
    echo "   against the fake endpoint on 127.0.0.1:$port, ${CEILING_SECONDS} s measured after ${CEILING_WARMUP} s warm-up"
    run_rounds "$RUNS" "${SINGLE_SIDES[@]}"
    # Every side's requests reached it as single writes, not batches: batches stay 0.
    echo "   the fake endpoint received $(http_get "$port" /_fake/received || echo '(no answer)')"
    stop_fake_endpoint
    echo
    echo "(7) Single writes against the fake endpoint: mean ± sd (min–max) over the rounds; CPU is the client process's user+system ÷ its requests (\"measured\": the measured window only)"
    dotnet "$BENCH" single-table --raw "$RAW" --table single-ceiling
    echo
    if [[ "$SINGLE_AZURITE" == 1 ]]; then
        SINGLE_TABLE=single-azurite
        echo "== (7) single writes against Azurite (in memory, restarted before every run), ${AZURITE_SECONDS} s measured after ${AZURITE_WARMUP} s warm-up"
        run_rounds "$RUNS" "${SINGLE_SIDES[@]}"
        echo
        echo "(7) Single writes against Azurite: mean ± sd (min–max) over the rounds; CPU per request as above"
        dotnet "$BENCH" single-table --raw "$RAW" --table single-azurite
        echo
    fi
fi

if [[ "$SOAK_MINUTES" -gt 0 ]]; then
    start_fake_endpoint
    echo "== (4) soak: TableLoad alone for $SOAK_MINUTES min at full rate against the fake endpoint, $CEILING_TASKS tasks, batches.csv written"
    DOTNET_STARTUP_HOOKS="$BENCH" TABLELOAD_BENCH_PROBE="$WORK/soak.probe.json" TABLELOAD_CONNECTION_STRING="$(connection_string "$port")" \
        dotnet "$TABLELOAD" run --tasks "$CEILING_TASKS" --duration "${SOAK_MINUTES}m" --warmup 0s --quiet --output "$WORK/soak" >"$WORK/soak.log" 2>&1 \
        || { cat "$WORK/soak.log" >&2; die "the soak run failed."; }
    stop_fake_endpoint
    sed 's/^/   /' "$WORK/soak.log"
    echo "   batches.csv: $(du -m "$WORK/soak/batches.csv" | cut -f1) MiB, streamed to disk"
    dotnet "$BENCH" memory --probe "$WORK/soak.probe.json" --every 60
    echo
fi

if [[ "$DO_PROFILE" == 1 ]]; then
    PATH="$PATH:$HOME/.dotnet/tools"
    command -v dotnet-trace >/dev/null || die "--profile needs dotnet-trace: dotnet tool install --global dotnet-trace"
    start_fake_endpoint
    echo "== (5) allocation profile: TableLoad per client against the fake endpoint, $CEILING_TASKS tasks, ${CEILING_SECONDS} s after ${CEILING_WARMUP} s warm-up, dotnet-trace --profile gc-verbose (AllocationTick samples: shares are estimates)"
    for client in sdk wire; do
        name="profile-$client"
        TABLELOAD_CONNECTION_STRING="$(connection_string "$port")" dotnet-trace collect --profile gc-verbose -o "$WORK/$name.nettrace" -- \
            dotnet "$TABLELOAD" run --client "$client" --tasks "$CEILING_TASKS" --duration "${CEILING_SECONDS}s" --warmup "${CEILING_WARMUP}s" \
            --quiet --no-batch-log --output "$WORK/$name" >"$WORK/$name.log" 2>&1 \
            || { cat "$WORK/$name.log" >&2; die "the traced --client $client run failed."; }
        echo
        echo "--client $client:"
        dotnet "$BENCH" trace-report "$WORK/$name.nettrace" --top 12 --summary "$WORK/$name/summary.json" | sed 's/^/   /'
    done
    stop_fake_endpoint
    echo
fi

# The largest and the summed peak_rss_mib of a run's processes, from its summary.json: "MAX SUM".
peak_rss() {
    grep -o '"peak_rss_mib": *[0-9.]*' "$1" | grep -o '[0-9.]*$' \
        | awk 'NR == 1 { top = $1; next } { rows++; sum += $1; if ($1 > max) max = $1 } END { if (rows == 0) { max = top; sum = top } printf "%.0f %.0f\n", max, sum }'
}

if [[ "$DO_MEMORY" == 1 ]]; then
    start_fake_endpoint
    echo "== (6) memory: --client sdk against the fake endpoint, ${CEILING_SECONDS} s after ${CEILING_WARMUP} s warm-up, one run per cell"
    printf '| %-8s | %-44s | %9s | %13s | %13s | %10s | %8s |\n' runtime cell "e/s" "largest MiB" "all procs MiB" "GC pause %" "GC heaps"
    printf '|%s|%s|%s|%s|%s|%s|%s|\n' ---------- ---------------------------------------------- ----------: ---------------: ---------------: ------------: ----------:
    for runtime in tuned defaults; do
        # label : runtime variables : tasks : more run options
        # A container's 1 GiB memory limit gives the GC heap 768 MiB: DOTNET_GCHeapHardLimit sets the same by hand.
        for spec in "16 tasks::16:" "256 tasks::256:" "4 processes x 16 tasks::16:--processes 4" \
                    "16 tasks, 768 MiB heap limit:DOTNET_GCHeapHardLimit=0x30000000:16:" \
                    "256 tasks, 768 MiB heap limit:DOTNET_GCHeapHardLimit=0x30000000:256:" \
                    "4 x 16 tasks, 768 MiB heap limit:DOTNET_GCHeapHardLimit=0x30000000:16:--processes 4"; do
            IFS=: read -r label variables tasks more <<<"$spec"
            read -r -a arguments <<<"$more"
            name="memory-$runtime-$(tr -c 'a-z0-9\n' '-' <<<"$label")"
            if RUN_ENV="$variables" run_tableload "$name" "$port" "$tasks" "$CEILING_SECONDS" "$CEILING_WARMUP" "" --client sdk --runtime "$runtime" "${arguments[@]}"; then
                read -r largest all <<<"$(peak_rss "$WORK/$name/summary.json")"
                eps="$(grep -o '"mean_entities_per_second": *[0-9.]*' "$WORK/$name/summary.json" | head -n 1 | grep -o '[0-9.]*$')"
                pause="$(grep -o '"gc_pause_percent": *[0-9.]*' "$WORK/$name/summary.json" | head -n 1 | grep -o '[0-9.]*$')"
                heaps="$(grep -o '"gc_heap_count": *[0-9]*' "$WORK/$name/summary.json" | grep -o '[0-9]*$' | sort -u | paste -sd/)"
                printf '| %-8s | %-44s | %9.0f | %13s | %13s | %10.1f | %8s |\n' "$runtime" "$label" "$eps" "$largest" "$all" "$pause" "$heaps"
            fi
        done
    done
    stop_fake_endpoint
    echo
fi

if [[ "$DO_MICRO" == 1 ]]; then
    echo "== (3) micro-benchmarks (BenchmarkDotNet, in-process, short job, memory diagnoser)"
    (cd "$WORK" && dotnet "$MICRO" --filter '*' --artifacts "$WORK/bdn") >"$WORK/micro.log" 2>&1 \
        || { tail -n 30 "$WORK/micro.log" >&2; die "the micro-benchmarks failed."; }
    grep '^|' "$WORK/micro.log" | grep -v '^| *|' | awk -F'|' '{ printf "|%s|%s|%s|%s|%s|\n", $3, $4, $7, $8, $(NF-2) }'
    echo
fi

# The work folder (raw.csv included) is deleted on exit unless --keep: name it only when it stays.
if [[ "$KEEP" == 1 ]]; then
    echo "== done; load average $(load_average); raw results: $RAW"
else
    echo "== done; load average $(load_average) (raw results deleted; pass --keep to keep them)"
fi
