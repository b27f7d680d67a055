#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CassowarySolver
import LayoutModel
import Testing

@testable import SceneGenerator

/// The rectangle `[left, top, width, height]` of `id` after `frames` frames (0: the load).
private func rect(_ scene: Scene, _ id: String, after frames: Int = 0) throws -> [Double] {
    let compiled = try scene.compile()
    let session = try SceneSession(scene: compiled, backend: CassowaryBackend.self)
    for f in 0..<frames { _ = try session.runFrame(f) }
    let i = scene.views.firstIndex { $0.id == id }!
    return Array(session.rects[(4 * i)..<(4 * i + 4)])
}

@Suite("Published workloads: structure and hand-computed layouts")
struct PublishedWorkloadStructureTests {
    @Test("every workload validates at a few sizes", arguments: PublishedWorkload.allCases)
    func valid(workload: PublishedWorkload) {
        for size in workload == .cassowaryTree ? [2, 5, 9] : [3, 7, 50] {
            let problems = SceneGenerator.generate(workload, size: size, frames: 30).validate()
            #expect(problems.isEmpty, "\(workload.rawValue)-\(size): \(problems.prefix(3))")
        }
    }

    @Test("Cassowary chain: n views, n - 1 chain equalities, one weak stay; the edit moves the whole chain")
    func chain() throws {
        let scene = SceneGenerator.generate(.cassowaryChain, size: 5, frames: 3)
        #expect(scene.views.count == 6)  // the root and x1…x5
        #expect(scene.constraints.filter { $0.id.hasPrefix("chain") }.count == 4)
        #expect(scene.constraints.filter { $0.priority.rawValue == 1 }.count == 1)
        #expect(scene.constraints.count == 4 * 5 + 4)
        #expect(scene.frames[0] == [.addEdit(attribute: AttributeRef(view: "x1", attribute: .left), priority: .high)])
        #expect(try rect(scene, "x5", after: 1) == [0, 8, 40, 2])  // the stay holds the chain at 0
        let moved = 100 + 50 * sin(0.1)
        #expect(try abs(rect(scene, "x5", after: 2)[0] - moved) < 1e-9)
    }

    @Test("Cassowary tree: 2^d - 1 nodes, each interior node the sum of its children; the last leaf absorbs the edit")
    func tree() throws {
        let scene = SceneGenerator.generate(.cassowaryTree, size: 3, frames: 3)
        #expect(scene.views.count == 7)
        #expect(scene.constraints.filter { $0.id.hasPrefix("stay") }.count == 4)  // one per leaf
        #expect(scene.constraints.count == 3 + 7 * 3 + 4)
        #expect(try rect(scene, "n1") == [0, 0, 40, 20])
        #expect(try rect(scene, "n3") == [20, 24, 20, 20])
        #expect(try rect(scene, "n7") == [30, 48, 10, 20])
        let root = 40 + 40 * sin(0.1)
        let last = try rect(scene, "n7", after: 2)
        #expect(abs(last[2] - (root - 30)) < 1e-9 && last[0] == 30)
    }

    @Test("enaml window: kiwi's 111 constraints plus 5, 10 views; at the load it takes its minimum size")
    func enaml() throws {
        let scene = SceneGenerator.generate(.enamlWindow, size: 1, frames: 12)
        #expect(scene.views.count == 10)
        #expect(scene.constraints.count == 116)
        #expect(scene.edits.count == 2)
        #expect(scene.frames.allSatisfy { $0.count == 2 })
        // Widths: 10 + label 67 + 10 + field 125 + 10; heights: 10 + 21 + 10 + 21 + 10 + 24 + 10 + 21 + 10.
        #expect(try rect(scene, "window") == [0, 0, 222, 137])
        #expect(try rect(scene, "fl1") == [87, 10, 125, 21])
        #expect(try rect(scene, "lb1") == [10, 12.5, 67, 16])  // centred on its field
        #expect(try rect(scene, "ct") == [87, 72, 125, 24])
        // 400 × 600: the fields stretch to the contents' right (390); vertically the window is
        // taller than its contents and kiwi's problem leaves the slack open, so x and width only.
        let field = try rect(scene, "fl1", after: 1), bottom = try rect(scene, "fl3", after: 1)
        #expect(field[0] == 87 && field[2] == 303 && bottom[0] == 10 && bottom[2] == 380)
    }

