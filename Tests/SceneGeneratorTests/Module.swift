// Tests for SceneGenerator.
