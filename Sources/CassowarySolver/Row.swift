/// `basic = constant + Σ coefficients[i] * symbols[i]`, symbols sorted ascending,
/// no coefficient below `SolverTolerance.drop`. The row algebra of the simplex lives
/// here (solve for a symbol, add a scaled row, substitute); the tableau only
/// decides which rows to combine and keeps its indexes in step.
struct Row {
    var symbols: [Int32] = []
    var coefficients: [Double] = []
    var constant: Double = 0

    @inline(__always) func coefficient(of symbol: Int32) -> Double {
        // Rows are short: a linear scan beats a binary search below ~16 entries.
        symbols.withUnsafeBufferPointer { s in
            if s.count < 16 {
                for i in 0..<s.count where s[i] == symbol { return coefficients[i] }
                return 0
            }
            let at = Row.insertionIndex(of: symbol, in: s)
            return at < s.count && s[at] == symbol ? coefficients[at] : 0
        }
    }

    func index(of symbol: Int32) -> Int? {
        let at = symbols.withUnsafeBufferPointer { Row.insertionIndex(of: symbol, in: $0) }
        return at < symbols.count && symbols[at] == symbol ? at : nil
    }

    /// The first position whose symbol is not below `symbol` (binary search).
    @inline(__always) static func insertionIndex(of symbol: Int32, in s: UnsafeBufferPointer<Int32>) -> Int {
        var lo = 0
        var hi = s.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if s[mid] < symbol { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Removes `symbol`'s term; returns whether it was there.
    @discardableResult
    mutating func remove(_ symbol: Int32) -> Bool {
        guard let i = index(of: symbol) else { return false }
        symbols.remove(at: i)
        coefficients.remove(at: i)
        return true
    }

    /// Adds a term for a symbol that is not in the row, keeping the order.
    mutating func insertNew(_ symbol: Int32, _ coefficient: Double) {
        let at = symbols.withUnsafeBufferPointer { Row.insertionIndex(of: symbol, in: $0) }
        symbols.insert(symbol, at: at)
        coefficients.insert(coefficient, at: at)
    }

    /// Reads the row as `0 = constant + a·symbol + rest` and solves it for `symbol`:
    /// afterwards the row is `symbol = -(constant + rest) / a`. Returns `a`.
    @discardableResult
    mutating func solve(for symbol: Int32) -> Double {
        guard let i = index(of: symbol) else { preconditionFailure("solving for a symbol not in the row") }
        let a = coefficients[i]
        let scale = -1 / a
        symbols.remove(at: i)
        coefficients.remove(at: i)
        constant *= scale
        for j in coefficients.indices { coefficients[j] *= scale }
        return a
    }

    /// Reads the row as `leaving = constant + Σ` and solves it for `entering`, which
    /// becomes its basic symbol (a pivot): `leaving` joins the right-hand side with
    /// coefficient 1/a (inserted after the removal, so the row never outgrows its storage).
    /// Returns the pivot, `entering`'s coefficient.
    @discardableResult
    mutating func solve(for entering: Int32, replacing leaving: Int32) -> Double {
        let a = solve(for: entering)
        insertNew(leaving, 1 / a)
        return a
    }

    /// `self += k * source`, dropping `skip` (the symbol being substituted) and any
    /// coefficient that cancels below `SolverTolerance.drop`. `added` hears each symbol that
    /// enters the row (its column must learn the row). A short source is merged in
    /// place (a few `memmove`s); a long one through `scratch`, swapped in.
    @inline(__always)
    mutating func add(
        _ source: Row, times k: Double, skipping skip: Int32, scratch: inout Row, added: (Int32) -> Void
    ) {
        if source.symbols.count <= 4 {
            addShort(source, times: k, skipping: skip, added: added)
        } else {
            addLong(source, times: k, skipping: skip, scratch: &scratch, added: added)
        }
    }

    @inline(__always)
    mutating func addShort(_ source: Row, times k: Double, skipping skip: Int32, added: (Int32) -> Void) {
        constant += k * source.constant
        remove(skip)
        for j in 0..<source.symbols.count {
            let sym = source.symbols[j]
            guard sym != skip else { continue }
            let v = k * source.coefficients[j]
            let lo = symbols.withUnsafeBufferPointer { Row.insertionIndex(of: sym, in: $0) }
            if lo < symbols.count, symbols[lo] == sym {
                let c = coefficients[lo] + v
                if abs(c) < SolverTolerance.drop {
                    symbols.remove(at: lo)
                    coefficients.remove(at: lo)
                } else {
                    coefficients[lo] = c
                }
            } else if abs(v) >= SolverTolerance.drop {
                symbols.insert(sym, at: lo)
                coefficients.insert(v, at: lo)
                added(sym)
            }
        }
    }

    @inline(__always)
    mutating func addLong(
        _ source: Row, times k: Double, skipping skip: Int32, scratch: inout Row, added: (Int32) -> Void
    ) {
        scratch.symbols.removeAll(keepingCapacity: true)
        scratch.coefficients.removeAll(keepingCapacity: true)
        constant += k * source.constant
        symbols.withUnsafeBufferPointer { ts in
            coefficients.withUnsafeBufferPointer { tc in
                source.symbols.withUnsafeBufferPointer { ss in
                    source.coefficients.withUnsafeBufferPointer { sc in
                        var i = 0
                        var j = 0
                        while i < ts.count || j < ss.count {
                            if j == ss.count || (i < ts.count && ts[i] < ss[j]) {
                                if ts[i] != skip {
                                    scratch.symbols.append(ts[i])
                                    scratch.coefficients.append(tc[i])
                                }
                                i += 1
                            } else if i == ts.count || ss[j] < ts[i] {
                                let v = k * sc[j]
                                if abs(v) >= SolverTolerance.drop, ss[j] != skip {
                                    scratch.symbols.append(ss[j])
                                    scratch.coefficients.append(v)
                                    added(ss[j])
                                }
                                j += 1
                            } else {
                                let v = tc[i] + k * sc[j]
                                if abs(v) >= SolverTolerance.drop, ts[i] != skip {
                                    scratch.symbols.append(ts[i])
                                    scratch.coefficients.append(v)
                                }
                                i += 1
                                j += 1
                            }
                        }
                    }
                }
            }
        }
        swap(&symbols, &scratch.symbols)
        swap(&coefficients, &scratch.coefficients)
    }

    /// Replaces `symbol` by `definition` (the row where it is basic): `self += c * definition`
    /// where `c` is the symbol's coefficient here. Returns false when the symbol is absent.
    @inline(__always)
    mutating func substitute(
        _ symbol: Int32, by definition: Row, scratch: inout Row, added: (Int32) -> Void
    ) -> Bool {
        let c = coefficient(of: symbol)
        guard c != 0 else { return false }
        add(definition, times: c, skipping: symbol, scratch: &scratch, added: added)
        return true
    }
}
