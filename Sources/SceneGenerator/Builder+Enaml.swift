import LayoutModel

// kiwi's enaml-like benchmark (kiwisolver 1.5, benchmarks/enaml_like_benchmark.cpp):
// a window whose contents hold three rows (a label beside a field) and a control below
// them, sharing a midline. kiwi states it over 37 variables; here each group of
// variables is a view (window, contents, lb1…lb3, fl1…fl3, ct, midline), and kiwi's
// sums (`top + height`, `top + 0.5 height`) are bottoms and centres.
//
// Strengths: kiwi weighs them (strong 1e6, "smedium" 1e5, "mmedium" 1250, medium 1e3,
// weak 1); here they are exact priorities in the same order. Added beyond kiwi's 111
// constraints: the midline's top, width and height (kiwi's midline is one variable),
// and `window.left == 0`, `window.top == 0` at the weakest priority (kiwi leaves them
// free above 0, which leaves the layout open).

private enum Strength {
    static let strong = 900.0, smedium = 800.0, mmedium = 700.0, medium = 600.0, weak = 2.0
}

extension Builder {
    mutating func enamlWindow() {
        reserve(views: 11, constraints: 116)
        let w = view("window", parent: nil), c = view("contents", parent: w)
        let ct = view("ct", parent: c), mid = view("midline", parent: c)
        let (lb1, lb2, lb3) = (view("lb1", parent: c), view("lb2", parent: c), view("lb3", parent: c))
        let (fl1, fl2, fl3) = (view("fl1", parent: c), view("fl2", parent: c), view("fl3", parent: c))
        let req = 1000.0, s = Strength.self
        func atLeast(_ v: String, _ a: Attribute, _ k: Double, _ p: Double = 1000) { add(v, a, .greaterThanOrEqual, constant: k, priority: p) }
        func both(_ v: String, _ a: Attribute, _ k: Double) {  // kiwi states these twice: == and >=, both strong
            add(v, a, constant: k, priority: s.strong)
            atLeast(v, a, k, s.strong)
        }
        // kiwi's first block: the window and every unknown non-negative, and the sizes.
        atLeast(w, .left, 0); add(w, .height, constant: 0, priority: s.medium); atLeast(w, .top, 0)
        atLeast(w, .width, 0); atLeast(w, .height, 0)
        add(c, .top, .equal, w, .top, constant: 10)
        both(lb3, .height, 16)
        for a in [Attribute.left, .top, .width, .height] { atLeast(ct, a, 0) }
        atLeast(fl3, .left, 0)
        atLeast(ct, .height, 24, s.smedium)
        add(ct, .width, .lessThanOrEqual, constant: 1.67772e7, priority: s.smedium)
        add(ct, .height, .lessThanOrEqual, constant: 24, priority: s.smedium)
        for a in [Attribute.top, .width, .height] { atLeast(fl3, a, 0) }
        add(lb1, .width, constant: 67, priority: s.weak)
        atLeast(lb2, .width, 0); atLeast(lb2, .height, 0); atLeast(fl2, .height, 0); atLeast(lb3, .left, 0)
        atLeast(fl2, .width, 125, s.strong)
        both(fl2, .height, 21)
        atLeast(lb3, .top, 0); atLeast(lb3, .width, 0); atLeast(fl1, .left, 0); atLeast(fl1, .width, 0)
        atLeast(lb1, .width, 67, s.strong)
        atLeast(fl2, .left, 0)
        add(lb2, .width, constant: 66, priority: s.weak)
        atLeast(lb2, .width, 66, s.strong)
        add(lb2, .height, constant: 16, priority: s.strong)
        atLeast(fl1, .height, 0); atLeast(fl1, .top, 0); atLeast(lb2, .top, 0)
        enamlRelations(w: w, c: c, ct: ct, mid: mid, labels: [lb1, lb2, lb3], fields: [fl1, fl2, fl3])
        // kiwi's last block: the remaining bounds and preferred sizes.
        atLeast(lb1, .top, 0); atLeast(lb1, .width, 0); atLeast(lb1, .height, 0)
        atLeast(lb1, .left, 0)
        both(fl1, .height, 21)
        atLeast(lb2, .left, 0)
        atLeast(lb2, .height, 16, s.strong)
        atLeast(fl2, .top, 0); atLeast(fl2, .width, 0)
        both(lb1, .height, 16)
        atLeast(fl3, .width, 125, s.strong)
        both(fl3, .height, 21)
        atLeast(lb3, .height, 0)
        atLeast(ct, .width, 119, s.smedium)
        add(lb3, .width, constant: 24, priority: s.weak)
        atLeast(lb3, .width, 24, s.strong)
        atLeast(fl1, .width, 125, s.strong)
        // Beyond kiwi: the midline's other attributes, and the window's origin.
        add(mid, .top, constant: 0, id: "midline.top")
        add(mid, .width, constant: 0, id: "midline.width")
        add(mid, .height, constant: 0, id: "midline.height")
        add(w, .left, constant: 0, priority: 1, id: "window.left")
        add(w, .top, constant: 0, priority: 1, id: "window.top")
        _ = req
        edits = [
            EditDeclaration(attribute: AttributeRef(view: w, attribute: .width), priority: Priority(s.strong)),
            EditDeclaration(attribute: AttributeRef(view: w, attribute: .height), priority: Priority(s.strong)),
        ]
        // kiwi's six sizes, each suggested for a sixth of the frames (nanobench repeats one size).
        let sizes: [(Double, Double)] = [(400, 600), (600, 400), (800, 1200), (1200, 800), (400, 800), (800, 400)]
        let hold = max(1, frameCount / sizes.count)
        for f in 0..<frameCount {
            let (width, height) = sizes[min(f / hold, sizes.count - 1)]
            frames.append([
                .suggest(attribute: AttributeRef(view: w, attribute: .width), value: width),
                .suggest(attribute: AttributeRef(view: w, attribute: .height), value: height),
            ])
        }
    }

