import LayoutModel
import Testing

@testable import SceneGenerator

private func generate(_ family: Family, views: Int, frames: Int = 20, seed: UInt64 = 1, toggleEvery: Int = 30, ambiguous: Bool = false) -> Scene {
    SceneGenerator.generate(family, GeneratorParameters(views: views, frames: frames, seed: seed, toggleEvery: toggleEvery, ambiguous: ambiguous))
}

private func opCounts(_ scene: Scene) -> [Int] { scene.frames.map(\.count) }

/// The axis rules and priority ranges, checked directly (independently of `validate()`).
private func axisAndPriorityProblems(_ scene: Scene) -> [String] {
    var problems: [String] = []
    func check(_ c: Constraint) {
        if let s = c.second, !c.first.attribute.canRelate(to: s.attribute) { problems.append("\(c.id): axis") }
        if c.second == nil, c.multiplier != 1 { problems.append("\(c.id): multiplier without second") }
        if !(1...1000).contains(c.priority.rawValue) { problems.append("\(c.id): priority") }
    }
    scene.constraints.forEach(check)
    for frame in scene.frames {
        for op in frame {
            switch op {
            case .add(let c): check(c)
            case .setPriority(let id, let value) where !(1...999).contains(value): problems.append("\(id): setPriority \(value)")
            case .addEdit(let a, let p) where !(1...999).contains(p.rawValue): problems.append("\(a): edit priority")
            default: break
            }
        }
    }
    for e in scene.edits where !(1...999).contains(e.priority.rawValue) { problems.append("\(e.attribute): edit priority") }
    return problems
}

@Suite("Scene generator")
struct SceneGeneratorTests {
    @Test("every family at 10 and 1,000 views validates and keeps the axis rules", arguments: Family.allCases)
    func valid(family: Family) {
        for views in [10, 1000] {
            let scene = generate(family, views: views, frames: 40, toggleEvery: 7)
            let problems = scene.validate()
            #expect(problems.isEmpty, "\(family)-\(views): \(problems.prefix(3))")
            #expect(axisAndPriorityProblems(scene).isEmpty, "\(family)-\(views): \(axisAndPriorityProblems(scene).prefix(3))")
        }
    }

    @Test("the --ambiguous scenes validate too", arguments: Family.allCases)
    func ambiguousValid(family: Family) {
        let scene = generate(family, views: 30, frames: 40, ambiguous: true)
        #expect(scene.validate().isEmpty, "\(family): \(scene.validate().prefix(3))")
    }

    @Test("ids: unique among all constraints ever present, added ids never reused", arguments: Family.allCases)
    func ids(family: Family) {
        let scene = generate(family, views: 60, frames: 120, toggleEvery: 5)
        var ids = scene.constraints.map(\.id)
        for frame in scene.frames { for case .add(let c) in frame { ids.append(c.id) } }
        #expect(Set(ids).count == ids.count)
        #expect(Set(scene.views.map(\.id)).count == scene.views.count)
    }

    // MARK: Structure

    @Test("stack: root + N rows, 4 constraints each, one edit, one suggest per frame")
    func stack() {
        let s = generate(.stack, views: 11)
        #expect(s.views.count == 11 && s.constraints.count == 4 + 4 * 10 && s.edits.count == 1)
        #expect(s.frames.count == 20 && opCounts(s).allSatisfy { $0 == 1 })
        #expect(s.frames.allSatisfy { if case .suggest(let a, _) = $0[0] { a.description == "v0.height" } else { false } })
        #expect(generate(.stack, views: 1).views.count == 2)
    }

    @Test("tree: exactly N views, breadth first, stacks alternate by depth, one suggest per frame")
    func tree() {
        let s = generate(.tree, views: 21)  // root + 4 + 16
        #expect(s.views.count == 21 && s.constraints.count == 4 + 4 * 20 && s.edits.count == 1)
        #expect(opCounts(s).allSatisfy { $0 == 1 })
        #expect(s.views[1].parent == "root" && s.views[5].parent == "v1" && s.views[20].parent == "v4")
        // Depth 1 lies in a horizontal stack (widths shared), depth 2 in a vertical one.
        #expect(s.constraints.contains { $0.first.description == "v1.width" && $0.second?.description == "root.width" && $0.multiplier == 0.25 })
        #expect(s.constraints.contains { $0.first.description == "v5.height" && $0.second?.description == "v1.height" })
        let odd = SceneGenerator.generate(.tree, GeneratorParameters(views: 10, frames: 3, fanout: 3))  // 1 + 3 + 3 + 3
        #expect(odd.views.count == 10 && odd.constraints.count == 4 + 4 * 9 && odd.views[9].parent == "v2")
        #expect(generate(.tree, views: 1000).views.count == 1000)
    }

