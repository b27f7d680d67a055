import Foundation

/// The drivers shipped with the suite, by name, and `exec:COMMAND` for any other.
public enum DriverRegistry {
    /// Names `--backend` accepts besides the built-in back ends.
    public static let shippedNames = ["kiwi", "kiwisolver", "cassowary-py", "yoga", "taffy"]

    public static func isExternal(_ name: String) -> Bool {
        name.hasPrefix("exec:") || shippedNames.contains(name)
    }

    /// The driver a back-end name stands for, or nil for a name that is not external.
    public static func driver(named name: String) -> DriverSpec? {
        if name.hasPrefix("exec:") {
            let command = String(name.dropFirst("exec:".count))
            return command.isEmpty
                ? DriverSpec(name: name, command: nil, unavailableReason: "exec: needs a command, e.g. exec:'python3 my_driver.py'")
                : DriverSpec(name: name, command: command)
        }
        guard shippedNames.contains(name) else { return nil }
        guard let root = packageRoot() else {
            return DriverSpec(
                name: name, command: nil,
                unavailableReason: "cannot find scripts/drivers (run from the package folder or set LAYOUTBENCH_ROOT)")
        }
        let drivers = root + "/scripts/drivers"
        switch name {
        case "kiwi":
            let binary = root + "/.build-kiwi/kiwi_driver"
            if FileManager.default.isExecutableFile(atPath: binary) { return DriverSpec(name: name, command: quoted(binary)) }
            return DriverSpec(
                name: name, command: nil,
                unavailableReason: "the native kiwi driver is not built (run scripts/setup_kiwi.sh)" + lastLines(root + "/.build-kiwi/build.log"))
        case "yoga":
            let binary = root + "/.build-yoga/yoga_driver"
            if FileManager.default.isExecutableFile(atPath: binary) {
                return DriverSpec(name: name, command: quoted(binary), input: .flexbox)
            }
            return DriverSpec(
                name: name, command: nil,
                unavailableReason: "the native Yoga driver is not built (run scripts/setup_yoga.sh)" + lastLines(root + "/.build-yoga/build.log"),
                input: .flexbox)
        case "taffy":
            return DriverSpec(name: name, command: "python3 " + quoted(drivers + "/taffy_driver.py"), input: .flexbox)
        case "kiwisolver":
            return DriverSpec(name: name, command: "python3 " + quoted(drivers + "/kiwisolver_driver.py"))
        default:
            return DriverSpec(name: name, command: "python3 " + quoted(drivers + "/cassowary_driver.py"))
        }
    }

    /// The folder holding scripts/drivers: LAYOUTBENCH_ROOT, the working directory, or an
    /// ancestor of the executable (it sits in .build/CONFIG/ inside the package).
    public static func packageRoot() -> String? {
        let fm = FileManager.default
        if let root = ProcessInfo.processInfo.environment["LAYOUTBENCH_ROOT"] { return root }
        if fm.fileExists(atPath: "scripts/drivers") { return fm.currentDirectoryPath }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            if fm.fileExists(atPath: dir.appendingPathComponent("scripts/drivers").path) { return dir.path }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    /// "; its last build said: …" from a setup script's log, or nothing.
    static func lastLines(_ log: String) -> String {
        let text = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").suffix(3).joined(separator: " | ") ?? ""
        return text.isEmpty ? "" : "; its last build said: \(text)"
    }

    static func quoted(_ path: String) -> String { "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
