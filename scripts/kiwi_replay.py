#!/usr/bin/env python3
"""Replay a LayoutBench scene file with kiwisolver (the C++ kiwi Cassowary solver).

Usage:
    python3 scripts/kiwi_replay.py SCENE.json [--output FILE] [--timings FILE]
                                              [--frames N] [--quiet]

Writes exactly the JSON lines that `layoutbench solve` writes: one line per
solve, the initial solve as frame 0,
    {"frame": F, "rects": [[left, top, width, height], ...], "errors": [...]}
("errors" only when an op of that frame was refused), numbers formatted as the
CLI formats them (a value within 1e-9 relative of an integer prints as that
integer, without ".0"; otherwise the shortest round-trip text).

Model (scene-format.md, "Views and attributes"): every view has four kiwi
Variables, left, top, width and height. The other attributes are the fixed
expressions right = left + width, bottom = top + height,
centerX = left + width/2, centerY = top + height/2, leading = left,
trailing = right. A constraint `first REL multiplier*second + constant` becomes
the kiwi constraint `first - multiplier*second - constant REL 0`.

Edit variables: an edit on left/top/width/height (or leading) uses that view's
Variable directly; an edit on an expression attribute (right, centerX, ...) gets
an auxiliary Variable tied to the expression by a required equality, and
solver.addEditVariable is called on the auxiliary Variable. kiwi's edit holds
its variable at 0 until the first suggestValue, whereas the scene format holds
it at the value in the layout solved just before the edit was declared, so
every new edit is immediately suggested that value (for the scene's `edits`,
the initial solution, solved before the edits are added; for `addEdit`, the
previous frame's solution).

Ops: suggest -> suggestValue; setConstant and setPriority -> remove the kiwi
constraint and add a new one (kiwi has no in-place change: that cost is what
the side-by-side measures); activate/deactivate -> addConstraint /
removeConstraint; add/remove -> the same (an inactive constraint is only
recorded); addEdit/removeEdit -> addEditVariable/removeEditVariable (plus the
auxiliary tie, if any). Ops are checked the way `layoutbench solve` checks them
(unknown or removed ids, duplicate ids, bad values, changing a priority to or
from 1000, undeclared or duplicate edits), and a kiwi refusal
(UnsatisfiableConstraint, DuplicateConstraint, UnknownConstraint, ...) is
caught: the op becomes one entry in that frame's "errors" and has no effect
(a refused setConstant re-adds the old constraint).

Priorities -> kiwi strengths: priority 1000 -> kiwi.strength.required; a
priority p < 1000 -> kiwi.strength.create(0, 0, p), i.e. the weight p itself.
Why this mapping: it is monotone and injective (every distinct Auto Layout
priority keeps a distinct, larger-is-stronger weight), it is what a direct port
of Auto Layout priorities onto kiwi does, all optional weights stay in kiwi's
"weak" tier, far below required (1.001e9), and the ratio between optional
weights is at most 999, so the tableau stays well conditioned. No finite
weighting can reproduce Auto Layout's strict order anyway: kiwi minimises the
*sum* of weight x violation over all optional constraints, so enough
lower-priority violation outweighs higher-priority violation. With weight = p,
violating three priority-1 constraints by one point each (weight 3) costs more
than violating one priority-2 constraint by one point (weight 2), and 2000
violated priority-1 constraints certainly outweigh one priority-2 constraint;
under the scene format's reference semantics (lexicographic by priority, as
Auto Layout documents it) the priority-2 constraint wins regardless. Steeper
weightings (e.g. exponential in p) only move where this happens, at the price
of conditioning. So where rects differ from `layoutbench solve --backend
cassowary`, the cause is either an ambiguous layout (both are optimal) or this
weighting.

Timings (--timings FILE, JSON): build_seconds = creating and adding every kiwi
constraint and edit (with its initial suggestValue) + the updateVariables calls
of the initial solve; a frame = its ops + updateVariables()
(time.perf_counter_ns). updateVariables copies every variable's value out of
kiwi's tableau, which is kiwi's read-back; turning those values into rects in
Python is left outside the timing, so kiwi is not charged for the interpreter
(its ops still pay about a microsecond of Python per call, negligible next to
what they cost kiwi). Scene parsing, the Variables' creation and the JSON output
are outside the timings too.
Percentiles are nearest-rank order statistics, as `layoutbench bench` computes
them. There are no warm-up frames (layoutbench bench plays 10 frames on a
separate load first).

--frames N replays only the first N frames, and --time-limit S stops once the
frames have taken S seconds (for scenes where kiwi is slow); the timings file's
"frames" says how many were measured.
If `import kiwisolver` fails, the script installs it with pip and retries.
"""

