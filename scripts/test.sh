#!/usr/bin/env bash
# The test command: installs dependencies, builds, runs the unit, integration and R tests and
# the docs check (scripts/docs-check.sh: every runnable command of README.md and docs/), and
# ends with one line "N passed, N failed" (each documented command counts as one test).
#
#   scripts/test.sh [--no-r]     --no-r skips installing R and the R tests
#   scripts/test.sh --repeat N [--filter EXPR] [--no-r]
#                                a flakiness check: builds once, runs the integration tests N times (only those
#                                EXPR selects, as `dotnet test --filter` reads it), lists each test that failed in
#                                any run with how many runs it failed in, and ends with the same line over all runs
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
readonly R_TESTS=analysis/tests/testthat.R
readonly DOCS_CHECK=scripts/docs-check.sh

export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1

passed=0
failed=0
failed_steps=()

step() { echo "==> $*"; }

# Runs a command with output on the console and in $step_log; returns its exit code.
run_logged() {
    "$@" 2>&1 | tee "$step_log"
    return "${PIPESTATUS[0]}"
}

# Adds the counts from `dotnet test` summary lines ("Passed!  - Failed: 0, Passed: 12, ...").
count_dotnet() {
    local line n
    local -i found=0
    while IFS= read -r line; do
        found=1
        n="$(sed -nE 's/.*Failed:[[:space:]]*([0-9]+).*/\1/p' <<<"$line")"; failed=$((failed + ${n:-0}))
        n="$(sed -nE 's/.*Passed:[[:space:]]*([0-9]+).*/\1/p' <<<"$line")"; passed=$((passed + ${n:-0}))
    done < <(grep -E '^[[:space:]]*(Passed|Failed)!' "$step_log" || true)
    ((found))
}

# Adds the failed and passed counts of the last line of $step_log matching LINE_RE, each read by
# a sed expression whose group 1 is the number.
count_last_line() {
    local line_re="$1" failed_re="$2" passed_re="$3" line n
    line="$(grep -E "$line_re" "$step_log" | tail -n 1 || true)"
    [[ -n "$line" ]] || return 1
    n="$(sed -nE "s/$failed_re/\1/p" <<<"$line")"; failed=$((failed + ${n:-0}))
    n="$(sed -nE "s/$passed_re/\1/p" <<<"$line")"; passed=$((passed + ${n:-0}))
}

# testthat's final "[ FAIL 0 | WARN 0 | SKIP 0 | PASS 12 ]" line.
count_testthat() { count_last_line '\[ FAIL [0-9]+ \|.*PASS [0-9]+ \]' '.*FAIL ([0-9]+).*' '.*PASS ([0-9]+).*'; }

# The docs check's final "docs: N commands, N promised files in N blocks, N passed, N failed" line.
count_docs() { count_last_line '^docs: [0-9]+ commands, [0-9]+ promised files in [0-9]+ blocks, [0-9]+ passed, [0-9]+ failed$' '.* ([0-9]+) failed$' '.* ([0-9]+) passed, .*'; }

# Records a test run; a run that failed without reporting any failed test counts as one failure.
record_run() {
    local name="$1" rc="$2" counted="$3" failed_before="$4"
    if ((rc == 0)) && ((counted)); then
        return 0
    fi
    if ((rc != 0)); then
        failed_steps+=("$name")
        if ((failed == failed_before)); then
            echo "test.sh: $name exited with code $rc without reporting a failed test; counting it as one failure." >&2
            failed=$((failed + 1))
        fi
    fi
}

# run_counted NAME COUNTER COMMAND...: runs a test command, adds the counts of its summary line
# (read by the COUNTER function) and records the run.
run_counted() {
    local name="$1" counter="$2" rc=0 counted=0 before=$failed
    shift 2
    run_logged "$@" || rc=$?
    "$counter" && counted=1
    record_run "$name" "$rc" "$counted" "$before"
}

# The five slowest tests of a trx file, so the suite's time is kept where it is spent.
slowest() {
    [[ -f "$1" ]] || return 0
    echo "slowest:"
    grep -o '<UnitTestResult [^>]*>' "$1" \
        | sed -nE 's/.*testName="([^"]*)".*duration="([0-9]+):([0-9]+):([0-9.]+)".*/\2 \3 \4 \1/p' \
        | awk '{ printf "%8.1f s  ", $1 * 3600 + $2 * 60 + $3; $1 = $2 = $3 = ""; sub(/^ +/, ""); gsub(/&quot;/, "\""); print }' \
        | sort -rn | head -n 5 || true # head ends the pipe early, which pipefail would count as a failure
}

# Prints a finished job's log and returns its exit code.
show_log() {
    cat "$1"
    return "$2"
}

