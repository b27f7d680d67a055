#!/usr/bin/env python3
"""A LayoutBench driver for kiwisolver (kiwi through its Python binding).

    python3 kiwisolver_driver.py SCENE.trace

Reads a solver-level trace (`layoutbench export SCENE --trace`), builds the solver
(timed), plays the warm-up frames on a separate build, then times every frame: its
ops, the solve and reading back every variable (kiwi cannot tell which changed, so
all are read, as its updateVariables does). Prints protocol `layoutbench-driver 1`.

Priority -> strength: 1000 -> required; optional p (1..999) -> weight p
(kiwi.strength.create(0, 0, p)). The rest of this file is solver-neutral: `Play`
reads the trace and keeps each constraint's state; a solver supplies `make`, `add`,
`remove`, `add_edit`, `remove_edit`, `suggest`, `solve` and `read`.
"""
import sys
import time

from driver_output import print_values


class Refused(Exception):
    """The solver refused an op (its required constraints would conflict)."""


def read_trace(path):
    t = {"constraints": [], "edits": [], "initial_edits": [], "frames": []}
    frame = None
    with open(path) as f:
        head = f.readline().split()
        if head != ["layoutbench-trace", "1"]:
            sys.exit("not a version-1 trace: %s" % path)
        for line in f:
            p = line.split()
            if not p:
                continue
            k = p[0]
            if k in ("variables", "read", "warmup", "values"):
                t[k] = int(p[1])
            elif k == "timelimit":
                t[k] = float(p[1])
            elif k == "c":  # c H REL CONST PRIO ACTIVE PRESENT N v k ...
                n = int(p[7])
                terms = [(int(p[8 + 2 * i]), float(p[9 + 2 * i])) for i in range(n)]
                t["constraints"].append([p[2], float(p[3]), float(p[4]), p[5] == "1", p[6] == "1", terms])
            elif k == "e":  # e H N v k ...
                n = int(p[2])
                t["edits"].append([(int(p[3 + 2 * i]), float(p[4 + 2 * i])) for i in range(n)])
            elif k == "initialEdit":
                t["initial_edits"].append((int(p[1]), float(p[2]), float(p[3])))
            elif k == "frame":
                frame = []
            elif k == "solve":
                t["frames"].append(frame)
            elif k in ("suggest", "setConstant", "setPriority", "addEdit"):
                frame.append((k, int(p[1]), int(p[2])) + tuple(float(x) for x in p[3:]))
            elif k in ("activate", "deactivate", "add", "remove", "removeEdit"):
                frame.append((k, int(p[1]), int(p[2])))
    return t


class Play:
    """One build of the trace on one solver: the constraints' state, and the ops in solver terms."""

    def __init__(self, trace, solver_class):
        self.t = trace
        self.s = solver_class(trace["variables"], trace["edits"])
        self.state = [list(c) for c in trace["constraints"]]  # rel, const, prio, active, present, terms
        self.handle = [None] * len(self.state)
        for h, c in enumerate(self.state):
            if c[3] and c[4]:
                self.install(h)
        self.s.solve()
        self.values = self.s.read(trace["read"])
        for e, prio, value in trace["initial_edits"]:
            self.s.add_edit(e, prio, value)

    def install(self, h):
        rel, const, prio, _, _, terms = self.state[h]
        c = self.s.make(terms, rel, const, prio)
        self.s.add(c)  # may raise Refused
        self.handle[h] = c

    def uninstall(self, h):
        if self.handle[h] is not None:
            self.s.remove(self.handle[h])
            self.handle[h] = None

    def change(self, h, field, value):
        old = self.state[h][field]
        self.state[h][field] = value
        if self.handle[h] is None:
            return
        self.uninstall(h)
        try:
            self.install(h)
        except Refused:
            self.state[h][field] = old
            self.install(h)
            raise

    def apply(self, op):
        k, h = op[0], op[2]
        c = self.state[h] if k not in ("suggest", "addEdit", "removeEdit") else None
        if k == "suggest":
            self.s.suggest(h, op[3])
        elif k == "setConstant":
            self.change(h, 1, op[3])
        elif k == "setPriority":
            self.change(h, 2, op[3])
        elif k == "activate" and not c[3]:
            c[3] = True
            if c[4]:
                try:
                    self.install(h)
                except Refused:
                    c[3] = False
                    raise
        elif k == "deactivate" and c[3]:
            c[3] = False
            self.uninstall(h)
        elif k == "add":
            c[4] = True
            if c[3]:
                try:
                    self.install(h)
                except Refused:
                    c[4] = False
                    raise
        elif k == "remove":
            self.uninstall(h)
            c[4] = False
        elif k == "addEdit":
            self.s.add_edit(h, op[3], op[4])
        elif k == "removeEdit":
            self.s.remove_edit(h)

    def frame(self, index, refused):
        for op in self.t["frames"][index]:
            try:
                self.apply(op)
            except Refused as error:
                refused.append((op[1], str(error)))
        self.s.solve()
        self.values = self.s.read(self.t["read"])


