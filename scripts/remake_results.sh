#!/usr/bin/env bash
# Re-makes the committed results under results/ from a clean release build, every one or the
# ones named, and stamps each Markdown file it writes with its commit, date, machine and command
# (bench's results.json and report.md carry the same fields themselves).
#
#   bash scripts/remake_results.sh --list            # the names, what each writes, how long it takes here
#   bash scripts/remake_results.sh                   # all of them (see --list for the time)
#   bash scripts/remake_results.sh compare default   # a named subset
#   bash scripts/remake_results.sh --reuse-build compare-quick
#
# The release build goes into .build-remake, emptied first unless --reuse-build (then an existing
# build there is brought up to date). ib-conformance needs the Interface Builder corpus: IB_CORPUS
# (default ../shared/ib-corpus). million (kiwi), published (kiwi and its own benchmark), peers and
# flexbox need the peers set up (bash scripts/setup.sh): each checks the peers it runs right after
# the build and stops there, naming the missing one, without them.
# pictures needs headless Chromium (scripts/screenshots.sh installs it).
set -euo pipefail
cd "$(dirname "$0")/.."

# name | what it writes | minutes here (measured on 2026-11-26 with two re-makes sharing the 2 cores;
# peers: an estimate, its 10,000-view lanes wait up to 15 minutes on each peer that does not finish)
TARGETS="
compare-quick|a compare of every family at 10 views into a scratch file (checks this script; commits nothing)|1
default|results/default/ (report.md, results.json, report.html, plots as SVG)|2
scaling|results/scaling/ (the same, 100 to 100,000 views)|6
factored|results/factored/bench-10000.json and bench-100000.json|2
million|results/million/ (1,000 to 1,000,000 views of stack, tree, grid and scroll: JSON per run, tables.md)|22
compare|results/compare-10-1000.md|4
crossover|results/crossover.md, .json and crossover-plots/|4
crossover-same|results/crossover-same-constraints/|1
peers|results/peers.md and peers.json|75
flexbox|results/flexbox/ (Yoga and Taffy beside cassowary, factored and manual on stack, tree, grid and scroll, 1,000 to 100,000 views: flexbox.json, tables.md)|14
package-benchmark|results/package-benchmark.md|4
ib-conformance|results/ib-conformance.md|1
ib-bench|results/ib-bench.md and results/ib-bench/ (the imported screens benched and compared on every back end)|1
profiles|results/factored/profiles/ (callgrind: instructions per function inside SceneSession.runFrame, six runs)|4
relative|results/relative-frames.md (the NAME-relative back ends: movingtree read back both ways, and every family at 10,000 views)|8
rotation|results/rotation.md (the profile cell ×1,000 rotated as a transition and as an interactive resize)|2
traffic|results/million/traffic.md (callgrind's cache simulation: the bytes a frame moves, factored and frame arithmetic, 100,000 and 1,000,000 views; the runs kept in results/tmp/traffic)|60
traffic-report|results/million/traffic.md again from the runs the last traffic left in results/tmp/traffic (no simulation)|1
published|results/published.md, published.json and published/ (the plots)|2
pictures|results/pictures/ and the HTML reports of default and scaling|3
"

list() {
  echo "$TARGETS" | while IFS='|' read -r name what minutes; do
    [ -n "$name" ] && printf '%-18s about %3s min  %s\n' "$name" "$minutes" "$what"
  done
  return 0
}

reuse=0
names=()
for arg in "$@"; do
  case "$arg" in
    --list) list; exit 0 ;;
    --reuse-build) reuse=1 ;;
    -*) echo "remake_results: unknown option '$arg' (known: --list, --reuse-build)" >&2; exit 2 ;;
    *) names+=("$arg") ;;
  esac
done
known=$(echo "$TARGETS" | cut -d'|' -f1 | tr '\n' ' ')
for name in "${names[@]}"; do
  case " $known " in *" $name "*) ;; *) echo "remake_results: unknown result '$name' (known:$known)" >&2; exit 2 ;; esac
