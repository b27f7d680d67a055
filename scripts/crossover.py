#!/usr/bin/env python3
"""Crossover between the two exact back ends: cost per frame against the number of
constants a frame changes.

For each scene kind (a generator family) and size, `layoutbench generate
--change-constants K` makes the scenes: every frame holds exactly K `setConstant`
ops on K distinct required constraints, drawn afresh each frame from the seed, each
new constant within ±1 of the constraint's original constant. The families chosen
here (grid, stack) are made only of required equalities apart from one optional constraint
that an edit holds, so no jitter can make the layout unsatisfiable or move a bound
(the benches report the pivots per frame, which stay 0). The scenes are validated,
compared (cassowary against factored) at the smallest size, then timed with
`layoutbench bench --family KIND --views N --change-constants K,...` (bench makes
the same scenes itself), one run per kind and size. Writes crossover.md and
crossover.json into --out, and the plots into --out/crossover-plots with
`layoutbench report RUN.json ... --plots` (ops-KIND.svg: time per frame against
the ops per frame, that is K).

Only the Python standard library is needed: the scenes, the timing and the plots
all come from layoutbench; this script runs it and tabulates its JSON.

Example (from the repository root, a release build first):
  swift build -c release --product layoutbench
  python3 scripts/crossover.py --layoutbench .build/release/layoutbench
"""

import argparse
import json
import math
import os
import subprocess
import sys
import time

BACKENDS = ["cassowary", "factored"]
JITTER = 1.0  # what `generate --change-constants` gives (ConstantJitter.amplitude), for the report


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--layoutbench", default=".build/release/layoutbench", help="path to a release build of layoutbench")
    p.add_argument("--kinds", default="grid,stack", help="generator families, comma-separated")
    p.add_argument("--sizes", default="10000,100000", help="view counts, comma-separated")
    p.add_argument("--ks", default="1,10,100,1000,10000", help="constants changed per frame, comma-separated")
    p.add_argument("--frames", default="10000:20,100000:10",
                   help="frames per scene by size, SIZE:FRAMES comma-separated (other sizes: 10)")
    p.add_argument("--time-limit", default="10000:4,100000:8",
                   help="bench --time-limit seconds by size, SIZE:SECONDS comma-separated (other sizes: 8)")
    p.add_argument("--warmup", type=int, default=2, help="untimed warm-up frames (bench --warmup)")
    p.add_argument("--seed", type=int, default=16, help="seed for the constraints and values chosen")
    p.add_argument("--same-constraints", action="store_true",
                   help="change the same K constraints in every frame (default: K drawn afresh each frame)")
    p.add_argument("--work", default="/tmp/layoutbench-crossover", help="folder for the generated scenes and raw runs")
    p.add_argument("--out", default="results", help="folder for crossover.md, crossover.json and crossover-plots/")
    p.add_argument("--cassowary-max-k", default="stack-100000:1000",
                   help="KIND-SIZE:K comma-separated: there cassowary runs only where K <= this (one of its "
                        "frames costs minutes above it; factored still runs every K)")
    p.add_argument("--no-compare", action="store_true", help="skip the equivalence check at the smallest size")
    p.add_argument("--resume", action="store_true",
                   help="reuse the compare results and bench outputs already in --work (scenes are regenerated "
                        "identically)")
    p.add_argument("--report-only", action="store_true", help="rebuild the md, json and plots from the raw runs in --work")
    return p.parse_args(argv)


def by_size(text, default):
    table = {}
    for item in text.split(","):
        size, value = item.split(":")
        table[int(size)] = float(value)
    return lambda n: table.get(n, default)


def run(cmd, **kw):
    print("+ " + " ".join(cmd), file=sys.stderr, flush=True)
    return subprocess.run(cmd, check=True, **kw)


def load_average():
    try:
        with open("/proc/loadavg") as f:
            return [float(x) for x in f.read().split()[:3]]
    except OSError:
        return None


