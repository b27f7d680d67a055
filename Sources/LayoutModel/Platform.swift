// Every call into the C library lives here (and in HelperThread.swift, for a thread),
// behind one import guard, so the package builds on Linux (Glibc) and macOS (Darwin) alike.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file operation that failed: which file, what was being done, and the system's reason.
public struct FileError: Error, CustomStringConvertible, Sendable, Equatable {
    public var path: String
    public var action: String
    public var reason: String

    public init(path: String, action: String, reason: String) {
        self.path = path
        self.action = action
        self.reason = reason
    }

    public var description: String { "cannot \(action) '\(shortenedForMessage(path))': \(reason)" }
}

/// Thin wrappers over the C library; each returns the `errno` text on failure.
public enum Platform {
    public static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

    public static var lastError: Int32 { errno }

    public static func openForReading(_ path: String) -> Int32 { open(path, O_RDONLY) }

    /// Creates `path`, failing if it exists (for private temporary files).
    public static func createExclusive(_ path: String) -> Int32 {
        open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    }

    /// Opens an existing file that is not a regular file (a device or a pipe) for writing.
    public static func openForWriting(_ path: String) -> Int32 { open(path, O_WRONLY) }

    /// Bytes read, 0 at the end, -1 on error.
    public static func readBytes(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let n = read(fd, buffer.baseAddress!, buffer.count)
            if n < 0, errno == EINTR { continue }
            return n
        }
    }

    /// Writes all of `bytes`, retrying short writes; the errno of the first failure, or nil.
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if n == 0 { return EIO }
            offset += n
        }
        return nil
    }

    /// Writes `text` to an existing file or device (`/proc/self/clear_refs`); whether
    /// all of it was written and the file closed without error.
    public static func writeToExisting(_ path: String, _ text: String) -> Bool {
        let fd = open(path, O_WRONLY)
        guard fd >= 0 else { return false }
        let failed = Array(text.utf8).withUnsafeBytes { writeAll(fd, $0) }
        return close(fd) == 0 && failed == nil
    }

    /// The errno of a failed close, or nil.
    public static func closeDescriptor(_ fd: Int32) -> Int32? { close(fd) == 0 ? nil : errno }

    public static func renameFile(_ from: String, to: String) -> Int32? { rename(from, to) == 0 ? nil : errno }

    public static func removeFile(_ path: String) { _ = unlink(path) }

    public enum FileKind { case missing, regular, directory, other }

    public static func kind(of path: String) -> FileKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Creates a folder and its missing parents (`mkdir -p`).
    public static func makeDirectories(_ path: String) throws(FileError) {
        switch kind(of: path) {
        case .directory: return
        case .regular, .other:
            throw FileError(path: path, action: "create the folder", reason: "a file of that name exists")
        case .missing: break
        }
        var parent = path
        while parent.hasSuffix("/"), parent.count > 1 { parent.removeLast() }
        if let slash = parent.lastIndex(of: "/"), slash != parent.startIndex {
            try makeDirectories(String(parent[..<slash]))
        }
        if mkdir(path, 0o755) != 0, errno != EEXIST {
            throw FileError(path: path, action: "create the folder", reason: errorText(errno))
        }
    }

    public static var processID: Int32 { getpid() }

    /// Flushes every C stream and says whether a write to standard output failed. C's
    /// `stdout` stream keeps the error (glibc writes nothing more once a write fails, so a
    /// last flush succeeds); the stream is found by name, as Swift 6 refuses the global
    /// variable itself as shared mutable state. `errno` holds the failure's reason.
    public static func standardOutputFailedWhenFlushed() -> Bool {
        if fflush(nil) != 0 { return true }
        guard let symbol = dlsym(nil, "stdout"),
              let stream = symbol.load(as: UnsafeMutablePointer<FILE>?.self)
        else { return false }
        return ferror(stream) != 0
    }

    /// The environment variable `name`, nil when unset.
    public static func environmentValue(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    public static let alreadyExists = EEXIST

    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }

    public static func exitProcess(_ status: Int32) -> Never { exit(status) }

    /// The kernel's name, release and machine (`uname -srm`).
    public static func systemName() -> String {
        var name = utsname()
        guard uname(&name) == 0 else { return "unknown system" }
        func text<T>(_ field: inout T) -> String {
            withUnsafeBytes(of: &field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return "\(text(&name.sysname)) \(text(&name.release)) \(text(&name.machine))"
    }
}

extension Platform {
    /// The machine's physical memory in bytes (0 when the system does not say).
    public static var physicalMemoryBytes: Double {
        let pages = sysconf(Int32(_SC_PHYS_PAGES)), pageSize = sysconf(Int32(_SC_PAGESIZE))
        return pages > 0 && pageSize > 0 ? Double(pages) * Double(pageSize) : 0
    }
}
