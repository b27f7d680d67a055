// Module SceneGenerator: see the README's architecture section.
