// Module DenseSimplex: see the README's architecture section.