    @Test("grid: 1 + rows × columns views, 4 constraints per cell, rows + columns setConstants per frame")
    func grid() {
        let s = generate(.grid, views: 17)  // 4 × 4
        #expect(s.views.count == 17 && s.constraints.count == 4 + 4 * 16 && opCounts(s).allSatisfy { $0 == 8 })
        #expect(generate(.grid, views: 13).frames[0].count == 3 + 4)  // 12 cells: 3 columns × 4 rows
        #expect(generate(.grid, views: 20).views.count == 17)  // 19 cells: 4 columns × 4 rows
        #expect(generate(.grid, views: 1000).views.count == 993)  // 999 cells: 31 columns × 32 rows
        #expect(s.frames.allSatisfy { $0.allSatisfy { if case .setConstant = $0 { true } else { false } } })
    }

    @Test("clamp: 3 views and 16 constraints per container; a drag = addEdit, suggests, removeEdit")
    func clamp() {
        let s = generate(.clamp, views: 31, frames: 61)  // 10 containers
        #expect(s.views.count == 31 && s.constraints.count == 4 + 16 * 10 && s.edits.isEmpty)
        #expect(s.constraints.filter { $0.relation != .equal }.allSatisfy { $0.priority.isRequired })
        let counts = opCounts(s)
        #expect(counts[0] == 2 && counts[1...29].allSatisfy { $0 == 1 } && counts[30] == 3 && counts[60] == 3)
        #expect(s.frames[30].map(\.name) == ["removeEdit", "addEdit", "suggest"])
        #expect(generate(.clamp, views: 32).views.count == 31 && generate(.clamp, views: 2).views.count == 4)
    }

    @Test("toggle: every K frames, setPriority twice per row, setConstant every other toggle")
    func toggle() {
        let s = generate(.toggle, views: 31, frames: 21, toggleEvery: 5)  // 10 rows
        #expect(s.views.count == 31 && s.constraints.count == 4 + 13 * 10 && s.edits.isEmpty)
        let counts = opCounts(s)
        #expect(counts[0] == 30 && counts[5] == 20 && counts[10] == 30 && counts[15] == 20 && counts[20] == 30)
        #expect(counts.enumerated().allSatisfy { $0.offset % 5 == 0 || $0.element == 0 })
        // The split's spacing alternates 100, 10, and its priority 250, 750 and back.
        let constants = s.frames.flatMap { $0 }.compactMap { op -> Double? in
            if case .setConstant("split0", let v) = op { v } else { nil }
        }
        #expect(constants == [100, 10, 100])
        let priorities = s.frames.flatMap { $0 }.compactMap { op -> Double? in
            if case .setPriority("split0", let v) = op { v } else { nil }
        }
        #expect(priorities == [250, 750, 250, 750, 250])
        #expect(GeneratorParameters().toggleEvery == 30)
    }

    @Test("scroll: header, background, title and N - 4 rows; three setConstants per frame")
    func scroll() {
        let s = generate(.scroll, views: 14)
        #expect(s.views.count == 14 && s.constraints.count == 4 + 12 + 4 * 10 && opCounts(s).allSatisfy { $0 == 3 })
        #expect(generate(.scroll, views: 2).views.count == 4)
    }

    @Test("churn: deactivate + activate every frame; add every 10th, remove once three are live")
    func churn() {
        let s = generate(.churn, views: 11, frames: 40)
        #expect(s.views.count == 11 && s.constraints.count == 4 + 5 * 10)
        let counts = opCounts(s)
        #expect(counts[0] == 2 && counts[9] == 3 && counts[19] == 3 && counts[29] == 3 && counts[39] == 4)
        #expect(s.frames[39].map(\.name) == ["deactivate", "activate", "add", "remove"])
        #expect(s.frames[0].map(\.name) == ["deactivate", "activate"])
    }

    @Test("mixed: exactly N views, 7 or 8 constraints each, ops of every kind")
    func mixed() {
        let s = generate(.mixed, views: 12, frames: 40)
        #expect(s.views.count == 12)
        let clamped = s.constraints.filter { $0.id.hasPrefix("left-") }.count
        #expect(s.constraints.count == 4 + 7 * 11 + clamped && s.edits.count == 3)
        let kinds = Set(s.frames.flatMap { $0.map(\.name) })
        #expect(kinds == ["suggest", "setConstant", "setPriority", "activate", "deactivate", "add", "remove", "addEdit", "removeEdit"])
        #expect(s.constraints.contains { $0.multiplier == 0.5 && $0.first.attribute == .height && $0.second?.attribute == .width })
        #expect(s.constraints.contains { $0.relation == .lessThanOrEqual } && s.constraints.contains { $0.relation == .greaterThanOrEqual })
        #expect(Set(s.constraints.filter { !$0.priority.isRequired }.map(\.priority)).count >= 5)
        #expect(generate(.mixed, views: 1000).views.count == 1000)
    }

