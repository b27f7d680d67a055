import LayoutModel
import LayoutRender

/// The picture `compare --pictures` writes on a disagreement: the frame where back ends part
/// ways, the first back end's rectangles solid, the other's dashed, the differing views in red.
public enum DisagreementPicture {
    public struct Written: Sendable {
        public var path: String
        /// Ids of the views whose rectangles differ at that frame.
        public var views: [String]
    }

    /// Replays `disagreement.frame` frames on the first two of `backends` that load the scene
    /// (the pair `compare` judged) and writes `directory/SCENE-frame-N.svg`.
    public static func write(
        _ disagreement: Equivalence.Disagreement, scene: CompiledScene, hierarchy: ViewHierarchy? = nil,
        backends: [any LayoutBackend.Type], options: BackendOptions = BackendOptions(), directory: String
    ) throws(LayoutError) -> Written {
        let pair = backends.filter { $0.assess(scene, options: options).declineReason == nil }
        guard pair.count >= 2 else { throw .unsupported("fewer than two back ends run '\(disagreement.scene)'") }
        // The reference is the first back end; the other is the first one whose rectangles differ there.
        var picture: FramePicture? = nil
        for other in pair.dropFirst() {
            let candidate = try FrameCapture.picture(
                sceneName: disagreement.scene, hierarchy: hierarchy ?? ViewHierarchy(flat: scene.viewIDs), scene: scene,
                frame: disagreement.frame, backend: pair[0], overlay: other, options: options)
            if picture == nil || !candidate.highlighted.isEmpty { picture = candidate }
            if !candidate.highlighted.isEmpty { break }
        }
        guard var picture else { throw .unsupported("no picture for '\(disagreement.scene)'") }
        picture.notes.insert("DISAGREEMENT: \(disagreement.message)", at: 0)
        let path = directory + "/" + fileName(disagreement.scene) + "-frame-\(disagreement.frame).svg"
        do {
            let sink = try ByteSink(path: path)
            let svg = picture.svg()
            svg.bytes.withUnsafeBufferPointer { sink.write(String(decoding: $0, as: UTF8.self)) }
            try sink.finish()
        } catch {
            throw .io("\(error)")
        }
        return Written(path: path, views: picture.highlighted.map { picture.hierarchy.ids[$0] })
    }

    /// A scene label as a file name: letters, digits, `-` and `_` kept, the rest `_`.
    static func fileName(_ label: String) -> String {
        let kept = label.unicodeScalars.map { s -> Character in
            (s.properties.isAlphabetic && s.isASCII) || ("0"..."9").contains(s) || s == "-" || s == "_" ? Character(s) : "_"
        }
        return String(kept)
    }
}
