#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutModel

// The interaction families: a dragged tip clamped to its box, split/full toggles,
// and a random mix of every op.

extension Builder {
    mutating func clamp(_ p: GeneratorParameters) {
        var rng = SeededRandom(seed: p.seed)
        let (count, root) = rowsOfThree(p, pitch: 70, margin: 20, constraintsPerRow: 16)
        var tips: [AttributeRef] = []
        var centres: [Double] = []
        tips.reserveCapacity(count)
        centres.reserveCapacity(count)
        for i in 0..<count {
            let box = view("box\(i)", parent: root)
            let tip = view("tip\(i)", parent: box)
            let label = view("label\(i)", parent: root)
            let width = Double(rng.int(200...330))
            add(box, .left, .equal, root, .left, constant: 10)
            add(box, .top, .equal, root, .top, constant: 10 + Double(i) * 70)
            add(box, .width, constant: width)
            add(box, .height, constant: 40)
            add(tip, .width, constant: 40)
            add(tip, .height, constant: 30)
            add(tip, .centerY, .equal, box, .centerY)
            add(tip, .left, .greaterThanOrEqual, box, .left)
            add(tip, .right, .lessThanOrEqual, box, .right)
            add(tip, .centerX, .equal, box, .centerX, priority: 250)
            add(label, .centerX, .equal, tip, .centerX, priority: 700)
            add(label, .top, .equal, tip, .bottom, constant: 2)
            add(label, .width, constant: 120)
            add(label, .height, constant: 16)
            add(label, .left, .greaterThanOrEqual, root, .left, constant: 4)
            add(label, .right, .lessThanOrEqual, root, .right, constant: -4)
            tips.append(AttributeRef(view: tip, attribute: .centerX))
            centres.append(10 + width / 2)
        }
        // A drag lasts 30 frames: addEdit when the finger lands, removeEdit when it lifts.
        var dragging = 0
        for f in 0..<frameCount {
            var ops: [Op] = []
            if f % 30 == 0 {
                if f > 0 { ops.append(.removeEdit(attribute: tips[dragging])) }
                dragging = rng.int(0...(count - 1))
                ops.append(.addEdit(attribute: tips[dragging], priority: .high))
            }
            let finger = centres[dragging] + 260 * sin(Double(f % 30) * 0.35)
            ops.append(.suggest(attribute: tips[dragging], value: finger))
            frames.append(ops)
        }
    }

    mutating func toggle(_ p: GeneratorParameters) {
        let (count, root) = rowsOfThree(p, pitch: 52, margin: 8, constraintsPerRow: 13)
        var splits: [String] = []
        var fulls: [String] = []
        splits.reserveCapacity(count)
        fulls.reserveCapacity(count)
        for i in 0..<count {
            let row = view("row\(i)", parent: root)
            let yellow = view("yellow\(i)", parent: row)
            let blue = view("blue\(i)", parent: row)
            add(row, .left, .equal, root, .left, constant: 20)
            add(row, .top, .equal, root, .top, constant: 8 + Double(i) * 52)
            add(row, .width, constant: 335)
            add(row, .height, constant: 44)
            add(yellow, .leading, .equal, row, .leading)
            add(yellow, .top, .equal, row, .top)
            add(yellow, .height, .equal, row, .height)
            add(blue, .trailing, .equal, row, .trailing)
            add(blue, .top, .equal, row, .top)
            add(blue, .height, .equal, row, .height)
            add(blue, .width, .equal, yellow, .width)
            splits.append(add(blue, .leading, .equal, yellow, .trailing, constant: 10, priority: 750, id: "split\(i)"))
            fulls.append(add(yellow, .trailing, .equal, row, .trailing, priority: 250, id: "full\(i)"))
        }
        let every = max(1, p.toggleEvery)
        // Toggle t = 1, 2, …: the split wins on even t; its spacing is 100 for t = 1, 2,
        // 10 for t = 3, 4, and so on, so the split shows both spacings.
        // Seeds other than 1 shift the toggle phase and the two spacings.
        let phase = vary.count(0, 0...min(every - 1, 1_000))
        let wide = vary.value(100, 60...140), narrow = vary.value(10, 4...30)
        var t = 0
        for f in 0..<frameCount {
            guard (f + phase) % every == 0 else {
                frames.append([])
                continue
            }
            t += 1
            let split = t % 2 == 0
            let changeSpacing = t % 2 == 1
            let spacing: Double = (t / 2) % 2 == 0 ? wide : narrow
            var ops: [Op] = []
            ops.reserveCapacity(3 * count)
            for i in 0..<count {
                ops.append(.setPriority(constraint: splits[i], value: split ? 750 : 250))
                ops.append(.setPriority(constraint: fulls[i], value: split ? 250 : 750))
                if changeSpacing { ops.append(.setConstant(constraint: splits[i], value: spacing)) }
            }
            frames.append(ops)
        }
    }

