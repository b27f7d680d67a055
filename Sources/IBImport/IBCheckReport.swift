// What `--check` found for one file, as one value: printed as text, or written as JSON by
// `--check --json` for scripts (which read it, never the text). Keys are described in the
// README's import section; a key removed or renamed, or a meaning changed, increments `version`.

import Foundation
import LayoutModel

public struct IBCheckReport: Encodable, Sendable {
    public var format = "layoutbench-ib-check"
    public var version = 1
    /// The file as given.
    public var file: String
    /// `frames` (`--environment-from-frames`) or `device-table`.
    public var environment: String
    public var hierarchies: [Hierarchy]
    public var summary: Summary

    /// Counts over the file's hierarchies; `passed` when no unflagged view differs.
    public struct Summary: Encodable, Sendable, Equatable {
        public var hierarchies, views, constraints, unflagged, matching: Int
        public var flaggedDiffering, dropped, unsupported, notComparable: Int
        public var passed: Bool
    }

    /// Views left out of the comparison, by why: IB's own flags (on the view or an ancestor) and
    /// the import's `not comparable`.
    public struct Flagged: Encodable, Sendable, Equatable {
        public var misplaced, ambiguous, notComparable: Int
    }

    public struct Rect: Encodable, Sendable, Equatable {
        public var x, y, width, height: Double
        /// To 1/1000 pt, as the text prints it.
        init(_ r: IBRect) {
            func round(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
            (x, y, width, height) = (round(r.x), round(r.y), round(r.width), round(r.height))
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.unkeyedContainer()
            try c.encode(contentsOf: [x, y, width, height])
        }
    }

    public struct Cause: Encodable, Sendable, Equatable {
        /// See `IBLikelyCause.kind` and `IBUnsupportedReason.kind`.
        public var kind: String
        public var message: String
        /// The ancestor whose cause it is, when the view has none of its own.
        public var inside: String?
        /// The constraint dropped or broken by the stored frames.
        public var constraint: String?
        /// A stale stored frame that relates other views only.
        public var elsewhere: Bool?

        init(kind: String, message: String, inside: String? = nil, constraint: String? = nil, elsewhere: Bool? = nil) {
            (self.kind, self.message, self.inside, self.constraint, self.elsewhere) = (kind, message, inside, constraint, elsewhere)
        }

        init(_ cause: IBLikelyCause) {
            kind = cause.kind
            message = cause.message
            var own = cause
            if case let .inside(ancestor, c) = cause { inside = ancestor; own = c }
            switch own {
            case let .droppedConstraint(id): constraint = id
            case let .staleStoredFrame(id, _, _, far): constraint = id; elsewhere = far
            case let .unsupported(.constraintOutside(id)): constraint = id
            default: break
            }
        }
    }

    public struct NotComparable: Encodable, Sendable, Equatable {
        public var id: String
        /// `stale-stored-frame` or `custom-class-size`.
        public var kind: String
        public var message: String
        /// Whether the solved frame differs from IB's all the same.
        public var differs: Bool
    }

    public struct Differing: Encodable, Sendable, Equatable {
        public var id: String
        public var `class`: String
        public var ib: Rect
        public var solved: Rect
        /// IB's flag (`misplaced`, `ambiguous`) on the view or an ancestor.
        public var flag: String?
        /// The import's reason not to compare it (see `NotComparable`).
        public var notComparable: String?
        public var likelyCauses: [Cause]
    }

    public struct Dropped: Encodable, Sendable, Equatable {
        public var id: String
        public var conflictsWith: [String]
    }

    public struct Unsupported: Encodable, Sendable, Equatable {
        /// `<name id="…">`, its IB id and line.
        public var element: String
        public var elementID: String?
        public var line: Int
        public var view: String?
        /// See `IBUnsupportedReason.kind`.
        public var kind: String
        public var message: String
    }

    public struct Environment: Encodable, Sendable, Equatable {
        public struct Device: Encodable, Sendable, Equatable {
            public var id: String
            public var width, height: Double
        }
        public struct Insets: Encodable, Sendable, Equatable {
            public var top, left, bottom, right: Double
        }
        public struct Read: Encodable, Sendable, Equatable {
            public var guide, attribute: String
            public var value: Double
        }
        /// `frames` or `device-table`.
        public var source: String
        public var device: Device
        public var toolsVersion: Double
        /// The root's safe-area insets, legacy layout guides' lengths and side margins.
        public var safeArea: Insets
        public var topLayoutGuide, bottomLayoutGuide, rootSideMargin: Double
        /// From frames: each guide edge or length read off the frames (window coordinates).
        public var readOffFrames: [Read]
    }

