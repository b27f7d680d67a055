#!/usr/bin/env bash
# CI regression guard: builds layoutbench in release, then checks back-end
# equivalence, deterministic per-frame figures against scripts/ci-baseline.json
# and same-run ratios (scripts/ci_guard.py; scripts/README.md explains it).
#   bash scripts/ci_guard.sh                          # the check CI runs
#   bash scripts/ci_guard.sh --update-baseline        # re-record the baseline deliberately
#   bash scripts/ci_guard.sh --simulate-regression 5  # dry run: shows it failing
# LAYOUTBENCH_SCRATCH picks the build folder (default .build), so a second
# checkout or engineer can build without contending for the same one.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${LAYOUTBENCH_SCRATCH:-.build}"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

start=$SECONDS
if ! swift build -c release --product layoutbench --scratch-path "$scratch" >"$log" 2>&1; then
  cat "$log"
  echo "ci_guard: release build failed"
  exit 2
fi
echo "ci_guard: release build took $((SECONDS - start)) s"
bin="$(swift build -c release --product layoutbench --scratch-path "$scratch" --show-bin-path)/layoutbench"
status=0
python3 scripts/ci_guard.py --layoutbench "$bin" "$@" || status=$?
echo "ci_guard: $((SECONDS - start)) s in all"
exit $status
