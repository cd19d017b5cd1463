#!/usr/bin/env bash
# Runs the shell blocks of README.md and docs/*.md as a reader would, and fails on a command that
# exits with an unexpected code or a file the text promises that the run did not write.
#
#   scripts/docs-check.sh [--list] [FILE.md...]   --list prints each block's commands, after substitution,
#                                                 without running them; FILEs limit the check to those documents
#
# Every ```bash or ```sh block needs a marker on the line before it:
#   <!-- runnable: local[; expects: FILE...][; skip: TEXT] -->
#         run for real against a throwaway Azurite, started by README.md's blocks as a reader starts it
#         (by the check when README.md is not checked), and the proxy when the block starts one; every
#         command must exit 0; each FILE (relative to the checkout) must exist afterwards; commands
#         that start with TEXT are not run (e.g. scripts/test.sh, which runs this check, or a build of
#         the tableload.dll that the check runs, which it needs built before it starts).
#   <!-- runnable: validate -->   each `tableload run|sweep|tune` goes to a closed loopback port: it must get
#         past TableLoad's own validation and stop at the first request (exit 3, unreachable); the
#         block's scripts/azurite.sh and scripts/proxy.sh lines are not run, its ports are the closed one.
#   <!-- runnable: remote -->     needs Azure: run with no network at all (unshare -rn: a network
#         namespace with loopback down), so nothing leaves this machine; each `tableload run|sweep|tune`
#         must pass validation and exit 3. Skipped, and said so, where unshare is not permitted.
#   <!-- runnable: cluster -->    needs Kubernetes: parsed only (bash -n), and each `-f FILE` must exist.
#   <!-- not-runnable: REASON -->
# Any marker may add `needs: TOOL`: the block is skipped, and said so, when TOOL is not installed.
#
# What a reader fills in is filled in: AccountKey=... gets a dummy key, `--instance k` becomes 0, a
# literal --start-at a time 5 s ahead. Durations are shortened: --duration 1s and --warmup 0s (2s and 1s in a block
# that judges figures with --fail-if or --fail-on; a block that promises a plot keeps its --duration after a 1s
# warm-up, since a busy machine can start a run's tasks too late for a lone second to measure a request), added to every run, sweep, tune and quickstart without them (no --duration beside --stages, whose stages last 1s each instead, unless the command has an --abort-if, whose window may need them), and --cooldown 0s (the quickstart, which runs
# from the repository's root, also gets an --output in the scratch folder). A validate or remote
# sweep without --output gets one of its own: they stop at once, and the default folder is named by
# the second. The ports 10002 and 10302 become the throwaway Azurite's, 10102 the proxy's.
# `tableload` is the reader's alias (README.md), with an absolute path. Blocks run in order, one
# shell per block, in a scratch folder that links to this checkout, so results/ stays out of it.
# Ends with "docs: N commands, N promised files in N blocks, N passed, N failed" (a command or a
# promised file is one check; so is an unmarked block, which fails) and exit 1 on any failure.
set -uo pipefail

REPO_ROOT="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
# shellcheck source=lib/http.sh
source "$REPO_ROOT/scripts/lib/http.sh"
readonly DLL="$REPO_ROOT/src/TableLoad/bin/Release/net10.0/tableload.dll"
DOCS=(README.md docs/*.md)
readonly BLOCK_TIMEOUT_S=150
readonly DUMMY_KEY="ZG9jcy1jaGVjay1ub3QtYS1rZXk="

list_only=0
block_warmup=1s
if [[ "${1:-}" == --list ]]; then
    list_only=1
    shift
fi
case "${1:-}" in
    -h|--help) echo "usage: scripts/docs-check.sh [--list] [FILE.md...]"; exit 0 ;;
    -*) echo "docs-check.sh: unknown argument '$1'." >&2; exit 2 ;;
esac
if (($#)); then
    DOCS=("$@")
fi
readonly DOCS

die() { echo "docs-check.sh: $*" >&2; exit 1; }

checks_passed=0
checks_failed=0
commands_run=0
files_promised=0
blocks_run=0
failures=()

# Prints each fenced shell block as records: "@BLOCK<TAB>file<TAB>line<TAB>marker", then
# "docline<TAB>text" per line; an unmarked block's marker is empty.
extract_blocks() {
    local doc
    for doc in "${DOCS[@]}"; do
        awk -v doc="$doc" '
            /^<!-- (runnable|not-runnable):.*-->[[:space:]]*$/ { marker = $0; sub(/^<!-- */, "", marker); sub(/ *-->[[:space:]]*$/, "", marker); pending = NR; next }
            /^```(bash|sh|shell)[[:space:]]*$/ && !inside { inside = 1; printf "@BLOCK\t%s\t%d\t%s\n", doc, NR, (pending == NR - 1 ? marker : ""); next }
            /^```/ && inside { inside = 0; next }
            inside { printf "%d\t%s\n", NR, $0 }
        ' "$doc"
    done
}

