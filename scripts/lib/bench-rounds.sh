# shellcheck shell=bash
# The Release build and the rounds of interleaved runs that bench-reads.sh and bench-scenarios.sh share; sourced, not run.

# run_rounds ROUNDS SIDE...: calls the script's run_side SIDE ROUND for every side in every round, in the order given on
# odd rounds and reversed on even ones, so a drift in the machine's load favours no side; says when each round is done.
run_rounds() {
    local rounds="$1" round side order; shift
    for round in $(seq 1 "$rounds"); do
        order=("$@")
        ((round % 2 == 0)) && mapfile -t order < <(printf '%s\n' "$@" | tac)
        for side in "${order[@]}"; do
            run_side "$side" "$round"
        done
        echo "   round $round done (load average $(cut -d' ' -f1-3 /proc/loadavg))"
    done
}

# build_release PROJECT...: builds each project in Release, its log in $WORK/build.log; dies with the log's tail on a failure.
build_release() {
    local project
    echo "== building (Release)"
    for project in "$@"; do
        (cd "$REPO_ROOT" && dotnet build "$project" -c Release -v quiet -nologo -clp:NoSummary) >"$WORK/build.log" 2>&1 \
            || { tail -n 30 "$WORK/build.log" >&2; die "building $project failed."; }
    done
}
