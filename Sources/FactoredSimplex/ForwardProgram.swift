/// The triangular factor compiled for the frame path. Forward substitution over
/// the factor as stored visits rows, terms and unknowns in constraint order while
/// it runs in peel order, so on a large layout nearly every read is a cache miss
/// (tree-100000 moves 400,000 unknowns in one frame). The program lays everything a
/// position needs out in peel order: the pivot, the right-hand side with the
/// non-basic terms folded in, the terms as positions to read, and the rows that
/// read its unknown. Values are kept by position too, so one frame walks these
/// arrays forward and touches the solver's own arrays only to write results.
///
/// When the factor is in the order of its unknowns (layouts far larger than the
/// cache), the solver's values are already laid out in the program's order: then
/// terms name the unknown they read, the frame reads and writes the solver's values
/// alone, and the copy by position is not kept (`termsReadUnknowns`): a position
/// then reads and writes one value, not two, and memory bounds a frame there.
final class ForwardProgram {
    // Stored properties unchecked for exclusivity: see FactoredSolver.
    /// The factor generation and value epoch this program was built from (see FactoredSolver).
    @exclusivity(unchecked) var builtGeneration = -1
    @exclusivity(unchecked) var builtEpoch = -1
    /// Terms name the unknown they read (not its position), and `value` is not kept:
    /// the frame reads and writes the solver's values (see above).
    @exclusivity(unchecked) var termsReadUnknowns = false

    // Per position, in peel order.
    @exclusivity(unchecked) var row: [Int32] = []
    @exclusivity(unchecked) var column: [Int32] = []
    @exclusivity(unchecked) var pivotCoefficient: [Double] = []
    /// b_r minus the terms of non-basic unknowns (constant while the basis is).
    @exclusivity(unchecked) var constant: [Double] = []
    /// The current value of the position's unknown (unless `termsReadUnknowns`).
    @exclusivity(unchecked) var value: [Double] = []
    /// Where each position's terms are in `termSource` (a patched position's are at the end).
    @exclusivity(unchecked) var termSpan: [TermSpan] = []
    @exclusivity(unchecked) var dependentStart: [Int32] = []

    // Packed lists.
    /// Each term as the position of the basic unknown it reads (always earlier), or
    /// when `termsReadUnknowns`, as that unknown.
    @exclusivity(unchecked) var termSource: [Int32] = []
    @exclusivity(unchecked) var termCoefficient: [Double] = []
    /// Rows that read a position's unknown: a later position (>= 0), or `-(row + 1)`
    /// for a row outside the triangular part (loose, a bump row, or not in force),
    /// whose state the frame checks when it gets there.
    @exclusivity(unchecked) var dependent: [Int32] = []

    var count: Int { row.count }

