#!/usr/bin/env python3
"""Tables of results/million.md from bench's results.json files.

    python3 scripts/million_report.py results/million/*.json > tables.md

Reads every record of every file given (bench's schema 2, with `changed_rects_per_frame`,
`ns_per_changed_rect`, `backend_peak_rss_bytes` and `rss_before_bytes`) and prints:
ns per changed rectangle by family, back end and size; the 1,000,000-view runs (build,
percentiles, the ratio to frame arithmetic in the same run, peak memory); and what was not run.
"""
import json
import sys

FAMILIES = ["stack", "tree", "grid", "scroll"]
BACKENDS = ["factored", "cassowary", "manual", "dense", "kiwi"]
SIZES = [1000, 10000, 100000, 1000000]


def duration(seconds):
    if seconds is None:
        return "–"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def gib(value):
    return "–" if value is None else f"{value / 2**30:.2f} GiB"


def size_label(views):
    return {1000: "1k", 10000: "10k", 100000: "100k", 1000000: "1M"}.get(views, str(views))


def load(paths):
    records = {}
    for path in paths:
        with open(path) as f:
            run = json.load(f)
        for r in run["results"]:
            family = r.get("family")
            if family is None:
                continue
            nominal = min(SIZES, key=lambda s: abs(s - r["views"]))
            records[(family, r["backend"], nominal)] = (r, run, path)
    return records


def stopped(r):
    return r.get("frames_measured", 0) < r["frames"] * r["repeat"]


def changed_per_frame(records, family, size):
    for backend in ("manual", "factored", "cassowary"):
        entry = records.get((family, backend, size))
        if entry and entry[0].get("changed_rects_per_frame"):
            return entry[0]["changed_rects_per_frame"]
    return None


def ns_table(records):
    out = ["| family | back end | " + " | ".join(size_label(s) for s in SIZES) + " | 1M / 1k |",
           "| --- | --- |" + " ---: |" * (len(SIZES) + 1)]
    for family in FAMILIES:
        for backend in BACKENDS:
            cells = []
            values = {}
            for size in SIZES:
                entry = records.get((family, backend, size))
                if entry is None:
                    cells.append("not run")
                    continue
                r = entry[0]
                if r.get("declined") or r.get("failed"):
                    cells.append("declined" if r.get("declined") else "failed")
                    continue
                ns = r.get("ns_per_changed_rect")
                mark = "*" if stopped(r) else ""
                if ns is None and r.get("out_of_process"):
                    # A driver reports no rectangles: its p50 over what the same scene changed in process.
                    changed = changed_per_frame(records, family, size)
                    if changed:
                        ns = r["frame_seconds"]["p50"] * 1e9 / changed
                        mark += "†"
                values[size] = ns
                cells.append("–" if ns is None else f"{ns:.1f}" + mark)
            if all(c in ("not run",) for c in cells):
                continue
            ratio = "–"
            if values.get(1000) and values.get(1000000):
                ratio = f"{values[1000000] / values[1000]:.1f}×"
            out.append(f"| {family} | {backend} | " + " | ".join(cells) + f" | {ratio} |")
    return "\n".join(out)


def changed_table(records):
    out = ["| family | " + " | ".join(size_label(s) for s in SIZES) + " |", "| --- |" + " ---: |" * len(SIZES)]
    for family in FAMILIES:
        cells = []
        for size in SIZES:
            entry = records.get((family, "manual", size)) or records.get((family, "factored", size))
            value = entry[0].get("changed_rects_per_frame") if entry else None
            cells.append("–" if value is None else f"{value:,.0f} of {entry[0]['views']:,}")
        out.append(f"| {family} | " + " | ".join(cells) + " |")
    return "\n".join(out)


def million_table(records):
    out = ["| scene | back end | build (CPU) | p50 | p99 | max | >16.7 ms | preempted | p50 / manual | "
           "ns per changed rect | peak RSS | resident before | growth |",
           "| --- | --- |" + " ---: |" * 11]
    for family in FAMILIES:
        manual = records.get((family, "manual", 1000000))
        manual_p50 = None
        if manual and not (manual[0].get("declined") or manual[0].get("failed")):
            manual_p50 = manual[0]["frame_seconds"]["p50"]
        for backend in BACKENDS:
            entry = records.get((family, backend, 1000000))
            if entry is None:
                continue
            r = entry[0]
            if r.get("declined") or r.get("failed"):
                why = r.get("declined") or r.get("failed")
                out.append(f"| {r['scene']} | {backend} | {'declined' if r.get('declined') else 'failed'}: {why} |" + " |" * 10)
                continue
            t = r["frame_seconds"]
            ratio = f"{t['p50'] / manual_p50:.2f}×" if manual_p50 else "–"
            peak, before = r.get("backend_peak_rss_bytes"), r.get("rss_before_bytes")
            growth = gib(peak - before) if peak is not None and before is not None else "–"
            star = "*" if stopped(r) else ""
            ns = r.get("ns_per_changed_rect")
            cpu = r.get("build_cpu_seconds")
            build = duration(r["build_seconds"]) + (f" ({duration(cpu)})" if cpu is not None else "")
            preempted = r.get("preemptions_during_frames")
            out.append(
                f"| {r['scene']} | {backend} | {build} | {duration(t['p50'])}{star} | "
                f"{duration(t['p99'])} | {duration(t['max'])} | {r['budget_misses']['60hz']} of {r['frames_measured']} | "
                f"{'–' if preempted is None else preempted} | {ratio} | {'–' if ns is None else f'{ns:.1f}'} | {gib(peak)} | {gib(before)} | {growth} |")
    return "\n".join(out)


def not_run(records):
    lines = []
    for (family, backend, size), (r, _, _) in sorted(records.items()):
        why = r.get("declined") or r.get("failed")
        if why:
            lines.append(f"- {backend} on {r['scene']}: {why}")
    return "\n".join(lines)


def main(paths):
    records = load(paths)
    print("### ns per changed rectangle\n")
    print(ns_table(records))
    print("\n### Rectangles changed per frame\n")
    print(changed_table(records))
    print("\n### 1,000,000 views\n")
    print(million_table(records))
    missing = not_run(records)
    if missing:
        print("\n### Not run\n")
        print(missing)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: million_report.py RESULTS.json...")
    main(sys.argv[1:])
