#!/usr/bin/env bash
# What listening to the TableLoad meter costs: TableLoad against the bench fake endpoint, alternately
# without a listener and with the OTLP exporter sending every second (to the same fake endpoint,
# which answers 204), N pairs. CPU per entity is over the measured period only (the bench probe's
# CPU samples, as in bench.sh), so start-up and JIT stay out; prints each run and the medians.
# Never part of the test suite.
#
#   scripts/bench-metrics.sh [--pairs N] [--tasks T] [--seconds S]
set -euo pipefail

readonly REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/http.sh
source "$REPO_ROOT/scripts/lib/http.sh"
readonly TABLELOAD="$REPO_ROOT/src/TableLoad/bin/Release/net10.0/tableload.dll"
readonly BENCH="$REPO_ROOT/bench/TableLoad.Bench/bin/Release/net10.0/TableLoad.Bench.dll"
# The emulator's published development key, not a secret.
readonly KEY='Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=='
PAIRS=5 TASKS=16 SECONDS_MEASURED=10

die() { echo "bench-metrics.sh: $*" >&2; exit 1; }
while [[ $# -gt 0 ]]; do
    case "$1" in
        --pairs) [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || die "--pairs needs a positive number."; PAIRS="$2"; shift 2 ;;
        --tasks) [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || die "--tasks needs a positive number."; TASKS="$2"; shift 2 ;;
        --seconds) [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || die "--seconds needs a positive number."; SECONDS_MEASURED="$2"; shift 2 ;;
        -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (see --help)." ;;
    esac
done

for project in src/TableLoad bench/TableLoad.Bench; do
    (cd "$REPO_ROOT" && dotnet build "$project" -c Release -v quiet -nologo -clp:NoSummary >/dev/null) || die "building $project failed."
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/tableload-bench-metrics.XXXXXX")"
PORT="$(free_port)" || die "found no free port on 127.0.0.1."
DOTNET_gcServer=0 dotnet "$BENCH" fake-endpoint --port "$PORT" >"$WORK/fake-endpoint.log" 2>&1 &
FAKE_PID=$!
trap 'kill "$FAKE_PID" 2>/dev/null || true; wait "$FAKE_PID" 2>/dev/null || true; rm -rf "$WORK"' EXIT
wait_until_answers "$FAKE_PID" 30 port_open "$PORT" || die "the fake endpoint did not start."

run() { # run NAME [env...]
    local name="$1"; shift
    env TABLELOAD_CONNECTION_STRING="DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=$KEY;TableEndpoint=http://127.0.0.1:$PORT/devstoreaccount1" \
        DOTNET_STARTUP_HOOKS="$BENCH" TABLELOAD_BENCH_PROBE="$WORK/$name.probe.json" "$@" \
        dotnet "$TABLELOAD" run --tasks "$TASKS" --duration "${SECONDS_MEASURED}s" --warmup 2s --quiet --no-batch-log --output "$WORK/$name" >"$WORK/$name.log" 2>&1 \
        || die "run $name failed: $(tail -n 3 "$WORK/$name.log")"
    dotnet "$BENCH" record --raw "$WORK/raw.csv" --table metrics --cell "${name%-*}" --client tableload --run "${name##*-}" \
        --summary "$WORK/$name/summary.json" --probe "$WORK/$name.probe.json"
    printf '%s\t%s\t%s\n' "$name" "$(figure "$name" cpu_us_per_entity_measured)" "$(figure "$name" entities_per_second)"
}

figure() { # figure NAME METRIC -> the value recorded for that run
    awk -F, -v cell="${1%-*}" -v run="${1##*-}" -v metric="$2" '$2 == cell && $4 == run && $5 == metric { print $6 }' "$WORK/raw.csv"
}

echo "== load average $(cut -d' ' -f1-3 /proc/loadavg); $PAIRS pairs, $TASKS tasks, ${SECONDS_MEASURED} s measured; name, CPU µs/entity (measured period), entities/s"
for pair in $(seq 1 "$PAIRS"); do
    # The order alternates so neither side always runs on a warmer or quieter machine.
    if ((pair % 2)); then order=(off on); else order=(on off); fi
    for side in "${order[@]}"; do
        if [[ "$side" == on ]]; then
            run "on-$pair" OTEL_EXPORTER_OTLP_ENDPOINT="http://127.0.0.1:$PORT" OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf OTEL_METRIC_EXPORT_INTERVAL=1000
        else
            run "off-$pair"
        fi
    done
done

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
for side in off on; do
    cpu="$(awk -F, -v cell="$side" '$2 == cell && $5 == "cpu_us_per_entity_measured" { print $6 }' "$WORK/raw.csv" | median)"
    rate="$(awk -F, -v cell="$side" '$2 == cell && $5 == "entities_per_second" { print $6 }' "$WORK/raw.csv" | median)"
    printf '%-4s median CPU %.2f µs/entity (measured period), %.0f entities/s\n' "$side" "$cpu" "$rate"
done
echo "== load average $(cut -d' ' -f1-3 /proc/loadavg)"