import argparse
import json
import math
import os
import subprocess
import sys
import time


def import_kiwi(quiet=False):
    try:
        import kiwisolver
        return kiwisolver
    except ImportError:
        pass
    base = [sys.executable, "-m", "pip", "install", "--quiet", "kiwisolver"]
    attempts = [base, base + ["--user"], base + ["--break-system-packages"], base + ["--user", "--break-system-packages"]]
    for cmd in attempts:
        if not quiet:
            print("kiwi_replay: installing kiwisolver: " + " ".join(cmd[1:]), file=sys.stderr)
        r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL if quiet else None)
        if r.returncode == 0:
            import importlib
            import site
            importlib.invalidate_caches()
            try:
                user_site = site.getusersitepackages()
                if user_site not in sys.path and os.path.isdir(user_site):
                    sys.path.append(user_site)
            except Exception:
                pass
            try:
                import kiwisolver
                return kiwisolver
            except ImportError:
                continue
    print("kiwi_replay: cannot import or install kiwisolver (python3 -m pip install kiwisolver)", file=sys.stderr)
    sys.exit(2)


# ---------------------------------------------------------------------------
# Formatting, as the Swift CLI does it (formatNumber / formatCoordinate).

def format_number(v):
    if v == v and not math.isinf(v) and v == _round_away(v) and abs(v) < 1e15:
        if v == 0:
            return "0"
        return str(int(v))
    if v != v:
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return repr(float(v))


def _round_away(v):
    """Round half away from zero, like Swift's Double.rounded()."""
    if v != v or math.isinf(v):
        return v
    a = abs(v)
    r = math.floor(a)
    if a - r >= 0.5:
        r += 1
    return math.copysign(r, v)


def format_coordinate(v):
    r = _round_away(v)
    if abs(v - r) <= 1e-9 * max(1.0, abs(v)):
        return format_number(r)
    return format_number(v)


def json_quoted(s):
    return json.dumps(s, ensure_ascii=False)


def frame_line(frame, rects, errors):
    parts = []
    fc = format_coordinate
    for i in range(0, len(rects) - 3, 4):
        parts.append("[%s, %s, %s, %s]" % (fc(rects[i]), fc(rects[i + 1]), fc(rects[i + 2]), fc(rects[i + 3])))
    s = '{"frame": %d, "rects": [%s]' % (frame, ", ".join(parts))
    if errors:
        s += ', "errors": [' + ", ".join(json_quoted(e) for e in errors) + "]"
    return s + "}"


# ---------------------------------------------------------------------------
# The scene model.

ATTRIBUTE_TERMS = {
    "left": ((0, 1.0),),
    "leading": ((0, 1.0),),
    "top": ((1, 1.0),),
    "width": ((2, 1.0),),
    "height": ((3, 1.0),),
    "right": ((0, 1.0), (2, 1.0)),
    "trailing": ((0, 1.0), (2, 1.0)),
    "bottom": ((1, 1.0), (3, 1.0)),
    "centerX": ((0, 1.0), (2, 0.5)),
    "centerY": ((1, 1.0), (3, 0.5)),
}
AXIS = {"left": "x", "right": "x", "leading": "x", "trailing": "x", "centerX": "x",
        "top": "y", "bottom": "y", "centerY": "y", "width": None, "height": None}
RELATIONS = {"==": "==", "<=": "<=", ">=": ">="}


