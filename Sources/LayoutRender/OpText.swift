import LayoutModel

/// One line per op for captions and the player: the op, what it names, and its value.
public enum OpText {
    public static func describe(_ op: CompiledOp, in scene: CompiledScene) -> String {
        func constraint(_ h: ConstraintHandle) -> String { scene.constraints[Int(h)].id }
        func edit(_ e: EditHandle) -> String { scene.edits[Int(e)].attribute.description }
        switch op {
        case let .suggest(e, value): return "suggest \(edit(e)) = \(formatNumber(value))"
        case let .setConstant(h, value): return "setConstant \(constraint(h)) = \(formatNumber(value))"
        case let .setPriority(h, value): return "setPriority \(constraint(h)) = \(formatNumber(value))"
        case let .activate(h): return "activate \(constraint(h))"
        case let .deactivate(h): return "deactivate \(constraint(h))"
        case let .add(h): return "add \(constraint(h))"
        case let .remove(h): return "remove \(constraint(h))"
        case let .addEdit(e, priority, _): return "addEdit \(edit(e)) @\(formatNumber(priority))"
        case let .removeEdit(e): return "removeEdit \(edit(e))"
        case let .invalid(error, op): return "\(op) (refused): \(error)"
        }
    }

    /// The ops of frame `frame` (1-based; frame 0 is the initial solve and has none),
    /// at most `limit` of them plus a line saying how many were left out.
    public static func lines(frame: Int, of scene: CompiledScene, limit: Int = 40) -> [String] {
        guard frame > 0, frame <= scene.frameCount else { return [] }
        let ops = scene.frames[frame - 1]
        var out = ops.prefix(limit).map { describe($0, in: scene) }
        if ops.count > limit { out.append("… and \(ops.count - limit) more ops") }
        return out
    }
}

/// Rectangles that differ between two back ends (1e-6 relative, as `compare` judges them).
public enum RectDifference {
    public static func views(_ a: [Double], _ b: [Double]) -> [Int] {
        var out: [Int] = []
        let n = min(a.count, b.count) / 4
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for v in 0..<n {
                    for k in 0..<4 {
                        let x = a[4 * v + k], y = b[4 * v + k]
                        if abs(x - y) > 1e-6 * max(1, abs(x), abs(y)) || x.isNaN != y.isNaN {
                            out.append(v)
                            break
                        }
                    }
                }
            }
        }
        return out
    }
}
