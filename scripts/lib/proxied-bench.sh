# shellcheck shell=bash
# The setup of a benchmark that loads Azurite through `tableload proxy`: the program, the account, a work
# folder, free ports for both, their stop (and the folder's removal unless KEEP=1) on exit, the Release
# build, and the connection string through the proxy. Sourced with REPO_ROOT set; brings
# scripts/lib/http.sh and sets TABLELOAD, ACCOUNT and KEY; proxied_bench_setup, called with KEEP and
# die() set, sets WORK, AZURITE_PORT and PROXY_PORT. Neither service is started here.

# shellcheck source=http.sh
source "$REPO_ROOT/scripts/lib/http.sh"
readonly TABLELOAD="$REPO_ROOT/src/TableLoad/bin/Release/net10.0/tableload.dll"
readonly ACCOUNT=devstoreaccount1
# The emulator's published development key, not a secret; passed through the environment all the same.
readonly KEY='Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=='

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