def generate(args, lb, kinds, sizes, ks, frames_for):
    """Every scene made by `layoutbench generate --change-constants K`; this script only reads
    them back (how many views, constraints and changeable constraints they hold)."""
    os.makedirs(args.work, exist_ok=True)
    plan = []  # (kind, views, [(k, path)], pool, constraints)
    for kind in kinds:
        for n in sizes:
            scenes = []
            seen = set()
            for k in ks:
                path = os.path.join(args.work, f"{kind}-{n}-k{k}.json")
                cmd = [lb, "generate", "--family", kind, "--views", str(n), "--frames", str(int(frames_for(n))),
                       "--seed", str(args.seed), "--change-constants", str(k), "--output", path]
                run(cmd + (["--same-constraints"] if args.same_constraints else []))
                with open(path) as f:
                    scene = json.load(f)
                pool = sum(1 for c in scene["constraints"]
                           if c.get("priority", 1000) == 1000 and c.get("active", True))
                k_real = min(k, pool)
                if k_real in seen:
                    os.remove(path)
                    continue
                seen.add(k_real)
                real_path = os.path.join(args.work, f"{kind}-{n}-k{k_real}.json")
                if real_path != path:
                    os.replace(path, real_path)
                scenes.append((k_real, real_path))
            plan.append({"kind": kind, "views": n, "scenes": scenes, "pool": pool,
                         "constraints": len(scene["constraints"]), "view_count": len(scene["views"])})
    return plan


def check(args, lb, plan, compare, resume):
    paths = [p for entry in plan for _, p in entry["scenes"]]
    run([lb, "validate", "--quiet"] + paths)
    checks = []
    saved = os.path.join(args.work, "compare.json")
    if resume and os.path.exists(saved):
        with open(saved) as f:
            return json.load(f)
    if compare:
        smallest = min(e["views"] for e in plan)
        for entry in plan:
            if entry["views"] != smallest:
                continue
            for k, path in entry["scenes"]:
                verdicts = path + ".compare.json"
                r = subprocess.run([lb, "compare", path, "--backend", ",".join(BACKENDS), "--json", verdicts],
                                   capture_output=True, text=True)
                last = "compare wrote no verdict"
                if os.path.exists(verdicts):
                    with open(verdicts) as f:
                        last = "; ".join(rec["result"] for rec in json.load(f)["records"])
                print(f"compare {path}: exit {r.returncode}: {last}", file=sys.stderr, flush=True)
                checks.append({"scene": os.path.basename(path), "exit": r.returncode, "summary": last})
                if r.returncode != 0:
                    sys.exit(f"compare found a disagreement on {path}:\n{r.stdout}\n{r.stderr}")
        with open(saved, "w") as f:
            json.dump(checks, f, indent=1)
    return checks


def bench(args, lb, plan, limit_for, frames_for, cassowary_max_k):
    """One bench run per kind and size with both back ends on the K that cassowary is allowed,
    and a factored-only run on the larger K."""
    runs = []
    for entry in plan:
        n = entry["views"]
        cap = cassowary_max_k.get(f"{entry['kind']}-{n}", float("inf"))
        groups = [(BACKENDS, [k for k, _ in entry["scenes"] if k <= cap], ""),
                  (["factored"], [k for k, _ in entry["scenes"] if k > cap], "-large")]
        for backends, ks, suffix in groups:
            if not ks:
                continue
            # Run in --work with relative names: the command bench records (and its plots repeat)
            # then names no folder of this machine.
            name = f"bench-{entry['kind']}-{n}{suffix}"
            stem = os.path.join(args.work, name)
            cmd = [lb, "bench", "--family", entry["kind"], "--views", str(n), "--frames", str(int(frames_for(n))),
                   "--seed", str(args.seed), "--change-constants", ",".join(str(k) for k in ks)]
            cmd += ["--same-constraints"] if args.same_constraints else []
            cmd += ["--backend", ",".join(backends), "--warmup", str(args.warmup),
                    "--time-limit", f"{limit_for(n):g}", "--results", name, "--json", name + ".json"]
            record = stem + ".run.json"
            if args.resume and os.path.exists(record):
                with open(record) as f:
                    runs.append(json.load(f))
                continue
            before = load_average()
            started = time.time()
            run(cmd, stdout=subprocess.DEVNULL, cwd=args.work)
            done = {"kind": entry["kind"], "views": n, "json": stem + ".json", "command": " ".join(cmd),
                    "seconds": round(time.time() - started, 1), "load_before": before,
                    "load_after": load_average()}
            with open(record, "w") as f:
                json.dump(done, f)
            runs.append(done)
    return runs