    @Test("WWDC shapes: view and constraint counts, and one view of each placed by hand")
    func wwdc() throws {
        let row = SceneGenerator.generate(.longRow, size: 10, frames: 2)
        #expect(row.views.count == 11 && row.constraints.count == 44)
        #expect(try rect(row, "v3") == [32, 10, 10, 20])
        let deep = SceneGenerator.generate(.deepHierarchy, size: 10, frames: 2)
        #expect(deep.views.count == 11 && deep.constraints.count == 44)
        #expect(deep.views[3].parent == "d2")
        #expect(try rect(deep, "d3") == [3, 3, 34, 34])
        let collection = SceneGenerator.generate(.collectionView, size: 25, frames: 2)
        #expect(collection.views.count == 25 && collection.constraints.count == 12 * 8 + 4)
        #expect(try rect(collection, "cell5") == [100, 120, 80, 100])
        #expect(try rect(collection, "label5") == [100, 200, 80, 20])
        let moving = SceneGenerator.generate(.movingTree, size: 21, frames: 2)
        #expect(moving.views.count == 21 && moving.constraints.count == 4 + 4 * 20 + 2 * 4)
        #expect(try rect(moving, "t5") == [4, 12, 4, 4])
        #expect(try rect(moving, "t5", after: 1) == [6, 12, 4, 4])  // frame 0 moves t1 to 4
        let removal = SceneGenerator.generate(.hierarchyRemoval, size: 21, frames: 2)
        #expect(try rect(removal, "t5", after: 1) == [-998, -994, 4, 4])  // t1's subtree parked
        #expect(try rect(removal, "t6", after: 1) == [-992, -994, 4, 4])  // t6 is t1's second child
        #expect(try rect(removal, "t2", after: 2) == [-1000, -1000, 4, 4])
    }

    @Test("feed cell: 21 views a cell (5 sections, 15 leaves), cells stacked 436 pt apart")
    func feed() throws {
        let scene = SceneGenerator.generate(.feedCell, size: 2, frames: 2)
        #expect(scene.views.count == 1 + 2 * 21)
        #expect(scene.views.filter { $0.parent == "cell0" }.count == 5)
        #expect(scene.constraints.count == 4 + 2 * 84)
        // 20 (top bar) + 106 (1 + 20 + 1 + 40 + 1 + 20 + 3 + 20) + 240 + 20 + 50.
        #expect(try rect(scene, "cell1") == [0, 436, 375, 436])
        #expect(try rect(scene, "c0_posterName") == [52, 21, 319, 20])
        #expect(try rect(scene, "c0_share") == [317, 366, 50, 20])
        #expect(try rect(scene, "c0_share", after: 1) == [317, 366, 50, 20])  // frame 0 sets the width 375 again
        #expect(try rect(scene, "c1_share", after: 2) == [609, 802, 50, 20])  // 667 wide
    }

    @Test("flat and nested: the same hierarchy and layout, constrained to the root or to the superview")
    func flatNested() throws {
        let flat = SceneGenerator.generate(.flat, size: 21, frames: 2), nested = SceneGenerator.generate(.nested, size: 21, frames: 2)
        #expect(flat.views == nested.views && flat.views.count == 21 && flat.constraints.count == 4 * 21)
        let placing = { (s: Scene) in s.constraints.filter { $0.first.view == "f5" && $0.second != nil }.map { $0.second!.view } }
        #expect(placing(flat) == ["root", "root"] && placing(nested) == ["f1", "f1"])
        #expect(try rect(flat, "f5") == [4, 12, 4, 4])
        #expect(try rect(nested, "f5") == [4, 12, 4, 4])
        #expect(try rect(nested, "f5", after: 2) == [5, 12, 4, 4])  // frame 1 moves the root to 1
    }
}
