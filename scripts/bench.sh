#!/usr/bin/env bash
# Benchmarks TableLoad against the floor client (a bare HttpClient loop posting pre-built batches)
# and prints two tables, each cell the median of the runs with min–max, plus the ratio TableLoad ÷ floor:
#   (1) generator ceiling: both clients against a fake Table endpoint (Kestrel on loopback) that
#       answers every batch with a canned 202; entities/s, CPU µs per entity, bytes allocated per
#       batch, peak RSS;
#   (2) against Azurite, restarted before every run so each starts empty: entities/s and p99 at
#       --tasks 1, 4, 16, 64 (and --processes 2 when TableLoad has it).
# Then the BenchmarkDotNet micro-benchmarks of the hot path. Never part of the test suite.
# With --soak M, only (4): TableLoad alone at full rate against the fake endpoint for M minutes,
# batches.csv written, memory printed once a minute with the RSS slope of the second half.
#
#   scripts/bench.sh [--quick] [--runs N] [--tasks "1 4 16 64"] [--no-ceiling] [--no-azurite] [--no-micro] [--keep]
#   scripts/bench.sh --soak MINUTES [--keep]
#
#   --quick       shorter runs (4 s / 3 s measured), Azurite cells tasks 1 and 16 only, no micro-benchmarks
#   --runs N      runs per client and cell (default 3; medians need at least 3)
#   --tasks LIST  the one-process Azurite cells' task counts (default "1 4 16 64")
#   --keep        keep the work folder (raw.csv, every run's result files and logs)
#
# Figures are for this machine only, and noisy when other processes use its cores: the load average
# is printed before and after.
set -euo pipefail

readonly REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly TABLELOAD="$REPO_ROOT/src/TableLoad/bin/Release/net10.0/tableload.dll"
readonly BENCH="$REPO_ROOT/bench/TableLoad.Bench/bin/Release/net10.0/TableLoad.Bench.dll"
readonly MICRO="$REPO_ROOT/bench/TableLoad.MicroBench/bin/Release/net10.0/TableLoad.MicroBench.dll"
readonly ACCOUNT=devstoreaccount1
# The emulator's published development key, not a secret; passed through the environment all the same.
readonly KEY='Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=='

RUNS=3
CEILING_TASKS=16 CEILING_SECONDS=10 CEILING_WARMUP=2
AZURITE_TASKS=(1 4 16 64) AZURITE_SECONDS=5 AZURITE_WARMUP=2 AZURITE_P2_TASKS=16
DO_CEILING=1 DO_AZURITE=1 DO_MICRO=1 KEEP=0 SOAK_MINUTES=0

die() { echo "bench.sh: $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --quick) CEILING_SECONDS=4 CEILING_WARMUP=1 AZURITE_SECONDS=3 AZURITE_WARMUP=1 AZURITE_TASKS=(1 16) DO_MICRO=0; shift ;;
        --runs) [[ $# -ge 2 && "$2" =~ ^[0-9]+$ && "$2" -ge 1 ]] || die "--runs needs a positive number."; RUNS="$2"; shift 2 ;;
        --tasks) [[ $# -ge 2 && "$2" =~ ^[0-9]+( [0-9]+)*$ ]] || die "--tasks needs a list of task counts, e.g. \"4 16\"."
                 read -r -a AZURITE_TASKS <<<"$2"; shift 2 ;;
        --no-ceiling) DO_CEILING=0; shift ;;
        --no-azurite) DO_AZURITE=0; shift ;;
        --no-micro) DO_MICRO=0; shift ;;
        --keep) KEEP=1; shift ;;
        --soak) [[ $# -ge 2 && "$2" =~ ^[0-9]+$ && "$2" -ge 1 ]] || die "--soak needs a positive number of minutes."
                SOAK_MINUTES="$2" DO_CEILING=0 DO_AZURITE=0 DO_MICRO=0; shift 2 ;;
        -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
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

# A port on 127.0.0.1 that nothing answers on.
free_port() {
    local port
    for _ in $(seq 1 50); do
        port=$((20000 + RANDOM % 40000))
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return 0; fi
    done
    die "found no free port on 127.0.0.1."
}

wait_for_http() {
    local port="$1" deadline=$((SECONDS + 30))
    until (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
        ((SECONDS < deadline)) || die "nothing answered on port $port within 30 s."
        sleep 0.2
    done
}

connection_string() { echo "DefaultEndpointsProtocol=http;AccountName=$ACCOUNT;AccountKey=$KEY;TableEndpoint=http://127.0.0.1:$1/$ACCOUNT"; }

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

# One TableLoad run; its result folder is $WORK/$name. Extra arguments go to 'tableload run'.
run_tableload() {
    local name="$1" port="$2" tasks="$3" seconds="$4" warmup="$5"; shift 5
    TABLELOAD_CONNECTION_STRING="$(connection_string "$port")" timed "$WORK/$name.time" \
        dotnet "$TABLELOAD" run --tasks "$tasks" --duration "${seconds}s" --warmup "${warmup}s" \
        --quiet --no-batch-log --output "$WORK/$name" "$@" >"$WORK/$name.log" 2>&1 \
        || { echo "warning: TableLoad run $name exited with $? (log: $WORK/$name.log)" >&2; return 1; }
}

# The floor runs with TableLoad's own runtime settings (GC mode, tiered PGO), read from its runtimeconfig.json.
runtime_setting() { # runtime_setting NAME -> 1, 0 or nothing
    local value
    value="$(grep -o "\"$1\": *[a-z]*" "${TABLELOAD%.dll}.runtimeconfig.json" 2>/dev/null | grep -o '[a-z]*$')" || true
    case "$value" in true) echo 1 ;; false) echo 0 ;; esac
}
FLOOR_ENV=()
for setting in System.GC.Server:DOTNET_gcServer System.GC.Concurrent:DOTNET_gcConcurrent System.Runtime.TieredPGO:DOTNET_TieredPGO; do
    value="$(runtime_setting "${setting%%:*}")"
    [[ -n "$value" ]] && FLOOR_ENV+=("${setting##*:}=$value")