# Joins continuation lines, drops comments and blank lines: prints "docline<TAB>command" per command.
commands_of() {
    awk -F'\t' '
        {
            text = substr($0, length($1) + 2)
            if (joined != "") { text = joined " " text } else { start = $1 }
            if (text ~ /\\[[:space:]]*$/) { sub(/\\[[:space:]]*$/, "", text); joined = text; next }
            joined = ""
            sub(/[[:space:]]+#[[:space:]].*$/, "", text)
            if (text ~ /^[[:space:]]*(#|$)/) next
            printf "%s\t%s\n", start, text
        }'
}

is_tableload_load() { [[ "$1" =~ tableload(\.dll)?[[:space:]]+(run|sweep|tune)([[:space:]]|$) && ! "$1" =~ --help ]]; }

# The reader's part of a command: placeholders, ports and durations.
substitute() {
    local cmd="$1" target_port="$2" start_at
    start_at="$(date -u -d '+5 seconds' +%Y-%m-%dT%H:%M:%SZ)"
    cmd="$(sed -E \
        -e "s/AccountKey=\.\.\./AccountKey=$DUMMY_KEY/g" \
        -e 's/--instance k([[:space:]]|$)/--instance 0\1/g' \
        -e "s/--start-at [0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]+Z/--start-at $start_at/g" \
        -e "s/(^|[^0-9])(10002|10302)([^0-9]|$)/\1$target_port\3/g" \
        -e "s/(^|[^0-9])10102([^0-9]|$)/\1$PROXY_PORT\2/g" \
        -e 's/ \.\.\. / /g' \
        -e "s/--duration ([^[:space:]]+)/--duration ${block_duration:-\\1}/g" \
        -e "s/--warmup [^[:space:]]+/--warmup $block_warmup/g" \
        -e 's/--cooldown [^[:space:]]+/--cooldown 0s/g' \
        -e 's#^dotnet build src/#dotnet build '"$REPO_ROOT"'/src/#' \
        <<<"$cmd")"
    # A stage plan's stages last a second each, as a run's --duration does, unless an --abort-if window needs the plan's length.
    if [[ "$cmd" =~ --stages && ! "$cmd" =~ --abort-if ]]; then
        cmd="$(sed -E -e ':stage' -e 's/(--stages ([^[:space:]]*,)?)[0-9.]+(ms|s|m|h):/\1@:/' -e 't stage' -e 's/@:/1s:/g' <<<"$cmd")"
    fi
    if [[ "$cmd" =~ ^scripts/azurite\.sh[[:space:]]+(start|stop|status) && ! "$cmd" =~ --port ]]; then
        cmd="$cmd --port $AZURITE_PORT"
    elif [[ "$cmd" =~ ^scripts/proxy\.sh[[:space:]]+start && ! "$cmd" =~ --port ]]; then
        cmd="${cmd/scripts\/proxy.sh start/scripts/proxy.sh start --port $PROXY_PORT --target-port $AZURITE_PORT}"
    elif [[ "$cmd" =~ ^scripts/proxy\.sh[[:space:]]+(stop|status) && ! "$cmd" =~ --port ]]; then
        cmd="$cmd --port $PROXY_PORT"
    fi
    # The quickstart runs from the repository's root: its results go to the scratch folder instead.
    if [[ "$cmd" =~ ^scripts/quickstart\.sh && ! "$cmd" =~ --output ]]; then
        cmd="$cmd --output $CHECKOUT/results/quickstart"
    fi
    if is_tableload_load "$cmd" || [[ "$cmd" =~ ^scripts/quickstart\.sh ]]; then
        local tail=""
        [[ "$cmd" =~ [[:space:]]\&[[:space:]]*$ ]] && { tail=" &"; cmd="${cmd%&*}"; cmd="${cmd%"${cmd##*[![:space:]]}"}"; }
        # What is checked is that the command runs and writes its files, which a measured second proves as well as a
        # minute: each closed-model second keeps both cores busy, so longer runs only cost the suite's CPU. A warm-up second
        # is spent only where figures are judged (block_warmup), so that a busy machine's start-up (the first connection,
        # the JIT) is not all of the second a gate reads.
        # A stage plan's measured time is its stages' sum, and run refuses --duration beside it.
        [[ "$cmd" =~ --duration|--stages ]] || cmd="$cmd --duration ${block_duration:-1s}"
        [[ "$cmd" =~ --warmup ]] || cmd="$cmd --warmup $block_warmup"
        cmd="$cmd$tail"
    fi
    printf '%s\n' "$cmd"
}

# Writes the script that runs one block's commands and records each one's exit code.
write_block_script() {
    local class="$1" doc="$2" script="$3" results="$4" skip="$5" line cmd expected
    {
        echo 'shopt -s expand_aliases'
        echo "cd '$CHECKOUT'"
        echo "alias tableload='dotnet $DLL'"
        echo "export TABLELOAD_AZURITE_PORT=$AZURITE_PORT TABLELOAD_PROXY_PORT=$PROXY_PORT"
        echo 'unset TABLELOAD_SAS'
        case "$class" in
            local) echo "export TABLELOAD_CONNECTION_STRING='UseDevelopmentStorage=true;TableEndpoint=http://127.0.0.1:$AZURITE_PORT/devstoreaccount1'" ;;
            validate) echo "export TABLELOAD_CONNECTION_STRING='UseDevelopmentStorage=true;TableEndpoint=http://127.0.0.1:$CLOSED_PORT/devstoreaccount1'" ;;
            remote) echo 'unset TABLELOAD_CONNECTION_STRING' ;;
        esac
        echo "record() { printf '%s\t%s\t%s\t%s\n' \"\$1\" \"\$2\" \"\$3\" \"\$4\" >>'$results'; }"
        while IFS=$'\t' read -r line cmd; do
            if [[ -n "$skip" && "$cmd" == "$skip"* ]]; then
                continue
            fi
            # Validation needs no target: Azurite and the proxy are not started, every port is the closed one.
            if [[ "$class" == validate && "$cmd" =~ ^scripts/(azurite|proxy)\.sh ]]; then
                continue
            fi
            cmd="$(substitute "$cmd" "$([[ "$class" == validate ]] && echo "$CLOSED_PORT" || echo "$AZURITE_PORT")")"
            expected=0
            if [[ "$class" != local ]] && is_tableload_load "$cmd"; then
                expected=3
                # A sweep's or tune's default folder is named by the second; these stop at once, so several start in one. The
                # document's name keeps two documents' blocks at one line apart: a folder holding another's results is refused.
                if [[ "$cmd" =~ tableload[[:space:]]+(sweep|tune) && ! "$cmd" =~ --output ]]; then
                    cmd="$cmd --output results/docs-check-$(basename "$doc" .md)-$line"
                fi
            fi
            printf '%s\n' "$cmd"
            printf 'record %q %q $? %q\n' "$doc:$line" "$cmd" "$expected"
        done
    } >"$script"
}

# Runs one block of the given class; appends its commands' outcomes to the counters.
run_block() {
    local doc="$1" line="$2" marker="$3" body="$4" class params expects="" skip="" needs="" part
    class="$(sed -E 's/^runnable:[[:space:]]*([a-z]+).*/\1/' <<<"$marker")"
    IFS=';' read -ra params <<<"$marker"
    for part in "${params[@]:1}"; do
        part="${part#"${part%%[![:space:]]*}"}"
        case "$part" in
            expects:*) expects="${part#expects:}" ;;
            skip:*) skip="${part#skip:}"; skip="${skip#"${skip%%[![:space:]]*}"}" ;;
            needs:*) needs="${part#needs:}" ;;
        esac
    done

    local id="${doc//\//-}-$line" commands
    local script="$WORK/$id.sh" results="$WORK/$id.results" log="$WORK/$id.log"
    commands="$(commands_of <<<"$body")"
    : >"$results"
    # Each closed-model warm-up second keeps both cores busy too: only a block whose gates read the figures has one.
    block_warmup=0s
    block_duration=1s
    # A gate that reads no measured request fails (exit 99): a judged block's runs get a warm-up second for the start-up and
    # two measured seconds, so that a busy machine's slow start still leaves requests to judge.
    if [[ "$commands" =~ --fail-if|--fail-on ]]; then
        block_warmup=1s
        block_duration=2s
    fi
    # A plot needs measured requests, and on a busy machine a run's tasks can take all of a lone second to start (the
    # run then measures nothing): a block that promises one keeps the --duration its reader types, after a warm-up second.
    if [[ "$expects" == *.png* ]]; then
        block_warmup=1s
        block_duration=""
    fi
    write_block_script "$class" "$doc" "$script" "$results" "$skip" <<<"$commands"

    if ((list_only)); then
        echo "== $doc:$line ($marker)"
        awk '/^record /{ print "   " prev } { prev = $0 }' "$script"
        return 0
    fi

    echo "== $doc:$line ($class)"
    local tool started=$SECONDS
    for tool in $needs; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            echo "   skipped: needs $tool (scripts/install-deps.sh installs it)"
            return 0
        fi
    done
    case "$class" in
        cluster)
            local n=0 file ok=1
            bash -n "$script" 2>>"$log" || { ok=0; failures+=("$doc:$line: the block is not valid bash"); }
            while IFS=$'\t' read -r _ cmd; do
                n=$((n + 1))
                for file in $(grep -oE -- '-f [^[:space:]]+' <<<"$cmd" | cut -c4-); do
                    [[ -f "$REPO_ROOT/$file" ]] || { ok=0; failures+=("$doc:$line: $file does not exist"); }
                done
            done <<<"$commands"
            commands_run=$((commands_run + n))
            if ((ok)); then checks_passed=$((checks_passed + n)); else checks_failed=$((checks_failed + n)); fi
            blocks_run=$((blocks_run + 1))
            return 0
            ;;
        remote)
            if ! unshare -rn true 2>/dev/null; then
                echo "   skipped: no network namespace here (unshare -rn), and a remote block must not reach the network"
                return 0
            fi
            timeout "$BLOCK_TIMEOUT_S" unshare -rn bash "$script" >"$log" 2>&1
            ;;
        local|validate)
            timeout "$BLOCK_TIMEOUT_S" bash "$script" >"$log" 2>&1
            ;;
        *)
            failures+=("$doc:$line: unknown class '$class' in <!-- $marker -->")
            checks_failed=$((checks_failed + 1))
            return 0
            ;;
    esac
    local rc=$?
    blocks_run=$((blocks_run + 1))
    echo "   $((SECONDS - started)) s"
    ((rc == 124)) && failures+=("$doc:$line: the block did not finish within ${BLOCK_TIMEOUT_S}s")

    local where cmd code expected block_ok=1
    while IFS=$'\t' read -r where cmd code expected; do
        commands_run=$((commands_run + 1))
        if [[ "$code" == "$expected" ]]; then
            checks_passed=$((checks_passed + 1))
        else
            checks_failed=$((checks_failed + 1))
            block_ok=0
            failures+=("$where: \`$cmd\` exited $code, expected $expected")
        fi
    done <"$results"
    local ran expected_count
    ran="$(wc -l <"$results")"
    expected_count="$(grep -c '^record ' "$script")"
    if ((ran < expected_count)); then
        checks_failed=$((checks_failed + expected_count - ran))
        block_ok=0
        failures+=("$doc:$line: only $ran of $expected_count commands ran")
    fi
    local file
    for file in $expects; do
        files_promised=$((files_promised + 1))
        if [[ -e "$CHECKOUT/$file" ]]; then
            checks_passed=$((checks_passed + 1))
        else
            block_ok=0
            checks_failed=$((checks_failed + 1))
            failures+=("$doc:$line: promised $file, which the block did not write")
        fi
    done
    if ((!block_ok)); then
        echo "   output (last 15 lines of $log):"
        tail -n 15 "$log" | sed 's/^/   | /'
    fi
}

