// Benchmarks come with the harness.
