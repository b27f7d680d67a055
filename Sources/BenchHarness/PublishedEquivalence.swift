import LayoutModel
import SceneGenerator

/// `bench --suite published` also checks that the back ends give the same layouts on every
/// workload, at its two smallest sizes: the exact back ends side by side (`Equivalence`), and
/// the kiwi driver against Cassowary (`PeerVerdict`), frame by frame.
public struct PublishedEquivalence: Sendable {
    public var scene: String
    public var views: Int
    public var frames: Int
    /// The exact back ends that ran side by side, and those that declined (with why).
    public var backends: [String]
    public var skipped: [(backend: String, reason: String)]
    /// The first disagreement between the exact back ends, or nil when they agree.
    public var disagreement: String?
    /// Frames at which some view was free (another layout as good): compared by violation totals.
    public var ambiguousFrames: Int
    public var kiwi: String
    public var kiwiPassed: Bool

    /// The sizes compared per workload.
    public static func sizes(_ w: PublishedWorkload) -> [Int] { Array(PublishedSuite.sizes(w).prefix(2)) }

    public static func check(_ w: PublishedWorkload, size: Int, frames: Int, exact: [any LayoutBackend.Type]) throws -> PublishedEquivalence {
        let bench = try PublishedSuite.bench(w, size: size, frames: frames)
        let outcome = Equivalence.compare(name: bench.name, scene: bench.scene, backends: exact)
        let peer = PeerVerdict.compare(peer: "kiwi", scene: bench.scene)
        return PublishedEquivalence(
            scene: bench.name, views: bench.scene.viewCount, frames: outcome.framesCompared, backends: outcome.backends,
            skipped: outcome.skipped, disagreement: outcome.disagreements.first.map(\.description),
            ambiguousFrames: outcome.ambiguousFrames, kiwi: peer.summary, kiwiPassed: peer.passed)
    }

    /// The report's section: one row per scene compared.
    public static func markdown(_ checks: [PublishedEquivalence]) -> String {
        guard !checks.isEmpty else { return "" }
        var s = "\n## Equivalence\n\n`compare` on each workload at its two smallest sizes, every frame: the exact back ends "
        s += "side by side (to the contract's tolerance, or by violation totals at each priority where a view is free), "
        s += "and the kiwi driver (†) against cassowary.\n\n"
        s += "| scene | views | frames | exact back ends | verdict | kiwi † |\n| --- | ---: | ---: | --- | --- | --- |\n"
        for c in checks {
            let verdict = c.disagreement.map { "DIFFER: \($0.prefix(160))" } ?? (c.ambiguousFrames > 0 ? "equivalent (free views at \(c.ambiguousFrames) frames)" : "same layouts")
            let declined = c.skipped.map { "\($0.backend) declines" }.joined(separator: ", ")
            s += "| \(c.scene) | \(c.views) | \(c.frames) | \(c.backends.joined(separator: ", "))\(declined.isEmpty ? "" : "; " + declined) | \(verdict) | \(c.kiwi.prefix(200)) |\n"
        }
        let failed = checks.filter { $0.disagreement != nil || !$0.kiwiPassed }.map(\.scene)
        s += failed.isEmpty ? "\nEvery workload: equivalent on every back end that runs it.\n" : "\nNot equivalent: \(failed.joined(separator: ", ")).\n"
        return s
    }
}