def crossover_k(rows):
    """The K from which factored's p50 beats cassowary's at every larger K measured, found by
    log-log interpolation of the ratio cassowary/factored crossing 1 (None: factored never wins;
    0: it wins from the smallest K)."""
    pts = [(r["k"], r["cassowary"]["p50"] / r["factored"]["p50"]) for r in rows
           if r.get("cassowary") and r.get("factored")]
    if not pts:
        return None, "not measured"
    if pts[-1][1] <= 1:
        return None, "factored does not win at any K measured"
    # Last point at which cassowary still wins (ratio <= 1).
    last_lose = max((i for i, (_, q) in enumerate(pts) if q <= 1), default=None)
    if last_lose is None:
        return pts[0][0], f"factored wins already at K = {pts[0][0]}"
    (k0, q0), (k1, q1) = pts[last_lose], pts[last_lose + 1]
    t = (0 - math.log(q0)) / (math.log(q1) - math.log(q0)) if q1 != q0 else 0
    k = math.exp(math.log(k0) + t * (math.log(k1) - math.log(k0)))
    shown = f"{k:.1f}" if k < 10 else f"{k:,.0f}"
    return k, f"factored wins from K ≈ {shown} (between the measured K = {k0:,} and K = {k1:,})"


def touched(path):
    """Distinct constraints the scene's frames change: Cassowary keeps a marker only for those."""
    with open(path) as f:
        scene = json.load(f)
    return len({op["constraint"] for frame in scene["frames"] for op in frame})


def collect(plan, runs):
    tables = []
    for entry in plan:
        mine = [r for r in runs if r["kind"] == entry["kind"] and r["views"] == entry["views"]]
        by_scene = {}
        for r in mine:
            with open(r["json"]) as f:
                data = json.load(f)
            for rec in data["results"]:
                by_scene.setdefault(rec["scene"], {})[rec["backend"]] = rec
        rows = []
        for k, path in entry["scenes"]:
            name = f"{entry['kind']}-{entry['views']}-k{k}"
            row = {"k": k, "touched": touched(path)}
            for b in BACKENDS:
                rec = by_scene.get(name, {}).get(b)
                if rec is None or "frame_seconds" not in rec:
                    row[b] = None if rec is None else {"declined": rec.get("declined") or rec.get("failed")}
                    continue
                row[b] = {
                    "p50": rec["frame_seconds"]["p50"], "p99": rec["frame_seconds"]["p99"],
                    "mean": rec["frame_seconds"]["mean"], "build": rec["build_seconds"],
                    "frames_measured": rec["frames_measured"], "frames": rec["frames"],
                    "lower_bound": rec["frames_measured"] < rec["frames"] * rec.get("repeat", 1),
                    "pivots_per_frame": rec["pivots_per_frame"],
                    "bytes_allocated_per_frame": rec.get("bytes_allocated_per_frame"),
                }
            rows.append(row)
        k_cross, note = crossover_k(rows)
        tables.append({"kind": entry["kind"], "views": entry["views"], "view_count": entry["view_count"],
                       "constraints": entry["constraints"], "pool": entry["pool"], "rows": rows,
                       "crossover_k": k_cross, "crossover": note, "git_commit": data.get("git_commit"),
                       "toolchain": data.get("toolchain"), "runs": mine})
    return tables


def fmt_time(s, lower=False):
    if s is None:
        return "—"
    text = f"{s * 1e6:.0f} µs" if s < 1e-3 else f"{s * 1e3:.2f} ms" if s < 1 else f"{s:.2f} s"
    return ("≥ " if lower else "") + text


def bench_machine(runs):
    """The machine as `layoutbench bench` probed it (recorded in its results file)."""
    with open(runs[0]["json"]) as f:
        return json.load(f)["machine"]