done
if [ ${#names[@]} -eq 0 ]; then
  # All: less the script's own check and the report that traffic makes anyway.
  read -r -a names <<<"$(echo "$known" | sed -e 's/compare-quick //' -e 's/traffic-report //')"
fi

BUILD=.build-remake
if [ "$reuse" -eq 0 ]; then rm -rf "$BUILD"; fi
echo "remake_results: release build in $BUILD" >&2
swift build -c release --product layoutbench --scratch-path "$BUILD" >&2
LB="$(swift build -c release --product layoutbench --scratch-path "$BUILD" --show-bin-path)/layoutbench"
COMMIT=$(git rev-parse --short HEAD)
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then COMMIT="$COMMIT (with uncommitted changes)"; fi
MACHINE=$("$LB" machine)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
lb() { "$LB" "$@"; }

# require_drivers TARGET BACKENDS: stops the script with one message when a peer the target runs
# cannot run (bench would record it declined in every cell and the result would lose it): each
# of BACKENDS on a 2-frame stack-10, checked right after the build, before any target runs.
require_drivers() {
  local target=$1 backends=$2 check=$work/drivers-$1 why
  lb bench --family stack --views 10 --frames 2 --backend "$backends" --quiet --results "$check" >/dev/null 2>&1 || true
  why=$(python3 -c '
import json, sys
try:
    results = json.load(open(sys.argv[1]))["results"]
except (OSError, ValueError) as error:
    print("layoutbench bench --backend %s wrote no results (%s)" % (sys.argv[2], error))
    sys.exit()
print("; ".join("%s: %s" % (r["backend"], r.get("declined") or r.get("failed")) for r in results
                if r.get("declined") or r.get("failed")))' "$check/results.json" "$backends")
  if [ -n "$why" ]; then
    echo "remake_results: $target: the peers it runs are not set up ($why); run bash scripts/setup.sh" >&2
    exit 1
  fi
}
for name in "${names[@]}"; do
  case "$name" in
    million) require_drivers million kiwi ;;
    published)
      require_drivers published kiwi
      # kiwi's own benchmark, whose figures the report sets beside the source's.
      [ -x .build-kiwi/enaml_bench ] || {
        echo "remake_results: published: kiwi's benchmark is not built (.build-kiwi/enaml_bench); run bash scripts/setup.sh" >&2; exit 1; } ;;
    peers) require_drivers peers kiwi,kiwisolver,cassowary-py ;;
    flexbox) require_drivers flexbox yoga,taffy ;;
  esac
done

# stamp FILE COMMAND: a line under the Markdown file's title saying where it comes from.
stamp() {
  local file=$1 command=$2 line
  line="Re-made by \`bash scripts/remake_results.sh $current\` (\`$command\`) at commit \`$COMMIT\` on $(date -u '+%Y-%m-%d %H:%M UTC'); machine: $MACHINE."
  awk -v line="$line" 'NR == 1 { print; print ""; print line; next } { print }' "$file" >"$work/stamped"
  mv "$work/stamped" "$file"
}

