#!/usr/bin/env python3
"""LayoutBench's back ends and the peer solvers (native kiwi, kiwisolver, cassowary-py) in one harness.

Usage:
    python3 scripts/peers.py [--families stack,tree,...] [--views 1000,10000] [--imported] [--examples]
        [--backends cassowary,factored,dense,manual,kiwi,kiwisolver,cassowary-py] [--frames 120]
        [--time-limit 20] [--driver-wall SECONDS] [--skip BACKEND@SCENE,...]
        [--verdict-peers kiwi,kiwisolver,cassowary-py] [--verdict-max-views 1000]
        [--output results/peers] [--work DIR [--reuse]] [--layoutbench PATH]

For every scene (generated family and size, and with --examples the example scenes) it runs
`layoutbench bench` once with every back end, the peers included: the peers run out of process
as drivers on the scene's solver-level trace, after the same warm-up, timing their own frames
(ops + solve + reading back values) on a monotonic clock. A back end whose frames pass
--time-limit seconds stops there: its figures then cover the frames it measured (a lower bound
on what the whole stream would cost, marked `*`). A driver still running after --driver-wall
seconds (LAYOUTBENCH_DRIVER_WALL_SECONDS) is stopped and shown as a lower bound: its build took
longer than the limit (or, when its warm-up build finished, what that build took). Then
`layoutbench compare` sets each peer's answers beside cassowary's frame by frame (the verdicts).
Writes OUTPUT.md and OUTPUT.json, one table per size.

--imported adds the default suite's imported Interface Builder screens (as `layoutbench bench`
with no scene makes them: login rotated, settings rows pushed down, the profile cell x1000
rotated). With --work DIR, every bench result and verdict is kept in DIR; --reuse takes the
ones already there, so runs split over several invocations (e.g. one per size, side by side)
are gathered into one report by a last invocation naming every scene with --reuse.

Run `bash scripts/setup_kiwi.sh` first for native kiwi, and pip install 'kiwisolver==1.5.*'
cassowary==0.5.2 for the Python peers; an unavailable peer is reported as declined, with why.
"""
import argparse
import datetime
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ALL_FAMILIES = "stack,tree,grid,scroll,churn,toggle,clamp,mixed"
# The default suite's imported screens (ImportedScreens.defaultSuite): label, file, `import` options.
IMPORTED = [
    ("ib-login-rotate", "LoginScreen.storyboard", ["--animate", "rotate"]),
    ("ib-settings-rows-top", "SettingsScreen.storyboard", ["--animate", "constraint:rows-top", "--to", "120"]),
    ("ib-profilecell-x1000-rotate", "ProfileCell.xib", ["--replicate", "1000", "--animate", "rotate"]),
]
# Back ends the default suite leaves out on a scene (BenchCommand.defaultSizes, ImportedScreens).
DEFAULT_SKIPS = "factored@toggle-10000,factored@mixed-10000,factored@ib-profilecell-x1000-rotate"
PEERS = ("kiwi", "kiwisolver", "cassowary-py")
# (family, views) -> the smallest kiwi p50 / cassowary p50 the targets accept; build at 10,000 views: 100x.
FRAME_TARGETS = {("stack", 10000): 20, ("tree", 10000): 20, ("clamp", 10000): 1000}
BUILD_TARGET_VIEWS, BUILD_TARGET = 10000, 100


def log(message):
    print("peers: " + message, file=sys.stderr, flush=True)


def build_layoutbench():
    subprocess.run(["swift", "build", "-c", "release", "--product", "layoutbench"], cwd=ROOT, check=True)
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
    return "-" if r is None else ("%.0f×" % r if r >= 10 else "%.2f×" % r)


def driver_env(args):
    env = dict(os.environ)
    if args.driver_wall:
        env["LAYOUTBENCH_DRIVER_WALL_SECONDS"] = str(args.driver_wall)
    return env


def skipped(args, label):
    skips = [s.split("@", 1) for s in (DEFAULT_SKIPS + "," + args.skip).split(",") if "@" in s]
    return {b for b, scene in skips if scene == label}


