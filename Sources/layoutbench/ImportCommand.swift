import ArgumentParser
import CassowarySolver
import Foundation
import IBImport
import LayoutModel

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn an Interface Builder file (.xib, .storyboard) into scenes, one per view hierarchy.",
        discussion: """
            Scene view ids are the IB object ids; the "x-ib" object in each scene records every view's class, \
            user label and IB frame, where each generated constraint comes from, the constraints dropped \
            and what the import does not model ("dropped", "unsupported"). \
            --check solves frame 0 (cassowary) and compares each view with the frame IB stored (0.5 pt); \
            it exits 1 when a view IB does not flag as misplaced or ambiguous differs, and prints each differing \
            view's likely cause and what the file says that the import does not model (with its line); \
            --check --json prints the same as one JSON object, for scripts. \
            Conflicting required constraints are broken as UIKit breaks them (the constraint being added \
            when the conflict appears, constraints taken in the order the runtime installs them), with a \
            warning naming it; --strict refuses the file instead.

            Examples:
              layoutbench import Main.storyboard --list
              layoutbench import Cell.xib --output scenes/
              layoutbench import Main.storyboard --check --environment-from-frames
              layoutbench import Main.storyboard --check --json > check.json
              layoutbench import Main.storyboard --animate rotate --frames 60 --output scenes/
              layoutbench import Cell.xib --replicate 1000 --output scenes/
            """
    )

    @Argument(help: "The .xib or .storyboard file.")
    var file: String

    @Option(name: .shortAndLong, help: "Write one scene per hierarchy into this folder (NAME.json).")
    var output: String?

    @Flag(help: "List the hierarchies with their sizes.")
    var list = false

    @Flag(help: "Solve frame 0 and compare every view with IB's stored frame.")
    var check = false

    @Flag(help: "With --check: print the report as one JSON object (format layoutbench-ib-check, see the README) instead of text.")
    var json = false

    @Flag(help: "Read safe-area insets, layout-guide lengths and margins off the file's frames instead of the device table.")
    var environmentFromFrames = false

    @Option(help: "Size classes, e.g. widthClass=regular,heightClass=compact (default: the file's device).")
    var traits: String?

    @Flag(help: "Refuse a hierarchy whose required constraints conflict (exit 1, nothing written) instead of breaking one constraint per conflict as UIKit does.")
    var strict = false

    @Flag(help: .hidden)
    var repair = false  // the default since conflicts are broken as UIKit breaks them; kept so old command lines run

    @Option(help: "Animation: rotate (transitions: one solve each, interpolated), resize (the same change re-solved every frame, interactive), constraint:ID or outlet:NAME (with --to; a constant driven frame by frame, interactive).")
    var animate: String?

    @Option(parsing: .unconditional, help: "Target constant for --animate constraint:ID|outlet:NAME.",
            transform: finiteNumber("--to"))
    var to: Double?

    @Option(parsing: .unconditional, help: "Number of animation frames (default 60).",
            transform: wholeNumber("--frames", atLeast: 1, atMost: 100_000))
    var frames: Int?

    @Option(parsing: .unconditional, help: "Replicate each cell hierarchy N times in a table (a scene per cell).",
            transform: wholeNumber("--replicate", atLeast: 1, atMost: 1_000_000))
    var replicate: Int?

    func validate() throws {
        if let traits, IBImportOptions.parseTraits(traits) == nil {
            throw ValidationError("--traits '\(shortenedForMessage(traits))': expected widthClass=compact|regular,heightClass=compact|regular")
        }
        if json, !check || list {
            throw ValidationError("--json: only with --check, and not with --list (standard output holds the one JSON object)")
        }
        // --check compares the file's own layout with its stored frames: an animation or copies would be ignored.
        if check, animate != nil { throw ValidationError("--animate makes scenes to write; --check compares the file's stored frames: give one or the other") }
        if check, replicate != nil { throw ValidationError("--replicate makes a table to write; --check compares the file's stored frames: give one or the other") }
        guard let animate else {
            if to != nil { throw ValidationError("--to goes with --animate constraint:ID or outlet:NAME") }
            if frames != nil { throw ValidationError("--frames goes with --animate") }
            return
        }
        let animation: IBAnimation
        do { animation = try IBAnimation.parse(animate, to: to) } catch { throw ValidationError(error.description) }
        switch animation {
        case .rotate, .resize:
            if to != nil { throw ValidationError("--to goes with --animate constraint:ID or outlet:NAME, not with --animate \(animate)") }
        default: break
        }
    }

    func run() throws {
        var options = IBImportOptions(environmentFromFrames: environmentFromFrames)
        if let traits, let parsed = IBImportOptions.parseTraits(traits) { options.traits = parsed }
        let frames = frames ?? 60
        var scenes: [IBImportedScene]
        // A replicated table keeps only its own root as an IB view: --list counts its copies' from the cell.
        var counts: [String: (views: Int, guides: Int)] = [:]
        do {
            scenes = try IBImporter.importFile(file, options: options)
            for scene in scenes { for note in scene.notes { printError("\(file): \(scene.name): \(note)") } }
            if output != nil || (!list && !check) { scenes = try resolveConflicts(scenes) }
            if let replicate {
                for cell in scenes where cell.isCell {
                    counts["\(cell.name)-x\(replicate)"] = (1 + replicate * cell.views.count, replicate * (cell.scene.views.count - cell.views.count))
                }
                scenes = scenes.filter(\.isCell).map { $0.replicated(replicate) }
                if scenes.isEmpty { throw IBImportError(file: file, line: nil, message: "--replicate: the file has no cell") }
            }
            if let animate {
                let animation = try IBAnimation.parse(animate, to: to)
                var animated: [IBImportedScene] = []
                for scene in scenes {
                    if let a = try scene.animated(animation, frames: frames, file: file) { animated.append(a) }
                }
                if animated.isEmpty {
                    throw IBImportError(file: file, line: nil, message: "--animate \(animate): no hierarchy of the file has that constraint or outlet")
                }
                scenes = animated
            }
        } catch {
            printError("\(error)")
            throw ExitCode.failure
        }
        if list {
            for s in scenes {
                let (views, guides) = counts[s.name] ?? (s.views.count, s.scene.views.count - s.views.count)
                print("\(s.name)\t\(views) views\t\(guides) guides\t\(s.scene.constraints.count) constraints\troot \(s.views[0].id) \(s.views[0].className)")
            }
        }
        if let output { try write(scenes, to: output) }
        if check {
            // Xcode's stored frames were computed with placeholder constraints in force: keep them here.
            var checkOptions = options
            checkOptions.keepPlaceholders = true
            do {
                scenes = try IBImporter.importFile(file, options: checkOptions)
            } catch {
                printError("\(error)")
                throw ExitCode.failure
            }
            try runCheck(scenes)
        }
        if !list && output == nil && !check {
            for s in scenes { print(s.jsonWithMetadata(), terminator: "") }
        }
    }

    /// Scenes to write must be solvable: each conflict among required constraints breaks the
    /// constraint UIKit would break (named on standard error and in `x-ib` as `dropped`);
    /// `--strict` refuses the file instead, naming the conflict set.
    private func resolveConflicts(_ scenes: [IBImportedScene]) throws -> [IBImportedScene] {
        var out: [IBImportedScene] = []
        for var scene in scenes {
            let result = try scene.check(backend: CassowaryBackend.self, repair: !strict)
            if let conflict = result.conflict {
                throw IBImportError(file: file, line: nil, message: "\(scene.name): \(conflict) (--strict refuses conflicting required constraints)")
            }
            for r in result.repairs { printError("\(file): \(scene.name): warning: \(r)") }
            scene.scene.constraints = result.added + scene.scene.constraints
            scene.scene.constraints.removeAll { result.dropped.contains($0.id) }
            scene.origins += result.added.map { ($0.id, "sizes are not negative: added where a solve gave a negative size") }
            scene.dropped = result.repairs
            out.append(scene)
        }
        return out
    }

    /// All or nothing (`writeFiles`): a failed write leaves none of this import's scenes.
    private func write(_ scenes: [IBImportedScene], to folder: String) throws {
        do {
            try Platform.makeDirectories(folder)
            let paths = scenes.map { (folder as NSString).appendingPathComponent($0.name + ".json") }
            try writeFiles(paths) { i, sink in sink.write(scenes[i].jsonWithMetadata()) }
        } catch {
            printError("import: \(error)")
            throw ExitCode.failure
        }
    }

    /// Checks every hierarchy, then prints the report (text, or JSON with `--json`) only once all
    /// were checked: an error prints nothing but its message. Exit 1 when an unflagged view differs.
    private func runCheck(_ scenes: [IBImportedScene]) throws {
        var checked: [(scene: IBImportedScene, result: IBCheckResult)] = []
        for s in scenes {
            do {
                checked.append((s, try s.check(backend: CassowaryBackend.self, repair: !strict)))
            } catch {
                printError("\(file): \(s.name): \(error)")
                throw ExitCode.failure
            }
        }
        let report = IBCheckReport(file: file, fromFrames: environmentFromFrames, checked: checked)
        if json {
            print(report.json, terminator: "")
        } else {
            for line in report.textLines { print(line) }
        }
        if !report.summary.passed { throw ExitCode.failure }
    }
}