cleanup() {
    [[ -n "${CHECKOUT:-}" && -d "$CHECKOUT" ]] || return 0
    (cd "$CHECKOUT" && bash scripts/proxy.sh stop --port "$PROXY_PORT" >/dev/null 2>&1
     bash scripts/azurite.sh stop --port "$AZURITE_PORT" >/dev/null 2>&1) || true
    rm -f "$REPO_ROOT/.azurite/azurite-$AZURITE_PORT.log" "$REPO_ROOT/.azurite/proxy-$PROXY_PORT.log"
    rm -rf "$WORK"
}

main() {
    cd "$REPO_ROOT"
    local doc
    for doc in "${DOCS[@]}"; do
        [[ -f "$doc" ]] || { echo "docs-check.sh: no document $doc (give paths from the repository's root)." >&2; exit 2; }
    done
    [[ -f "$DLL" ]] || die "$DLL not found; build TableLoad in Release first (dotnet build TableLoad.sln -c Release)."
    WORK="$(mktemp -d "${TMPDIR:-/tmp}/tableload-docs.XXXXXX")"
    CHECKOUT="$WORK/checkout"
    AZURITE_PORT="$(free_port)"
    PROXY_PORT="$(free_port)"
    CLOSED_PORT="$(free_port)"
    trap cleanup EXIT
    mkdir -p "$CHECKOUT"
    local entry
    for entry in "$REPO_ROOT"/*; do
        [[ "$(basename "$entry")" == results ]] || ln -s "$entry" "$CHECKOUT/"
    done

    # A reader starts Azurite as README.md says (and the quickstart stops the one it started), so
    # with README.md checked its blocks must start it; the other documents assume it is running.
    if ((!list_only)) && [[ " ${DOCS[*]} " != *" README.md "* ]]; then
        (cd "$CHECKOUT" && bash scripts/azurite.sh start --port "$AZURITE_PORT") || die "could not start Azurite."
    fi

    local record doc line marker body="" have=0 blocks=0 unmarked=()
    flush() {
        ((have)) || return 0
        blocks=$((blocks + 1))
        if [[ -z "$marker" ]]; then
            unmarked+=("$doc:$line")
        elif [[ "$marker" == runnable:* ]]; then
            run_block "$doc" "$line" "$marker" "$body"
        fi
        body=""
    }
    while IFS= read -r record; do
        if [[ "$record" == @BLOCK$'\t'* ]]; then
            flush
            IFS=$'\t' read -r _ doc line marker <<<"$record"
            have=1
        else
            body+="$record"$'\n'
        fi
    done < <(extract_blocks)
    flush

    for entry in "${unmarked[@]}"; do
        failures+=("$entry: a shell block without <!-- runnable: ... --> or <!-- not-runnable: ... -->")
        checks_failed=$((checks_failed + 1))
    done
    ((list_only)) && return 0

    echo
    for entry in "${failures[@]}"; do
        echo "docs-check: $entry" >&2
    done
    echo "docs: $commands_run commands, $files_promised promised files in $blocks_run blocks, $checks_passed passed, $checks_failed failed"
    ((checks_failed == 0 && ${#failures[@]} == 0))
}

main
