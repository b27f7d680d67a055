#!/usr/bin/env python3
"""Runs `layoutbench import FILE --check --json` over every .xib/.storyboard in a folder,
with the environment from the device table and read off the frames, and writes a
Markdown table: per file, hierarchies, views, constraints, % of the views IB does
not flag that match IB's frames (0.5 pt), and the causes of the mismatches.

usage: scripts/ib_conformance.py DIR [--binary PATH] [--output FILE] [--unseen]
(--unseen: the folder holds files the import's rules were not written on; the report says so
instead of calling its figures in-sample)
Only numbers, class names and counts are written: no content of the files."""
import argparse, collections, datetime, json, math, os, subprocess, sys

def percent(matching, total):
    """A share rounded down to 0.1%, so that one miss in 2,000 reads 99.9%, never 100.0%."""
    if not total:
        return "100.0%"
    return f"{math.floor(1000.0 * matching / total) / 10:.1f}%"

def run(binary, path, from_frames):
    """The file's `--check --json` report: the summary's counts and, per differing view IB does not
    flag and `--check` can compare, its class and the kind of its first likely cause."""
    args = [binary, "import", path, "--check", "--json"] + (["--environment-from-frames"] if from_frames else [])
    p = subprocess.run(args, capture_output=True, text=True)
    try:
        report = json.loads(p.stdout)
    except ValueError:  # refused: nothing on standard output, the reason on standard error
        return None, p.stderr.strip().splitlines()[-1:] or ["no output"]
    s = report["summary"]
    causes = collections.Counter()
    left_out = collections.Counter(entry["kind"] for hierarchy in report["hierarchies"]
                                   for entry in hierarchy.get("not_comparable", []))
    for hierarchy in report["hierarchies"]:
        if "conflict" in hierarchy:
            causes["unresolved conflict"] += 1
        for view in hierarchy["differing"]:
            if "flag" not in view and "not_comparable" not in view:
                causes[f"{view['class']} ({category(view['likely_causes'])})"] += 1
    return (s["hierarchies"], s["views"], s["constraints"], s["unflagged"], s["matching"], left_out), causes

CATEGORIES = {"dropped-constraint": "dropped constraint", "symbol-insets": "symbol insets",
              "custom-class-size": "custom class size", "constraint-outside": "constraint outside",
              "layout-guide": "guide not modelled"}

def category(likely_causes):
    """The kind of the first likely cause `--check` gives (no ids, no names from the file)."""
    if not likely_causes:
        return "unknown"
    first = likely_causes[0]
    if first["kind"] == "stale-stored-frame":
        return "stale frame elsewhere" if first.get("elsewhere") else "stale stored frame"
    return CATEGORIES.get(first["kind"], "unsupported attribute")

SAMPLE_NOTE_IN_SAMPLE = (
    "In-sample: every figure here. The import's rules were written while looking at these files, and the "
    "device table's tools-version rules were measured on them and on other real files (see "
    "Sources/IBImport/IBEnvironment.swift, where every entry names its source: Apple's documentation, a UIKit "
    "constant, or the stored frames of files of a tools-version range).")
SAMPLE_NOTE_UNSEEN = (
    "Files the import's rules were not written on (--unseen): these figures measure how the rules carry over.")

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--binary", default=".build/debug/layoutbench")
    ap.add_argument("--output", default="-")
    ap.add_argument("--unseen", action="store_true", help="files the import's rules were not written on")
    a = ap.parse_args()
    files = sorted(f for f in os.listdir(a.dir) if f.endswith((".xib", ".storyboard")))
    rows, totals = [], {False: [0, 0, collections.Counter()], True: [0, 0, collections.Counter()]}
    kinds = {False: collections.Counter(), True: collections.Counter()}
    for f in files:
        row = [f]
        for from_frames in (True, False):
            result, causes = run(a.binary, os.path.join(a.dir, f), from_frames)
            if result is None:
                row.append(("refused", "", "", "", "; ".join(causes)))
                continue
            h, v, c, u, m, nc = result
            totals[from_frames][0] += u
            totals[from_frames][1] += m
            totals[from_frames][2].update(nc)
            text = ", ".join(f"{k} ×{n}" for k, n in causes.most_common(4))
            for k, n in causes.items():
                kinds[from_frames][k.partition(" (")[2].rstrip(")") or k] += n
            row.append((h, v, c, f"{percent(m, u)} ({m}/{u})", text))
        rows.append(row)
    shown = a.dir if not os.path.isabs(a.dir) else "DIR"  # no machine paths in the report
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip() or "unknown"
    made = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    out = ["# Interface Builder conformance", "",
           f"At commit {commit} ({made}), made with `scripts/ib_conformance.py {shown} --binary .build/release/layoutbench --output FILE` "
           "(release build): `layoutbench import FILE --check` per file, with the environment read off the frames "
           "(`--environment-from-frames`) and from the device table, default options otherwise (conflicting "
           "required constraints broken as UIKit breaks them), cassowary back end, 0.5 pt tolerance; views IB "
           "flags as misplaced or ambiguous are left out of the percentages, and so are the views `--check` says it "
           "cannot compare (`not comparable`: a view whose solved frame depends on a required constraint (of the file, or "
           "a fill-aligned stack's span) the stored frames break, or on the run-time size of a custom class the file does not give, or whose frame the "
           "constraints leave ambiguous; see the README's import section). A refused file adds no views to the totals and is listed as refused. "
           "The causes column gives, per differing unflagged view, its class and the kind of the likely cause "
           "`--check` names (dropped constraint, symbol insets, custom class size, constraint outside, "
           "stale stored frame: IB's own frames break a required constraint of the file or a fill-aligned stack's span, of that view or "
           "elsewhere in the hierarchy; unsupported attribute; unknown when the import knows of none).", "",
           SAMPLE_NOTE_UNSEEN if a.unseen else SAMPLE_NOTE_IN_SAMPLE, ""]
    for from_frames, title in ((True, "environment read off the frames (`--environment-from-frames`)"),
                               (False, "environment from the device table")):
        u, m, left_out = totals[from_frames]
        nc = sum(left_out.values())
        column = 1 if from_frames else 2
        refused = sum(1 for row in rows if row[column][0] == "refused")
        full = sum(1 for row in rows if row[column][0] != "refused" and row[column][3].startswith("100.0%"))
        out.append(f"## {title}: {percent(m, u)} ({m}/{u} unflagged views match)")
        out.append("")
        left_kinds = ", ".join(f"{k.replace('-', ' ')} {n}" for k, n in left_out.most_common())
        out.append(f"{len(rows)} files: {full} match fully, {refused} refused; {nc} views not comparable, left out"
                   + (f" ({left_kinds})." if left_kinds else "."))
        out.append("")
        if kinds[from_frames]:
            listed = ", ".join(f"{k} {n}" for k, n in kinds[from_frames].most_common())
            out.append(f"Differing unflagged views by likely cause: {listed}.")
            out.append("")
        out.append("| file | hierarchies | views | constraints | matching | causes |")
        out.append("| --- | ---: | ---: | ---: | ---: | --- |")
        for row in rows:
            h, v, c, pct, text = row[1] if from_frames else row[2]
            out.append(f"| {row[0]} | {h} | {v} | {c} | {pct} | {text} |")
        out.append("")
    text = "\n".join(out)
    if a.output == "-":
        print(text)
    else:
        with open(a.output, "w") as fh:
            fh.write(text)
    u, m, _ = totals[True]
    print(f"from frames: {m}/{u}; table: {totals[False][1]}/{totals[False][0]}", file=sys.stderr)

if __name__ == "__main__":
    main()
