#!/usr/bin/env python3
"""A LayoutBench driver for Taffy (the Rust flexbox and grid engine) through stretchable's
Python API.

    python3 taffy_driver.py SCENE.flexbox.json

Reads the scene's flexbox twin (format `layoutbench-flexbox` 1, written by the harness; see
Sources/FlexboxTwin/TwinWriter.swift), builds the node tree and lays it out (timed), plays
the warm-up frames on a separate tree, then times every frame on a monotonic clock: its
style changes (stretchable styles are immutable: a changed node gets a new Style), the
layout and reading every view's rectangle back in window coordinates. No rounding.
Nodes and styles go through stretchable's Node and Style (one Style per distinct style:
building a Style costs milliseconds in Python); a frame's changes edit the node's style in
the form stretchable hands to Taffy (Style.to_dict) and set it through stretchable's binding
(taffylib.node_set_style), and the layout is computed and read through that binding too,
because Node.compute_layout reads back only the nodes it deems visible on a canvas (a header
scrolled above the window keeps its children's old rectangles) and builds Python boxes for
every node.
Prints protocol `layoutbench-driver 1`.
"""
import json
import math
import sys
import time

from driver_output import print_values

try:
    import stretchable
    from stretchable import Node, Style, taffylib
    from stretchable.context import taffy
    from stretchable.style import AUTO, AlignSelf, FlexDirection, JustifyContent, Position
    from stretchable.style.geometry.size import SizeAvailableSpace
except ImportError as error:
    sys.stderr.write("taffy driver: unavailable: stretchable is not installed (pip install stretchable): %s\n" % error)
    sys.exit(3)

ALIGN = {0: AlignSelf.FLEX_START, 1: AlignSelf.FLEX_END, 2: AlignSelf.STRETCH, 3: AlignSelf.CENTER}
SPACE = SizeAvailableSpace.default().to_dict()  # no bound: the root's own width and height size it
WIDTH, HEIGHT, GROW = 0, 1, 2  # then margin left, top, right, bottom; inset left, top, right, bottom
SIDES = ("left", "top", "right", "bottom")


def style(kind, v):
    """A Style from a node's fixed kind (direction, absolute, align, justify) and its 11 style values (None: unset)."""
    def length(x, unset):
        return unset if x is None else x

    margin = [length(v[3 + k], 0) for k in range(4)]  # left, top, right, bottom
    inset = [length(v[7 + k], AUTO) for k in range(4)]
    grow = v[GROW]
    return Style(
        flex_direction=FlexDirection.ROW if kind[0] == 0 else FlexDirection.COLUMN,
        position=Position.ABSOLUTE if kind[1] else Position.RELATIVE,
        align_self=ALIGN[kind[2]],
        justify_content=JustifyContent.CENTER if kind[3] else JustifyContent.FLEX_START,
        size=(length(v[WIDTH], AUTO), length(v[HEIGHT], AUTO)),
        min_size=(0, 0),
        flex_grow=0 if grow is None else grow,
        flex_basis=0 if grow is not None else AUTO,
        flex_shrink=0,
        margin=(margin[1], margin[2], margin[3], margin[0]),  # CSS order: top, right, bottom, left
        inset=(inset[1], inset[2], inset[3], inset[0]),
    )


def point(x):
    return {"dim": 0, "value": math.nan} if x is None else {"dim": 1, "value": x}


def set_value(d, prop, x):
    """Sets style value `prop` (an index of the twin's properties) in a Style.to_dict() dict."""
    if prop == WIDTH:
        d["size"]["width"] = point(x)
    elif prop == HEIGHT:
        d["size"]["height"] = point(x)
    elif prop == GROW:
        d["flex_grow"] = 0 if x is None else x
        d["flex_basis"] = point(0 if x is not None else None)
    elif prop < 7:
        d["margin"][SIDES[prop - 3]] = point(0 if x is None else x)
    else:
        d["inset"][SIDES[prop - 7]] = point(x)


