import LayoutModel

/// What a driver reported for one run of a trace.
public struct DriverRun: Sendable {
    public struct Frame: Sendable {
        /// Ops + solve + reading back, on the driver's monotonic clock.
        public var nanoseconds: UInt64
        /// Ops the solver refused: (index of the op in the scene's frame, the driver's message).
        public var refused: [(op: Int, message: String)]
        /// The variables read back, when the trace asked for values.
        public var values: [Double]?
    }
    public var driver: String
    public var buildNanoseconds: UInt64 = 0
    /// The values after the initial solve (when asked).
    public var initialValues: [Double]?
    /// Frame 1 first. Fewer than the trace's frames when `stoppedByTimeLimit`.
    public var frames: [Frame] = []
    public var stoppedByTimeLimit = false
    /// The driver's standard error, last lines (its own notes: solver version, mapping).
    public var notes: String = ""
}

/// Why a driver's run cannot be used, naming the driver and, where there is one, the line.
public struct DriverFailure: Error, Sendable, CustomStringConvertible {
    public var driver: String
    public var reason: String
    /// 1-based line of the driver's standard output at fault, and its text.
    public var line: Int?
    public var text: String?
    /// The last lines the driver wrote to standard error.
    public var stderrTail: String = ""
    /// The driver does not take this scene (no flexbox twin): a decline, not a failure.
    public var declinesScene = false

    public var description: String {
        var s = "driver '\(driver)': \(reason)"
        if let line { s += " at output line \(line)" + (text.map { ": '\($0.prefix(160))'" } ?? "") }
        let tail = stderrTail.trimmingCharacters(in: " \n")
        if !tail.isEmpty { s += " (its standard error ends: \(tail.replacingOccurrences(of: "\n", with: " | ").suffix(400)))" }
        return s
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let c = s.first, set.contains(c) { s.removeFirst() }
        while let c = s.last, set.contains(c) { s.removeLast() }
        return String(s)
    }
    fileprivate func replacingOccurrences(of a: String, with b: String) -> String {
        split(separator: Character(a), omittingEmptySubsequences: false).joined(separator: b)
    }
}

/// Reads a driver's standard output (protocol version 1, see DriverProtocol.md in the notes):
///
///     layoutbench-driver 1 [NAME ...]
///     build NS
///     values 0 v1 ... vR          (when asked: after the initial solve)
///     refused F OP MESSAGE...     (zero or more, before frame F's line)
///     frame F NS
///     values F v1 ... vR          (when asked)
///     stopped F                   (optional: the time limit ended timing after frame F)
///     end
public enum DriverOutputParser {
    public static func parse(
        _ text: String, driver: String, frameCount: Int, readCount: Int, wantValues: Bool
    ) -> Result<DriverRun, DriverFailure> {
        var run = DriverRun(driver: driver)
        var pendingRefusals: [(op: Int, message: String)] = []
        var sawHeader = false, sawBuild = false, sawEnd = false
        var lineNumber = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = raw.last == "\r" ? raw.dropLast() : raw
            let f = line.split(separator: " ", omittingEmptySubsequences: true)
            func fail(_ reason: String) -> Result<DriverRun, DriverFailure> {
                .failure(DriverFailure(driver: driver, reason: reason, line: lineNumber, text: String(line)))
            }
            if f.isEmpty { continue }
            if !sawHeader {
                guard f[0] == "layoutbench-driver", f.count >= 2, f[1] == "1" else {
                    return fail("expected the header 'layoutbench-driver 1'")
                }
                sawHeader = true
                continue
            }
            if sawEnd { return fail("output after 'end'") }
            switch f[0] {
            case "build":
                guard f.count == 2, let ns = UInt64(f[1]) else { return fail("'build' needs one whole number of nanoseconds") }
                run.buildNanoseconds = ns
                sawBuild = true
            case "values":
                guard f.count >= 2, let frame = Int(f[1]) else { return fail("'values' needs a frame number") }
                guard f.count == 2 + readCount else { return fail("'values' has \(f.count - 2) values for \(readCount) variables") }
                var values: [Double] = []
                values.reserveCapacity(readCount)
                for x in f.dropFirst(2) {
                    guard let v = Double(x), v.isFinite else { return fail("'\(x)' is not a finite number") }
                    values.append(v)
                }
                if frame == 0 {
                    guard sawBuild, run.frames.isEmpty else { return fail("values for frame 0 must follow 'build'") }
                    run.initialValues = values
                } else {
                    guard frame == run.frames.count, run.frames[frame - 1].values == nil else {
                        return fail("values for frame \(frame) must follow its 'frame' line")
                    }
                    run.frames[frame - 1].values = values
                }
            case "refused":
                guard f.count >= 3, let frame = Int(f[1]), let op = Int(f[2]) else {
                    return fail("'refused' needs a frame number and an op index")
                }
                guard frame == run.frames.count + 1 else { return fail("refusal for frame \(frame) while frame \(run.frames.count + 1) runs") }
                pendingRefusals.append((op, f.dropFirst(3).joined(separator: " ")))
            case "frame":
                guard sawBuild else { return fail("'frame' before 'build'") }
                guard f.count == 3, let frame = Int(f[1]), let ns = UInt64(f[2]) else {
                    return fail("'frame' needs a frame number and whole nanoseconds")
                }
                guard frame == run.frames.count + 1, frame <= frameCount else {
                    return fail("expected frame \(run.frames.count + 1) of \(frameCount)")
                }
                if wantValues, frame > 1, run.frames[frame - 2].values == nil { return fail("frame \(frame - 1) has no values") }
                run.frames.append(DriverRun.Frame(nanoseconds: ns, refused: pendingRefusals, values: nil))
                pendingRefusals = []
            case "stopped":
                run.stoppedByTimeLimit = true
            case "end":
                sawEnd = true
            default:
                return fail("unknown record '\(f[0].prefix(40))'")
            }
        }
        func failAtEnd(_ reason: String) -> Result<DriverRun, DriverFailure> {
            .failure(DriverFailure(driver: driver, reason: reason, line: lineNumber, text: nil))
        }
        if !sawHeader { return failAtEnd("printed nothing (expected the header 'layoutbench-driver 1')") }
        if !sawBuild { return failAtEnd("ended before reporting 'build'") }
        if !sawEnd {
            return failAtEnd("ended after \(run.frames.count) of \(frameCount) frames without 'end'")
        }
        if !run.stoppedByTimeLimit, run.frames.count != frameCount {
            return failAtEnd("reported \(run.frames.count) of \(frameCount) frames without 'stopped'")
        }
        if wantValues {
            if run.initialValues == nil { return failAtEnd("no values for frame 0") }
            if let last = run.frames.last, last.values == nil { return failAtEnd("no values for frame \(run.frames.count)") }
        }
        return .success(run)
    }
}
