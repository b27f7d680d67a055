#!/usr/bin/env python3
"""LayoutBench's back ends and kiwi (kiwisolver) on the same scene files, in one run.

Usage:
    python3 scripts/kiwi_side_by_side.py [--families stack,tree,clamp,toggle,churn]
        [--views 1000,10000] [--frames 120] [--seed 1] [--kiwi-time-limit 60]
        [--bench-time-limit 30] [--output results/kiwi-side-by-side]
        [--layoutbench PATH]

For every family and size it
  1. writes the scene with `layoutbench generate` (the same file for everyone);
  2. times cassowary, dense and frames on it with `layoutbench bench --scene`
     (a back end that declines shows as declined);
  3. replays it with kiwi (scripts/kiwi_replay.py: ops + updateVariables per
     frame; a kiwi run stops early once its frames took --kiwi-time-limit
     seconds, and the table says how many frames it measured);
  4. checks kiwi's answers against cassowary's with `layoutbench compare
     --peer kiwi --peer-lines`: same rects, an equally good alternative, or a
     frame where kiwi's weighted strengths pick a layout that strict
     priorities reject (reported, not hidden).
Writes OUTPUT.md (the table, targets and verdicts) and OUTPUT.json (every
figure), and keeps the scenes and kiwi's lines under a work folder.

The targets are those of the Cassowary issue: at 10,000 views, per-frame median
at most 1/10 of kiwi's on stack and tree, at most 1/100 on the one-tip drag
(clamp), initial solve at most 1/20 of kiwi's; at 1,000 views, in-place
setPriority/setConstant/activation (toggle, churn) at least 100x faster per
frame than kiwi's remove-and-re-add.
"""

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# (family, views) -> (minimum kiwi/cassowary ratio of per-frame p50, what it stands for)
FRAME_TARGETS = {
    ("stack", 10000): 10, ("tree", 10000): 10, ("clamp", 10000): 100,
    ("toggle", 1000): 100, ("churn", 1000): 100,
}
BUILD_TARGET_VIEWS, BUILD_TARGET = 10000, 20


def log(message):
    print("side-by-side: " + message, file=sys.stderr, flush=True)


def run(cmd, **kw):
    log("$ " + " ".join(cmd))
    return subprocess.run(cmd, check=True, **kw)


def build_layoutbench():
    run(["swift", "build", "-c", "release", "--product", "layoutbench"], cwd=ROOT)
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "layoutbench")


def fmt_seconds(s):
    if s is None:
        return "-"
    if s >= 1:
        return "%.2f s" % s
    if s >= 1e-3:
        return "%.2f ms" % (s * 1e3)
    return "%.1f µs" % (s * 1e6)


def fmt_ratio(r):
    if r is None:
        return "-"
    return "%.0f×" % r if r >= 10 else "%.1f×" % r


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--families", default="stack,tree,clamp,toggle,churn")
    ap.add_argument("--views", default="1000,10000")
    ap.add_argument("--frames", type=int, default=120)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kiwi-time-limit", type=float, default=60,
                    help="seconds of kiwi frames per scene before the replay stops")
    ap.add_argument("--kiwi-wall-limit", type=float, default=600,
                    help="seconds of wall clock per kiwi replay, build included, before it is killed "
                         "(a single kiwi frame can take minutes)")
    ap.add_argument("--bench-time-limit", type=float, default=30,
                    help="seconds of frames per back end and scene in layoutbench bench")
    ap.add_argument("--output", default=os.path.join(ROOT, "results", "kiwi-side-by-side"),
                    help="writes OUTPUT.md and OUTPUT.json")
    ap.add_argument("--work", default=None, help="folder for scenes and kiwi's lines (default: a temp folder)")
    ap.add_argument("--reuse", action="store_true",
                    help="keep what the work folder already holds (scenes, bench and kiwi runs); redo the report")
    ap.add_argument("--layoutbench", default=None, help="a built layoutbench (default: swift build -c release)")
    args = ap.parse_args()

    layoutbench = args.layoutbench or build_layoutbench()
    work = args.work or tempfile.mkdtemp(prefix="layoutbench-kiwi-")
    os.makedirs(work, exist_ok=True)
    replay = os.path.join(HERE, "kiwi_replay.py")
    records = []
    for family in args.families.split(","):
        for views in [int(v) for v in args.views.split(",")]:
            records.append(measure(args, layoutbench, work, replay, family, views))
    write_reports(args, records, layoutbench)


