import Testing

@testable import LayoutModel

/// Wraps views, constraints, edits and frames (as JSON fragments) into a scene.
private func scene(
    views: String = #"{"id": "root"}, {"id": "a", "parent": "root"}, {"id": "b", "parent": "root"}"#,
    constraints: String = #"{"id": "c1", "first": "a.left", "relation": "==", "second": "b.left"}, {"id": "req", "first": "a.width", "relation": "==", "constant": 10}"#,
    edits: String = "",
    frames: String = ""
) -> String {
    """
    {"format": "layoutbench-scene", "version": 1, "name": "v", "views": [\(views)],
     "constraints": [\(constraints)], "edits": [\(edits)], "frames": [\(frames)]}
    """
}

/// Every problem `validate` (or `decode`) reports for `json`.
private func problems(_ json: String) -> [Diagnostic] {
    let decoded = Scene.decode(json)
    return decoded.diagnostics + (decoded.scene?.validate() ?? [])
}

private func expectRejected(_ json: String, mentioning fragments: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    let found = problems(json)
    #expect(!found.isEmpty, "expected a problem mentioning \(fragments)", sourceLocation: sourceLocation)
    let text = found.map(\.description).joined(separator: "\n")
    for fragment in fragments {
        #expect(text.contains(fragment), "missing '\(fragment)' in:\n\(text)", sourceLocation: sourceLocation)
    }
}

