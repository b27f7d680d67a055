/// A root 0,0 100×200 holding `a` (a 10 pt square at left 0, top 5 by constraint `top`)
/// and `b` (2 pt, at 1,1 inside `a`): the smallest scene in which a container's move,
/// a `layout` op and a bounds-origin change can be told apart. `frames` is the JSON
/// of its frames, as written.
public func nestedSquaresSceneJSON(name: String, frames: String) -> String {
    """
    {"format": "layoutbench-scene", "version": 1, "name": "\(name)", "views": [{"id": "root"}, {"id": "a", "parent": "root"},
      {"id": "b", "parent": "a"}],
     "constraints": [
      {"id": "rl", "first": "root.left", "relation": "=="}, {"id": "rt", "first": "root.top", "relation": "=="},
      {"id": "rw", "first": "root.width", "relation": "==", "constant": 100},
      {"id": "rh", "first": "root.height", "relation": "==", "constant": 200},
      {"id": "al", "first": "a.left", "relation": "==", "second": "root.left"},
      {"id": "top", "first": "a.top", "relation": "==", "second": "root.top", "constant": 5},
      {"id": "aw", "first": "a.width", "relation": "==", "constant": 10},
      {"id": "ah", "first": "a.height", "relation": "==", "constant": 10},
      {"id": "bl", "first": "b.left", "relation": "==", "second": "a.left", "constant": 1},
      {"id": "bt", "first": "b.top", "relation": "==", "second": "a.top", "constant": 1},
      {"id": "bw", "first": "b.width", "relation": "==", "constant": 2},
      {"id": "bh", "first": "b.height", "relation": "==", "constant": 2}],
     "frames": \(frames)}
    """
}
