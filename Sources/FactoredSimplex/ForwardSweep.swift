/// One forward substitution of the frame path (SparseUpdate.swift) over the compiled
/// program (ForwardProgram.swift). The raw buffers are taken once per frame and
/// passed in one value, so no step reads a class property inside its loop: an array
/// property's uniqueness and bounds checks per element would cost more than the
/// arithmetic. The steps are forced inline, so the sweep compiles to one loop, and
/// its counts are locals of that loop (`SweepCounts`, copied in and out): kept in
/// stored properties or the caller's captured variables, they cost a load and a
/// store per position (7-9% more instructions per frame on tree-200 and stack-200).
/// `Values` is where the values are read and written (`ValuesByPosition`,
/// `ValuesByUnknown`): a type, not a flag, so each way compiles to its own loop.
struct ForwardSweep<Values: SweepValues> {
    // The program, by position.
    let column: UnsafeBufferPointer<Int32>
    let pivotCoefficient: UnsafeBufferPointer<Double>
    let constant: UnsafeBufferPointer<Double>
    let termSpan: UnsafeBufferPointer<TermSpan>
    let termSource: UnsafeBufferPointer<Int32>
    let termCoefficient: UnsafeBufferPointer<Double>
    let dependentStart: UnsafeBufferPointer<Int32>
    let dependent: UnsafeBufferPointer<Int32>
    let values: Values
    /// The pending positions, one bit each.
    let pending: UnsafeMutableBufferPointer<UInt64>
    // The solver's, by row or column.
    let inForce: UnsafeBufferPointer<Bool>
    let isTight: UnsafeBufferPointer<Bool>
    let isTouched: UnsafeMutableBufferPointer<Bool>
    let rowBlock: UnsafeBufferPointer<Int32>
    let blockMarked: UnsafeMutableBufferPointer<Bool>
    // The lists the sweep fills, written in place up to their `SweepCounts`.
    let touched: UnsafeMutableBufferPointer<Int32>
    let changed: UnsafeMutableBufferPointer<Int32>
    let marked: UnsafeMutableBufferPointer<Int32>

    /// Visits the pending positions from `lowest` in increasing order (a bit scan,
    /// cheaper than a heap when a frame moves thousands of rows), so each row is
    /// computed after every row it reads; each position changes at most once.
    @inline(__always) func run(from lowest: Int, through highest: Int, _ counts: inout SweepCounts) {
        guard highest >= 0 else { return }
        // Locals, not the caller's captured variables: they stay in registers through the loop.
        var highest = highest
        var local = counts
        defer { counts = local }
        var word = lowest >> 6
        while word <= highest >> 6 {
            let bits = pending[word]
            if bits == 0 {
                word = nextMarkedWord(pending, from: word + 1, through: highest >> 6)
                continue
            }
            let p = word << 6 | bits.trailingZeroBitCount
            pending[word] = bits & (bits - 1)
            if substitute(p, &local) { markDependents(of: p, highest: &highest, &local) }
        }
    }

    /// Recomputes position `p`'s unknown from the positions it reads. Returns
    /// whether it moved (then written to `x` and listed as changed).
    @inline(__always) func substitute(_ p: Int, _ counts: inout SweepCounts) -> Bool {
        var sum = constant[p]
        let span = termSpan[p]
        for k in Int(span.start)..<Int(span.end) {
            sum -= termCoefficient[k] * values.read(Int(termSource[k]))
        }
        // Most pivots are 1 (a child placed from its parent): skip the division, whose
        // latency would sit on the chain of positions that read each other (depth first).
        let pivot = pivotCoefficient[p]
        let value = pivot == 1 ? sum : sum / pivot
        let c = column[p]
        guard values.update(position: p, unknown: Int(c), to: value) else { return false }
        changed[counts.changed] = c
        counts.changed += 1
        return true
    }

    /// Marks pending the later positions that read `p`'s unknown, and reaches the
    /// rows outside the triangular part that do.
    @inline(__always) func markDependents(of p: Int, highest: inout Int, _ counts: inout SweepCounts) {
        for k in Int(dependentStart[p])..<Int(dependentStart[p + 1]) {
            let d = Int(dependent[k])
            if d >= 0 {
                pending[d >> 6] |= 1 << UInt64(d & 63)
                if d > highest { highest = d }
            } else {
                reach(row: -d - 1, &counts)
            }
        }
    }

    /// A row outside the triangular part read a moved unknown: a tight one's bump
    /// block is marked for re-solving, a loose one is touched (its own column is
    /// recomputed after the sweep); one not in force is skipped.
    @inline(__always) func reach(row r: Int, _ counts: inout SweepCounts) {
        guard inForce[r] else { return }
        if isTight[r] {
            let block = Int(rowBlock[r])
            if !blockMarked[block] {
                blockMarked[block] = true
                marked[counts.marked] = Int32(block)
                counts.marked += 1
            }
            counts.bumpTouched = true
        } else if !isTouched[r] {
            isTouched[r] = true
            touched[counts.touched] = Int32(r)
            counts.touched += 1
        }
    }
}

/// How far a sweep filled its lists, and whether it reached a bump block.
struct SweepCounts {
    var touched: Int
    var changed: Int
    var marked = 0
    var bumpTouched = false
}

/// Where a sweep reads a term's value and keeps each position's.
protocol SweepValues {
    /// The value a term reads (`ForwardProgram.termSource`).
    func read(_ source: Int) -> Double
    /// Sets position `p`'s unknown `c` to `value`; false when it already was.
    func update(position p: Int, unknown c: Int, to value: Double) -> Bool
}

/// Terms read earlier positions, whose values the program keeps in peel order beside
/// the solver's (`ForwardProgram.value`); both are written.
struct ValuesByPosition: SweepValues {
    let values: UnsafeMutableBufferPointer<Double>
    let x: UnsafeMutableBufferPointer<Double>

    @inline(__always) func read(_ source: Int) -> Double { values[source] }

    @inline(__always) func update(position p: Int, unknown c: Int, to value: Double) -> Bool {
        if value == values[p] { return false }
        values[p] = value
        x[c] = value
        return true
    }
}

/// Terms read unknowns, in the solver's values alone (`termsReadUnknowns`).
struct ValuesByUnknown: SweepValues {
    let x: UnsafeMutableBufferPointer<Double>

    @inline(__always) func read(_ source: Int) -> Double { x[source] }

    @inline(__always) func update(position p: Int, unknown c: Int, to value: Double) -> Bool {
        if value == x[c] { return false }
        x[c] = value
        return true
    }
}