# Where the gathered bench runs come from, as they record it themselves: commits and machines.
PROVENANCE = {"git_commits": set(), "machines": set(), "toolchains": set()}


def bench(args, layoutbench, work, label, scene_args):
    out = os.path.join(work, label + ("." + args.group if args.group else "") + ".bench.json")
    if not (args.reuse and os.path.exists(out)) and not args.report_only:
        backends = [b for b in args.backends.split(",") if b and b not in skipped(args, label)]
        cmd = [layoutbench, "bench", "--backend", ",".join(backends), "--frames", str(args.frames), "--quiet",
               "--time-limit", str(args.time_limit), "--results", os.path.join(work, "bench-" + label),
               "--json", out] + scene_args
        log("$ " + " ".join(cmd))
        subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, check=False, env=driver_env(args))
    # This run's results and those of the other groups (back ends run in their own bench, e.g. with
    # another wall-clock limit) on the same scene, main group first.
    results = []
    for name in sorted(os.listdir(work)):
        if name == label + ".bench.json" or (name.startswith(label + ".") and name.endswith(".bench.json")
                                             and name.count(".") == label.count(".") + 3):
            group = name[len(label) + 1:-len(".bench.json")] or None
            run = json.load(open(os.path.join(work, name)))
            PROVENANCE["git_commits"].add(run.get("git_commit", "unknown"))
            machine = run.get("machine", {})
            PROVENANCE["machines"].add("%s, %s cores" % (machine.get("description", "unknown"), machine.get("cores", "?")))
            PROVENANCE["toolchains"].add(run.get("toolchain", "unknown"))
            for r in run["results"]:
                if group:
                    r["group"] = group
                r["time_limit"] = run.get("settings", {}).get("time_limit_seconds")
                results.append(r)
    return results


def verdicts(args, layoutbench, work, label, scene_args, views):
    if args.report_only:
        cached = os.path.join(work, label + ".verdicts.json")
        return json.load(open(cached)) if os.path.exists(cached) else {}
    peers = [p for p in args.verdict_peers.split(",") if p and (views <= args.verdict_max_views or p == "kiwi")]
    if not peers:
        return {}
    cached = os.path.join(work, label + ".verdicts.json")
    if (args.reuse or args.report_only) and os.path.exists(cached):
        return json.load(open(cached))
    if args.report_only:
        return {}
    verdicts_json = os.path.join(work, label + ".compare.json")
    if os.path.exists(verdicts_json):
        os.remove(verdicts_json)
    cmd = [layoutbench, "compare", "--backends", "cassowary," + ",".join(peers), "--frames",
           str(args.verdict_frames or args.frames), "--json", verdicts_json] + scene_args
    log("$ " + " ".join(cmd))
    env = driver_env(args)
    if args.verdict_wall:
        env["LAYOUTBENCH_DRIVER_WALL_SECONDS"] = str(args.verdict_wall)
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=env)
    found = {}
    if os.path.exists(verdicts_json):
        with open(verdicts_json) as f:
            for record in json.load(f)["records"]:
                if record.get("peer") in peers:
                    found[record["peer"]] = "%d frames: %s" % (record["frames_compared"], record["result"])
    for p in peers:
        found.setdefault(p, "compare wrote no verdict for it (exit %d): %s" % (done.returncode, done.stderr.strip()[-300:]))
    with open(cached, "w") as f:
        json.dump(found, f, indent=1)
    return found


