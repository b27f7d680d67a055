import LayoutModel

/// The `cassowary` back end: a `CassowarySolver` driven by a compiled scene.
public final class CassowaryBackend: LayoutBackend {
    public static let name = "cassowary"
    public static let summary = "sparse incremental Cassowary with exact lexicographic priorities"
    public static let isExact = true
    public static let workUnit = "pivots"

    public static func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment { .supported }

    public let solver: CassowarySolver
    let scene: CompiledScene
    /// Solver constraint of each scene constraint handle (-1: not created yet).
    var constraintID: [Int32]
    /// Solver constraint of each declared edit (-1: not declared).
    var editID: [Int32]
    var viewChanged: [Bool]

    /// Handles that some op changes (constant, activation, removal): the others
    /// can enter the tableau without a marker.
    let isMutable: [Bool]

    public init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) {
        self.scene = scene
        var mutable = [Bool](repeating: false, count: scene.constraints.count)
        for frame in scene.frames {
            for op in frame {
                switch op {
                case let .setConstant(h, _), let .activate(h), let .deactivate(h), let .remove(h): mutable[Int(h)] = true
                default: break
                }
            }
        }
        isMutable = mutable
        solver = CassowarySolver(variableCount: scene.variableCount)
        constraintID = [Int32](repeating: -1, count: scene.constraints.count)
        editID = [Int32](repeating: -1, count: scene.edits.count)
        viewChanged = [Bool](repeating: false, count: scene.viewCount)
        for h in 0..<scene.initialConstraintCount {
            try create(ConstraintHandle(h))
        }
        collectChanges()
        solver.core.reserveFrameBuffers()
    }

    /// Registers a scene constraint and activates it if it is active.
    func create(_ h: ConstraintHandle) throws(LayoutError) {
        let c = scene.constraints[Int(h)]
        let id = try solver.register(c.terms, c.relation, c.constant, priority: c.priority, isStatic: !isMutable[Int(h)])
        solver.names[Int(id)] = c.id
        constraintID[Int(h)] = id
        guard c.isActive else { return }
        do {
            try solver.setActive(id, true)
        } catch {
            try? solver.removeConstraint(id)
            constraintID[Int(h)] = -1
            throw error
        }
    }

    func declareEdit(_ e: EditHandle, priority: Double, heldValue value: Double) throws(LayoutError) {
        let id = try solver.addEdit(
            terms: scene.edits[Int(e)].terms, priority: priority, name: scene.edits[Int(e)].attribute.description,
            checkDuplicate: false)
        solver.suggestUnchecked(id, value)
        editID[Int(e)] = id
    }

    public func apply(_ op: CompiledOp) throws(LayoutError) {
        switch op {
        case let .suggest(e, value):
            solver.suggestUnchecked(editID[Int(e)], value)
        case let .setConstant(h, value):
            try solver.setConstant(constraintID[Int(h)], value)
        case let .setPriority(h, value):
            try solver.setPriority(constraintID[Int(h)], value)
        case let .activate(h):
            try solver.setActive(constraintID[Int(h)], true)
        case let .deactivate(h):
            try solver.setActive(constraintID[Int(h)], false)
        case let .add(h):
            try create(h)
        case let .remove(h):
            try solver.removeConstraint(constraintID[Int(h)])
            constraintID[Int(h)] = -1
        case let .addEdit(e, priority, held):
            try declareEdit(e, priority: priority, heldValue: held)
        case let .removeEdit(e):
            try solver.removeEditVariable(editID[Int(e)])
            editID[Int(e)] = -1
        case .invalid:
            break
        }
    }

    public func solve() throws(LayoutError) {
        collectChanges()
    }

    func collectChanges() { solver.core.updateValues() }

    public func readRects(into buffer: UnsafeMutableBufferPointer<Double>) {
        solver.core.values.withUnsafeBufferPointer { values in
            for i in 0..<min(values.count, buffer.count) { buffer[i] = values[i] }
        }
        solver.core.changedVariables.removeAll(keepingCapacity: true)
    }

    public func readChangedRects(into buffer: UnsafeMutableBufferPointer<Double>, changedViews out: inout [Int32]) {
        let start = out.count
        viewChanged.withUnsafeMutableBufferPointer { seen in
            solver.core.values.withUnsafeBufferPointer { values in
                solver.core.changedVariables.withUnsafeBufferPointer { changed in
                    for variable in changed {
                        let view = Int(variable >> 2)
                        guard !seen[view] else { continue }
                        seen[view] = true
                        let base = view * 4
                        buffer[base] = values[base]
                        buffer[base + 1] = values[base + 1]
                        buffer[base + 2] = values[base + 2]
                        buffer[base + 3] = values[base + 3]
                        out.append(Int32(view))
                    }
                }
            }
            for i in start..<out.count { seen[Int(out[i])] = false }
        }
        solver.core.changedVariables.removeAll(keepingCapacity: true)
    }

    public var statistics: SolveStatistics { solver.statistics }

    /// Views whose rectangle is not pinned by the current constraints (indices in view order).
    public func ambiguousViews() -> [Int32]? {
        var seen = Set<Int>()
        var out: [Int32] = []
        for v in solver.ambiguousVariables() where seen.insert(v >> 2).inserted { out.append(Int32(v >> 2)) }
        return out
    }
}
