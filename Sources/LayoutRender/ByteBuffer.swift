// Output bytes for SVG, HTML and JavaScript data, appended in place: a 100,000-view
// picture is written without building a String per rectangle.

public struct ByteBuffer {
    public private(set) var bytes: [UInt8]

    public init(capacity: Int = 1 << 16) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    public var count: Int { bytes.count }
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    public mutating func append(byte: UInt8) { bytes.append(byte) }

    public mutating func append(_ other: ByteBuffer) { bytes.append(contentsOf: other.bytes) }

    /// Text inside an XML element or attribute.
    public mutating func appendEscaped(_ text: String) {
        for b in text.utf8 {
            switch b {
            case UInt8(ascii: "&"): append("&amp;")
            case UInt8(ascii: "<"): append("&lt;")
            case UInt8(ascii: ">"): append("&gt;")
            case UInt8(ascii: "\""): append("&quot;")
            default: bytes.append(b)
            }
        }
    }

    /// A JavaScript/JSON string literal, quotes included; `</` is split so the text
    /// cannot close the page's `<script>` element.
    public mutating func appendQuoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var previous: UInt8 = 0
        for b in text.utf8 {
            switch b {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case UInt8(ascii: "\n"): append("\\n")
            case UInt8(ascii: "/") where previous == UInt8(ascii: "<"): append("\\/")
            case 0..<0x20: append("\\u00"); bytes.append(hexDigit(b >> 4)); bytes.append(hexDigit(b & 15))
            default: bytes.append(b)
            }
            previous = b
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? UInt8(ascii: "0") + v : UInt8(ascii: "a") + v - 10 }

    /// A whole number in decimal.
    public mutating func append(int value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { d in
            while magnitude > 0 {
                d[n] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                n += 1
            }
            for i in stride(from: n - 1, through: 0, by: -1) { bytes.append(d[i]) }
        }
    }

    /// A value rounded to 0.01, without trailing zeros (`12`, `12.5`, `-0.25`).
    /// Not-finite values (which no back end should produce) are written as 0.
    public mutating func append(hundredths value: Double) {
        append(centi: ByteBuffer.centi(value))
    }

    /// A number of hundredths written as a decimal (`1250` → `12.5`).
    public mutating func append(centi n: Int) {
        if n < 0 { bytes.append(UInt8(ascii: "-")) }
        let m = Int(n.magnitude)
        append(int: m / 100)
        let fraction = m % 100
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10))
        if fraction % 10 != 0 { bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
    }

    /// `value` in hundredths, rounded (values beyond ±1e15 are clamped, not-finite ones are 0).
    @inline(__always)
    public static func centi(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int((min(max(value, -1e15), 1e15) * 100).rounded())
    }
}
