// Animations for imported scenes: rotation, a constraint's constant animated to a
// value, and a cell replicated into a long table.

import LayoutModel

public enum IBAnimation: Sendable, Equatable {
    /// Seconds of a rotation's animation block (about what iOS takes).
    public static let rotationDuration = 0.4

    /// Rotation as UIKit runs it: an animation block. Each frame is a transition that
    /// rotates the screen (landscape on odd frames, portrait again on even ones),
    /// solved once and interpolated for `IBAnimation.rotationDuration` seconds.
    case rotate
    /// The same change as an interactive resize (an iPad split-view divider dragged):
    /// frame k is k/N of the way from portrait to landscape, re-solved every frame.
    case resize
    /// A constraint's constant interpolated to `to` (UIView.animate with a re-solve per frame).
    case constraint(id: String, to: Double)
    /// The same, naming the constraint by the outlet that points at it.
    case outlet(name: String, to: Double)

    public static func parse(_ text: String, to: Double?) throws(IBImportError) -> IBAnimation {
        func target() throws(IBImportError) -> Double {
            guard let to, to.isFinite, abs(to) <= 1e9 else {
                throw IBImportError(file: "--animate", line: nil, message: "\(text) needs --to VALUE (a finite number, |value| <= 1e9)")
            }
            return to
        }
        if text == "rotate" { return .rotate }
        if text == "resize" { return .resize }
        if text.hasPrefix("constraint:"), text.count > 11 { return .constraint(id: String(text.dropFirst(11)), to: try target()) }
        if text.hasPrefix("outlet:"), text.count > 7 { return .outlet(name: String(text.dropFirst(7)), to: try target()) }
        throw IBImportError(file: "--animate", line: nil, message: "\"\(text)\": expected rotate, resize, constraint:ID or outlet:NAME")
    }
}

extension IBImportedScene {
    public var isCell: Bool { IBClassNames.cells.contains(views[0].element.name) }


    /// The scene with `frames` frames of `animation`; `nil` when the animation does not
    /// concern this hierarchy (its constraint or outlet is elsewhere).
    /// Rotation: frame k sets a screen-sized root's width and height k/N of the way from (w, h)
    /// to (h, w); any other root (a component, a cell, a replicated table) keeps its height and
    /// widens by the screen's height minus its width,
    /// and the safe-area guides' constants the same fraction of the way to landscape's
    /// (iPhone: status bar hidden, so the top inset loses the status bar or notch inset, the
    /// notch inset moves to the left and right, the home indicator's bottom inset becomes 21).
    public func animated(_ animation: IBAnimation, frames n: Int, file: String) throws(IBImportError) -> IBImportedScene? {
        var changes: [(id: String, from: Double, to: Double)] = []
        func constant(_ id: String) -> Double? { scene.constraints.first { $0.id == id }?.constant }
        switch animation {
        case .rotate, .resize:
            let r = views[0]
            let w = r.frame.width, h = r.frame.height
            let fullScreen = w == device.width && h == device.height
            if fullScreen {
                changes.append(("\(r.id)~root-width", w, h))
                changes.append(("\(r.id)~root-height", h, w))
            } else {
                // A component, cell or replicated table keeps its height and widens as the screen does.
                changes.append(("\(r.id)~root-width", w, w + device.height - device.width))
            }
            let notch = device.homeIndicator > 0 && !device.isPad ? device.statusBar : 0
            let status = device.isPad ? 0 : device.statusBar
            for g in guides where g.kind == "safeArea" {
                if let c = constant("\(g.id)~top") { changes.append(("\(g.id)~top", c, max(0, c - status))) }
                if let c = constant("\(g.id)~left") { changes.append(("\(g.id)~left", c, c + notch)) }
                if let c = constant("\(g.id)~right") { changes.append(("\(g.id)~right", c, c - notch)) }
                if let c = constant("\(g.id)~bottom"), device.homeIndicator > 0, !device.isPad {
                    changes.append(("\(g.id)~bottom", c, c + device.homeIndicator - 21))
                }
            }
        case let .constraint(id, to):
            guard let c = constant(id) else { return nil }
            changes.append((id, c, to))
        case let .outlet(name, to):
            guard let id = outlets[name], let c = constant(id) else { return nil }
            changes.append((id, c, to))
        }
        var copy = self
        if animation == .rotate {
            copy.scene.frames = (1...n).map { k in changes.map { .setConstant(constraint: $0.id, value: k % 2 == 1 ? $0.to : $0.from) } }
            copy.scene.presentations = Array(repeating: .transition(duration: IBAnimation.rotationDuration), count: n)
            return copy
        }
        copy.scene.frames = (1...n).map { k in
            changes.map { .setConstant(constraint: $0.id, value: $0.from + ($0.to - $0.from) * Double(k) / Double(n)) }
        }
        return copy
    }

