import LayoutModel

/// Frames that change K constants: the workload that shows where the two exact back ends
/// cross over, cost per frame against how much a frame changes.
public struct ConstantJitter: Sendable, Hashable {
    /// K: `setConstant` ops per frame, each on a distinct required, active constraint
    /// (fewer when the scene has fewer such constraints).
    public var perFrame: Int
    /// Change the same K constraints in every frame (by default K are drawn afresh each frame).
    public var sameConstraints: Bool
    /// Each new constant lies within this distance of the constraint's original constant.
    public static let amplitude = 1.0

    public init(perFrame: Int, sameConstraints: Bool = false) {
        self.perFrame = perFrame
        self.sameConstraints = sameConstraints
    }

    /// The required, active constraints whose constants may change. The families that keep
    /// their required constraints equalities (stack, tree, grid, scroll) stay satisfiable
    /// whatever the jitter: each changes one position or size, not a bound.
    public static func pool(_ scene: Scene) -> [Constraint] {
        scene.constraints.filter { $0.priority == .required && $0.isActive }
    }

    /// `scene` with its frames replaced by `frameCount` frames of jittered constants, seeded
    /// by `seed` (the same arguments always give the same frames). Ops in a frame follow the
    /// constraints' order in the scene; values are rounded to 4 decimals.
    public func apply(to scene: Scene, frameCount: Int, seed: UInt64) -> Scene {
        let pool = Self.pool(scene)
        let k = min(perFrame, pool.count)
        var random = SeededRandom(seed: seed &* 0x100_0000_01B3 &+ UInt64(k))
        var indices = Array(pool.indices)
        let fixed = Self.draw(k, from: &indices, &random)
        var out = scene
        out.name = "\(scene.name)-k\(k)"
        out.frames = (0..<frameCount).map { _ in
            let chosen = sameConstraints ? fixed : Self.draw(k, from: &indices, &random)
            return chosen.map { i in
                let c = pool[i]
                let value = c.constant + (2 * random.unit() - 1) * Self.amplitude
                return .setConstant(constraint: c.id, value: (value * 10_000).rounded() / 10_000)
            }
        }
        return out
    }

    /// K distinct indices (a partial Fisher–Yates shuffle of `indices`), in increasing order.
    static func draw(_ k: Int, from indices: inout [Int], _ random: inout SeededRandom) -> [Int] {
        for i in 0..<k {
            let j = random.int(i...(indices.count - 1))
            indices.swapAt(i, j)
        }
        return indices[0..<k].sorted()
    }
}