    /// Rebuilds from the solver's current factor and values. The arrays are taken
    /// out of the object while filled: appending to a class property costs an
    /// exclusivity check per element.
    func build(_ s: FactoredSolver) {
        let pivots = s.factor.pivots
        let position = s.factor.position
        let columnPosition = s.factor.columnPosition
        let rows = s.problem, isBasic = s.basis.isBasic, rhs = s.settings.rhs, x = s.basis.x
        let readsUnknowns = s.factor.isInColumnOrder
        termsReadUnknowns = readsUnknowns
        var row = take(&self.row), column = take(&self.column)
        var pivotCoefficient = take(&self.pivotCoefficient), constant = take(&self.constant), value = take(&self.value)
        var termSpan = take(&self.termSpan), dependentStart = take(&self.dependentStart)
        var termSource = take(&self.termSource), termCoefficient = take(&self.termCoefficient)
        var dependent = take(&self.dependent)
        // Room for the positions local updates append (LocalFactorUpdate.swift).
        let room = s.factor.positionLimit
        row.reserveCapacity(room)
        column.reserveCapacity(room)
        pivotCoefficient.reserveCapacity(room)
        constant.reserveCapacity(room)
        value.reserveCapacity(room)
        termSpan.reserveCapacity(room)
        dependentStart.reserveCapacity(room + 1)
        for (p, pivot) in pivots.enumerated() {
            dependentStart.append(Int32(dependent.count))
            guard !pivot.isHole else {
                row.append(-1)
                column.append(-1)
                pivotCoefficient.append(1)
                constant.append(0)
                value.append(0)
                termSpan.append(TermSpan(start: 0, end: 0))
                continue
            }
            let r = Int(pivot.row)
            let c = Int(pivot.column)
            row.append(pivot.row)
            column.append(pivot.column)
            pivotCoefficient.append(pivot.coefficient)
            value.append(x[c])
            let start = Int32(termSource.count)
            constant.append(Self.appendTerms(
                row: r, pivotColumn: c, rows, b: rhs[r], columnPosition: columnPosition, readsUnknowns: readsUnknowns,
                isBasic: isBasic, x: x, termSource: &termSource, termCoefficient: &termCoefficient))
            termSpan.append(TermSpan(start: start, end: Int32(termSource.count)))
            Self.appendDependents(position: p, row: r, column: c, rows, position: position, dependent: &dependent)
        }
        dependentStart.append(Int32(dependent.count))
        // Room for the terms of rows patched in later (see `patch`), so patching never allocates.
        // (And for local updates' positions: theirs, and their dependents, go at the end too.)
        // A fixed size, so the basis's shape at a rebuild never makes it grow: the rows'
        // terms bound both lists' live entries.
        let entries = s.termVariable.count + max(256, s.termVariable.count / 4)
        termSource.reserveCapacity(entries)
        termCoefficient.reserveCapacity(entries)
        dependent.reserveCapacity(entries)
        self.row = row
        self.column = column
        self.pivotCoefficient = pivotCoefficient
        self.constant = constant
        self.value = value
        self.termSpan = termSpan
        self.dependentStart = dependentStart
        self.termSource = termSource
        self.termCoefficient = termCoefficient
        self.dependent = dependent
        builtGeneration = s.factorValidity.generation
        builtEpoch = s.factorValidity.valueEpoch
    }

    /// Appends row `r`'s terms in basic unknowns other than its pivot's `c` (as what
    /// they read: see `termSource`) and returns its constant: `b_r` less its terms in
    /// non-basic unknowns at their values in `x`.
    @inline(__always) private static func appendTerms(
        row r: Int, pivotColumn c: Int, _ rows: Problem, b: Double, columnPosition: [Int32], readsUnknowns: Bool,
        isBasic: [Bool], x: [Double], termSource: inout [Int32], termCoefficient: inout [Double]
    ) -> Double {
        var b = b
        for k in rows.rowStart[r]..<rows.rowStart[r + 1] {
            let v = Int(rows.termVariable[k])
            if v == c { continue }
            if isBasic[v] {
                termSource.append(readsUnknowns ? Int32(v) : columnPosition[v])
                termCoefficient.append(rows.termCoefficient[k])
            } else {
                b -= rows.termCoefficient[k] * x[v]
            }
        }
        return b
    }

    /// Appends the rows other than `r` that read unknown `c` (pivoted at `p`): a later
    /// position as itself, a row outside the triangular part as `-(row + 1)`.
    @inline(__always) private static func appendDependents(
        position p: Int, row r: Int, column c: Int, _ rows: Problem, position: [Int32], dependent: inout [Int32]
    ) {
        for k in rows.columnStart[c]..<rows.columnStart[c + 1] {
            let other = Int(rows.columnRow[k])
            if other == r { continue }
            let q = Int(position[other])
            if q > p {
                dependent.append(Int32(q))
            } else if q < 0 {
                dependent.append(Int32(-(other + 1)))
            }
        }
    }

