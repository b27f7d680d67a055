// Module BenchHarness: see the README's architecture section.
