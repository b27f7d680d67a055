import LayoutModel

/// How often this machine stops a running thread, and for how long: two threads
/// (the calling one and a `HelperThread`, as a back end's split pass uses them) each
/// read the monotonic clock in a loop for a few seconds, and every gap between two
/// reads of `smallestStop` or longer is a stop: the thread was not running, whether
/// the system ran something else on its core or the host took the core away. A
/// frame of a few milliseconds that meets a stop takes the stop's length on top: on
/// a virtual machine whose cores stop for several milliseconds a few times a second,
/// a p99 over a run's few frames is a matter of chance, whatever the code does.
public struct MachineHiccups: Sendable {
    /// Stops are counted from this length on (seconds); a clock read takes tens of nanoseconds.
    public static let smallestStop = 0.000_1
    /// The lengths the tally counts stops at or over (seconds).
    public static let stopLengths: [Double] = [0.000_5, 0.001, 0.002, 0.004, 0.008]

    /// What one thread met.
    public struct Stops: Sendable, Equatable {
        /// How many stops were at least each of `stopLengths`, in its order.
        public var atLeast: [Int]
        /// The longest stop (seconds; 0 when none).
        public var longest: Double
        /// The time lost to stops of `smallestStop` or longer (seconds).
        public var lost: Double
    }

    /// How long the threads ran (seconds).
    public var seconds: Double
    /// The calling thread's stops, then the helper's (the calling thread's alone when
    /// the system refused a second thread).
    public var threads: [Stops]

    /// Runs the two threads for about `seconds`.
    public static func measure(seconds: Double = 3) -> MachineHiccups {
        let recorders = [StopRecorder(seconds: seconds), StopRecorder(seconds: seconds)]
        let helper = HelperThread()
        let start = monotonicSeconds()
        helper?.start(
            { raw in Unmanaged<StopRecorder>.fromOpaque(raw).takeUnretainedValue().run() },
            context: Unmanaged.passUnretained(recorders[1]).toOpaque())
        recorders[0].run()
        helper?.waitForJob()
        let elapsed = monotonicSeconds() - start
        return MachineHiccups(seconds: elapsed, threads: recorders.prefix(helper == nil ? 1 : 2).map { tally($0.gaps) })
    }

    /// A thread's gaps (seconds, each `smallestStop` or longer) summed up.
    public static func tally(_ gaps: [Double]) -> Stops {
        Stops(
            atLeast: stopLengths.map { length in gaps.filter { $0 >= length }.count },
            longest: gaps.max() ?? 0,
            lost: gaps.reduce(0, +))
    }

    /// One line per thread.
    public var description: String {
        let header = "two threads reading the clock for \(fixed(seconds, 1)) s, each gap of "
            + "\(fixed(Self.smallestStop * 1e3, 1)) ms or more a stop:"
        let names = ["calling thread", "helper thread"]
        let lines = threads.enumerated().map { i, t in
            let counts = zip(Self.stopLengths, t.atLeast).map { "\($1) ≥ \(fixed($0 * 1e3, 1)) ms" }.joined(separator: ", ")
            return "  \(names[i]): \(counts); longest \(fixed(t.longest * 1e3, 2)) ms, "
                + "\(fixed(t.lost / max(seconds, 1e-9) * 100, 2))% of the time stopped"
        }
        return ([header] + lines).joined(separator: "\n")
    }
}

/// One thread's loop of clock reads for `MachineHiccups`, recording its gaps into
/// room reserved before it starts (so the loop itself does not allocate).
final class StopRecorder {
    let seconds: Double
    private(set) var gaps: [Double] = []

    init(seconds: Double) {
        self.seconds = seconds
        // A few seconds here meet hundreds of stops at most.
        gaps.reserveCapacity(1 << 16)
    }

    func run() {
        var last = monotonicSeconds()
        let end = last + seconds
        while last < end {
            let now = monotonicSeconds()
            if now - last >= MachineHiccups.smallestStop { gaps.append(now - last) }
            last = now
        }
    }
}
