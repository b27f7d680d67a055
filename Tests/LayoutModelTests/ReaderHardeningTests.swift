import Testing

@testable import LayoutModel

/// A scene with two views, one edit (`a.height`) and one optional constraint `c4`, plus `extra`
/// top-level text and one frame holding `op`.
private func scene(op: String = #"{"op": "suggest", "attribute": "a.height", "value": 5}"#, extra: String = "") -> String {
    """
    {"format": "layoutbench-scene", "version": 1, "name": "h"\(extra), "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
     "constraints": [{"id": "c4", "first": "a.left", "relation": "==", "constant": 3, "priority": 500}],
     "edits": [{"attribute": "a.height", "priority": 750}], "frames": [[], [], [], [], [\(op)]]}
    """
}

private func messages(_ json: String) -> [String] {
    let decoded = Scene.decode(json)
    return (decoded.diagnostics + (decoded.scene?.validate() ?? [])).map(\.description)
}

private func malformedReason(_ json: String) -> String? {
    guard case let .malformed(reason)? = Scene.decode(json).scene?.frames[4].first else { return nil }
    return reason
}

@Suite("Reader hardening")
struct ReaderHardeningTests {
    @Test("a high surrogate followed by a non-surrogate escape is an error at its position, not a trap")
    func mismatchedSurrogate() {
        #expect(messages(#"{"name": "\ud800\u0041"}"#) == [
            "$: malformed JSON at line 1, column 11: high surrogate \\uD800 followed by \\u0041, not by a low surrogate \\uDC00-\\uDFFF"
        ])
    }

    @Test("lone surrogates are errors at their position")
    func loneSurrogates() throws {
        #expect(messages(#"["\ud800"]"#) == [
            "$: malformed JSON at line 1, column 3: lone high surrogate \\uD800 (a low surrogate \\uDC00-\\uDFFF must follow)"
        ])
        #expect(messages(#"["x\udc00"]"#) == [
            "$: malformed JSON at line 1, column 4: lone low surrogate \\uDC00 (it must follow a high surrogate \\uD800-\\uDBFF)"
        ])
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(#"["\ud800\ud800"]"#) }
        // A proper pair still reads.
        #expect(try JSONReader.parse(#"["\ud83d\ude00"]"#) == .array([.string("😀")]))
    }

    @Test("invalid UTF-8 is an error at its byte offset, so two ids cannot collide as U+FFFD")
    func invalidUTF8() throws {
        for (bytes, offset) in [([0xFF], 2), ([0xC0, 0xAF], 2), ([0xED, 0xA0, 0x80], 2), ([0x61, 0xE2, 0x82], 3), ([0xF4, 0x90, 0x80, 0x80], 2)] {
            let input: [UInt8] = Array(#"[""#.utf8) + bytes.map(UInt8.init) + Array(#""]"#.utf8)
            do {
                _ = try JSONReader.parse(input)
                Issue.record("accepted \(bytes)")
            } catch {
                #expect(error.byteOffset == offset, "\(bytes)")
                #expect(error.message.hasPrefix("invalid UTF-8 at byte offset \(offset)"))
            }
        }
        let two: [UInt8] = Array(#"{"views": [{"id": "a"#.utf8) + [0xFF] + Array(#""}, {"id": "a"#.utf8) + [0xFE] + Array(#""}]}"#.utf8)
        #expect(Scene.decode(two).diagnostics.map(\.message) == ["malformed JSON at line 1, column 21: invalid UTF-8 at byte offset 20 (byte 0xFF)"])
        // Valid multi-byte text still reads.
        #expect(try JSONReader.parse("[\"é€😀\"]") == .array([.string("é€😀")]))
    }

    @Test("duplicate keys are errors naming the key, at the top level and inside ops")
    func duplicateKeys() {
        let twoViews = scene(extra: #", "views": []"#)
        #expect(messages(twoViews).count == 1)
        #expect(messages(twoViews)[0].contains(#"duplicate key "views" in an object"#))
        let op = scene(op: #"{"op": "setConstant", "constraint": "c4", "value": 1, "value": 2}"#)
        #expect(messages(op).count == 1)
        #expect(messages(op)[0].contains(#"duplicate key "value" in an object"#))
    }

    @Test("duplicate keys are found in large objects too, and 100,000 distinct keys read")
    func duplicateKeysInLargeObjects() throws {
        let keys = (0..<200).map { #""k\#($0)": 0"# } + [#""k3": 1"#]
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse("{" + keys.joined(separator: ", ") + "}") }
        let many = (0..<100_000).map { #""k\#($0)": 0"# }.joined(separator: ", ")
        guard case let .object(members) = try JSONReader.parse("{" + many + "}") else {
            Issue.record("not an object")
            return
        }
        #expect(members.count == 100_000)
    }

    @Test("unknown top-level keys are errors naming them; x- keys are metadata")
    func topLevelKeys() {
        #expect(messages(scene(extra: #", "x-generator": {"by": "me"}"#)).isEmpty)
        #expect(messages(scene(extra: #", "frame": []"#)) == [
            #"$: unknown top-level key "frame" (known: format, version, name, views, constraints, edits, frames; x-… for metadata)"#
        ])
        #expect(throws: LayoutError.self) { try Scene.load(Array(scene(extra: #", "frame": []"#).utf8)) }
    }

    @Test("an unreadable op names itself, the field and the value, with both frame conventions")
    func unreadableOp() {
        let json = scene(op: #"{"op": "setConstant", "constraint": "c4", "value": "tall"}"#)
        #expect(malformedReason(json) == #"setConstant c4: value must be a finite number, got "tall" (at $.frames[4][0], frame 5 op 0)"#)
        #expect(messages(json) == [#"$.frames[4][0] (frame 5 op 0, setConstant).value: must be a finite number, got "tall""#])
        #expect(malformedReason(scene(op: #"{"op": "suggest", "attribute": "a.height"}"#))
            == "suggest a.height: value is missing (at $.frames[4][0], frame 5 op 0)")
    }

    @Test("an add whose constraint has a typo is refused by solve as by validate")
    func addWithTypo() throws {
        let json = scene(op: #"{"op": "add", "constraint": {"id": "c9", "first": "a.width", "relation": "==", "second": "root.width", "multipler": 0.5}}"#)
        #expect(malformedReason(json) == #"add c9: constraint has an unknown key "multipler" (at $.frames[4][0], frame 5 op 0)"#)
        let loaded = try Scene.load(Array(json.utf8))
        guard case .malformed? = loaded.frames[4].first else {
            Issue.record("the add was read as \(String(describing: loaded.frames[4].first))")
            return
        }
    }

    @Test("a very long id (5 MB) is shortened in messages")
    func longID() {
        let id = String(repeating: "x", count: 5_000_000)  // 50 MB behaves the same, ten times slower in a debug build
        let json = scene(op: #"{"op": "remove", "constraint": "\#(id)"}"#)
        let text = messages(json).joined(separator: "\n")
        #expect(!text.isEmpty)
        #expect(text.utf8.count < 1_000)
        #expect(text.contains("more bytes]"))
    }

    @Test("numbers beyond a double are refused by name")
    func hugeNumber() {
        #expect(malformedReason(scene(op: #"{"op": "suggest", "attribute": "a.height", "value": 1e999}"#))
            == "suggest a.height: value must be a finite number, got a number beyond the range of a double (at $.frames[4][0], frame 5 op 0)")
    }
}
