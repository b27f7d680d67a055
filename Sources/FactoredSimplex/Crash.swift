/// The starting basis: instead of one pivot per unknown from an empty basis, the
/// equality rows are made tight greedily, highest priority first, each as soon as
/// it has a single unknown left to determine. The result is triangular by
/// construction; the primal simplex then only repairs what the greedy guess got wrong.
extension FactoredSolver {
    func crash() {
        var unassigned = [Int32](repeating: 0, count: rowCount)
        var buckets = [[Int32]](repeating: [], count: levelCount)
        var heads = [Int](repeating: 0, count: levelCount)
        for r in 0..<rowCount where inForce[r] && !isTight[r] && kind[r] == .equal {
            var count: Int32 = 0
            for k in rowStart[r]..<rowStart[r + 1] where !isBasic[Int(termVariable[k])] { count += 1 }
            unassigned[r] = count
            if count == 1 { buckets[Int(level[r])].append(Int32(r)) }
        }
        var l = 0
        while l < levelCount {
            guard heads[l] < buckets[l].count else {
                l += 1
                continue
            }
            let r = Int(buckets[l][heads[l]])
            heads[l] += 1
            guard unassigned[r] == 1, !isTight[r] else { continue }
            var variable = -1
            for k in rowStart[r]..<rowStart[r + 1] where !isBasic[Int(termVariable[k])] { variable = Int(termVariable[k]) }
            guard variable >= 0 else { continue }
            isTight[r] = true
            isBasic[variable] = true
            var lowest = l
            for k in columnStart[variable]..<columnStart[variable + 1] {
                let other = Int(columnRow[k])
                guard inForce[other], !isTight[other], kind[other] == .equal, unassigned[other] > 0 else { continue }
                unassigned[other] -= 1
                if unassigned[other] == 1 {
                    buckets[Int(level[other])].append(Int32(other))
                    lowest = min(lowest, Int(level[other]))
                }
            }
            l = lowest
        }
        factorValid = false
        basisOptimal = false
    }

    /// Whether some required row in force is not tight: only then can a new constant
    /// of a required row make the required rows unsatisfiable (a non-singular `A_T`
    /// holding every required row satisfies them for any right-hand side).
    func hasLooseRequiredRow() -> Bool {
        for r in 0..<rowCount where inForce[r] && level[r] == 0 && !isTight[r] { return true }
        return false
    }
}
