import LayoutModel

/// `compare`'s verdicts as JUnit XML, the test report CI services read: one test case
/// per scene and back-end pair (the reference, first, against each other), a
/// disagreement as that pair's failure naming frame, view and values, a back end
/// that did not run as skipped.
public struct JUnitReport {
    struct Case {
        var scene: String
        var name: String
        var failure: String?
        var skipped: String?
    }

    var cases: [Case] = []
    public init() {}

    public var failures: Int { cases.filter { $0.failure != nil }.count }

    /// Adds one scene's outcome: `Equivalence.compare` ran `outcome.backends`, the first the reference.
    public mutating func add(_ outcome: Equivalence.Outcome) {
        let scene = outcome.scene
        guard let reference = outcome.backends.first else {
            cases.append(Case(scene: scene, name: "comparison", failure: outcome.disagreements.first?.description ?? "nothing compared"))
            return
        }
        let others = outcome.backends.dropFirst()
        if others.isEmpty {
            cases.append(Case(scene: scene, name: "\(reference) alone", failure: outcome.disagreements.first?.description ?? "nothing compared"))
        }
        // A back end that refused or failed what the others solved is its disagreement's culprit: the pair's alone.
        for other in others {
            // A disagreement belongs to the pair whose other back end it names; one naming
            // only the reference (it broke a required constraint) to every pair.
            let own = outcome.disagreements.filter { $0.culprit == nil && (mentions($0.message, other) || onlyReference($0.message, others)) }
            let failure = own.first.map { "frame \($0.frame): \($0.message)" }
            cases.append(Case(scene: scene, name: "\(reference) vs \(other)", failure: failure))
        }
        for skip in outcome.skipped {
            // A back end that refused or failed what the others solved is a failure, not a skip.
            if let own = outcome.disagreements.first(where: { $0.culprit == skip.backend }) {
                cases.append(Case(scene: scene, name: "\(reference) vs \(skip.backend)", failure: "frame \(own.frame): \(own.message)"))
            } else {
                cases.append(Case(scene: scene, name: "\(reference) vs \(skip.backend)", skipped: skip.reason))
            }
        }
    }

    /// An external solver set beside the reference on one scene (`PeerVerdict`): a
    /// wrong answer fails; a weighted solver's other optimum is information, not a failure.
    public mutating func add(_ verdict: PeerVerdict.Outcome, scene: String, reference: String) {
        let name = "\(reference) vs \(verdict.peer)"
        if let unavailable = verdict.unavailable {
            cases.append(Case(scene: scene, name: name, failure: "not compared: \(unavailable)"))
        } else {
            cases.append(Case(scene: scene, name: name, failure: verdict.passed ? nil : verdict.summary))
        }
    }

    /// A scene that could not be compared at all (it did not load).
    public mutating func addError(scene: String, message: String) {
        cases.append(Case(scene: scene, name: "load", failure: message))
    }

    func mentions(_ message: String, _ backend: String) -> Bool {
        !backend.isEmpty && (message.hasPrefix(backend + " ") || message.contains(" \(backend) ") || message.contains(", \(backend) "))
    }

    func onlyReference(_ message: String, _ others: ArraySlice<String>) -> Bool { !others.contains { mentions(message, $0) } }

    public var xml: String {
        let skipped = cases.filter { $0.skipped != nil }.count
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"layoutbench compare\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\">",
            "  <testsuite name=\"layoutbench compare\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\">",
        ]
        for c in cases {
            let open = "    <testcase classname=\"\(escaped(c.scene))\" name=\"\(escaped(c.name))\""
            if let failure = c.failure {
                lines.append(open + ">")
                lines.append("      <failure type=\"disagreement\" message=\"\(escaped(failure))\">\(escaped(failure))</failure>")
                lines.append("    </testcase>")
            } else if let reason = c.skipped {
                lines.append(open + ">")
                lines.append("      <skipped message=\"\(escaped(reason))\"/>")
                lines.append("    </testcase>")
            } else {
                lines.append(open + "/>")
            }
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    func escaped(_ text: String) -> String {
        var out = ""
        for ch in text.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case _ where ch.value < 0x20 && ch != "\t": out += "?"  // not allowed in XML 1.0
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }
}
