#!/usr/bin/env python3
"""CI regression guard for LayoutBench (see scripts/README.md).

1. Equivalence: `layoutbench compare` on the example scenes and on small
   generated scenes of every family; any disagreement fails.
2. Deterministic figures on 200-view generated scenes, checked against the
   committed baseline (scripts/ci-baseline.json) with per-figure thresholds:
   pivots, rows touched, bytes and allocations per frame (from `bench --json`)
   and instructions per frame (callgrind, counting only inside
   SceneSession.runFrame). These do not depend on the machine's noise.
3. Same-run ratios: Cassowary's median frame time against other back ends
   measured in the same process, so machine speed cancels out.

Exit 0 if all is well, 1 on a regression or disagreement, 2 if the guard
itself could not run. Standard library only.
"""
import argparse
import concurrent.futures
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile

# ---------------------------------------------------------------------------
# What is measured. Changing any of this changes the figures: re-record the
# baseline (--update-baseline) in the same commit.

VIEWS = 200
BENCH_FRAMES = 120        # frames for the native bench runs (counts and timing)
# Counts: every family that exercises a different part of Cassowary, plus the
# one-way back end on the two families where its work differs, and the factored
# back end on the families where its frame path differs (suggest, grid constants, clamp,
# churn, and toggle's and mixed's structural pivots, which update the factor locally).
COUNT_RUNS = [
    ("cassowary", ["stack", "tree", "clamp", "toggle", "churn", "mixed"]),
    ("manual", ["stack", "churn"]),
    ("factored", ["stack", "tree", "grid", "clamp", "toggle", "churn", "mixed"]),
]
COUNT_METRICS = {  # JSON field -> figure name
    "pivots_per_frame": "pivots/frame",
    "rows_touched_per_frame": "rows touched/frame",
    "bytes_allocated_per_frame": "bytes/frame",
    "allocations_per_frame": "allocations/frame",
}
# Timing run for the ratios (dense is slow, so only two cheap families);
# repeated so each median is over 3 x 120 frames.
RATIO_FAMILIES = ["stack", "tree"]
RATIO_REPEAT = 3
# (family, other back end, default minimum speed-up of cassowary's p50 over it;
# the minimum in the baseline file, once recorded there, wins).
# Measured here (2 cores, AMD EPYC): dense/cassowary ~650-850x on stack-200,
# ~450x on tree-200; manual/cassowary ~0.85x on stack-200 (Cassowary slightly
# slower than hand-written arithmetic). Margins leave room for a noisy machine.
RATIOS = [
    ("stack", "dense", 100.0),
    ("tree", "dense", 100.0),
    ("stack", "manual", 0.2),   # Cassowary at most 5x slower than one-way arithmetic
]
# Callgrind runs: (back end, family, frames). Short streams: valgrind is ~50x slower.
CALLGRIND_FRAMES = 60
CALLGRIND_RUNS = [("cassowary", f, CALLGRIND_FRAMES) for f in COUNT_RUNS[0][1]] + [
    ("manual", "stack", CALLGRIND_FRAMES),
    ("manual", "churn", CALLGRIND_FRAMES),
    ("dense", "stack", 8),   # dense costs ~7M instructions a frame here
] + [("factored", f, CALLGRIND_FRAMES) for f in ["stack", "tree", "grid", "clamp", "toggle", "churn", "mixed"]]
# Only the per-frame function is counted: no start-up, scene generation or
# session build. A wildcard so a changed signature still matches.
RUN_FRAME_SYMBOL = "$s11LayoutModel12SceneSessionC8runFrame*"

# Default thresholds (percent increase allowed) for figures new to the baseline.
# Existing figures keep the threshold stored in the baseline file.
DEFAULT_THRESHOLD_PCT = {
    "instructions/frame": 3.0,   # repeatable to the instruction; 3% leaves room for toolchain patch releases
    "pivots/frame": 1.0,         # exact counts; any real increase is an algorithm change
    "rows touched/frame": 2.0,
    "bytes/frame": 10.0,         # exact here, but allocator size classes shift with jemalloc/Swift updates
    "allocations/frame": 2.0,
}

