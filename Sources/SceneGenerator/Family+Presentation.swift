import LayoutModel

// How UIKit runs each family's animation: interactive changes are re-solved in
// every display frame; animation blocks are solved once and interpolated.

extension Family {
    /// Seconds a family's animation blocks last (a switch or a cell expanding: UIKit's
    /// default `UIView.animate` duration is 0.2 s, table row animations about 0.3 s).
    public static let transitionDuration = 0.3

    /// `interactive` or `transition`: how the family's frames that change something
    /// reach the screen. A toggle (a switch's animation block) and churn (a cell
    /// expanding, `tableView.performBatchUpdates`) are transitions; the slider (stack,
    /// grid), the window resize (tree), the drag (clamp), the scroll offset (scroll)
    /// mixed's stream of every op and the dragged card (movingtree) are interactive.
    public var runsAs: FramePresentation {
        switch self {
        case .toggle, .churn: return .transition(duration: Family.transitionDuration)
        case .stack, .tree, .grid, .clamp, .scroll, .mixed, .movingtree: return .interactive
        }
    }

    /// The presentations of `frames` as the family runs them: a transition family's
    /// frames with ops are transitions; its empty frames (the display frames between
    /// toggles, where nothing changes) stay interactive.
    func presentations(of frames: [Frame]) -> [FramePresentation] {
        guard runsAs.isTransition else { return [] }
        return frames.map { $0.isEmpty ? .interactive : runsAs }
    }
}
