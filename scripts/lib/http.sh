# shellcheck shell=bash
# Ports and HTTP probes on 127.0.0.1, shared by the scripts that start services there; sourced, not run.

# Succeeds when something accepts a TCP connection on 127.0.0.1:$1.
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Prints a port on 127.0.0.1 that nothing listens on; fails, saying so on stderr, when 50 tries find none. The port lies
# below the kernel's ephemeral range (Linux: 32768 up), so none the kernel hands out before the caller binds it (to a
# listener on port 0 or an outgoing connection) can be this one.
free_port() {
    local port from=32768
    [[ -r /proc/sys/net/ipv4/ip_local_port_range ]] && read -r from _ </proc/sys/net/ipv4/ip_local_port_range
    ((from > 21000)) || from=60000  # no room below the range: any port a listener may take
    for _ in $(seq 1 50); do
        port=$((20000 + RANDOM % (from - 20000)))
        if ! port_open "$port"; then echo "$port"; return 0; fi
    done
    echo "found no free port on 127.0.0.1." >&2
    return 1
}

# Prints the answer to GET http://127.0.0.1:$1$2 without carriage returns: its status line and
# headers, an empty line, its body; fails when nothing answers HTTP within 2 s.
http_response() {
    local port="$1" path="$2" response
    if command -v curl >/dev/null 2>&1; then
        response="$(curl -s -i --max-time 2 "http://127.0.0.1:$port$path" 2>/dev/null | tr -d '\r')" || true
    else
        # No curl: speak just enough HTTP over bash's /dev/tcp, each line within 2 s.
        response="$(
            exec 2>/dev/null 3<>"/dev/tcp/127.0.0.1/$port" || exit 1
            printf 'GET %s HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nConnection: close\r\n\r\n' "$path" "$port" >&3
            line=""
            while IFS= read -r -t 2 line <&3 || [[ -n "$line" ]]; do
                printf '%s\n' "${line%$'\r'}"
                line=""
            done
        )" || true
    fi
    [[ "$response" == HTTP/* ]] || return 1
    printf '%s\n' "$response"
}

# Prints the status line and headers of GET http://127.0.0.1:$1$2; fails when nothing answers HTTP.
http_head() {
    local response
    response="$(http_response "$1" "$2")" || return 1
    sed -n '/^$/q;p' <<<"$response"
}

# Prints the body of GET http://127.0.0.1:$1$2; fails unless it answers 200.
http_get() {
    local response
    response="$(http_response "$1" "$2")" || return 1
    [[ "$response" =~ ^HTTP/[0-9.]+\ 200 ]] || return 1
    sed '1,/^$/d' <<<"$response"
}

# Runs "$@" every 0.2 s until it succeeds (its output discarded), while process $1 lives (none named:
# "") and for at most $2 seconds. Returns 0 once it succeeds, 1 when the process ended first, 2 when the
# time ran out.
wait_until_answers() {
    local pid="$1" timeout_s="$2"
    shift 2
    local deadline=$((SECONDS + timeout_s))
    until "$@" >/dev/null 2>&1; do
        if [[ -n "$pid" ]] && ! kill -0 "$pid" 2>/dev/null; then
            return 1
        fi
        ((SECONDS < deadline)) || return 2
        sleep 0.2
    done
}
