// Rules for views that Auto Layout does not position from the file's constraints:
// autoresizing masks and cells' content views.

import LayoutModel

extension IBSceneBuilder {
    /// Rule (autoresizing): a view with `translatesAutoresizingMaskIntoConstraints`
    /// (IB's default when a view has no constraints) or `fixedFrame="YES"` keeps its
    /// IB frame relative to its superview, and the mask says what follows the superview
    /// when it resizes, per axis (flexible min margin, size, max margin):
    /// - fixed min margin: `left == super.left + x`;
    ///   then a flexible size alone keeps the max margin (`right == super.right - r`),
    ///   a flexible size with a flexible max margin grows in proportion
    ///   (`width == w/(w+r) * super.width + c`), otherwise `width == w`;
    /// - flexible min margin, fixed max margin: `right == super.right - r`, and the size
    ///   is fixed or grows in proportion (`width == w/(x+w) * super.width + c`);
    /// - both margins flexible: the size as above (or in proportion to the whole superview when
    ///   it is flexible too) and the centre keeps its offset from the superview's centre
    ///   (exact when the margins are equal; UIKit scales unequal margins, which one linear
    ///   constraint between two views cannot say).
    /// All constants are taken at the IB superview size, so frame 0 reproduces IB's frame.
    func addAutoresizing(_ i: Int) throws(IBImportError) {
        let v = views[i]
        guard let p = v.parent else { return }
        let s = views[p]
        let mask = v.element.child("autoresizingMask", key: "autoresizingMask")
        func on(_ name: String) -> Bool { mask?.flag(name) ?? false }
        let a = v.window.inset(by: v.alignmentInsets)
        let sw = s.window
        axis(
            i, min: .left, max: .right, size: .width, center: .centerX,
            offset: a.x - sw.x, length: a.width, superLength: sw.width,
            flexMin: on("flexibleMinX"), flexSize: on("widthSizable"), flexMax: on("flexibleMaxX"), superID: s.id)
        axis(
            i, min: .top, max: .bottom, size: .height, center: .centerY,
            offset: a.y - sw.y, length: a.height, superLength: sw.height,
            flexMin: on("flexibleMinY"), flexSize: on("heightSizable"), flexMax: on("flexibleMaxY"), superID: s.id)
    }

    private func axis(
        _ i: Int, min: Attribute, max: Attribute, size: Attribute, center: Attribute,
        offset x: Double, length w: Double, superLength sw: Double,
        flexMin: Bool, flexSize: Bool, flexMax: Bool, superID: String
    ) {
        let id = views[i].id
        let r = sw - x - w
        let origin = "autoresizing mask"
        func proportional(_ share: Double) {
            // width == k * super.width + (w - k * sw), k = w / share, so that frame 0 gives w.
            let k = share > 0 ? w / share : 0
            if k == 0 {
                add("\(id)~ar-\(size)", ref(id, size), .equal, constant: w, origin: origin)
            } else {
                add("\(id)~ar-\(size)", ref(id, size), .equal, ref(superID, size), multiplier: k, constant: w - k * sw, origin: origin)
            }
        }
        switch (flexMin, flexMax) {
        case (false, _):
            add("\(id)~ar-\(min)", ref(id, min), .equal, ref(superID, min), constant: x, origin: origin)
            if flexSize && !flexMax {
                add("\(id)~ar-\(max)", ref(id, max), .equal, ref(superID, max), constant: -r, origin: origin)
            } else if flexSize {
                proportional(w + r)
            } else {
                add("\(id)~ar-\(size)", ref(id, size), .equal, constant: w, origin: origin)
            }
        case (true, false):
            add("\(id)~ar-\(max)", ref(id, max), .equal, ref(superID, max), constant: -r, origin: origin)
            if flexSize { proportional(x + w) } else {
                add("\(id)~ar-\(size)", ref(id, size), .equal, constant: w, origin: origin)
            }
        case (true, true):
            if flexSize { proportional(sw) } else {
                add("\(id)~ar-\(size)", ref(id, size), .equal, constant: w, origin: origin)
            }
            add("\(id)~ar-\(center)", ref(id, center), .equal, ref(superID, center), constant: x + w / 2 - sw / 2,
                origin: origin + " (both margins flexible: offset from the centre kept)")
        }
    }

    /// Rule (content view): a cell's content view fills the cell less its accessory
    /// area: its IB frame's margins to the cell are kept on all four sides.
    func addContentView(_ i: Int) {
        let v = views[i]
        guard let p = v.parent else { return }
        let s = views[p].window
        let w = v.window
        let id = v.id
        let pid = views[p].id
        let origin = "cell content view fills its cell"
        add("\(id)~cv-left", ref(id, .left), .equal, ref(pid, .left), constant: w.x - s.x, origin: origin)
        add("\(id)~cv-top", ref(id, .top), .equal, ref(pid, .top), constant: w.y - s.y, origin: origin)
        add("\(id)~cv-right", ref(id, .right), .equal, ref(pid, .right), constant: w.right - s.right, origin: origin)
        add("\(id)~cv-bottom", ref(id, .bottom), .equal, ref(pid, .bottom), constant: w.bottom - s.bottom, origin: origin)
    }
}