def imported_scenes(layoutbench, work, frames):
    """The default suite's imported screens as scene files in WORK (made once)."""
    made = []
    for label, screen, options in IMPORTED:
        folder = os.path.join(work, "imported-" + label)
        if not (os.path.isdir(folder) and os.listdir(folder)):
            os.makedirs(folder, exist_ok=True)
            cmd = [layoutbench, "import", os.path.join(ROOT, "Sources", "IBImport", "Screens", screen),
                   "--frames", str(frames), "--output", folder] + options
            log("$ " + " ".join(cmd))
            subprocess.run(cmd, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        files = sorted(f for f in os.listdir(folder) if f.endswith(".json"))
        made.append((label, os.path.join(folder, files[0])))
    return made


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--families", default=ALL_FAMILIES)
    ap.add_argument("--views", default="1000,10000")
    ap.add_argument("--examples", action="store_true", help="also every example scene")
    ap.add_argument("--imported", action="store_true", help="also the default suite's imported screens")
    ap.add_argument("--backends", default="cassowary,factored,dense,manual,kiwi,kiwisolver,cassowary-py")
    ap.add_argument("--driver-wall", type=float, default=None,
                    help="stop a driver still running after this many seconds (LAYOUTBENCH_DRIVER_WALL_SECONDS)")
    ap.add_argument("--group", default=None,
                    help="keep this run's bench results apart (LABEL.GROUP.bench.json in --work): back ends "
                         "measured in their own bench run, e.g. with another --driver-wall; reports merge the groups")
    ap.add_argument("--verdict-wall", type=float, default=None,
                    help="wall-clock limit for a driver giving its answers to compare (default: --driver-wall)")
    ap.add_argument("--report-only", action="store_true", help="run nothing: write the report from --work")
    ap.add_argument("--skip", default="", help="BACKEND@SCENE pairs not run, besides the default suite's")
    ap.add_argument("--frames", type=int, default=120)
    ap.add_argument("--time-limit", type=float, default=20, help="seconds of frames per back end and scene")
    ap.add_argument("--verdict-peers", default=",".join(PEERS))
    ap.add_argument("--verdict-max-views", type=int, default=1000,
                    help="Python peers' answers are compared up to this size (native kiwi at every size)")
    ap.add_argument("--verdict-frames", type=int, default=None,
                    help="frames of the generated scenes whose answers are compared (default: --frames)")
    ap.add_argument("--output", default=os.path.join(ROOT, "results", "peers"))
    ap.add_argument("--work", default=None)
    ap.add_argument("--reuse", action="store_true", help="keep bench results already in --work")
    ap.add_argument("--layoutbench", default=None)
    args = ap.parse_args()
    layoutbench = os.path.abspath(args.layoutbench) if args.layoutbench else build_layoutbench()
    work = args.work or tempfile.mkdtemp(prefix="layoutbench-peers-")
    os.makedirs(work, exist_ok=True)
    if not args.reuse and not args.report_only:
        with open(os.path.join(work, "commands.txt"), "a") as f:
            f.write(command_line() + "\n")
    scenes = []
    for family in [f for f in args.families.split(",") if f]:
        for views in [int(v) for v in args.views.split(",") if v]:
            scenes.append(("%s-%d" % (family, views), ["--family", family, "--views", str(views)], family, views))
    if args.examples:
        listing = subprocess.run([layoutbench, "examples"], capture_output=True, text=True, check=True).stdout
        for line in listing.splitlines():
            key = line.split()[0]
            scenes.append(("example-" + key, ["example:" + key], None, 0))
    if args.imported:
        for label, path in imported_scenes(layoutbench, work, args.frames):
            scenes.append((label, [path], None, -1))
    records = []
    for label, scene_args, family, views in scenes:
        bench_args = scene_args if family else ["--scene"] + scene_args
        results = bench(args, layoutbench, work, label, bench_args)
        found = verdicts(args, layoutbench, work, label, scene_args, views if views >= 0 else imported_views(results))
        records.append({"scene": label, "family": family, "views": views, "results": results, "verdicts": found})
        write_reports(args, records, work)
    log("wrote %s.md and %s.json" % (args.output, args.output))


def command_line():
    """The command as given, with no machine paths in results: the scratch folder after --work written
    WORK (and a path inside it WORK/...), the binary after --layoutbench written LAYOUTBENCH."""
    args = sys.argv[1:]
    work = next((args[i + 1] for i, a in enumerate(args[:-1]) if a == "--work"), None)
    def shown(i, a):
        if i > 0 and args[i - 1] == "--work":
            return "WORK"
        if i > 0 and args[i - 1] == "--layoutbench":
            return "LAYOUTBENCH"
        if work and a.startswith(work.rstrip("/") + "/"):
            return "WORK/" + a[len(work.rstrip("/")) + 1:]
        return a
    return "python3 scripts/peers.py " + " ".join(shown(i, a) for i, a in enumerate(args))


def imported_views(results):
    return max([r.get("views", 0) for r in results] or [0])


WALL = re.compile(r"still running after the limit of ([0-9.e+]+) s")
WARM = re.compile(r"warm-up build ([0-9.]+) s")
BUILT = re.compile(r"at output line \d+: 'build (\d+)'")


def out_of_process(r):
    return r.get("out_of_process", r["backend"] in PEERS or r["backend"].startswith("exec:"))


def row_figures(r):
    """A record's figures; a driver stopped by the wall-clock limit gives its build as a lower bound."""
    if r.get("declined"):
        wall = WALL.search(r["declined"])
        if not wall:
            return None
        seconds = float(wall.group(1))
        built, warm = BUILT.search(r["declined"]), WARM.search(r["declined"])
        fig = {"p50": None, "p99": None, "measured": 0, "frames": r["frames"], "wall_seconds": seconds}
        if built:
            fig.update(build=int(built.group(1)) * 1e-9, build_bound="timed build")
        elif warm:
            fig.update(build=float(warm.group(1)), build_bound="warm-up build")
        else:
            fig.update(build=seconds, build_bound="lower bound")
        return fig
    f = r["frame_seconds"]
    fig = {"p50": f["p50"], "p99": f["p99"], "build": r["build_seconds"],
           "measured": r["frames_measured"], "frames": r["frames"] * r.get("repeat", 1)}
    # Transitions (animation blocks) are timed apart from interactive frames, as bench reports them,
    # for the peers too: a scene of transitions only has no per-frame figures.
    t = r.get("transitions")
    if t:
        fig.update(transitions=t["count"], transition_p50=t["latency_seconds"]["p50"],
                   transition_p99=t["latency_seconds"]["p99"])
        if not r.get("interactive_frames"):
            fig.update(p50=None, p99=None)
    return fig


def compared(fig, base):
    """The figure over cassowary's: per-frame p50, or the transitions' latency p50 where the scene has
    only transitions."""
    key = "p50" if fig.get("p50") is not None else "transition_p50"
    if fig.get(key) is None or not base or not base.get(key):
        return None
    return fig[key] / base[key]


def section_of(rec):
    if rec["family"]:
        return "%s views" % format(rec["views"], ",")
    return "The default suite's imported screens" if rec["scene"].startswith("ib-") else "Example scenes"


def write_reports(args, records, work):
    command = command_line()
    try:
        runs = [line.strip() for line in open(os.path.join(work, "commands.txt")) if line.strip()]
    except OSError:
        runs = [command]
    now = datetime.datetime.now(datetime.timezone.utc)
    md = ["# Peers: LayoutBench's back ends, native kiwi, kiwisolver and cassowary-py in one harness", "",
          "Report written by `%s` on %s (release build, 2 cores shared with other jobs: every figure is wall-clock "
          "time under that load). The bench runs it gathers were made by:" % (command, now.strftime("%Y-%m-%d %H:%M UTC")), ""]
    md += ["    " + r for r in runs]
    md += ["", "The bench runs record commit %s, machine %s, %s." % (
        ", ".join("`%s`" % c for c in sorted(PROVENANCE["git_commits"])) or "unknown",
        "; ".join(sorted(PROVENANCE["machines"])) or "unknown", "; ".join(sorted(PROVENANCE["toolchains"])) or "unknown")]
    md += ["", "Every back end of a scene ran in one `layoutbench bench` (so the ratios on a row compare back ends "
           "measured in the same run, one after the other): 10 untimed warm-up frames on a separate build, then "
           "every frame timed (ops + solve + reading back the changed rectangles; kiwi and the Python solvers "
           "cannot tell which changed, so they read all). kiwi, kiwisolver and cassowary-py run **out of process** "
           "(†, `out_of_process: true` in the bench records) as drivers on the scene's solver-level trace and "
           "time themselves on a monotonic clock; our back ends run in process. Ratios are the back end's figure "
           "over cassowary's (how many times slower than cassowary). Transitions (animation blocks: one solve, then "
           "Core Animation interpolates) are timed apart from interactive frames, for every back end, peers included: "
           "p50 and p99 are of the interactive frames, the transitions' column gives their latency (the time of the "
           "transition's frame); on a scene of transitions only, the ratio is of latencies.", "",
           "Lower bounds, stated in each cell: `*N/120` = the back end's frames passed the time limit of its run "
           "(given per table) after N "
           "frames, so its p50/p99 cover those N frames (a lower bound on the cost of the stream). "
           "**not finished** = the driver was still running at the wall-clock limit (LAYOUTBENCH_DRIVER_WALL_SECONDS, "
           "shown per cell) and was stopped: a driver builds twice (the untimed warm-up build, then the timed one); "
           "`build > N s` means not even the warm-up build finished in N s; `build ≈ X s (warm-up build)` means the "
           "warm-up build took X s and the timed build or the frames did not finish."]
    if any(r.get("group") for rec in records for r in rec["results"]):
        md[-1] += (" ‡ = measured in its own `layoutbench bench` run on the scene (a group of back ends with its own "
                   "wall-clock limit, run after the others), so its ratios are over cassowary's figure from the other run.")
    out = {"command": command, "runs": runs, "created": now.isoformat(),
           "git_commits": sorted(PROVENANCE["git_commits"]), "machines": sorted(PROVENANCE["machines"]),
           "toolchains": sorted(PROVENANCE["toolchains"]),
           "time_limit_seconds": args.time_limit, "frames": args.frames,
           "priority_mapping": "1000 -> required; optional p -> weight p (kiwi strength.create(0, 0, p); "
                               "cassowary-py strength WEAK with weight p)", "scenes": []}
    targets = []
    sections = []
    for rec in records:
        name = section_of(rec)
        if name not in [n for n, _ in sections]:
            sections.append((name, []))
        next(rows for n, rows in sections if n == name).append(rec)
    for name, recs in sections:
        limits = sorted({r["time_limit"] for rec in recs for r in rec["results"] if r.get("time_limit")})
        skips = ["%s on %s" % (r, rec["scene"]) for rec in recs for r in sorted(skipped(args, rec["scene"]))]
        md += ["", "## " + name, "",
               "Time limit: %s of frames per back end and scene.%s" % (
                   " / ".join("%g s" % l for l in limits) or "none",
                   " Not run, as in the default suite (too slow to build or pivot there): %s." % ", ".join(skips) if skips else "")]
        md += ["", "| scene | back end | frames timed | p50 | p99 | transitions: latency p50 / p99 | build | p50 ÷ cassowary | build ÷ cassowary |",
               "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
        for rec in recs:
            base = next((row_figures(r) for r in rec["results"] if r["backend"] == "cassowary"), None)
            entry = {"scene": rec["scene"], "views": rec["views"] if rec["views"] > 0 else imported_views(rec["results"]),
                     "backends": [], "verdicts": rec["verdicts"]}
            if not rec["results"]:
                md.append("| %s | (no results: bench wrote nothing) | | | | | | | |" % rec["scene"])
            for r in rec["results"]:
                fig = row_figures(r)
                label = r["backend"] + (" †" if out_of_process(r) else "") + (" ‡" if r.get("group") else "")
                if fig is None:
                    md.append("| %s | %s | declined: %s | | | | | | |" % (rec["scene"], label, r["declined"].replace("|", "/")[:300]))
                    entry["backends"].append({"backend": r["backend"], "declined": r["declined"], "out_of_process": out_of_process(r)})
                    continue
                bound = fig.get("build_bound")
                ratio = compared(fig, base)
                bratio = fig["build"] / base["build"] if base and base["build"] else None
                if bound:
                    wall = fig["wall_seconds"]
                    frames_cell = "**not finished**: stopped at the %g s wall limit" % wall
                    if bound == "lower bound":
                        build_cell, bratio_cell = "> %s (warm-up build not finished)" % fmt_seconds(wall), "> " + fmt_ratio(bratio)
                    elif bound == "warm-up build":
                        build_cell, bratio_cell = "≈ %s (warm-up build)" % fmt_seconds(fig["build"]), "≈ " + fmt_ratio(bratio)
                    else:
                        build_cell, bratio_cell = fmt_seconds(fig["build"]), fmt_ratio(bratio)
                    md.append("| %s | %s | %s | – | – | – | %s | – | %s |" % (rec["scene"], label, frames_cell, build_cell, bratio_cell))
                else:
                    partial = fig["measured"] < fig["frames"]
                    only = "transitions only" if fig["p50"] is None else None
                    latency = ("%s / %s" % (fmt_seconds(fig["transition_p50"]), fmt_seconds(fig["transition_p99"]))
                               if fig.get("transitions") else "–")
                    md.append("| %s | %s | %s%d/%d | %s | %s | %s | %s | %s | %s |" % (
                        rec["scene"], label, "*" if partial else "", fig["measured"], fig["frames"],
                        only or fmt_seconds(fig["p50"]), only or fmt_seconds(fig["p99"]), latency,
                        fmt_seconds(fig["build"]), fmt_ratio(ratio), fmt_ratio(bratio)))
                entry["backends"].append(dict(fig, backend=r["backend"], partial=fig["measured"] < fig["frames"],
                                              p50_over_cassowary=ratio, build_over_cassowary=bratio,
                                              out_of_process=out_of_process(r)))
                if r["backend"] == "kiwi" and base:
                    key = (rec["family"], rec["views"])
                    if key in FRAME_TARGETS:
                        target = FRAME_TARGETS[key]
                        if ratio is None:
                            targets.append("%s per frame: kiwi's frames were not measured (%s) (target ≥ %d×): NOT shown" % (
                                rec["scene"], frames_cell if bound else "no figure", target))
                        else:
                            targets.append("%s per frame: kiwi p50 %s ÷ cassowary p50 %s = %s%s (target ≥ %d×): %s" % (
                                rec["scene"], fmt_seconds(fig["p50"]), fmt_seconds(base["p50"]), fmt_ratio(ratio),
                                " (kiwi stopped by the time limit after %d frames)" % fig["measured"] if fig["measured"] < fig["frames"] else "",
                                target, "met" if ratio >= target else "NOT met"))
                    if rec["views"] == BUILD_TARGET_VIEWS and bratio is not None:
                        lower = bound in ("lower bound", "warm-up build")
                        targets.append("%s build: kiwi %s%s ÷ cassowary %s = %s%s (target ≥ %d×): %s" % (
                            rec["scene"], "> " if bound == "lower bound" else "", fmt_seconds(fig["build"]),
                            fmt_seconds(base["build"]), "> " if bound == "lower bound" else "", fmt_ratio(bratio),
                            BUILD_TARGET, ("met" if bratio >= BUILD_TARGET else "NOT met") + (" (from the warm-up build)" if bound == "warm-up build" else "")))
            out["scenes"].append(entry)
    md += ["", "## Targets, measured in these runs", ""] + ["- " + t for t in targets]
    md += ["", "## Answers", "",
           "`layoutbench compare --backends cassowary,PEER` (generated scenes with %d frames): each peer's rectangles beside cassowary's, frame by frame "
           "(1e-6 relative). Where they differ, the reference semantics say why: an equally good alternative, or a "
           "frame where the peer's weighted strengths (optional priority p → weight p) trade a higher priority "
           "against a sum of lower ones, which strict priorities forbid (information, not a failure)." % (
               args.verdict_frames or args.frames), ""]
    for rec in records:
        for peer, verdict in sorted(rec["verdicts"].items()):
            md.append("- %s, %s: %s" % (rec["scene"], peer, verdict))
    with open(args.output + ".md", "w") as f:
        f.write("\n".join(md) + "\n")
    with open(args.output + ".json", "w") as f:
        json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
