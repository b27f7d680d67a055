#!/usr/bin/env python3
"""Plots a `layoutbench bench` results file (schema_version 1).

    python3 scripts/plot_results.py [RESULTS_JSON] [--output DIR] [--series SCENE ...]

Writes, next to the report (or into --output):
  scaling-FAMILY.png  per-frame p50 and build time against views, log-log, one
                      line per back end (families measured at two sizes or more);
  series-SCENE.png    each back end's time for every frame of one run, with the
                      120 Hz and 60 Hz budgets (where the spikes are). By default
                      the largest scene that every back end ran, plus the
                      largest scene of each family that has spikes above 2x p50.

Needs matplotlib: `python3 -m pip install matplotlib` (installed on first use
when missing).
"""
import argparse
import json
import os
import subprocess
import sys

try:
    import matplotlib
except ImportError:
    print("plot_results: installing matplotlib (python3 -m pip install matplotlib)", file=sys.stderr)
    subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", "matplotlib"])
    import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

BUDGETS = [(1 / 120, "120 Hz budget"), (1 / 60, "60 Hz budget")]
STYLE = {"cassowary": ("tab:blue", "o"), "dense": ("tab:red", "s"), "manual": ("tab:green", "^"), "factored": ("tab:orange", "v"), "kiwi": ("tab:purple", "D")}


def duration(seconds):
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.3g} ms"
    return f"{seconds * 1e6:.3g} µs"


def style(backend):
    return STYLE.get(backend, ("tab:gray", "x"))


def measured(results):
    return [r for r in results if "declined" not in r]


def plot_scaling(results, family, out_dir):
    rows = [r for r in measured(results) if r.get("family") == family]
    backends = sorted({r["backend"] for r in rows})
    if not any(len({r["views"] for r in rows if r["backend"] == b}) >= 2 for b in backends):
        return None
    fig, (ax_frame, ax_build) = plt.subplots(1, 2, figsize=(11, 4.2))
    for b in backends:
        pts = sorted((r["views"], r["frame_seconds"]["p50"], r["frame_seconds"]["p99"], r["build_seconds"]) for r in rows if r["backend"] == b)
        color, marker = style(b)
        views = [p[0] for p in pts]
        ax_frame.plot(views, [p[1] for p in pts], marker=marker, color=color, label=f"{b} p50")
        ax_frame.plot(views, [p[2] for p in pts], linestyle=":", color=color, label=f"{b} p99")
        ax_build.plot(views, [p[3] for p in pts], marker=marker, color=color, label=b)
    for y, label in BUDGETS:
        ax_frame.axhline(y, color="0.6", linewidth=0.8, linestyle="--")
        ax_frame.text(ax_frame.get_xlim()[0], y, " " + label, fontsize=7, va="bottom", color="0.4")
    for ax, title in ((ax_frame, f"{family}: time per frame"), (ax_build, f"{family}: build (load + first solve)")):
        ax.set_xscale("log")
        ax.set_yscale("log")
        label_axes(ax, "views", "seconds", title)
    return save(fig, out_dir, f"scaling-{family}.png")


def label_axes(ax, xlabel, ylabel, title):
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(True, which="both", linewidth=0.3)
    ax.legend(fontsize=7)


def save(fig, out_dir, name):
    fig.tight_layout()
    path = os.path.join(out_dir, name)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def plot_series(results, scene, out_dir):
    rows = [r for r in measured(results) if r["scene"] == scene and r.get("frame_series")]
    if not rows:
        return None
    fig, ax = plt.subplots(figsize=(10, 4))
    for r in rows:
        color, _ = style(r["backend"])
        series = r["frame_series"]
        ax.plot(range(1, len(series) + 1), series, color=color, linewidth=0.9, label=f"{r['backend']} (p50 {duration(r['frame_seconds']['p50'])})")
    for y, label in BUDGETS:
        ax.axhline(y, color="0.6", linewidth=0.8, linestyle="--", label=label)
    ax.set_yscale("log")
    label_axes(ax, "frame", "seconds (ops + solve + reading changed rects)", f"{scene}: time of every frame, one run")
    return save(fig, out_dir, f"series-{scene}.png")


def default_series(results):
    rows = measured(results)
    backends = {r["backend"] for r in rows}
    by_scene = {}
    for r in rows:
        by_scene.setdefault(r["scene"], []).append(r)
    chosen = []
    common = [s for s, rs in by_scene.items() if {r["backend"] for r in rs} == backends]
    if common:
        chosen.append(max(common, key=lambda s: by_scene[s][0]["views"]))
    families = {}
    for s, rs in by_scene.items():
        fam = rs[0].get("family")
        spiky = any(r["frame_seconds"]["max"] > 2 * r["frame_seconds"]["p50"] for r in rs)
        if fam and spiky and (fam not in families or rs[0]["views"] > by_scene[families[fam]][0]["views"]):
            families[fam] = s
    for s in sorted(families.values()):
        if s not in chosen:
            chosen.append(s)
    return chosen


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", nargs="?", default="results/latest/results.json")
    parser.add_argument("--output", help="folder for the PNG files (default: the results file's folder)")
    parser.add_argument("--series", nargs="*", help="scenes to plot frame by frame")
    args = parser.parse_args()
    with open(args.results) as f:
        data = json.load(f)
    if data.get("schema_version") != 1:
        sys.exit(f"plot_results: {args.results}: schema_version {data.get('schema_version')!r}, expected 1")
    results = data["results"]
    out_dir = args.output or os.path.dirname(os.path.abspath(args.results))
    os.makedirs(out_dir, exist_ok=True)
    written = []
    for family in sorted({r.get("family") for r in results if r.get("family")}):
        path = plot_scaling(results, family, out_dir)
        if path:
            written.append(path)
    for scene in args.series if args.series is not None else default_series(results):
        path = plot_series(results, scene, out_dir)
        if path:
            written.append(path)
    for path in written:
        print(f"wrote {os.path.relpath(path)}")
    report = os.path.join(out_dir, "report.md")
    if written and os.path.exists(report):
        link_plots(report, written)
        print(f"linked the plots from {os.path.relpath(report)}")


PLOTS_HEADING = "## Plots"


def link_plots(report, paths):
    """Adds (or replaces) a Plots section at the end of the Markdown report, so the
    report shows the curves next to its tables."""
    with open(report) as f:
        text = f.read()
    if PLOTS_HEADING in text:
        text = text[:text.index(PLOTS_HEADING)].rstrip() + "\n"
    lines = ["", PLOTS_HEADING, "",
             "Per-frame p50 and p99 and build time against views (log-log), one line per back end; "
             "then frame-by-frame series of single runs (where the spikes are). "
             "Made by `python3 scripts/plot_results.py` from results.json.", ""]
    for path in paths:
        name = os.path.basename(path)
        lines.append(f"![{os.path.splitext(name)[0]}]({name})")
        lines.append("")
    with open(report, "w") as f:
        f.write(text + "\n".join(lines))


if __name__ == "__main__":
    main()
