"""Moon bots: easy and standard (heuristic), expert (search)."""
