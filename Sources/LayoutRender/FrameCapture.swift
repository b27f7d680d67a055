import LayoutModel

/// Solves a scene up to one frame and returns the picture of that frame.
public enum FrameCapture {
    /// Frame `frame` (0 = the initial solve) on `backend`, with `overlay`'s rectangles dashed
    /// on top and the differing views highlighted when an overlay is given.
    public static func picture(
        sceneName: String, hierarchy: ViewHierarchy, scene: CompiledScene, frame: Int, backend: any LayoutBackend.Type,
        overlay: (any LayoutBackend.Type)? = nil, options: BackendOptions = BackendOptions()
    ) throws(LayoutError) -> FramePicture {
        guard frame >= 0, frame <= scene.frameCount else {
            throw .invalidScene(["--frame \(frame) is out of range: '\(sceneName)' has frames 0–\(scene.frameCount)"])
        }
        let session = try SceneSession(scene: scene, backend: backend, options: options)
        var other: SceneSession? = nil
        if let overlay { other = try SceneSession(scene: scene, backend: overlay, options: options) }
        var errors: [String] = []
        var otherErrors: [String] = []
        for f in 0..<frame {
            errors = try session.runFrame(f)
            if let other { otherErrors = try other.runFrame(f) }
        }
        var picture = FramePicture(
            sceneName: sceneName, hierarchy: hierarchy, frame: frame, backend: backend.name, rects: session.rects)
        picture.ops = OpText.lines(frame: frame, of: scene, limit: 40)
        picture.notes = errors.map { "refused: \($0)" }
        if let other {
            if otherErrors != errors { picture.notes += otherErrors.map { "\(other.backend) refused: \($0)" } }
            picture.overlay = (type(of: other.backend).name, other.rects)
            picture.highlighted = RectDifference.views(session.rects, other.rects)
        }
        return picture
    }
}