# bench_run FOLDER ARGS...: a bench run into results/FOLDER with its HTML report and SVG plots.
bench_run() {
  local folder=results/$1; shift
  lb bench "$@" --quiet --results "$folder" --html "$folder/report.html" >/dev/null
  rm -f "$folder"/*.png
  lb report "$folder/results.json" --plots "$folder" >/dev/null
}

# compare_md FILE TITLE ARGS...: compare's table in a Markdown file (exits 1 on a disagreement).
compare_md() {
  local file=$1 title=$2; shift 2
  { echo "# $title"; echo; echo '```'; lb compare "$@" 2>"$work/compare.err"; echo '```'; } >"$work/compare.md"
  if [ -s "$work/compare.err" ]; then
    { echo; echo "Back ends not compared on a scene, and why (compare's standard error):"; echo
      echo '```'; cat "$work/compare.err"; echo '```'; } >>"$work/compare.md"
  fi
  mv "$work/compare.md" "$file"
  stamp "$file" "layoutbench compare $*"
}

# ib_bench: the hand-written screens in Sources/IBImport/Screens imported (the cell replicated 30 to
# 10,000 times), benched on every back end and compared. The scenes are made inside results/ib-bench
# (then removed), so the commands the results record name no machine path.
ib_bench() {
  local screens=Sources/IBImport/Screens scenes=results/ib-bench/scenes file=results/ib-bench.md
  local imports=(
    "import $screens/LoginScreen.storyboard --animate rotate --frames 60 --output $scenes/login"
    "import $screens/SettingsScreen.storyboard --animate constraint:rows-top --to 120 --frames 60 --output $scenes/settings")
  for n in 30 100 1000 10000; do
    imports+=("import $screens/ProfileCell.xib --replicate $n --animate rotate --frames 30 --output $scenes/c$n")
  done
  rm -rf results/ib-bench; mkdir -p "$scenes"
  for command in "${imports[@]}"; do read -r -a words <<<"$command"; lb "${words[@]}" >/dev/null; done
  local small=("$scenes/login/LoginViewController.json" "$scenes/settings/SettingsViewController.json"
               "$scenes/c30/ProfileCell-x30.json" "$scenes/c100/ProfileCell-x100.json")
  local large=("$scenes/c1000/ProfileCell-x1000.json" "$scenes/c10000/ProfileCell-x10000.json")
  local bench=(bench --scene "${small[@]}" "${large[@]}" --backend cassowary,dense,factored,manual --time-limit 30
               --results results/ib-bench)
  {
    echo "# Imported real screens: bench on every back end, compare"
    echo
    echo "The screens are the hand-written Interface Builder files in \`$screens/\` (the default suite embeds"
    echo "them). Frame arithmetic (\`manual\`) declines them: IB's content hugging and compression resistance are"
    echo "inequalities. \`dense\` declines the replicated cells past its memory limit: it is the small-scene reference."
    echo "The scenes (SCENES below, a scratch folder) were made by:"
    echo; echo '```'
    for command in "${imports[@]}"; do echo "layoutbench ${command//$scenes/SCENES}"; done
    echo '```'; echo
    echo "## Bench"; echo
    echo "\`layoutbench ${bench[*]//$scenes/SCENES}\` (\`results/ib-bench/report.md\` and \`results.json\` hold every figure):"
    echo; echo '```'
    lb "${bench[@]}" 2>"$work/ib-bench.err"
    echo '```'; echo
    echo "## Compare"; echo
    echo "\`layoutbench compare SMALL --backend cassowary,dense,factored\` on the screens and the cell ×30 and ×100,"
    echo "then \`layoutbench compare LARGE --backend cassowary,factored\` on the cell ×1,000 and ×10,000:"
    echo; echo '```'
    lb compare "${small[@]}" --backend cassowary,dense,factored 2>&1
    lb compare "${large[@]}" --backend cassowary,factored 2>&1
    echo '```'
  } >"$work/ib-bench.md"
  sed "s|$scenes|SCENES|g" "$work/ib-bench.md" >"$file"
  rm -rf "$scenes"
  stamp "$file" "the import, bench and compare commands in the file"
}

# callgrind_run VALGRIND-OPTIONS... PROGRAM ARGS...: callgrind collecting inside SceneSession.runFrame
# only, with what makes its counts repeat exactly (hashing seeded the same, no address randomisation).
# Exported for the traffic target's parallel jobs.
RUN_FRAME_SYMBOL='$s11LayoutModel12SceneSessionC8runFrame*'
export RUN_FRAME_SYMBOL
callgrind_run() {
  # One thread: callgrind counts each thread apart, and collects only on the one inside runFrame.
  LAYOUTBENCH_FACTORED_THREADS=1 SWIFT_DETERMINISTIC_HASHING=1 setarch "$(uname -m)" -R valgrind --tool=callgrind "--toggle-collect=$RUN_FRAME_SYMBOL" "$@"
}
export -f callgrind_run

# profile FILE TITLE SPAN ARGS...: a callgrind profile of `layoutbench ARGS...` (instructions inside
# SceneSession.runFrame, so the load is left out), every function at 1% or more, inclusive.
profile() {
  local file=$1 title=$2 span=$3; shift 3
  local symbol=$RUN_FRAME_SYMBOL
  callgrind_run --callgrind-out-file="$work/cg" "$LB" "$@" >/dev/null 2>"$work/valgrind.err" \
    || { cat "$work/valgrind.err" >&2; return 1; }
  {
    echo "# $title"; echo
    echo "Callgrind, instructions (deterministic). Collected inside \`SceneSession.runFrame\` only (ops, solve, read-back), $span:"
    echo
    echo "    swift build -c release --product layoutbench"
    echo "    LAYOUTBENCH_FACTORED_THREADS=1 SWIFT_DETERMINISTIC_HASHING=1 setarch x86_64 -R valgrind --tool=callgrind --callgrind-out-file=cg '--toggle-collect=$symbol' \\"
    echo "        .build/release/layoutbench ${*//$work\//}"
    echo "    callgrind_annotate --inclusive=yes --threshold=100 --auto=no cg | swift demangle --simplified"
    echo
    echo "Inclusive instructions per function (shares of the total; functions under 1% left out):"
    echo; echo '```'
    # Each function at 1% or more, without its object file or this checkout's path, and without the
    # callers above the frame (main, the harness), which the collection counts whole; no annotated
    # source (--auto=no), and ties in a stable order (callgrind_annotate's own order of equal counts
    # changes from run to run).
    callgrind_annotate --inclusive=yes --threshold=100 --auto=no "$work/cg" 2>/dev/null | swift demangle --simplified \
      | sed -e 's/ \[[^]]*\]$//' -e "s|$PWD/||g" \
      | awk 'match($0, /\( *[0-9.]+%\)/) { v = substr($0, RSTART + 1, RLENGTH - 3); gsub(/ /, "", v); if (v + 0 >= 1) print }' \
      | awk '!/\(100\.0%\)/ || /SceneSession/' | grep -v "PROGRAM TOTALS" \
      | awk '{ count = $1; gsub(/,/, "", count); print count "\t" $0 }' | LC_ALL=C sort -t "$(printf '\t')" -k1,1nr -k2,2 | cut -f2-
    echo '```'
  } >"$file"
  stamp "$file" "the valgrind command below"
}

