#!/usr/bin/env bash
# What an application's load costs the client and the wire: for each client (sdk, wire), each entity shape
# (TableLoad's default of 8 binary properties of 128 bytes, and examples/binary-8x128.json, strings-20.json and
# typical.json through --entity) and each --operation (insert, upsert-replace, upsert-merge over --key-space 1000),
# one run of 16 tasks against a fake Table endpoint (Kestrel on loopback answering every batch at once; it counts
# the body bytes it receives) and one against Azurite. Prints one table per target: entities/s, client CPU µs per
# entity (user + system over the run's succeeded entities) and, from the fake endpoint, request body bytes per entity.
# Never part of the test suite; run it alone: its figures measure the machine as much as TableLoad.
#
#   scripts/bench-entity.sh [--seconds 5] [--no-azurite] [--keep]
set -euo pipefail

readonly REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/http.sh
source "$REPO_ROOT/scripts/lib/http.sh"
readonly TABLELOAD="$REPO_ROOT/src/TableLoad/bin/Release/net10.0/tableload.dll"
readonly BENCH="$REPO_ROOT/bench/TableLoad.Bench/bin/Release/net10.0/TableLoad.Bench.dll"
readonly ACCOUNT=devstoreaccount1
# The emulator's published development key, not a secret; passed through the environment all the same.
readonly KEY='Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=='
readonly SHAPES=(default binary-8x128 strings-20 typical) OPERATIONS=(insert upsert-replace upsert-merge) CLIENTS=(sdk wire)

SECONDS_MEASURED=5 DO_AZURITE=1 KEEP=0
die() { echo "bench-entity.sh: $*" >&2; exit 1; }
while [[ $# -gt 0 ]]; do
    case "$1" in
        --seconds) [[ $# -ge 2 && "$2" =~ ^[0-9]+$ ]] || die "--seconds needs a whole number."; SECONDS_MEASURED="$2"; shift 2 ;;
        --no-azurite) DO_AZURITE=0; shift ;;
        --keep) KEEP=1; shift ;;
        -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (see --help)." ;;
    esac
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/tableload-bench-entity.XXXXXX")"
FAKE_PID="" AZURITE_PORT=""
cleanup() {
    [[ -n "$FAKE_PID" ]] && { kill "$FAKE_PID" 2>/dev/null || true; wait "$FAKE_PID" 2>/dev/null || true; }
    [[ -n "$AZURITE_PORT" ]] && { "$REPO_ROOT/scripts/azurite.sh" stop --port "$AZURITE_PORT" >/dev/null 2>&1 || true; }
    if ((KEEP)); then echo "kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

for project in src/TableLoad bench/TableLoad.Bench; do
    dotnet build "$REPO_ROOT/$project" -c Release -v quiet -nologo >/dev/null || die "building $project failed."
done

shape_options() { [[ "$1" == default ]] && echo "" || echo "--entity $REPO_ROOT/examples/$1.json"; }
operation_options() { [[ "$1" == insert ]] && echo "--operation insert" || echo "--operation $1 --key-space 1000"; }
received() { http_get "$1" /_fake/received; }
field() { sed -E "s/.*\"$2\":([0-9.]+).*/\1/" <<<"$1"; }

# One run; prints "entities/s cpu_us_per_entity".
run_one() {
    local port="$1" name="$2" client="$3" shape="$4" operation="$5"
    # shellcheck disable=SC2046
    TABLELOAD_CONNECTION_STRING="DefaultEndpointsProtocol=http;AccountName=$ACCOUNT;AccountKey=$KEY;TableEndpoint=http://127.0.0.1:$port/$ACCOUNT" \
        dotnet "$TABLELOAD" run --client "$client" --tasks 16 --duration "${SECONDS_MEASURED}s" --warmup 2s --quiet --no-batch-log \
        $(shape_options "$shape") $(operation_options "$operation") --output "$WORK/$name" >"$WORK/$name.log" 2>&1 \
        || { echo "? ?"; return 0; }
    awk '
        /"mean_entities_per_second"/ && eps == "" { gsub(/[,"]/, "", $2); eps = $2 }
        /"entities_succeeded"/ && ok == "" { gsub(/[,"]/, "", $2); ok = $2 }
        /"user_cpu_seconds"/ { gsub(/[,"]/, "", $2); user = $2 }
        /"system_cpu_seconds"/ { gsub(/[,"]/, "", $2); sys = $2 }
        END { printf "%.0f %.1f\n", eps, (ok > 0 ? (user + sys) * 1e6 / ok : 0) }' "$WORK/$name/summary.json"
}

table() { # table TARGET PORT WITH_BYTES
    local target="$1" port="$2" bytes="$3"
    echo "## against $target (16 tasks, batches of 100, ${SECONDS_MEASURED} s after 2 s)"
    echo
    if ((bytes)); then
        echo "| shape | operation | sdk e/s | sdk CPU µs/entity | sdk bytes/entity | wire e/s | wire CPU µs/entity | wire bytes/entity |"
        echo "|:--|:--|--:|--:|--:|--:|--:|--:|"
    else
        echo "| shape | operation | sdk e/s | sdk CPU µs/entity | wire e/s | wire CPU µs/entity |"
        echo "|:--|:--|--:|--:|--:|--:|"
    fi
    for shape in "${SHAPES[@]}"; do
        for operation in "${OPERATIONS[@]}"; do
            local row="| $shape | $operation |"
            for client in "${CLIENTS[@]}"; do
                local before after figures
                ((bytes)) && before="$(received "$port")"
                figures="$(run_one "$port" "$target-$client-$shape-$operation" "$client" "$shape" "$operation")"
                row="$row $(cut -d' ' -f1 <<<"$figures") | $(cut -d' ' -f2 <<<"$figures") |"
                if ((bytes)); then
                    after="$(received "$port")"
                    row="$row $(awk -v b0="$(field "$before" body_bytes)" -v b1="$(field "$after" body_bytes)" -v o0="$(field "$before" operations)" -v o1="$(field "$after" operations)" \
                        'BEGIN { printf "%.0f", ((o1 - o0) > 0 ? (b1 - b0) / (o1 - o0) : 0) }') |"
                fi
            done
            echo "$row"
        done
    done
    echo
}

echo "# entity shapes and operations ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg))"
echo
FAKE_PORT="$(free_port)"
DOTNET_gcServer=0 dotnet "$BENCH" fake-endpoint --port "$FAKE_PORT" >"$WORK/fake-endpoint.log" 2>&1 &
FAKE_PID=$!
wait_until_answers "" 30 port_open "$FAKE_PORT" || die "the fake endpoint did not answer."
table fake "$FAKE_PORT" 1
kill "$FAKE_PID"; wait "$FAKE_PID" 2>/dev/null || true; FAKE_PID=""

if ((DO_AZURITE)); then
    AZURITE_PORT="$(free_port)"
    "$REPO_ROOT/scripts/azurite.sh" start --port "$AZURITE_PORT" >/dev/null
    table azurite "$AZURITE_PORT" 0
fi
