#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutModel
import SolverTrace

/// Runs a driver once per scene with values on, and keeps what it answered, so that
/// `ReplayBackend` can hand the answers to `solve`, `compare` and anything else that
/// drives a `LayoutBackend` frame by frame.
public enum ExternalRuns {
    /// The back end that plays the scene while its trace is written (held values of edits,
    /// the scene's own refusals). The harness sets it (to Cassowary) before any external run.
    nonisolated(unsafe) public static var reference: (any LayoutBackend.Type)?
    /// How long one driver process may run (wall clock), in seconds, when no time limit bounds
    /// its frames: LAYOUTBENCH_DRIVER_WALL_SECONDS, or 30 minutes (native kiwi alone takes about
    /// a minute to build a 10,000-view stack, and a driver builds twice: warm-up and timed).
    nonisolated(unsafe) public static var wallSeconds = environmentSeconds() ?? 1800

    /// The wall-clock limit for a driver whose frames stop timing after `timeLimit` seconds:
    /// its two builds and warm-up are not bounded by it, hence the margin.
    public static func wallSeconds(timeLimit: Double?) -> Double {
        if let configured = environmentSeconds() { return configured }
        return timeLimit.map { $0 * 3 + 900 } ?? wallSeconds
    }

    static func environmentSeconds() -> Double? {
        guard let text = getenv("LAYOUTBENCH_DRIVER_WALL_SECONDS"), let value = Double(String(cString: text)), value > 0 else {
            return nil
        }
        return value
    }

    /// A scene's identity by content: two scenes of one name and size (a fuzzer's
    /// shrinking candidates) must not share answers.
    struct Key: Hashable {
        var driver: DriverSpec
        var scene: String, variables: Int, fingerprint: Int
        init(_ driver: DriverSpec, _ s: CompiledScene) {
            self.driver = driver
            scene = s.name
            variables = s.variableCount
            var hasher = Hasher()
            hasher.combine(s.constraints)
            hasher.combine(s.frames)
            hasher.combine(s.edits)
            for (edit, priority) in s.initialEdits {
                hasher.combine(edit)
                hasher.combine(priority)
            }
            fingerprint = hasher.finalize()
        }
    }
    nonisolated(unsafe) static var cache: [Key: Result<DriverRun, DriverFailure>] = [:]

    /// The driver's answers on `scene` (values after every solve), run once and remembered.
    public static func answers(_ driver: DriverSpec, scene: CompiledScene, options: BackendOptions) -> Result<DriverRun, DriverFailure> {
        let key = Key(driver, scene)
        if let known = cache[key] { return known }
        let result = run(driver, scene: scene, options: options)
        cache = [key: result]  // one scene at a time: the answers of a big scene are large
        return result
    }

    static func run(_ driver: DriverSpec, scene: CompiledScene, options: BackendOptions) -> Result<DriverRun, DriverFailure> {
        guard let reference else { return .failure(DriverFailure(driver: driver.name, reason: "no reference back end set")) }
        let trace: WrittenTrace
        switch DriverInputWriter.write(
            for: driver, scene: scene, reference: reference, settings: TraceRunSettings(warmupFrames: 0, printValues: true),
            options: options)
        {
        case let .success(written): trace = written
        case let .failure(failure): return .failure(failure)
        }
        return DriverProcess.run(
            driver, trace: trace.text, frameCount: scene.frameCount, readCount: scene.variableCount, wantValues: true,
            wallSeconds: wallSeconds)
    }
}

/// A `LayoutBackend` that replays an external driver's answers: `init` takes the values of the
/// initial solve, each `solve` the next frame's, and an op the driver refused is refused here
/// with the driver's message. Up to `ReplayBackend.slotCount` drivers at once, one subclass per
/// slot (a back end is a type, and a driver is chosen at run time).
open class ReplayBackend: LayoutBackend {
    public static let slotCount = 6
    nonisolated(unsafe) static var slots = [DriverSpec?](repeating: nil, count: slotCount)

