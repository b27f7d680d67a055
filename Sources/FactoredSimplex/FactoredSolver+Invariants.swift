// Recomputes from the rows what the solver keeps (the
// basis's shape, the factor and its compiled program, the values, the duals and the
// pricing notes) and compares it with what is kept, wherever the solver claims it valid.

extension FactoredSolver {
    /// The first inconsistency found, described, or nil when everything kept agrees
    /// with the rows. Meant between ops (not inside one).
    func checkInvariants() -> String? {
        let checks: [() -> String?] = [
            levelMap, basisShape, cleanScratch, cleanUpdateScratch, tightList, factorStructure, factorSolves,
            programMirrorsFactor, keptValues, keptDuals, pricingNotes, keptCandidates, keptListings,
        ]
        for check in checks { if let problem = check() { return problem } }
        return nil
    }

    /// A row's name and index, for messages.
    func describeRow(_ r: Int) -> String { "row \(r) '\(names[r])'" }

    /// Within `Tolerance.invariantCheck` of each other, relative to `scale` (at least 1).
    func agrees(_ a: Double, _ b: Double, scale: Double = 0) -> Bool {
        abs(a - b) <= Tolerance.invariantCheck * max(1, abs(a), abs(b), scale)
    }

    /// Level 0 is required (1000), then one level per optional priority, the higher the
    /// priority the lower its level, with no gap.
    private func levelMap() -> String? {
        if settings.levelOfPriority.count != settings.levelCount { return "levelOfPriority maps \(settings.levelOfPriority.count) priorities for \(settings.levelCount) levels" }
        for (i, entry) in settings.levelOfPriority.sorted(by: { $0.key > $1.key }).enumerated() where entry.value != Int32(i) {
            return "levelOfPriority puts priority \(entry.key) at level \(entry.value), its rank is \(i)"
        }
        if settings.levelOfPriority[1000] != 0 { return "levelOfPriority does not put required (1000) at level 0" }
        for (l, p) in settings.priorityOfLevel.enumerated() where settings.levelOfPriority[p] != Int32(l) {
            return "priorityOfLevel puts priority \(p) at level \(l), levelOfPriority at \(settings.levelOfPriority[p].map(String.init) ?? "none")"
        }
        return nil
    }

    /// Between ops, the scratch of the pricing and of a local factor update is clean.
    private func cleanUpdateScratch() -> String? {
        if let l = prices.levelHead.firstIndex(where: { $0 != -1 }) { return "levelHead of level \(l) is left set" }
        if !localScratch.localRows.members.isEmpty || !localScratch.localColumns.members.isEmpty || !localScratch.localBlocks.members.isEmpty
            || !localScratch.rebuiltPositions.members.isEmpty {
            return "a local factor update's marks are left set"
        }
        if !blockLocal.blocks.members.isEmpty || blockLocal.deferred != 0 {
            return "a local re-optimisation's marks are left set"
        }
        return nil
    }

    /// Rows out of force are never tight; as many tight rows as basic unknowns; the
    /// flag saying a required row may be loose is set when one is; a removal held
    /// back names a tight row.
    private func basisShape() -> String? {
        if basis.heldRemoval >= 0, !(basis.inForce[basis.heldRemoval] && basis.isTight[basis.heldRemoval]) {
            return "the removal held back names \(describeRow(basis.heldRemoval)), which is not tight"
        }
        var tight = 0
        for r in 0..<rowCount {
            if basis.isTight[r], !basis.inForce[r] { return "\(describeRow(r)) is tight but not in force" }
            if basis.isTight[r] { tight += 1 }
            if settings.level[r] < 0 || Int(settings.level[r]) >= settings.levelCount { return "\(describeRow(r)) has level \(settings.level[r]) of \(settings.levelCount)" }
            if basis.inForce[r], !basis.isTight[r], settings.level[r] == 0, !basis.requiredLoose {
                return "requiredLoose is false, but required \(describeRow(r)) is loose"
            }
        }
        let basic = basis.isBasic.filter { $0 }.count
        if basic != tight { return "the basis is not square: \(tight) tight rows, \(basic) basic unknowns" }
        return nil
    }

