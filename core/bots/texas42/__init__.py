"""Texas 42 bots: easy and standard (heuristic), expert (search)."""