    /// kiwi's middle block: how the rows, the control and the contents relate.
    private mutating func enamlRelations(w: String, c: String, ct: String, mid: String, labels: [String], fields: [String]) {
        let s = Strength.self
        let (lb1, lb2, lb3) = (labels[0], labels[1], labels[2]), (fl1, fl2, fl3) = (fields[0], fields[1], fields[2])
        func pair(_ a: String, _ x: Attribute, _ b: String, _ y: Attribute, _ k: Double = 0, flip: Bool = false) {
            // `a.x >= b.y + k` required, and `==` at mmedium (kiwi's order: >= then ==, or == then >= with flip)
            if flip { add(a, x, .equal, b, y, constant: k, priority: s.mmedium) }
            add(a, x, .greaterThanOrEqual, b, y, constant: k)
            if !flip { add(a, x, .equal, b, y, constant: k, priority: s.mmedium) }
        }
        add(lb3, .top, .equal, lb2, .bottom, constant: 10, priority: s.mmedium)
        pair(fl3, .top, lb3, .bottom, 10)
        add(c, .bottom, .equal, fl3, .bottom, priority: s.mmedium)
        pair(fl1, .top, c, .top)
        add(c, .bottom, .greaterThanOrEqual, fl3, .bottom)
        add(c, .right, .equal, w, .right, constant: -10)
        add(c, .bottom, .equal, w, .bottom, constant: -10)
        add(c, .left, .equal, w, .left, constant: 10)
        add(lb3, .left, .equal, c, .left, priority: s.mmedium)
        for v in [fl1, fl2, ct] { add(v, .left, .equal, mid, .left, priority: s.strong) }
        add(fl1, .centerY, .equal, lb1, .centerY, priority: s.strong)
        pair(lb1, .left, c, .left)
        pair(fl1, .left, lb1, .right, 10)
        add(c, .right, .greaterThanOrEqual, fl1, .right)
        add(w, .width, constant: 0, priority: s.medium)
        pair(fl2, .top, fl1, .bottom, 10)
        add(ct, .top, .greaterThanOrEqual, fl2, .bottom, constant: 10)
        add(fl3, .top, .greaterThanOrEqual, ct, .bottom, constant: 10)
        add(c, .bottom, .greaterThanOrEqual, fl3, .bottom)
        add(ct, .top, .equal, fl2, .bottom, constant: 10, priority: s.mmedium)
        add(c, .right, .equal, fl1, .right, priority: s.mmedium)
        add(fl2, .centerY, .equal, lb2, .centerY, priority: s.strong)
        pair(lb2, .left, c, .left)
        add(fl2, .left, .greaterThanOrEqual, lb2, .right, constant: 10)
        add(fl3, .top, .equal, ct, .bottom, constant: 10, priority: s.mmedium)
        add(c, .bottom, .equal, fl3, .bottom, priority: s.mmedium)
        add(fl2, .left, .equal, lb2, .right, constant: 10, priority: s.mmedium)
        pair(c, .right, fl2, .right, flip: true)
        add(lb3, .left, .greaterThanOrEqual, c, .left)
        add(ct, .centerY, .equal, lb3, .centerY, priority: s.strong)
        add(ct, .left, .greaterThanOrEqual, lb3, .right, constant: 10)
        add(c, .right, .greaterThanOrEqual, ct, .right)
        add(ct, .left, .equal, lb3, .right, constant: 10, priority: s.mmedium)
        pair(fl3, .left, c, .left)
        add(c, .right, .equal, ct, .right, priority: s.mmedium)
        pair(c, .right, fl3, .right, flip: true)
        pair(lb1, .top, c, .top)
        add(lb2, .top, .greaterThanOrEqual, lb1, .bottom, constant: 10)
        add(lb3, .top, .greaterThanOrEqual, lb2, .bottom, constant: 10)
        add(lb2, .top, .equal, lb1, .bottom, constant: 10, priority: s.mmedium)
    }
}
