import Testing

@testable import BenchHarness

@Suite("Machine steadiness")
struct MachineSteadinessTests {
    @Test("a series is summed up against the fastest: the median, the share at 1.3× or slower, the slowest")
    func seriesAgainstTheFastest() {
        let odd = MachineSteadiness.series([2, 4, 2.5, 2.6, 3], fastest: 2)
        #expect(odd == MachineSteadiness.Series(runs: 5, median: 1.3, slowShare: 0.6, slowest: 2))
        let even = MachineSteadiness.series([1, 1.25, 1.75, 3], fastest: 1)
        #expect(even == MachineSteadiness.Series(runs: 4, median: 1.5, slowShare: 0.5, slowest: 3))
        #expect(MachineSteadiness.series([], fastest: 1).runs == 0)
    }

    @Test("a short measurement times both kernels in turn, each against its own fastest")
    func shortMeasurement() {
        let m = MachineSteadiness.measure(seconds: 0.05)
        #expect(m.arithmetic.runs == m.memory.runs)
        #expect(m.arithmetic.runs > 0)
        for s in [m.arithmetic, m.memory] {
            #expect(s.median >= 1)
            #expect(s.slowest >= s.median)
        }
        #expect(m.arithmeticFastest > 0 && m.memoryFastest > 0)
        #expect(m.description.split(separator: "\n").count == 3)
    }
}
