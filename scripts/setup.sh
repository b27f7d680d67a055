#!/usr/bin/env bash
# Installs what a fresh machine lacks for LayoutBench: jemalloc (linked by the
# `layoutbench` executable for its per-frame allocation counters), pkg-config
# (how SwiftPM finds it) and valgrind (layoutbench check's instruction counts).
# Then the peers: the native kiwi and Yoga drivers (scripts/setup_kiwi.sh, scripts/setup_yoga.sh;
# a failed build leaves `--backend kiwi` or `yoga` reporting itself unavailable, nothing else),
# kiwi's own benchmark (scripts/setup_kiwi_bench.sh), and the Python packages kiwisolver,
# cassowary and stretchable (Taffy) (best effort: without them those drivers say so).
set -euo pipefail
if [ "$(uname)" = Darwin ]; then
  # macOS: Homebrew's jemalloc and pkg-config (valgrind does not run here; layoutbench check's
  # instruction counts need Linux). Without jemalloc the package still builds and the
  # harness reports "allocation counts unavailable".
  if command -v brew >/dev/null; then
    for formula in jemalloc pkg-config; do
      brew list "$formula" >/dev/null 2>&1 || brew install "$formula"
    done
  else
    echo "setup: Homebrew not found; building without jemalloc (allocation counts unavailable)" >&2
  fi
  exit 0
fi
missing=()
pkg-config --exists jemalloc 2>/dev/null || missing+=(libjemalloc-dev)
command -v pkg-config >/dev/null || missing+=(pkg-config)
command -v valgrind >/dev/null || missing+=(valgrind)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "setup: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
bash "$(dirname "$0")/setup_kiwi.sh"
bash "$(dirname "$0")/setup_kiwi_bench.sh"
bash "$(dirname "$0")/setup_yoga.sh"
python3 -c 'import stretchable' 2>/dev/null \
  || python3 -m pip install -q 'stretchable==1.1.*' >/dev/null 2>&1 \
  || echo "setup: pip could not install stretchable; the taffy driver will say so" >&2
python3 -c 'import kiwisolver, cassowary' 2>/dev/null \
  || python3 -m pip install -q 'kiwisolver==1.5.*' 'cassowary==0.5.2' >/dev/null 2>&1 \
  || echo "setup: pip could not install kiwisolver/cassowary; the kiwisolver and cassowary-py drivers will say so" >&2
