# shellcheck shell=bash
# Shared by the scripts that start background services (azurite.sh, proxy.sh); sourced, not run.
# It brings the port and HTTP probes of http.sh, with which they wait for their service to answer.

# shellcheck source=http.sh
source "$(dirname "${BASH_SOURCE[0]}")/http.sh"

# Prints the pid from a pid file if that process is alive and its command line matches a pattern
# (a guard against a recycled pid belonging to something else).
running_pid() {
    local pid_file="$1" pattern="$2" pid
    [[ -f "$pid_file" ]] || return 1
    pid="$(<"$pid_file")"
    [[ "$pid" =~ ^[0-9]+$ ]] || return 1
    kill -0 "$pid" 2>/dev/null || return 1
    if [[ -r "/proc/$pid/cmdline" ]] && ! tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q "$pattern"; then
        return 1
    fi
    echo "$pid"
}

# Stops a process with SIGTERM, and SIGKILL if it is still there after the given seconds.
stop_pid() {
    local pid="$1" timeout_s="$2"
    kill -TERM "$pid" 2>/dev/null || true
    local deadline=$((SECONDS + timeout_s))
    while kill -0 "$pid" 2>/dev/null; do
        if ((SECONDS >= deadline)); then
            kill -KILL "$pid" 2>/dev/null || true
            break
        fi
        sleep 0.2
    done
}
