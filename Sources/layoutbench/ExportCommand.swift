import ArgumentParser
import BenchHarness
import CassowarySolver
import LayoutModel
import SolverTrace

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write what a scene asks of a solver, as a solver-level trace for an external driver.",
        discussion: """
            The trace (format layoutbench-trace 1, documented in Sources/SolverTrace/TraceFormat.swift and the \
            README's "Writing your own driver") lists numbered variables (4*view+k: left, top, width, height), \
            the linear constraints with priorities (1000 = required), the edit variables, and per frame the ops \
            in solver terms followed by `solve`. Ops the scene's own rules refuse are left out.

            Examples:
              layoutbench export example:slider-stack --trace
              layoutbench export scene.json --trace --values --warmup 0 --output scene.trace
            """
    )

    @Argument(help: "The scene file (or example:NAME).")
    var scene: String

    @Flag(help: "Write the solver-level trace (the only export format so far).")
    var trace = false

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @Option(parsing: .unconditional, help: "Frames the driver plays untimed first (bench's --warmup).",
            transform: wholeNumber("--warmup", atLeast: 0))
    var warmup = 10

    @Flag(help: "Ask the driver to print the values it reads back after each solve.")
    var values = false

    @Option(parsing: .unconditional, help: "Ask the driver to stop timing after its frames took this many seconds (0 = no limit).",
            transform: durationSeconds("--time-limit", zeroAllowed: true))
    var timeLimit = 0.0

    func validate() throws {
        guard trace else { throw ValidationError("name the format: --trace") }
    }

    func run() throws {
        let written: WrittenTrace
        do { written = try makeTrace() } catch {
            printError("\(scene): \(error)")
            throw ExitCode.failure
        }
        let sink: ByteSink
        if let output {
            do { sink = try ByteSink(path: output) } catch {
                printError("\(error)")
                throw ExitCode.failure
            }
        } else {
            sink = ByteSink.standardOutput
        }
        sink.write(written.text)
        do { try sink.finish() } catch {
            printError("export: \(error)")
            throw ExitCode.failure
        }
        for frame in written.gatedRefusals { for refusal in frame { printError("left out: \(refusal.message)") } }
    }

    func makeTrace() throws(LayoutError) -> WrittenTrace {
        let compiled = try loadScene(scene).compile()
        return try TraceWriter.write(
            compiled, reference: CassowaryBackend.self,
            settings: TraceRunSettings(warmupFrames: warmup, printValues: values, timeLimitSeconds: timeLimit))
    }
}
