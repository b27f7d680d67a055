// The values ops leave a scene's constraints and edits at, recorded in one place for the
// session and for a back end that re-creates its constraints (a back end cannot read the
// session's). Kept apart from `OpState`, which the op rules read on every op: a copy of
// that state stays three arrays.

/// Per constraint handle, its constant and priority; per edit, its priority and value,
/// as the ops so far set them.
public struct OpValues: Sendable {
    public private(set) var constants: [Double]
    public private(set) var priorities: [Double]
    public private(set) var editPriority: [Double]
    /// The suggested value, or the value held since the edit was declared.
    public private(set) var editValue: [Double]

    /// The values before frame 0: the scene's constants and priorities; no edit declared.
    public init(_ scene: CompiledScene) {
        constants = scene.constraints.map(\.constant)
        priorities = scene.constraints.map(\.priority)
        editPriority = [Double](repeating: 0, count: scene.edits.count)
        editValue = [Double](repeating: 0, count: scene.edits.count)
    }

    /// Records `op`, which was not refused (and which the back end accepted).
    @inline(__always)
    public mutating func record(_ op: CompiledOp) {
        switch op {
        case let .suggest(e, value): editValue[Int(e)] = value
        case let .setConstant(h, value): constants[Int(h)] = value
        case let .setPriority(h, value): priorities[Int(h)] = value
        case let .addEdit(e, priority, held):
            editPriority[Int(e)] = priority
            editValue[Int(e)] = held
        case .activate, .deactivate, .add, .remove, .removeEdit, .invalid: break
        }
    }

    /// Records a run of value ops (`suggest`, `setConstant`, `setPriority`) that the
    /// back end applied, through raw buffers: one `record` at a time checked an
    /// array's uniqueness per op (toggle-100000's swap frame has 100,000).
    public mutating func recordValueRun(_ run: UnsafeBufferPointer<CompiledOp>) {
        constants.withUnsafeMutableBufferPointer { constants in
        priorities.withUnsafeMutableBufferPointer { priorities in
        editValue.withUnsafeMutableBufferPointer { editValue in
            for op in run {
                switch op {
                case let .suggest(e, value): editValue[Int(e)] = value
                case let .setConstant(h, value): constants[Int(h)] = value
                case let .setPriority(h, value): priorities[Int(h)] = value
                default: preconditionFailure("\(op) is not a value op")
                }
            }
        }}}
    }
}
