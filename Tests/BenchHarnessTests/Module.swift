// Tests for BenchHarness.