    public struct Hierarchy: Encodable, Sendable, Equatable {
        public var name: String
        public var views, constraints, unflagged, matching: Int
        public var flagged: Flagged
        public var flaggedDiffering: Int
        public var environment: Environment?
        /// The conflict that stopped the solve (`--strict`); nothing is compared then.
        public var conflict: String?
        public var dropped: [Dropped]
        public var unsupported: [Unsupported]
        public var differing: [Differing]
        public var notComparable: [NotComparable]
    }
}

extension IBCheckReport {
    /// The report for `file`'s hierarchies, each with what `check` found for it.
    public init(file: String, fromFrames: Bool, checked: [(scene: IBImportedScene, result: IBCheckResult)]) {
        self.file = file
        environment = fromFrames ? "frames" : "device-table"
        hierarchies = checked.map { Hierarchy(scene: $0.scene, result: $0.result) }
        summary = Summary(
            hierarchies: hierarchies.count, views: hierarchies.map(\.views).reduce(0, +),
            constraints: hierarchies.map(\.constraints).reduce(0, +), unflagged: hierarchies.map(\.unflagged).reduce(0, +),
            matching: hierarchies.map(\.matching).reduce(0, +), flaggedDiffering: hierarchies.map(\.flaggedDiffering).reduce(0, +),
            dropped: hierarchies.map(\.dropped.count).reduce(0, +), unsupported: hierarchies.map(\.unsupported.count).reduce(0, +),
            notComparable: hierarchies.map(\.flagged.notComparable).reduce(0, +),
            passed: checked.allSatisfy { $0.result.mismatches.allSatisfy { $0.flag != nil } })
    }

    /// The report as JSON (sorted keys, snake_case), one object.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        // A frame left unsolved by a conflict may hold NaN: written as a string, so encoding cannot fail.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try! encoder.encode(self), as: UTF8.self) + "\n"
    }
}

extension IBCheckReport.Hierarchy {
    init(scene s: IBImportedScene, result: IBCheckResult) {
        name = s.name
        views = result.viewCount
        constraints = result.constraintCount
        unflagged = result.unflaggedCount
        matching = result.unflaggedMatching
        flagged = .init(
            misplaced: s.views.filter { $0.flagged == "misplaced" }.count,
            ambiguous: s.views.filter { $0.flagged == "ambiguous" }.count,
            notComparable: result.notComparable.count)
        flaggedDiffering = result.mismatches.filter { $0.flag != nil }.count
        environment = s.environment.map(IBCheckReport.Environment.init)
        conflict = result.conflict
        dropped = result.dropped.map { .init(id: $0, conflictsWith: result.conflictSets[$0] ?? []) }
        unsupported = s.unsupportedEntries.map {
            .init(element: $0.element, elementID: $0.elementID, line: $0.line, view: $0.viewID, kind: $0.reason.kind, message: $0.reason.message)
        }
        differing = result.conflict != nil ? [] : result.mismatches.map { m in
            let reason = result.notComparable[m.viewID]
            return .init(
                id: m.viewID, class: m.className, ib: .init(m.expected), solved: .init(m.solved),
                flag: s.views.first { $0.id == m.viewID }?.flagged, notComparable: reason?.message,
                likelyCauses: s.likelyCauseList(of: m.viewID, dropped: result.dropped).map(IBCheckReport.Cause.init))
        }
        let differs = Set(result.mismatches.map(\.viewID))
        notComparable = result.notComparable.sorted { $0.key < $1.key }.map {
            .init(id: $0.key, kind: $0.value.kind.rawValue, message: $0.value.message, differs: differs.contains($0.key))
        }
    }
}

extension IBCheckReport.Environment {
    init(_ used: IBEnvironmentUsed) {
        source = used.fromFrames ? "frames" : "device-table"
        device = .init(id: used.device.id, width: used.device.width, height: used.device.height)
        toolsVersion = used.toolsVersion
        let a = used.values.safeArea
        safeArea = .init(top: a.top, left: a.left, bottom: a.bottom, right: a.right)
        topLayoutGuide = used.values.topGuideLength
        bottomLayoutGuide = used.values.bottomGuideLength
        rootSideMargin = used.values.rootSideMargin
        readOffFrames = used.readOffFrames.map { .init(guide: $0.guide, attribute: $0.attribute, value: $0.value) }
    }
}
