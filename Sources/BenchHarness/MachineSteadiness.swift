/// How steadily this machine runs fixed work: two kernels, one in registers and one
/// of loads through memory, timed in turn many times, each run against the kernel's
/// fastest. A frame's percentiles over a few samples (a scene's transitions: six in
/// toggle's table run) are only as steady as the machine: on a shared virtual machine
/// whose memory work slows by half for stretches at a time, a p99 over six swaps is
/// the swap that fell in such a stretch, whatever the code does.
public struct MachineSteadiness: Sendable {
    /// What one series of timings says, each timing as a multiple of the fastest.
    public struct Series: Sendable, Equatable {
        public var runs: Int
        public var median: Double
        /// The share of runs at `slowRatio` times the fastest or slower.
        public var slowShare: Double
        public var slowest: Double
    }

    /// A run at this multiple of the fastest, or slower, counts as slow.
    public static let slowRatio = 1.3

    /// Each kernel's fastest run (seconds).
    public var arithmeticFastest: Double
    public var memoryFastest: Double
    /// Each kernel's runs, taken in turn back to back, as multiples of its fastest.
    public var arithmetic: Series
    public var memory: Series

    /// Runs the two kernels in turn, back to back, for about `seconds`.
    public static func measure(seconds: Double = 3) -> MachineSteadiness {
        var sink: UInt64 = 0
        let chain = MemoryChain()
        defer { chain.deallocate() }
        var arithmeticTimes: [Double] = [], memoryTimes: [Double] = []
        let end = monotonicSeconds() + seconds
        while monotonicSeconds() < end {
            arithmeticTimes.append(timeArithmetic(&sink))
            memoryTimes.append(chain.time(&sink))
        }
        // The sink is read, so that neither kernel is optimised away.
        let guardTerm = sink == 42 ? 1e-12 : 0
        let arithmeticFastest = (arithmeticTimes.min() ?? 0) + guardTerm, memoryFastest = memoryTimes.min() ?? 0
        return MachineSteadiness(
            arithmeticFastest: arithmeticFastest, memoryFastest: memoryFastest,
            arithmetic: series(arithmeticTimes, fastest: arithmeticFastest), memory: series(memoryTimes, fastest: memoryFastest))
    }

    /// The arithmetic kernel: a chain of xorshift steps in registers, each waiting on
    /// the one before (no closed form, no vector code), about half a millisecond here.
    @inline(never) static func timeArithmetic(_ sink: inout UInt64) -> Double {
        let start = monotonicSeconds()
        var x = sink | 1
        for _ in 0..<400_000 {
            x ^= x << 13
            x ^= x >> 7
            x ^= x << 17
        }
        sink = x
        return monotonicSeconds() - start
    }

    /// The memory kernel: 20,000 loads, each waiting on the one before, along a random
    /// cycle through 4 MiB: lines past a core's own caches, in the last level that the
    /// host's other tenants share (as toggle-100000's arrays are), about 0.3 ms here.
    final class MemoryChain {
        static let entries = 1 << 20
        let next: UnsafeMutablePointer<Int32>

        /// One cycle through every entry, shuffled by Sattolo's algorithm from a fixed seed.
        init() {
            next = .allocate(capacity: Self.entries)
            for i in 0..<Self.entries { next[i] = Int32(i) }
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            for i in stride(from: Self.entries - 1, to: 0, by: -1) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let j = Int((state >> 33) % UInt64(i))
                (next[i], next[j]) = (next[j], next[i])
            }
        }

        func deallocate() { next.deallocate() }

        @inline(never) func time(_ sink: inout UInt64) -> Double {
            let start = monotonicSeconds()
            // The same walk every run, so every run finds the same lines in the same caches.
            var i = 0
            for _ in 0..<20_000 { i = Int(next[i]) }
            sink &+= UInt64(i)
            return monotonicSeconds() - start
        }
    }

    /// `times` as multiples of `fastest`: how many, the median, the share at `slowRatio` or over, the slowest.
    public static func series(_ times: [Double], fastest: Double) -> Series {
        guard !times.isEmpty, fastest > 0 else { return Series(runs: 0, median: 0, slowShare: 0, slowest: 0) }
        let ratios = times.map { $0 / fastest }.sorted()
        let middle = ratios.count / 2
        let median = ratios.count % 2 == 1 ? ratios[middle] : (ratios[middle - 1] + ratios[middle]) / 2
        let slow = ratios.filter { $0 >= slowRatio }.count
        return Series(runs: ratios.count, median: median, slowShare: Double(slow) / Double(ratios.count), slowest: ratios.last!)
    }

    /// Two lines, one per kernel.
    public var description: String {
        func line(_ s: Series, _ kernel: String, _ fastest: Double) -> String {
            "\(kernel) (fastest \(fixed(fastest * 1e3, 3)) ms, \(s.runs) runs): median \(fixed(s.median, 2))×, "
                + "\(fixed(s.slowShare * 100, 1))% at \(fixed(Self.slowRatio, 1))× or slower, slowest \(fixed(s.slowest, 2))×"
        }
        return "two fixed kernels in turn, back to back, each run against its fastest:\n"
            + "  " + line(arithmetic, "arithmetic in registers", arithmeticFastest) + "\n"
            + "  " + line(memory, "dependent loads through 4 MiB", memoryFastest)
    }
}