    /// Between ops, the frame path's flags match their lists and every scratch is clean.
    private func cleanScratch() -> String? {
        var listed = [Bool](repeating: false, count: rowCount)
        for r32 in framePath.dirtyRows {
            let r = Int(r32)
            if !framePath.isDirty[r] { return "dirtyRows lists \(describeRow(r)), whose isDirty flag is clear" }
            if listed[r] { return "dirtyRows lists \(describeRow(r)) twice" }
            listed[r] = true
        }
        if let r = (0..<rowCount).first(where: { framePath.isDirty[$0] && !listed[$0] }) {
            return "isDirty is set for \(describeRow(r)), which dirtyRows does not list"
        }
        if let r = framePath.isTouched.firstIndex(of: true) { return "isTouched is left set for \(describeRow(r))" }
        if !framePath.touchedRows.isEmpty || !roundScratch.rateRows.isEmpty || !roundScratch.support.isEmpty || !roundScratch.seededRows.isEmpty {
            return "a direction's lists are left non-empty"
        }
        if let w = framePath.pendingPositions.firstIndex(where: { $0 != 0 }) { return "pendingPositions word \(w) is left marked" }
        if let v = roundScratch.direction.firstIndex(where: { $0 != 0 }) { return "direction[\(v)] is left nonzero" }
        if let r = roundScratch.sparseRhs.firstIndex(where: { $0 != 0 }) { return "sparseRhs of \(describeRow(r)) is left nonzero" }
        if let v = dualScratch.dualRhs.firstIndex(where: { $0 != 0 }) { return "dualRhs[\(v)] is left nonzero" }
        if !dualScratch.inverseRowSupport.isEmpty || dualScratch.inverseRow.contains(where: { $0 != 0 }) { return "the row of the inverse is left nonzero" }
        if !roundScratch.claimedRows.members.isEmpty || !roundScratch.claimedVariables.members.isEmpty { return "a round's claims are left set" }
        if !prices.dualSeeds.isEmpty, !prices.state.isDue {
            return "\(prices.dualSeeds.count) dual seeds are queued with no pricing due"
        }
        if !factor.markedBlocks.isEmpty || factor.blockMarked.contains(true) { return "bump blocks are left marked" }
        if prices.duals.tracking || !prices.duals.changed.members.isEmpty { return "the duals are left tracking changes" }
        return nil
    }

    /// While the factor is valid, `tightRows` lists exactly the tight rows, each at its `tightSlot`.
    private func tightList() -> String? {
        guard factorValidity.isValid else { return nil }
        let tight = (0..<rowCount).filter { basis.isTight[$0] }.count
        if basis.tightRows.count != tight { return "tightRows lists \(basis.tightRows.count) rows for \(tight) tight rows" }
        for (i, r32) in basis.tightRows.enumerated() {
            let r = Int(r32)
            if !basis.isTight[r] { return "tightRows lists \(describeRow(r)), which is not tight" }
            if basis.tightSlot[r] != Int32(i) { return "tightSlot of \(describeRow(r)) is \(basis.tightSlot[r]), but tightRows lists it at \(i)" }
        }
        return nil
    }