# Everything runs with deterministic hashing: Swift's per-process random hash
# seed otherwise changes dictionary iteration order, hence pivots and instructions.
# jemalloc purges freed pages on a wall-clock schedule (decay), which makes the
# instruction count of allocating frames vary by a few hundred per run; with
# decay off, callgrind's counts are identical run to run.
ENV = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1", MALLOC_CONF="dirty_decay_ms:-1,muzzy_decay_ms:-1")


def settings_record():
    """Recorded in the baseline so a run with other settings is not compared with it."""
    return {"views": VIEWS, "bench_frames": BENCH_FRAMES, "callgrind_frames": CALLGRIND_FRAMES,
            "callgrind_runs": ["%s %s %d" % r for r in CALLGRIND_RUNS],
            "count_runs": ["%s %s" % (b, ",".join(f)) for b, f in COUNT_RUNS]}


class GuardError(Exception):
    """The guard could not measure (missing tool, crash): exit 2, not a regression."""


def run(cmd, **kw):
    return subprocess.run(cmd, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)


# ---------------------------------------------------------------------------
# 1. Equivalence

def check_equivalence(lb):
    """Runs both comparisons; returns True if every back end agreed."""
    ok = True
    families = "stack,tree,grid,clamp,toggle,scroll,churn,mixed"
    for label, args in [("example scenes", []),
                        ("generated, 10 and 100 views", ["--family", families, "--views", "10,100", "--frames", "30"])]:
        p = run([lb, "compare"] + args)
        scenes = [l for l in p.stdout.splitlines() if l.endswith("\tequivalent")]
        if p.returncode == 0:
            print("equivalence (%s): %d scenes equivalent" % (label, len(scenes)))
        else:
            ok = False
            print("FAILED equivalence (%s): layoutbench compare %s exited %d:" % (label, " ".join(args), p.returncode))
            print(p.stdout.rstrip())
    return ok


# ---------------------------------------------------------------------------
# 2. Measurements

def bench(lb, workdir, name, backends, families, frames, repeat=1, warmup=None):
    out = os.path.join(workdir, name + ".json")
    cmd = [lb, "bench", "--backend", ",".join(backends), "--family", ",".join(families),
           "--views", str(VIEWS), "--frames", str(frames), "--repeat", str(repeat),
           "--json", out, "--quiet", "--results", os.path.join(workdir, name)]
    if warmup is not None:
        cmd += ["--warmup", str(warmup)]
    p = run(cmd)
    if p.returncode != 0:
        raise GuardError("%s exited %d:\n%s" % (" ".join(cmd), p.returncode, p.stdout))
    results = {}
    for r in json.load(open(out))["results"]:
        if r.get("declined"):
            raise GuardError("%s declined %s: %s" % (r["backend"], r["scene"], r["declined"]))
        results[(r["backend"], r["scene"])] = r
    return results


def callgrind(lb, workdir, backend, family, frames):
    """Instructions executed inside SceneSession.runFrame, per frame."""
    out = os.path.join(workdir, "callgrind.%s-%s.out" % (backend, family))
    cmd = ["setarch", platform.machine(), "-R",   # no address randomisation: same hash/layout every run
           "valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, "--toggle-collect=" + RUN_FRAME_SYMBOL,
           lb, "bench", "--backend", backend, "--family", family, "--views", str(VIEWS), "--frames", str(frames),
           "--warmup", "0", "--repeat", "1", "--quiet", "--results", os.path.join(workdir, "cg-" + backend + family)]
    p = run(cmd)
    if p.returncode != 0:
        raise GuardError("callgrind run failed (exit %d): %s\n%s" % (p.returncode, " ".join(cmd), p.stdout[-3000:]))
    total = None
    for line in open(out):
        if line.startswith("summary:"):
            total = int(line.split()[1])
    if not total:
        raise GuardError("callgrind counted nothing inside %s: was SceneSession.runFrame renamed? "
                         "(nm the binary | swift demangle, then fix RUN_FRAME_SYMBOL)" % RUN_FRAME_SYMBOL)
    return total / frames


