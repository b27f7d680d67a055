#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Per-frame time figures, in seconds. Percentiles are exact order statistics of
/// every sample (nearest rank: the smallest sample with at least p% of the samples
/// at or below it), so no histogram resolution is lost.
public struct FrameTimes: Hashable, Sendable {
    public var p50 = 0.0
    public var p90 = 0.0
    public var p99 = 0.0
    public var max = 0.0
    public var mean = 0.0
    public var count = 0

    public init() {}

    public init(samples: [Double]) {
        guard !samples.isEmpty else { return }
        let sorted = samples.sorted()
        count = sorted.count
        p50 = FrameTimes.percentile(sorted, 50)
        p90 = FrameTimes.percentile(sorted, 90)
        p99 = FrameTimes.percentile(sorted, 99)
        max = sorted[sorted.count - 1]
        mean = sorted.reduce(0, +) / Double(sorted.count)
    }

    /// Nearest-rank percentile of ascending `sorted`.
    public static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.max(0, Swift.min(sorted.count - 1, rank - 1))]
    }
}

/// Frame budgets of common refresh rates.
public enum Budget {
    public static let hz120 = 1.0 / 120
    public static let hz60 = 1.0 / 60

    public static func misses(_ samples: [Double], budget: Double) -> Int { samples.reduce(0) { $0 + ($1 > budget ? 1 : 0) } }
}

/// Least-squares slope of log(y) against log(x): the growth exponent (1 = linear).
/// `nil` with fewer than two usable points.
public func logLogSlope(_ points: [(x: Double, y: Double)]) -> Double? {
    let usable = points.filter { $0.x > 0 && $0.y > 0 }
    guard usable.count >= 2 else { return nil }
    let xs = usable.map { log($0.x) }
    let ys = usable.map { log($0.y) }
    let mx = xs.reduce(0, +) / Double(xs.count)
    let my = ys.reduce(0, +) / Double(ys.count)
    var sxy = 0.0
    var sxx = 0.0
    for i in xs.indices {
        sxy += (xs[i] - mx) * (ys[i] - my)
        sxx += (xs[i] - mx) * (xs[i] - mx)
    }
    return sxx > 0 ? sxy / sxx : nil
}

/// Monotonic time in seconds.
@inline(__always) public func monotonicSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}
