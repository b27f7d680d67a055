#!/usr/bin/env python3
"""Tables of results/flexbox/tables.md from `layoutbench bench --json` runs: per scene and back end
p50/p99 per frame, build, bytes per frame (in-process back ends only), the p50 ratio to
cassowary, factored and manual, and the scaling exponent of p50 over the sizes run (least
squares of log p50 against log views); then our Yoga/Taffy ratio per scene. Under a title and
each run's command, commit, date and machine as its JSON records them.

    python3 scripts/flexbox_report.py results/flexbox/flexbox.json [MORE.json ...] > tables.md

With several runs, a scene and back end measured in a later file replaces the earlier record.
"""
import json
import math
import sys


def duration(seconds):
    if seconds is None:
        return "–"
    for unit, scale in (("s", 1), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return "%.3g %s" % (seconds / scale, unit)
    return "%.2g µs" % (seconds / 1e-6)


def ratio(a, b):
    if a is None or b is None or b == 0:
        return "–"
    r = a / b
    return "%.2g×" % r if r < 10 else "%.0f×" % r


def exponent(points):
    """Slope of log p50 against log views (None below two sizes)."""
    points = [(math.log(v), math.log(p)) for v, p in points if p and p > 0]
    if len(points) < 2:
        return None
    mx = sum(x for x, _ in points) / len(points)
    my = sum(y for _, y in points) / len(points)
    den = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / den if den else None


def load(paths):
    """Every run, and their records, a later file's (scene, back end) replacing an earlier one's."""
    runs, results = [], []
    for path in paths:
        with open(path) as f:
            run = json.load(f)
        runs.append(run)
        for r in run["results"]:
            results = [x for x in results if (x["scene"], x["backend"]) != (r["scene"], r["backend"])] + [r]
    order = {"stack": 0, "tree": 1, "grid": 2, "scroll": 3}
    results.sort(key=lambda r: (order.get(r.get("family"), 9), r["views"]))
    return runs, results


def not_timed_fully(results):
    return [r for r in results if "frames_measured" in r and r["frames_measured"] < r["frames"] * r.get("repeat", 1)]


def print_header(runs, results):
    print("# Flexbox engines beside the constraint solvers: the tables")
    print()
    print("Made by `python3 scripts/flexbox_report.py` from the run%s below (what is timed and what it shows:"
          % ("" if len(runs) == 1 else "s"))
    print("`results/flexbox.md`):")
    print()
    for run in runs:
        limit = run.get("settings", {}).get("time_limit_seconds")
        print("- `%s`: commit `%s`, %s, %s; time limit: %s."
              % (run["command"], run["git_commit"][:7], run["created"], run["machine"]["description"],
                 "none" if limit is None else "%g s" % limit))
    print()
    not_run = [r for r in results if r.get("declined") or r.get("failed")]
    stopped = [r for r in not_timed_fully(results) if r not in not_run]
    print("%d cells: %d timed every frame, %d stopped by the time limit (`*`), %d declined or failed (named in the table)."
          % (len(results), len(results) - len(not_run) - len(stopped), len(stopped), len(not_run)))
    print("† = out of process (the driver timed its own build and frames on the scene's flexbox twin); bytes per")
    print("frame are counted in process only (–). The exponent, on each family's largest size, is the least-squares")
    print("slope of log p50 against log views over the sizes run (1 = linear).")
    print()


def print_backend_table(results):
    backends = []
    for r in results:
        if r["backend"] not in backends:
            backends.append(r["backend"])
    rank = {"cassowary": 0, "factored": 1, "manual": 2, "yoga": 3, "taffy": 4}
    backends.sort(key=lambda b: rank.get(b, 9))
    by = {(r["scene"], r["backend"]): r for r in results}

    def p50(scene, backend):
        r = by.get((scene, backend))
        return r["frame_seconds"]["p50"] if r and "frame_seconds" in r else None

    families = {}
    for r in results:
        sized = families.setdefault(r.get("family") or r["scene"], [])
        if (r["views"], r["scene"]) not in sized:
            sized.append((r["views"], r["scene"]))
    print("## Per frame, build, ratios and scaling")
    print()
    print("| scene | back end | frames timed | p50 | p99 | build | bytes/frame | p50 ÷ cassowary | ÷ factored | ÷ manual | exponent (p50 vs views) |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for family, sized in families.items():
        for views, s in sorted(sized):
            for b in backends:
                r = by.get((s, b))
                if r is None:
                    continue
                label = b + (" †" if r.get("out_of_process") else "")
                if r.get("declined") or r.get("failed"):
                    why = ("declined: " + r["declined"] if r.get("declined") else "failed: " + r["failed"]).replace("|", "/")
                    print("| %s | %s | %s | | | | | | | | |" % (s, label, why))
                    continue
                fs = r["frame_seconds"]
                planned = r["frames"] * r.get("repeat", 1)
                timed = "%s%d/%d" % ("*" if r["frames_measured"] < planned else "", r["frames_measured"], planned)
                bytes_ = r.get("bytes_allocated_per_frame")
                exp = exponent([(v, p50(sc, b)) for v, sc in sized])
                print(
                    "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |"
                    % (
                        s, label, timed, duration(fs["p50"]), duration(fs["p99"]), duration(r["build_seconds"]),
                        "–" if bytes_ is None else "%.0f" % bytes_,
                        ratio(fs["p50"], p50(s, "cassowary")), ratio(fs["p50"], p50(s, "factored")),
                        ratio(fs["p50"], p50(s, "manual")),
                        "–" if exp is None or views != max(v for v, _ in sized) else "%.2f" % exp,
                    )
                )
    print()


def print_yoga_taffy_table(results):
    by = {(r["scene"], r["backend"]): r for r in results}
    scenes = []
    for r in results:
        if r["scene"] not in scenes:
            scenes.append(r["scene"])
    print("## Yoga against Taffy, per scene")
    print()
    print("| scene | yoga p50 | taffy p50 | yoga ÷ taffy (p50) | yoga build | taffy build | yoga ÷ taffy (build) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for s in scenes:
        y, t = by.get((s, "yoga")), by.get((s, "taffy"))
        if not y or not t or y.get("declined") or t.get("declined") or y.get("failed") or t.get("failed"):
            continue
        print(
            "| %s | %s | %s | %s | %s | %s | %s |"
            % (
                s, duration(y["frame_seconds"]["p50"]), duration(t["frame_seconds"]["p50"]),
                ratio(y["frame_seconds"]["p50"], t["frame_seconds"]["p50"]), duration(y["build_seconds"]),
                duration(t["build_seconds"]), ratio(y["build_seconds"], t["build_seconds"]),
            )
        )


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: python3 scripts/flexbox_report.py BENCH.json [MORE.json ...]")
    runs, results = load(sys.argv[1:])
    print_header(runs, results)
    print_backend_table(results)
    print_yoga_taffy_table(results)


if __name__ == "__main__":
    main()
