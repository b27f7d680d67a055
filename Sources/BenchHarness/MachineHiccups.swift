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
        let capacity = 1 << 16
        // The helper's recorder at an address of its own: the helper reads it while this thread runs its own.
        let recorders = UnsafeMutablePointer<StopRecorder>.allocate(capacity: 2)
        for i in 0..<2 { (recorders + i).initialize(to: StopRecorder(capacity: capacity, seconds: seconds)) }
        defer {
            for i in 0..<2 { recorders[i].deallocate() }
            recorders.deallocate()
        }
        let helper = HelperThread()
        let start = monotonicSeconds()
        helper?.start({ raw in raw.assumingMemoryBound(to: StopRecorder.self).pointee.run() }, context: UnsafeMutableRawPointer(recorders + 1))
        recorders[0].run()
        helper?.waitForJob()
        let elapsed = monotonicSeconds() - start
        let ran = helper == nil ? 1 : 2
        return MachineHiccups(seconds: elapsed, threads: (0..<ran).map { recorders[$0].stops })
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
/// room allocated before it starts (so the loop itself allocates nothing).
struct StopRecorder {
    let gaps: UnsafeMutablePointer<Double>
    let count: UnsafeMutablePointer<Int>
    let capacity: Int
    let seconds: Double

    init(capacity: Int, seconds: Double) {
        gaps = .allocate(capacity: capacity)
        count = .allocate(capacity: 1)
        count.initialize(to: 0)
        self.capacity = capacity
        self.seconds = seconds
    }

    func deallocate() {
        gaps.deallocate()
        count.deallocate()
    }

    /// What the last `run` recorded, tallied.
    var stops: MachineHiccups.Stops { MachineHiccups.tally(Array(UnsafeBufferPointer(start: gaps, count: count.pointee))) }

    func run() {
        var last = monotonicSeconds()
        let end = last + seconds
        var recorded = 0
        while last < end {
            let now = monotonicSeconds()
            let gap = now - last
            // Past the room, stops are no longer recorded; a few seconds never fill it here.
            if gap >= MachineHiccups.smallestStop, recorded < capacity {
                gaps[recorded] = gap
                recorded += 1
            }
            last = now
        }
        count.pointee = recorded
    }
}