profiles() {
  local dir=results/factored/profiles common=(--warmup 0 --repeat 1 --quiet --results "$work/profile-run")
  lb generate --family toggle --views 100000 --output "$work/toggle.json" >/dev/null
  # Only the first row's two constraints toggle (the others' ops dropped).
  python3 -c "import json, sys; s = json.load(open(sys.argv[1])); s['name'] = 'toggle-one-row'
keep = lambda ops: [o for o in ops if o.get('constraint') in ('split0', 'full0')]
s['frames'] = [dict(f, ops=keep(f['ops'])) if isinstance(f, dict) else keep(f) for f in s['frames']]
json.dump(s, open(sys.argv[2], 'w'))" "$work/toggle.json" "$work/toggle-one-row.json"
  profile "$dir/tree-100000.md" "tree-100000, factored: ten window-width suggests" "over ten frames" \
    bench --family tree --views 100000 --backend factored --frames 10 "${common[@]}"
  profile "$dir/tree-100000-manual.md" "tree-100000, frame arithmetic: the same ten frames" "over ten frames" \
    bench --family tree --views 100000 --backend manual --frames 10 "${common[@]}"
  profile "$dir/churn-100000.md" "churn-100000, factored: ten frames, each swapping one required height" "over ten frames" \
    bench --family churn --views 100000 --backend factored --frames 10 "${common[@]}"
  profile "$dir/toggle-100000.md" "toggle-100000, factored: one toggle frame (33,333 rows swap priorities)" "over one frame" \
    bench --family toggle --views 100000 --backend factored --frames 1 "${common[@]}"
  profile "$dir/toggle-100000-cassowary.md" "toggle-100000, cassowary: the same toggle frame" "over one frame" \
    bench --family toggle --views 100000 --backend cassowary --frames 1 "${common[@]}"
  profile "$dir/toggle-one-row.md" "toggle-one-row, factored: one toggle frame (one row of 33,333 swaps priorities)" "over one frame" \
    bench --scene "$work/toggle-one-row.json" --backend factored --frames 1 "${common[@]}"
}