    /// The factor covers the basis: each triangular position's row is tight, determines
    /// a basic unknown with its own coefficient, and reads other basic unknowns only at
    /// earlier positions; every other tight row and basic unknown is in a live bump block.
    private func factorStructure() -> String? {
        guard factorValidity.isValid else { return nil }
        let f = factor
        var holes = 0
        for (p, pivot) in f.pivots.enumerated() {
            if pivot.isHole {
                holes += 1
                continue
            }
            let r = Int(pivot.row), c = Int(pivot.column)
            if !basis.isTight[r] { return "factor position \(p) holds \(describeRow(r)), which is not tight" }
            if f.position[r] != Int32(p) { return "factor position of \(describeRow(r)) is \(f.position[r]), but it sits at \(p)" }
            if !basis.isBasic[c] { return "factor position \(p) determines unknown \(c), which is not basic" }
            if f.columnPosition[c] != Int32(p) { return "factor columnPosition of unknown \(c) is \(f.columnPosition[c]), not \(p)" }
            var coefficient = 0.0
            for k in rowStart[r]..<rowStart[r + 1] {
                let v = Int(termVariable[k])
                if v == c {
                    coefficient = termCoefficient[k]
                } else if basis.isBasic[v], !(0..<p).contains(Int(f.columnPosition[v])) {
                    return "factor position \(p) (\(describeRow(r))) reads unknown \(v), not determined at an earlier position"
                }
            }
            if pivot.coefficient != coefficient {
                return "factor pivot coefficient at position \(p) is \(pivot.coefficient), \(describeRow(r)) has \(coefficient)"
            }
        }
        if holes != f.holeCount { return "factor holeCount is \(f.holeCount), \(holes) positions are holes" }
        return bumpStructure() ?? coverage()
    }

    /// Every live bump block's rows and columns know their block and index.
    private func bumpStructure() -> String? {
        let f = factor
        for b in 0..<(f.blockStart.count - 1) where !f.blockDead[b] {
            for i in f.blockStart[b]..<f.blockStart[b + 1] {
                let r = Int(f.bumpRows[i]), c = Int(f.bumpColumns[i])
                if !basis.isTight[r] { return "bump block \(b) holds \(describeRow(r)), which is not tight" }
                if f.rowBlock[r] != Int32(b) { return "factor rowBlock of \(describeRow(r)) is \(f.rowBlock[r]), not \(b)" }
                if !basis.isBasic[c] { return "bump block \(b) determines unknown \(c), which is not basic" }
                if f.bumpIndex[c] != Int32(i) { return "factor bumpIndex of unknown \(c) is \(f.bumpIndex[c]), not \(i)" }
            }
        }
        return nil
    }

    /// Each tight row and basic unknown is placed exactly once; nothing else is.
    private func coverage() -> String? {
        let f = factor
        for r in 0..<rowCount {
            let placed = (f.position[r] >= 0 ? 1 : 0) + (f.rowBlock[r] >= 0 ? 1 : 0)
            if placed != (basis.isTight[r] ? 1 : 0) {
                return "\(describeRow(r)) (tight: \(basis.isTight[r])) has factor position \(f.position[r]) and block \(f.rowBlock[r])"
            }
            if f.rowBlock[r] >= 0, f.blockDead[Int(f.rowBlock[r])] { return "\(describeRow(r)) is in dead block \(f.rowBlock[r])" }
        }
        for v in 0..<variableCount {
            let placed = (f.columnPosition[v] >= 0 ? 1 : 0) + (f.bumpIndex[v] >= 0 ? 1 : 0)
            if placed != (basis.isBasic[v] ? 1 : 0) {
                return "unknown \(v) (basic: \(basis.isBasic[v])) has factor position \(f.columnPosition[v]) and bump index \(f.bumpIndex[v])"
            }
        }
        return nil
    }