class SceneError(Exception):
    pass


class OpRefused(Exception):
    """An op refused; `invalid` when layoutbench refuses it while compiling (describe = 'invalid op')."""

    def __init__(self, message, invalid=False):
        Exception.__init__(self, message)
        self.message = message
        self.invalid = invalid


def is_number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def check_priority(value, what):
    """Refuses a priority outside 1...1000 (an op's value), as `layoutbench solve` does."""
    if not is_number(value) or not (math.isfinite(value) and 1 <= value <= 1000):
        raise OpRefused("priority %s for '%s' is out of range (optional priorities are 1...999)"
                        % (format_number(float(value)) if is_number(value) else value, what), invalid=True)


class Replay:
    def __init__(self, kiwi, scene):
        self.kiwi = kiwi
        self.scene = scene
        views = scene.get("views")
        if not isinstance(views, list) or not views:
            raise SceneError("a scene needs at least one view")
        self.view_ids = []
        self.view_index = {}
        for i, v in enumerate(views):
            vid = v.get("id") if isinstance(v, dict) else None
            if not isinstance(vid, str) or not vid or "." in vid:
                raise SceneError("$.views[%d]: a view id must be a non-empty string without '.'" % i)
            if vid in self.view_index:
                raise SceneError('$.views[%d].id: duplicate view id "%s"' % (i, vid))
            self.view_index[vid] = i
            self.view_ids.append(vid)
        Variable = kiwi.Variable
        self.vars = []
        for vid in self.view_ids:
            self.vars.extend((Variable(vid + ".left"), Variable(vid + ".top"),
                              Variable(vid + ".width"), Variable(vid + ".height")))
        self.value = kiwi.Variable.value
        self.required = kiwi.strength.required
        self.solver = kiwi.Solver()
        self.Unsat = kiwi.UnsatisfiableConstraint
        self.KiwiErrors = tuple(getattr(kiwi, n) for n in (
            "UnsatisfiableConstraint", "DuplicateConstraint", "UnknownConstraint",
            "DuplicateEditVariable", "UnknownEditVariable", "BadRequiredStrength") if hasattr(kiwi, n))
        # Constraint bookkeeping, by id: dict with keys
        # expr (kiwi Expression without the constant), op, constant, priority, active, kc (kiwi
        # Constraint in the solver, or None).
        self.live = {}
        self.removed = set()
        self.defined = set()  # ids known in file order (what layoutbench's compile step knows)
        # Edits, by attribute text: dict with var, aux_tie (kiwi Constraint or None), priority.
        self.edits = {}
        self.edit_vars_in_use = set()

    # -- lowering --
    def parse_ref(self, text, what):
        if not isinstance(text, str) or "." not in text:
            raise SceneError('%s: "%s" is not VIEW.ATTRIBUTE' % (what, text))
        view, attr = text.rsplit(".", 1)
        if attr not in ATTRIBUTE_TERMS:
            raise SceneError('%s: unknown attribute "%s" in "%s"' % (what, attr, text))
        if view not in self.view_index:
            raise SceneError('%s: unknown view "%s" in "%s"' % (what, view, text))
        return view, attr

    def attribute_terms(self, text, scale, out, what):
        view, attr = self.parse_ref(text, what)
        base = 4 * self.view_index[view]
        for k, c in ATTRIBUTE_TERMS[attr]:
            out[base + k] = out.get(base + k, 0.0) + c * scale
        return attr

    def lower(self, c, what):
        """Checks one constraint object as validateConstraint does; returns its record."""
        if not isinstance(c, dict):
            raise SceneError("%s: a constraint must be an object" % what)
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            raise SceneError("%s: a constraint id must not be empty" % what)
        rel = c.get("relation")
        if rel not in RELATIONS:
            raise SceneError('%s: relation must be "==", "<=" or ">="' % what)
        multiplier = c.get("multiplier", 1)
        constant = c.get("constant", 0)
        priority = c.get("priority", 1000)
        active = c.get("active", True)
        if not is_number(multiplier) or not is_number(constant) or not is_number(priority) or not isinstance(active, bool):
            raise SceneError("%s: multiplier, constant and priority must be numbers, active a boolean" % what)
        multiplier, constant, priority = float(multiplier), float(constant), float(priority)
        terms = {}
        a1 = self.attribute_terms(c.get("first"), 1.0, terms, what + ".first")
        second = c.get("second")
        if second is not None:
            a2 = self.attribute_terms(second, -multiplier, terms, what + ".second")
            if (AXIS[a1] is None) != (AXIS[a2] is None) or AXIS[a1] != AXIS[a2]:
                raise SceneError('%s: "%s" and "%s": Auto Layout relates location attributes only to location '
                                 "attributes of the same axis, and sizes only to sizes" % (what, c.get("first"), second))
            if not math.isfinite(multiplier):
                raise SceneError("%s: multiplier %s is not a finite number" % (what, multiplier))
            if multiplier == 0:
                raise SceneError("%s: multiplier must not be zero" % what)
        elif multiplier != 1:
            raise SceneError('%s: a multiplier is only allowed with "second"' % what)
        if not math.isfinite(constant):
            raise SceneError("%s: constant %s is not a finite number" % (what, constant))
        if not (math.isfinite(priority) and 1 <= priority <= 1000):
            raise SceneError("%s: priority %s is out of range 1...1000" % (what, format_number(priority)))
        kiwi = self.kiwi
        expr = kiwi.Expression([kiwi.Term(self.vars[v], k) for v, k in sorted(terms.items()) if k != 0.0])
        return {"id": cid, "expr": expr, "op": rel, "constant": constant, "priority": priority,
                "active": active, "kc": None}

    def strength(self, priority):
        return self.required if priority >= 1000 else self.kiwi.strength.create(0, 0, priority)

    def kiwi_constraint(self, rec):
        return self.kiwi.Constraint(rec["expr"] - rec["constant"], rec["op"], self.strength(rec["priority"]))

    def install(self, rec):
        """Adds rec to the solver; raises OpRefused when kiwi refuses it."""
        kc = self.kiwi_constraint(rec)
        try:
            self.solver.addConstraint(kc)
        except self.Unsat:
            raise OpRefused("unable to simultaneously satisfy constraints: %s (kiwi: UnsatisfiableConstraint)" % rec["id"])
        except self.KiwiErrors as e:
            raise OpRefused("%s: kiwi %s" % (rec["id"], type(e).__name__))
        rec["kc"] = kc

    def uninstall(self, rec):
        kc = rec["kc"]
        if kc is not None:
            try:
                self.solver.removeConstraint(kc)
            except self.KiwiErrors as e:
                raise OpRefused("%s: kiwi %s" % (rec["id"], type(e).__name__))
            rec["kc"] = None

    def edit_terms(self, text, what):
        terms = {}
        self.attribute_terms(text, 1.0, terms, what)
        return terms

    def declare_edit(self, attr_text, priority):
        """addEditVariable (with an auxiliary variable for an expression attribute), then hold it."""
        kiwi = self.kiwi
        terms = self.edit_terms(attr_text, "edit " + attr_text)
        value = sum(k * self.value(self.vars[v]) for v, k in terms.items())
        tie = None
        items = list(terms.items())
        if len(items) == 1 and items[0][1] == 1.0 and items[0][0] not in self.edit_vars_in_use:
            var = self.vars[items[0][0]]
            self.edit_vars_in_use.add(items[0][0])
            key = items[0][0]
        else:
            var = kiwi.Variable("edit " + attr_text)
            expr = kiwi.Expression([kiwi.Term(self.vars[v], k) for v, k in items])
            tie = kiwi.Constraint(var - expr, "==", self.required)
            self.solver.addConstraint(tie)
            key = None
        self.solver.addEditVariable(var, self.kiwi.strength.create(0, 0, priority))
        self.solver.suggestValue(var, value)
        self.edits[attr_text] = {"var": var, "tie": tie, "priority": priority, "key": key}

    # -- the initial solve --
    def build(self):
        self.initial_ids = {c.get("id") for c in self.scene.get("constraints", []) if isinstance(c, dict)}
        for i, c in enumerate(self.scene.get("constraints", [])):
            rec = self.lower(c, '$.constraints[%d] (id "%s")' % (i, c.get("id") if isinstance(c, dict) else "?"))
            if rec["id"] in self.live:
                raise SceneError('$.constraints[%d]: duplicate constraint id "%s"' % (i, rec["id"]))
            self.live[rec["id"]] = rec
            self.defined.add(rec["id"])
            if rec["active"]:
                try:
                    self.install(rec)
                except OpRefused as e:
                    raise SceneError("the scene's required constraints are unsatisfiable: " + e.message)
        edits = self.scene.get("edits", [])
        if edits:
            self.solver.updateVariables()  # the held values come from the initial solution
        for i, e in enumerate(edits):
            attr = e.get("attribute")
            p = e.get("priority")
            if not is_number(p) or not (1 <= p < 1000):
                raise SceneError("$.edits[%d] (%s).priority: an edit's priority must be in 1...999" % (i, attr))
            if attr in self.edits:
                raise SceneError("$.edits[%d]: '%s' is declared as an edit twice" % (i, attr))
            self.declare_edit(attr, float(p))
        self.solver.updateVariables()

    def rects(self):
        return list(map(self.value, self.vars))

    # -- ops --
    def live_record(self, cid):
        if not isinstance(cid, str) or cid not in self.defined:
            raise OpRefused("unknown constraint '%s'" % cid, invalid=True)
        if cid in self.removed:
            raise OpRefused("constraint '%s' was removed; its id cannot be used again" % cid)
        rec = self.live.get(cid)
        if rec is None:
            raise OpRefused("unknown constraint '%s'" % cid)
        return rec

    def finite_value(self, op, what):
        v = op.get("value")
        if not is_number(v):
            raise OpRefused("%s: value is not a number" % what, invalid=True)
        v = float(v)
        if not math.isfinite(v):
            raise OpRefused("%s: value %s is not a finite number" % (what, format_number(v)), invalid=True)
        return v

    def apply(self, op):
        kind = op.get("op") if isinstance(op, dict) else None
        if kind == "suggest":
            attr = op.get("attribute")
            value = self.finite_value(op, "suggest %s" % attr)
            edit = self.edits.get(attr)
            if edit is None:
                raise OpRefused("'%s' is not a declared edit variable" % attr)
            self.solver.suggestValue(edit["var"], value)
        elif kind == "setConstant":
            cid = op.get("constraint")
            value = self.finite_value(op, "setConstant %s" % cid)
            rec = self.live_record(cid)
            if rec["kc"] is None:
                rec["constant"] = value
                return
            old = rec["constant"]
            self.uninstall(rec)
            rec["constant"] = value
            try:
                self.install(rec)
            except OpRefused:
                rec["constant"] = old
                self.install(rec)
                raise
        elif kind == "setPriority":
            cid = op.get("constraint")
            v = op.get("value")
            check_priority(v, cid)
            if cid in self.defined and v >= 1000:
                raise OpRefused("cannot change the priority of '%s' to or from required (1000)" % cid, invalid=True)
            rec = self.live_record(cid)
            if rec["priority"] >= 1000:
                raise OpRefused("cannot change the priority of '%s' to or from required (1000)" % cid)
            if rec["kc"] is None:
                rec["priority"] = float(v)
                return
            self.uninstall(rec)
            rec["priority"] = float(v)
            self.install(rec)  # optional: kiwi never refuses it
        elif kind == "activate":
            rec = self.live_record(op.get("constraint"))
            if rec["active"]:
                return
            self.install(rec)
            rec["active"] = True
        elif kind == "deactivate":
            rec = self.live_record(op.get("constraint"))
            if not rec["active"]:
                return
            self.uninstall(rec)
            rec["active"] = False
        elif kind == "add":
            c = op.get("constraint")
            cid = c.get("id") if isinstance(c, dict) else None
            try:
                rec = self.lower(c, "add")
            except SceneError as e:
                raise OpRefused(str(e), invalid=True)
            if cid in self.defined and cid in self.initial_ids:
                raise OpRefused("duplicate constraint id '%s'" % cid, invalid=True)
            self.defined.add(cid)
            if cid in self.removed:
                raise OpRefused("constraint '%s' was removed; its id cannot be used again" % cid)
            if cid in self.live:
                raise OpRefused("duplicate constraint id '%s'" % cid)
            if rec["active"]:
                self.install(rec)
            self.live[cid] = rec
        elif kind == "remove":
            cid = op.get("constraint")
            rec = self.live_record(cid)
            self.uninstall(rec)
            del self.live[cid]
            self.removed.add(cid)
        elif kind == "addEdit":
            attr = op.get("attribute")
            p = op.get("priority")
            check_priority(p, attr)
            if p >= 1000:
                raise OpRefused("edit variable '%s' has priority 1000; edits must be optional (below 1000)" % attr,
                                invalid=True)
            try:
                self.edit_terms(attr, "addEdit")
            except SceneError as e:
                raise OpRefused(str(e), invalid=True)
            if attr in self.edits:
                raise OpRefused("'%s' is already an edit variable" % attr)
            self.declare_edit(attr, float(p))
        elif kind == "removeEdit":
            attr = op.get("attribute")
            edit = self.edits.get(attr)
            if edit is None:
                raise OpRefused("'%s' is not a declared edit variable" % attr)
            self.solver.removeEditVariable(edit["var"])
            if edit["tie"] is not None:
                self.solver.removeConstraint(edit["tie"])
            if edit["key"] is not None:
                self.edit_vars_in_use.discard(edit["key"])
            del self.edits[attr]
        else:
            raise OpRefused("unknown op %s" % json.dumps(kind), invalid=True)

    @staticmethod
    def describe(op, refusal):
        if refusal.invalid or not isinstance(op, dict):
            return "invalid op"
        kind = op.get("op")
        if kind in ("suggest", "addEdit", "removeEdit"):
            return "%s %s" % (kind, op.get("attribute"))
        target = op.get("constraint")
        if kind == "add" and isinstance(target, dict):
            target = target.get("id")
        return "%s %s" % (kind, target)

    def run_frame(self, index, ops):
        """Applies a frame's ops; returns one message per refused op (solve and read done by the caller)."""
        errors = []
        for i, op in enumerate(ops):
            try:
                self.apply(op)
            except OpRefused as e:
                errors.append("frame %d op %d (%s): %s" % (index + 1, i, self.describe(op, e), e.message))
            except self.KiwiErrors as e:
                errors.append("frame %d op %d (%s): kiwi %s" % (index + 1, i, self.describe(op, OpRefused("")),
                                                               type(e).__name__))
        return errors


