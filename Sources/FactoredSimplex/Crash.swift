/// The starting basis: instead of one pivot per unknown from an empty basis, rows
/// are made tight greedily, each as soon as it has a single unknown left to
/// determine: the equalities first, highest priority first, then the inequalities
/// (guessed slack; an inequality becomes tight only where no equality fixes its
/// unknown). Each unknown then follows its most important equality, which is
/// usually the optimum's choice, so the basis is usually dual feasible, and the
/// inequalities the guess violates are repaired by dual pivots (DualSimplex.swift),
/// one in place each. The result is triangular by construction.
extension FactoredSolver {
    func crash() {
        noteStructureChange()
        var unassigned = [Int32](repeating: 0, count: rowCount)
        // Bucket `level` holds a level's equalities, `levelCount + level` its inequalities.
        let bucketCount = 2 * settings.levelCount
        var buckets = [[Int32]](repeating: [], count: bucketCount)
        var heads = [Int](repeating: 0, count: bucketCount)
        @inline(__always) func bucket(_ r: Int) -> Int { Int(settings.level[r]) + (kind[r] == .equal ? 0 : settings.levelCount) }
        for r in 0..<rowCount where basis.inForce[r] && !basis.isTight[r] {
            var count: Int32 = 0
            for k in rowStart[r]..<rowStart[r + 1] where !basis.isBasic[Int(termVariable[k])] { count += 1 }
            unassigned[r] = count
            if count == 1 { buckets[bucket(r)].append(Int32(r)) }
        }
        var b = 0
        while b < bucketCount {
            guard heads[b] < buckets[b].count else {
                b += 1
                continue
            }
            let r = Int(buckets[b][heads[b]])
            heads[b] += 1
            guard unassigned[r] == 1, !basis.isTight[r] else { continue }
            var variable = -1
            for k in rowStart[r]..<rowStart[r + 1] where !basis.isBasic[Int(termVariable[k])] { variable = Int(termVariable[k]) }
            guard variable >= 0 else { continue }
            basis.isTight[r] = true
            basis.isBasic[variable] = true
            var lowest = b
            for k in columnStart[variable]..<columnStart[variable + 1] {
                let other = Int(columnRow[k])
                guard basis.inForce[other], !basis.isTight[other], unassigned[other] > 0 else { continue }
                unassigned[other] -= 1
                if unassigned[other] == 1 {
                    buckets[bucket(other)].append(Int32(other))
                    lowest = min(lowest, bucket(other))
                }
            }
            b = lowest
        }
        factorValidity.isValid = false
        forgetOptimality()
        basis.optimality = .fromCrash
    }

    /// The basis as a `StartingBasis` (rows numbered as this solver numbers them).
    var startingBasis: StartingBasis { StartingBasis(isTight: basis.isTight, isBasic: basis.isBasic) }

    /// Starts from `start`, a basis of the same problem with its rows numbered as
    /// handles: row `numbering.row(h)` is tight here where its row `h` was, and the
    /// same unknowns are basic. The back end renumbers its rows after the build this
    /// way (RowNumbering.swift): the solve then finds the basis optimal and only factors it.
    func crash(from start: StartingBasis, numbering: RowNumbering) {
        noteStructureChange()
        for h in start.isTight.indices where start.isTight[h] {
            basis.isTight[numbering.row(h)] = true
        }
        basis.isBasic = start.isBasic
        factorValidity.isValid = false
        forgetOptimality()
        basis.optimality = .fromCrash
    }

    /// Whether some required row in force is not tight: only then can a new constant
    /// of a required row make the required rows unsatisfiable (a non-singular `A_T`
    /// holding every required row satisfies them for any right-hand side).
    func hasLooseRequiredRow() -> Bool {
        for r in 0..<rowCount where basis.inForce[r] && settings.level[r] == 0 && !basis.isTight[r] { return true }
        return false
    }
}

/// A basis to start a solver from: its tight rows and basic unknowns.
struct StartingBasis {
    let isTight: [Bool]
    let isBasic: [Bool]
}
