import ArgumentParser
import BenchHarness
import ExternalBackend
import LayoutModel
import SceneGenerator

// Argument types: ArgumentParser reads and checks every value, so a bad one is
// an error naming it before any work starts.

extension Family: ExpressibleByArgument {}

/// A back end named on the command line (`manual` and its alias `frames` included).
struct BackendChoice: ExpressibleByArgument, CustomStringConvertible {
    let type: any LayoutBackend.Type
    /// As given: `cassowary`, `kiwi`, `exec:COMMAND`.
    let argument: String
    /// An external driver (a peer run out of process), not a built-in back end.
    var isExternal: Bool { DriverRegistry.isExternal(argument) }

    /// A built-in back end, a shipped driver (`kiwi`, ...) or `exec:COMMAND`.
    init?(argument: String) {
        guard let type = BackendRegistry.resolve(argument) else { return nil }
        self.type = type
        self.argument = argument
    }

    var description: String { type.name }
    static var allValueStrings: [String] { BackendRegistry.namesWithDrivers }
}

/// Parses `a,b,c` into values with `parse`, naming the first one that is not valid.
func commaList<T>(_ what: String, _ parse: @escaping @Sendable (String) -> T?) -> @Sendable (String) throws -> [T] {
    { text in
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0).trimmingWhitespace()
        }
        guard !(parts.count == 1 && parts[0].isEmpty) else { throw ValidationError("the list is empty") }
        return try parts.map { part in
            guard !part.isEmpty else { throw ValidationError("the list '\(text)' has an empty entry") }
            guard let value = parse(part) else { throw ValidationError("'\(shortenedForMessage(part))' is not \(what)") }
            return value
        }
    }
}

@Sendable func positiveCount(_ text: String) -> Int? { Int(text).flatMap { $0 > 0 ? $0 : nil } }

@Sendable func backendList(_ text: String) throws -> [BackendChoice] {
    try commaList("a back end (known: \(BackendRegistry.namesWithDrivers.joined(separator: ", ")))", { BackendChoice(argument: $0) })(text)
}

@Sendable func familyList(_ text: String) throws -> [Family] {
    try commaList("a family (known: \(Family.allCases.map(\.rawValue).joined(separator: ", ")))", { Family(rawValue: $0) })(text)
}

@Sendable func viewCountList(_ text: String) throws -> [Int] {
    try commaList("a positive whole number of views", positiveCount)(text)
}

/// A whole number, with a message that says what is wrong with it (negative, too large, not a number).
func wholeNumber(_ option: String, atLeast minimum: Int, atMost maximum: Int = Int.max) -> @Sendable (String) throws -> Int {
    { text in
        guard let value = Int(text) else {
            if text.allSatisfy({ $0.isNumber || $0 == "-" }), text.contains(where: \.isNumber) {
                throw ValidationError("\(option) \(shortenedForMessage(text)) is out of range (\(minimum)...\(maximum))")
            }
            throw ValidationError("\(option) takes a whole number, not '\(shortenedForMessage(text))'")
        }
        if value < 0, minimum >= 0 { throw ValidationError("\(option) must not be negative, got \(value)") }
        guard value >= minimum, value <= maximum else {
            throw ValidationError("\(option) must be in \(minimum)...\(maximum), got \(value)")
        }
        return value
    }
}

/// `--memory-limit` in MiB: at least 1, and small enough that the byte count fits in an Int.
@Sendable func memoryLimitMiB(_ text: String) throws -> Int {
    try wholeNumber("--memory-limit", atLeast: 1, atMost: Int.max >> 20)(text)
}

/// A whole number from 0 to UInt64.max (a seed), with a message that says what is wrong with it.
func unsignedWholeNumber(_ option: String) -> @Sendable (String) throws -> UInt64 {
    { text in
        if let value = UInt64(text) { return value }
        if let negative = Int(text), negative < 0 { throw ValidationError("\(option) must not be negative, got \(negative)") }
        if text.allSatisfy(\.isNumber), !text.isEmpty {
            throw ValidationError("\(option) \(shortenedForMessage(text)) is out of range (0...\(UInt64.max))")
        }
        throw ValidationError("\(option) takes a whole number, not '\(shortenedForMessage(text))'")
    }
}

/// A finite number (`nan` and `inf` would flow into the arithmetic unnoticed).
func finiteNumber(_ option: String) -> @Sendable (String) throws -> Double {
    { text in
        guard let value = Double(text) else { throw ValidationError("\(option) takes a number, not '\(shortenedForMessage(text))'") }
        guard value.isFinite else { throw ValidationError("\(option) must be a finite number, got \(shortenedForMessage(text))") }
        return value
    }
}

/// The longest duration an option in seconds takes (about 116 days): far beyond any run, and
/// small enough that its milliseconds fit any clock's integer count.
let longestSeconds = 10_000_000.0

/// A duration in seconds: more than 0 (or 0 when `zeroAllowed`) and at most `longestSeconds`;
/// `nan` and `inf` are refused with the same message.
func durationSeconds(_ option: String, zeroAllowed: Bool = false) -> @Sendable (String) throws -> Double {
    { text in
        guard let value = Double(text) else { throw ValidationError("\(option) takes a number, not '\(shortenedForMessage(text))'") }
        guard zeroAllowed ? value >= 0 : value > 0, value <= longestSeconds else {
            let what = zeroAllowed ? "0 or a positive number of seconds" : "a positive number of seconds"
            throw ValidationError("\(option) must be \(what) (at most \(Int(longestSeconds))), got \(shortenedForMessage(text))")
        }
        return value
    }
}

/// `--backend` and its older spelling `--backends` (kept, hidden) as one list.
func chosenBackends(_ primary: [BackendChoice]?, _ alias: [BackendChoice]?) throws -> [any LayoutBackend.Type] {
    try chosenBackendChoices(primary, alias)?.map(\.type) ?? BackendRegistry.all
}

/// The `--backend` list as given (nil: the default, every built-in back end).
func chosenBackendChoices(_ primary: [BackendChoice]?, _ alias: [BackendChoice]?) throws -> [BackendChoice]? {
    if primary != nil, alias != nil { throw ValidationError("give --backend once (--backends is its older spelling)") }
    return primary ?? alias
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s.removeFirst() }
        while s.last?.isWhitespace == true { s.removeLast() }
        return String(s)
    }
}