    /// The factor inverts the basis: solving for A_T x_B (the kept values' own
    /// products) gives x_B back, through the triangular part and every live block's LU.
    private func factorSolves() -> String? {
        guard factorValidity.isValid else { return nil }
        var products = [Double](repeating: 0, count: rowCount)
        var scale = 1.0
        for r in 0..<rowCount where basis.isTight[r] {
            for k in rowStart[r]..<rowStart[r + 1] where basis.isBasic[Int(termVariable[k])] {
                products[r] += termCoefficient[k] * basis.x[Int(termVariable[k])]
                scale = max(scale, abs(basis.x[Int(termVariable[k])]))
            }
        }
        var solved = basis.x
        products.withUnsafeMutableBufferPointer { b in
            solved.withUnsafeMutableBufferPointer { xs in factor.solve(self, rhs: b, x: xs, basic: basis.isBasic) }
        }
        for v in 0..<variableCount where basis.isBasic[v] && !agrees(solved[v], basis.x[v], scale: scale) {
            return "the factor does not solve the basis: unknown \(v) is \(basis.x[v]), the factor gives \(solved[v]) for its rows' products"
        }
        return nil
    }

    /// The frame program, while current, mirrors the factor: each position's row,
    /// unknown, pivot, terms (as `termSource` names what they read), right-hand side with the
    /// non-basic terms folded in (for rows not marked changed), value and dependents.
    private func programMirrorsFactor() -> String? {
        guard factorValidity.isValid, program.builtGeneration == factorValidity.generation, program.builtEpoch == factorValidity.valueEpoch else { return nil }
        let f = factor
        if program.count != f.pivots.count { return "the program has \(program.count) positions, the factor \(f.pivots.count)" }
        for (p, pivot) in f.pivots.enumerated() {
            if program.row[p] != pivot.row || program.column[p] != pivot.column {
                return "program position \(p) holds row \(program.row[p]) / unknown \(program.column[p]), the factor \(pivot.row) / \(pivot.column)"
            }
            guard !pivot.isHole else { continue }
            let r = Int(pivot.row), c = Int(pivot.column)
            if program.pivotCoefficient[p] != pivot.coefficient { return "program pivot at position \(p) differs from the factor's" }
            if !program.termsReadUnknowns, program.value[p] != basis.x[c] { return "program value at position \(p) is \(program.value[p]), unknown \(c) is \(basis.x[c])" }
            var expected: [String] = []
            var constant = settings.rhs[r]
            for k in rowStart[r]..<rowStart[r + 1] where Int(termVariable[k]) != c {
                let v = Int(termVariable[k])
                if basis.isBasic[v] {
                    expected.append("\(program.termSource(ofUnknown: v, self))*\(termCoefficient[k])")
                } else {
                    constant -= termCoefficient[k] * basis.x[v]
                }
            }
            let span = program.termSpan[p]
            let terms = (Int(span.start)..<Int(span.end)).map { "\(program.termSource[$0])*\(program.termCoefficient[$0])" }
            if terms.sorted() != expected.sorted() { return "program terms at position \(p) (\(describeRow(r))) are \(terms), expected \(expected)" }
            if !framePath.isDirty[r], !agrees(program.constant[p], constant, scale: abs(settings.rhs[r])) {
                return "program constant at position \(p) (\(describeRow(r))) is \(program.constant[p]), expected \(constant)"
            }
            if let problem = programDependents(p, row: r, column: c) { return problem }
        }
        return nil
    }

    /// Position `p`'s dependents: every other row reading its unknown, by its later
    /// position, or as `-(row + 1)` outside the triangular part.
    private func programDependents(_ p: Int, row r: Int, column c: Int) -> String? {
        var expected: [Int32] = []
        for k in columnStart[c]..<columnStart[c + 1] where Int(columnRow[k]) != r {
            let other = Int(columnRow[k])
            let place = Int(factor.position[other])
            expected.append(place > p ? Int32(place) : Int32(-(other + 1)))
        }
        let kept = Array(program.dependent[Int(program.dependentStart[p])..<Int(program.dependentStart[p + 1])])
        if kept.sorted() != expected.sorted() { return "program dependents of position \(p) are \(kept), expected \(expected)" }
        return nil
    }

