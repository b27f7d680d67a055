// Reading scene files: a regular file is decoded as it is read, in chunks, so neither
// the whole file nor a tree of its JSON values is held; any other input (standard
// input, a pipe) is read whole first. A file with a problem is read again, whole,
// by the tree decoder, which words every message.

extension Scene {
    /// Reads the scene in a file (`-` is standard input) and lists the problems found reading it.
    public static func decodeFile(_ path: String) throws(LayoutError) -> DecodedScene {
        guard path != "-", Platform.kind(of: path) == .regular else { return decode(try readFile(path)) }
        if let scene = streamedFile(path) { return DecodedScene(scene: scene, diagnostics: []) }
        return decodeTree(try readFile(path))
    }

    /// Reads the scene in a file (`-` is standard input), as `load` reads bytes.
    public static func loadFile(_ path: String, allowOpErrors: Bool = true) throws(LayoutError) -> Scene {
        try accepting(decodeFile(path), allowOpErrors: allowOpErrors)
    }

    /// A well-formed scene decoded as the file is read; `nil` on any problem, including
    /// one opening or reading the file (reading it again reports it).
    static func streamedFile(_ path: String, chunkSize: Int = 1 << 20) -> Scene? {
        let fd = Platform.openForReading(path)
        guard fd >= 0 else { return nil }
        defer { _ = Platform.closeDescriptor(fd) }
        var decoder = SceneStreamDecoder(SceneByteStream(chunkSize: chunkSize) { Platform.readBytes(fd, into: $0) })
        return decoder.scene()
    }

    /// Reads a file (a `/proc` file too: it reads to the end, not to a size); `-` is standard input.
    public static func readFile(_ path: String) throws(LayoutError) -> [UInt8] {
        func failure() -> LayoutError {
            .io(FileError(path: path, action: "read", reason: Platform.errorText(Platform.lastError)).description)
        }
        if Platform.kind(of: path) == .directory {
            throw .io(FileError(path: path, action: "read", reason: "it is a folder").description)
        }
        let fd = path == "-" ? 0 : Platform.openForReading(path)
        guard fd >= 0 else { throw failure() }
        defer { if fd != 0 { _ = Platform.closeDescriptor(fd) } }
        // The chunk is left uninitialised: only the pages a read fills become resident,
        // so reading `/proc/self/status` does not raise the peak it reports.
        return try withUnsafeTemporaryAllocation(byteCount: 1 << 20, alignment: 1) { (chunk) throws(LayoutError) -> [UInt8] in
            var bytes: [UInt8] = []
            while true {
                let n = Platform.readBytes(fd, into: chunk)
                if n < 0 { throw failure() }
                if n == 0 { return bytes }
                bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<n]))
            }
        }
    }
}
