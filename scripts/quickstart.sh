#!/usr/bin/env bash
# The first README command: installs what is missing, starts the pinned Azurite on loopback,
# runs a 20-second batch-insert load test against it and prints the latency table.
#
#   scripts/quickstart.sh [--throttle] [tableload run options...]    e.g. --tasks 24 --duration 30s
#
# --throttle puts `tableload proxy` between TableLoad and Azurite with a partition limit of
# 500 entities/s, so the run shows 503 ServerBusy throttling as the real service answers it.
# Azurite (and the proxy) are stopped again at the end if this script started them.
set -euo pipefail

readonly REPO_ROOT="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly PORT="${TABLELOAD_AZURITE_PORT:-10002}"
readonly PROXY_PORT="${TABLELOAD_PROXY_PORT:-10102}"
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
stop_all() {
    ((proxy_here)) && bash scripts/proxy.sh stop --port "$PROXY_PORT" || true
    ((started_here)) && bash scripts/azurite.sh stop --port "$PORT" >/dev/null 2>&1 || true
}
trap stop_all EXIT

# The default target is the Azurite development account on 127.0.0.1:$PORT.
unset TABLELOAD_CONNECTION_STRING
if ((throttle)); then
    bash scripts/proxy.sh start --port "$PROXY_PORT" --target-port "$PORT" --partition-limit 500
    proxy_here=1
    export TABLELOAD_CONNECTION_STRING="UseDevelopmentStorage=true;TableEndpoint=http://127.0.0.1:$PROXY_PORT/devstoreaccount1"
elif [[ "$PORT" != 10002 ]]; then
    export TABLELOAD_CONNECTION_STRING="UseDevelopmentStorage=true;TableEndpoint=http://127.0.0.1:$PORT/devstoreaccount1"
fi

defaults=(--duration 20s)
[[ " $* " == *" --duration "* ]] && defaults=()
[[ " $* " == *" --verify "* ]] || defaults+=(--verify)
dotnet src/TableLoad/bin/Release/net10.0/tableload.dll run "${defaults[@]}" "$@"