    /// While the values are claimed current (a valid factor, an optimal basis): every
    /// tight row not marked changed holds, and every loose one's own value is its
    /// residual, with the sign its basic column gives, and not negative.
    private func keptValues() -> String? {
        guard factorValidity.isValid, basisOptimal else { return nil }
        for r in 0..<rowCount where basis.inForce[r] && !framePath.isDirty[r] {
            var activity = 0.0
            var scale = abs(settings.rhs[r])
            for k in rowStart[r]..<rowStart[r + 1] {
                activity += termCoefficient[k] * basis.x[Int(termVariable[k])]
                scale = max(scale, abs(termCoefficient[k] * basis.x[Int(termVariable[k])]))
            }
            let residual = settings.rhs[r] - activity
            if basis.isTight[r] {
                if !agrees(residual, 0, scale: scale) { return "tight \(describeRow(r)) does not hold: residual \(residual)" }
                continue
            }
            let own = basis.positiveBasic[r] ? residual : -residual
            if !agrees(basis.ownValue[r], own, scale: scale) { return "own value of loose \(describeRow(r)) is \(basis.ownValue[r]), its residual gives \(own)" }
            if ownColumnIsNegative(r) { return "own value of loose \(describeRow(r)) is negative: \(basis.ownValue[r])" }
        }
        return nil
    }

    /// While the duals are claimed current: a loose row's dual is its basic own
    /// column's cost (at its level, nothing elsewhere), a row out of force has none,
    /// and at every level the duals price every basic unknown at zero (A^T y = 0 on
    /// the basic columns, which fixes the tight rows' duals).
    private func keptDuals() -> String? {
        // A batch of priority changes pending: the duals are current once the solve applies it.
        guard dualsCurrent, prices.dualSeeds.isEmpty else { return nil }
        var sums: [Int32: [Double]] = [:]
        var magnitudes: [Int32: [Double]] = [:]
        for r in 0..<rowCount {
            if prices.duals.head[r] >= 0, !prices.duals.support.contains(r) { return "\(describeRow(r)) has duals but is not in their support" }
            var seen: Set<Int32> = []
            var e = Int(prices.duals.head[r])
            while e >= 0 {
                let l = prices.duals.level[e], y = prices.duals.value[e]
                e = Int(prices.duals.next[e])
                if !seen.insert(l).inserted { return "\(describeRow(r)) has two dual entries at level \(l)" }
                if !basis.inForce[r] || !basis.isTight[r] {
                    let expected = basis.inForce[r] && l == settings.level[r] ? looseDual(r) : 0
                    if abs(y - expected) > Tolerance.dual {
                        return "dual of \(basis.inForce[r] ? "loose" : "out-of-force") \(describeRow(r)) at level \(l) is \(y), expected \(expected)"
                    }
                }
                guard basis.inForce[r] else { continue }
                for k in rowStart[r]..<rowStart[r + 1] where basis.isBasic[Int(termVariable[k])] {
                    let v = Int(termVariable[k])
                    sums[l, default: [Double](repeating: 0, count: variableCount)][v] += termCoefficient[k] * y
                    magnitudes[l, default: [Double](repeating: 0, count: variableCount)][v] += abs(termCoefficient[k] * y)
                }
            }
            if basis.inForce[r], !basis.isTight[r], looseDual(r) != 0, prices.duals.dual(level: Int(settings.level[r]), row: r) == 0 {
                return "loose \(describeRow(r)) has no dual at its level \(settings.level[r])"
            }
        }
        for (l, sum) in sums.sorted(by: { $0.key < $1.key }) {
            for v in 0..<variableCount where abs(sum[v]) > Tolerance.invariantCheck * max(1, magnitudes[l]![v]) {
                return "the duals at level \(l) price basic unknown \(v) at \(sum[v]), not zero"
            }
        }
        return nil
    }