def percentile(sorted_samples, p):
    if not sorted_samples:
        return 0.0
    rank = int(math.ceil(p / 100.0 * len(sorted_samples)))
    return sorted_samples[max(0, min(len(sorted_samples) - 1, rank - 1))]


def summarize(samples):
    s = sorted(samples)
    if not s:
        return {"p50": 0.0, "p90": 0.0, "p99": 0.0, "max": 0.0, "mean": 0.0}
    return {"p50": percentile(s, 50), "p90": percentile(s, 90), "p99": percentile(s, 99),
            "max": s[-1], "mean": sum(s) / len(s)}


def main(argv=None):
    ap = argparse.ArgumentParser(description="Replay a LayoutBench scene with kiwisolver; writes the same "
                                             "JSON lines as `layoutbench solve`.")
    ap.add_argument("scene", help="scene file (- for standard input)")
    ap.add_argument("--output", "-o", help="write the JSON lines to this file instead of standard output")
    ap.add_argument("--timings", help="write build and per-frame timings as JSON to this file")
    ap.add_argument("--frames", type=int, default=None, help="replay only the first N frames")
    ap.add_argument("--time-limit", type=float, default=None,
                    help="stop replaying frames once they have taken this many seconds in total")
    ap.add_argument("--quiet", action="store_true", help="no progress or notes on standard error")
    args = ap.parse_args(argv)

    kiwi = import_kiwi(args.quiet)
    try:
        if args.scene == "-":
            scene = json.load(sys.stdin)
        else:
            with open(args.scene, "rb") as f:
                scene = json.loads(f.read())
    except (OSError, ValueError) as e:
        print("kiwi_replay: %s: %s" % (args.scene, e), file=sys.stderr)
        return 1
    if not isinstance(scene, dict):
        print("kiwi_replay: %s: not a scene object" % args.scene, file=sys.stderr)
        return 1
    frames = scene.get("frames", [])
    total_frames = len(frames)
    if args.frames is not None:
        frames = frames[:max(0, args.frames)]

    out = open(args.output, "w") if args.output else sys.stdout
    name = scene.get("name", os.path.basename(args.scene))
    perf = time.perf_counter_ns
    try:
        replay = Replay(kiwi, scene)
        t0 = perf()
        replay.build()
        rects = replay.rects()
        build_ns = perf() - t0
    except SceneError as e:
        print("kiwi_replay: %s: %s" % (args.scene, e), file=sys.stderr)
        return 1
    out.write(frame_line(0, rects, []) + "\n")
    if not args.quiet:
        print("kiwi_replay: %s: %d views, %d constraints, build %.3f s; replaying %d of %d frames"
              % (name, len(replay.view_ids), len(scene.get("constraints", [])), build_ns * 1e-9,
                 len(frames), total_frames), file=sys.stderr)

    series = []
    refused = 0

    def write_timings(complete):
        """The timings so far; written after the build and every few seconds too, so that a
        caller that has to kill a replay stuck in one huge frame still gets what was measured."""
        if not args.timings:
            return
        result = {
            "scene": name,
            "views": len(replay.view_ids),
            "constraints": len(scene.get("constraints", [])),
            "frames": len(series),
            "scene_frames": total_frames,
            "complete": complete,
            "build_seconds": build_ns * 1e-9,
            "frame_seconds": summarize(series) if series else None,
            "frames_seconds_total": sum(series),
            "refused_ops": refused,
            "kiwisolver_version": getattr(kiwi, "__version__", "?"),
            "kiwi_version": getattr(kiwi, "__kiwi_version__", "?"),
            "priority_mapping": "1000 -> strength.required; p < 1000 -> strength.create(0, 0, p) (weight p)",
            "series": series,
        }
        with open(args.timings + ".tmp", "w") as f:
            json.dump(result, f, indent=1)
            f.write("\n")
        os.replace(args.timings + ".tmp", args.timings)

    write_timings(False)
    last_write = time.monotonic()
    solver = replay.solver
    run_frame = replay.run_frame
    read = replay.rects
    started = time.monotonic()
    for index, ops in enumerate(frames):
        if not isinstance(ops, list):
            ops = [ops]
        t0 = perf()
        errors = run_frame(index, ops)
        solver.updateVariables()
        series.append((perf() - t0) * 1e-9)
        rects = read()
        refused += len(errors)
        out.write(frame_line(index + 1, rects, errors) + "\n")
        if time.monotonic() - last_write > 5:
            out.flush()
            write_timings(False)
            last_write = time.monotonic()
        if not args.quiet and time.monotonic() - started > 10 and (index + 1) % 10 == 0:
            print("kiwi_replay: frame %d/%d, p50 so far %.4f s" % (index + 1, len(frames),
                                                                  summarize(series)["p50"]), file=sys.stderr)
        if args.time_limit is not None and sum(series) > args.time_limit:
            if not args.quiet:
                print("kiwi_replay: stopped after %d frames (--time-limit %g s)" % (index + 1, args.time_limit),
                      file=sys.stderr)
            break
    if out is not sys.stdout:
        out.close()
    else:
        out.flush()

    write_timings(True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