done

run_floor() {
    local name="$1" port="$2" tasks="$3" seconds="$4" warmup="$5"
    timed "$WORK/$name.time" env "${FLOOR_ENV[@]}" dotnet "$BENCH" floor --url "http://127.0.0.1:$port/$ACCOUNT" --tasks "$tasks" \
        --seconds "$seconds" --warmup "$warmup" --batch-size 100 --entity-size 1024 --properties 8 >"$WORK/$name.json" 2>"$WORK/$name.log" \
        || { echo "warning: floor run $name exited with $? (log: $WORK/$name.log)" >&2; return 1; }
}

record() { dotnet "$BENCH" record --raw "$RAW" "$@"; }

echo "== machine: $(nproc) cores, $(dotnet --list-runtimes | grep -m1 NETCore.App | cut -d' ' -f1-2), load average $(load_average)"
echo "   TableLoad's runtime settings, applied to the floor too: ${FLOOR_ENV[*]:-(defaults)}"
if awk -v l="$(cut -d' ' -f1 /proc/loadavg)" -v n="$(nproc)" 'BEGIN { exit !(l > n) }'; then
    echo "   warning: the load average is above the core count: other processes share the CPU and the figures will be noisy."
fi

if [[ "$DO_CEILING" == 1 ]]; then
    port="$(free_port)"
    # Workstation GC keeps the fake endpoint small; it shares the two cores with the client under test.
    DOTNET_gcServer=0 dotnet "$BENCH" fake-endpoint --port "$port" >"$WORK/fake-endpoint.log" 2>&1 &
    FAKE_PID=$!
    wait_for_http "$port"
    echo "== (1) generator ceiling: fake endpoint on 127.0.0.1:$port, $CEILING_TASKS tasks, batches of 100 x 1 KB (8 properties), ${CEILING_SECONDS} s measured after ${CEILING_WARMUP} s warm-up, $RUNS runs each"
    for run in $(seq 1 "$RUNS"); do
        # Alternate who goes first, so a drift in the machine's load does not favour one client.
        order=(tableload floor); ((run % 2 == 0)) && order=(floor tableload)
        for client in "${order[@]}"; do
            name="ceiling-$client-$run"
            if [[ "$client" == tableload ]]; then
                DOTNET_STARTUP_HOOKS="$BENCH" TABLELOAD_BENCH_PROBE="$WORK/$name.probe.json" \
                    run_tableload "$name" "$port" "$CEILING_TASKS" "$CEILING_SECONDS" "$CEILING_WARMUP" \
                    && record --table ceiling --cell "p1-t$CEILING_TASKS" --client tableload --run "$run" \
                        --summary "$WORK/$name/summary.json" --probe "$WORK/$name.probe.json" --time "$WORK/$name.time"
            else
                run_floor "$name" "$port" "$CEILING_TASKS" "$CEILING_SECONDS" "$CEILING_WARMUP" \
                    && record --table ceiling --cell "p1-t$CEILING_TASKS" --client floor --run "$run" \
                        --floor "$WORK/$name.json" --time "$WORK/$name.time"
            fi
        done
    done
    kill "$FAKE_PID" 2>/dev/null || true; wait "$FAKE_PID" 2>/dev/null || true; FAKE_PID=""
    echo
    echo "(1) Generator ceiling against the fake endpoint: median (min–max); CPU is the client process's user+system ÷ entities, warm-up and start-up included"
    dotnet "$BENCH" tables --raw "$RAW" --table ceiling
    echo