@Suite("Validation")
struct ValidationTests {
    @Test("the base scene is valid") func baseValid() { #expect(problems(scene()).isEmpty) }

    @Test("axis violations: left with top, left with width")
    func axis() {
        expectRejected(scene(constraints: #"{"id": "x1", "first": "a.left", "relation": "==", "second": "b.top"}"#),
                       mentioning: ["x1", "a.left", "b.top", "same axis"])
        expectRejected(scene(constraints: #"{"id": "x2", "first": "a.left", "relation": "==", "second": "b.width"}"#),
                       mentioning: ["x2", "a.left", "b.width"])
        // Size with size of either axis is fine (an aspect ratio).
        #expect(problems(scene(constraints: #"{"id": "ar", "first": "a.width", "relation": "==", "second": "b.height", "multiplier": 2}"#)).isEmpty)
    }

    @Test("unknown view and unknown attribute")
    func unknownNames() {
        expectRejected(scene(constraints: #"{"id": "u1", "first": "ghost.left", "relation": "=="}"#), mentioning: ["u1", "unknown view \"ghost\""])
        expectRejected(scene(constraints: #"{"id": "u2", "first": "a.middle", "relation": "=="}"#), mentioning: ["u2", "unknown attribute \"middle\""])
    }

    @Test("parent cycle and unknown parent")
    func parents() {
        expectRejected(scene(views: #"{"id": "a", "parent": "b"}, {"id": "b", "parent": "c"}, {"id": "c", "parent": "a"}"#, constraints: ""),
                       mentioning: ["parent cycle", "a → b → c → a"])
        expectRejected(scene(views: #"{"id": "a", "parent": "zz"}, {"id": "b"}"#, constraints: ""), mentioning: ["unknown parent view \"zz\""])
    }

    @Test("duplicate ids")
    func duplicates() {
        expectRejected(scene(views: #"{"id": "a"}, {"id": "a"}"#, constraints: ""), mentioning: ["duplicate view id \"a\""])
        expectRejected(scene(constraints: #"{"id": "d", "first": "a.left", "relation": "=="}, {"id": "d", "first": "a.top", "relation": "=="}"#),
                       mentioning: ["duplicate constraint id \"d\""])
        expectRejected(scene(views: #"{"id": "a.b"}"#, constraints: ""), mentioning: ["must not contain '.'"])
    }

    @Test("NaN and infinite constants")
    func nonFinite() {
        // JSON has no NaN literal: a scene built in code carries it.
        var s = Scene(name: "n", views: [View(id: "a")], constraints: [
            Constraint(id: "nan", first: AttributeRef("a.left")!, relation: .equal, constant: .nan),
            Constraint(id: "inf", first: AttributeRef("a.top")!, relation: .equal, constant: .infinity),
        ])
        let text = s.validate().map(\.description).joined(separator: "\n")
        #expect(text.contains("nan") && text.contains("inf") && text.contains("not a finite number"), "\(text)")
        // 1e999 overflows to infinity when read: refused once, by the reader.
        expectRejected(scene(constraints: #"{"id": "big", "first": "a.left", "relation": "==", "constant": 1e999}"#), mentioning: ["big", "must be a finite number, got a number beyond the range of a double"])
        s.constraints = []
        #expect(s.validate().isEmpty)
    }

    @Test("zero multiplier, multiplier without second")
    func multipliers() {
        expectRejected(scene(constraints: #"{"id": "z", "first": "a.width", "relation": "==", "second": "b.width", "multiplier": 0}"#), mentioning: ["z", "multiplier must not be zero"])
        expectRejected(scene(constraints: #"{"id": "m", "first": "a.width", "relation": "==", "multiplier": 2, "constant": 4}"#), mentioning: ["m", "only allowed with \"second\""])
    }

    @Test("priority 0 and 1001")
    func priorities() {
        expectRejected(scene(constraints: #"{"id": "p0", "first": "a.left", "relation": "==", "priority": 0}"#), mentioning: ["p0", "priority 0 is out of range"])
        expectRejected(scene(constraints: #"{"id": "p1", "first": "a.left", "relation": "==", "priority": 1001}"#), mentioning: ["p1", "priority 1001 is out of range"])
    }

    @Test("a required edit")
    func requiredEdit() {
        expectRejected(scene(edits: #"{"attribute": "a.height", "priority": 1000}"#), mentioning: ["a.height", "must be optional"])
        expectRejected(scene(frames: #"[{"op": "addEdit", "attribute": "a.top", "priority": 1000}]"#), mentioning: ["$.frames[0][0]", "a.top", "must be optional"])
    }

    @Test("setPriority to or from 1000")
    func setPriorityRequired() {
        expectRejected(scene(constraints: #"{"id": "o", "first": "a.left", "relation": "==", "priority": 500}"#,
                             frames: #"[{"op": "setPriority", "constraint": "o", "value": 1000}]"#),
                       mentioning: ["$.frames[0][0]", "\"o\"", "to required (1000)"])
        expectRejected(scene(frames: #"[{"op": "setPriority", "constraint": "req", "value": 500}]"#), mentioning: ["$.frames[0][0]", "cannot change the priority of 'req'"])
    }

    @Test("ops on unknown constraints and edits, unknown op names")
    func unknownOps() {
        expectRejected(scene(frames: #"[], [{"op": "setConstant", "constraint": "nope", "value": 1}]"#), mentioning: ["$.frames[1][0]", "unknown constraint 'nope'"])
        expectRejected(scene(frames: #"[{"op": "suggest", "attribute": "a.top", "value": 1}]"#), mentioning: ["not a declared edit variable"])
        expectRejected(scene(frames: #"[{"op": "remove", "constraint": "c1"}, {"op": "activate", "constraint": "c1"}]"#), mentioning: ["$.frames[0][1]", "was removed"])
        expectRejected(scene(frames: #"[{"op": "explode"}]"#), mentioning: ["unknown op \"explode\""])
        expectRejected(scene(frames: #"[{"op": "add", "constraint": {"id": "c1", "first": "a.top", "relation": "=="}}]"#), mentioning: ["duplicate constraint id 'c1'"])
    }

    @Test("op-level problems are separated from scene-level ones")
    func opLevel() throws {
        let json = scene(frames: #"[{"op": "setConstant", "constraint": "nope", "value": 1}]"#)
        let all = problems(json)
        #expect(all.count == 1 && all[0].isOpLevel)
        // `solve` still loads the scene; the op is refused when its frame runs.
        let compiled = try Scene.load(Array(json.utf8)).compile()
        #expect(compiled.frames[0] == [.invalid(refusal: 0)])
        #expect(compiled.refusals == [OpRefusal(error: .unknownConstraint("nope"), label: "setConstant nope")])
    }

    @Test("several errors are all reported")
    func many() {
        let found = problems(scene(constraints: #"{"id": "x1", "first": "a.left", "relation": "==", "second": "b.top"}, {"id": "x2", "first": "q.left", "relation": "=="}, {"id": "x3", "first": "a.left", "relation": "==", "priority": 0}"#))
        #expect(found.count == 3)
    }

    @Test("wrong types and missing fields name their JSON path")
    func types() {
        expectRejected(scene(constraints: #"{"id": "t", "first": "a.left", "relation": "=", "constant": "3"}"#),
                       mentioning: ["$.constraints[0] (id \"t\").relation", "$.constraints[0] (id \"t\").constant", "must be a finite number, got \"3\""])
        expectRejected(#"{"format": "other", "version": 2, "views": []}"#, mentioning: ["$.format", "$.version", "$.constraints: missing", "at least one view"])
    }
}
