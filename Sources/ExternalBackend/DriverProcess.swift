import Dispatch
import Foundation
import LayoutModel
import SolverTrace

/// What a driver reads: the solver-level trace, or the scene's flexbox twin (JSON).
public enum DriverInput: Sendable, Hashable {
    case trace, flexbox
}

/// An external solver driver: a shell command that gets a trace file (or, for a flexbox
/// engine, the flexbox twin's JSON file) as its last argument.
public struct DriverSpec: Sendable, Hashable {
    /// What reports call it (`kiwi`, or `exec:COMMAND`).
    public var name: String
    /// Run with `/bin/sh -c 'exec COMMAND TRACE'`; nil when the driver is unavailable.
    public var command: String?
    /// Why the driver cannot run here (a failed build, a missing script).
    public var unavailableReason: String?
    public var input: DriverInput

    public init(name: String, command: String?, unavailableReason: String? = nil, input: DriverInput = .trace) {
        self.name = name
        self.command = command
        self.unavailableReason = unavailableReason
        self.input = input
    }
}

public enum DriverProcess {
    /// Writes `trace` to a temporary file, runs the driver on it for at most `wallSeconds`, and
    /// parses what it printed. Never throws: a driver that fails, hangs or prints garbage
    /// becomes a `DriverFailure` naming it and the offending line.
    public static func run(
        _ driver: DriverSpec, trace: String, frameCount: Int, readCount: Int, wantValues: Bool, wallSeconds: Double
    ) -> Result<DriverRun, DriverFailure> {
        guard let command = driver.command else {
            return .failure(DriverFailure(driver: driver.name, reason: "unavailable: \(driver.unavailableReason ?? "no command")"))
        }
        let directory = NSTemporaryDirectory() + "layoutbench-driver-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fm = FileManager.default
        do { try fm.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            return .failure(DriverFailure(driver: driver.name, reason: "cannot create \(directory): \(error)"))
        }
        defer { try? fm.removeItem(atPath: directory) }
        let tracePath = directory + (driver.input == .flexbox ? "/scene.flexbox.json" : "/scene.trace"), outPath = directory + "/stdout", errPath = directory + "/stderr"
        do {
            try trace.write(toFile: tracePath, atomically: false, encoding: .utf8)
            _ = fm.createFile(atPath: outPath, contents: nil)
            _ = fm.createFile(atPath: errPath, contents: nil)
        } catch {
            return .failure(DriverFailure(driver: driver.name, reason: "cannot write the trace: \(error)"))
        }
        guard let out = FileHandle(forWritingAtPath: outPath), let err = FileHandle(forWritingAtPath: errPath) else {
            return .failure(DriverFailure(driver: driver.name, reason: "cannot open \(outPath)"))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \(command) '\(tracePath)'"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        func stderrTail() -> String {
            let text = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").suffix(6).joined(separator: "\n")
        }
        do { try process.run() } catch {
            return .failure(DriverFailure(driver: driver.name, reason: "cannot start '\(command)': \(error)"))
        }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0.1, wallSeconds) * 1e9)
        var hung = false
        while process.isRunning {
            if DispatchTime.now().uptimeNanoseconds > deadline {
                hung = true
                process.terminate()
                let grace = DispatchTime.now().uptimeNanoseconds + 2_000_000_000
                while process.isRunning, DispatchTime.now().uptimeNanoseconds < grace { usleep(10_000) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                break
            }
            usleep(2_000)
        }
        process.waitUntilExit()
        try? out.close()
        try? err.close()
        let text = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        if hung {
            let lines = text.split(separator: "\n")
            return .failure(
                DriverFailure(
                    driver: driver.name, reason: "still running after the limit of \(formatNumber(wallSeconds)) s; stopped it",
                    line: lines.isEmpty ? nil : lines.count, text: lines.last.map(String.init), stderrTail: stderrTail()))
        }
        if process.terminationReason == .uncaughtSignal {
            return .failure(
                DriverFailure(driver: driver.name, reason: "killed by signal \(process.terminationStatus)", stderrTail: stderrTail()))
        }
        if process.terminationStatus != 0 {
            let lines = text.split(separator: "\n")
            return .failure(
                DriverFailure(
                    driver: driver.name, reason: "exited with status \(process.terminationStatus)",
                    line: lines.isEmpty ? nil : lines.count, text: lines.last.map(String.init), stderrTail: stderrTail()))
        }
        var result = DriverOutputParser.parse(
            text, driver: driver.name, frameCount: frameCount, readCount: readCount, wantValues: wantValues)
        switch result {
        case var .success(run):
            run.notes = stderrTail()
            result = .success(run)
        case var .failure(failure):
            failure.stderrTail = stderrTail()
            result = .failure(failure)
        }
        return result
    }
}
