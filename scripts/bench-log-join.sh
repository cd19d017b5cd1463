#!/usr/bin/env bash
# Times the join of the service's request log with a run's batches.csv (`report --service-log`), the issue's target being
# 1,000,000 records joined in under 10 s on 2 cores, in bounded memory. One short real run (Azurite behind `tableload proxy`)
# gives a result folder; its batches.csv is then replaced by N generated requests, and a log of their N records, in the
# resource-log format the proxy writes, plus N/100 records of other clients, is generated beside it. Prints the join's wall
# time, its peak resident memory and the joined and unjoined counts (which must be N and N/100).
# Never part of the test suite; run it alone: the machine's own noise is part of what it measures.
#
#   scripts/bench-log-join.sh [--records 1000000] [--keep]
set -euo pipefail

readonly REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/proxied-bench.sh
source "$REPO_ROOT/scripts/lib/proxied-bench.sh"

RECORDS=1000000 KEEP=0
die() { echo "bench-log-join.sh: $*" >&2; exit 1; }
while [[ $# -gt 0 ]]; do
    case "$1" in
        --records) [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] || die "--records needs a whole number."; RECORDS="$2"; shift 2 ;;
        --keep) KEEP=1; shift ;;
        -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (see --help)." ;;
    esac
done
command -v /usr/bin/time >/dev/null || die "needs /usr/bin/time (apt-get install time) for the peak memory."

proxied_bench_setup bench-log-join
"$REPO_ROOT/scripts/azurite.sh" start --port "$AZURITE_PORT" >/dev/null
"$REPO_ROOT/scripts/proxy.sh" start --port "$PROXY_PORT" --target-port "$AZURITE_PORT" >/dev/null

echo "== a result folder: one run of 1 s"
dotnet "$TABLELOAD" run --tasks 1 --batch-size 10 --duration 1s --warmup 0s --quiet --output "$WORK/run" >"$WORK/run.log" 2>&1 \
    || die "the run failed: $(tail -n 3 "$WORK/run.log")"
started="$(sed -n 's/.*"started_utc": *"\([^"]*\)".*/\1/p' "$WORK/run/run.json" | head -n 1)"
[[ -n "$started" ]] || die "run.json has no started_utc."

echo "== $RECORDS requests in batches.csv and their records in the log"
header="$(head -n 1 "$WORK/run/batches.csv")"
# Ids made from the request's number, in the GUID form TableLoad sends; the log's records in a shuffled order the service's could have.
awk -v n="$RECORDS" -v header="$header" 'BEGIN {
    print header
    for (i = 0; i < n; i++) {
        printf "0,%d,p%d,%.3f,%.3f,10,1,succeeded,202,,,false,,false,,,,,r%d,insert,,%08x-0000-4000-8000-%012x\n", i % 4, i % 50, (i % 900) + 0.5, 5 + (i % 97) / 10, i, i, i
    }
}' >"$WORK/run/batches.csv"
awk -v n="$RECORDS" -v time="$started" 'BEGIN {
    for (k = 0; k < n + int(n / 100); k++) {
        i = (k * 7919) % (n + int(n / 100))
        id = i < n ? sprintf("%08x-0000-4000-8000-%012x", i, i) : sprintf("other-client-%d", i)
        printf "{\"time\":\"%s\",\"resourceId\":\"/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/local/providers/Microsoft.Storage/storageAccounts/devstoreaccount1/tableServices/default\",\"category\":\"StorageWrite\",\"operationName\":\"EntityGroupTransaction\",\"operationVersion\":\"2019-02-02\",\"schemaVersion\":\"1.0\",\"statusCode\":202,\"statusText\":\"Success\",\"durationMs\":%d,\"callerIpAddress\":\"127.0.0.1:50000\",\"correlationId\":\"r%d\",\"location\":\"local\",\"uri\":\"http://127.0.0.1/devstoreaccount1/$batch\",\"protocol\":\"HTTP\",\"properties\":{\"accountName\":\"devstoreaccount1\",\"userAgentHeader\":\"TableLoad\",\"clientRequestId\":\"%s\",\"serverLatencyMs\":%d,\"serviceType\":\"table\",\"requestBodySize\":21064,\"responseBodySize\":1200}}\n", time, 3 + i % 3, i, id, 2 + i % 2
    }
}' >"$WORK/log.json"
echo "batches.csv $(du -h "$WORK/run/batches.csv" | cut -f1), log $(du -h "$WORK/log.json" | cut -f1)"

echo "== the join: report --service-log"
/usr/bin/time -f "%e %M" -o "$WORK/time" dotnet "$TABLELOAD" report "$WORK/run" --output "$WORK/joined" --service-log "$WORK/log.json" >"$WORK/report.log" 2>&1 \
    || die "the report failed: $(tail -n 3 "$WORK/report.log")"
read -r seconds kib <"$WORK/time"
grep '^service log:' "$WORK/report.log" || die "the report said nothing of the service's log."
echo "join of $RECORDS records: ${seconds} s wall, peak resident memory $((kib / 1024)) MiB (the report's whole process)"
awk -v s="$seconds" 'BEGIN { exit !(s < 10) }' && echo "target (< 10 s): met" || echo "target (< 10 s): MISSED"
