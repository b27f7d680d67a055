import BigInt

extension Rational {
    /// The number a scene wrote: the shortest decimal that reads back as `value`
    /// (`0.1` is 1/10, not the binary double nearest to it). Scene files are decimal,
    /// and every back end's tolerance is far above the difference. `value` is finite.
    public init(decimal value: Double) {
        precondition(value.isFinite, "a rational from a non-finite double")
        if value == value.rounded(), abs(value) < 1e15 {
            self.init(Int64(value))
            return
        }
        // "-118.45", "1e-05", "1.2345e+20": digits, a point, an exponent.
        var text = Substring(value.description)
        var negative = false
        if text.first == "-" {
            negative = true
            text = text.dropFirst()
        }
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...])!
            text = text[..<e]
        }
        var digits = BigInt(0)
        var fractionDigits = 0
        var afterPoint = false
        for ch in text {
            if ch == "." {
                afterPoint = true
                continue
            }
            digits = digits * 10 + BigInt(ch.wholeNumberValue!)
            if afterPoint { fractionDigits += 1 }
        }
        exponent -= fractionDigits
        if negative { digits.negate() }
        let power = BigInt(10).power(abs(exponent))
        self.init(numerator: exponent >= 0 ? digits * power : digits, denominator: exponent >= 0 ? 1 : power)
    }
}