def measure(args, layoutbench, work, replay, family, views):
    """One scene: generate it, bench our back ends, replay it with kiwi, compare the answers.
    With --reuse, steps whose output is already in the work folder are not run again."""
    name = "%s-%d" % (family, views)
    scene = os.path.join(work, name + ".json")
    bench_json = os.path.join(work, name + ".bench.json")
    lines = os.path.join(work, name + ".kiwi.jsonl")
    timings = os.path.join(work, name + ".kiwi-timings.json")

    def needed(path):
        return not (args.reuse and os.path.exists(path))
    if needed(scene):
        run([layoutbench, "generate", "--family", family, "--views", str(views), "--frames", str(args.frames),
             "--seed", str(args.seed), "--output", scene])
    if needed(bench_json):
        run([layoutbench, "bench", "--scene", scene, "--time-limit", str(args.bench_time_limit), "--quiet",
             "--results", os.path.join(work, "bench-" + name), "--json", bench_json], stdout=subprocess.DEVNULL)
    if needed(timings):
        command = [sys.executable, replay, scene, "--output", lines, "--timings", timings,
                   "--time-limit", str(args.kiwi_time_limit)]
        log("$ " + " ".join(command))
        try:
            subprocess.run(command, check=True, timeout=args.kiwi_wall_limit)
        except subprocess.TimeoutExpired:
            # kiwi is inside one frame it cannot finish in time; keep what it measured.
            if not os.path.exists(timings):
                raise SystemExit("side-by-side: %s: kiwi did not finish building within --kiwi-wall-limit %g s; "
                                 "raise it" % (name, args.kiwi_wall_limit))
            with open(timings) as f:
                kiwi = json.load(f)
            kiwi["stopped"] = ("the replay was killed after %g s wall clock, %.0f s into frame %d"
                               % (args.kiwi_wall_limit, unfinished_seconds(args, kiwi), kiwi["frames"] + 1))
            kiwi["unfinished_frame_seconds"] = unfinished_seconds(args, kiwi)
            with open(timings, "w") as f:
                json.dump(kiwi, f, indent=1)
            with open(lines) as f:
                complete = f.read().split("\n")[:kiwi["frames"] + 1]
            with open(lines, "w") as f:
                f.write("\n".join(complete) + "\n")
            log("%s: %s" % (name, kiwi["stopped"]))
    with open(bench_json) as f:
        bench = {r["backend"]: r for r in json.load(f)["results"]}
    with open(timings) as f:
        kiwi = json.load(f)
    with open(scene) as f:
        busy = [i for i, ops in enumerate(json.load(f).get("frames", [])) if ops]
    compared = subprocess.run([layoutbench, "compare", scene, "--backends", "cassowary", "--peer", "kiwi",
                               "--peer-lines", lines], capture_output=True, text=True)
    verdict = next((l.split("\t")[-1] for l in compared.stdout.splitlines() if "\tkiwi\t" in l),
                   compared.stderr.strip() or "compare gave no kiwi row")
    record = {"scene": name, "family": family, "views": views, "frames_with_ops": busy, "bench": bench,
              "kiwi": kiwi, "kiwi_answers": verdict, "kiwi_answers_ok": compared.returncode == 0}
    cas = bench.get("cassowary", {})
    log("%s: cassowary p50 %s, kiwi p50 %s over %d frames; %s" % (
        name, fmt_seconds(cas.get("frame_seconds", {}).get("p50")), fmt_seconds((kiwi["frame_seconds"] or {}).get("p50")),
        kiwi["frames"], verdict))
    return record


def unfinished_seconds(args, kiwi):
    """A lower bound on the frame kiwi was killed in: the wall time not spent building or
    in finished frames (scene parsing, a fraction of a second, is counted in it too)."""
    return max(0.0, args.kiwi_wall_limit - kiwi["build_seconds"] - kiwi.get("frames_seconds_total", 0.0))


