import BenchHarness
import CassowarySolver
import DenseSimplex
@testable import FactoredSimplex
import LayoutModel
import TestSupport
import Testing

/// A tight constraint taken out and one on the same terms put in within a frame: the
/// new row takes the old one's place in the factor (RowReplacement.swift). The cost
/// changes made earlier in the frame noted the old row's columns for pricing; the
/// new row must inherit the note, or an improving pivot is never taken.
@Suite("Factored simplex: rows replaced in place")
struct ReplacementTests {
    /// View `v` pinned but for its width, with `constraints`; `frames` played on each exact back end.
    private func widths(
        _ name: String, _ constraints: (SceneBuilder, ViewRef) -> Void, frames: [[Op]]
    ) throws -> [String: [[Double]]] {
        let b = SceneBuilder(name: name)
        let v = b.view("v")
        b.add(v.left == 0); b.add(v.top == 0); b.add(v.height == 10)
        constraints(b, v)
        for f in frames { b.frame(f) }
        let scene = b.build()
        var out: [String: [[Double]]] = [:]
        for backend in [FactoredBackend.self, DenseSimplexBackend.self, CassowaryBackend.self] as [any LayoutBackend.Type] {
            out[backend.name] = try solveFrames(scene, backend)
        }
        return out
    }

    /// The other exact back ends agree up to rounding (dense pivots its way to 96.99999999999999).
    private func expectClose(_ r: [String: [[Double]]], _ expected: [[Double]], sourceLocation: SourceLocation = #_sourceLocation) {
        for name in ["dense", "cassowary"] {
            let got = r[name] ?? []
            let agree = got.count == expected.count
                && zip(got, expected).allSatisfy { Tolerance.approximatelyEqual($0, $1, relative: 1e-9) }
            #expect(agree, "\(name): \(got)", sourceLocation: sourceLocation)
        }
    }

    @Test("a required minimum removed and put back after a stronger constraint was added: the stronger one wins again")
    func removeAndReAddAfterAdd() throws {
        let r = try widths("remove-readd", { b, v in
            b.add(v.width == 122 ~ 536, id: "a")
            b.add(v.width == 142 ~ 239, id: "b")
            b.add(v.width >= 97, id: "m")
        }, frames: [
            // `a` asks for less than the minimum: `m` becomes tight, `a` loose.
            [.setConstant(constraint: "a", value: -118.45)],
            // `a2` is loose when added (its costs move `m`'s duals); `m2` then takes `m`'s place.
            [.add((ViewRef("v").width == 122 ~ 536).constraint(id: "a2")),
             .remove(constraint: "m"),
             .add((ViewRef("v").width >= 97).constraint(id: "m2"))],
        ])
        let expected: [[Double]] = [[0, 0, 122, 10], [0, 0, 97, 10], [0, 0, 122, 10]]
        #expect(r["factored"] == expected)
        expectClose(r, expected)
    }

    @Test("a required constraint replaced by an optional one, then that by another at its priority: the stronger preference wins")
    func replacedTwiceAcrossLevels() throws {
        let r = try widths("replaced-twice", { b, v in
            b.add(v.width == 50 ~ 500, id: "p")
            b.add((v.width == 100).inactive(), id: "x")
        }, frames: [
            [.activate(constraint: "x")],
            // `y` takes `x`'s place at another level (noted for pricing); `z` takes `y`'s at the same one.
            [.remove(constraint: "x"),
             .add((ViewRef("v").width == 100 ~ 249).constraint(id: "y")),
             .remove(constraint: "y"),
             .add((ViewRef("v").width == 90 ~ 249).constraint(id: "z"))],
        ])
        let expected: [[Double]] = [[0, 0, 50, 10], [0, 0, 100, 10], [0, 0, 50, 10]]
        #expect(r["factored"] == expected)
        expectClose(r, expected)
    }

    @Test("two stacked chains tied by required rows: a required gap swapped for optional ones twice agrees with dense and cassowary")
    func stackedChainsGapSwapped() throws {
        let b = SceneBuilder(name: "chains")
        let root = b.view("root")
        let lone = b.view("lone", parent: root)
        b.add(lone.height == 44)
        /// A stack of `count` views 44 high, 8 apart, after `first` (none: the chain's top is free).
        func chain(_ prefix: String, _ count: Int) -> [ViewRef] {
            var views: [ViewRef] = []
            for i in 0..<count {
                let v = b.view("\(prefix)\(i)", parent: root)
                b.add(v.height == 44)
                if let last = views.last, !(prefix == "b" && i == 4) { b.add(v.top == last.bottom + 8) }
                views.append(v)
            }
            return views
        }
        let upper = chain("a", 8)
        let lower = chain("b", 7)
        b.add((lower[4].top == lower[3].bottom + 24).inactive(), id: "gap")
        b.frame([.add((lone.bottom >= 0.25 * lower[0].top + 326).constraint(id: "floor")),
                 .add((upper[0].top == -83 ~ 749).constraint(id: "pin"))])
        b.frame([.add((lone.top <= -10 ~ 500).constraint(id: "cap"))])
        b.frame([.add((lower[6].bottom == 0.5 * upper[7].centerY + 232).constraint(id: "tie"))])
        b.frame([.activate(constraint: "gap")])
        b.frame([.remove(constraint: "gap"),
                 .add((lower[4].top == lower[3].bottom + 68 ~ 249).constraint(id: "gap68")),
                 .remove(constraint: "gap68"),
                 .add((lower[4].top == lower[3].bottom + 60 ~ 249).constraint(id: "gap60"))])
        let outcome = Equivalence.compare(
            name: "chains", scene: try b.build().compile(),
            backends: [CassowaryBackend.self, DenseSimplexBackend.self, FactoredBackend.self])
        #expect(outcome.passed, "\(outcome.disagreements.first.map(\.description) ?? "")")
        // The last frame: `cap` holds, so `lone` sits at -10 at the latest, and the chain
        // below follows (cassowary's unique rectangles are compared by the check above).
        let factored = try solveFrames(b.build(), FactoredBackend.self)
        #expect(factored[5][4 * 1 + 1] <= -10)
    }
}
