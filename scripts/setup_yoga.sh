#!/usr/bin/env bash
# Builds the native Yoga driver (scripts/drivers/yoga_driver.cpp) for `--backend yoga`:
# downloads the pyyoga wheel from PyPI into .build-yoga/ (git-ignored), takes Yoga's C
# headers and static library (libyogacore.a) from it and compiles the driver with g++ -O2.
# None of Yoga's files are committed. On failure, says why (also in .build-yoga/build.log)
# and exits 0, so that setup goes on: `--backend yoga` then reports itself unavailable.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$root/.build-yoga"
log="$work/build.log"
mkdir -p "$work"
: > "$log"
fail() { echo "setup_yoga: $1" | tee -a "$log" >&2; rm -f "$work/yoga_driver"; exit 0; }
if ! ls "$work"/pyyoga-*.whl >/dev/null 2>&1; then
  # The static library does not depend on the Python version: if this Python has no wheel,
  # take the CPython 3.11 one.
  python3 -m pip download --only-binary :all: --no-deps 'pyyoga==0.1.*' -d "$work" >>"$log" 2>&1 \
    || python3 -m pip download --only-binary :all: --no-deps --python-version 3.11 --implementation cp \
      --platform manylinux_2_28_x86_64 'pyyoga==0.1.*' -d "$work" >>"$log" 2>&1 \
    || fail "pip download of the pyyoga wheel failed (see $log)"
fi
wheel="$(ls "$work"/pyyoga-*.whl | sort | tail -1)"
rm -rf "$work/wheel" && mkdir -p "$work/wheel"
python3 -m zipfile -e "$wheel" "$work/wheel" >>"$log" 2>&1 || fail "cannot unpack $wheel"
library="$(find "$work/wheel" -name libyogacore.a | head -1)"
header="$(find "$work/wheel" -path '*/yoga/Yoga.h' | head -1)"
[ -n "$library" ] || fail "no libyogacore.a in $(basename "$wheel")"
[ -n "$header" ] || fail "no yoga/Yoga.h in $(basename "$wheel")"
command -v g++ >/dev/null || fail "g++ not found (apt-get install g++)"
g++ -O2 -std=c++20 -I "$(dirname "$(dirname "$header")")" "$root/scripts/drivers/yoga_driver.cpp" "$library" \
  -o "$work/yoga_driver" >>"$log" 2>&1 || fail "g++ could not build the yoga driver (see $log)"
echo "setup_yoga: built $work/yoga_driver from $(basename "$wheel")" | tee -a "$log" >&2
