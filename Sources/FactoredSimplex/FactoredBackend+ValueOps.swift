import LayoutModel

/// A frame's value ops (`suggest`, `setConstant`, `setPriority`), one at a time or a
/// run at once. A run (toggle-100000's swap frame: 66,666 priorities and 33,333
/// constants) settles a held removal once, where `apply` asks before every op, and
/// reaches the solver without a protocol call per op.
extension FactoredBackend {
    public func applyValueOps(_ ops: UnsafeBufferPointer<CompiledOp>) throws(LayoutError) -> ValueOpRefusal? {
        // Value ops read no duals, so the batched seeds wait (DualBatch.swift), and
        // none puts a row in: a row held back by a removal goes now.
        solver.settleHeldRemoval()
        // Past the frame's incremental updates, runs of ops go in at once (ListedValueOps.swift).
        var i = solver.applyListedValueOps(ops, from: 0, editRowBase: editRowBase, numbering: numbering)
        while i < ops.count {
            do {
                try applyValueOp(ops[i])
            } catch {
                if error.isFatal { throw error }
                return ValueOpRefusal(index: i, error: error)
            }
            // Only a priority change brings the frame past its incremental updates.
            if case .setPriority = ops[i] {
                i = solver.applyListedValueOps(ops, from: i + 1, editRowBase: editRowBase, numbering: numbering)
            } else {
                i += 1
            }
        }
        return nil
    }

    /// Applies `suggest`, `setConstant` or `setPriority`; a new constant of a required
    /// row is checked by a solve when the required rows may conflict.
    @inline(__always)
    func applyValueOp(_ op: CompiledOp) throws(LayoutError) {
        switch op {
        case let .suggest(e, value):
            solver.setConstant(row(editRowBase + Int(e)), value)
        case let .setConstant(h, value):
            let r = row(Int(h))
            let old = solver.constant(of: r)
            solver.setConstant(r, value)
            if solver.constantChangeNeedsCheck(r) {
                try checked(r) { solver.setConstant(r, old) }
            }
        case let .setPriority(h, value):
            solver.setPriority(row(Int(h)), value)
        default:
            preconditionFailure("factored: \(op) is not a value op")
        }
    }
}
