// Helpers shared by the test targets (a regular target that only tests depend on).

import LayoutModel

/// Plays `scene` on `backend` and returns the rectangles after the initial solve and after every frame.
public func solveFrames(
    _ scene: Scene, _ backend: any LayoutBackend.Type, options: BackendOptions = BackendOptions()
) throws -> [[Double]] {
    let compiled = try scene.compile()
    let session = try SceneSession(scene: compiled, backend: backend, options: options)
    var out = [session.rects]
    for f in compiled.frames.indices {
        try session.runFrame(f)
        out.append(session.rects)
    }
    return out
}

/// Plays `scene` on `backend`, returning each frame's refusal messages (frame 0 has none).
public func refusals(_ scene: Scene, _ backend: any LayoutBackend.Type) throws -> [[String]] {
    let compiled = try scene.compile()
    let session = try SceneSession(scene: compiled, backend: backend)
    var out: [[String]] = [[]]
    for f in compiled.frames.indices { out.append(try session.runFrame(f)) }
    return out
}
