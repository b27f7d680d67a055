#!/usr/bin/env python3
# The smallest complete LayoutBench driver (protocol 1), on kiwisolver: usage `minimal_driver.py TRACE`.
import sys, time
import kiwisolver as kiwi

def strength(p): return kiwi.strength.required if p >= 1000 else kiwi.strength.create(0, 0, p)

lines = [l.split() for l in open(sys.argv[-1])]
assert lines[0] == ["layoutbench-trace", "1"], "not a version-1 trace"
head = {l[0]: l[1] for l in lines if len(l) == 2}
V, R, W, show, limit = int(head["variables"]), int(head["read"]), int(head["warmup"]), head["values"] == "1", float(head["timelimit"])
cons = [l for l in lines if l[0] == "c"]
edits = [[(int(l[3 + 2 * i]), float(l[4 + 2 * i])) for i in range(int(l[2]))] for l in lines if l[0] == "e"]
frames = []
for l in lines:
    if l[0] == "frame": frames.append([])
    elif frames and l[0] not in ("solve", "end"): frames[-1].append(l)

class Play:
    def __init__(self):
        self.s, self.x = kiwi.Solver(), [kiwi.Variable() for _ in range(V)]
        self.c = [[c[2], float(c[3]), float(c[4]), c[5] == "1", c[6] == "1",
                   [(int(c[8 + 2 * i]), float(c[9 + 2 * i])) for i in range(int(c[7]))], None] for c in cons]
        self.ev = {}
        for h, c in enumerate(self.c):
            if c[3] and c[4]: self.on(h)
        self.read()
        for l in lines:
            if l[0] == "initialEdit": self.edit(int(l[1]), float(l[2]), float(l[3]))
    def expr(self, terms, k=0.0): return kiwi.Expression(tuple(kiwi.Term(self.x[v], w) for v, w in terms), -k)
    def on(self, h):
        c = self.c[h]; c[6] = kiwi.Constraint(self.expr(c[5], c[1]), c[0], strength(c[2])); self.s.addConstraint(c[6])
    def off(self, h):
        if self.c[h][6] is not None: self.s.removeConstraint(self.c[h][6]); self.c[h][6] = None
    def edit(self, e, p, value):
        v, tie = kiwi.Variable(), None
        tie = kiwi.Constraint(self.expr(edits[e]) - v, "==", kiwi.strength.required); self.s.addConstraint(tie)
        self.s.addEditVariable(v, strength(p)); self.s.suggestValue(v, value); self.ev[e] = (v, tie)
    def op(self, l):
        k, h, c = l[0], int(l[2]), None
        if k in ("setConstant", "setPriority", "activate", "deactivate", "add", "remove"): c = self.c[h]
        if k == "suggest": self.s.suggestValue(self.ev[h][0], float(l[3]))
        elif k in ("setConstant", "setPriority"):
            c[1 if k == "setConstant" else 2] = float(l[3])
            if c[6] is not None: self.off(h); self.on(h)
        elif k == "activate": c[3] = True; c[4] and self.on(h)
        elif k == "deactivate": c[3] = False; self.off(h)
        elif k == "add": c[4] = True; c[3] and self.on(h)
        elif k == "remove": self.off(h); c[4] = False
        elif k == "addEdit": self.edit(h, float(l[3]), float(l[4]))
        elif k == "removeEdit": v, tie = self.ev.pop(h); self.s.removeEditVariable(v); self.s.removeConstraint(tie)
    def frame(self, f, refused):
        for l in frames[f]:
            try: self.op(l)
            except kiwi.UnsatisfiableConstraint: refused.append("refused %d %s unsatisfiable" % (f + 1, l[1]))
        self.read()
    def read(self): self.s.updateVariables(); self.values = [v.value() for v in self.x[:R]]

print("layoutbench-driver 1 minimal")
warm, start = Play(), time.perf_counter()
for f in range(min(W, len(frames))):
    warm.frame(f, [])
    if limit and time.perf_counter() - start > limit / 4: break
t0 = time.perf_counter_ns(); play = Play(); print("build", time.perf_counter_ns() - t0)
if show: print("values 0", *map(repr, play.values))
spent = 0
for f in range(len(frames)):
    refused = []; t0 = time.perf_counter_ns(); play.frame(f, refused); ns = time.perf_counter_ns() - t0; spent += ns
    print(*refused, sep="\n") if refused else None
    print("frame", f + 1, ns)
    if show: print("values", f + 1, *map(repr, play.values))
    if limit and spent > limit * 1e9 and f + 1 < len(frames): print("stopped", f + 1); break
print("end")