def measure(lb, workdir, jobs):
    """Returns ({figure name: value or None}, [ratio rows])."""
    figures = {}
    # Native runs first, alone on the machine (the ratios are timings).
    for backend, families in COUNT_RUNS:
        for (b, scene), r in bench(lb, workdir, "counts-" + backend, [backend], families, BENCH_FRAMES).items():
            for field, metric in COUNT_METRICS.items():
                figures["%s %s %s" % (b, scene, metric)] = r.get(field)
    timing = bench(lb, workdir, "ratios", ["cassowary", "dense", "manual"], RATIO_FAMILIES, BENCH_FRAMES, repeat=RATIO_REPEAT)
    for (b, scene), r in timing.items():
        if b == "dense":   # dense's counts come free with the timing run
            for field, metric in COUNT_METRICS.items():
                figures["%s %s %s" % (b, scene, metric)] = r.get(field)
    ratios = []
    for family, other, minimum in RATIOS:
        scene = "%s-%d" % (family, VIEWS)
        mine, theirs = timing[("cassowary", scene)]["frame_seconds"]["p50"], timing[(other, scene)]["frame_seconds"]["p50"]
        ratios.append({"name": "cassowary %s p50 speed-up over %s" % (scene, other),
                       "cassowary_p50": mine, "other_p50": theirs, "speedup": theirs / mine, "min": minimum})
    # Callgrind runs are independent processes: run them in parallel.
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(callgrind, lb, workdir, b, f, n): (b, f) for b, f, n in CALLGRIND_RUNS}
        for fut, (b, f) in futures.items():
            figures["%s %s-%d instructions/frame" % (b, f, VIEWS)] = fut.result()
    return figures, ratios


# ---------------------------------------------------------------------------
# 3. Comparison with the baseline

def pct(old, new):
    if old == 0:
        return "+inf%" if new > 0 else "+0.0%"
    return "%+.1f%%" % (100.0 * (new - old) / old)


def fmt(v):
    if v is None:
        return "n/a"
    if v == int(v) and abs(v) < 1e15:
        return str(int(v))
    return ("%.4g" % v) if abs(v) < 100 else ("%.1f" % v)


