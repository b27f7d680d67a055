import BigInt

/// An exact rational number, always in lowest terms with a positive denominator.
///
/// Most numbers a layout produces have small numerators and denominators (scene
/// values are short decimals, multipliers are simple), so a rational is kept in two
/// `Int64`s and moves to arbitrary precision only when an operation would overflow.
/// Every operation is exact: there is no tolerance anywhere in the reference.
public struct Rational: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Valid when `big` is nil.
    @usableFromInline var small: (numerator: Int64, denominator: Int64)
    /// A reference, so that copying a small rational copies two words and a null.
    @usableFromInline var big: Big?

    @usableFromInline
    final class Big: Sendable {
        let numerator: BigInt
        let denominator: BigInt
        init(numerator: BigInt, denominator: BigInt) {
            self.numerator = numerator
            self.denominator = denominator
        }
    }

    public static let zero = Rational(0)
    public static let one = Rational(1)

    public init(_ integer: Int64) {
        small = (integer, 1)
        big = nil
    }

    public init(_ integer: Int) { self.init(Int64(integer)) }

    /// `numerator / denominator`, reduced. `denominator` must not be zero.
    public init(numerator: BigInt, denominator: BigInt) {
        precondition(!denominator.isZero, "a rational with denominator 0")
        var n = numerator
        var d = denominator
        if d.sign == .minus {
            n.negate()
            d.negate()
        }
        let g = n.greatestCommonDivisor(with: d)
        if g != 1 && !g.isZero {
            n /= g
            d /= g
        }
        self.init(reducedNumerator: n, denominator: d)
    }

    /// From an already reduced fraction with a positive denominator.
    init(reducedNumerator n: BigInt, denominator d: BigInt) {
        if let sn = Int64(exactly: n), let sd = Int64(exactly: d), sn != .min {
            small = (sn, sd)
            big = nil
        } else {
            small = (0, 1)
            big = Big(numerator: n, denominator: d)
        }
    }

    /// From a small fraction with a positive denominator; reduces it.
    @inline(__always)
    init(smallNumerator n: Int64, denominator d: Int64) {
        let g = Rational.gcd(n.magnitude, d.magnitude)
        if g > 1 {
            small = (n / Int64(g), d / Int64(g))
        } else {
            small = (n, d)
        }
        big = nil
    }

    @inline(__always)
    static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var a = a
        var b = b
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    public var numerator: BigInt { big?.numerator ?? BigInt(small.numerator) }
    public var denominator: BigInt { big?.denominator ?? BigInt(small.denominator) }

    public var isZero: Bool { big == nil && small.numerator == 0 }

    /// -1, 0 or 1.
    public var signum: Int {
        if let big { return big.numerator.sign == .minus ? -1 : 1 }
        return small.numerator == 0 ? 0 : (small.numerator < 0 ? -1 : 1)
    }

    /// The nearest double (to within one rounding of each part for large values).
    public var doubleValue: Double {
        if big == nil { return Double(small.numerator) / Double(small.denominator) }
        let n = numerator
        let d = denominator
        // Scale so the quotient keeps 60 significant bits before it is rounded.
        let shift = max(0, 64 - (n.magnitude.bitWidth - d.magnitude.bitWidth))
        let q = (n << shift) / d
        return Double(sign: .plus, exponent: -shift, significand: Double(q))
    }

    public var description: String {
        let n = numerator
        let d = denominator
        return d == 1 ? "\(n)" : "\(n)/\(d)"
    }

    // MARK: Arithmetic

    public static prefix func - (x: Rational) -> Rational {
        if let big = x.big { return Rational(reducedNumerator: -big.numerator, denominator: big.denominator) }
        // A small numerator is never Int64.min, so negating it cannot overflow.
        return Rational(uncheckedSmall: -x.small.numerator, x.small.denominator)
    }

    @inline(__always)
    init(uncheckedSmall n: Int64, _ d: Int64) {
        small = (n, d)
        big = nil
    }

    public static func + (a: Rational, b: Rational) -> Rational {
        if a.big == nil, b.big == nil {
            let (an, ad) = a.small
            let (bn, bd) = b.small
            if ad == bd {
                let (s, o) = an.addingReportingOverflow(bn)
                if !o, s != .min { return Rational(smallNumerator: s, denominator: ad) }
            } else {
                let (x, o1) = an.multipliedReportingOverflow(by: bd)
                let (y, o2) = bn.multipliedReportingOverflow(by: ad)
                let (d, o3) = ad.multipliedReportingOverflow(by: bd)
                if !(o1 || o2 || o3) {
                    let (s, o4) = x.addingReportingOverflow(y)
                    if !o4, s != .min { return Rational(smallNumerator: s, denominator: d) }
                }
            }
        }
        if b.isZero { return a }
        if a.isZero { return b }
        return Rational(
            numerator: a.numerator * b.denominator + b.numerator * a.denominator,
            denominator: a.denominator * b.denominator)
    }

    public static func - (a: Rational, b: Rational) -> Rational { a + (-b) }

    public static func == (a: Rational, b: Rational) -> Bool {
        // Both are in lowest terms, so equal values have equal parts.
        if a.big == nil, b.big == nil { return a.small == b.small }
        return a.numerator == b.numerator && a.denominator == b.denominator
    }

    public static func * (a: Rational, b: Rational) -> Rational {
        if a.isZero || b.isZero { return .zero }
        if a.big == nil, b.big == nil {
            // Cross-reduce first so the products stay small.
            let (an, ad) = a.small
            let (bn, bd) = b.small
            let g1 = Int64(gcd(an.magnitude, bd.magnitude))
            let g2 = Int64(gcd(bn.magnitude, ad.magnitude))
            let (n, o1) = (an / g1).multipliedReportingOverflow(by: bn / g2)
            let (d, o2) = (ad / g2).multipliedReportingOverflow(by: bd / g1)
            if !(o1 || o2), n != .min { return Rational(uncheckedSmall: n, d) }
        }
        return Rational(numerator: a.numerator * b.numerator, denominator: a.denominator * b.denominator)
    }

    public static func / (a: Rational, b: Rational) -> Rational {
        precondition(!b.isZero, "division of a rational by zero")
        return a * b.reciprocal
    }

    public var reciprocal: Rational {
        if big == nil {
            let (n, d) = small
            return n < 0 ? Rational(uncheckedSmall: -d, -n) : Rational(uncheckedSmall: d, n)
        }
        return Rational(numerator: denominator, denominator: numerator)
    }

    public static func += (a: inout Rational, b: Rational) { a = a + b }
    public static func -= (a: inout Rational, b: Rational) { a = a - b }

    public static func < (a: Rational, b: Rational) -> Bool {
        if a.big == nil, b.big == nil {
            let (x, o1) = a.small.numerator.multipliedReportingOverflow(by: b.small.denominator)
            let (y, o2) = b.small.numerator.multipliedReportingOverflow(by: a.small.denominator)
            if !(o1 || o2) { return x < y }
        }
        return (a - b).signum < 0
    }


    public func hash(into hasher: inout Hasher) {
        hasher.combine(numerator)
        hasher.combine(denominator)
    }
}