def markdown(doc):
    lines = ["# Crossover: cassowary against factored, by constants changed per frame", ""]
    lines += [
        "Each frame changes exactly K constants (`setConstant` on K distinct required constraints, "
        + ("the same K in every frame" if doc.get("same_constraints") else "drawn afresh every frame")
        + f" with a fixed seed, each a jitter of at most ±{JITTER:g} around its original constant); "
        "nothing else changes. Per frame = the ops, the solve and reading back the rectangles that moved (the "
        "harness's definition). p50 / p99 over the frames timed; a `≥` marks a back end stopped by the time "
        "limit (its figures are over the frames it played, a lower bound on the steady cost). Ratio = cassowary "
        "p50 / factored p50 (> 1: factored faster). Pivots per frame were 0 for both back ends in every row "
        "unless the row says otherwise: no bound was crossed, so this is the cost of the changed constants alone.",
        "",
        "Pool: every required, active constraint of the generated scene (every constraint has a constant; most "
        "in grid are 0, such as a cell's `left == first row's left`). In **grid**, most changes move one cell; "
        "the few in the first row and column (spacing, and the first row's widths) move a whole column or row. "
        "In **stack** (a settings list: each row pinned left and right, below the previous one, with a height), "
        "half the changes (tops and heights) move every row below.",
        "",
        "*Changed in the run* counts the distinct constraints the scene's frames change. It matters to "
        "Cassowary: its back end gives a constraint a marker column only if some op changes it (the others enter "
        "the tableau without one), so the more constraints a run changes, the more marker columns, the denser its "
        "rows (in stack, every row's top depends on each changeable top and height above it) and the dearer "
        "both its build and each later change (see the build column). The factored back end's build does not depend on it.",
        "",
        "Summary:", ""]
    for t in doc["tables"]:
        lines.append(f"- {t['kind']}, {t['view_count']:,} views: {t['crossover']}.")
    lines += [""]
    for t in doc["tables"]:
        lines += [f"## {t['kind']}, {t['view_count']:,} views ({t['constraints']:,} constraints, "
                  f"{t['pool']:,} in the pool)", ""]
        lines += ["| K | changed in the run | cassowary p50 | cassowary p99 | factored p50 | factored p99 | ratio "
                  "| faster | build: cassowary / factored |",
                  "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |"]
        notes = []
        for row in t["rows"]:
            c, f = row.get("cassowary"), row.get("factored")
            cells = [f"{row['k']:,}", f"{row.get('touched', 0):,}"]
            for r in (c, f):
                if r and "p50" in r:
                    cells += [fmt_time(r["p50"], r["lower_bound"]), fmt_time(r["p99"], r["lower_bound"])]
                else:
                    cells += ["declined" if r else "not run", ""]
            if c and f and "p50" in c and "p50" in f:
                ratio = c["p50"] / f["p50"]
                cells += [f"{ratio:.2f}×", "tie (within 5%)" if 0.95 <= ratio <= 1.05
                          else "factored" if ratio > 1 else "cassowary"]
                for b, r in (("cassowary", c), ("factored", f)):
                    if r["lower_bound"]:
                        notes.append(f"{b} at K = {row['k']:,}: {r['frames_measured']} of {r['frames']} frames "
                                     f"(time limit)")
                    if r["pivots_per_frame"]:
                        notes.append(f"{b} at K = {row['k']:,}: {r['pivots_per_frame']:g} pivots per frame")
            else:
                cells += ["", ""]
            cells.append(" / ".join(fmt_time(r["build"]) if r and "build" in r else "—" for r in (c, f)))
            lines.append("| " + " | ".join(cells) + " |")
        lines += ["", f"**Crossover:** {t['crossover']}.", ""]
        if notes:
            lines += ["", "Stopped early or pivoted: " + "; ".join(notes) + "."]
        lines += [""]
    if doc.get("cassowary_max_k"):
        lines += [f"*Not run*: cassowary above the cap `--cassowary-max-k {doc['cassowary_max_k']}` (scene: largest "
                  "K), where one of its frames would cost minutes (its cost grows faster than linearly in K, as the "
                  "rows above show); factored runs every K.", ""]
    lines += ["## How it was made", "", "```", doc["command"].replace(" --resume", ""), "```", ""]
    if " --resume" in doc["command"]:
        lines += ["(Run in two invocations: the first made the scenes and the compares and was stopped at its "
                  "first bench; the second, with `--resume`, regenerated the same scenes from the seed, reused "
                  "the compare results and ran the benches.)", ""]
    lines += [
              "It generated the scenes, validated them (`layoutbench validate`), "
              + ("compared cassowary and factored on every scene at the smallest size ("
                 + "; ".join(f"{c['scene']}: {c['summary']}" for c in doc["compare"]) + "), "
                 if doc["compare"] else "did not compare them (`--no-compare`), ")
              + "then ran one `bench` per kind and size:", ""]
    for t in doc["tables"]:
        for r in t["runs"]:
            lines += [f"- `{r['command']}` ({r['seconds']:.0f} s; load average "
                      f"{r['load_before'][0]:.2f} before, {r['load_after'][0]:.2f} after)"]
    m = doc["machine"]
    lines += ["", f"Machine: {m['description']}, {m['cores']} cores; {doc['tables'][0]['toolchain']}; "
              f"git commit {doc['tables'][0]['git_commit']}; release build. The 2 cores are shared with other "
              "jobs (the load averages above), so single figures are noisy by tens of percent; the ratios "
              "across K and the crossover are what to read. Plots: `crossover-plots/ops-KIND.svg` (drawn by "
              "`layoutbench report BENCH.json ... --plots`); raw numbers: `crossover.json`.",
              ""]
    # No machine paths in a committed result: the scratch folder is written WORK, the binary LAYOUTBENCH.
    return hide_paths("\n".join(lines), doc)


