import LayoutModel

/// Plays a scene's frames on the constants the twin's styles follow, and lists per frame the
/// style values that changed. Ops that switch constraints or priorities have no flexbox
/// counterpart: the scene is declined, naming the first such op.
enum FramePlayer {
    static func styleChanges(
        scene: CompiledScene, rules: ConstraintRules, nodes: [FlexNode], frozen: [Int: String]
    ) throws(TwinDecline) -> [[StyleChange]] {
        let propertyCount = FlexProperty.allCases.count
        var dependents: [Int32: [Int]] = [:]  // parameter -> node * propertyCount + property
        for (n, node) in nodes.enumerated() {
            for (p, value) in node.properties.enumerated() {
                for parameter in value?.terms.keys ?? [:].keys { dependents[parameter, default: []].append(n * propertyCount + p) }
            }
        }
        var parameters = scene.constraints.map(\.constant)
        var stamp = [Int](repeating: -1, count: nodes.count * propertyCount)
        var frames: [[StyleChange]] = []
        frames.reserveCapacity(scene.frameCount)
        for (f, ops) in scene.frames.enumerated() {
            var touched: [Int] = []
            func set(_ h: Int, _ value: Double) {
                parameters[h] = value
                for slot in dependents[Int32(h)] ?? [] where stamp[slot] != f {
                    stamp[slot] = f
                    touched.append(slot)
                }
            }
            for (i, op) in ops.enumerated() {
                let where_ = "frame \(f + 1) op \(i)"
                switch op {
                case let .suggest(e, value):
                    guard let target = rules.editTargets[Int(e)] else {
                        throw TwinDecline("\(where_) suggests a value for \(scene.edits[Int(e)].attribute), which no flexbox style holds")
                    }
                    set(target, value)
                case let .setConstant(h, value):
                    if let why = frozen[Int(h)] {
                        throw TwinDecline("\(where_) changes \(rules.name(Int(h), scene)), which the twin cannot follow: \(why)")
                    }
                    if rules.used.contains(Int(h)) { set(Int(h), value) }
                case .invalid:
                    continue  // refused by the scene's own rules before any back end sees it
                default:
                    throw TwinDecline(
                        "\(where_) (\(describe(op, scene))) switches constraints or priorities; a flexbox tree has neither, only style values")
                }
            }
            touched.sort()
            frames.append(
                touched.compactMap { slot in
                    let node = slot / propertyCount, property = FlexProperty(rawValue: slot % propertyCount)!
                    guard let value = nodes[node].properties[property.rawValue]?.value(parameters) else { return nil }
                    return StyleChange(node: node, property: property, value: value)
                })
        }
        return frames
    }

    static func describe(_ op: CompiledOp, _ scene: CompiledScene) -> String {
        func id(_ h: ConstraintHandle) -> String { "'\(shortenedForMessage(scene.constraints[Int(h)].id))'" }
        switch op {
        case let .setPriority(h, _): return "setPriority \(id(h))"
        case let .activate(h): return "activate \(id(h))"
        case let .deactivate(h): return "deactivate \(id(h))"
        case let .add(h): return "add \(id(h))"
        case let .remove(h): return "remove \(id(h))"
        case let .addEdit(e, _, _): return "addEdit \(scene.edits[Int(e)].attribute)"
        case let .removeEdit(e): return "removeEdit \(scene.edits[Int(e)].attribute)"
        default: return "op"
        }
    }
}
