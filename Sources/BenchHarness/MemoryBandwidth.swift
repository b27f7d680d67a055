/// One thread's memory bandwidth, the physical bound of a frame that touches more
/// memory than the caches hold: streaming through a buffer far larger than the last
/// cache level, best of several passes (frames run on one thread).
public struct MemoryBandwidth: Sendable {
    /// Bytes per second read (a sum over every 8-byte word).
    public var readBytesPerSecond: Double
    /// Bytes per second written (a constant stored in every word).
    public var writeBytesPerSecond: Double
    /// Bytes per second of a copy, counting the bytes read and the bytes written.
    public var copyBytesPerSecond: Double
    /// The buffer each pass streams through.
    public var bufferBytes: Int

    /// Measures with two buffers of `bufferBytes` each (256 MiB by default: 8× a 32 MiB last-level cache).
    public static func measure(bufferBytes: Int = 256 << 20, passes: Int = 5) -> MemoryBandwidth {
        let words = bufferBytes / 8
        let a = UnsafeMutablePointer<UInt64>.allocate(capacity: words)
        let b = UnsafeMutablePointer<UInt64>.allocate(capacity: words)
        defer {
            a.deallocate()
            b.deallocate()
        }
        // Touch every page first, so that page faults are not timed.
        a.initialize(repeating: 1, count: words)
        b.initialize(repeating: 2, count: words)
        var best = (read: Double.infinity, write: Double.infinity, copy: Double.infinity)
        var sink: UInt64 = 0
        for pass in 0..<passes {
            var t = monotonicSeconds()
            var sum: UInt64 = 0
            for i in 0..<words { sum &+= a[i] }
            sink &+= sum
            best.read = min(best.read, monotonicSeconds() - t)
            t = monotonicSeconds()
            let value = UInt64(pass)
            for i in 0..<words { b[i] = value }
            best.write = min(best.write, monotonicSeconds() - t)
            t = monotonicSeconds()
            for i in 0..<words { a[i] = b[i] }
            best.copy = min(best.copy, monotonicSeconds() - t)
        }
        // The sum is used, so that the read loop is not optimised away.
        let bytes = Double(words * 8) + (sink == 42 ? 1 : 0)
        return MemoryBandwidth(
            readBytesPerSecond: bytes / best.read, writeBytesPerSecond: bytes / best.write,
            copyBytesPerSecond: 2 * bytes / best.copy, bufferBytes: words * 8)
    }

    /// `read 12.3 GB/s, write 8.1 GB/s, copy 10.2 GB/s (one thread, 256 MiB buffers)`.
    public var description: String {
        func rate(_ v: Double) -> String { fixed(v / 1e9, 1) + " GB/s" }
        return "read \(rate(readBytesPerSecond)), write \(rate(writeBytesPerSecond)), copy \(rate(copyBytesPerSecond)) "
            + "(read + written; one thread, \(bufferBytes >> 20) MiB buffers, best of the passes)"
    }
}
