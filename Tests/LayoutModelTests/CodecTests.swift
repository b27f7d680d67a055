import Testing

@testable import LayoutModel

@Suite("Scene codec")
struct CodecTests {
    @Test("every example scene reads, validates and round-trips through the writer")
    func examplesRoundTrip() throws {
        for example in ExampleScenes.all {
            let decoded = Scene.decode(example.json)
            #expect(decoded.diagnostics.isEmpty, "\(example.key): \(decoded.diagnostics)")
            let scene = try #require(decoded.scene)
            #expect(scene.validate().isEmpty, "\(example.key): \(scene.validate())")
            let again = Scene.decode(scene.jsonString())
            #expect(again.diagnostics.isEmpty)
            #expect(again.scene == scene, "\(example.key) changed in a round trip")
        }
    }

    @Test("defaults: multiplier 1, constant 0, priority 1000, active true; optional fields read")
    func defaults() throws {
        let json = """
            {"format": "layoutbench-scene", "version": 1, "name": "d",
             "views": [{"id": "a"}, {"id": "b", "parent": "a"}],
             "constraints": [
               {"id": "c1", "first": "a.left", "relation": "=="},
               {"id": "c2", "first": "b.width", "relation": ">=", "second": "a.height", "multiplier": 2,
                "constant": -3.5, "priority": 250, "active": false}]}
            """
        let scene = try #require(Scene.decode(json).scene)
        #expect(scene.views == [View(id: "a"), View(id: "b", parent: "a")])
        #expect(scene.constraints[0] == Constraint(id: "c1", first: AttributeRef("a.left")!, relation: .equal))
        let c2 = scene.constraints[1]
        #expect(c2.second == AttributeRef(view: "a", attribute: .height))
        #expect(c2.multiplier == 2 && c2.constant == -3.5 && c2.priority == .low && !c2.isActive)
        #expect(scene.edits.isEmpty && scene.frames.isEmpty)
    }

    @Test("every op reads and writes back the same")
    func everyOp() throws {
        let ops: [Op] = [
            .suggest(attribute: AttributeRef("a.height")!, value: 120.25),
            .setConstant(constraint: "c1", value: -7),
            .setPriority(constraint: "c2", value: 500),
            .activate(constraint: "c2"), .deactivate(constraint: "c2"),
            .add(Constraint(id: "c9", first: AttributeRef("a.width")!, relation: .lessThanOrEqual, second: AttributeRef("a.height")!, multiplier: 0.5, constant: 1, priority: 300)),
            .remove(constraint: "c9"),
            .addEdit(attribute: AttributeRef("a.centerX")!, priority: 600),
            .removeEdit(attribute: AttributeRef("a.centerX")!),
        ]
        for op in ops {
            let json = """
                {"format": "layoutbench-scene", "version": 1, "name": "ops", "views": [{"id": "a"}],
                 "constraints": [], "frames": [[\(op.json)]]}
                """
            let decoded = Scene.decode(json)
            #expect(decoded.diagnostics.isEmpty, "\(op.name): \(decoded.diagnostics)")
            #expect(decoded.scene?.frames == [[op]], "\(op.name)")
        }
    }

    @Test("malformed JSON reports line and column")
    func malformedJSON() {
        let json = "{\n  \"format\": \"layoutbench-scene\",\n  \"views\": [\n    {\"id\": \"a\",}\n  ]\n}"
        let decoded = Scene.decode(json)
        #expect(decoded.scene == nil)
        #expect(decoded.diagnostics.count == 1)
        let message = decoded.diagnostics[0].description
        #expect(message.contains("line 4, column 16"), "\(message)")
    }

    @Test("JSON reader: escapes, numbers, nesting")
    func reader() throws {
        let value = try JSONReader.parse(#"{"s": "a\"b\\c\u00e9\n", "n": [-1.5e2, 0, 3], "t": true, "z": null}"#)
        #expect(value["s"] == .string("a\"b\\cé\n"))
        #expect(value["n"] == .array([.number(-150), .number(0), .number(3)]))
        #expect(value["t"] == .bool(true) && value["z"] == .null)
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse("[1, 2") }
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse("01x") }
    }

    @Test("the writer streams to a file and formats numbers shortest-first")
    func numbers() {
        #expect(formatNumber(375) == "375")
        #expect(formatNumber(-0.0) == "0")
        #expect(formatNumber(0.1) == "0.1")
        #expect(formatCoordinate(20.000000000000004) == "20")
        #expect(formatCoordinate(162.5) == "162.5")
        #expect(frameLine(frame: 1, rects: [0, 20, 375, 120], errors: ["x"]) == #"{"frame": 1, "rects": [[0, 20, 375, 120]], "errors": ["x"]}"#)
    }

    @Test("compile lowers attributes to unknown terms")
    func compileTerms() throws {
        let scene = Scene(
            name: "t", views: [View(id: "a"), View(id: "b")],
            constraints: [
                Constraint(id: "c", first: AttributeRef("a.centerX")!, relation: .equal, second: AttributeRef("b.right")!, multiplier: 2, constant: 5),
            ])
        let compiled = try scene.compile()
        let c = compiled.constraints[0]
        // a.left + 0.5 a.width - 2 (b.left + b.width) == 5
        #expect(c.terms == [
            LinearTerm(variable: 0, coefficient: 1), LinearTerm(variable: 2, coefficient: 0.5),
            LinearTerm(variable: 4, coefficient: -2), LinearTerm(variable: 6, coefficient: -2),
        ])
        #expect(c.constant == 5 && c.relation == .equal && c.priority == 1000)
    }
}
