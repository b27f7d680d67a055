import LayoutModel

/// Workloads that others have measured and published, rebuilt as scenes so that the
/// suite's figures can be set beside theirs (README, "Published workloads", has each
/// one's source, what it measured, and what the scene models and cannot).
///
/// They are kept apart from `Family` so that the default suite does not change. Each
/// takes one size: the number the source varies (chain length, tree depth, cells, views).
public enum PublishedWorkload: String, CaseIterable, Sendable {
    /// Cassowary paper, chain benchmark: `x1 == x2 == … == xn` (required), a weak stay on
    /// `xn`; frame 0 adds a strong edit to `x1`, every later frame suggests a new value.
    /// Size: n, the chain's length (views).
    case cassowaryChain = "cassowary-chain"
    /// Cassowary paper, tree benchmark: a binary tree of depth d, each interior node the
    /// sum of its children, a weak stay on each leaf; frame 0 adds a strong edit to the
    /// root, later frames suggest values. Size: the depth d (`2^d - 1` views).
    case cassowaryTree = "cassowary-tree"
    /// kiwi's `enaml_like_benchmark`: a window of three label/field rows and a control,
    /// 111 constraints at five strengths; two edits (width, height) suggested six sizes
    /// in turn, each held for a sixth of the frames. Size: ignored (always 10 views).
    case enamlWindow = "enaml-window"
    /// WWDC 2018 talk 220, "Long Row": n views side by side in one superview.
    case longRow = "long-row"
    /// WWDC 2018 talk 220, "Deep Hierarchy": n views, each inset in the one before.
    case deepHierarchy = "deep-hierarchy"
    /// WWDC 2018 talk 220, "Collection View": cells of an image and a label, four a row.
    case collectionView = "collection-view"
    /// WWDC 2018 talk 220, "Moving Tree": a tree of superview-relative views whose
    /// first subtree moves every frame.
    case movingTree = "moving-tree"
    /// WWDC 2018 talk 220, "Hierarchy Removal": subtrees detached from (and put back
    /// into) a tree, one per frame.
    case hierarchyRemoval = "hierarchy-removal"
    /// LayoutFrameworkBenchmark's news-feed cell (21 views) stacked n times.
    case feedCell = "feed-cell"
    /// "Flat vs nested": n views in a fanout-4 hierarchy, each constrained to the root.
    case flat = "flat"
    /// The same hierarchy, each view constrained to its immediate superview.
    case nested = "nested"

    /// What the size counts, for tables.
    public var sizeName: String {
        switch self {
        case .cassowaryChain: return "chain length"
        case .cassowaryTree: return "tree depth"
        case .enamlWindow: return "(fixed)"
        case .feedCell: return "cells"
        default: return "views"
        }
    }

    /// Whether frame 0 adds the edit that later frames suggest (the source times it apart).
    public var addsEditInFirstFrame: Bool { self == .cassowaryChain || self == .cassowaryTree }
}

extension SceneGenerator {
    /// The scene of `workload` at `size` with `frames` frames; always the same scene.
    public static func generate(_ workload: PublishedWorkload, size: Int, frames: Int = 60) -> Scene {
        var g = Builder(name: "\(workload.rawValue)-\(size)", frames: frames, seed: 1)
        let n = max(1, size)
        switch workload {
        case .cassowaryChain: g.cassowaryChain(length: max(2, n))
        case .cassowaryTree: g.cassowaryTree(depth: min(max(2, n), 20))
        case .enamlWindow: g.enamlWindow()
        case .longRow: g.longRow(views: n)
        case .deepHierarchy: g.deepHierarchy(views: n)
        case .collectionView: g.collectionView(views: n)
        case .movingTree: g.movingTree(views: n)
        case .hierarchyRemoval: g.hierarchyRemoval(views: n)
        case .feedCell: g.feedCells(count: n)
        case .flat: g.flatOrNested(views: n, nested: false)
        case .nested: g.flatOrNested(views: n, nested: true)
        }
        return Scene(name: g.name, views: g.views, constraints: g.constraints, edits: g.edits, frames: g.frames)
    }
}