def compare(figures, ratios, baseline, simulate_pct):
    """Prints the table and one line per regression; returns the number of regressions."""
    scale = 1.0 + simulate_pct / 100.0
    rows, failures, notes = [], [], []
    base_figs = baseline.get("figures", {})
    for name in sorted(set(figures) | set(base_figs)):
        entry = base_figs.get(name)
        now = figures.get(name)
        if now is not None:
            now = round(now * scale, 6)   # as stored in the baseline, so an unchanged figure reads +0.0%
        if entry is None or entry.get("value") is None:
            if now is not None:
                notes.append("NEW %s = %s is not in the baseline (run with --update-baseline to add it)" % (name, fmt(now)))
            rows.append((name, "-", fmt(now), "", "", "new" if now is not None else "n/a"))
            continue
        old, threshold = entry["value"], entry["threshold_pct"]
        if now is None:
            failures.append("MISSING %s: the baseline has %s but this run did not measure it" % (name, fmt(old)))
            rows.append((name, fmt(old), "n/a", "", "+%g%%" % threshold, "MISSING"))
            continue
        limit = old * (1 + threshold / 100.0)
        if now > limit + 1e-12:
            status = "REGRESSION"
            failures.append("REGRESSION %s moved from %s to %s (%s, threshold +%g%%)" % (name, fmt(old), fmt(now), pct(old, now), threshold))
        elif now < old * (1 - threshold / 100.0) - 1e-12:
            status = "improved"
            notes.append("IMPROVED %s moved from %s to %s (%s): if intended, record it with --update-baseline" % (name, fmt(old), fmt(now), pct(old, now)))
        else:
            status = "ok"
        rows.append((name, fmt(old), fmt(now), pct(old, now), "+%g%%" % threshold, status))
    for r in ratios:
        r["min"] = baseline.get("ratios", {}).get(r["name"], {}).get("min", r["min"])
        speedup = r["speedup"] / scale
        status = "ok" if speedup >= r["min"] else "REGRESSION"
        if status != "ok":
            failures.append("REGRESSION %s is %.2fx (cassowary p50 %s, other %s), must be at least %gx"
                            % (r["name"], speedup, duration(r["cassowary_p50"] * scale), duration(r["other_p50"]), r["min"]))
        rows.append((r["name"], ">= %gx" % r["min"], "%.2fx" % speedup, "", "same run", status))

    header = ("figure", "baseline", "now", "change", "threshold", "status")
    widths = [max(len(str(x[i])) for x in rows + [header]) for i in range(len(header))]
    for row in [header] + rows:
        print("  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in enumerate(zip(row, widths))).rstrip())
    print()
    for n in notes:
        print(n)
    for f in failures:
        print(f)
    return len(failures)


def duration(s):
    return "%.1f us" % (s * 1e6) if s < 1e-3 else "%.2f ms" % (s * 1e3)


def update_baseline(path, figures, ratios, old):
    """Rewrites the baseline from this run, keeping each figure's threshold and each ratio's minimum.
    A ratio's last_measured is for information: ratios are checked within the run, not against it."""
    base_figs = old.get("figures", {})
    new = {
        "about": old.get("about", "Figures guarded by scripts/ci_guard.py; see scripts/README.md before updating."),
        "settings": settings_record(),
        "figures": {},
        "ratios": {r["name"]: {"min": old.get("ratios", {}).get(r["name"], {}).get("min", r["min"]),
                               "last_measured": round(r["speedup"], 2)} for r in ratios},
    }
    for name in sorted(figures):
        if figures[name] is None:
            continue   # not measured by this build (e.g. no allocation counter)
        metric = next(m for m in DEFAULT_THRESHOLD_PCT if name.endswith(" " + m))
        threshold = base_figs.get(name, {}).get("threshold_pct", DEFAULT_THRESHOLD_PCT[metric])
        new["figures"][name] = {"value": round(figures[name], 6), "threshold_pct": threshold}
    with open(path, "w") as f:
        json.dump(new, f, indent=2)
        f.write("\n")
    print("wrote %s (%d figures)" % (path, len(new["figures"])))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--layoutbench", required=True, help="path to a release build of layoutbench")
    ap.add_argument("--baseline", default=os.path.join(here, "ci-baseline.json"))
    ap.add_argument("--update-baseline", action="store_true",
                    help="rewrite the baseline from this run (thresholds kept); still fails on a disagreement")
    ap.add_argument("--simulate-regression", type=float, default=0.0, metavar="PCT",
                    help="make every measured figure PCT%% worse before comparing (a dry run of a failure)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel callgrind runs")
    ap.add_argument("--keep", action="store_true", help="keep the work folder (bench JSON, callgrind files)")
    a = ap.parse_args()

    if not shutil.which("valgrind") or not shutil.which("setarch"):
        print("ci_guard: valgrind and setarch are needed (bash scripts/setup.sh installs valgrind)")
        return 2
    baseline = {}
    if os.path.exists(a.baseline):
        baseline = json.load(open(a.baseline))
    elif not a.update_baseline:
        print("ci_guard: no baseline at %s (create one with --update-baseline)" % a.baseline)
        return 2
    if not a.update_baseline and baseline.get("settings") != settings_record():
        print("ci_guard: %s was recorded with other settings than scripts/ci_guard.py now uses; "
              "re-record it with --update-baseline" % a.baseline)
        return 2

    workdir = tempfile.mkdtemp(prefix="ci-guard-")
    try:
        equivalent = check_equivalence(a.layoutbench)
        figures, ratios = measure(a.layoutbench, workdir, a.jobs)
    except GuardError as e:
        print("ci_guard: could not measure: %s" % e)
        return 2
    finally:
        if a.keep:
            print("work folder: %s" % workdir)
        else:
            shutil.rmtree(workdir, ignore_errors=True)

    print()
    if a.update_baseline:
        if not equivalent:
            print("not updating the baseline: the back ends disagree")
            return 1
        update_baseline(a.baseline, figures, ratios, baseline)
        return 0
    if a.simulate_regression:
        print("DRY RUN: every measured figure made %g%% worse (--simulate-regression)\n" % a.simulate_regression)
    regressions = compare(figures, ratios, baseline, a.simulate_regression)
    if regressions or not equivalent:
        print("ci_guard: FAILED (%d regression(s)%s); see scripts/README.md for deliberate baseline updates"
              % (regressions, ", back ends disagree" if not equivalent else ""))
        return 1
    print("ci_guard: passed (%d figures, %d ratios)" % (len(figures), len(ratios)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
