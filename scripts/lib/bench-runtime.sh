# shellcheck shell=bash
# The runtime settings the baseline clients run with, shared by bench.sh and bench-reads.sh; sourced, not run.
# The floor-like baselines (floor, raw-read-loop) run with TableLoad's own runtime settings (GC mode and adaptation, heap
# count, tiered PGO, idle thread-pool workers' spinning), read from its runtimeconfig.json; the plain SDK loops with .NET's defaults for a Server GC
# application, as a user's loop runs. Call baseline_runtimes TABLELOAD_DLL; it sets FLOOR_ENV and SDK_LOOP_ENV.

# runtime_setting RUNTIMECONFIG NAME -> 1, 0, a number or nothing
runtime_setting() {
    local value
    value="$(grep -o "\"$2\": *[a-z0-9]*" "$1" 2>/dev/null | grep -o '[a-z0-9]*$')" || true
    case "$value" in true) echo 1 ;; false) echo 0 ;; *) echo "$value" ;; esac
}

baseline_runtimes() {
    local config="${1%.dll}.runtimeconfig.json" setting value
    FLOOR_ENV=()
    for setting in System.GC.Server:DOTNET_gcServer System.GC.Concurrent:DOTNET_gcConcurrent System.Runtime.TieredPGO:DOTNET_TieredPGO \
                   System.GC.DynamicAdaptationMode:DOTNET_GCDynamicAdaptationMode System.GC.HeapCount:DOTNET_GCHeapCount \
                   System.Threading.ThreadPool.UnfairSemaphoreSpinLimit:DOTNET_ThreadPool_UnfairSemaphoreSpinLimit; do
        value="$(runtime_setting "$config" "${setting%%:*}")"
        # The thread pool reads its variable as hexadecimal.
        [[ "$setting" == *ThreadPool* && -n "$value" ]] && value="$(printf '%x' "$value")"
        [[ -n "$value" ]] && FLOOR_ENV+=("${setting##*:}=$value")
    done
    SDK_LOOP_ENV=(DOTNET_gcServer=1)
}