    /// Rewrites position `p` after the factor swapped its row in place: row `t`
    /// leaves (now loose), row `r` takes over the same unknown with pivot
    /// `coefficient`, and every other basic unknown `r` reads sits at an earlier
    /// position. Only the rows reading `t`'s, `r`'s and the position's unknowns change
    /// their entries, so this costs those rows, not the layout. Returns false (the
    /// caller lets the program be rebuilt) when the program is stale or the room
    /// reserved for patched terms is used up.
    func patch(position p: Int, oldRow t: Int, newRow r: Int, coefficient: Double, _ s: FactoredSolver) -> Bool {
        guard builtGeneration == s.factorValidity.generation, builtEpoch == s.factorValidity.valueEpoch else { return false }
        let c = Int(column[p])
        var added = 0
        for k in s.rowStart[r]..<s.rowStart[r + 1] where Int(s.termVariable[k]) != c && s.basis.isBasic[Int(s.termVariable[k])] {
            added += 1
        }
        // The new terms overwrite the position's span when they fit (a row swapped for one
        // on the same unknowns, every frame of churn), else go in the room at the end.
        let old = termSpan[p]
        let inPlace = added <= Int(old.end - old.start)
        guard inPlace || (termSource.count + added <= termSource.capacity
            && termCoefficient.count + added <= termCoefficient.capacity) else { return false }
        // Rows reading an unknown t reads: t is now a row outside the triangular part.
        for k in s.rowStart[t]..<s.rowStart[t + 1] {
            let v = Int(s.termVariable[k])
            guard v != c, s.basis.isBasic[v] else { continue }
            replaceDependent(of: Int(s.factor.columnPosition[v]), Int32(p), with: Int32(-(t + 1)))
        }
        let start = inPlace ? Int(old.start) : termSource.count
        var end = start
        for k in s.rowStart[r]..<s.rowStart[r + 1] {
            let v = Int(s.termVariable[k])
            guard v != c, s.basis.isBasic[v] else { continue }
            let q = Int(s.factor.columnPosition[v])
            let source = termsReadUnknowns ? Int32(v) : Int32(q)
            if inPlace {
                termSource[end] = source
                termCoefficient[end] = s.termCoefficient[k]
            } else {
                termSource.append(source)
                termCoefficient.append(s.termCoefficient[k])
            }
            end += 1
            replaceDependent(of: q, Int32(-(r + 1)), with: Int32(p))
        }
        termSpan[p] = TermSpan(start: Int32(start), end: Int32(end))
        replaceDependent(of: p, Int32(-(r + 1)), with: Int32(-(t + 1)))
        row[p] = Int32(r)
        pivotCoefficient[p] = coefficient
        return true
    }

    /// Replaces one entry `old` of position `p`'s dependents with `new`.
    private func replaceDependent(of p: Int, _ old: Int32, with new: Int32) {
        for k in Int(dependentStart[p])..<Int(dependentStart[p + 1]) where dependent[k] == old {
            dependent[k] = new
            return
        }
        preconditionFailure("factored simplex: program dependents out of step")
    }

    /// What a term in basic unknown `v` reads (see `termSource`).
    @inline(__always) func termSource(ofUnknown v: Int, _ s: FactoredSolver) -> Int32 {
        termsReadUnknowns ? Int32(v) : s.factor.columnPosition[v]
    }

    /// Re-reads position `p`'s right-hand side after its row's constant changed.
    func refreshConstant(_ p: Int, _ s: FactoredSolver) {
        let r = Int(row[p])
        let c = Int(column[p])
        var b = s.settings.rhs[r]
        for k in s.rowStart[r]..<s.rowStart[r + 1] {
            let v = Int(s.termVariable[k])
            if v != c, !s.basis.isBasic[v] { b -= s.termCoefficient[k] * s.basis.x[v] }
        }
        constant[p] = b
    }
}

/// A position's terms: `termSource[start..<end]`.
struct TermSpan {
    var start: Int32
    var end: Int32
}

/// Moves an array out of its owner (left empty), keeping its capacity for reuse.
private func take<T>(_ array: inout [T]) -> [T] {
    var out: [T] = []
    swap(&out, &array)
    out.removeAll(keepingCapacity: true)
    return out
}
