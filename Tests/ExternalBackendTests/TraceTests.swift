import CassowarySolver
import LayoutModel
import SolverTrace
import XCTest

final class TraceTests: XCTestCase {
    func compiled(_ key: String) throws -> CompiledScene { try ExampleScenes.named(key)!.scene().compile() }

    /// Every example written and read back: constraints, edits and the ops in force match the compiled scene.
    func testRoundTripOfEveryExample() throws {
        for example in ExampleScenes.all {
            let scene = try example.scene().compile()
            let written = try TraceWriter.write(scene, reference: CassowaryBackend.self)
            let doc = try TraceDocument.parse(written.text)
            XCTAssertEqual(doc.variables, scene.variableCount, example.key)
            XCTAssertEqual(doc.read, scene.variableCount, example.key)
            XCTAssertEqual(doc.warmup, 10, example.key)
            XCTAssertEqual(doc.constraints.count, scene.constraints.count, example.key)
            for (h, c) in scene.constraints.enumerated() {
                let d = doc.constraints[h]
                XCTAssertEqual(d.terms, c.terms, "\(example.key) constraint \(h)")
                XCTAssertEqual(d.relation, c.relation)
                XCTAssertEqual(d.constant, c.constant)
                XCTAssertEqual(d.priority, c.priority)
                XCTAssertEqual(d.isActive, c.isActive)
                XCTAssertEqual(d.isPresent, h < scene.initialConstraintCount)
            }
            XCTAssertEqual(doc.edits, scene.edits.map(\.terms), example.key)
            XCTAssertEqual(doc.frames.count, scene.frameCount, example.key)
            for (f, ops) in scene.frames.enumerated() {
                let gated = Set(written.gatedRefusals[f].map(\.op))
                let indices = doc.frames[f].map(\.index)
                XCTAssertTrue(Set(indices).isDisjoint(with: gated), "\(example.key) frame \(f + 1)")
                // OP is the index as the scene writes it, `layout` and `setBoundsOrigin` ops (not in `ops`) counted.
                let markers = scene.frameMarkers[f]?.map(\.position) ?? []
                var compiledIndex: [Int: Int] = [:]
                for position in ops.indices { compiledIndex[position + markers.count { $0 <= position }] = position }
                for (index, op) in doc.frames[f] {
                    let position = try XCTUnwrap(compiledIndex[index], "\(example.key) frame \(f + 1) op \(index)")
                    XCTAssertTrue(matches(op, ops[position]), "\(example.key) frame \(f + 1) op \(index)")
                }
            }
            // Writing the parsed document's text again gives the same document.
            XCTAssertEqual(try TraceDocument.parse(written.text), doc)
        }
    }

    func matches(_ op: TraceDocument.Op, _ compiled: CompiledOp) -> Bool {
        switch (op, compiled) {
        case let (.suggest(e, v), .suggest(ce, cv)): return e == Int(ce) && v == cv
        case let (.setConstant(h, v), .setConstant(ch, cv)): return h == Int(ch) && v == cv
        case let (.setPriority(h, v), .setPriority(ch, cv)): return h == Int(ch) && v == cv
        case let (.activate(h), .activate(ch)), let (.deactivate(h), .deactivate(ch)), let (.add(h), .add(ch)),
            let (.remove(h), .remove(ch)):
            return h == Int(ch)
        case let (.addEdit(e, p, _), .addEdit(ce, cp, _)): return e == Int(ce) && p == cp
        case let (.removeEdit(e), .removeEdit(ce)): return e == Int(ce)
        default: return false
        }
    }

    /// slider-stack's edit is held at the initial solution (red's height 60) and the first frame suggests 120.
    func testSliderStackLines() throws {
        let written = try TraceWriter.write(
            compiled("slider-stack"), reference: CassowaryBackend.self,
            settings: TraceRunSettings(warmupFrames: 0, printValues: true, timeLimitSeconds: 2.5))
        let lines = written.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "layoutbench-trace 1")
        XCTAssertTrue(lines.contains("variables 12"))
        XCTAssertTrue(lines.contains("warmup 0"))
        XCTAssertTrue(lines.contains("values 1"))
        XCTAssertTrue(lines.contains("timelimit 2.5"))
        XCTAssertTrue(lines.contains("c 5 >= 44 750 1 1 1 7 1"))
        XCTAssertTrue(lines.contains("e 0 1 7 1"))
        XCTAssertTrue(lines.contains("initialEdit 0 750 60"))
        let frame1 = lines.firstIndex(of: "frame 1")!
        XCTAssertEqual(Array(lines[frame1...(frame1 + 2)]), ["frame 1", "suggest 0 0 120", "solve"])
        XCTAssertEqual(lines.last, "end")
    }

    /// An op the scene's rules refuse is left out of the trace and kept for the harness, with its message.
    func testGatedOpsAreLeftOut() throws {
        var scene = try compiled("slider-stack")
        scene.frames[0].append(scene.refusedOp(.unknownConstraint("nope"), label: "activate nope"))
        scene.frames[0].append(.activate(5))  // already active: nothing to ask of the solver
        let written = try TraceWriter.write(scene, reference: CassowaryBackend.self)
        XCTAssertEqual(written.gatedRefusals[0].map(\.op), [1])
        XCTAssertEqual(written.gatedRefusals[0][0].message, "frame 1 op 1 (activate nope): unknown constraint 'nope'")
        let doc = try TraceDocument.parse(written.text)
        XCTAssertEqual(doc.frames[0].map(\.index), [0])
    }

    func testMalformedTraceNamesTheLine() {
        XCTAssertThrowsError(try TraceDocument.parse("layoutbench-trace 1\nvariables x\nend\n")) { error in
            XCTAssertEqual("\(error)", "trace line 2: field 2 is not an integer: 'variables x'")
        }
        XCTAssertThrowsError(try TraceDocument.parse("layoutbench-trace 2\n")) { error in
            XCTAssertEqual("\(error)", "trace line 1: expected 'layoutbench-trace 1': 'layoutbench-trace 2'")
        }
    }
}