    // MARK: Determinism

    @Test("deterministic: same parameters give identical scenes and bytes; the seed changes every family")
    func determinism() {
        for family in Family.allCases {
            let p = GeneratorParameters(views: 200, frames: 40, seed: 7)
            let a = SceneGenerator.generate(family, p)
            #expect(a == SceneGenerator.generate(family, p))
            #expect(a.jsonString() == SceneGenerator.generate(family, p).jsonString())
            var q = p
            q.seed = 8
            let b = SceneGenerator.generate(family, q)
            #expect(a != b, "\(family)")
            // As `layoutbench generate --family F --views 300 --seed 11` and `--seed 12` print them.
            let eleven = SceneGenerator.generate(family, GeneratorParameters(views: 300, seed: 11)).jsonString()
            let twelve = SceneGenerator.generate(family, GeneratorParameters(views: 300, seed: 12)).jsonString()
            #expect(eleven != twelve, "\(family)")
            #expect(eleven == SceneGenerator.generate(family, GeneratorParameters(views: 300, seed: 11)).jsonString())
        }
        // A fixed value pins the PRNG: the same on every platform and every run.
        var rng = SeededRandom(seed: 1)
        #expect(rng.next() == 0xBEEB_8DA1_658E_EC67)
    }

    // MARK: Uniqueness

    /// The check of `UniquenessCheck.swift`, after the initial solve and every frame: every
    /// unknown pinned, no two constraints competing at one level, no contradiction.
    /// Why it covers the inequalities: clamp's tip is bounded by its box but its centre is
    /// set at 750 (while dragged) or 250 alone in its block, the label's at 700 alone; mixed's
    /// width and height bounds and its clamped lefts each sit in one view's block, where all
    /// priorities differ. Each such level cuts the optimal set by one `a·x = s*`.
    @Test("layouts are unique at every frame", arguments: Family.allCases)
    func unique(family: Family) {
        for seed in [UInt64(1), 2, 11, 12] {
            let scene = generate(family, views: 16, frames: 48, seed: seed, toggleEvery: 4)
            for (f, report) in uniquenessByFrame(scene).enumerated() {
                #expect(report.isUnique, "\(family) seed \(seed) frame \(f): \(report)")
                if !report.isUnique { return }
            }
        }
    }

    @Test("--ambiguous leaves exactly one unknown of the last view free", arguments: Family.allCases)
    func ambiguous(family: Family) {
        let scene = generate(family, views: 22, frames: 40, toggleEvery: 4, ambiguous: true)
        let last = scene.views.last!.id
        for (f, report) in uniquenessByFrame(scene).enumerated() {
            #expect(report.free.count == 1 && report.free[0].hasPrefix(last + "."), "\(family) frame \(f): \(report)")
            #expect(report.competitions.isEmpty && report.contradictions.isEmpty)
        }
    }

    @Test("the check itself catches a free unknown, a same-priority competition and an optional inequality")
    func checkCatches() {
        let b = SceneBuilder(name: "bad")
        let root = b.view("root")
        b.add(root.left == 0); b.add(root.top == 0); b.add(root.width == 100); b.add(root.height == 100)
        let a = b.view("a", parent: root)
        b.add(a.left == root.left); b.add(a.top == root.top); b.add(a.height == 10)
        b.add(a.width == 10 ~ 500); b.add(a.width == 20 ~ 500)
        var report = checkUniqueness(SceneState(b.build()))
        #expect(report.competitions.count == 1 && report.free.isEmpty)
        let c = b.view("c", parent: root)
        b.add(c.left == root.left); b.add(c.top == root.top); b.add(c.width >= 10 ~ 300)
        report = checkUniqueness(SceneState(b.build()))
        #expect(report.free == ["c.width", "c.height"] && report.optionalInequalities.count == 1)
        b.add(c.height == 5); b.add(c.height == 6)
        #expect(checkUniqueness(SceneState(b.build())).contradictions.count == 1)
    }

