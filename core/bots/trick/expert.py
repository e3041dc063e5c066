"""What the trick-game experts (Moon, Texas 42) share: their work budget, and
how ``analyse`` hands each decision to its search (``choose`` takes the best).

Each game's expert subclasses :class:`TrickExpertBot`, names its rule-based
bot (``standard_bot``, whose choice breaks ties the search cannot tell apart),
sets how bids and trumps are searched (``decide_depth``, ``decide_samples``)
and writes one ``_analyse_*`` method per kind of decision, each giving every
choice as a :class:`~core.bots.base.Rated` row (value, reason and the figure a
hint shows).

Times are the whole decision's, counted from the moment ``analyse`` (or
``choose``) is asked: what went before the search (the view's hidden tiles, the
groups) is taken off the search's time, and a reserve (:data:`RESERVE_SHARE`,
at least :data:`RESERVE_MIN_S`) is kept back for the search's overrun past its
clock and the ranking after it, so a play's decision ends within its budget.

``min_deals`` (hints: 32) makes every decision rest on at least that many
sampled deals: the clock is shared among them, a slow machine goes on past the
clock (deep search up to ``HINT_HARD_S``), and any deals still owed then get the
one-trick search, so the floor always holds and the search always ends.
"""

from __future__ import annotations

import random
import time
from typing import Any, Sequence

from core.bots.base import Rated
from core.bots.trick.bot import TrickBot
from core.bots.trick.sampling import SearchBudget, rank_with_tiebreak
from core.commands import Command
from core.game import Phase

DEFAULT_PLAY_S = 0.5      # seconds per play by default
DECIDE_FACTOR = 3         # a bid, discard or trump gets this many times the play budget ...
DECIDE_MAX_S = 2.5        # ... but never more than this
DECIDE_HARD_S = 1.5       # a bid short of its floor of deals may go on to this (or its own time)
RESERVE_SHARE = 0.06      # of a decision's time, kept back for what follows the search ...
RESERVE_MIN_S = 0.015     # ... and at least this (the search stops a few ms past its clock)
FIXED_SAMPLES = 8         # a fixed budget given only nodes: this many deals
FIXED_NODES = 20000       # ... given only samples: this many search nodes a deal
HINT_HARD_S = 5.0         # with min_deals: deep search stops here; deals still owed get one trick

Analysis = list[tuple[Command, float, str]]


class TrickExpertBot(TrickBot):
    """Determinized search: deal the unseen tiles consistently with the view, solve
    each deal open-handed, choose the best average.

    ``budget_s``: thinking time for a play (a bid, discard or trump gets three
    times it, at most 2.5 s); ``None``: 0.5 s. ``samples``/``nodes``: a fixed
    amount of work instead of the clock (deterministic, for tests). ``min_deals``:
    every decision rests on at least this many sampled deals (hints; see the module
    docstring).
    """

    level = "expert"
    # The rule-of-thumb bot whose choice breaks the ties the search cannot tell apart.
    standard_bot: type
    # Bids, discards and trumps: tricks searched a deal (None: to the end of the hand) ...
    decide_depth: int | None = None
    # ... and, on the clock, at least and at most this many deals (None: the search's own).
    decide_samples: tuple[int, int] | None = None
    # ... and at least this many even past the clock (up to DECIDE_HARD_S seconds).
    decide_floor: int = 0
    # The method that searches each phase's choices (other phases: "_analyse_plays").
    analysers = {Phase.BID: "_analyse_bids", Phase.TRUMP: "_analyse_trumps"}

    def __init__(self, budget_s: float | None = None, *, samples: int | None = None,
                 nodes: int | None = None, min_deals: int = 0) -> None:
        super().__init__(budget_s)
        self.samples = samples
        self.nodes = nodes
        self.min_deals = max(0, int(min_deals))
        self._started: float | None = None     # when the decision under way was asked

    def _budget(self, deciding: bool) -> SearchBudget:
        """The search budget for a play, or (``deciding``) a bid, discard or trump."""
        depth = self.decide_depth if deciding else None
        if self.samples is not None or self.nodes is not None:
            return SearchBudget(samples=max(self.samples or FIXED_SAMPLES, self.min_deals),
                                nodes=self.nodes or FIXED_NODES, max_depth=depth)
        play_s = DEFAULT_PLAY_S if self.budget_s is None else self.budget_s
        total = min(DECIDE_MAX_S, play_s * DECIDE_FACTOR) if deciding else play_s
        # the decision's time so far, and the reserve kept for after the search
        spent = time.perf_counter() - self._started if self._started is not None else 0.0
        cut = spent + max(RESERVE_MIN_S, RESERVE_SHARE * total)
        seconds = max(0.001, total - cut)
        limits: dict[str, Any] = {}
        if self.min_deals:
            # share the clock among the floor's deals, and keep it even past the clock
            low, high = self.decide_samples if deciding and self.decide_samples else (6, 64)
            limits = dict(min_samples=max(low, self.min_deals),
                          max_samples=max(high, self.min_deals),
                          floor_samples=max(self.decide_floor if deciding else 0,
                                            self.min_deals),
                          hard_seconds=max(0.001, HINT_HARD_S - spent), floor_strict=True)
        if not deciding:
            return SearchBudget(seconds=seconds, **limits)
        if not limits:
            if self.decide_samples is not None:
                limits = dict(min_samples=self.decide_samples[0],
                              max_samples=self.decide_samples[1])
            limits.update(floor_samples=self.decide_floor,
                          hard_seconds=max(seconds, max(total, DECIDE_HARD_S) - cut))
        return SearchBudget(seconds=seconds, max_depth=depth, **limits)

    def decide(self, view: Any, legal: list[Command], rng: random.Random) -> Command:
        command: Command = self.explain(view, legal, rng)[0].command
        return command

    def analyse(self, view: Any, legal: Sequence[Command], rng: random.Random) -> Analysis:
        """Every legal choice with its estimated value and why, best first."""
        return [(r.command, r.value, r.reason) for r in self.explain(view, legal, rng)]

    def explain(self, view: Any, legal: Sequence[Command], rng: random.Random) -> list[Rated]:
        """Every legal choice as a :class:`Rated` row, best first (the expert's order)."""
        self._started = time.perf_counter()
        try:
            legal = list(legal)
            analyser = getattr(self, self.analysers.get(view.phase, "_analyse_plays"))
            out = analyser(view, legal, rng)
            return rank_with_tiebreak(out, legal, self.standard_bot().choose(view, legal, rng))
        finally:
            self._started = None
