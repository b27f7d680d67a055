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
            SVG plots), as `bench --html` does at the end of a run; --plots DIR writes the page's plots as SVG \
            files (scaling-FAMILY.svg: time per frame against views; series-SCENE.svg: each frame of one run).

            Examples:
              layoutbench report results/default/results.json
              layoutbench report results/default/results.json --html results/default/report.html
              layoutbench report results/scaling/results.json --plots results/scaling
            """
    )

    @Argument(help: "A results.json written by bench.")
    var results: String

    @Option(help: "Write the HTML report to this file.")
    var html: String?

    @Option(help: "Write the report's plots as SVG files into this folder (made if missing).")
    var plots: String?

    func run() throws {
        let run: ResultsReader.Run
        do {
            run = try ResultsReader.read(Scene.readFile(results), source: results)
        } catch {
            printError("\(error)")
            throw ExitCode.failure
        }
        if let plots { try writePlots(run.results, into: plots) }
        if let html {
            do {
                try htmlReport(run.results, context: run.context, settings: run.settings).write(toFile: html, atomically: true, encoding: .utf8)
            } catch {
                printError("cannot write '\(html)': \(error.localizedDescription)")
                throw ExitCode.failure
            }
        }
        if html == nil && plots == nil { print(terminalTable(run.results), terminator: "") }
    }

    /// Every plot is drawn before the first file is written, so a failure leaves no partial set.
    private func writePlots(_ results: [BenchResult], into folder: String) throws {
        let drawn = reportPlots(results).map { ($0.fileName, $0.plot.svg()) }
        guard !drawn.isEmpty else {
            printError("\(self.results): no plot to draw (no back end measured a frame)")
            throw ExitCode.failure
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
            printError("--plots '\(folder)': exists and is not a folder")
            throw ExitCode.failure
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (name, svg) in drawn {
                try svg.write(toFile: (folder as NSString).appendingPathComponent(name), atomically: true, encoding: .utf8)
                print("wrote \((folder as NSString).appendingPathComponent(name))")
            }
            try linkPlots(drawn.map(\.0), fromReportIn: folder)
        } catch {
            printError("--plots '\(folder)': cannot write the plots: \(error.localizedDescription)")
            throw ExitCode.failure
        }
    }

    /// Gives a report.md in the plots' folder (bench writes one beside results.json) a Plots
    /// section linking them, replacing the one an earlier run added.
    private func linkPlots(_ names: [String], fromReportIn folder: String) throws {
        let path = (folder as NSString).appendingPathComponent("report.md")
        guard var text = try? String(contentsOfFile: path, encoding: .utf8) else { return }
        if let plots = text.range(of: "\n## Plots\n") { text = String(text[..<plots.lowerBound]) }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines) + "\n\n## Plots\n\n"
        text += "Time per frame against views (p50 solid, p99 dashed) with the 120 Hz and 60 Hz budgets, one line per "
        text += "back end; then each frame of one run. Drawn by `layoutbench report RESULTS.json --plots DIR`.\n\n"
        for name in names { text += "![\((name as NSString).deletingPathExtension)](\(name))\n\n" }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        print("linked the plots from \(path)")
    }
}
