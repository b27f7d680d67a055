import CJemalloc
import LayoutModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Resident memory per back end when several run in one process. The process's
/// peak (`getrusage`) only grows, so a later back end's figure would include an
/// earlier one's; on Linux the kernel's high-water mark can be reset instead
/// (`/proc/self/clear_refs`, value 5), after the allocator has returned freed pages,
/// so that each back end's peak counts what was live before it (the scene, the
/// harness) plus the most its own run held at once.
public struct ResidentMemoryWatch: Sendable {
    /// Resident bytes when the watch started (freed pages returned first).
    public let startBytes: Int?
    /// Whether the high-water mark was reset, so that `peakBytes()` is this watch's own.
    public let isOwnPeak: Bool

    /// Returns freed memory to the system, reads the resident size, and resets the high-water mark.
    public init() {
        layoutbench_release_free_memory()
        startBytes = ResidentMemoryWatch.statusField("VmRSS:")
        isOwnPeak = ResidentMemoryWatch.resetHighWater()
    }

    /// The most resident memory since `init` (since the process started where the
    /// mark could not be reset), in bytes; nil where the platform cannot tell.
    public func peakBytes() -> Int? {
        guard isOwnPeak else { return nil }
        return ResidentMemoryWatch.statusField("VmHWM:")
    }

    /// `/proc/self/status`'s field in bytes (it counts kB), or nil off Linux.
    static func statusField(_ name: String) -> Int? {
        guard let bytes = try? Scene.readFile("/proc/self/status") else { return nil }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix(name) {
            return Int(line.dropFirst(name.count).filter(\.isNumber)).map { $0 * 1024 }
        }
        return nil
    }

    /// Resets the kernel's resident high-water mark to the current size (Linux 4.0 and later).
    static func resetHighWater() -> Bool {
        #if os(Linux)
        return Platform.writeToExisting("/proc/self/clear_refs", "5")
        #else
        return false
        #endif
    }
}

/// The process's peak resident memory in bytes: on Linux `/proc`'s VmHWM, the mark
/// `ResidentMemoryWatch` resets before each back end and reads for it (`getrusage`
/// lags it by the pages its counters have not yet folded in), elsewhere `getrusage`'s.
public func peakResidentBytes() -> Int {
    if let highWater = ResidentMemoryWatch.statusField("VmHWM:") { return highWater }
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss) * 1024
    #else
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss)
    #endif
}

/// The calling thread's CPU time and involuntary context switches: how much of a
/// wall-clock figure the thread ran for, on a machine other processes share. Read
/// around a build, or around a repetition's frames, never inside a frame's time.
public struct ThreadUsage: Sendable {
    public var cpuSeconds: Double
    public var involuntarySwitches: Int

    public static func now() -> ThreadUsage {
        #if os(Linux)
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        var usage = rusage()
        getrusage(1, &usage)  // RUSAGE_THREAD (Linux), which Glibc's module does not export
        return ThreadUsage(cpuSeconds: Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9, involuntarySwitches: Int(usage.ru_nivcsw))
        #else
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6
        return ThreadUsage(cpuSeconds: cpu, involuntarySwitches: Int(usage.ru_nivcsw))
        #endif
    }
}
