"""The frame every trick-game bot (Moon, Texas 42) shares: ``choose`` answers a
single legal command at once and hands any other decision to the method for
its phase (``bid``, ``trump``, ``play``; Moon's widow discard too)."""

from __future__ import annotations

import random
from typing import Any, Sequence

from core.commands import Command
from core.game import Phase


class TrickBot:
    level = "base"
    # The method that decides in each phase (other phases: "play").
    deciders = {Phase.BID: "bid", Phase.TRUMP: "trump"}

    def __init__(self, budget_s: float | None = None) -> None:
        self.budget_s = budget_s

    def choose(self, view: Any, legal: Sequence[Command], rng: random.Random) -> Command:
        legal = list(legal)
        if not legal:
            raise ValueError("no legal command to choose from")
        if len(legal) == 1:
            return legal[0]
        return self.decide(view, legal, rng)

    def decide(self, view: Any, legal: list[Command], rng: random.Random) -> Command:
        """A choice among two or more legal commands."""
        decider = getattr(self, self.deciders.get(view.phase, "play"))
        command: Command = decider(view, legal, rng)
        return command
