// Tests for CassowarySolver.
