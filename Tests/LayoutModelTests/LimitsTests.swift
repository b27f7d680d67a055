import LayoutModel
import Testing

/// A scene with one view `a` fully fixed, one optional constraint `o` and an edit on `a.left`, plus `frames`.
private func scene(extra: [Constraint] = [], frames: [Frame]) -> Scene {
    let a = AttributeRef(view: "a", attribute: .left)
    return Scene(
        name: "limits", views: [View(id: "a"), View(id: "b")],
        constraints: [
            Constraint(id: "left", first: a, relation: .equal, constant: 0),
            Constraint(id: "o", first: AttributeRef(view: "a", attribute: .width), relation: .equal, constant: 10, priority: 500),
        ] + extra,
        edits: [EditDeclaration(attribute: AttributeRef(view: "a", attribute: .top), priority: 750)],
        frames: frames)
}

/// The message of each `.invalid` op of the only frame (nil for an op that compiled).
private func refusals(_ s: Scene) throws -> [String?] {
    let compiled = try s.compile()
    return compiled.frames[0].map { op in
        if case let .invalid(refusal) = op { return compiled.refusal(refusal).error.description }
        return nil
    }
}

@Suite("Numeric range and tolerance")
struct LimitsTests {
    @Test("the tolerance is relative above 1 and absolute below")
    func tolerance() {
        #expect(Tolerance.approximatelyEqual(1e9, 1e9 + 999))
        #expect(!Tolerance.approximatelyEqual(1e9, 1e9 + 1001))
        #expect(Tolerance.approximatelyEqual(0, 1e-6))
        #expect(!Tolerance.approximatelyEqual(0, 2.1e-6))
        #expect(Tolerance.approximatelyEqual([1, 2], [1, 2 + 1e-7]))
        #expect(!Tolerance.approximatelyEqual([1, 2], [1]))  // lengths must match
    }

    @Test("the documented limits")
    func limits() {
        #expect(LayoutLimits.maxMagnitude == 1e9)
        #expect(LayoutLimits.multiplierRange == 1e-6...1e6)
        #expect(LayoutLimits.isValidConstraintPriority(1000) && LayoutLimits.isValidConstraintPriority(999))
        #expect(!LayoutLimits.isValidConstraintPriority(999.5) && !LayoutLimits.isValidConstraintPriority(0.5))
        #expect(LayoutLimits.isInRange(-1e9) && !LayoutLimits.isInRange(1e9 + 1) && !LayoutLimits.isInRange(.nan))
    }

    @Test("values and priorities out of range are refused by name when the op compiles")
    func opValues() throws {
        let s = scene(frames: [[
            .suggest(attribute: AttributeRef(view: "a", attribute: .top), value: 2e9),
            .setConstant(constraint: "o", value: -1.5e9),
            .setPriority(constraint: "o", value: 999.5),
            .setPriority(constraint: "o", value: 0.5),
            .setConstant(constraint: "o", value: 1e9),
            .setPriority(constraint: "o", value: 999),
            .setConstant(constraint: "o", value: .infinity),
        ]])
        #expect(try refusals(s) == [
            "suggest a.top: value 2000000000 is outside the supported range ±1e9",
            "setConstant \"o\": value -1500000000 is outside the supported range ±1e9",
            "setPriority \"o\": priority 999.5 is out of range 1...999",
            "setPriority \"o\": priority 0.5 is out of range 1...999",
            nil,
            nil,
            "setConstant \"o\": value must be a finite number, got inf",
        ])
        // validate names the same ops, with the frame number the output lines use.
        let problems = s.validate().map(\.description)
        #expect(problems.count == 5)
        #expect(problems[2] == "$.frames[0][2] (frame 1 op 2, setPriority).value: setPriority \"o\": priority 999.5 is out of range 1...999")
    }

    @Test("constants, multipliers and priorities out of range reject the scene, naming the constraint")
    func sceneValues() {
        let a = AttributeRef(view: "a", attribute: .width)
        let b = AttributeRef(view: "b", attribute: .width)
        let bad = [
            Constraint(id: "huge", first: a, relation: .lessThanOrEqual, constant: 1e12),
            Constraint(id: "steep", first: a, relation: .equal, second: b, multiplier: 2e6),
            Constraint(id: "flat", first: a, relation: .equal, second: b, multiplier: -1e-7),
            Constraint(id: "almost", first: a, relation: .equal, constant: 1, priority: 999.5),
        ]
        for c in bad {
            #expect(throws: LayoutError.self) { try scene(extra: [c], frames: []).compile() }
        }
        let messages = scene(extra: bad, frames: []).structuralProblems().map(\.description)
        #expect(messages == [
            "$.constraints[2] (id \"huge\"): constant 1000000000000 is outside the supported range ±1e9",
            "$.constraints[3] (id \"steep\"): multiplier 2000000 is outside the supported magnitudes 1e-6...1e6",
            "$.constraints[4] (id \"flat\"): multiplier -1e-07 is outside the supported magnitudes 1e-6...1e6",
            "$.constraints[5] (id \"almost\"): priority 999.5 is out of range (1...999 optional, 1000 required)",
        ])
        // At the limits: accepted.
        let edge = [
            Constraint(id: "max", first: a, relation: .lessThanOrEqual, constant: -1e9),
            Constraint(id: "m1", first: a, relation: .lessThanOrEqual, second: b, multiplier: 1e6),
            Constraint(id: "m2", first: a, relation: .lessThanOrEqual, second: b, multiplier: -1e-6),
        ]
        #expect(scene(extra: edge, frames: []).structuralProblems().isEmpty)
    }

    @Test("an add whose constraint is out of range is refused by id; so is an addEdit at 999.5")
    func addValues() throws {
        let a = AttributeRef(view: "a", attribute: .height)
        let s = scene(frames: [[
            .add(Constraint(id: "big", first: a, relation: .equal, constant: 3e9)),
            .addEdit(attribute: a, priority: 999.5),
        ]])
        #expect(try refusals(s) == [
            "add \"big\": constant 3000000000 is outside the supported range ±1e9",
            "addEdit a.height: priority 999.5 for edit 'a.height' is out of range 1...999",
        ])
    }
}
