#!/usr/bin/env bash
# Soak: does a long run keep its memory and its files bounded? Two fixed-rate runs against Azurite behind
# `tableload proxy`, a short one and then a long one, each sampling the RSS of the tableload process tree (the
# coordinator and any workers, summed, from /proc) once a second. Prints each run's peak RSS, the second it
# came and the worst per-second batch p50 in the 30 s before it (a service that stalls leaves every task's
# batch in flight, and the server GC raises its budgets), its peak after the first 30 s (the start-up's own spike
# comes or not in either run), its settled RSS (the median of its last minute), the ratios long/short of the
# three (the target: at most 1.10), and every result file's size in both.
# The runs upsert over a key space small enough that the table is full within seconds: Azurite's in-memory table
# stops growing, both runs meet the same service (each run's median batch p50 is printed to show it), and only
# TableLoad's own memory is in question. Never part of the test suite; run it alone: other load on the machine
# shows in the RSS.
#
#   scripts/bench-soak.sh [--long 30m] [--short 2m] [--rate 500] [--processes 1] [--runtime tuned|defaults] [--keep]
set -euo pipefail

readonly REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/proxied-bench.sh
source "$REPO_ROOT/scripts/lib/proxied-bench.sh"
# Each task and partition cycles over this many RowKeys, so the table is full after some 25 s at 500 entities/s.
# Azurite replaces an entity several times slower than it inserts one: with 10,000 keys a task the table filled only
# after four minutes, the short run met a service answering in ~25 ms and the long one in 120-450 ms, with five
# times the batches in flight, and the runs' memory was not comparable (docs/stages.md).
readonly KEY_SPACE=1000