fi

if [[ "$DO_AZURITE" == 1 ]]; then
    cells=()
    for tasks in "${AZURITE_TASKS[@]}"; do cells+=("1:$tasks"); done
    if dotnet "$TABLELOAD" run --help 2>/dev/null | grep -q -- '--processes'; then
        cells+=("2:$AZURITE_P2_TASKS")
    fi
    echo "== (2) against Azurite (in memory, restarted before every run), batches of 100 x 1 KB, ${AZURITE_SECONDS} s measured after ${AZURITE_WARMUP} s warm-up, $RUNS runs each"
    for spec in "${cells[@]}"; do
        processes="${spec%%:*}" tasks="${spec##*:}" cell="p${spec%%:*}-t${spec##*:}"
        for run in $(seq 1 "$RUNS"); do
            order=(tableload floor); ((run % 2 == 0)) && order=(floor tableload)
            for client in "${order[@]}"; do
                AZURITE_PORT="$(free_port)"
                "$REPO_ROOT/scripts/azurite.sh" start --port "$AZURITE_PORT" >"$WORK/azurite-start.log" 2>&1 \
                    || { cat "$WORK/azurite-start.log" >&2; die "Azurite did not start."; }
                name="azurite-$cell-$client-$run"
                if [[ "$client" == tableload ]]; then
                    run_tableload "$name" "$AZURITE_PORT" "$tasks" "$AZURITE_SECONDS" "$AZURITE_WARMUP" --processes "$processes" \
                        && record --table azurite --cell "$cell" --client tableload --run "$run" --summary "$WORK/$name/summary.json" --time "$WORK/$name.time"
                else
                    # --processes N for the floor: N floor processes side by side, each with --tasks loops.
                    pids=() outputs=()
                    for p in $(seq 1 "$processes"); do
                        run_floor "$name-$p" "$AZURITE_PORT" "$tasks" "$AZURITE_SECONDS" "$AZURITE_WARMUP" &
                        pids+=($!); outputs+=("$WORK/$name-$p.json")
                    done
                    ok=1; for pid in "${pids[@]}"; do wait "$pid" || ok=0; done
                    if [[ "$ok" == 1 ]]; then
                        record --table azurite --cell "$cell" --client floor --run "$run" --floor "${outputs[@]}"
                    fi
                fi
                "$REPO_ROOT/scripts/azurite.sh" stop --port "$AZURITE_PORT" >/dev/null 2>&1 || true
                AZURITE_PORT=""
            done
        done
        echo "   $cell done (load average $(load_average))"
    done
    echo
    echo "(2) Against Azurite: entities/s and batch latency p99, median (min–max); ratio = TableLoad ÷ floor"
    dotnet "$BENCH" tables --raw "$RAW" --table azurite
    echo
fi

if [[ "$SOAK_MINUTES" -gt 0 ]]; then
    port="$(free_port)"
    DOTNET_gcServer=0 dotnet "$BENCH" fake-endpoint --port "$port" >"$WORK/fake-endpoint.log" 2>&1 &
    FAKE_PID=$!
    wait_for_http "$port"
    echo "== (4) soak: TableLoad alone for $SOAK_MINUTES min at full rate against the fake endpoint, $CEILING_TASKS tasks, batches.csv written"
    DOTNET_STARTUP_HOOKS="$BENCH" TABLELOAD_BENCH_PROBE="$WORK/soak.probe.json" TABLELOAD_CONNECTION_STRING="$(connection_string "$port")" \
        dotnet "$TABLELOAD" run --tasks "$CEILING_TASKS" --duration "${SOAK_MINUTES}m" --warmup 0s --quiet --output "$WORK/soak" >"$WORK/soak.log" 2>&1 \
        || { cat "$WORK/soak.log" >&2; die "the soak run failed."; }
    kill "$FAKE_PID" 2>/dev/null || true; wait "$FAKE_PID" 2>/dev/null || true; FAKE_PID=""
    sed 's/^/   /' "$WORK/soak.log"
    echo "   batches.csv: $(du -m "$WORK/soak/batches.csv" | cut -f1) MiB, streamed to disk"
    dotnet "$BENCH" memory --probe "$WORK/soak.probe.json" --every 60
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
