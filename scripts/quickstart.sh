#!/usr/bin/env bash
# The first README command: installs what is missing, starts the pinned Azurite on loopback,
# runs a 20-second batch-insert load test against it and prints the latency table.
#
#   scripts/quickstart.sh [--throttle] [tableload run options...]    e.g. --tasks 24 --duration 30s
#
# --throttle puts `tableload proxy` between TableLoad and Azurite with a partition limit of
# 500 entities/s, so the run shows 503 ServerBusy throttling as the real service answers it, and
# the service's own view of it: the proxy emulates Azure Monitor's metrics and writes the service's
# request log, and the run reads both (--service-metrics, --service-log), printing after its table
# the service's counts reconciled with its own and what the client's p99 is made of (docs/service.md).
# Azurite (and the proxy) are stopped again at the end if this script started them.
set -euo pipefail

readonly REPO_ROOT="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly PORT="${TABLELOAD_AZURITE_PORT:-10002}"
readonly PROXY_PORT="${TABLELOAD_PROXY_PORT:-10102}"
# The proxy's emulated metrics answer for the account behind it, whatever the subscription and group.
readonly EMULATED_RESOURCE="/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/quickstart/providers/Microsoft.Storage/storageAccounts/devstoreaccount1/tableServices/default"
throttle=0
if [[ "${1:-}" == "--throttle" ]]; then
    throttle=1
    shift
fi
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

cd "$REPO_ROOT"
bash scripts/install-deps.sh --no-r --no-browser
echo "quickstart: building TableLoad (Release)"
dotnet build src/TableLoad/TableLoad.csproj -c Release -v quiet -nologo -clp:ErrorsOnly

started_here=0
if ! bash scripts/azurite.sh status --port "$PORT" >/dev/null 2>&1; then
    bash scripts/azurite.sh start --port "$PORT"
    started_here=1
fi
proxy_here=0
log_dir=""
stop_all() {
    ((proxy_here)) && bash scripts/proxy.sh stop --port "$PROXY_PORT" || true
    ((started_here)) && bash scripts/azurite.sh stop --port "$PORT" >/dev/null 2>&1 || true
    [[ -z "$log_dir" ]] || rm -rf "$log_dir"
}
trap stop_all EXIT

# The default target is the Azurite development account on 127.0.0.1:$PORT.
unset TABLELOAD_CONNECTION_STRING
service=()
if ((throttle)); then
    log_dir="$(mktemp -d "${TMPDIR:-/tmp}/tableload-quickstart.XXXXXX")"
    bash scripts/proxy.sh start --port "$PROXY_PORT" --target-port "$PORT" --partition-limit 500 --service-log "$log_dir/service-log.json"
    proxy_here=1
    export TABLELOAD_CONNECTION_STRING="UseDevelopmentStorage=true;TableEndpoint=http://127.0.0.1:$PROXY_PORT/devstoreaccount1"
    service=(--service-metrics "$EMULATED_RESOURCE" --metrics-endpoint "http://127.0.0.1:$PROXY_PORT" --service-log "$log_dir/service-log.json")
elif [[ "$PORT" != 10002 ]]; then
    export TABLELOAD_CONNECTION_STRING="UseDevelopmentStorage=true;TableEndpoint=http://127.0.0.1:$PORT/devstoreaccount1"
fi

defaults=(--duration 20s)
[[ " $* " == *" --duration "* ]] && defaults=()
[[ " $* " == *" --verify "* ]] || defaults+=(--verify)
dotnet src/TableLoad/bin/Release/net10.0/tableload.dll run "${defaults[@]}" "${service[@]}" "$@"
