"""Mexican Train bots: easy, standard and expert (heuristic), and the train planner."""
