// Tests for DenseSimplex.
