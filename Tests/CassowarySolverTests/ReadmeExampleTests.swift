import CassowarySolver
import LayoutModel
import Testing

/// The README's library example, verbatim apart from the assertions, so the documentation cannot rot.
@Test("the README's library example compiles and gives the documented answer")
func readmeLibraryExample() throws {
    let solver = CassowarySolver(variableCount: 3)            // xl, xm, xr
    func t(_ v: Int32, _ k: Double) -> LinearTerm { LinearTerm(variable: v, coefficient: k) }
    try solver.addConstraint([t(1, 2), t(0, -1), t(2, -1)], .equal, 0)            // 2·xm = xl + xr
    try solver.addConstraint([t(2, 1), t(0, -1)], .greaterThanOrEqual, 10)      // xl + 10 <= xr
    try solver.addConstraint([t(0, 1)], .greaterThanOrEqual, 0)
    try solver.addConstraint([t(2, 1)], .lessThanOrEqual, 100)
    let width = try solver.addConstraint([t(2, 1), t(0, -1)], .equal, 40, priority: 250, name: "width")
    let drag = try solver.addEditVariable(1, priority: 750)                      // xm follows the finger
    try solver.suggestValue(drag, 60)
    try solver.setConstant(width, 20)
    try solver.setPriority(width, 760)
    var moved: [Int] = []
    solver.updateValues { variable in moved.append(variable) }
    #expect(solver.value(of: 1) == 60)
    #expect(solver.value(of: 0) == 50)
    #expect(solver.value(of: 2) == 70)
    #expect(!solver.hasAmbiguousLayout)
    // Every variable left 0 (its value before the first update), each reported once.
    #expect(moved.sorted() == [0, 1, 2])
    #expect(solver.values == [50, 60, 70])
    // Nothing changed since: a second update reports no variable.
    moved.removeAll()
    solver.updateValues { variable in moved.append(variable) }
    #expect(moved.isEmpty)
    // Dropping the width back below the drag's priority lets the drag win: xm stays at
    // 60 and the width (now weaker) gives way only as far as the required constraints make it.
    try solver.setPriority(width, 100)
    try solver.suggestValue(drag, 95)
    solver.updateValues { variable in moved.append(variable) }
    #expect(solver.values == [90, 95, 100], "xr <= 100 and xr - xl >= 10 bound the midpoint at 95")
    #expect(moved.sorted() == [0, 1, 2])
}