def main(solver_class, name):
    t = read_trace(sys.argv[-1])
    frames, limit = t["frames"], t.get("timelimit", 0.0)
    out = sys.stdout
    out.write("layoutbench-driver 1 %s\n" % name)
    if t.get("warmup", 0) > 0:
        warm_start = time.perf_counter()
        warm, started = Play(t, solver_class), time.perf_counter()
        # On standard error, so that a run stopped by the wall-clock limit still tells what a build costs.
        sys.stderr.write("%s driver: warm-up build %.3f s\n" % (name, started - warm_start))
        sys.stderr.flush()
        for i in range(min(t["warmup"], len(frames))):
            warm.frame(i, [])
            if limit > 0 and time.perf_counter() - started > limit / 4:
                break
        del warm
    clock = time.perf_counter_ns
    t0 = clock()
    play = Play(t, solver_class)
    out.write("build %d\n" % (clock() - t0))
    show = t.get("values", 0) == 1
    if show:
        print_values(out, 0, play.values)
    spent = 0
    for i in range(len(frames)):
        refused = []
        t0 = clock()
        play.frame(i, refused)
        ns = clock() - t0
        spent += ns
        for op, message in refused:
            out.write("refused %d %d %s\n" % (i + 1, op, message.replace("\n", " ")))
        out.write("frame %d %d\n" % (i + 1, ns))
        if show:
            print_values(out, i + 1, play.values)
        if limit > 0 and spent > limit * 1e9 and i + 1 < len(frames):
            out.write("stopped %d\n" % (i + 1))
            break
    out.write("end\n")


class Kiwi:
    """kiwisolver: an edit drives a variable, so an expression edit gets its own variable tied to it."""

    def __init__(self, count, edits):
        try:
            import kiwisolver as kiwi
        except ImportError:
            sys.exit("kiwisolver is not installed: pip install 'kiwisolver==1.5.*'")
        self.kiwi = kiwi
        self.solver = kiwi.Solver()
        self.x = [kiwi.Variable("x%d" % i) for i in range(count)]
        self.edits = edits
        self.edit_var = {}  # edit -> (variable, tie constraint or None)

    def strength(self, prio):
        return self.kiwi.strength.required if prio >= 1000 else self.kiwi.strength.create(0, 0, prio)

    def expression(self, terms, constant=0.0):
        return self.kiwi.Expression(tuple(self.kiwi.Term(self.x[v], k) for v, k in terms), -constant)

    def make(self, terms, rel, const, prio):
        return self.kiwi.Constraint(self.expression(terms, const), rel, self.strength(prio))

    def add(self, c):
        try:
            self.solver.addConstraint(c)
        except self.kiwi.UnsatisfiableConstraint as error:
            raise Refused("unsatisfiable: %s" % error)

    def remove(self, c):
        self.solver.removeConstraint(c)

    def add_edit(self, e, prio, value):
        terms = self.edits[e]
        tie = None
        if len(terms) == 1 and terms[0][1] == 1.0:
            var = self.x[terms[0][0]]
        else:
            var = self.kiwi.Variable("edit%d" % e)
            tie = self.kiwi.Constraint(self.expression(terms) - var, "==", self.kiwi.strength.required)
            self.solver.addConstraint(tie)
        self.solver.addEditVariable(var, self.kiwi.strength.create(0, 0, prio))
        self.solver.suggestValue(var, value)
        self.edit_var[e] = (var, tie)

    def remove_edit(self, e):
        var, tie = self.edit_var.pop(e)
        self.solver.removeEditVariable(var)
        if tie is not None:
            self.solver.removeConstraint(tie)

    def suggest(self, e, value):
        self.solver.suggestValue(self.edit_var[e][0], value)

    def solve(self):
        self.solver.updateVariables()

    def read(self, count):
        return [v.value() for v in self.x[:count]]


if __name__ == "__main__":
    main(Kiwi, "kiwisolver")