# bench_block ARGS...: `layoutbench bench ARGS...`'s terminal tables as a Markdown code block (SCENES
# stands for the scratch folder of scenes).
bench_block() {
  echo '```'; lb bench "$@" --quiet --results "$work/bench-block" | sed "s|$work/scenes|SCENES|g"; echo '```'
}

# bench_md FILE TITLE TEXT ARGS...: bench_block of ARGS in a Markdown file under TITLE and TEXT (which
# names the command).
bench_md() {
  local file=$1 title=$2 text=$3; shift 3
  { echo "# $title"; echo; echo "$text"; echo; bench_block "$@"; } >"$work/bench.md"
  mv "$work/bench.md" "$file"
}

# relative: the NAME-relative back ends (README, "Frames relative to the superview"): the dragged card
# of movingtree read back in window coordinates and relative to the parents, then what the
# representation costs on every family at 10,000 views.
relative() {
  local file=results/relative-frames.md backends=cassowary,cassowary-relative,factored,factored-relative,manual,manual-relative,dense,dense-relative
  {
    for read in window relative; do
      echo "## movingtree, \`--read $read\`"; echo
      echo "\`layoutbench bench --family movingtree --views 1000,10000,100000 --time-limit 10 --backend $backends --read $read\`"
      echo
      bench_block --family movingtree --views 1000,10000,100000 --time-limit 10 --backend "$backends" --read "$read"
      echo
    done
    echo "## Every family at 10,000 views"; echo
    echo "\`layoutbench bench --family stack,tree,grid,clamp,toggle,scroll,churn,mixed --views 10000 --backend cassowary,cassowary-relative,factored,factored-relative --time-limit 10\`"
    echo
    bench_block --family stack,tree,grid,clamp,toggle,scroll,churn,mixed --views 10000 \
      --backend cassowary,cassowary-relative,factored,factored-relative --time-limit 10
  } >"$work/relative.md"
  { echo "# Frames relative to the superview: the NAME-relative back ends"; echo
    echo "Three bench runs, one after the other (README, \"Frames relative to the superview\", reads them)."; echo
    cat "$work/relative.md"; } >"$file"
  stamp "$file" "the three bench commands in the file"
}

# rotation: the profile cell ×1,000 turning to landscape as iOS rotates (a transition: one solve) and
# as an interactive resize over the same 48 display frames (README, "An animation block against a
# re-solve every frame").
rotation() {
  local screens=Sources/IBImport/Screens scenes=$work/scenes
  mkdir -p "$scenes"
  lb import $screens/ProfileCell.xib --replicate 1000 --animate rotate --frames 10 --output "$scenes/rotate" >/dev/null
  lb import $screens/ProfileCell.xib --replicate 1000 --animate resize --frames 48 --output "$scenes/resize" >/dev/null
  for kind in rotate resize; do
    python3 -c "import json, sys; s = json.load(open(sys.argv[1])); s['name'] = sys.argv[2]; json.dump(s, open(sys.argv[1], 'w'))" \
      "$scenes/$kind/ProfileCell-x1000.json" "profilecell-x1000-$kind"
  done
  bench_md results/rotation.md "The profile cell ×1,000: a rotation as a transition and as an interactive resize" \
"The scenes, then one bench run (README, \"An animation block against a re-solve every frame\", reads it):

    layoutbench import $screens/ProfileCell.xib --replicate 1000 --animate rotate --frames 10 --output SCENES/rotate
    layoutbench import $screens/ProfileCell.xib --replicate 1000 --animate resize --frames 48 --output SCENES/resize
    # each scene's \"name\" set to profilecell-x1000-rotate and profilecell-x1000-resize
    layoutbench bench --scene SCENES/rotate/ProfileCell-x1000.json SCENES/resize/ProfileCell-x1000.json --backend cassowary,factored --repeat 5" \
    --scene "$scenes/rotate/ProfileCell-x1000.json" "$scenes/resize/ProfileCell-x1000.json" --backend cassowary,factored --repeat 5
  rm -rf "$scenes"
  stamp results/rotation.md "the import and bench commands in the file"
}