def plot(lb, runs, folder):
    """The plots, drawn by layoutbench from the bench runs' JSON (ops-KIND.svg: time per frame
    against ops per frame, one line per back end and size)."""
    run([lb, "report"] + [r["json"] for r in runs] + ["--plots", folder], stdout=subprocess.DEVNULL)



def hide_paths(text, doc):
    """`text` with the scratch folder written WORK and the layoutbench binary LAYOUTBENCH (no machine paths)."""
    binary = parse_args(doc["command"].split()[2:]).layoutbench
    if binary and os.path.isabs(binary):
        text = text.replace(binary, "LAYOUTBENCH")
    return text.replace(doc["work"], "WORK").replace(os.getcwd() + os.sep, "")


def main():
    args = parse_args()
    lb = os.path.abspath(args.layoutbench) if os.sep in args.layoutbench else args.layoutbench
    kinds = args.kinds.split(",")
    sizes = [int(x) for x in args.sizes.split(",")]
    ks = [int(x) for x in args.ks.split(",")]
    frames_for = by_size(args.frames, 10)
    limit_for = by_size(args.time_limit, 8)
    state_path = os.path.join(args.work, "state.json")
    if args.report_only:
        with open(state_path) as f:
            state = json.load(f)
        # The settings the figures were made with are those of the run, not of this call.
        out = args.out
        args = parse_args(state["command"].split()[2:])
        args.out = out
    else:
        plan = generate(args, lb, kinds, sizes, ks, frames_for)
        compare = check(args, lb, plan, not args.no_compare, args.resume)
        runs = bench(args, lb, plan, limit_for, frames_for, {key: int(k) for key, k in (item.split(":") for item in args.cassowary_max_k.split(",") if item)})
        state = {"plan": plan, "runs": runs, "compare": compare,
                 "command": "python3 " + " ".join(sys.argv)}
        with open(state_path, "w") as f:
            json.dump(state, f, indent=1)
    doc = {"command": state["command"], "work": args.work, "machine": bench_machine(state["runs"]), "compare": state["compare"],
           "jitter": JITTER, "seed": args.seed, "same_constraints": args.same_constraints, "cassowary_max_k": args.cassowary_max_k, "tables": collect(state["plan"], state["runs"])}
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "crossover.json"), "w") as f:
        f.write(hide_paths(json.dumps(doc, indent=1, ensure_ascii=False), doc) + "\n")
    with open(os.path.join(args.out, "crossover.md"), "w") as f:
        f.write(markdown(doc))
    plot(lb, state["runs"], os.path.join(args.out, "crossover-plots"))
    for t in doc["tables"]:
        print(f"{t['kind']}-{t['views']}: {t['crossover']}")


if __name__ == "__main__":
    main()
