// Tests for FrameArithmetic.
