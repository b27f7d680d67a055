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

    @Option(name: .shortAndLong, help: "The back end: \(BackendRegistry.names.joined(separator: ", ")).")
    var backend = "cassowary"

    @Option(help: "A second back end drawn dashed on top; differing views are marked.")
    var overlay: String?

    @Option(help: "The frame to draw as SVG (0 = the initial solve).")
    var frame = 0

    @Option(name: .shortAndLong, help: "The file to write: .svg (one frame) or .html (the player).")
    var output: String

    @Option(help: "Size budget of the player's stored frames, in MB.")
    var maxMegabytes = 48

    @Option(help: "Memory limit in MiB for back ends that estimate their memory (dense).")
    var memoryLimit: Int?

    static func backendType(_ name: String) throws -> any LayoutBackend.Type {
        guard let t = BackendRegistry.named(name) else {
            printError("unknown back end '\(name)' (known: \(BackendRegistry.names.joined(separator: ", ")))")
            throw ExitCode.failure
        }
        return t
    }

    func run() throws {
        let isHTML = output.hasSuffix(".html") || output.hasSuffix(".htm")
        guard isHTML || output.hasSuffix(".svg") else {
            printError("--output '\(output)': name a .svg file (one frame) or a .html file (the player)")
            throw ExitCode.failure
        }
        let primary = try Render.backendType(backend)
        var second: (any LayoutBackend.Type)? = nil
        if let overlay { second = try Render.backendType(overlay) }
        guard maxMegabytes > 0 else {
            printError("--max-megabytes takes a positive number, not \(maxMegabytes)")
            throw ExitCode.failure
        }
        var options = BackendOptions()
        if let memoryLimit { options.memoryLimitBytes = memoryLimit << 20 }
        let bytes: ByteBuffer
        do {
            let source = try loadScene(scene)
            let compiled = try source.compile()
            let hierarchy = ViewHierarchy(scene: source)
            let name = source.name.isEmpty ? scene : source.name
            if isHTML {
                bytes = try PlayerRecorder.page(
                    sceneName: name, hierarchy: hierarchy, scene: compiled, backend: primary, overlay: second,
                    options: options, limits: .init(maxDataBytes: maxMegabytes << 20))
            } else {
                bytes = try FrameCapture.picture(
                    sceneName: name, hierarchy: hierarchy, scene: compiled, frame: frame, backend: primary, overlay: second,
                    options: options
                ).svg()
            }
        } catch {
            printError("\(scene): \(backend): \(error)")
            throw ExitCode.failure
        }
        do {
            try Data(bytes.bytes).write(to: URL(fileURLWithPath: output))
        } catch {
            printError("cannot write '\(output)': \(error.localizedDescription)")
            throw ExitCode.failure
        }
    }
}