# dotnet_test PROJECT: runs a test project with a trx log in $results.
dotnet_test() {
    local name
    name="$(basename "$1")"
    # A shell starts background jobs with SIGINT ignored, and the children inherit that: the tests
    # that press Ctrl+C on a run would then see it ignored. Restore the default for the test host.
    env --default-signal=INT dotnet test "$1" -c Release --no-build --nologo \
        --logger "trx;LogFileName=$name.trx" --results-directory "$results"
}

# run_dotnet_test PROJECT: runs a test project, counts its results and prints its five slowest tests.
run_dotnet_test() {
    local name
    name="$(basename "$1")"
    run_counted "$name" count_dotnet dotnet_test "$1"
    slowest "$results/$name.trx"
}

# show_job TITLE NAME COUNTER PID LOG: waits for a background test job, then shows and counts its log.
show_job() {
    local title="$1" name="$2" counter="$3" pid="$4" log="$5" rc=0
    wait "$pid" || rc=$?
    step "$title (ran beside the integration tests)"
    run_counted "$name" "$counter" show_log "$log" "$rc"
    rm -f "$log"
}

# The names of the failed tests of a trx file, one a line.
failed_tests() {
    grep -o '<UnitTestResult [^>]*>' "$1" \
        | grep 'outcome="Failed"' \
        | sed -nE 's/.*testName="([^"]*)".*/\1/p' \
        | sed -e 's/&quot;/"/g' -e 's/&lt;/</g' -e 's/&gt;/>/g' -e "s/&apos;/'/g" -e 's/&amp;/\&/g' || true
}

# repeat_integration_tests N FILTER: runs the integration tests N times, then lists every test that failed in any
# run with its count of failed runs (most first); a run that ended without a trx file is listed by its number.
repeat_integration_tests() {
    local runs="$1" filter="$2" run name=TableLoad.IntegrationTests trx
    local filter_args=()
    [[ -n "$filter" ]] && filter_args=(--filter "$filter")
    for ((run = 1; run <= runs; run++)); do
        step "dotnet test tests/$name, run $run of $runs${filter:+ (--filter $filter)}"
        trx="$results/$name-$run.trx"
        run_counted "$name run $run" count_dotnet env --default-signal=INT dotnet test "tests/$name" -c Release --no-build --nologo \
            --logger "trx;LogFileName=$(basename "$trx")" --results-directory "$results" "${filter_args[@]}"
        if [[ -f "$trx" ]]; then
            failed_tests "$trx" >>"$results/failed-tests"
        else
            echo "(run $run ended without a trx file)" >>"$results/failed-tests"
        fi
    done

    echo
    if [[ -s "$results/failed-tests" ]]; then
        echo "tests that failed (in how many of the $runs runs):"
        sort "$results/failed-tests" | uniq -c | sort -k1,1nr -k2 \
            | awk -v runs="$runs" '{ n = $1; sub(/^ *[0-9]+ /, ""); printf "  %d of %d  %s\n", n, runs, $0 }'
    else
        echo "no test failed in $runs runs"
    fi
}

