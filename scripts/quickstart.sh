#!/usr/bin/env bash
# The first README command: installs what is missing, starts the pinned Azurite on loopback,
# runs a 20-second batch-insert load test against it and prints the latency table.
#
#   scripts/quickstart.sh [tableload run options...]    e.g. --tasks 24 --duration 30s
#
# Azurite is stopped again at the end if this script started it.
set -euo pipefail

readonly REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly PORT="${TABLELOAD_AZURITE_PORT:-10002}"
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

cd "$REPO_ROOT"
bash scripts/install-deps.sh --no-r
echo "quickstart: building TableLoad (Release)"
dotnet build src/TableLoad/TableLoad.csproj -c Release -v quiet -nologo -clp:ErrorsOnly

started_here=0
if ! bash scripts/azurite.sh status --port "$PORT" >/dev/null 2>&1; then
    bash scripts/azurite.sh start --port "$PORT"
    started_here=1
fi
stop_azurite() { ((started_here)) && bash scripts/azurite.sh stop --port "$PORT" >/dev/null 2>&1 || true; }
trap stop_azurite EXIT

# The default target is the Azurite development account on 127.0.0.1:$PORT.
unset TABLELOAD_CONNECTION_STRING
if [[ "$PORT" != 10002 ]]; then
    export TABLELOAD_CONNECTION_STRING="UseDevelopmentStorage=true;TableEndpoint=http://127.0.0.1:$PORT/devstoreaccount1"
fi

dotnet src/TableLoad/bin/Release/net10.0/tableload.dll run --duration 20s --verify "$@"
