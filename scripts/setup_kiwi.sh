#!/usr/bin/env bash
# Builds the native kiwi driver (scripts/drivers/kiwi_driver.cpp) for `--backend kiwi`:
# fetches kiwisolver's source distribution from PyPI into .build-kiwi/ (git-ignored),
# takes kiwi's C++ headers from it and compiles the driver with g++ -O2. None of kiwi's
# files are committed. On failure, says why (also in .build-kiwi/build.log) and exits 0,
# so that setup goes on: `--backend kiwi` then reports the driver unavailable with the reason.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$root/.build-kiwi"
log="$work/build.log"
mkdir -p "$work"
: > "$log"
fail() { echo "setup_kiwi: $1" | tee -a "$log" >&2; rm -f "$work/kiwi_driver"; exit 0; }
if ! ls "$work"/kiwisolver-1.5.*.tar.gz >/dev/null 2>&1; then
  python3 -m pip download --no-binary :all: --no-deps 'kiwisolver==1.5.*' -d "$work" >>"$log" 2>&1 \
    || fail "pip download of the kiwisolver 1.5 source distribution failed (see $log)"
fi
sdist="$(ls "$work"/kiwisolver-1.5.*.tar.gz | sort | tail -1)"
rm -rf "$work/src" && mkdir -p "$work/src"
tar xzf "$sdist" -C "$work/src" --wildcards '*/kiwi/*.h' >>"$log" 2>&1 || fail "cannot extract kiwi's headers from $sdist"
headers="$(dirname "$(dirname "$(ls "$work"/src/*/kiwi/kiwi.h | head -1)")")"
command -v g++ >/dev/null || fail "g++ not found (apt-get install g++)"
g++ -O2 -std=c++17 -I "$headers" "$root/scripts/drivers/kiwi_driver.cpp" -o "$work/kiwi_driver" >>"$log" 2>&1 \
  || fail "g++ could not build the kiwi driver (see $log)"
echo "setup_kiwi: built $work/kiwi_driver from $(basename "$sdist")" | tee -a "$log" >&2
