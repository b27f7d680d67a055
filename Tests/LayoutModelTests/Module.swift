// Tests for LayoutModel.
