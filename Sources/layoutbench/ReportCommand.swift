import ArgumentParser
import BenchHarness
import Foundation
import LayoutModel

struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make the report of a results file again: the terminal table, or the HTML page.",
        discussion: """
            Reads a results.json written by `bench` (schema version 1) and prints the terminal table with its \
            legend and verdicts; --html writes the one-page HTML report (sortable table, budgets, verdicts, \
            SVG plots), as `bench --html` does at the end of a run.

            Examples:
              layoutbench report results/default/results.json
              layoutbench report results/default/results.json --html results/default/report.html
            """
    )

    @Argument(help: "A results.json written by bench.")
    var results: String

    @Option(help: "Write the HTML report to this file.")
    var html: String?

    func run() throws {
        let run: ResultsReader.Run
        do {
            run = try ResultsReader.read(Scene.readFile(results), source: results)
        } catch {
            printError("\(error)")
            throw ExitCode.failure
        }
        guard let html else {
            print(terminalTable(run.results), terminator: "")
            return
        }
        do {
            try htmlReport(run.results, context: run.context, settings: run.settings).write(toFile: html, atomically: true, encoding: .utf8)
        } catch {
            printError("cannot write '\(html)': \(error.localizedDescription)")
            throw ExitCode.failure
        }
    }
}
