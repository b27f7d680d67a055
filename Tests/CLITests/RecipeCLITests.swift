import Foundation
import Testing

/// The README's CI recipe: every `layoutbench` command in it, run as written, with the
/// driver a solver author would have (here the minimal kiwisolver driver in scripts/drivers).
@Suite("Command line: the README's CI recipe")
struct RecipeCLITests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let kiwisolver: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import kiwisolver"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// The recipe's `layoutbench` commands: the workflow's, then the baseline recording after it.
    static func commands() throws -> [String] {
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## A CI recipe for a solver").dropFirst().first)
        let body = section.components(separatedBy: "\n## ")[0]
        var commands = body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("\"$LAYOUTBENCH\"") }
        let start = try #require(body.range(of: "`\"$LAYOUTBENCH\" check --update"))
        let end = try #require(body[start.upperBound...].firstIndex(of: "`"))
        commands.append(String(body[body.index(after: start.lowerBound)..<end]))
        return commands
    }

    /// Words as the shell splits them here: double quotes group, `$NAME` is substituted, `> FILE` redirects.
    static func words(_ command: String, _ variables: [String: String]) -> (arguments: [String], output: String?) {
        var words: [String] = [], current = "", quoted = false, started = false
        for ch in command {
            if ch == "\"" { quoted.toggle(); started = true; continue }
            if ch == " ", !quoted {
                if started { words.append(current) }
                current = ""; started = false
                continue
            }
            current.append(ch); started = true
        }
        if started { words.append(current) }
        words = words.map { word in variables.reduce(word) { $0.replacingOccurrences(of: "$" + $1.key, with: $1.value) } }
        if let redirect = words.firstIndex(of: ">") { return (Array(words[..<redirect]), words[redirect + 1]) }
        return (words, nil)
    }

    @Test("the recipe names compare, fuzz, check and bench")
    func recipeCommands() throws {
        let names = try Self.commands().map { Self.words($0, [:]).arguments[1] }
        #expect(names == ["compare", "fuzz", "check", "bench", "check"])
    }

    @Test("every command of the recipe runs with a real driver", .enabled(if: kiwisolver, "kiwisolver is not installed (bash scripts/setup.sh installs it)"))
    func recipeRuns() throws {
        let work = NSTemporaryDirectory() + "layoutbench-recipe-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: work + "/ci", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        let driver = "exec:python3 \(Self.repository.path)/scripts/drivers/minimal_driver.py"
        var commands = try Self.commands()
        // The baseline is recorded first (on the base branch), then read back as the base branch's.
        commands.insert(commands.removeLast(), at: 2)
        for command in commands {
            let (arguments, output) = Self.words(command, ["DRIVER": driver, "LAYOUTBENCH": "layoutbench"])
            if arguments[1] == "check", !arguments.contains("--update") {
                try FileManager.default.copyItem(atPath: work + "/ci/baseline.json", toPath: work + "/base-baseline.json")
            }
            let (status, out, err) = try runLayoutbench(Array(arguments.dropFirst()), in: work)
            if let output { try out.write(toFile: work + "/" + output, atomically: true, encoding: .utf8) }
            switch arguments[1] {
            case "compare":
                // Weighted kiwi differs from strict priorities on clamp: information, not failure.
                #expect(status == 0, "\(command)\n\(out)\(err)")
                #expect(try String(contentsOfFile: work + "/compare.xml", encoding: .utf8).contains("<testsuites name=\"layoutbench compare\" tests=\"6\""))
            case "fuzz":
                // kiwi's strengths are weights, not strict priorities: the reference finds where.
                #expect(status == 0 || (status == 1 && out.contains("reproduce: layoutbench fuzz")), "\(command)\n\(out)\(err)")
            case "check" where arguments.contains("--update"):
                #expect(status == 0, "\(command)\n\(out)\(err)")
                #expect(FileManager.default.fileExists(atPath: work + "/ci/baseline.json"))
            case "check":
                // Wall-clock figures of one driver, measured twice: ok, or moved past +-25%; never a failed back end.
                #expect([0, 1, 2].contains(status), "\(command)\n\(out)\(err)")
                #expect(try String(contentsOfFile: work + "/check.md", encoding: .utf8).contains("| figure | baseline | now | change | threshold | status |"))
            default:
                #expect(status == 0, "\(command)\n\(err)")
                let entries = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: work + "/bench.json"))) as? [[String: Any]]
                #expect(entries?.count == 4)
            }
        }
    }

    func runLayoutbench(_ arguments: [String], in folder: String) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = layoutbenchExecutable()
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errData = Locked()
        let reader = Thread { errData.data = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while errData.data == nil { usleep(1000) }
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData.data!, as: UTF8.self))
    }
}

/// Standard error read on another thread, so neither pipe fills while the other is read.
final class Locked: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Data?
    var data: Data? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