    /// A back-end type standing for `driver` (the same type for the same driver).
    public static func type(for driver: DriverSpec) -> (any LayoutBackend.Type)? {
        let types: [ReplayBackend.Type] = [ReplaySlot0.self, ReplaySlot1.self, ReplaySlot2.self, ReplaySlot3.self, ReplaySlot4.self, ReplaySlot5.self]
        if let i = slots.firstIndex(of: driver) { return types[i] }
        guard let free = slots.firstIndex(of: nil) else { return nil }
        slots[free] = driver
        return types[free]
    }

    /// The driver a back-end type stands for, if it is a replay type.
    public static func driver(of type: any LayoutBackend.Type) -> DriverSpec? {
        guard let replay = type as? ReplayBackend.Type else { return nil }
        return slots[replay.slot]
    }

    open class var slot: Int { 0 }
    static var driver: DriverSpec { slots[slot] ?? DriverSpec(name: "external", command: nil, unavailableReason: "no driver") }

    public class var name: String { driver.name }
    public class var summary: String { "external driver \(driver.command ?? driver.name), measured out of process" }
    /// A weighted solver (kiwi, cassowary) only approximates strict priorities.
    public class var isExact: Bool { false }

    public class func assess(_ scene: CompiledScene, options: BackendOptions) -> Assessment {
        // The driver protocol solves once per frame; a `layout` op asks for a solve within one.
        let layoutFrames = scene.frameMarkers.filter { $0.value.contains { $0.action == .layout } }.keys
        if let first = layoutFrames.min() {
            return .declined(
                "frame \(first + 1) has a `layout` op (a solve within the frame), and a driver solves once per frame")
        }
        switch ExternalRuns.answers(driver, scene: scene, options: options) {
        case .success: return .supported
        case let .failure(failure): return .declined("\(failure)")
        }
    }

    let run: DriverRun
    let scene: CompiledScene
    var frame = 0
    var cursor = 0
    /// The session declares the scene's edits (`addEdit` each, then one `solve`) before frame 1;
    /// the driver's initial values already hold them, so that solve is not a frame.
    var declaringInitialEdits: Bool

    public required init(scene: CompiledScene, options: BackendOptions) throws(LayoutError) {
        switch ExternalRuns.answers(Self.driver, scene: scene, options: options) {
        case let .success(run): self.run = run
        case let .failure(failure): throw .unsupported("\(failure)")
        }
        self.scene = scene
        declaringInitialEdits = !scene.initialEdits.isEmpty
    }

    public func apply(_ op: CompiledOp) throws(LayoutError) {
        if declaringInitialEdits { return }
        let ops = scene.frames[frame]
        while cursor < ops.count, ops[cursor] != op { cursor += 1 }
        defer { cursor += 1 }
        guard frame < run.frames.count, cursor < ops.count else { return }
        // The driver names ops as the trace does: as the scene writes them.
        let written = scene.writtenIndex(ofOp: cursor, inFrame: frame)
        if let refusal = run.frames[frame].refused.first(where: { $0.op == written }) {
            throw .unsatisfiable(constraint: "\(Self.name) refused op \(written): \(refusal.message)", conflicts: [])
        }
    }

    public func solve() throws(LayoutError) {
        if declaringInitialEdits {
            declaringInitialEdits = false
            return
        }
        guard frame < run.frames.count else {
            throw .unsupported("\(Self.name) stopped after \(run.frames.count) frames (its time limit)")
        }
        frame += 1
        cursor = 0
    }

    public func readRects(into buffer: UnsafeMutableBufferPointer<Double>) {
        let values = frame == 0 ? run.initialValues : run.frames[frame - 1].values
        guard let values else { return }
        for i in 0..<min(buffer.count, values.count) { buffer[i] = values[i] }
    }

    public var statistics: SolveStatistics { SolveStatistics() }
}

final class ReplaySlot0: ReplayBackend { override class var slot: Int { 0 } }
final class ReplaySlot1: ReplayBackend { override class var slot: Int { 1 } }
final class ReplaySlot2: ReplayBackend { override class var slot: Int { 2 } }
final class ReplaySlot3: ReplayBackend { override class var slot: Int { 3 } }
final class ReplaySlot4: ReplayBackend { override class var slot: Int { 4 } }
final class ReplaySlot5: ReplayBackend { override class var slot: Int { 5 } }
