import ArgumentParser
import BenchHarness
import Foundation
import LayoutModel

struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make the report of a results file again: the terminal table, or the HTML page.",
        discussion: """
            Reads a results.json written by `bench` (schema version 2; version 1 is read too) and prints the terminal table with its \
            legend and verdicts; --html writes the one-page HTML report (sortable table, budgets, verdicts, \
            SVG plots), as `bench --html` does at the end of a run; --plots DIR writes the page's plots as SVG \
            files (scaling-FAMILY.svg: time per frame against views; ops-FAMILY.svg: against ops per frame, for \
            runs of `bench --change-constants`; series-SCENE.svg: each frame of one run), each saying in a comment \
            which run it was drawn from (command, commit, date, machine). Several results files are read as one \
            run (their records together; the first file's header for the table and the page).

            Examples:
              layoutbench report results/default/results.json
              layoutbench report results/default/results.json --html results/default/report.html
              layoutbench report results/scaling/results.json --plots results/scaling
              layoutbench report grid-small-k.json grid-large-k.json --plots plots
            """
    )

    @Argument(help: "Results files written by bench (results.json, or bench --json).")
    var results: [String]

    @Option(help: "Write the HTML report to this file.")
    var html: String?

    @Option(help: "Write the report's plots as SVG files into this folder (made if missing).")
    var plots: String?

    func validate() throws {
        // A file given twice would count its runs twice in the table, the verdicts and the plots.
        var seen: [String: String] = [:]
        for path in results {
            let key = (path as NSString).standardizingPath
            if let first = seen[key] {
                throw ValidationError("'\(shortenedForMessage(path))' is given twice (as '\(shortenedForMessage(first))' too): each results file is read once")
            }
            seen[key] = path
        }
    }

    func run() throws {
        var runs: [ResultsReader.Run] = []
        for path in results {
            do {
                runs.append(try ResultsReader.read(Scene.readFile(path), source: path))
            } catch {
                printError("\(error)")
                throw ExitCode.failure
            }
        }
        var run = runs[0]
        run.results = runs.flatMap(\.results)
        if let plots { try writePlots(run.results, from: runs.map(\.context), into: plots) }
        if let html {
            // Through ByteSink, as every other output: a temporary file renamed into place, a
            // device (`/dev/stdout`, `/dev/full`) written directly and its failure reported.
            do {
                try writeFile(htmlReport(run.results, context: run.context, settings: run.settings), to: html)
            } catch {
                printError("report: \(error)")
                throw ExitCode.failure
            }
        }
        if html == nil && plots == nil { print(terminalTable(run.results), terminator: "") }
    }

    /// Every plot is drawn before the first file is written, so a failure leaves no partial set.
    private func writePlots(_ results: [BenchResult], from runs: [RunContext], into folder: String) throws {
        let provenance = runs.map { r in
            "drawn by `layoutbench report` from the run of `\(r.command)` at commit \(r.gitCommit), \(r.created), on \(r.machine), \(r.cores) cores"
        }.joined(separator: "; ")
        let drawn = reportPlots(results).map { ($0.fileName, described($0.plot.svg(), provenance)) }
        guard !drawn.isEmpty else {
            printError("\(self.results.joined(separator: ", ")): no plot to draw (no back end measured a frame)")
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
                try writeFile(svg, to: (folder as NSString).appendingPathComponent(name))
                print("wrote \((folder as NSString).appendingPathComponent(name))")
            }
            try linkPlots(drawn.map(\.0), fromReportIn: folder)
        } catch {
            printError("--plots '\(folder)': cannot write the plots: \(writeFailureText(error))")
            throw ExitCode.failure
        }
    }

    /// `svg` with `text` as its `<desc>`, the first element inside the root: where the plot comes from.
    private func described(_ svg: String, _ text: String) -> String {
        guard let end = svg.firstIndex(of: ">") else { return svg }
        let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        return String(svg[...end]) + "<desc>" + escaped + "</desc>" + String(svg[svg.index(after: end)...])
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
        try writeFile(text, to: path)
        print("linked the plots from \(path)")
    }
}
