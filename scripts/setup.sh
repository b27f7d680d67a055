#!/usr/bin/env bash
# Installs what a fresh machine lacks for LayoutBench: jemalloc (linked by the
# `layoutbench` executable for its per-frame allocation counters), pkg-config
# (how SwiftPM finds it) and valgrind (the CI guard's instruction counts).
# Python packages (kiwisolver, matplotlib) are installed by the scripts that use them.
set -euo pipefail
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