class Play:
    def __init__(self, twin, memo):
        self.twin = twin
        self.kinds, self.styles, self.nodes, self.dicts, self.shared = [], [], [], {}, []
        for row in twin["nodes"]:
            parent, kind, values = row[0], (row[2], row[3], row[4], row[5]), list(row[6:])
            key = (kind, tuple(values))
            if key not in memo:
                built = style(kind, values)
                memo[key] = (built, built.to_dict())
            node = Node(style=memo[key][0])
            self.shared.append(memo[key][1])
            if parent >= 0:
                self.nodes[parent].add(node)
            self.kinds.append(kind)
            self.styles.append(values)
            self.nodes.append(node)
        self.parents = [row[0] for row in twin["nodes"]]
        self.views = [row[1] for row in twin["nodes"]]
        self.values = [0.0] * (4 * twin["views"])
        self.box = taffylib.PyLayout()
        self.layout()

    def layout(self):
        taffy.use_rounding = False
        taffylib.node_compute_layout(taffy._ptr, self.nodes[0]._node_id, SPACE)
        left, top = [0.0] * len(self.nodes), [0.0] * len(self.nodes)
        box, parents, views, values = self.box, self.parents, self.views, self.values
        for i, node in enumerate(self.nodes):
            taffylib.node_get_layout(taffy._ptr, node._node_id, box)
            p = parents[i]
            left[i] = box.x + (left[p] if p >= 0 else 0.0)
            top[i] = box.y + (top[p] if p >= 0 else 0.0)
            v = views[i]
            if v >= 0:
                values[4 * v : 4 * v + 4] = [left[i], top[i], box.width, box.height]

    def frame(self, f):
        changes, changed, dicts = self.twin["frames"][f], set(), self.dicts
        for k in range(0, len(changes) - 2, 3):
            n = changes[k]
            d = dicts.get(n)
            if d is None:  # the node's own copy of its shared style, the parts a change edits copied too
                d = dicts[n] = dict(self.shared[n])
                for part in ("size", "margin", "inset"):
                    d[part] = dict(d[part])
            set_value(d, changes[k + 1], changes[k + 2])
            changed.add(n)
        for n in changed:
            taffylib.node_set_style(taffy._ptr, self.nodes[n]._node_id, dicts[n])
        self.layout()


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: taffy_driver.py SCENE.flexbox.json")
    with open(sys.argv[-1]) as f:
        twin = json.load(f)
    if twin.get("format") != "layoutbench-flexbox" or twin.get("version") != 1:
        sys.exit("taffy driver: not a version-1 flexbox twin: %s" % sys.argv[-1])
    out, limit, clock = sys.stdout, float(twin["timelimit"]), time.perf_counter_ns
    out.write("layoutbench-driver 1 taffy stretchable-%s\n" % getattr(stretchable, "__version__", "?"))
    if twin["warmup"] > 0:
        warm_start = time.perf_counter()
        warm, started = Play(twin, {}), time.perf_counter()
        sys.stderr.write("taffy driver: warm-up build %.3f s\n" % (started - warm_start))
        sys.stderr.flush()
        for i in range(min(twin["warmup"], len(twin["frames"]))):
            warm.frame(i)
            if limit > 0 and time.perf_counter() - started > limit / 4:
                break
        del warm
    t0 = clock()
    play = Play(twin, {})
    out.write("build %d\n" % (clock() - t0))
    if twin["values"]:
        print_values(out, 0, play.values)
    spent = 0
    for i in range(len(twin["frames"])):
        start = clock()
        play.frame(i)
        elapsed = clock() - start
        spent += elapsed
        out.write("frame %d %d\n" % (i + 1, elapsed))
        if twin["values"]:
            print_values(out, i + 1, play.values)
        if limit > 0 and spent > limit * 1e9 and i + 1 < len(twin["frames"]):
            out.write("stopped %d\n" % (i + 1))
            break
    out.write("end\n")


if __name__ == "__main__":
    main()
