import Testing

@testable import BenchHarness

@Suite("Machine stops")
struct MachineHiccupsTests {
    @Test("a thread's gaps are counted at each length, with the longest and the time lost")
    func gapsTallied() {
        let stops = MachineHiccups.tally([0.000_2, 0.000_6, 0.001, 0.003, 0.004_03, 0.009])
        #expect(stops.atLeast == [5, 4, 3, 2, 1])
        #expect(stops.longest == 0.009)
        #expect(abs(stops.lost - 0.017_83) < 1e-12)
        #expect(MachineHiccups.tally([]) == MachineHiccups.Stops(atLeast: [0, 0, 0, 0, 0], longest: 0, lost: 0))
    }

    @Test("a short measurement runs the calling thread and the helper, each gap a stop of 0.1 ms or more")
    func shortMeasurement() {
        let m = MachineHiccups.measure(seconds: 0.05)
        #expect(m.seconds >= 0.05)
        #expect(m.threads.count == 2)
        for t in m.threads {
            #expect(t.atLeast.count == MachineHiccups.stopLengths.count)
            #expect(zip(t.atLeast, t.atLeast.dropFirst()).allSatisfy { $0 >= $1 })
            #expect(t.lost <= m.seconds)
            #expect(t.longest == 0 || t.longest >= MachineHiccups.smallestStop)
        }
        #expect(m.description.split(separator: "\n").count == 3)
    }
}
