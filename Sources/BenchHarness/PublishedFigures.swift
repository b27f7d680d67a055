import SceneGenerator

// What each published workload's source states: where it comes from, on what machine and
// in what year, and its figures (or that it gives none), for results/published.md.

struct PublishedSource {
    var title: String
    var source: String
    /// The source's own figures as Markdown (a table or a sentence).
    var figures: String
    /// What ours is set beside: the ratio the source draws, read here.
    var comparison: String
}

extension PublishedSource {
    static func of(_ w: PublishedWorkload) -> PublishedSource {
        switch w {
        case .cassowaryChain:
            return PublishedSource(
                title: "Cassowary paper: chain", source: "Badros, Borning & Stuckey, ACM TOCHI 2001, §3.3.1, Fig. 11 (Smalltalk, 800 MHz Pentium, Windows 2000)",
                figures: "Chain of 1,000:\n\n" + PaperPhases.of(w)!.markdown + """

                    (Our reading of the figure: its text reached us with the rows' labels and numbers interleaved, and we \
                    pair them in order. The paper calls adding the edit "a pessimal case for both solvers, in that every \
                    constraint must be touched", which would fit the 12,528 ms pair better: the two middle rows may be swapped.)
                    """,
                comparison: "the paper's Cassowary ÷ DeltaBlue (a local-propagation solver) beside our cassowary and factored ÷ manual (frame arithmetic, one pass in dependency order)")
        case .cassowaryTree:
            return PublishedSource(
                title: "Cassowary paper: tree", source: "Badros, Borning & Stuckey, ACM TOCHI 2001, §3.3.3, Fig. 13 (same machine)",
                figures: "Binary tree of depth 10:\n\n" + PaperPhases.of(w)!.markdown,
                comparison: "as for the chain")
        case .enamlWindow:
            return PublishedSource(
                title: "kiwi's enaml-like benchmark", source: "kiwisolver 1.5 sdist, benchmarks/enaml_like_benchmark.cpp (nanobench)",
                figures: "The sdist publishes the benchmark, not figures: kiwi's own numbers below are measured here, in the same run.",
                comparison: "kiwi in process (nanobench) beside the kiwi driver out of process and every back end in the harness")
        case .longRow, .deepHierarchy, .collectionView, .movingTree, .hierarchyRemoval:
            return PublishedSource(
                title: "WWDC 2018 talk 220: \(w.rawValue)", source: "Apple, \"High Performance Auto Layout\", WWDC 2018 (iOS 11 against iOS 12, device not stated)",
                figures: "A bar chart on a 0–180 axis with no unit or values; the talk's claims are the shapes' behaviour: iOS 12 scales linearly, \"you pay for what you use\", local changes stay local.",
                comparison: "the growth exponent (1 = linear) of build and of a frame, against the talk's \"linear\"")
        case .feedCell:
            return PublishedSource(
                title: "LayoutFrameworkBenchmark: news-feed cell", source: "layoutBox/LayoutFrameworkBenchmark (Auto Layout variant of the feed item, per iPhone and iOS version)",
                figures: "Published as charts (images) per device, which we could not read as numbers; the benchmark times creating and laying out 1 to 100 cells.",
                comparison: "build (create and lay out) and a re-layout of every cell, and their growth exponents from 1 to 10,000 cells")
        case .flat, .nested:
            return PublishedSource(
                title: "Flat vs nested: \(w.rawValue)", source: "blog posts on Auto Layout performance, 2013 (about 600 views on an iPad)",
                figures: "\"Seconds\" for ~600 views constrained to the root, much less with each view constrained to its superview; no exact figures.",
                comparison: "flat ÷ nested at the same size, and both growth exponents")
        }
    }
}
