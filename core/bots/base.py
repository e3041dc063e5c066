"""What every bot is, how its randomness is seeded, and how long it thinks.

A bot is any object with a ``level`` class attribute and a method
``choose(view, legal, rng) -> Command``. It sees only ``view`` (what its seat
may know) and ``legal`` (the commands the engine accepts now); ``rng`` is a
``random.Random`` the caller seeds for this one decision with
:func:`decision_rng`, so a game replays identically whatever else ran before.
Expert bots also offer ``analyse(view, legal, rng)``: every candidate with a
score and a short reason, best first; and ``explain(view, legal, rng)``: the same
choices as :class:`Rated` rows, each with the figure a hint shows and sorts by.

Thinking time: an expert searches until its :class:`Budget` runs out. With
``deterministic=True`` the clock is ignored and the search does a fixed amount
of work, so tests get the same answer on any machine.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, Sequence, runtime_checkable

from core.commands import Command


@runtime_checkable
class Bot(Protocol):
    level: str

    def choose(self, view: Any, legal: Sequence[Command], rng: random.Random) -> Command: ...


@runtime_checkable
class AnalysingBot(Bot, Protocol):
    def analyse(self, view: Any, legal: Sequence[Command],
                rng: random.Random) -> list[tuple[Command, float, str]]: ...


class Rated(NamedTuple):
    """One choice as an expert rates it.

    ``value``: what the expert ranks by (higher is better; its own choice is the
    best). ``reason``: why, in words. ``figure``: the number a hint shows for the
    choice and sorts by, already rounded as shown, in ``unit``: ``"%"`` (the
    chance, 0 to 100, that the bid is made), ``"marks"``, ``"points"`` or ``"pips"``
    (an expected gain). ``better``: +1 when a higher figure is better for the
    player, -1 when lower is (a defender reading the bidder's chance). ``deals``:
    the sampled deals the figure rests on. ``chance``: the sampled chance (0..1)
    of making the bid behind an expected gain; it orders choices whose figures
    are equal (``None``: none).
    """

    command: Any
    value: float
    reason: str
    figure: float | None = None
    unit: str = ""
    better: int = 1
    deals: int = 0
    chance: float | None = None

    def shown(self) -> str:
        """The figure as a hint shows it ("" if none): "71%", "+0.40 marks", "-3.5 pips"."""
        if self.figure is None:
            return ""
        if self.unit == "%":
            return f"{self.figure:.0f}%"
        if self.unit == "marks":
            return f"{self.figure:+.2f} marks"
        return f"{self.figure:+.1f} {self.unit}".rstrip()


def percent(p: float) -> int:
    """A chance (0..1) as the whole percent a hint shows."""
    return int(round(100 * p))


def decision_rng(game_seed: int, player: int, decision_index: int) -> random.Random:
    """The generator for one decision: the same seed, seat and index give the same stream."""
    return random.Random(f"{game_seed}:{player}:{decision_index}")


DEFAULT_EXPERT_BUDGET_S = 0.5
"""An expert's default thinking budget per decision (keeps p95 under 1 s, max under 2 s)."""


@dataclass
class Budget:
    """A thinking budget for one decision.

    ``seconds`` bounds the wall-clock time (``None``: the default budget).
    ``deterministic`` ignores the clock: the search stops only on its own work
    limit, so the result depends on the view and rng alone.
    """

    seconds: float | None = None
    deterministic: bool = False
    _deadline: float = field(default=0.0, repr=False)

    def start(self) -> Budget:
        seconds = DEFAULT_EXPERT_BUDGET_S if self.seconds is None else self.seconds
        self._deadline = time.perf_counter() + max(0.0, seconds)
        return self

    def expired(self) -> bool:
        if self.deterministic:
            return False
        return time.perf_counter() >= self._deadline

    def remaining(self) -> float:
        if self.deterministic:
            return float("inf")
        return max(0.0, self._deadline - time.perf_counter())


class DecisionTimer:
    """Collects decision times (seconds) per bot level, and per level and kind of
    decision (:func:`decision_kind`)."""

    def __init__(self) -> None:
        self.times: dict[str, list[float]] = {}
        self.kinds: dict[str, dict[str, list[float]]] = {}

    def choose(self, bot: Bot, view: Any, legal: Sequence[Command],
               rng: random.Random) -> Command:
        """Ask ``bot`` and record how long it took under its level."""
        started = time.perf_counter()
        command = bot.choose(view, legal, rng)
        self.add(bot.level, time.perf_counter() - started, decision_kind(command))
        return command

    def add(self, level: str, seconds: float, kind: str | None = None) -> None:
        self.times.setdefault(level, []).append(seconds)
        if kind is not None:
            self.kinds.setdefault(level, {}).setdefault(kind, []).append(seconds)

    def merge(self, other: DecisionTimer | dict[str, list[float]]) -> None:
        times = other.times if isinstance(other, DecisionTimer) else other
        for level, values in times.items():
            self.times.setdefault(level, []).extend(values)
        if isinstance(other, DecisionTimer):
            for level, kinds in other.kinds.items():
                for kind, values in kinds.items():
                    self.kinds.setdefault(level, {}).setdefault(kind, []).extend(values)

    def summary_ms(self) -> dict[str, dict[str, float]]:
        """``{level: {"p50", "p95", "max"}}`` in milliseconds."""
        return {level: percentiles_ms(values) for level, values in sorted(self.times.items())}

    def kinds_ms(self) -> dict[str, dict[str, dict[str, float]]]:
        """``{level: {kind: {"p50", "p95", "max"}}}`` in milliseconds."""
        return {level: {kind: percentiles_ms(values) for kind, values in sorted(kinds.items())}
                for level, kinds in sorted(self.kinds.items())}


def decision_kind(command: Command) -> str:
    """``"play"`` for a tile played, a draw or a pass (the moves of the hand), ``"bid"``
    for a bid, a trump named or a discard (the decisions before it)."""
    return "play" if type(command).__name__ in ("Play", "Draw", "Pass") else "bid"


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of already sorted values, by linear interpolation."""
    if not sorted_values:
        return 0.0
    pos = (len(sorted_values) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def percentiles_ms(values: Sequence[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"p50": round(percentile(ordered, 0.5) * 1000, 3),
            "p95": round(percentile(ordered, 0.95) * 1000, 3),
            "max": round((ordered[-1] if ordered else 0.0) * 1000, 3)}
