// Tests for Equivalence.