# traffic: the memory traffic of factored's and frame arithmetic's frames, counted by callgrind's cache
# simulation (deterministic; this virtual machine exposes no cache counters to perf). Caches as this
# machine's per core, the last level as its shared 35.8 MiB rounded down to 32 MiB. Two runs at a time,
# one per core; a million-view run takes 20 to 35 minutes here (the load runs simulated too), so only
# tree and grid, the two families where factored's frame is slowest against frame arithmetic's, run at
# 1,000,000, and all four at 100,000. The runs stay in TRAFFIC_RUNS (git-ignored) for traffic-report.
TRAFFIC_RUNS=results/tmp/traffic
traffic() {
  local dir=$TRAFFIC_RUNS frames=4
  rm -rf "$dir"
  mkdir -p "$dir"
  echo "$frames" >"$dir/frames"
  echo "$RUN_FRAME_SYMBOL" >"$dir/symbol"
  lb machine --bandwidth >"$dir/machine.txt"
  local jobs=()
  for views in 1000000 100000; do
    for family in stack tree grid scroll; do
      if [ "$views" = 1000000 ] && [ "$family" != tree ] && [ "$family" != grid ]; then continue; fi
      for backend in factored manual; do jobs+=("$family $views $backend"); done
    done
  done
  # Each job: bash -c SCRIPT traffic LB DIR FRAMES, then xargs appends FAMILY VIEWS BACKEND.
  printf '%s\n' "${jobs[@]}" | xargs -P 2 -L 1 bash -c '
    lb=$1 dir=$2 frames=$3 run=$4-$5-$6
    callgrind_run --cache-sim=yes --simulate-wb=yes --D1=32768,8,64 --LL=33554432,16,64 \
      --callgrind-out-file="$dir/$run.cg" \
      "$lb" bench --family "$4" --views "$5" --backend "$6" --frames "$frames" --warmup 0 --repeat 1 --quiet \
      --results "$dir/r-$run" >/dev/null 2>"$dir/$run.err" || { cat "$dir/$run.err" >&2; exit 255; }' \
    traffic "$LB" "$dir" "$frames" || return 1
  traffic_report
}

# traffic_report: results/million/traffic.md from the runs the traffic target left in TRAFFIC_RUNS.
traffic_report() {
  [ -f "$TRAFFIC_RUNS/frames" ] || { echo "remake_results: no traffic runs in $TRAFFIC_RUNS (run the traffic target first)" >&2; return 1; }
  python3 scripts/traffic_report.py --runs "$TRAFFIC_RUNS" --timed results/million --bandwidth "$TRAFFIC_RUNS/machine.txt" \
    >"$work/traffic.md"
  mv "$work/traffic.md" results/million/traffic.md
  stamp results/million/traffic.md "the valgrind command below, for F = stack, tree, grid, scroll at V = 100000 and F = tree, grid at V = 1000000, B = factored, manual"
}