def median(xs):
    xs = sorted(xs)
    return xs[(len(xs) - 1) // 2] if xs else None


def busy_medians(record):
    """Median per frame over the frames that have ops (toggle frames are mostly idle), for cassowary and kiwi."""
    cas = record["bench"].get("cassowary", {}).get("frame_series", [])
    kiwi = record["kiwi"].get("series", [])
    both = min(len(cas), len(kiwi)) if kiwi else len(cas)  # no kiwi frame: compare with the unfinished one
    busy = [i for i in record["frames_with_ops"] if i < both]
    return median([cas[i] for i in busy]), median([kiwi[i] for i in busy if i < len(kiwi)]), len(busy)


def figures(record):
    cas = record["bench"].get("cassowary", {})
    kiwi = record["kiwi"]
    frame_ratio = build_ratio = None
    ours, theirs, _ = busy_medians(record)
    if theirs is None:
        theirs = kiwi.get("unfinished_frame_seconds")  # a lower bound: no frame finished
    if ours and theirs:
        frame_ratio = theirs / ours
    if "build_seconds" in cas and cas["build_seconds"] > 0:
        build_ratio = kiwi["build_seconds"] / cas["build_seconds"]
    return frame_ratio, build_ratio


def write_reports(args, records, layoutbench):
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    toolchain = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()
    command = "python3 scripts/kiwi_side_by_side.py " + " ".join(sys.argv[1:])
    kiwi_version = records[0]["kiwi"].get("kiwisolver_version", "?") if records else "?"
    md = ["# LayoutBench back ends and kiwi, side by side", ""]
    md.append("Command: `%s`  " % command.strip())
    md.append("Commit: `%s`; %s; kiwisolver %s (Python %s); %s, %d cores.  " % (
        commit[:12], toolchain[0] if toolchain else "swift ?", kiwi_version, platform.python_version(),
        platform.machine(), os.cpu_count() or 0))
    md.append("Created %s. Scenes: `layoutbench generate --family F --views N --frames %d --seed %d`, "
              "the same file for every solver." % (datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
                                                    args.frames, args.seed))
    md.append("")
    md.append("Per-frame median (p50) and p99, and the initial solve (build). LayoutBench's back ends run in "
              "`layoutbench bench` (release, 10 untimed warm-up frames on a separate load, a frame = its ops, the "
              "solve and reading the changed rects; `*` = stopped by the %g s time limit). kiwi runs in "
              "`scripts/kiwi_replay.py`: a frame = its ops through kiwisolver's Python binding + `updateVariables()` "
              "(which copies every variable out of kiwi's tableau: kiwi's read-back); `setConstant`/`setPriority`/"
              "activation are remove-and-re-add, since kiwi has no in-place change. A kiwi run stops once its frames "
              "took %g s; its frame count is shown. The ratios compare medians over the frames that have ops (all frames but "
              "in `toggle`, whose rows switch every 30 frames: its idle frames measure only how fast a solver "
              "notices that nothing changed), over the frames both measured." % (args.bench_time_limit, args.kiwi_time_limit))
    md.append("")
    md.append("| scene | constraints | cassowary p50 / p99 | cassowary build | dense p50 | frames p50 "
              "| kiwi p50 / p99 (frames) | kiwi build | frames with ops: cassowary / kiwi median (frames) "
              "| kiwi ÷ cassowary, frame | kiwi ÷ cassowary, build |")
    md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in records:
        b = r["bench"]
        cas = b.get("cassowary", {})

        def p50(backend):
            x = b.get(backend)
            if x is None:
                return "-"
            if "declined" in x:
                return "declined"
            star = "*" if x.get("frames_measured", x["frames"]) < x["frames"] else ""
            return fmt_seconds(x["frame_seconds"]["p50"]) + star
        frame_ratio, build_ratio = figures(r)
        k = r["kiwi"]
        ours, theirs, compared = busy_medians(r)
        if k.get("frame_seconds") is None:
            k_p50 = k_p99 = "> %s" % fmt_seconds(k.get("unfinished_frame_seconds"))
            theirs_text = k_p50
        else:
            k_p50, k_p99 = fmt_seconds(k["frame_seconds"]["p50"]), fmt_seconds(k["frame_seconds"]["p99"])
            theirs_text = fmt_seconds(theirs)
        lower = ">" if k.get("frame_seconds") is None else ""
        md.append("| %s | %s | %s / %s | %s | %s | %s | %s / %s (%d) | %s | %s / %s (%d) | %s | %s |" % (
            r["scene"], cas.get("constraints", "-"), p50("cassowary"),
            fmt_seconds(cas.get("frame_seconds", {}).get("p99")), fmt_seconds(cas.get("build_seconds")),
            p50("dense"), p50("frames"), k_p50, k_p99,
            k["frames"], fmt_seconds(k["build_seconds"]), fmt_seconds(ours), theirs_text,
            compared, lower + fmt_ratio(frame_ratio), fmt_ratio(build_ratio)))
    for r in records:
        if r["kiwi"].get("stopped"):
            md.append("")
            md.append("%s: kiwi's replay was stopped: %s (its build took %s); the kiwi figures are lower bounds." % (
                r["scene"], r["kiwi"]["stopped"], fmt_seconds(r["kiwi"]["build_seconds"])))
    md.append("")
    md.append("## Targets (the Cassowary issue)")
    md.append("")
    md.append("| scene | figure | target | measured | met |")
    md.append("|---|---|---:|---:|---|")
    summary = []
    for r in records:
        frame_ratio, build_ratio = figures(r)
        target = FRAME_TARGETS.get((r["family"], r["views"]))
        if target is not None:
            met = frame_ratio is not None and frame_ratio >= target
            lower = ">" if r["kiwi"].get("frame_seconds") is None else ""
            md.append("| %s | per-frame median over frames with ops, kiwi ÷ cassowary | ≥ %d× | %s%s | %s |" % (
                r["scene"], target, lower, fmt_ratio(frame_ratio), "yes" if met else "**no**"))
            summary.append({"scene": r["scene"], "figure": "frame_p50_ratio", "target": target,
                            "measured": frame_ratio, "met": met})
        if r["views"] == BUILD_TARGET_VIEWS:
            met = build_ratio is not None and build_ratio >= BUILD_TARGET
            md.append("| %s | build, kiwi ÷ cassowary | ≥ %d× | %s | %s |" % (
                r["scene"], BUILD_TARGET, fmt_ratio(build_ratio), "yes" if met else "**no**"))
            summary.append({"scene": r["scene"], "figure": "build_ratio", "target": BUILD_TARGET,
                            "measured": build_ratio, "met": met})
    md.append("")
    md.append("## kiwi's answers against cassowary's")
    md.append("")
    md.append("`layoutbench compare SCENE --backends cassowary --peer kiwi --peer-lines KIWI_LINES`, frame by frame, "
              "1e-6 relative. Where rects differ, the scene format's evaluation says why: an equally good alternative "
              "(equal violation totals at every priority), or kiwi's weighted strengths (priority p -> weight p, "
              "required -> required) trading a higher priority's violation for lower ones', which strict priorities "
              "(Auto Layout's order) forbid. A frame where kiwi did *better* under strict priorities, or broke a "
              "required constraint, would be a wrong answer and is flagged KIWI BETTER OR BROKEN.")
    md.append("")
    md.append("| scene | kiwi frames | verdict |")
    md.append("|---|---:|---|")
    for r in records:
        md.append("| %s | %d | %s |" % (r["scene"], r["kiwi"]["frames"] + 1, r["kiwi_answers"].replace("|", "/")))
    md.append("")
    with open(args.output + ".md", "w") as f:
        f.write("\n".join(md))
    for r in records:
        for x in r["bench"].values():
            x.pop("frame_series", None)
        r["kiwi"].pop("series", None)
    with open(args.output + ".json", "w") as f:
        json.dump({"schema_version": 1, "command": command.strip(), "git_commit": commit,
                   "kiwisolver_version": kiwi_version, "targets": summary, "scenes": records}, f, indent=1)
        f.write("\n")
    log("wrote %s.md and %s.json" % (args.output, args.output))
    print("\n".join(md))


if __name__ == "__main__":
    main()
