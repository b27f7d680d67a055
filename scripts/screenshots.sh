#!/usr/bin/env bash
# Pictures for the README and results/pictures/: SVG frames of two example scenes, the HTML
# player (a generated tree, and an example with a second back end dashed on top) at two frames
# each, the large-scene player's notice, and the bench report, all screenshotted in headless
# Chromium (Debian's `chromium`, installed here if missing).
#   bash scripts/screenshots.sh              # writes results/pictures/ and results/default/report.html
# LAYOUTBENCH picks the binary (default: a release build of this checkout).
set -euo pipefail
cd "$(dirname "$0")/.."
out=results/pictures
mkdir -p "$out"

if ! command -v chromium >/dev/null; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends chromium fonts-dejavu-core
fi
if [ -z "${LAYOUTBENCH:-}" ]; then
  swift build -c release --product layoutbench >/dev/null
  LAYOUTBENCH="$(swift build -c release --product layoutbench --show-bin-path)/layoutbench"
fi
lb() { "$LAYOUTBENCH" "$@"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

sandbox=()
[ "$(id -u)" -eq 0 ] && sandbox=(--no-sandbox)
# shot FILE.png WIDTHxHEIGHT URL: a screenshot after the page's script has run.
shot() {
  local size=${2/x/,}
  chromium --headless "${sandbox[@]}" --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --virtual-time-budget=3000 --window-size="$size" --screenshot="$1" "$3" >/dev/null 2>&1
  [ -s "$1" ] || { echo "screenshots: chromium wrote no $1" >&2; exit 1; }
  echo "wrote $1"
}

# SVG frames of two example scenes (for the README).
lb render example:slider-stack --frame 1 --output "$out/slider-stack-frame-1.svg"
lb render example:drag-tip --frame 2 --output "$out/drag-tip-frame-2.svg"
echo "wrote $out/slider-stack-frame-1.svg $out/drag-tip-frame-2.svg"
shot "$out/slider-stack-frame-1.png" 520x980 "file://$PWD/$out/slider-stack-frame-1.svg"

# The player: a window resize over nested stack views, at two frames.
lb generate --family tree --views 341 --frames 120 --output "$tmp/tree.json"
lb render "$tmp/tree.json" --output "$tmp/tree.html"
shot "$out/player-tree-341-frame-10.png" 1280x800 "file://$tmp/tree.html#frame=10"
shot "$out/player-tree-341-frame-90.png" 1280x800 "file://$tmp/tree.html#frame=90"

# The player with a second back end dashed on top (dense), at two frames of the drag.
lb render example:drag-tip --overlay dense --output "$tmp/drag.html"
shot "$out/player-drag-tip-overlay-frame-1.png" 1280x800 "file://$tmp/drag.html#frame=1"
shot "$out/player-drag-tip-overlay-frame-4.png" 1280x800 "file://$tmp/drag.html#frame=4"

# A large scene: only the visible part is drawn, with a notice of what was left out.
lb generate --family tree --views 10000 --frames 30 --output "$tmp/tree-10000.json"
lb render "$tmp/tree-10000.json" --output "$tmp/tree-10000.html"
shot "$out/player-tree-10000-frame-20.png" 1280x800 "file://$tmp/tree-10000.html#frame=20"

# The committed reference runs' HTML reports; screenshots of the default run's top and plots.
for run in results/default results/scaling; do
  [ -f "$run/results.json" ] && lb report "$run/results.json" --html "$run/report.html" && echo "wrote $run/report.html"
done
shot "$out/report-top.png" 1320x1000 "file://$PWD/results/default/report.html"
shot "$out/report-plots.png" 1320x1000 "file://$PWD/results/default/report.html#plots"
