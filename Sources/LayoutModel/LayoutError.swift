/// Every error a scene or an op can cause, each naming its culprit in one line.
public enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The required constraints cannot all hold. `constraint` is the one whose
    /// add, activation or new constant was refused; `conflicts` the required
    /// constraints it contradicts (a small set, as Auto Layout lists them).
    case unsatisfiable(constraint: String, conflicts: [String])
    case unknownConstraint(String)
    case duplicateConstraint(String)
    /// A removed constraint's id is never reused, and a removed constraint takes no ops.
    case removedConstraint(String)
    case unknownEdit(String)
    case duplicateEdit(String)
    case requiredEdit(String)
    case invalidPriority(constraint: String, value: Double)
    case requiredPriorityChange(constraint: String)
    case invalidValue(what: String, value: Double)
    /// The back end cannot run this scene (or this frame), with the reason.
    case unsupported(String)
    /// The back end's memory estimate exceeds its limit.
    case tooLarge(estimateBytes: Int, limitBytes: Int, detail: String)
    case invalidScene([String])
    /// An op that is wrong on its own (a value out of range, an unreadable op), with its message.
    case invalidOp(String)
    /// A solved value that is not a finite number (it cannot be written as JSON).
    case nonFiniteResult(view: String, attribute: String, value: Double)
    /// A file or stream that could not be read or written.
    case io(String)
    /// A simplex run of `backend` used up its pivot budget (`pivots`, far more than a
    /// correct run takes) during `operation` ("solving", or a change named with its
    /// constraint): it was looping, and it stops instead.
    case pivotBudgetExceeded(backend: String, operation: String, pivots: Int)

    public var description: String {
        switch self {
        case let .unsatisfiable(constraint, conflicts):
            let list = conflicts.isEmpty ? "" : ": it conflicts with required " + conflicts.joined(separator: ", ")
            return "unable to simultaneously satisfy constraints: \(constraint)\(list)"
        case let .unknownConstraint(id): return "unknown constraint '\(id)'"
        case let .duplicateConstraint(id): return "duplicate constraint id '\(id)'"
        case let .removedConstraint(id): return "constraint '\(id)' was removed; its id cannot be used again"
        case let .unknownEdit(attribute): return "'\(attribute)' is not a declared edit variable"
        case let .duplicateEdit(attribute): return "'\(attribute)' is already an edit variable"
        case let .requiredEdit(attribute): return "edit variable '\(attribute)' has priority 1000; edits must be optional (below 1000)"
        case let .invalidPriority(constraint, value):
            return "priority \(formatNumber(value)) for '\(constraint)' is out of range (optional priorities are 1...999)"
        case let .requiredPriorityChange(constraint):
            return "cannot change the priority of '\(constraint)' to or from required (1000)"
        case let .invalidValue(what, value): return "\(what): value \(formatNumber(value)) is not a finite number"
        case let .unsupported(reason): return "unsupported: \(reason)"
        case let .tooLarge(estimate, limit, detail):
            return "scene too large: needs an estimated \(formatBytes(estimate)) (\(detail)), over the limit of \(formatBytes(limit))"
        case let .invalidScene(messages): return messages.joined(separator: "\n")
        case let .invalidOp(message): return message
        case let .nonFiniteResult(view, attribute, value):
            return "the solution is not finite: \(view).\(attribute) = \(value) (the constraints overflow the range of a double)"
        case let .io(message): return message
        case let .pivotBudgetExceeded(backend, operation, pivots):
            return "the \(backend) back end stalled while \(operation): one simplex run used up its budget of \(pivots) pivots (a cycle or numerical trouble)"
        }
    }

    /// Whether the run cannot go on after this error (an op refusal is not fatal).
    public var isFatal: Bool {
        switch self {
        case .unsupported, .tooLarge, .invalidScene, .nonFiniteResult, .io, .pivotBudgetExceeded: return true
        default: return false
        }
    }
}

public func formatBytes(_ bytes: Int) -> String {
    let units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"]
    var value = Double(bytes)
    var unit = 0
    while value >= 1024, unit < units.count - 1 {
        value /= 1024
        unit += 1
    }
    return unit == 0 ? "\(bytes) B" : String(format1(value)) + " " + units[unit]
}

func format1(_ value: Double) -> String {
    let tenths = (value * 10).rounded() / 10
    return tenths == tenths.rounded() ? String(Int(tenths)) : "\(tenths)"
}
