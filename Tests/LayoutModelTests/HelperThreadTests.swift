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
}
