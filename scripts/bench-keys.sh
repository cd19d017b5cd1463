#!/usr/bin/env bash
# What the key distributions and a weighted mix give, and what a draw costs: for zipfian and latest over 1,000,
# 10,000 and 100,000 keys, the share of draws the hottest 1% and 10% of keys get; the achieved shares of the mix
# read:80,upsert-replace:20 against its weights; and nanoseconds and bytes allocated per draw of each chooser.
# In-process and seeded, one thread, a few seconds of CPU: the shares are the same on every machine, the
# nanoseconds are this one's. Never part of the test suite.
#
#   scripts/bench-keys.sh [--draws 10000000] [--mix-draws 100000] [--seed 1]
set -euo pipefail

readonly REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly BENCH="$REPO_ROOT/bench/TableLoad.Bench/bin/Release/net10.0/TableLoad.Bench.dll"

die() { echo "bench-keys.sh: $*" >&2; exit 1; }
ARGS=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --draws|--mix-draws|--seed)
            [[ $# -ge 2 && "$2" =~ ^[0-9]+$ ]] || die "$1 needs a whole number."; ARGS+=("$1" "$2"); shift 2 ;;
        -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (see --help)." ;;
    esac
done

dotnet build "$REPO_ROOT/bench/TableLoad.Bench" -c Release -v quiet -nologo >/dev/null || die "building bench/TableLoad.Bench failed."
before="$(cut -d' ' -f1-3 /proc/loadavg)"
# Workstation GC: one thread draws, and the server GC's heaps per core would only cost start-up time.
DOTNET_gcServer=0 dotnet "$BENCH" key-draws "${ARGS[@]}"
echo
echo "Load average $before before, $(cut -d' ' -f1-3 /proc/loadavg) after: on a busy machine the nanoseconds are an upper bound."
