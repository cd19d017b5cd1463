#!/usr/bin/env bash
# Start, stop or query a local `tableload proxy`: a throttling and fault emulator in front of Azurite.
#
#   scripts/proxy.sh start  [--port N] [--target-port N] [proxy options...]
#       builds TableLoad (Release) if needed, starts the proxy in the background on 127.0.0.1:N
#       (default 10102) in front of 127.0.0.1:TARGET (default 10002, Azurite's table port), and waits
#       until GET /_proxy/stats answers. Other options go to `tableload proxy` as given, e.g.
#       --partition-limit 500 --cosmos --reset-rate 0.1 --seed 7 --config throttle.json
#   scripts/proxy.sh stop   [--port N]   stop it (SIGTERM) and print its final counters
#   scripts/proxy.sh status [--port N]   print its counters; exit 0 if running, 3 if not
#
# State lives in .azurite/ at the repo root: proxy-<port>.pid and proxy-<port>.log. The proxy does not
# start Azurite: use scripts/azurite.sh start first (see docs/proxy.md).
set -euo pipefail

REPO_ROOT="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
# shellcheck source=lib/background.sh
source "$REPO_ROOT/scripts/lib/background.sh"
readonly STATE_DIR="$REPO_ROOT/.azurite"
readonly PROJECT="$REPO_ROOT/src/TableLoad/TableLoad.csproj"
readonly TABLELOAD_DLL="$REPO_ROOT/src/TableLoad/bin/Release/net10.0/tableload.dll"
readonly START_TIMEOUT_S=30
readonly STOP_TIMEOUT_S=10
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

die() { echo "proxy.sh: $*" >&2; exit 1; }

usage() {
    echo "usage: scripts/proxy.sh start [--port N] [--target-port N] [proxy options...] | stop [--port N] | status [--port N]" >&2
    exit 2
}

# Prints the proxy's counters on one line; fails if it does not answer.
stats() { http_get "$1" /_proxy/stats | tr -d '\r\n'; }

# Builds when the program is missing or older than any source or build file.
build_if_needed() {
    if [[ -f "$TABLELOAD_DLL" ]] && [[ -z "$(find "$REPO_ROOT/src/TableLoad" "$REPO_ROOT"/Directory.*.props \
            \( -path '*/bin' -o -path '*/obj' \) -prune -o -type f -newer "$TABLELOAD_DLL" -print -quit)" ]]; then
        return 0
    fi
    command -v dotnet >/dev/null 2>&1 || die "dotnet not found on PATH; install the .NET 10 SDK."
    echo "proxy.sh: building TableLoad (Release)" >&2
    dotnet build "$PROJECT" -c Release -v quiet -nologo -clp:ErrorsOnly >&2 || die "dotnet build failed."
}

cmd_start() {
    local port="$1" target_port="$2"
    shift 2
    local pid_file="$STATE_DIR/proxy-$port.pid" log_file="$STATE_DIR/proxy-$port.log" pid
    if pid="$(running_pid "$pid_file" 'tableload.dll proxy')"; then
        echo "tableload proxy already running on 127.0.0.1:$port (pid $pid); stop it first to change its options"
        return 0
    fi
    rm -f "$pid_file"
    build_if_needed
    mkdir -p "$STATE_DIR"

    # Own session so a terminal's Ctrl+C or hang-up does not reach it; stop uses the pid file.
    local launcher=()
    command -v setsid >/dev/null 2>&1 && launcher=(setsid)
    (
        exec "${launcher[@]}" dotnet "$TABLELOAD_DLL" proxy \
            --listen "http://127.0.0.1:$port" --target "http://127.0.0.1:$target_port" "$@"
    ) >"$log_file" 2>&1 </dev/null &
    pid=$!
    echo "$pid" >"$pid_file"

    local waited=0
    wait_until_answers "$pid" "$START_TIMEOUT_S" stats "$port" || waited=$?
    if ((waited == 1)); then
        rm -f "$pid_file"
        local code=0
        wait "$pid" || code=$?
        echo "proxy.sh: tableload proxy did not start: $(tail -n 1 "$log_file" 2>/dev/null) (log: ${log_file#"$REPO_ROOT"/})" >&2
        exit $((code == 0 ? 1 : code))
    elif ((waited == 2)); then
        kill -TERM "$pid" 2>/dev/null || true
        rm -f "$pid_file"
        die "tableload proxy did not answer on port $port within ${START_TIMEOUT_S}s (log: ${log_file#"$REPO_ROOT"/})."
    fi
    echo "$(head -n 1 "$log_file") (pid $pid, log ${log_file#"$REPO_ROOT"/})"
}

cmd_stop() {
    local port="$1" pid_file="$STATE_DIR/proxy-$1.pid" log_file="$STATE_DIR/proxy-$1.log" pid
    if ! pid="$(running_pid "$pid_file" 'tableload.dll proxy')"; then
        rm -f "$pid_file"
        echo "tableload proxy not running on port $port"
        return 0
    fi
    stop_pid "$pid" "$STOP_TIMEOUT_S"
    rm -f "$pid_file"
    # The proxy prints its counters as its last line when it stops.
    echo "tableload proxy on port $port stopped (pid $pid): $(tail -n 1 "$log_file" 2>/dev/null)"
}

cmd_status() {
    local port="$1" pid counters
    if pid="$(running_pid "$STATE_DIR/proxy-$port.pid" 'tableload.dll proxy')" && counters="$(stats "$port")"; then
        echo "tableload proxy running on 127.0.0.1:$port (pid $pid): $counters"
        return 0
    fi
    echo "tableload proxy not running on port $port"
    return 3
}

valid_port() { [[ "$1" =~ ^[0-9]+$ ]] && (($1 >= 1 && $1 <= 65535)); }

main() {
    [[ $# -ge 1 ]] || usage
    local command="$1" port=10102 target_port=10002 passthrough=()
    shift
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --port) [[ $# -ge 2 ]] || die "--port needs a value."; port="$2"; shift 2 ;;
            --port=*) port="${1#--port=}"; shift ;;
            --target-port) [[ $# -ge 2 ]] || die "--target-port needs a value."; target_port="$2"; shift 2 ;;
            --target-port=*) target_port="${1#--target-port=}"; shift ;;
            --listen|--listen=*|--target|--target=*) die "use --port and --target-port; the proxy listens on and forwards to 127.0.0.1." ;;
            -h|--help) usage ;;
            *)
                [[ "$command" == start ]] || die "unknown argument '$1'."
                passthrough+=("$1"); shift ;;
        esac
    done
    valid_port "$port" || die "--port must be a number from 1 to 65535, got '$port'."
    valid_port "$target_port" || die "--target-port must be a number from 1 to 65535, got '$target_port'."

    case "$command" in
        start) cmd_start "$port" "$target_port" "${passthrough[@]}" ;;
        stop) cmd_stop "$port" ;;
        status) cmd_status "$port" ;;
        *) usage ;;
    esac
}

main "$@"
