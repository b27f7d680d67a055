import Testing

@testable import LayoutModel

@Suite("DSL")
struct DSLTests {
    @Test("anchors build NSLayoutConstraint-shaped constraints")
    func anchors() {
        let b = SceneBuilder(name: "dsl")
        let root = b.view("root")
        let red = b.view("red", parent: root)
        let box = b.view("box", parent: root)
        let tip = b.view("tip", parent: box)
        b.add(red.top == root.top + 20, id: "top")
        b.add(tip.left >= box.left)
        b.add(red.width == 2 * box.height)
        b.add(red.height >= 44 ~ 750)
        b.add((red.height == 60).priority(.low))
        b.add(tip.right <= box.right - 8 ~ .high)
        b.add((red.left == root.left).inactive(), id: "off")
        b.edit(red.height, priority: .high)
        b.frame([.suggest(attribute: red.height.ref, value: 120)])
        let scene = b.build()

        #expect(scene.views == [View(id: "root"), View(id: "red", parent: "root"), View(id: "box", parent: "root"), View(id: "tip", parent: "box")])
        let c = scene.constraints
        #expect(c[0] == Constraint(id: "top", first: AttributeRef("red.top")!, relation: .equal, second: AttributeRef("root.top")!, constant: 20))
        #expect(c[1] == Constraint(id: "c1", first: AttributeRef("tip.left")!, relation: .greaterThanOrEqual, second: AttributeRef("box.left")!))
        #expect(c[2] == Constraint(id: "c2", first: AttributeRef("red.width")!, relation: .equal, second: AttributeRef("box.height")!, multiplier: 2))
        #expect(c[3] == Constraint(id: "c3", first: AttributeRef("red.height")!, relation: .greaterThanOrEqual, constant: 44, priority: 750))
        #expect(c[4] == Constraint(id: "c4", first: AttributeRef("red.height")!, relation: .equal, constant: 60, priority: .low))
        #expect(c[5] == Constraint(id: "c5", first: AttributeRef("tip.right")!, relation: .lessThanOrEqual, second: AttributeRef("box.right")!, constant: -8, priority: .high))
        #expect(c[6].id == "off" && !c[6].isActive)
        #expect(scene.edits == [EditDeclaration(attribute: AttributeRef("red.height")!, priority: .high)])
        #expect(scene.validate().isEmpty)
    }

    @Test("named priority levels match UILayoutPriority")
    func levels() {
        #expect(Priority.required.rawValue == 1000)
        #expect(Priority.high.rawValue == 750)
        #expect(Priority.low.rawValue == 250)
        #expect(Priority.fittingSize.rawValue == 50)
        #expect(Priority.required.isRequired && !Priority(999).isRequired)
    }

    @Test("attribute algebra and axis rules")
    func attributes() {
        #expect(Attribute.centerY.unknownTerms.map(\.coefficient) == [1, 0.5])
        #expect(Attribute.left.canRelate(to: .trailing))
        #expect(!Attribute.left.canRelate(to: .top))
        #expect(!Attribute.left.canRelate(to: .width))
        #expect(Attribute.width.canRelate(to: .height))
        #expect(AttributeRef("a.b.c") == nil)  // "c" is no attribute
        #expect(AttributeRef("a.b.height") == AttributeRef(view: "a.b", attribute: .height))  // the last dot splits
        #expect(AttributeRef("nodot") == nil)
    }
}
