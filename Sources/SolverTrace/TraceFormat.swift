import LayoutModel

/// The solver-level trace, version 1. One record per line, fields separated by single spaces,
/// numbers as C's strtod and Python's float() read them:
///
///     layoutbench-trace 1
///     scene NAME                      no spaces
///     variables V                     variable 4*view+k is the view's k: 0 left, 1 top, 2 width, 3 height
///     read R                          after each solve, variables 0..R-1 are read back
///     warmup W                        frames to play untimed on a separate build first
///     values 0|1                      1: print the values read back after each solve
///     timelimit SECONDS               stop timing once the frames took this long (0: no limit)
///     constraints C
///     c H REL CONST PRIO ACTIVE PRESENT N v1 k1 ... vN kN
///                                     Σ k*x[v] REL CONST, REL one of == <= >=; PRIO 1000 = required,
///                                     else 1..999; in the solver when PRESENT (1: from the start,
///                                     0: until an `add`) and ACTIVE
///     edits E
///     e H N v1 k1 ...                 edit H drives the expression Σ k*x[v]
///     initialEdit H PRIO VALUE        after the initial solve: declare edit H, held at VALUE
///     frames F
///     frame F                         then F's ops, each `KIND OP ...` where OP is its index in the
///                                     scene's frame (what a refusal names):
///       suggest OP H VALUE | setConstant OP H VALUE | setPriority OP H PRIO | activate OP H |
///       deactivate OP H | add OP H | remove OP H | addEdit OP H PRIO VALUE | removeEdit OP H
///     solve                           ends the frame
///     end
public enum TraceFormat {
    public static let magic = "layoutbench-trace"
    public static let version = 1

    public static func relationToken(_ r: Relation) -> String {
        switch r {
        case .equal: return "=="
        case .lessThanOrEqual: return "<="
        case .greaterThanOrEqual: return ">="
        }
    }

    static func relation(_ token: Substring) -> Relation? {
        switch token {
        case "==": return .equal
        case "<=": return .lessThanOrEqual
        case ">=": return .greaterThanOrEqual
        default: return nil
        }
    }
}

/// A trace read back: what a driver sees. Used by tests and by tools that inspect traces.
public struct TraceDocument: Sendable, Equatable {
    public struct Constraint: Sendable, Equatable {
        public var relation: Relation
        public var constant: Double
        public var priority: Double
        public var isActive: Bool
        public var isPresent: Bool
        public var terms: [LinearTerm]
    }
    public enum Op: Sendable, Equatable {
        case suggest(edit: Int, value: Double)
        case setConstant(constraint: Int, value: Double)
        case setPriority(constraint: Int, priority: Double)
        case activate(Int)
        case deactivate(Int)
        case add(Int)
        case remove(Int)
        case addEdit(edit: Int, priority: Double, value: Double)
        case removeEdit(Int)
    }
    public var scene = ""
    public var variables = 0
    public var read = 0
    public var warmup = 0
    public var printValues = false
    public var timeLimit = 0.0
    public var constraints: [Constraint] = []
    public var edits: [[LinearTerm]] = []
    public var initialEdits: [(edit: Int, priority: Double, value: Double)] = []
    /// Per frame: (index of the op in the scene's frame, the op).
    public var frames: [[(index: Int, op: Op)]] = []

    public static func == (a: TraceDocument, b: TraceDocument) -> Bool {
        a.scene == b.scene && a.variables == b.variables && a.read == b.read && a.warmup == b.warmup
            && a.printValues == b.printValues && a.timeLimit == b.timeLimit && a.constraints == b.constraints
            && a.edits == b.edits
            && a.initialEdits.elementsEqual(b.initialEdits) { $0 == $1 }
            && a.frames.elementsEqual(b.frames) { $0.elementsEqual($1) { $0 == $1 } }
    }
}

