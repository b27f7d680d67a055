#!/usr/bin/env python3
"""results/million/traffic.md: the memory traffic of a frame, from callgrind's cache simulation.

    python3 scripts/traffic_report.py --runs DIR --timed results/million --bandwidth machine.txt > traffic.md

DIR holds one callgrind file per run, named FAMILY-VIEWS-BACKEND.cg (and bench's results of it in
r-FAMILY-VIEWS-BACKEND/, for the view count), each collected inside the function DIR/symbol names
(SceneSession.runFrame) over FRAMES frames (DIR/frames holds FRAMES) with --cache-sim=yes and
--simulate-wb=yes. The file it prints says how the runs were made, then gives the table. A line that misses the last-level cache is filled from memory (ILmr, DLmr,
DLmw) and a dirty line it evicts is written back (ILdmr, DLdmr, DLdmw): 64 bytes each. The
measured p50 beside it comes from the timed runs in --timed (FAMILY-1000000.json,
FAMILY-1k-100k.json): the bytes over it are the rate the frame ran at, set against the rate a
60 Hz frame would need and this machine's copy rate (read + written) in --bandwidth.
"""
import argparse
import glob
import json
import os
import re
import subprocess

LINE = 64
BUDGET = 1 / 60  # seconds: a 60 Hz display frame
FILLS = ("ILmr", "DLmr", "DLmw")
WRITEBACKS = ("ILdmr", "DLdmr", "DLdmw")
BACKENDS = {"factored": "factored", "manual": "frame arithmetic"}


def totals(path):
    """The run's event totals, by event name."""
    events = summary = None
    with open(path) as f:
        for line in f:
            if line.startswith("events:"):
                events = line.split()[1:]
            elif line.startswith("summary:"):
                summary = [int(v) for v in line.split()[1:]]
    if events is None or summary is None:
        raise SystemExit(f"traffic_report: {path}: no events or summary line (not a callgrind file?)")
    missing = [e for e in FILLS + WRITEBACKS if e not in events]
    if missing:
        raise SystemExit(f"traffic_report: {path}: no {', '.join(missing)} (run with --cache-sim=yes --simulate-wb=yes)")
    # Callgrind leaves out trailing zeros.
    return dict(zip(events, summary + [0] * (len(events) - len(summary))))


def lines_by_function(path):
    """Lines filled plus lines written back, per demangled function (its files summed), largest first."""
    shown = ",".join(FILLS + WRITEBACKS)
    out = subprocess.run(["callgrind_annotate", f"--show={shown}", "--show-percs=no", "--auto=no", "--threshold=100", path],
                         capture_output=True, text=True, check=True).stdout
    rows = {}
    for line in out.splitlines():
        match = re.match(r"^\s*((?:[0-9,.]+\s+){6})(\S.*)$", line)
        if not match or "PROGRAM TOTALS" in line:
            continue
        values = [0 if v == "." else int(v.replace(",", "")) for v in match.group(1).split()]
        name = re.sub(r"\s+\[[^]]*\]$", "", match.group(2)).split(":", 1)[-1]
        rows[name] = rows.get(name, 0) + sum(values)
    names = list(rows)
    demangled = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(names),
                               capture_output=True, text=True, check=True).stdout.splitlines()
    merged = {}
    for name, readable in zip(names, demangled):
        readable = re.sub(r"^(specialized |merged |outlined )+", "", readable)
        readable = re.sub(r"\(.*", "", readable)
        merged[readable] = merged.get(readable, 0) + rows[name]
    return sorted(merged.items(), key=lambda item: -item[1])


def actual_views(runs, family, views, backend):
    """The run's view count as bench reported it (grid rounds --views down to 1 + rows × columns)."""
    try:
        with open(os.path.join(runs, f"r-{family}-{views}-{backend}", "results.json")) as f:
            return json.load(f)["results"][0]["views"]
    except (OSError, ValueError, KeyError, IndexError):
        return views


def timed_p50(timed, family, views, backend):
    name = f"{family}-1000000.json" if views > 100000 else f"{family}-1k-100k.json"
    try:
        with open(os.path.join(timed, name)) as f:
            run = json.load(f)
    except OSError:
        return None
    for r in run["results"]:
        if r.get("family") == family and r["backend"] == backend and r["views"] == views:
            seconds = r.get("frame_seconds", {}).get("p50")
            return seconds
    return None


