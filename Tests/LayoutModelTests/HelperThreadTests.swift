import LayoutModel
import Testing

/// The helper thread runs each job it is handed, once, and its writes are seen after `waitForJob`.
@Suite("HelperThread")
struct HelperThreadTests {
    /// A job's context: the numbers to add up, and where the sum goes.
    private struct Sum {
        var numbers: UnsafeBufferPointer<Int>
        var total = 0
        var runs = 0
    }

    private static let addUp: HelperThread.Job = { raw in
        let sum = raw.assumingMemoryBound(to: Sum.self)
        sum.pointee.total = sum.pointee.numbers.reduce(0, +)
        sum.pointee.runs += 1
    }

    @Test("500 jobs in turn, each summed on the helper while the caller sums its own share: every total exact, every job run once")
    func jobsInTurn() throws {
        let helper = try #require(HelperThread())
        let numbers = Array(1...10_000)
        try numbers.withUnsafeBufferPointer { all in
            let context = UnsafeMutablePointer<Sum>.allocate(capacity: 1)
            defer { context.deallocate() }
            for job in 0..<500 {
                let split = job * 20
                context.initialize(to: Sum(numbers: UnsafeBufferPointer(rebasing: all[split...])))
                helper.start(Self.addUp, context: UnsafeMutableRawPointer(context))
                let mine = all[..<split].reduce(0, +)
                helper.waitForJob()
                #expect(context.pointee.runs == 1)
                #expect(mine + context.pointee.total == 50_005_000)
                try #require(context.pointee.runs == 1)
            }
        }
    }

    @Test("a helper never handed a job ends with its owner")
    func endsUnused() {
        for _ in 0..<50 { _ = HelperThread() }
    }

    /// A job that draws tickets below 10,000 and marks each one it took.
    private struct Draw {
        var helper: HelperThread
        var taken: UnsafeMutableBufferPointer<UInt8>
    }

    private static let drawTickets: HelperThread.Job = { raw in
        let draw = raw.assumingMemoryBound(to: Draw.self).pointee
        while case let ticket = draw.helper.nextTicket(), ticket < draw.taken.count { draw.taken[ticket] += 2 }
    }

    @Test("tickets drawn by the owner and the helper at once: each of 0..<10,000 handed out exactly once, over 20 jobs")
    func ticketsOnce() throws {
        let helper = try #require(HelperThread())
        let taken = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 10_000)
        let context = UnsafeMutablePointer<Draw>.allocate(capacity: 1)
        defer {
            taken.deallocate()
            context.deallocate()
        }
        for _ in 0..<20 {
            taken.initialize(repeating: 0)
            context.initialize(to: Draw(helper: helper, taken: taken))
            helper.start(Self.drawTickets, context: UnsafeMutableRawPointer(context))
            while case let ticket = helper.nextTicket(), ticket < taken.count { taken[ticket] += 1 }
            helper.waitForJob()
            context.deinitialize(count: 1)
            // 1: the owner took it, 2: the helper; never both, never neither.
            #expect(taken.allSatisfy { $0 == 1 || $0 == 2 })
        }
    }
}
