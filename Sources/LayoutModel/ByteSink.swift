// Buffered output that never fails in silence: every write is checked, and a
// file is written under a temporary name and renamed into place only when
// everything was written, so a failed command leaves no partial or empty file.

/// Buffered output to a file, a descriptor, or memory, flushed in 1 MiB chunks.
/// Call `finish()` to learn whether everything was written.
public final class ByteSink {
    public private(set) var buffer: [UInt8] = []
    private var fd: Int32?
    private let ownsDescriptor: Bool
    /// What messages call the destination: a path, or "standard output".
    public let name: String
    /// For a regular file: the temporary file written first, renamed to `name` by `finish()`.
    private var temporaryPath: String?
    private var failure: FileError?
    private var finished = false
    /// Written out and closed (`finishWriting`), not yet renamed.
    private var closed = false
    private let chunk = 1 << 20

    /// Collects everything in memory (`buffer`, `string`).
    public init() {
        fd = nil
        ownsDescriptor = false
        name = "memory"
    }

    public init(fileDescriptor: Int32, name: String = "standard output") {
        fd = fileDescriptor
        ownsDescriptor = false
        self.name = name
        buffer.reserveCapacity(chunk + 4096)
    }

    /// Writes `path`: a regular file (new or replaced) through a temporary file in
    /// the same folder; a device or pipe (`/dev/stdout`, `/dev/full`) directly.
    public init(path: String) throws(FileError) {
        name = path
        ownsDescriptor = true
        switch Platform.kind(of: path) {
        case .directory:
            throw FileError(path: path, action: "write", reason: "it is a folder")
        case .other:
            let descriptor = Platform.openForWriting(path)
            guard descriptor >= 0 else {
                throw FileError(path: path, action: "write", reason: Platform.errorText(Platform.lastError))
            }
            fd = descriptor
        case .missing, .regular:
            let slash = path.lastIndex(of: "/")
            let folder = slash.map { String(path[...$0]) } ?? ""
            let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
            var attempt = 0
            while true {
                let candidate = "\(folder).\(base).partial-\(Platform.processID)-\(attempt)"
                let descriptor = Platform.createExclusive(candidate)
                if descriptor >= 0 {
                    fd = descriptor
                    temporaryPath = candidate
                    break
                }
                let code = Platform.lastError
                attempt += 1
                if code != Platform.alreadyExists || attempt > 100 {
                    throw FileError(path: path, action: "write", reason: Platform.errorText(code))
                }
            }
        }
        buffer.reserveCapacity(chunk + 4096)
    }

    public static var standardOutput: ByteSink { ByteSink(fileDescriptor: 1) }

    @inline(__always)
    public func write(_ string: String) {
        var s = string
        s.withUTF8 { buffer.append(contentsOf: $0) }
        if fd != nil, buffer.count >= chunk { flush() }
    }

    public func write(byte: UInt8) { buffer.append(byte) }

    public var string: String { String(decoding: buffer, as: UTF8.self) }

    /// Sends the buffer on; a failure is kept for `finish()` and later writes are dropped.
    public func flush() {
        guard let fd, !buffer.isEmpty else { return }
        if failure == nil, let code = buffer.withUnsafeBytes({ Platform.writeAll(fd, $0) }) {
            failure = FileError(path: name, action: "write", reason: Platform.errorText(code))
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, closes, and (for a file) renames the temporary file into place.
    /// Throws the first failure; a failed file leaves nothing behind.
    public func finish() throws(FileError) {
        try finishWriting()
        guard !finished else { return }
        finished = true
        if let temporaryPath, let code = Platform.renameFile(temporaryPath, to: name) {
            Platform.removeFile(temporaryPath)
            throw FileError(path: name, action: "write", reason: Platform.errorText(code))
        }
    }

    /// `finish()` but the rename: flushes and closes, and throws the first failure (the
    /// temporary file removed). A command writing several files calls it on each before
    /// finishing any, so that one failed write leaves none of them in place; a sink
    /// dropped after it still removes its temporary file.
    public func finishWriting() throws(FileError) {
        guard !finished, !closed else { return }
        closed = true
        flush()
        if ownsDescriptor, let fd, let code = Platform.closeDescriptor(fd), failure == nil {
            failure = FileError(path: name, action: "write", reason: Platform.errorText(code))
        }
        fd = nil
        if let failure {
            finished = true
            if let temporaryPath { Platform.removeFile(temporaryPath) }
            throw failure
        }
    }

    /// Gives up: closes and removes the temporary file, leaving any older file untouched.
    public func discard() {
        guard !finished else { return }
        finished = true
        buffer.removeAll()
        if ownsDescriptor, let fd { _ = Platform.closeDescriptor(fd) }
        fd = nil
        if let temporaryPath { Platform.removeFile(temporaryPath) }
    }

    deinit {
        // Not finished: a file is abandoned (no partial output); a shared descriptor still gets its bytes.
        if temporaryPath != nil || ownsDescriptor { discard() } else { flush() }
    }
}

/// Writes `text` to `path` completely or not at all.
public func writeFile(_ text: String, to path: String) throws(FileError) {
    let sink = try ByteSink(path: path)
    sink.write(text)
    try sink.finish()
}

/// Writes the files `paths`, all or nothing: `body(i, sink)` writes file `i`'s text,
/// each under a temporary name, and once every one is written they are renamed into
/// place, so one failed write leaves none of them (a command's several outputs, as
/// `bench`'s results and report). Throws the first failure; only a rename failing
/// after every write succeeded leaves the files renamed before it.
public func writeFiles(_ paths: [String], _ body: (Int, ByteSink) -> Void) throws(FileError) {
    var written: [ByteSink] = []
    written.reserveCapacity(paths.count)
    for (i, path) in paths.enumerated() {
        let sink = try ByteSink(path: path)
        body(i, sink)
        try sink.finishWriting()
        written.append(sink)
    }
    for sink in written { try sink.finish() }
}