    mutating func mixed(_ p: GeneratorParameters) {
        var rng = SeededRandom(seed: p.seed)
        let n = max(2, p.views)
        reserve(views: n, constraints: 8 * n + 4)
        _ = root()
        /// The optional constraints of one view. Priorities are distinct within a view
        /// (`used`, a short array: no hashing), so no two of its constraints compete at
        /// one level.
        struct Info {
            var w1: String, w2: String, p1: Double, p2: Double
            var left: String?
            var used: [Int]
        }
        var infos: [Info] = []
        infos.reserveCapacity(n)
        // For each view, the nearest view (itself or an ancestor) whose left is fixed by
        // required equalities alone. Clamped views hang off such an anchor, so an optional
        // left never shares a level's unknowns with another view's optional left.
        var fixedAnchor: [Int] = [0]
        fixedAnchor.reserveCapacity(n)
        func fresh(_ used: inout [Int], _ rng: inout SeededRandom) -> Double {
            while true {
                let p = rng.int(2...998)
                if !used.contains(p) {
                    used.append(p)
                    return Double(p)
                }
            }
        }
        for i in 1..<n {
            let parentIndex = rng.int(max(0, i - 8)...(i - 1))
            let parent = views[parentIndex].id
            let v = view("v\(i)", parent: parent)
            var used: [Int] = []
            var leftID: String? = nil
            if rng.int(0...1) == 0 {
                // Clamped against the nearest ancestor whose left is fixed (usually the parent).
                let anchor = views[fixedAnchor[parentIndex]].id
                add(v, .left, .greaterThanOrEqual, anchor, .left)
                leftID = add(v, .left, .equal, anchor, .left, constant: Double(rng.int(-30...40)), priority: fresh(&used, &rng), id: "left-\(i)")
                fixedAnchor.append(fixedAnchor[parentIndex])
            } else {
                add(v, .left, .equal, parent, .left, constant: Double(rng.int(0...20)))
                fixedAnchor.append(fixedAnchor[parentIndex] == parentIndex ? i : fixedAnchor[parentIndex])
            }
            add(v, .top, .equal, parent, .top, constant: Double(rng.int(0...20)))
            let p1 = fresh(&used, &rng)
            let p2 = fresh(&used, &rng)
            let w1 = add(v, .width, constant: Double(rng.int(40...200)), priority: p1, id: "w1-\(i)")
            let w2 = add(v, .width, constant: Double(rng.int(40...200)), priority: p2, id: "w2-\(i)")
            add(v, .width, .greaterThanOrEqual, constant: Double(rng.int(30...120)))
            if rng.int(0...1) == 0 {
                add(v, .height, .equal, v, .width, multiplier: 0.5, priority: fresh(&used, &rng))
            } else {
                add(v, .height, constant: Double(rng.int(20...90)), priority: fresh(&used, &rng))
            }
            add(v, .height, .lessThanOrEqual, constant: Double(rng.int(50...100)))
            infos.append(Info(w1: w1, w2: w2, p1: p1, p2: p2, left: leftID, used: used))
        }
        // Edits on a few widths, at priorities unused on their views.
        var editViews: [Int] = []
        for k in 0..<min(3, infos.count) {
            let i = (k * 7919) % infos.count
            if editViews.contains(i) { continue }
            let pr = fresh(&infos[i].used, &rng)
            edits.append(EditDeclaration(attribute: AttributeRef(view: "v\(i + 1)", attribute: .width), priority: Priority(pr)))
            editViews.append(i)
        }
        var inactive: Int? = nil  // the view whose w1 is switched off, if any
        var extraLive: [(id: String, view: Int, priority: Int)] = []
        var heightEdit: (view: Int, priority: Int)? = nil
        func release(_ priority: Int, of view: Int) {
            if let k = infos[view].used.firstIndex(of: priority) { infos[view].used.remove(at: k) }
        }
        for f in 0..<frameCount {
            var ops: [Op] = []
            let i = rng.int(0...(infos.count - 1))
            switch f % 8 {
            case 0:
                let e = editViews[f / 8 % editViews.count]
                ops.append(.suggest(attribute: AttributeRef(view: "v\(e + 1)", attribute: .width), value: Double(rng.int(20...260))))
            case 1:
                ops.append(.setConstant(constraint: infos[i].w1, value: Double(rng.int(40...200))))
                if let left = infos[i].left { ops.append(.setConstant(constraint: left, value: Double(rng.int(-30...40)))) }
            case 2:
                // Swap the two width priorities: still distinct, so still unique.
                (infos[i].p1, infos[i].p2) = (infos[i].p2, infos[i].p1)
                ops.append(.setPriority(constraint: infos[i].w1, value: infos[i].p1))
                ops.append(.setPriority(constraint: infos[i].w2, value: infos[i].p2))
            case 3:
                // Alternately switch one view's w1 off and back on; w2 always stays, so the
                // width is still pinned.
                if let k = inactive {
                    ops.append(.activate(constraint: infos[k].w1))
                    inactive = nil
                } else {
                    ops.append(.deactivate(constraint: infos[i].w1))
                    inactive = i
                }
            case 4:
                let pr = Int(fresh(&infos[i].used, &rng))
                let id = "extra-\(f)"
                ops.append(.add(Constraint(
                    id: id, first: AttributeRef(view: "v\(i + 1)", attribute: .height), relation: .equal,
                    constant: Double(rng.int(20...90)), priority: Priority(Double(pr)))))
                extraLive.append((id, i, pr))
            case 5:
                if !extraLive.isEmpty {
                    let gone = extraLive.removeFirst()
                    ops.append(.remove(constraint: gone.id))
                    release(gone.priority, of: gone.view)
                }
            case 6:
                if let h = heightEdit {
                    ops.append(.removeEdit(attribute: AttributeRef(view: "v\(h.view + 1)", attribute: .height)))
                    release(h.priority, of: h.view)
                    heightEdit = nil
                } else {
                    let pr = Int(fresh(&infos[i].used, &rng))
                    ops.append(.addEdit(attribute: AttributeRef(view: "v\(i + 1)", attribute: .height), priority: Priority(Double(pr))))
                    heightEdit = (i, pr)
                }
            default:
                if let h = heightEdit {
                    ops.append(.suggest(attribute: AttributeRef(view: "v\(h.view + 1)", attribute: .height), value: Double(rng.int(10...120))))
                }
            }
            frames.append(ops)
        }
    }
}
