#!/usr/bin/env bash
# Builds kiwi's own benchmark, benchmarks/enaml_like_benchmark.cpp from the kiwisolver 1.5
# source distribution, the way its build_and_run_bench.sh does (g++ -O2, nanobench, which
# the sdist ships), into .build-kiwi/enaml_bench (git-ignored). Nothing of kiwi is committed.
# `layoutbench bench --suite published` runs it, when present, beside the same workload in
# the harness. On failure, says why and exits 0 (the suite then says the figures are missing).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$root/.build-kiwi"
mkdir -p "$work"
log="$work/bench-build.log"
: > "$log"
fail() { echo "setup_kiwi_bench: $1" | tee -a "$log" >&2; rm -f "$work/enaml_bench"; exit 0; }
if ! ls "$work"/kiwisolver-1.5.*.tar.gz >/dev/null 2>&1; then
  python3 -m pip download --no-binary :all: --no-deps 'kiwisolver==1.5.*' -d "$work" >>"$log" 2>&1 \
    || fail "pip download of the kiwisolver 1.5 source distribution failed (see $log)"
fi
sdist="$(ls "$work"/kiwisolver-1.5.*.tar.gz | sort | tail -1)"
rm -rf "$work/bench-src" && mkdir -p "$work/bench-src"
tar xzf "$sdist" -C "$work/bench-src" --wildcards '*/kiwi/*.h' '*/benchmarks/*' >>"$log" 2>&1 \
  || fail "cannot extract kiwi's headers and benchmarks from $sdist"
bench="$(ls -d "$work"/bench-src/*/benchmarks | head -1)"
command -v g++ >/dev/null || fail "g++ not found (apt-get install g++)"
(cd "$bench" && g++ -std=c++11 -O2 -Wall -pedantic -I.. enaml_like_benchmark.cpp -o "$work/enaml_bench") >>"$log" 2>&1 \
  || fail "g++ could not build kiwi's enaml-like benchmark (see $log)"
echo "setup_kiwi_bench: built $work/enaml_bench from $(basename "$sdist")" | tee -a "$log" >&2
