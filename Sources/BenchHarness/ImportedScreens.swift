// Imported real screens for the default bench suite, beside the synthetic families: built from
// the screens embedded in IBImport, so the suite needs no file outside the package.

import IBImport
import LayoutModel

public enum ImportedScreens {
    /// One imported scene of the suite: its name in the results and how to build it.
    public struct Entry: Sendable {
        public var name: String
        public var screen: String
        public var replicate: Int?
        public var animation: IBAnimation

        /// The scene with `frames` frames of the animation; errors name the screen.
        public func make(frames: Int) throws -> BenchScene {
            let scenes = try IBScreens.scenes(screen, replicate: replicate, animate: animation, frames: max(1, frames))
            var scene = scenes[0].scene
            scene.name = name
            return BenchScene(name: name, family: nil, scene: try scene.compile())
        }
    }

    /// The login screen rotated to landscape, the settings screen's rows pushed down 96 pt
    /// (a constraint animation), and the profile cell replicated 1,000 times, rotated.
    public static let defaultSuite: [Entry] = [
        Entry(name: "ib-login-rotate", screen: "LoginScreen", animation: .rotate),
        Entry(name: "ib-settings-rows-top", screen: "SettingsScreen", animation: .constraint(id: "rows-top", to: 120)),
        Entry(name: "ib-profilecell-x1000-rotate", screen: "ProfileCell", replicate: 1_000, animation: .rotate),
    ]
}
