// The bytes of a JSON document, read in chunks, and the few token readers the
// streaming scene reader needs. It accepts a strict subset of what `JSONReader`
// accepts, and reads each accepted value exactly as it does; on anything else
// (a syntax error, an escape in a string, the end of the input, a read error) it
// gives up with `StreamBail`, and the caller reads the document again with the
// tree reader, which says precisely what is wrong. So this file never words a message.

/// The streaming reader gave up: the document needs the tree reader.
struct StreamBail: Error {}

/// A read of more bytes: into the buffer given, the count read (0 at the end, < 0 on failure).
typealias ByteSource = (UnsafeMutableRawBufferPointer) -> Int

/// An object's key: its position among the names looked for, or its text.
enum StreamKey {
    case known(Int)
    case other(String)
}

struct SceneByteStream: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count: Int
    /// The next byte to read, as an offset into `base`.
    private var index = 0
    private let source: ByteSource?
    private var ended = false

    /// Reads from memory that outlives the stream.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        // Never written through: only a stream with a source writes into its own buffer.
        base = UnsafeMutablePointer(mutating: bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
        capacity = bytes.count
        count = bytes.count
        source = nil
    }

    /// Reads from `source` in chunks of `chunkSize` bytes (more when one token is longer).
    init(chunkSize: Int = 1 << 20, source: @escaping ByteSource) {
        capacity = max(16, chunkSize)
        base = .allocate(capacity: capacity)
        count = 0
        self.source = source
    }

    deinit { if source != nil { base.deallocate() } }

    // MARK: Buffer

    /// Whether the byte `offset` past `index` is loaded: reads more when needed, keeping
    /// every byte from `index` on (a token being read stays contiguous).
    @inline(__always)
    private mutating func load(_ offset: Int) throws(StreamBail) -> Bool {
        if index + offset < count { return true }
        return try readMore(needing: offset)
    }

    private mutating func readMore(needing offset: Int) throws(StreamBail) -> Bool {
        guard let source else { return false }
        while index + offset >= count, !ended {
            if index > 0 {
                // Move the unread bytes to the front, making room behind them.
                (base + 0).update(from: base + index, count: count - index)
                count -= index
                index = 0
            }
            if count == capacity {
                let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
                larger.update(from: base, count: count)
                base.deallocate()
                base = larger
                capacity *= 2
            }
            let n = source(UnsafeMutableRawBufferPointer(start: base + count, count: capacity - count))
            if n < 0 { throw StreamBail() }
            if n == 0 { ended = true }
            count += n
        }
        return index + offset < count
    }

    @inline(__always)
    private func byte(_ offset: Int) -> UInt8 { base[index + offset] }

    // MARK: Structure

    /// The next byte that is not whitespace, not consumed.
    mutating func peek() throws(StreamBail) -> UInt8 {
        while try load(0) {
            switch base[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return base[index]
            }
        }
        throw StreamBail()
    }

    /// Whether only whitespace is left.
    mutating func isAtEnd() throws(StreamBail) -> Bool {
        while try load(0) {
            switch base[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return false
            }
        }
        return true
    }

    mutating func expect(_ b: UInt8) throws(StreamBail) {
        guard try peek() == b else { throw StreamBail() }
        index += 1
    }

    /// After `[` or `{`: consumes `close` and says true when the container is empty.
    mutating func closesEmpty(_ close: UInt8) throws(StreamBail) -> Bool {
        guard try peek() == close else { return false }
        index += 1
        return true
    }

    /// After a member or element: `,` (true, more follow) or `close` (false); anything else gives up.
    mutating func more(_ close: UInt8) throws(StreamBail) -> Bool {
        let b = try peek()
        index += 1
        if b == UInt8(ascii: ",") { return true }
        if b == close { return false }
        throw StreamBail()
    }

    /// An object's key and its `:`: its position in `names`, or its text when it is not among them.
    mutating func key(_ names: [[UInt8]]) throws(StreamBail) -> StreamKey {
        let (start, length) = try stringBytes()
        var found: StreamKey?
        for (i, name) in names.enumerated() where name.count == length {
            if name.withUnsafeBufferPointer({ memoryEqual($0.baseAddress!, base + start, length) }) {
                found = .known(i)
                break
            }
        }
        if found == nil { found = .other(try text(start, length)) }
        index = start + length + 1
        try expect(UInt8(ascii: ":"))
        return found!
    }

    // MARK: Scalars

    mutating func string() throws(StreamBail) -> String {
        let (start, length) = try stringBytes()
        index = start + length + 1
        return try text(start, length)
    }

    private func text(_ start: Int, _ length: Int) throws(StreamBail) -> String {
        let bytes = UnsafeBufferPointer(start: base + start, count: length)
        for b in bytes where b >= 0x80 {
            // Swift's validation refuses what the tree reader refuses: overlong forms,
            // surrogates, code points beyond U+10FFFF, truncated sequences.
            guard let text = String(validating: bytes, as: UTF8.self) else { throw StreamBail() }
            return text
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The string at the next byte (which must be `"`): where its text starts, and its length.
    /// Gives up on an escape (rare in scenes; the tree reader decodes them) and on a control character.
    private mutating func stringBytes() throws(StreamBail) -> (start: Int, length: Int) {
        guard try peek() == UInt8(ascii: "\"") else { throw StreamBail() }
        index += 1
        var length = 0
        while true {
            guard try load(length) else { throw StreamBail() }
            let b = byte(length)
            if b == UInt8(ascii: "\"") { return (index, length) }
            if b == UInt8(ascii: "\\") || b < 0x20 { throw StreamBail() }
            length += 1
        }
    }

    /// A number, read as the tree reader reads it (the same grammar, then `Double(text)`).
    mutating func number() throws(StreamBail) -> Double {
        _ = try peek()
        var length = 0
        let negative = byte(0) == UInt8(ascii: "-")
        if negative { length = 1 }
        let integerDigits = try digits(from: &length)
        guard integerDigits > 0 else { throw StreamBail() }
        var isInteger = true
        if try load(length), byte(length) == UInt8(ascii: ".") {
            length += 1
            isInteger = false
            guard try digits(from: &length) > 0 else { throw StreamBail() }
        }
        if try load(length), byte(length) == UInt8(ascii: "e") || byte(length) == UInt8(ascii: "E") {
            length += 1
            isInteger = false
            if try load(length), byte(length) == UInt8(ascii: "+") || byte(length) == UInt8(ascii: "-") { length += 1 }
            guard try digits(from: &length) > 0 else { throw StreamBail() }
        }
        defer { index += length }
        if isInteger, integerDigits <= 15 {
            // Exact in a Double, as `Double(text)` would round it; `-0` stays negative zero.
            var value = 0
            for k in (negative ? 1 : 0)..<length { value = value * 10 + Int(byte(k) - UInt8(ascii: "0")) }
            return negative ? -Double(value) : Double(value)
        }
        let text = String(decoding: UnsafeBufferPointer(start: base + index, count: length), as: UTF8.self)
        guard let value = Double(text) else { throw StreamBail() }
        return value
    }

    private mutating func digits(from length: inout Int) throws(StreamBail) -> Int {
        let start = length
        while try load(length), byte(length) >= UInt8(ascii: "0"), byte(length) <= UInt8(ascii: "9") { length += 1 }
        return length - start
    }

    mutating func bool() throws(StreamBail) -> Bool {
        if try literal("true") { return true }
        if try literal("false") { return false }
        throw StreamBail()
    }

    private mutating func literal(_ word: StaticString) throws(StreamBail) -> Bool {
        _ = try peek()
        let n = word.utf8CodeUnitCount
        guard try load(n - 1) else { return false }
        let matches = memoryEqual(word.utf8Start, base + index, n)
        if matches { index += n }
        return matches
    }

    // MARK: Values skipped (top-level metadata)

    /// Reads past any value, checking it as the tree reader would (depth, duplicate keys, grammar).
    mutating func skipValue(depth: Int) throws(StreamBail) {
        guard depth < 512 else { throw StreamBail() }
        switch try peek() {
        case UInt8(ascii: "{"):
            index += 1
            if try closesEmpty(UInt8(ascii: "}")) { return }
            var keys: Set<String> = []
            repeat {
                guard case let .other(key) = try self.key([]), keys.insert(key).inserted else { throw StreamBail() }
                try skipValue(depth: depth + 1)
            } while try more(UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            index += 1
            if try closesEmpty(UInt8(ascii: "]")) { return }
            repeat { try skipValue(depth: depth + 1) } while try more(UInt8(ascii: "]"))
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): guard try literal("null") else { throw StreamBail() }
        default: _ = try number()
        }
    }
}

@inline(__always)
private func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    var k = 0
    while k < n {
        if a[k] != b[k] { return false }
        k += 1
    }
    return true
}
