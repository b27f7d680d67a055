import Foundation
import LayoutModel

/// What a results file says about the machine and toolchain it was measured on.
public enum MachineProbe {
    /// `Linux 6.8.0 x86_64, AMD EPYC …` (the CPU model where /proc/cpuinfo names it).
    public static func machineDescription() -> String {
        var cpu = ""
        if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") })
        {
            cpu = line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        } else if let brand = shell("sysctl", "-n", "machdep.cpu.brand_string") {
            cpu = brand  // macOS
        }
        return Platform.systemName() + (cpu.isEmpty ? "" : ", \(cpu)")
    }

    /// A command's standard output, trimmed, or nil if it cannot run.
    public static func shell(_ arguments: String...) -> String? { shell(arguments) }

    public static func shell(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