def print_method(frames, symbol):
    """The file's title and how its runs were made (the commands remake_results.sh's traffic target runs)."""
    print(f"""# The bytes a frame moves: callgrind's cache simulation

Each run (release build, on one thread: callgrind counts each thread apart; the caches of this machine's cores, the last level 32 MiB):

    LAYOUTBENCH_FACTORED_THREADS=1 SWIFT_DETERMINISTIC_HASHING=1 setarch x86_64 -R valgrind --tool=callgrind --cache-sim=yes --simulate-wb=yes \\
        --D1=32768,8,64 --LL=33554432,16,64 '--toggle-collect={symbol}' --callgrind-out-file=F-V-B.cg \\
        layoutbench bench --family F --views V --backend B --frames {frames} --warmup 0 --repeat 1

for F = stack, tree, grid, scroll at V = 100000 and F = tree, grid at V = 1000000, B = factored, manual; then
`python3 scripts/traffic_report.py` of the files. Collected inside `SceneSession.runFrame` (ops, solve, read-back,
the finite check), per frame over the {frames} frames. A line the last level misses is filled from memory; a dirty line
it evicts is written back; each is 64 bytes. The simulation has no prefetcher (a prefetched line is a line moved
all the same) and leaves out the lines still dirty at the end. The measured p50 is from the timed runs in this
folder (`*-1k-100k.json`, `*-1000000.json`); MB / p50 is the rate the frame ran at, and the last column the rate
that would move the same bytes within 16.7 ms (60 Hz).

The counts repeat exactly for the same command, binary and environment. At 100,000 views, where most of a layout
stays in the last-level cache, they also depend on where the allocator put each array (a different path for
`--results` can move them by a third); at 1,000,000 views every frame streams through memory.
""")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", required=True)
    parser.add_argument("--timed", required=True)
    parser.add_argument("--bandwidth", required=True)
    args = parser.parse_args()
    with open(os.path.join(args.runs, "frames")) as f:
        frames = int(f.read())
    with open(os.path.join(args.runs, "symbol")) as f:
        symbol = f.read().strip()
    with open(args.bandwidth) as f:
        machine = f.read()
    copy = re.search(r"copy ([0-9.]+) GB/s", machine)
    if not copy:
        raise SystemExit(f"traffic_report: {args.bandwidth}: no 'copy N GB/s' (layoutbench machine --bandwidth)")
    copy_rate = float(copy.group(1)) * 1e9

    runs = []
    for path in sorted(glob.glob(os.path.join(args.runs, "*.cg"))):
        family, views, backend = os.path.basename(path)[:-3].split("-")
        runs.append((family, int(views), backend, path))
    order = {"stack": 0, "tree": 1, "grid": 2, "scroll": 3}
    runs.sort(key=lambda r: (r[1], order.get(r[0], 9), r[2]))

    print_method(frames, symbol)
    print("| scene | back end | instructions / frame | lines filled / frame | dirty lines written back / frame "
          "| MB / frame | bytes / unknown | measured p50 (timed run) | MB / p50 | GB/s for 16.7 ms |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for family, views, backend, path in runs:
        t = totals(path)
        fills = sum(t[e] for e in FILLS) / frames
        writebacks = sum(t[e] for e in WRITEBACKS) / frames
        moved = (fills + writebacks) * LINE
        actual = actual_views(args.runs, family, views, backend)
        unknowns = 4 * actual
        p50 = timed_p50(args.timed, family, actual, backend)
        measured = "–" if p50 is None else f"{p50 * 1e3:.1f} ms"
        rate = "–" if p50 is None else f"{moved / p50 / 1e9:.1f} GB/s"
        print(f"| {family}-{views} | {BACKENDS.get(backend, backend)} | {t['Ir'] / frames / 1e6:.1f} M "
              f"| {fills / 1e6:.2f} M | {writebacks / 1e6:.2f} M | {moved / 1e6:.0f} | {moved / unknowns:.0f} "
              f"| {measured} | {rate} | {moved / BUDGET / 1e9:.1f} |")
    print()
    print(f"This machine's copy rate (read + written, one thread; `layoutbench machine --bandwidth` before the runs): "
          f"{copy_rate / 1e9:.1f} GB/s.")
    print()
    print("Where the lines go (filled plus written back, per function, its own code only; the five largest):")
    for family, views, backend, path in runs:
        if views != 1000000:
            continue
        ranked = lines_by_function(path)
        total = sum(v for _, v in ranked) or 1
        print()
        print(f"- {family}-{views}, {BACKENDS.get(backend, backend)}:")
        for name, value in ranked[:5]:
            print(f"  - `{name}`: {value / frames * LINE / 1e6:.0f} MB a frame ({100 * value / total:.0f}%)")


if __name__ == "__main__":
    main()
