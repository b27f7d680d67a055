import ArgumentParser
import Foundation
import LayoutModel

/// One line of `compare`'s verdicts, as `compare --json` writes it: a scene and the back ends
/// (or the peer set beside cassowary) compared on it. Scripts read these, not the printed table.
struct CompareRecord: Codable {
    var scene: String
    var backends: [String]
    /// The external solver set beside cassowary; nil for the built-in back ends proved equivalent.
    var peer: String?
    var framesCompared: Int
    /// Frames where the layout is not unique (built-in comparison only).
    var ambiguousFrames: Int?
    /// "equivalent", "DIFFERENT", "NOTHING COMPARED", or a peer's verdict summary.
    var result: String
    var passed: Bool
    /// The first disagreement, "SCENE frame N: what differs" (nil when none).
    var firstDisagreement: String?

    enum CodingKeys: String, CodingKey {
        case scene, backends, peer, result, passed
        case framesCompared = "frames_compared", ambiguousFrames = "ambiguous_frames", firstDisagreement = "first_disagreement"
    }

    var tableRow: String {
        "\(scene)\t\(peer ?? backends.joined(separator: ","))\t\(framesCompared) frames\t\(ambiguousFrames.map { "\($0) ambiguous" } ?? "-")\t\(result)"
    }

    /// Writes `{"format": "layoutbench-compare", "version": 1, "records": [...]}` to `path`.
    static func write(_ records: [CompareRecord], to path: String) throws {
        struct File: Codable { var format = "layoutbench-compare"; var version = 1; var records: [CompareRecord] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try writeFile(String(decoding: try encoder.encode(File(records: records)), as: UTF8.self) + "\n", to: path)
        } catch {
            printError("--json '\(path)': cannot write the verdicts: \(writeFailureText(error))")
            throw ExitCode.failure
        }
    }
}
