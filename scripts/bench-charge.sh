#!/usr/bin/env bash
# Measures what reading the request charge costs the client: the client's CPU per entity (summary.json's
# client.cpu_us_per_entity) of the same open-model load through `tableload proxy` in Storage mode (no
# x-ms-request-charge on any answer) and in Cosmos mode (a charge on every answer, a budget too large to
# throttle), for each client, the modes alternating run by run. Prints per client each mode's mean and
# standard deviation and the change with its 95% Welch interval (the target: at most +2%).
# Never part of the test suite; run it alone: the machine's own noise is part of what it measures.
#
#   scripts/bench-charge.sh [--runs 6] [--duration 10s] [--rate 3000] [--keep]
set -euo pipefail

readonly REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/proxied-bench.sh
source "$REPO_ROOT/scripts/lib/proxied-bench.sh"

RUNS=6 DURATION=10s RATE=3000 KEEP=0
die() { echo "bench-charge.sh: $*" >&2; exit 1; }
while [[ $# -gt 0 ]]; do
    case "$1" in
        --runs) [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] || die "--runs needs a whole number."; RUNS="$2"; shift 2 ;;
        --duration) [[ $# -ge 2 && "$2" =~ ^[0-9]+s$ ]] || die "--duration needs whole seconds, e.g. 10s."; DURATION="$2"; shift 2 ;;
        --rate) [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] || die "--rate needs a whole number of entities per second."; RATE="$2"; shift 2 ;;
        --keep) KEEP=1; shift ;;
        -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (see --help)." ;;
    esac
done

proxied_bench_setup bench-charge
"$REPO_ROOT/scripts/azurite.sh" start --port "$AZURITE_PORT" >/dev/null
# Limits far above the load, so that neither mode throttles and both do the same work.
readonly LIMITS=(--partition-limit 1000000 --account-limit 1000000)

run() { # run NAME CLIENT PROXY-OPTION...
    "$REPO_ROOT/scripts/proxy.sh" start --port "$PROXY_PORT" --target-port "$AZURITE_PORT" "${LIMITS[@]}" "${@:3}" >/dev/null
    dotnet "$TABLELOAD" run --client "$2" --rate "$RATE" --tasks 16 --batch-size 100 --partitions spread:4 --duration "$DURATION" \
        --warmup 2s --quiet --no-batch-log --output "$WORK/$1" >"$WORK/$1.log" 2>&1 || die "run $1 failed: $(tail -n 3 "$WORK/$1.log")"
    "$REPO_ROOT/scripts/proxy.sh" stop --port "$PROXY_PORT" >/dev/null
}

echo "== $RUNS runs per client and mode, --rate $RATE, $DURATION each"
for ((i = 1; i <= RUNS; i++)); do
    for client in sdk wire; do
        run "$client-storage-$i" "$client"
        run "$client-cosmos-$i" "$client" --request-units 100000000
    done
done

Rscript - "$WORK" "$RUNS" <<'R'
args <- commandArgs(trailingOnly = TRUE)
work <- args[1]; runs <- as.integer(args[2])
read <- function(name) jsonlite::fromJSON(file.path(work, name, "summary.json"))
for (client in c("sdk", "wire")) {
  storage <- lapply(seq_len(runs), function(i) read(sprintf("%s-storage-%d", client, i)))
  cosmos <- lapply(seq_len(runs), function(i) read(sprintf("%s-cosmos-%d", client, i)))
  if (any(vapply(storage, function(x) !is.null(x$request_units), logical(1)))) stop("a Storage-mode run reported request units")
  if (!all(vapply(cosmos, function(x) !is.null(x$request_units), logical(1)))) stop("a Cosmos-mode run reported no request units")
  cpu <- function(s) vapply(s, function(x) x$client$cpu_us_per_entity, numeric(1))
  a <- cpu(storage); b <- cpu(cosmos)
  # One run per mode has no spread, so no interval.
  welch <- if (runs > 1) t.test(b, a) else list(conf.int = c(NA, NA))
  cat(sprintf("%-4s storage %6.2f us/entity (sd %.2f), cosmos %6.2f (sd %.2f): %+.1f%% (95%% CI %+.1f%% to %+.1f%%); %.2f RU/entity\n",
              client, mean(a), sd(a), mean(b), sd(b), 100 * (mean(b) / mean(a) - 1),
              100 * welch$conf.int[1] / mean(a), 100 * welch$conf.int[2] / mean(a),
              mean(vapply(cosmos, function(x) x$request_units$per_entity, numeric(1)))))
}
R
