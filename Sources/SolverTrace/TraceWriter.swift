import LayoutModel

// Writes what a scene asks of a solver, below the view model: numbered variables,
// linear constraints, edit declarations and each frame's ops in solver terms. The
// format (version 1) is a line format a C++ or Python driver reads with split():
// see TraceFormat.swift for the grammar.

/// How a driver should play a trace: the same warm-up `bench` uses, whether to print values.
public struct TraceRunSettings: Sendable {
    /// Frames played untimed on a separate build first (bench's `--warmup`).
    public var warmupFrames = 10
    /// Whether the driver prints the variables it reads back after every solve.
    public var printValues = false
    /// The driver stops timing once its frames took this long (0 = no limit).
    public var timeLimitSeconds = 0.0
    public init(warmupFrames: Int = 10, printValues: Bool = false, timeLimitSeconds: Double = 0) {
        self.warmupFrames = warmupFrames
        self.printValues = printValues
        self.timeLimitSeconds = timeLimitSeconds
    }
}

/// A trace, with what the harness keeps to itself: the ops it refuses before any solver sees them.
public struct WrittenTrace: Sendable {
    public var text: String
    /// Per frame (index 0 = frame 1): ops refused by the scene's own rules (unknown or removed
    /// ids, undeclared edits, bad values), with their messages. They are not in the trace.
    public var gatedRefusals: [[(op: Int, message: String)]]

    public init(text: String, gatedRefusals: [[(op: Int, message: String)]]) {
        self.text = text
        self.gatedRefusals = gatedRefusals
    }
}

public enum TraceWriter {
    /// Writes `scene` as a trace. A reference back end plays the scene alongside, so that an
    /// `addEdit` carries the value its attribute had at the last solve (what an edit is held at)
    /// and the ops the scene's rules refuse are left out of the trace (the harness reports them).
    public static func write(
        _ scene: CompiledScene, reference: any LayoutBackend.Type, settings: TraceRunSettings = TraceRunSettings(),
        options: BackendOptions = BackendOptions()
    ) throws(LayoutError) -> WrittenTrace {
        let session = try SceneSession(scene: scene, backend: reference, options: options)
        var out = ""
        out.reserveCapacity(64 * scene.constraints.count + 32 * scene.frames.reduce(0) { $0 + $1.count })
        func line(_ parts: String...) {
            out += parts.joined(separator: " ")
            out += "\n"
        }
        line(TraceFormat.magic, "\(TraceFormat.version)")
        line("scene", sanitized(scene.name))
        line("variables", "\(scene.variableCount)")
        line("read", "\(scene.variableCount)")
        line("warmup", "\(settings.warmupFrames)")
        line("values", settings.printValues ? "1" : "0")
        line("timelimit", formatNumber(settings.timeLimitSeconds))
        line("constraints", "\(scene.constraints.count)")
        for (h, c) in scene.constraints.enumerated() {
            var parts = [
                "c", "\(h)", TraceFormat.relationToken(c.relation), formatNumber(c.constant), formatNumber(c.priority),
                c.isActive ? "1" : "0", h < scene.initialConstraintCount ? "1" : "0", "\(c.terms.count)",
            ]
            for t in c.terms { parts += ["\(t.variable)", formatNumber(t.coefficient)] }
            out += parts.joined(separator: " ")
            out += "\n"
        }
        line("edits", "\(scene.edits.count)")
        for (e, edit) in scene.edits.enumerated() {
            var parts = ["e", "\(e)", "\(edit.terms.count)"]
            for t in edit.terms { parts += ["\(t.variable)", formatNumber(t.coefficient)] }
            out += parts.joined(separator: " ")
            out += "\n"
        }
        for (e, priority) in scene.initialEdits {
            // The session declared the initial edits and computed what each one holds.
            line("initialEdit", "\(e)", formatNumber(priority), formatNumber(session.editValue[Int(e)]))
        }
        line("frames", "\(scene.frameCount)")
        var gated: [[(op: Int, message: String)]] = []
        gated.reserveCapacity(scene.frameCount)
        for (f, ops) in scene.frames.enumerated() {
            line("frame", "\(f + 1)")
            var refused: [(op: Int, message: String)] = []
            for (position, op) in ops.enumerated() {
                let i = scene.writtenIndex(ofOp: position, inFrame: f)
                let wasLive = liveState(op, session)
                let refusal = try session.apply(op)
                if let refusal, !isSolverRefusal(refusal) {
                    refused.append((i, "frame \(f + 1) op \(i) (\(session.describe(op))): \(refusal)"))
                    continue
                }
                if !wasLive { continue }  // a no-op (activating an active constraint): nothing to ask
                switch op {
                case let .suggest(e, value): line("suggest", "\(i)", "\(e)", formatNumber(value))
                case let .setConstant(h, value): line("setConstant", "\(i)", "\(h)", formatNumber(value))
                case let .setPriority(h, value): line("setPriority", "\(i)", "\(h)", formatNumber(value))
                case let .activate(h): line("activate", "\(i)", "\(h)")
                case let .deactivate(h): line("deactivate", "\(i)", "\(h)")
                case let .add(h): line("add", "\(i)", "\(h)")
                case let .remove(h): line("remove", "\(i)", "\(h)")
                case let .addEdit(e, priority, _):
                    // The held value is the session's (computed once, in SceneSession).
                    line("addEdit", "\(i)", "\(e)", formatNumber(priority), formatNumber(session.editValue[Int(e)]))
                case let .removeEdit(e): line("removeEdit", "\(i)", "\(e)")
                case .invalid: break
                }
            }
            // An edit added in the next frame holds this solve's value.
            try session.solveAndReadBack()
            gated.append(refused)
            line("solve")
        }
        line("end")
        return WrittenTrace(text: out, gatedRefusals: gated)
    }

    /// Whether an op would change anything (activating an active constraint does not); ops
    /// the session refuses count as changing, so that their refusal is decided by `apply`.
    static func liveState(_ op: CompiledOp, _ session: SceneSession) -> Bool {
        switch op {
        case let .activate(h): return !session.isActive[Int(h)] || session.presence[Int(h)] != .present
        case let .deactivate(h): return session.isActive[Int(h)] || session.presence[Int(h)] != .present
        default: return true
        }
    }

    /// A solver refusal (required constraints in conflict) is the driver's to make too,
    /// so such an op stays in the trace; every other refusal comes from the scene's rules.
    static func isSolverRefusal(_ error: LayoutError) -> Bool {
        if case .unsatisfiable = error { return true }
        return false
    }

    /// A name on one line without spaces, so that `split()` keeps the line's shape.
    static func sanitized(_ name: String) -> String {
        let cleaned = String(name.map { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" ? "_" : $0 })
        return cleaned.isEmpty ? "unnamed" : cleaned
    }
}