LONG=30m SHORT=2m RATE=500 PROCESSES=1 RUNTIME=tuned KEEP=0
die() { echo "bench-soak.sh: $*" >&2; exit 1; }
duration_option() { [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*[smh]$ ]] || die "$1 needs a duration in whole seconds, minutes or hours, e.g. 2m."; }
while [[ $# -gt 0 ]]; do
    case "$1" in
        --long) duration_option "$@"; LONG="$2"; shift 2 ;;
        --short) duration_option "$@"; SHORT="$2"; shift 2 ;;
        --rate) [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] || die "--rate needs a whole number of entities per second."; RATE="$2"; shift 2 ;;
        --processes) [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] || die "--processes needs a whole number."; PROCESSES="$2"; shift 2 ;;
        --runtime) [[ $# -ge 2 && "$2" =~ ^(tuned|defaults)$ ]] || die "--runtime needs tuned or defaults (tableload run --help)."; RUNTIME="$2"; shift 2 ;;
        --keep) KEEP=1; shift ;;
        -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (see --help)." ;;
    esac
done

# Prints the summed VmRSS, in KiB, of process $1 and all its descendants (read from every /proc/N/status,
# since /proc/N/task/N/children is not present on every kernel).
tree_rss_kib() {
    awk -v root="$1" '
        FNR == 1 { pid = "" }
        /^Pid:/ { pid = $2 }
        /^PPid:/ { parent[pid] = $2 }
        /^VmRSS:/ { rss[pid] = $2 }
        END {
            total = 0
            for (p in parent) {
                for (q = p; q != "" && q != root && q in parent && q > 1; q = parent[q]) {}
                if (q == root) total += rss[p]
            }
            print total
        }' /proc/[0-9]*/status 2>/dev/null
}

# Runs one soak of duration $2 into $WORK/$1, writing "second,rss_kib" to $WORK/$1.rss.csv every second.
soak() { # soak NAME DURATION
    local name="$1" pid code=0 second=0
    dotnet "$TABLELOAD" run --rate "$RATE" --duration "$2" --warmup 5s --processes "$PROCESSES" --runtime "$RUNTIME" \
        --operation upsert-replace --key-space "$KEY_SPACE" --quiet --output "$WORK/$name" >"$WORK/$name.log" 2>&1 &
    pid=$!
    echo "second,rss_kib" >"$WORK/$name.rss.csv"
    while kill -0 "$pid" 2>/dev/null; do
        echo "$second,$(tree_rss_kib "$pid")" >>"$WORK/$name.rss.csv"
        sleep 1
        second=$((second + 1))
    done
    wait "$pid" || code=$?
    ((code == 0)) || die "the $name run exited $code: $(tail -n 3 "$WORK/$name.log")"
}

peak() { # peak NAME [FROM] -> "KIB SECOND": the highest RSS sampled from second FROM (default 0), 0 when none was
    awk -F, -v from="${2:-0}" 'NR > 1 && $1 >= from && $2 > max { max = $2; at = $1 } END { print max + 0, at + 0 }' "$WORK/$1.rss.csv"
}

# The first seconds hold the start-up (JIT, the warm-up, the GC's first budgets), whose spike either run may or may not
# have: the peak after them is the one a run's length could raise.
readonly STARTUP_SECONDS=30

median() { # the median of the numbers on standard input, one a line; 0 for none
    sort -g | awk '{ v[NR] = $1 } END { print NR ? v[int((NR + 1) / 2)] : 0 }'
}

settled() { # settled NAME -> the median RSS in KiB of the run's last 60 samples
    tail -n 60 "$WORK/$1.rss.csv" | grep -v second | cut -d, -f2 | median
}

median_p50() { # median_p50 NAME -> the median per-second batch p50 in ms over the run's measured seconds
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        $col["warmup"] != "true" && $col["warmup"] != "1" && $col["p50_ms"] != "" { print $col["p50_ms"] + 0 }' "$WORK/$1/intervals.csv" \
        | median | xargs printf '%.0f\n'
}

worst_p50_before() { # worst_p50_before NAME SECOND -> the highest per-second batch p50 in ms in the 30 s up to SECOND
    # The sampler's seconds drift a little behind the run's, and the memory stays up after a stall: a window, not one second.
    awk -F, -v at="$2" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        $col["elapsed_s"] >= at - 30 && $col["elapsed_s"] <= at && $col["p50_ms"] + 0 > worst { worst = $col["p50_ms"] + 0 }
        END { printf "%.0f\n", worst }' "$WORK/$1/intervals.csv"
}

proxied_bench_setup bench-soak
"$REPO_ROOT/scripts/azurite.sh" start --port "$AZURITE_PORT" >/dev/null
"$REPO_ROOT/scripts/proxy.sh" start --port "$PROXY_PORT" --target-port "$AZURITE_PORT" >/dev/null

for run in short long; do
    duration="$SHORT"; [[ "$run" == long ]] && duration="$LONG"
    echo "== $run: $duration at $RATE entities/s, $PROCESSES process(es), --runtime $RUNTIME, upsert-replace over $KEY_SPACE keys per task"
    soak "$run" "$duration"
    read -r kib at <<<"$(peak "$run")"
    awk -v run="$run" -v kib="$kib" -v at="$at" -v samples="$(($(wc -l <"$WORK/$run.rss.csv") - 1))" \
        -v p50="$(worst_p50_before "$run" "$at")" -v settled="$(settled "$run")" -v median="$(median_p50 "$run")" \
        -v after="$(peak "$run" "$STARTUP_SECONDS")" -v startup="$STARTUP_SECONDS" \
        'BEGIN { split(after, a, " "); printf "%s: peak RSS %.1f MiB at second %d of %d sampled (worst batch p50 in the 30 s before: %s ms); after the first %d s %.1f MiB at second %d; settled RSS %.1f MiB; median batch p50 %s ms\n", run, kib / 1024, at, samples, p50, startup, a[1] / 1024, a[2], settled / 1024, median }'
done

read -r short_kib _ <<<"$(peak short)"
read -r long_kib _ <<<"$(peak long)"
((short_kib > 0)) || die "no RSS was sampled in the short run."
read -r short_after _ <<<"$(peak short "$STARTUP_SECONDS")"
read -r long_after _ <<<"$(peak long "$STARTUP_SECONDS")"
awk -v long="$long_kib" -v short="$short_kib" -v settled_long="$(settled long)" -v settled_short="$(settled short)" \
    -v long_after="$long_after" -v short_after="$short_after" \
    'BEGIN { after = "-"; if (short_after > 0) after = sprintf("%.3f", long_after / short_after)
        printf "peak RSS long/short: %.3f, after the start-up: %s, settled RSS long/short: %.3f (target: at most 1.10)\n", long / short, after, settled_long / settled_short }'

# Memory follows the batches in flight, so two runs that met services of different speeds are not comparable.
awk -v long="$(median_p50 long)" -v short="$(median_p50 short)" \
    'BEGIN { if (short > 0 && (long / short > 1.5 || short / long > 1.5)) printf "warning: the runs met services of different speeds (median batch p50 %s ms short, %s ms long): their memory is not comparable\n", short, long }'

echo "== result files, bytes"
join -a1 -a2 -e - -o 0,1.2,2.2 \
    <(cd "$WORK/short" && find . -type f -printf '%P %s\n' | sort) \
    <(cd "$WORK/long" && find . -type f -printf '%P %s\n' | sort) \
    | awk 'BEGIN { printf "%-24s %14s %14s\n", "file", "short", "long" } { printf "%-24s %14s %14s\n", $1, $2, $3 }'
