#!/usr/bin/env python3
"""A LayoutBench driver for the pure-Python `cassowary` package (0.5.2 on PyPI).

    python3 cassowary_driver.py SCENE.trace

The trace reading, constraint bookkeeping, warm-up and timing are kiwisolver_driver.py's
(`main`, `Play`); this file supplies the solver. Priority -> strength: 1000 -> REQUIRED;
optional p -> strength WEAK (1) with weight p, the same weight p as kiwi's.

cassowary re-optimises as constraints are added unless auto_solve is off; with it off, a
frame's structural ops (add, remove, re-add for a new constant or priority) are applied
first and optimised by solve(), then its suggested values go through the dual simplex
(resolve()), as cassowary's edit protocol expects. A frame's result is the optimum of the
constraints in force at its end, so this order gives the same answer as the trace's order.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kiwisolver_driver import Refused, main  # noqa: E402


class Cassowary:
    def __init__(self, count, edits):
        try:
            import cassowary
            from cassowary import expression
        except ImportError:
            sys.exit("cassowary is not installed: pip install cassowary==0.5.2")
        self.c = cassowary
        self.e = expression
        self.solver = cassowary.SimplexSolver()
        self.solver.auto_solve = False
        self.x = [cassowary.Variable("x%d" % i) for i in range(count)]
        self.edits = edits
        self.edit_var = {}
        self.suggested = {}
        self.ops = {"==": expression.Constraint.EQ, "<=": expression.Constraint.LEQ, ">=": expression.Constraint.GEQ}

    def expression(self, terms):
        expr = self.e.Expression()
        for v, k in terms:
            expr.add_variable(self.x[v], k)
        return expr

    def make(self, terms, rel, const, prio):
        if prio >= 1000:
            return self.e.Constraint(self.expression(terms), self.ops[rel], float(const))
        return self.e.Constraint(self.expression(terms), self.ops[rel], float(const), strength=self.c.WEAK, weight=prio)

    def add(self, c):
        try:
            self.solver.add_constraint(c)
        except self.c.RequiredFailure as error:
            raise Refused("unsatisfiable: %s" % (error or "required constraints conflict"))

    def remove(self, c):
        self.solver.remove_constraint(c)

    def add_edit(self, e, prio, value):
        terms = self.edits[e]
        tie = None
        if len(terms) == 1 and terms[0][1] == 1.0:
            var = self.x[terms[0][0]]
        else:
            var = self.c.Variable("edit%d" % e)
            expr = self.expression(terms)
            expr.add_variable(var, -1.0)
            tie = self.e.Constraint(expr, self.e.Constraint.EQ, 0.0)
            self.solver.add_constraint(tie)
        self.solver.add_constraint(self.e.EditConstraint(var, strength=self.c.WEAK, weight=prio))
        self.edit_var[e] = (var, tie)
        self.suggested[e] = value

    def remove_edit(self, e):
        var, tie = self.edit_var.pop(e)
        self.suggested.pop(e, None)
        self.solver.remove_edit_var(var)
        if tie is not None:
            self.solver.remove_constraint(tie)

    def suggest(self, e, value):
        self.suggested[e] = value

    def solve(self):
        self.solver.solve()
        if self.suggested:
            for e, value in self.suggested.items():
                self.solver.suggest_value(self.edit_var[e][0], value)
            self.suggested.clear()
            self.solver.resolve()

    def read(self, count):
        return [v.value for v in self.x[:count]]


if __name__ == "__main__":
    main(Cassowary, "cassowary-py")