# The tests, the docs check and the R tests start the program hundreds of times, and a short run spends a share of its CPU
# on the JIT (0.9-1.07 CPU-s a 10-batch run, 0.76 compiled ahead of time, on the loaded 2-core machine; the integration tests
# took 8 min 42 s with it against 9 min 16 s without, in one fresh-clone run each): the same program published
# ReadyToRun (its IL and behaviour unchanged) replaces the built assemblies where they start it. A later `dotnet build` copies
# the built ones back. The publish compiles without analyzers: the build above ran them on the same sources.
ready_to_run() {
    local rid out dir
    rid="$(dotnet --info | sed -nE 's/^[[:space:]]*RID:[[:space:]]*//p' | head -n 1)"
    [[ -n "$rid" ]] || return 1
    out="$results/ready-to-run"
    dotnet publish src/TableLoad -c Release -r "$rid" --self-contained false -p:PublishReadyToRun=true \
        -p:RunAnalyzers=false -p:EnforceCodeStyleInBuild=false -p:GenerateDocumentationFile=false \
        --nologo -v quiet -clp:NoSummary -o "$out" || return 1
    for dir in src/TableLoad/bin/Release/net10.0 tests/TableLoad.IntegrationTests/bin/Release/net10.0; do
        cp "$out"/*.dll "$dir"/ || return 1
    done
}

summarise_and_exit() {
    echo
    if ((${#failed_steps[@]})); then
        echo "test.sh: failed: ${failed_steps[*]}" >&2
    fi
    echo "$passed passed, $failed failed"
    ((${#failed_steps[@]} == 0 && failed == 0)) && exit 0
    exit 1
}

abort() {
    kill $(jobs -p) 2>/dev/null || true
    echo "test.sh: $1 failed; no tests were run." >&2
    exit 1
}

main() {
    local with_r=1 deps_args=() repeat="" filter="" filter_given=0
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --no-r) with_r=0; deps_args+=(--no-r); shift ;;
            --repeat)
                [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]{0,3}$ ]] \
                    || { echo "test.sh: --repeat takes a number of runs from 1 to 9999, not '${2-}'." >&2; exit 2; }
                repeat="$2"; shift 2 ;;
            --filter)
                [[ $# -ge 2 && -n "$2" ]] || { echo "test.sh: --filter takes a dotnet test filter expression." >&2; exit 2; }
                filter="$2"; filter_given=1; shift 2 ;;
            -h|--help) echo "usage: scripts/test.sh [--no-r] | scripts/test.sh --repeat N [--filter EXPR] [--no-r]"; exit 0 ;;
            *) echo "test.sh: unknown argument '$1'." >&2; exit 2 ;;
        esac
    done
    if ((filter_given)) && [[ -z "$repeat" ]]; then
        echo "test.sh: --filter goes with --repeat N; the test command itself runs every test." >&2
        exit 2
    fi
    cd "$REPO_ROOT"
    step_log="$(mktemp "${TMPDIR:-/tmp}/tableload-test.XXXXXX")"
    results="$(mktemp -d "${TMPDIR:-/tmp}/tableload-test-results.XXXXXX")"
    trap 'rm -rf "$step_log" "$results"' EXIT

    # Node's, R's and the browser's installs need neither the restore nor the build, and the build needs none of them: npm ci
    # (and on a clean machine apt-get) waits on the network and the disk while the compiler keeps the cores busy, so they run
    # side by side. The tests that need them start after both.
    local deps_log deps_pid
    deps_log="$(mktemp "${TMPDIR:-/tmp}/tableload-test-deps.XXXXXX")"
    bash scripts/install-deps.sh "${deps_args[@]}" >"$deps_log" 2>&1 &
    deps_pid=$!

    step "dotnet restore"
    dotnet restore TableLoad.sln --nologo -v quiet || abort "dotnet restore"

    step "dotnet build (Release)"
    dotnet build TableLoad.sln -c Release --no-restore --nologo -v quiet -clp:NoSummary \
        || abort "dotnet build"

    # The unit tests run the built assemblies of their own folder, which the publish below does not touch: they start now,
    # beside it, on the core the publish leaves idle while it waits on the compiler.
    local unit_log unit_pid
    if [[ -z "$repeat" ]]; then
        unit_log="$(mktemp "${TMPDIR:-/tmp}/tableload-test-unit.XXXXXX")"
        dotnet_test tests/TableLoad.Tests >"$unit_log" 2>&1 &
        unit_pid=$!
    fi

    step "dotnet publish (ReadyToRun) over the built program"
    ready_to_run || echo "test.sh: the ReadyToRun publish failed; the tests start the program as built, which only takes longer." >&2

    local deps_rc=0
    wait "$deps_pid" || deps_rc=$?
    step "install dependencies (ran beside the build)"
    cat "$deps_log"
    rm -f "$deps_log"
    ((deps_rc == 0)) || abort "installing dependencies"

    if [[ -n "$repeat" ]]; then
        repeat_integration_tests "$repeat" "$filter"
        summarise_and_exit
    fi

    # The integration tests take the longest and mostly wait (on child processes, timed runs, the proxy's latency), so
    # everything else runs beside them: the R tests compute, the docs check mostly waits on short runs whose exit codes are
    # all it checks. Their output, and the unit tests' (started beside the publish), is shown after the integration tests'.
    local docs_log docs_pid r_log="" r_pid=""
    docs_log="$(mktemp "${TMPDIR:-/tmp}/tableload-test-docs.XXXXXX")"
    env --default-signal=INT bash "$DOCS_CHECK" >"$docs_log" 2>&1 &
    docs_pid=$!
    if ((with_r)) && [[ -f "$R_TESTS" ]]; then
        r_log="$(mktemp "${TMPDIR:-/tmp}/tableload-test-r.XXXXXX")"
        Rscript "$R_TESTS" >"$r_log" 2>&1 &
        r_pid=$!
    fi

    step "dotnet test tests/TableLoad.IntegrationTests (the unit tests, the docs check${r_pid:+ and the R tests} beside it)"
    run_dotnet_test tests/TableLoad.IntegrationTests

    # Waited for here: run_counted runs its command in a pipeline's subshell, of which the jobs are no children.
    show_job "dotnet test tests/TableLoad.Tests" "TableLoad.Tests" count_dotnet "$unit_pid" "$unit_log"
    slowest "$results/TableLoad.Tests.trx"
    show_job "bash $DOCS_CHECK" "docs check" count_docs "$docs_pid" "$docs_log"
    if [[ -n "$r_pid" ]]; then
        show_job "Rscript $R_TESTS" "R tests" count_testthat "$r_pid" "$r_log"
    fi

    summarise_and_exit
}

main "$@"
