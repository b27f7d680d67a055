import BigInt
import Testing

@testable import ExactReference

@Suite("Rational")
struct RationalTests {
    @Test("arithmetic is exact and kept in lowest terms")
    func arithmetic() {
        let third = Rational(1) / Rational(3)
        #expect(third + third + third == .one)
        #expect((Rational(6) / Rational(4)).description == "3/2")
        #expect((Rational(-6) / Rational(4)).description == "-3/2")
        #expect((Rational(3) / Rational(-9)).description == "-1/3")
        #expect(Rational(2) * (Rational(1) / Rational(2)) == .one)
        #expect(-(Rational(5) / Rational(7)) + Rational(5) / Rational(7) == .zero)
        #expect(Rational(1) / Rational(3) < Rational(1) / Rational(2))
        #expect(!(Rational(1) / Rational(2) < Rational(1) / Rational(2)))
        #expect((Rational(-1) / Rational(3)).signum == -1)
    }

    @Test("past 64 bits it goes to big integers and comes back when the value is small again")
    func overflow() {
        let big = Rational(Int64.max) * Rational(Int64.max)
        #expect(big.big != nil)
        #expect(big.numerator == BigInt(Int64.max) * BigInt(Int64.max))
        let back = big / (Rational(Int64.max) * Rational(Int64.max))
        #expect(back == .one)
        #expect(back.big == nil)
        // Denominators that overflow when multiplied.
        let a = Rational(1) / Rational(Int64(1) << 40)
        let b = Rational(1) / Rational(Int64(3) << 40)
        #expect((a + b) - b == a)
        #expect(((a + b) * Rational(Int64(3) << 40)).description == "4")
    }

    @Test("doubles are read as the shortest decimal that prints them")
    func decimals() {
        #expect(Rational(decimal: 0.1).description == "1/10")
        #expect(Rational(decimal: -118.45).description == "-2369/20")
        #expect(Rational(decimal: 1e-5).description == "1/100000")
        #expect(Rational(decimal: 1.5e20).description == "150000000000000000000")
        #expect(Rational(decimal: 122).description == "122")
        #expect(Rational(decimal: -0.25).description == "-1/4")
        #expect(Rational(decimal: 0.30000000000000004).description == "7500000000000001/25000000000000000")
        #expect(Rational(decimal: -118.45).doubleValue == -118.45)
        #expect((Rational(1) / Rational(3)).doubleValue == 1.0 / 3.0)
    }
}