    /// While the basis is claimed optimal with current duals and no candidates listed
    /// (those are checked by `keptCandidates`): every column that prices as improving is
    /// noted for pricing at the solve (and notes mean a pricing is pending).
    private func pricingNotes() -> String? {
        if !pricingPending, !prices.pricedRows.members.isEmpty || !prices.pricedUnknowns.members.isEmpty {
            return "columns are noted for pricing, but no pricing is pending"
        }
        guard factorValidity.isValid, basisOptimal, dualsCurrent, prices.state != .candidatesListed, prices.dualSeeds.isEmpty else { return nil }
        for v in 0..<variableCount where !basis.isBasic[v] && !prices.pricedUnknowns.contains(v) {
            let cost = reducedCost(unknown: v)
            if cost.sign != 0 {
                return "unknown \(v) improves (reduced cost \(cost.value) at level \(cost.level)) but is not noted for pricing"
            }
        }
        for r in 0..<rowCount where basis.isTight[r] && !prices.pricedRows.contains(r) {
            for positive in [true, false] {
                let cost = reducedCost(row: r, positive: positive)
                if cost.sign < 0 {
                    return "loosening tight \(describeRow(r)) improves (reduced cost \(cost.value) at level \(cost.level)) but is not noted for pricing"
                }
            }
        }
        return nil
    }
}

extension FactoredSolver {
    /// While `candidates` is claimed current (with a valid factor and current duals):
    /// every column that prices as improving is among them.
    fileprivate func keptCandidates() -> String? {
        guard prices.state == .candidatesListed, factorValidity.isValid, dualsCurrent else { return nil }
        var unknowns = Set<Int>(), loosened = Set<Int>()
        for candidate in prices.candidates {
            switch candidate.entering {
            case let .unknown(v, _): unknowns.insert(v)
            case let .loosen(r, _): loosened.insert(r)
            }
        }
        for v in 0..<variableCount where !basis.isBasic[v] && !unknowns.contains(v) && reducedCost(unknown: v).sign != 0 {
            return "unknown \(v) improves but the candidates, claimed current, omit it"
        }
        for r in 0..<rowCount where basis.inForce[r] && basis.isTight[r] && !loosened.contains(r) {
            if reducedCost(row: r, positive: true).sign < 0 || reducedCost(row: r, positive: false).sign < 0 {
                return "loosening tight \(describeRow(r)) improves but the candidates, claimed current, omit it"
            }
        }
        return nil
    }
}

extension FactoredBackend {
    /// The solver's check, and the back end's own: the published values are the solver's (unless a refused op left the basis
    /// to be re-solved, or the read is to compare them), the row numbering is one-to-one and gives each constraint its
    /// own row, and the views pending a read match their flags.
    public func checkInvariants() -> String? {
        if let problem = solver.checkInvariants() { return problem }
        if solver.factorValidity.isValid, !publishDeferred, let v = published.indices.first(where: { published[$0] != solver.basis.x[$0] }) {
            return "published value of unknown \(v) is \(published[v]), the solver holds \(solver.basis.x[v])"
        }
        if let numbering {
            if let h = numbering.rowOfHandle.indices.first(where: { Int(numbering.handleOfRow[numbering.row($0)]) != $0 }) {
                return "row numbering: handle \(h) is row \(numbering.row(h)), whose handle is \(numbering.handleOfRow[numbering.row(h)])"
            }
            if let h = scene.constraints.indices.first(where: { solver.names[numbering.row($0)] != scene.constraints[$0].id }) {
                return "row numbering: constraint \(scene.constraints[h].id)'s row \(numbering.row(h)) is named \(solver.names[numbering.row(h)])"
            }
        }
        let listed = Set(pendingViews.members)
        if listed.count != pendingViews.count { return "pendingViews lists a view twice" }
        if let v = isPending.indices.first(where: { isPending[$0] != listed.contains(Int32($0)) }) {
            return "isPending of view \(v) is \(isPending[v]), but pendingViews \(listed.contains(Int32(v)) ? "lists" : "omits") it"
        }
        return nil
    }
}
