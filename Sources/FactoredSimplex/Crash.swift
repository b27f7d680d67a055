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
        var unassigned = [Int32](repeating: 0, count: rowCount)
        // Bucket `level` holds a level's equalities, `levelCount + level` its inequalities.
        let bucketCount = 2 * levelCount
        var buckets = [[Int32]](repeating: [], count: bucketCount)
        var heads = [Int](repeating: 0, count: bucketCount)
        @inline(__always) func bucket(_ r: Int) -> Int { Int(level[r]) + (kind[r] == .equal ? 0 : levelCount) }
        for r in 0..<rowCount where inForce[r] && !isTight[r] {
            var count: Int32 = 0
            for k in rowStart[r]..<rowStart[r + 1] where !isBasic[Int(termVariable[k])] { count += 1 }
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
            guard unassigned[r] == 1, !isTight[r] else { continue }
            var variable = -1
            for k in rowStart[r]..<rowStart[r + 1] where !isBasic[Int(termVariable[k])] { variable = Int(termVariable[k]) }
            guard variable >= 0 else { continue }
            isTight[r] = true
            isBasic[variable] = true
            var lowest = b
            for k in columnStart[variable]..<columnStart[variable + 1] {
                let other = Int(columnRow[k])
                guard inForce[other], !isTight[other], unassigned[other] > 0 else { continue }
                unassigned[other] -= 1
                if unassigned[other] == 1 {
                    buckets[bucket(other)].append(Int32(other))
                    lowest = min(lowest, bucket(other))
                }
            }
            b = lowest
        }
        factorValid = false
        forgetOptimality()
        basisState = .fromCrash
    }

    /// Whether some required row in force is not tight: only then can a new constant
    /// of a required row make the required rows unsatisfiable (a non-singular `A_T`
    /// holding every required row satisfies them for any right-hand side).
    func hasLooseRequiredRow() -> Bool {
        for r in 0..<rowCount where inForce[r] && level[r] == 0 && !isTight[r] { return true }
        return false
    }
}
