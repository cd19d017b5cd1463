# shellcheck shell=bash
# The setup of a benchmark that loads Azurite through `tableload proxy`: a work folder, free ports for
# both, their stop (and the folder's removal unless KEEP=1) on exit, the Release build, and the
# connection string through the proxy. Sourced after scripts/lib/http.sh, with REPO_ROOT, ACCOUNT, KEY,
# KEEP and die() set; sets WORK, AZURITE_PORT and PROXY_PORT. Neither service is started here.

proxied_bench_setup() { # proxied_bench_setup NAME
    WORK="$(mktemp -d "${TMPDIR:-/tmp}/tableload-$1.XXXXXX")"
    AZURITE_PORT="$(free_port)"
    PROXY_PORT="$(free_port)"
    trap proxied_bench_cleanup EXIT
    dotnet build "$REPO_ROOT/src/TableLoad" -c Release -v quiet -nologo >/dev/null || die "the Release build failed."
    export TABLELOAD_CONNECTION_STRING="DefaultEndpointsProtocol=http;AccountName=$ACCOUNT;AccountKey=$KEY;TableEndpoint=http://127.0.0.1:$PROXY_PORT/$ACCOUNT"
}

proxied_bench_cleanup() {
    "$REPO_ROOT/scripts/proxy.sh" stop --port "$PROXY_PORT" >/dev/null 2>&1 || true
    "$REPO_ROOT/scripts/azurite.sh" stop --port "$AZURITE_PORT" >/dev/null 2>&1 || true
    if ((KEEP)); then echo "kept: $WORK"; else rm -rf "$WORK"; fi
}
