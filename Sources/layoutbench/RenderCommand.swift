import ArgumentParser
import BenchHarness
import Foundation
import LayoutModel
import LayoutRender

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a scene: one frame as SVG, or the whole animation as a self-contained HTML player.",
        discussion: """
            F.svg: the frame given by --frame (0 = the initial solve), every view a rectangle in window \
            coordinates, coloured by nesting depth, its id written where it fits and in a tooltip; the caption \
            gives the window's bounds, the frame and its ops. Negative sizes (red, dashed) and views reaching \
            outside the window (orange) are drawn and marked.

            F.html: a player with a frame slider, play/pause at 60 or 120 fps, step buttons, the ops of the \
            current frame, hover for a view's id and rectangle, and a filter box. It loads nothing from the \
            network. Frame 0 is stored in full, later frames only as the views that moved (hundredths of a \
            point); past --max-megabytes the remaining frames are left out, with a notice. Large scenes draw \
            only what is visible (wheel zooms, drag pans). The address fragment #frame=N opens frame N.

            --overlay B2 draws a second back end's rectangles dashed on top and marks (and, in the player, \
            lists) the views whose rectangles differ.

            Examples:
              layoutbench render example:slider-stack --frame 3 --output slider.svg
              layoutbench render example:drag-tip --output drag.html
              layoutbench render scene.json --backend cassowary --overlay dense --output both.html
            """
    )

    @Argument(help: "The scene file (or example:NAME; - for standard input).")
    var scene: String

    @Option(name: .shortAndLong, help: "The back end: \(BackendRegistry.selectableNames.joined(separator: ", ")).")
    var backend = "cassowary"

    @Option(help: "A second back end drawn dashed on top; differing views are marked.")
    var overlay: String?

    @Option(parsing: .unconditional, help: "The frame to draw as SVG (0 = the initial solve; default 0).",
            transform: wholeNumber("--frame", atLeast: 0))
    var frame: Int?

    @Option(name: .shortAndLong, help: "The file to write: .svg (one frame) or .html (the player).")
    var output: String

    @Option(parsing: .unconditional, help: "Size budget of the player's stored frames, in MB (1...\(Render.largestPlayerMegabytes); default 48).",
            transform: wholeNumber("--max-megabytes", atLeast: 1, atMost: Render.largestPlayerMegabytes))
    var maxMegabytes: Int?

    @Option(parsing: .unconditional, help: "Memory limit in MiB for back ends that estimate their memory (dense).",
            transform: memoryLimitMiB)
    var memoryLimit: Int?

    /// A browser cannot hold a page much larger than this (its longest string is about 1 GB).
    static let largestPlayerMegabytes = 4096

    var writesPlayer: Bool { output.hasSuffix(".html") || output.hasSuffix(".htm") }

    static func backendType(_ option: String, _ name: String) throws -> any LayoutBackend.Type {
        guard let type = BackendRegistry.named(name) else {
            throw ValidationError("\(option) '\(shortenedForMessage(name))': unknown back end (known: \(BackendRegistry.selectableNames.joined(separator: ", ")))")
        }
        return type
    }

    func validate() throws {
        guard writesPlayer || output.hasSuffix(".svg") else {
            throw ValidationError("--output '\(shortenedForMessage(output))': name a .svg file (one frame) or a .html file (the player)")
        }
        _ = try Render.backendType("--backend", backend)
        if let overlay { _ = try Render.backendType("--overlay", overlay) }
        // The player holds every frame; --frame would be ignored.
        if writesPlayer, let frame {
            throw ValidationError("--frame \(frame) applies to a .svg picture; the player holds every frame (open it at #frame=N)")
        }
        // A picture stores one frame; the budget would be ignored.
        if !writesPlayer, let maxMegabytes {
            throw ValidationError("--max-megabytes \(maxMegabytes) applies to the .html player; a .svg picture holds one frame")
        }
    }

    func run() throws {
        let isHTML = writesPlayer
        let primary = try Render.backendType("--backend", backend)
        var second: (any LayoutBackend.Type)? = nil
        if let overlay { second = try Render.backendType("--overlay", overlay) }
        var options = BackendOptions()
        if let memoryLimit { options.memoryLimitBytes = memoryLimit << 20 }
        let bytes: ByteBuffer
        let (source, compiled) = try loadCompiledScene(scene)
        do {
            let frame = frame ?? 0
            // Only the scene knows its frame count: a frame beyond it is still a usage error.
            if !isHTML, frame > compiled.frameCount {
                printError("--frame \(frame) is out of range: '\(scene)' has frames 0–\(compiled.frameCount)")
                throw ExitCode.validationFailure
            }
            let hierarchy = ViewHierarchy(scene: source)
            let name = source.name.isEmpty ? scene : source.name
            if isHTML {
                bytes = try PlayerRecorder.page(
                    sceneName: name, hierarchy: hierarchy, scene: compiled, backend: primary, overlay: second,
                    options: options, limits: .init(maxDataBytes: (maxMegabytes ?? 48) << 20))
            } else {
                bytes = try FrameCapture.picture(
                    sceneName: name, hierarchy: hierarchy, scene: compiled, frame: frame, backend: primary, overlay: second,
                    options: options
                ).svg()
            }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            // The error names what failed; with an overlay either back end may have.
            printError("\(scene): \(backend)\(overlay.map { " with the overlay \($0)" } ?? ""): \(error)")
            throw ExitCode.failure
        }
        // Written under a temporary name and renamed into place: a failed write leaves no partial file.
        do {
            try writeFile(bytes.string, to: output)
        } catch {
            printError("render: \(error)")
            throw ExitCode.failure
        }
    }
}
