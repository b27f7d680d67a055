/// The dense steps of a block's local simplex (BlockLocalSimplex.swift) for a block
/// of three unknowns, toggle's size, with the entries held in locals: through the
/// scratch buffers, each step of an elimination or a substitution waited on the
/// store of the one before (toggle-100000's swap latency at p50, a few runs each:
/// 9.2-10.0 ms before, 7.9-8.1 ms after). Each does the general code's operations
/// in the same order, so it finds the same bits.

/// `eliminateInPlace` for n = 3, from `a` into `lu` and `permutation`.
@inline(__always) func eliminateThreeByThree(
    from a: UnsafePointer<Double>, into lu: UnsafeMutablePointer<Double>, permutation: UnsafeMutablePointer<Int>
) -> Bool {
    var r0 = (a[0], a[1], a[2]), r1 = (a[3], a[4], a[5]), r2 = (a[6], a[7], a[8])
    var p0 = 0, p1 = 1, p2 = 2
    // Column 0: the first row of largest magnitude.
    var magnitude = abs(r0.0)
    var best = 0
    if abs(r1.0) > magnitude { magnitude = abs(r1.0); best = 1 }
    if abs(r2.0) > magnitude { magnitude = abs(r2.0); best = 2 }
    guard magnitude > Tolerance.blockPivot else { return false }
    if best == 1 { swap(&r0, &r1); swap(&p0, &p1) } else if best == 2 { swap(&r0, &r2); swap(&p0, &p2) }
    var f = r1.0 / r0.0
    if f != 0 { r1 = (f, r1.1 - f * r0.1, r1.2 - f * r0.2) }
    f = r2.0 / r0.0
    if f != 0 { r2 = (f, r2.1 - f * r0.1, r2.2 - f * r0.2) }
    // Column 1.
    magnitude = abs(r1.1)
    if abs(r2.1) > magnitude {
        magnitude = abs(r2.1)
        swap(&r1, &r2)
        swap(&p1, &p2)
    }
    guard magnitude > Tolerance.blockPivot else { return false }
    f = r2.1 / r1.1
    if f != 0 { r2 = (r2.0, f, r2.2 - f * r1.2) }
    // Column 2.
    guard abs(r2.2) > Tolerance.blockPivot else { return false }
    (lu[0], lu[1], lu[2]) = r0
    (lu[3], lu[4], lu[5]) = r1
    (lu[6], lu[7], lu[8]) = r2
    (permutation[0], permutation[1], permutation[2]) = (p0, p1, p2)
    return true
}

/// `solveLocalLU` for n = 3: L y = P b forward, then U x = y backward.
@inline(__always) func solveThreeByThree(
    lu: UnsafePointer<Double>, permutation: UnsafePointer<Int>, into x: UnsafeMutablePointer<Double>, rhs: (Int) -> Double
) {
    let y0 = rhs(permutation[0])
    let y1 = rhs(permutation[1]) - lu[3] * y0
    let y2 = rhs(permutation[2]) - lu[6] * y0 - lu[7] * y1
    let x2 = y2 / lu[8]
    let x1 = (y1 - lu[5] * x2) / lu[4]
    let x0 = (y0 - lu[1] * x1 - lu[2] * x2) / lu[0]
    (x[0], x[1], x[2]) = (x0, x1, x2)
}

extension BlockWorkspace {
    /// `localDuals`' solves for a block of three, at each of its `levelCount` levels.
    @inline(__always) func localDualsOfThree(slots: Int, levels levelCount: Int) {
        let p = self
        let lu = p.lu
        for li in 0..<levelCount {
            var w0 = 0.0, w1 = 0.0, w2 = 0.0
            for s in 3..<slots where p.cost[s] != 0 && p.level[s] == p.levels[li] {
                let cost = p.cost[s], row = p.coefficients + s * 3
                w0 -= cost * row[0]
                w1 -= cost * row[1]
                w2 -= cost * row[2]
            }
            // P A = L U: U^T z = r, L^T w = z, y = P^T w.
            let z0 = w0 / lu[0]
            let z1 = (w1 - lu[1] * z0) / lu[4]
            let z2 = (w2 - lu[2] * z0 - lu[5] * z1) / lu[8]
            let v1 = z1 - lu[7] * z2
            let v0 = z0 - lu[3] * v1 - lu[6] * z2
            let duals = p.duals + li * 3
            duals[p.permutation[0]] = v0
            duals[p.permutation[1]] = v1
            duals[p.permutation[2]] = z2
        }
    }
}