    @Test("one-way families: only equalities, no priority changes, each unknown determined once by propagation")
    func oneWay() {
        #expect(Family.allCases.filter(\.isOneWayEvaluable) == [.stack, .tree, .grid, .scroll, .churn, .movingtree])
        for family in Family.allCases where family.isOneWayEvaluable {
            let scene = generate(family, views: 30, frames: 30)
            #expect(scene.constraints.allSatisfy { $0.relation == .equal })
            #expect(!scene.frames.joined().contains { if case .setPriority = $0 { true } else { false } })
            var state = SceneState(scene)
            #expect(oneWayUndetermined(state).isEmpty, "\(family) initial")
            for (f, frame) in scene.frames.enumerated() {
                for op in frame { state.apply(op) }
                let left = oneWayUndetermined(state)
                #expect(left.isEmpty, "\(family) frame \(f + 1): \(left.prefix(4))")
            }
        }
        // The others are not: clamp and mixed have inequalities, toggle changes which
        // equality wins with setPriority (and its rows' widths form a cycle).
        #expect(generate(.toggle, views: 4).frames[0].contains { if case .setPriority = $0 { true } else { false } })
    }

    @Test("suite: every family at each size, named FAMILY-VIEWS.json")
    func suite() throws {
        let folder = "/tmp/layoutbench-suite-test-\(getpid())"
        let paths = try SceneGenerator.writeSuite(to: folder, sizes: [10, 30], frames: 3)
        #expect(paths.count == 2 * Family.allCases.count)
        #expect(paths.first == folder + "/stack-10.json" && paths.last == folder + "/movingtree-30.json")
        let bytes = try Scene.readFile(folder + "/tree-30.json")
        let decoded = Scene.decode(bytes)
        #expect(decoded.diagnostics.isEmpty && decoded.scene == generate(.tree, views: 30, frames: 3))
        for path in paths { unlink(path) }
        rmdir(folder)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Scene generator: frames that change K constants")
struct ConstantJitterTests {
    private func jittered(_ family: Family, views: Int, k: Int, same: Bool = false, seed: UInt64 = 1) -> Scene {
        SceneGenerator.generate(family, GeneratorParameters(
            views: views, frames: 6, seed: seed, jitter: ConstantJitter(perFrame: k, sameConstraints: same)))
    }

    @Test("every frame holds exactly K setConstant ops on distinct required constraints, each within ±1 of the original, in scene order", arguments: [Family.grid, .stack])
    func kOpsPerFrame(family: Family) throws {
        let scene = jittered(family, views: 101, k: 7)
        let base = SceneGenerator.generate(family, GeneratorParameters(views: 101, frames: 6))
        let original = Dictionary(uniqueKeysWithValues: base.constraints.map { ($0.id, $0) })
        let order = Dictionary(uniqueKeysWithValues: base.constraints.enumerated().map { ($0.element.id, $0.offset) })
        #expect(scene.name == "\(family.rawValue)-101-k7")
        #expect(scene.constraints == base.constraints && scene.views == base.views)
        #expect(scene.frames.count == 6)
        for frame in scene.frames {
            var ids: [String] = []
            for op in frame {
                guard case .setConstant(let id, let value) = op else { Issue.record("not setConstant: \(op)"); continue }
                let c = try #require(original[id])
                #expect(c.priority == .required && c.isActive)
                #expect(abs(value - c.constant) <= ConstantJitter.amplitude)
                ids.append(id)
            }
            #expect(ids.count == 7 && Set(ids).count == 7)
            #expect(ids.map { order[$0]! } == ids.map { order[$0]! }.sorted())
        }
        #expect(scene.validate().isEmpty)
    }

    @Test("by default the constraints are drawn afresh each frame; --same-constraints keeps one set")
    func sameOrAfresh() {
        func sets(_ s: Scene) -> Set<Set<String>> {
            Set(s.frames.map { Set($0.compactMap { if case .setConstant(let id, _) = $0 { id } else { nil } }) })
        }
        #expect(sets(jittered(.grid, views: 401, k: 5)).count > 1)
        let same = jittered(.grid, views: 401, k: 5, same: true)
        #expect(sets(same).count == 1)
        // The values still differ frame to frame.
        #expect(Set(same.frames).count == same.frames.count)
    }

    @Test("K above the pool is the whole pool; the same seed gives the same scene, another seed another")
    func poolAndSeed() {
        let pool = ConstantJitter.pool(SceneGenerator.generate(.stack, GeneratorParameters(views: 5, frames: 1))).count
        let all = jittered(.stack, views: 5, k: 1000)
        #expect(all.name == "stack-5-k\(pool)" && all.frames.allSatisfy { $0.count == pool })
        #expect(jittered(.grid, views: 101, k: 9) == jittered(.grid, views: 101, k: 9))
        #expect(jittered(.grid, views: 101, k: 9, seed: 2).frames != jittered(.grid, views: 101, k: 9).frames)
    }
}
