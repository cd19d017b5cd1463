#!/usr/bin/env bash
# Installs what TableLoad's build, tests and analysis need; safe to run repeatedly.
#
#   scripts/install-deps.sh [--no-r] [--no-browser]
#
# - checks the .NET SDK is on PATH (it is not installed here);
# - runs `npm ci` (pinned Azurite) when node_modules is missing or older than package-lock.json;
# - installs R and the analysis packages from Debian when any is missing (skip with --no-r);
# - installs Debian's chromium when missing, for the test that opens report.html in a real
#   browser (skip with --no-browser; that test then says what is missing and fails).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
readonly R_PACKAGES=(data.table ggplot2 ggrepel testthat jsonlite)
readonly APT_PACKAGES=(r-base-core r-cran-data.table r-cran-ggplot2 r-cran-ggrepel r-cran-testthat r-cran-jsonlite)

say() { echo "deps: $*"; }
die() { echo "install-deps.sh: $*" >&2; exit 1; }

check_dotnet() {
    command -v dotnet >/dev/null 2>&1 || die "dotnet not found on PATH; install the .NET 10 SDK."
    say "dotnet $(dotnet --version 2>/dev/null || echo '(version unknown)')"
}

install_node_modules() {
    command -v node >/dev/null 2>&1 || die "node not found on PATH; install Node.js 20+."
    command -v npm >/dev/null 2>&1 || die "npm not found on PATH; install Node.js 20+ with npm."
    # npm ci writes node_modules/.package-lock.json, so its age says when it last ran.
    local marker="$REPO_ROOT/node_modules/.package-lock.json"
    local azurite_table="$REPO_ROOT/node_modules/.bin/azurite-table"
    if [[ -f "$marker" && -x "$azurite_table" && ! "$REPO_ROOT/package-lock.json" -nt "$marker" ]]; then
        say "node_modules up to date (node $(node --version))"
        return 0
    fi
    say "npm ci (installs pinned Azurite into node_modules)"
    (cd "$REPO_ROOT" && npm ci --no-audit --no-fund --loglevel=error) || die "npm ci failed."
    [[ -x "$azurite_table" ]] || die "npm ci finished but $azurite_table is missing."
}

r_packages_present() {
    command -v Rscript >/dev/null 2>&1 || return 1
    local list
    list="$(printf '"%s",' "${R_PACKAGES[@]}")"
    Rscript --vanilla -e "for (p in c(${list%,})) if (!requireNamespace(p, quietly = TRUE)) quit(status = 1)" \
        >/dev/null 2>&1
}

install_r() {
    if r_packages_present; then
        say "R and packages present ($(Rscript --version 2>&1 | head -n 1))"
        return 0
    fi
    command -v apt-get >/dev/null 2>&1 \
        || die "R or an R package (${R_PACKAGES[*]}) is missing and apt-get is unavailable; install them by hand or pass --no-r."
    local sudo=()
    if [[ $EUID -ne 0 ]]; then
        command -v sudo >/dev/null 2>&1 || die "installing R needs root; rerun as root or pass --no-r."
        sudo=(sudo)
    fi
    say "apt-get install ${APT_PACKAGES[*]}"
    local started=$SECONDS
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq || die "apt-get update failed."
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${APT_PACKAGES[@]}" >/dev/null || die "apt-get install of R packages failed."
    r_packages_present || die "R packages still missing after apt-get install."
    say "R installed in $((SECONDS - started)) s ($(Rscript --version 2>&1 | head -n 1))"
}

# Root or sudo for apt-get, in the array named by $1.
apt_runner() {
    local -n runner="$1"
    runner=()
    if [[ $EUID -ne 0 ]]; then
        command -v sudo >/dev/null 2>&1 || die "installing $2 needs root; rerun as root or pass $3."
        runner=(sudo)
    fi
}

install_browser() {
    if command -v chromium >/dev/null 2>&1; then
        say "browser present ($(chromium --version 2>/dev/null | head -n 1))"
        return 0
    fi
    command -v apt-get >/dev/null 2>&1 || die "chromium is missing and apt-get is unavailable; install it by hand or pass --no-browser."
    local sudo
    apt_runner sudo chromium --no-browser
    say "apt-get install chromium"
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq || die "apt-get update failed."
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null \
        || die "apt-get install chromium failed."
    say "browser installed ($(chromium --version 2>/dev/null | head -n 1))"
}

main() {
    local with_r=1 with_browser=1
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --no-r) with_r=0; shift ;;
            --no-browser) with_browser=0; shift ;;
            -h|--help) echo "usage: scripts/install-deps.sh [--no-r] [--no-browser]"; exit 0 ;;
            *) die "unknown argument '$1'." ;;
        esac
    done
    check_dotnet
    install_node_modules
    if ((with_r)); then install_r; else say "skipping R (--no-r)"; fi
    if ((with_browser)); then install_browser; else say "skipping chromium (--no-browser)"; fi
}

main "$@"
