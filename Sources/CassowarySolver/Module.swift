// Module CassowarySolver: see the README's architecture section.