remake() {
  case "$1" in
    compare-quick) compare_md "$work/compare-quick.md" "compare at 10 views" --family stack,tree,grid,clamp,toggle,scroll,churn,mixed --views 10 --frames 5
                   cat "$work/compare-quick.md" ;;
    default) bench_run default ;;
    scaling) bench_run scaling --views 100,1000,10000,100000 --time-limit 20 ;;
    factored)
      # --results inside the repository (then removed): the command each file records names no machine path.
      lb bench --family stack,tree,grid,scroll,churn,clamp,toggle,mixed --views 10000 --backend cassowary,factored,manual \
        --frames 60 --warmup 5 --repeat 3 --time-limit 8 --quiet --results results/factored/run --json results/factored/bench-10000.json >/dev/null
      lb bench --family stack,tree,grid,scroll,churn,clamp,toggle,mixed --views 100000 --backend cassowary,factored,manual \
        --frames 60 --warmup 3 --repeat 3 --time-limit 10 --quiet --results results/factored/run --json results/factored/bench-100000.json >/dev/null
      rm -rf results/factored/run ;;
    million)
      # One process per family and size range; the 1,000,000-view runs one at a time (each holds several GiB).
      # kiwi only to 10,000 views: its build took 84 s at 10,000 here and grows about quadratically.
      mkdir -p results/million
      for family in stack tree grid scroll; do
        lb bench --family "$family" --views 1000,10000,100000 --backend factored,cassowary,manual,dense --time-limit 10 \
          --quiet --results "$work/m-$family" --json "results/million/$family-1k-100k.json" >/dev/null
        # Cassowary's grid tableau grows faster than the layout (850 MiB at 100,000 views): at 1,000,000 the
        # kernel killed the run at 23 GB resident, so grid's run leaves it out.
        backends=factored,cassowary,manual,dense
        if [ "$family" = grid ]; then backends=factored,manual,dense; fi
        (ulimit -v $((16 * 1024 * 1024)); lb bench --family "$family" --views 1000000 --backend "$backends" --time-limit 20 \
          --quiet --results "$work/m-$family-1m" --json "results/million/$family-1000000.json" >/dev/null)
      done
      lb bench --family stack,tree,grid,scroll --views 1000,10000 --backend kiwi --time-limit 10 \
        --quiet --results "$work/m-kiwi" --json results/million/kiwi-1k-10k.json >/dev/null
      # Each JSON records its command; the scratch folder it names is this run's, so it is called WORK.
      sed -i "s|$work/|WORK/|g" results/million/*.json
      lb machine --bandwidth >results/million/machine.txt
      python3 scripts/million_report.py results/million/*.json >results/million/tables.md ;;
    compare) compare_md results/compare-10-1000.md "\`layoutbench compare\` on every family at 10 and 1,000 views" \
               --family stack,tree,grid,clamp,toggle,scroll,churn,mixed --views 10,1000 --frames 20 ;;
    crossover) python3 scripts/crossover.py --layoutbench "$LB" --work "$work/crossover" --out results
               stamp results/crossover.md "python3 scripts/crossover.py" ;;
    crossover-same)
      python3 scripts/crossover.py --layoutbench "$LB" --kinds stack --same-constraints --no-compare \
        --work "$work/crossover-same" --out results/crossover-same-constraints
      stamp results/crossover-same-constraints/crossover.md "python3 scripts/crossover.py --kinds stack --same-constraints --no-compare" ;;
    peers)
      # Two streams of lanes side by side, one per core (every solver in them is single-threaded; a
      # row's ratios still compare back ends of one bench run): the 1,000-view lane then the Python
      # peers at 10,000, and kiwi's two 10,000-view lanes.
      local p=(python3 scripts/peers.py --layoutbench "$LB" --work "$work/peers" --verdict-frames 30)
      mkdir -p "$work/peers"
      (
        "${p[@]}" --families stack,tree,grid,scroll,churn,toggle,clamp,mixed --views 1000 --imported --examples --time-limit 10 \
          --driver-wall 600 --verdict-wall 300 --output "$work/peers/lane-1000" &&
        "${p[@]}" --families stack,tree,clamp,grid,scroll,churn,toggle,mixed --views 10000 --backends kiwisolver,cassowary-py \
          --group python --time-limit 20 --driver-wall 180 --verdict-peers '' --output "$work/peers/lane-10000py"
      ) 2>"$work/peers/stream-1.log" &
      local first=$!
      (
        "${p[@]}" --families stack,tree,clamp --views 10000 --backends cassowary,factored,dense,manual,kiwi --time-limit 20 \
          --driver-wall 900 --verdict-peers kiwi --verdict-wall 900 --output "$work/peers/lane-10000a" &&
        "${p[@]}" --families grid,scroll,churn,toggle,mixed --views 10000 --backends cassowary,factored,dense,manual,kiwi \
          --time-limit 20 --driver-wall 900 --verdict-peers kiwi --verdict-wall 300 --output "$work/peers/lane-10000b"
      ) 2>"$work/peers/stream-2.log" &
      local second=$!
      local failed=0
      wait "$first" || failed=1
      wait "$second" || failed=1
      cat "$work/peers/stream-1.log" "$work/peers/stream-2.log" >&2
      if [ "$failed" = 1 ]; then echo "remake_results: peers: a lane failed (its log is above)" >&2; exit 1; fi
      "${p[@]}" --families stack,tree,grid,scroll,churn,toggle,clamp,mixed --views 1000,10000 --imported --examples \
        --report-only --time-limit 10 --output results/peers
      stamp results/peers.md "python3 scripts/peers.py (the five runs in scripts/remake_results.sh)" ;;
    flexbox)
      # The command results/flexbox.md names, without a time limit (every cell times its 120 frames); --results
      # inside the repository (then removed), so the command the JSON records names no machine path. Swift's
      # backtracer on: an earlier run of this command trapped once, leaving no backtrace.
      mkdir -p results/flexbox
      SWIFT_BACKTRACE=enable=yes lb bench --family stack,tree,grid,scroll --views 1000,10000,100000 \
        --backend cassowary,factored,manual,yoga,taffy --quiet --results results/flexbox/run --json results/flexbox/flexbox.json >/dev/null
      rm -rf results/flexbox/run
      python3 scripts/flexbox_report.py results/flexbox/flexbox.json >results/flexbox/tables.md
      stamp results/flexbox/tables.md "layoutbench bench --family stack,tree,grid,scroll --views 1000,10000,100000 --backend cassowary,factored,manual,yoga,taffy --json results/flexbox/flexbox.json, then python3 scripts/flexbox_report.py results/flexbox/flexbox.json" ;;
    package-benchmark)
      swift package benchmark --format markdown --no-progress >"$work/pb.md"
      # The title and how to read it, then the tool's tables (without its notes about its runtime interposer).
      { echo "# \`swift package benchmark\` (ordo-one/benchmark 1.38.1, MallocInterposer)"; echo
        echo "One iteration is one frame of the scene (ops, solve, reading the changed rectangles); each scene has 2,100"
        echo "frames so a run never replays its stream. Malloc counts are per sample and include package-benchmark's own"
        echo "(see \`floor: an empty iteration\`): a frame that allocates nothing shows exactly the floor. Wall clock is"
        echo "noisy here; compare ratios within this run. See Benchmarks/README.md for what each benchmark runs."
        grep -v -e 'runtime interposer' -e 'LD_PRELOAD' "$work/pb.md"; } >results/package-benchmark.md
      stamp results/package-benchmark.md "swift package benchmark --format markdown --no-progress" ;;
    ib-conformance)
      local corpus=${IB_CORPUS:-../shared/ib-corpus}
      [ -d "$corpus" ] || { echo "remake_results: ib-conformance: no corpus at '$corpus' (set IB_CORPUS)" >&2; return 1; }
      python3 scripts/ib_conformance.py "$corpus" --binary "$LB" --output results/ib-conformance.md
      stamp results/ib-conformance.md "bash scripts/ib_conformance.sh IB_CORPUS" ;;
    ib-bench) ib_bench ;;
    profiles) profiles ;;
    traffic) traffic ;;
    traffic-report) traffic_report ;;
    relative) relative ;;
    rotation) rotation ;;
    pictures) LAYOUTBENCH="$LB" bash scripts/screenshots.sh ;;
    published) lb bench --suite published --quiet --results results >/dev/null ;;
  esac
}

for current in "${names[@]}"; do
  started=$(date +%s)
  echo "remake_results: $current" >&2
  remake "$current"
  echo "remake_results: $current done in $(( $(date +%s) - started )) s" >&2
done
