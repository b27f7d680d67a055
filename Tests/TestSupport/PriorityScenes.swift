import LayoutModel

/// Small scenes whose answers are worked out by hand, shared by the back ends' tests.
public enum PriorityScenes {
    /// One view whose left is pulled to 0 at priority 2 and to 10 by 2,000 constraints at
    /// priority 1. Strict priorities answer [0, 0, 10, 10]; a weighted sum (kiwi's strengths)
    /// would move left to 10.
    public static func strict() -> Scene {
        let b = SceneBuilder(name: "strict")
        let a = b.view("a")
        b.add(a.top == 0)
        b.add(a.width == 10)
        b.add(a.height == 10)
        b.add(a.left == 0 ~ 2)
        for _ in 0..<2000 { b.add(a.left == 10 ~ 1) }
        return b.build()
    }

    /// Required bounds clamp a width and a left edge; the next priority decides inside the
    /// clamp, and the lowest loses to both. Answer: [0, 0, 50, 10].
    public static func clamp() -> Scene {
        let b = SceneBuilder(name: "clamp")
        let a = b.view("a")
        b.add(a.top == 0)
        b.add(a.height == 10)
        b.add(a.left >= 0)
        b.add(a.width <= 50)
        b.add(a.width == 80 ~ 750)  // clamped to 50
        b.add(a.left == -20 ~ 500)  // clamped to 0
        b.add(a.right == 40 ~ 250)  // loses to both
        return b.build()
    }
}
