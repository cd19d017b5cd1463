#!/usr/bin/env bash
# Start, stop or query a local Azurite table service (in-memory) for TableLoad runs.
#
#   scripts/azurite.sh start  [--port N]   start on 127.0.0.1:N (default 10002); no-op if already running
#   scripts/azurite.sh stop   [--port N]   stop the instance this script started on that port
#   scripts/azurite.sh status [--port N]   exit 0 if running, 3 if not
#
# State lives in .azurite/ at the repo root: azurite-<port>.pid, azurite-<port>.log and
# workspace-<port>/ (Azurite's working directory; it rejects --location with --inMemoryPersistence).
set -euo pipefail

REPO_ROOT="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
# shellcheck source=lib/background.sh
source "$REPO_ROOT/scripts/lib/background.sh"
readonly STATE_DIR="$REPO_ROOT/.azurite"
readonly AZURITE_TABLE="$REPO_ROOT/node_modules/.bin/azurite-table"
readonly START_TIMEOUT_S=30
readonly STOP_TIMEOUT_S=10

die() { echo "azurite.sh: $*" >&2; exit 1; }

usage() {
    echo "usage: scripts/azurite.sh start|stop|status [--port N]" >&2
    exit 2
}

# Prints the status line and headers of the table service's answer on the port; fails if nothing answers HTTP.
http_headers() { http_head "$1" /devstoreaccount1/Tables; }

# Succeeds when the service on the port identifies itself as Azurite's table service.
azurite_answers() {
    local headers
    headers="$(http_headers "$1")" || return 1
    grep -qi '^Server: Azurite-Table' <<<"$headers"
}

ensure_azurite_installed() {
    [[ -x "$AZURITE_TABLE" ]] && return 0
    command -v npm >/dev/null 2>&1 || die "npm not found; install Node.js 20+ so Azurite can be installed."
    echo "azurite.sh: node_modules missing, running npm ci"
    (cd "$REPO_ROOT" && npm ci --no-audit --no-fund --loglevel=error >/dev/null) \
        || die "npm ci failed in $REPO_ROOT."
    [[ -x "$AZURITE_TABLE" ]] || die "npm ci did not install $AZURITE_TABLE."
}

cmd_start() {
    local port="$1" pid_file="$STATE_DIR/azurite-$1.pid" log_file="$STATE_DIR/azurite-$1.log"
    local workspace="$STATE_DIR/workspace-$1" endpoint="http://127.0.0.1:$1/devstoreaccount1" pid

    if pid="$(running_pid "$pid_file" 'azurite')"; then
        echo "Azurite table service already running at $endpoint (pid $pid)"
        return 0
    fi
    rm -f "$pid_file"
    local headers
    if headers="$(http_headers "$port")"; then
        grep -qi '^Server: Azurite-Table' <<<"$headers" \
            || die "port $port on 127.0.0.1 is in use by something that is not Azurite."
        echo "Azurite table service already running at $endpoint (not started by this script)"
        return 0
    fi

    command -v node >/dev/null 2>&1 || die "node not found; install Node.js 20+."
    ensure_azurite_installed
    mkdir -p "$workspace"

    # Own session so a terminal's Ctrl+C or hang-up does not reach it; stop uses the pid file.
    local launcher=()
    command -v setsid >/dev/null 2>&1 && launcher=(setsid)
    (
        cd "$workspace"
        exec "${launcher[@]}" "$AZURITE_TABLE" \
            --tableHost 127.0.0.1 --tablePort "$port" \
            --inMemoryPersistence --skipApiVersionCheck --disableTelemetry --silent --loose
    ) >"$log_file" 2>&1 </dev/null &
    pid=$!
    echo "$pid" >"$pid_file"

    local waited=0
    wait_until_answers "$pid" "$START_TIMEOUT_S" http_headers "$port" || waited=$?
    if ((waited == 1)); then
        rm -f "$pid_file"
        die "Azurite exited during startup: $(tail -n 1 "$log_file" 2>/dev/null) (log: $log_file)"
    elif ((waited == 2)); then
        kill "$pid" 2>/dev/null || true
        rm -f "$pid_file"
        die "Azurite did not answer on port $port within ${START_TIMEOUT_S}s (log: $log_file)."
    fi
    echo "Azurite table service listening at $endpoint (pid $pid, log ${log_file#"$REPO_ROOT"/})"
}

cmd_stop() {
    local port="$1" pid_file="$STATE_DIR/azurite-$1.pid" pid
    if ! pid="$(running_pid "$pid_file" 'azurite')"; then
        rm -f "$pid_file"
        if azurite_answers "$port"; then
            die "the Azurite on port $port was not started by this script; not stopping it."
        fi
        echo "Azurite table service not running on port $port"
        return 0
    fi
    stop_pid "$pid" "$STOP_TIMEOUT_S"
    rm -f "$pid_file"
    rmdir "$STATE_DIR/workspace-$port" 2>/dev/null || true
    echo "Azurite table service on port $port stopped (pid $pid)"
}

cmd_status() {
    local port="$1" pid
    if pid="$(running_pid "$STATE_DIR/azurite-$port.pid" 'azurite')" && http_headers "$port" >/dev/null; then
        echo "Azurite table service running at http://127.0.0.1:$port/devstoreaccount1 (pid $pid)"
        return 0
    fi
    if [[ -n "${pid:-}" ]]; then
        echo "Azurite table service process $pid is alive but not answering on port $port"
        return 1
    fi
    if azurite_answers "$port"; then
        echo "Azurite table service running at http://127.0.0.1:$port/devstoreaccount1 (not started by this script)"
        return 0
    fi
    echo "Azurite table service not running on port $port"
    return 3
}

main() {
    [[ $# -ge 1 ]] || usage
    local command="$1" port=10002
    shift
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --port) [[ $# -ge 2 ]] || die "--port needs a value."; port="$2"; shift 2 ;;
            --port=*) port="${1#--port=}"; shift ;;
            -h|--help) usage ;;
            *) die "unknown argument '$1'." ;;
        esac
    done
    if ! [[ "$port" =~ ^[0-9]{1,5}$ ]] || ((10#$port < 1 || 10#$port > 65535)); then
        die "port must be a number from 1 to 65535, got '$port'."
    fi
    port=$((10#$port))

    case "$command" in
        start) cmd_start "$port" ;;
        stop) cmd_stop "$port" ;;
        status) cmd_status "$port" ;;
        *) usage ;;
    esac
}

main "$@"
