import ArgumentParser
import BenchHarness
import Foundation
import LayoutModel

/// What a results file records about where it was made, for results written outside `bench`
/// (Markdown reports, scripts' JSON): the same probes `bench` uses.
struct Machine: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the machine and toolchain, as results files record them.",
        discussion: """
            One line: the system and CPU model, cores, memory, and the Swift toolchain, as `bench` writes \
            them into results.json. scripts/remake_results.sh stamps each result it re-makes with it.

            --bandwidth also measures one thread's memory bandwidth (read, write, copy through \
            256 MiB buffers, a few seconds): the bound of a frame whose data outgrows the caches.

            --steadiness also times two fixed kernels in turn for 3 s, one of arithmetic in registers and one \
            of dependent loads through 4 MiB, each run against its fastest: how far this machine's \
            own speed moves, which bounds how steady a percentile over a few frames can be.

            --hiccups also has two threads (the calling one and a helper, as a split pass uses them) \
            read the clock in a loop for 3 s, and counts the gaps of 0.1 ms or more between reads: how \
            often, and for how long, this machine stops a running thread. A frame that meets such a \
            stop takes it on top of its own time.

            Examples:
              layoutbench machine
              layoutbench machine --bandwidth
              layoutbench machine --steadiness
              layoutbench machine --hiccups
            """
    )

    @Flag(help: "Also measure one thread's memory bandwidth (a few seconds, 512 MiB of memory).")
    var bandwidth = false

    @Flag(help: "Also time two fixed kernels many times, to show how steady this machine's speed is (about 3 s).")
    var steadiness = false

    @Flag(help: "Also count how often, and how long, this machine stops a running thread, on two threads (about 3 s).")
    var hiccups = false

    func run() throws {
        let toolchain = MachineProbe.shell("swift", "--version")?.split(separator: "\n").first.map(String.init) ?? "unknown toolchain"
        print("\(MachineProbe.machineDescription()), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
            + "\(formatBytes(Int(ProcessInfo.processInfo.physicalMemory))); \(toolchain)")
        if bandwidth { print("memory bandwidth: \(MemoryBandwidth.measure().description)") }
        if steadiness { print("steadiness: \(MachineSteadiness.measure().description)") }
        if hiccups { print("stops: \(MachineHiccups.measure().description)") }
    }
}