public struct TraceParseError: Error, CustomStringConvertible, Sendable {
    public var line: Int
    public var text: String
    public var reason: String
    public var description: String { "trace line \(line): \(reason): '\(text.prefix(120))'" }
}

extension TraceDocument {
    /// Reads a version-1 trace; the first malformed line throws, naming it.
    public static func parse(_ text: String) throws(TraceParseError) -> TraceDocument {
        var doc = TraceDocument()
        var lineNumber = 0
        var current: [(index: Int, op: Op)]? = nil
        var sawEnd = false
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let f = raw.split(separator: " ")
            if f.isEmpty { continue }
            func fail(_ reason: String) -> TraceParseError {
                TraceParseError(line: lineNumber, text: String(raw), reason: reason)
            }
            func int(_ i: Int) throws(TraceParseError) -> Int {
                guard i < f.count, let v = Int(f[i]) else { throw fail("field \(i + 1) is not an integer") }
                return v
            }
            func double(_ i: Int) throws(TraceParseError) -> Double {
                guard i < f.count, let v = Double(f[i]), v.isFinite else { throw fail("field \(i + 1) is not a finite number") }
                return v
            }
            func terms(from start: Int) throws(TraceParseError) -> [LinearTerm] {
                let n = try int(start)
                guard f.count == start + 1 + 2 * n else { throw fail("expected \(n) terms") }
                var out: [LinearTerm] = []
                for t in 0..<n {
                    out.append(LinearTerm(variable: Int32(try int(start + 1 + 2 * t)), coefficient: try double(start + 2 + 2 * t)))
                }
                return out
            }
            if lineNumber == 1 {
                guard f.count == 2, f[0] == Substring(TraceFormat.magic), f[1] == "\(TraceFormat.version)" else {
                    throw fail("expected '\(TraceFormat.magic) \(TraceFormat.version)'")
                }
                continue
            }
            switch f[0] {
            case "scene": doc.scene = f.count > 1 ? String(f[1]) : ""
            case "variables": doc.variables = try int(1)
            case "read": doc.read = try int(1)
            case "warmup": doc.warmup = try int(1)
            case "values": doc.printValues = try int(1) == 1
            case "timelimit": doc.timeLimit = try double(1)
            case "constraints", "edits", "frames": _ = try int(1)
            case "c":
                guard let relation = f.count > 2 ? TraceFormat.relation(f[2]) : nil else { throw fail("bad relation") }
                doc.constraints.append(
                    Constraint(
                        relation: relation, constant: try double(3), priority: try double(4), isActive: try int(5) == 1,
                        isPresent: try int(6) == 1, terms: try terms(from: 7)))
            case "e": doc.edits.append(try terms(from: 2))
            case "initialEdit": doc.initialEdits.append((try int(1), try double(2), try double(3)))
            case "frame":
                if let current { doc.frames.append(current) }
                current = []
            case "solve":
                guard let frame = current else { throw fail("solve outside a frame") }
                doc.frames.append(frame)
                current = nil
            case "end": sawEnd = true
            default:
                guard current != nil else { throw fail("unknown record '\(f[0])'") }
                let index = try int(1)
                let op: Op
                switch f[0] {
                case "suggest": op = .suggest(edit: try int(2), value: try double(3))
                case "setConstant": op = .setConstant(constraint: try int(2), value: try double(3))
                case "setPriority": op = .setPriority(constraint: try int(2), priority: try double(3))
                case "activate": op = .activate(try int(2))
                case "deactivate": op = .deactivate(try int(2))
                case "add": op = .add(try int(2))
                case "remove": op = .remove(try int(2))
                case "addEdit": op = .addEdit(edit: try int(2), priority: try double(3), value: try double(4))
                case "removeEdit": op = .removeEdit(try int(2))
                default: throw fail("unknown op '\(f[0])'")
                }
                current!.append((index, op))
            }
        }
        guard sawEnd else { throw TraceParseError(line: lineNumber, text: "", reason: "the trace ends without 'end'") }
        return doc
    }
}
