// Messages echo what the user gave (ids, values, paths); a 50 MB id must not
// become 100 MB on standard error, so long runs are shortened to their ends.

/// `text` when short; otherwise its start and end around a count of what was left out.
public func shortenedForMessage(_ text: String, limit: Int = 80) -> String {
    let bytes = text.utf8
    guard bytes.count > limit else { return text }
    return String(decoding: shortened(Array(bytes)[...], limit: limit), as: UTF8.self)
}

/// Shortens every run of more than `limit` bytes without a space, quote or newline in `message`.
public func shorteningLongRuns(_ message: String, limit: Int = 120) -> String {
    let bytes = Array(message.utf8)
    guard bytes.count > limit else { return message }
    var out: [UInt8] = []
    var runStart = 0
    var changed = false
    func closeRun(at end: Int) {
        if end - runStart > limit {
            out += shortened(bytes[runStart..<end], limit: 80)
            changed = true
        } else {
            out += bytes[runStart..<end]
        }
    }
    for (i, b) in bytes.enumerated() where b == 0x20 || b == 0x22 || b == 0x27 || b == 0x0A {
        closeRun(at: i)
        out.append(b)
        runStart = i + 1
    }
    closeRun(at: bytes.count)
    return changed ? String(decoding: out, as: UTF8.self) : message
}

/// The first and last bytes of `run` (cut at character starts) around `…[N more bytes]…`.
private func shortened(_ run: ArraySlice<UInt8>, limit: Int) -> [UInt8] {
    func isContinuation(_ i: Int) -> Bool { i < run.endIndex && run[i] & 0xC0 == 0x80 }
    var headEnd = run.startIndex + limit * 3 / 4
    while headEnd > run.startIndex, isContinuation(headEnd) { headEnd -= 1 }
    var tailStart = run.endIndex - limit / 8
    while tailStart < run.endIndex, isContinuation(tailStart) { tailStart += 1 }
    let left = tailStart - headEnd
    return Array(run[run.startIndex..<headEnd]) + Array("…[\(left) more bytes]…".utf8) + Array(run[tailStart...])
}
