"""What every game's coach shares: the budget, progress and cancelling, and the
hand's decisions replayed into a fresh engine (each seat's view and legal commands
at each decision point)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from core.commands import Command
from core.game import Game
from core.records import Record, replay
from core.registry import HAND_END_KINDS, HAND_START_KINDS, game_class
from core.text import player_name
from core.undo import decisions
from core.wording import YOU

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` after each unit of work (a decision analysed)."""
CancelCheck = Callable[[], bool]
"""Polled between units of work; ``True`` stops the analysis (:class:`CoachCancelled`)."""

DEFAULT_HAND_S = 8.0
"""The clock for a whole hand's analysis: it stays under 10 s with the par solves and
the replay on a busy 2-core machine."""


class CoachCancelled(Exception):
    """The cancel check asked the analysis to stop."""


@dataclass(frozen=True)
class CoachBudget:
    """How much work one hand's analysis may do.

    On the clock (``samples is None``): ``seconds`` for the whole hand, shared out
    among the decisions analysed (a bid, discard or trump counts as
    :data:`DECIDE_WEIGHT` plays). Fixed work (``samples`` set; deterministic, for
    tests): every decision samples exactly ``samples`` deals, each searched up to
    ``nodes`` nodes (Mexican Train: ``samples`` played-out deals).
    """

    seconds: float = DEFAULT_HAND_S
    samples: int | None = None
    nodes: int = 20000

    @property
    def deterministic(self) -> bool:
        return self.samples is not None


DECIDE_WEIGHT = 3


class Clock:
    """Shares a :class:`CoachBudget`'s seconds among units of work as they come."""

    def __init__(self, budget: CoachBudget, total_weight: int) -> None:
        self.budget = budget
        self.left_weight = max(1, total_weight)
        self.deadline = time.perf_counter() + budget.seconds

    def share(self, weight: int = 1) -> float:
        """Seconds for the next unit of ``weight`` (at least a few milliseconds)."""
        left = max(0.0, self.deadline - time.perf_counter())
        out = left * weight / max(1, self.left_weight)
        self.left_weight = max(1, self.left_weight - weight)
        return max(0.01, out)


@dataclass(frozen=True)
class DecisionPoint:
    """One decision of the replayed game, as its player faced it.

    ``index``: the decision's number in the game (0-based); ``hand``: the hand
    (round) it belongs to, 1-based; ``view`` and ``legal``: what the player saw
    and could do (the engine's own view and legal commands, nothing more);
    ``command``: what was done; ``open_hands``: every seat's hand at that moment
    (the referee's table; trick games only, kept for the par).
    """

    index: int
    hand: int
    player: int
    phase: str
    view: Any
    legal: tuple[Command, ...]
    command: Command
    open_hands: tuple[tuple[Any, ...], ...] = ()


@dataclass
class ReplayedHands:
    """The decisions of a record, hand by hand, and each hand's end line."""

    game: str
    num_players: int
    names: list[str]
    options: dict[str, Any]
    points: list[DecisionPoint] = field(default_factory=list)
    ends: dict[int, dict[str, Any]] = field(default_factory=dict)

    def hand(self, number: int) -> list[DecisionPoint]:
        return [p for p in self.points if p.hand == number]

    def last_finished(self) -> int:
        """The last hand with an end line (else the last hand begun)."""
        if self.ends:
            return max(self.ends)
        return max((p.hand for p in self.points), default=1)


def replay_hands(header: dict[str, Any], lines: Sequence[dict[str, Any]], seat: int,
                 ) -> ReplayedHands:
    """Play ``lines``' decisions again into a fresh engine (the record is checked first:
    a fault raises :class:`~core.errors.RecordError`). ``header``/``lines`` are copied,
    never changed. ``seat`` is shown as "You" in the text."""
    record = Record(dict(header), [dict(line) for line in lines])
    played = replay(record)
    cls: type[Game] = game_class(played.name)
    history = [event.to_record() for event in played.history]
    fresh = cls(options=dict(played.options), seed=played.seed,
                deals=cls.deals_from_record(history))
    players = list(header.get("players") or [])
    names = [player_name((players[i] if i < len(players) else {}).get("name")
                         or f"Player {i + 1}") for i in range(fresh.num_players)]
    if 0 <= seat < len(names):
        names[seat] = YOU
    out = ReplayedHands(fresh.name, fresh.num_players, names, dict(fresh.options))
    hand = 0

    def note(events: list[Any]) -> None:
        nonlocal hand
        for event in events:
            line = event.to_record()
            kind = line.get("event")
            if kind in HAND_END_KINDS:
                out.ends[hand] = dict(line)
            if kind in HAND_START_KINDS and kind != "redeal":
                hand += 1

    note(fresh.start())
    trick_game = fresh.name != "mexican_train"
    for index, command in enumerate(decisions(played)):
        player = fresh.current_player
        assert player is not None  # a decision was recorded, so someone was to act
        view = fresh.view(player)
        hands: tuple[tuple[Any, ...], ...] = ()
        if trick_game:
            hands = tuple(tuple(fresh.view(p).hand) for p in range(fresh.num_players))
        out.points.append(DecisionPoint(index, max(1, hand), player, fresh.phase, view,
                                        tuple(fresh.legal_actions()), command, hands))
        note(fresh.apply(command))
    return out


def seeded(rng: random.Random) -> Callable[[int], random.Random]:
    """Per decision, its own generator drawn from ``rng`` once: a decision's sampling
    does not depend on how much the others drew."""
    base = rng.getrandbits(64)
    return lambda index: random.Random(f"coach:{base}:{index}")


def check(cancel: CancelCheck | None) -> None:
    if cancel is not None and cancel():
        raise CoachCancelled()


def report(progress: Progress | None, done: int, total: int) -> None:
    if progress is not None:
        progress(done, total)