    /// A table of `count` copies of this cell: a root `table` as wide as the cell and
    /// `count` cells tall, copy k (ids suffixed `~rK`) placed k cell heights down.
    public func replicated(_ count: Int) -> IBImportedScene {
        let cellID = views[0].id
        let w = views[0].frame.width, h = views[0].frame.height
        var out = self
        let table = "table"
        var sceneViews = [View(id: table)]
        var constraints = [
            Constraint(id: "table~root-left", first: AttributeRef(view: table, attribute: .left), relation: .equal),
            Constraint(id: "table~root-top", first: AttributeRef(view: table, attribute: .top), relation: .equal),
            Constraint(id: "table~root-width", first: AttributeRef(view: table, attribute: .width), relation: .equal, constant: w),
            Constraint(id: "table~root-height", first: AttributeRef(view: table, attribute: .height), relation: .equal, constant: h * Double(count)),
        ]
        sceneViews.reserveCapacity(scene.views.count * count + 1)
        constraints.reserveCapacity(scene.constraints.count * count + 4)
        let rootPins: Set<String> = ["\(cellID)~root-left", "\(cellID)~root-top", "\(cellID)~root-width", "\(cellID)~root-height"]
        for k in 0..<count {
            let s = "~r\(k)"
            for v in scene.views { sceneViews.append(View(id: v.id + s, parent: v.parent.map { $0 + s } ?? table)) }
            for var c in scene.constraints where !rootPins.contains(c.id) {
                c.id += s
                c.first.view += s
                if var second = c.second { second.view += s; c.second = second }
                constraints.append(c)
            }
            let cell = cellID + s
            func pin(_ name: String, _ a: Attribute, _ b: Attribute, _ constant: Double) {
                constraints.append(Constraint(
                    id: "\(cell)~\(name)", first: AttributeRef(view: cell, attribute: a), relation: .equal,
                    second: AttributeRef(view: table, attribute: b), constant: constant))
            }
            pin("row-left", .left, .left, 0)
            pin("row-width", .width, .width, 0)
            pin("row-top", .top, .top, h * Double(k))
            constraints.append(Constraint(
                id: "\(cell)~row-height", first: AttributeRef(view: cell, attribute: .height), relation: .equal, constant: h))
        }
        out.scene = Scene(name: "\(name)-x\(count)", views: sceneViews, constraints: constraints)
        out.name = out.scene.name
        out.views[0] = IBView(
            element: views[0].element, id: table, className: "UITableView", userLabel: nil, parent: nil,
            frame: IBRect(x: 0, y: 0, width: w, height: h * Double(count)), window: IBRect(x: 0, y: 0, width: w, height: h * Double(count)),
            alignmentInsets: .zero, role: .root, flagged: nil)
        out.views.removeSubrange(1...)
        out.guides = []
        out.origins = [("table~root-height", "replicated cell table: \(count) rows of \(formatNumber(h)) pt")]
        return out
    }
}
