"""Determinization: deal the tiles a player cannot see, consistently with what it saw.

A :class:`Hidden` describes one player's ignorance: the pool of tiles it has
not seen, the *slots* they are in (other players' hands, Moon's widow or the
bidder's discard) with their sizes, and the tiles each slot cannot hold (a
player who failed to follow a suit holds none of it; in Sevens, a player who
played a tile n away from 7 holds none closer). :func:`sample` deals the pool
into the slots at random, respecting all of that, from the injected generator.

:func:`evaluate` is the determinized search: for each sampled deal it solves
every candidate with :class:`~core.bots.trick.solver.TrickSolver` (deepening
trick by trick while the budget lasts) and collects each candidate's score.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Sequence, TypeVar

from core.bots.trick.solver import TILES, SearchAborted, Tables, TrickSolver, bits, mask_of, popcount
from core.tiles import Tile
from core.tricks.play import TrumpMode, follows, sevens_distance, suit_led

Slot = Hashable   # a seat number, or a name such as "widow" / "discard"


@dataclass
class Hidden:
    """What one player does not know: ``pool`` (a tile mask) goes into ``sizes``'
    slots; ``forbidden[slot]`` masks tiles a slot cannot hold."""

    pool: int
    sizes: dict[Slot, int]
    forbidden: dict[Slot, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if popcount(self.pool) != sum(self.sizes.values()):
            raise ValueError(f"{popcount(self.pool)} hidden tiles for "
                             f"{sum(self.sizes.values())} places")


def voids(tricks: Sequence[Sequence[tuple[int, Tile]]], mode: TrumpMode) -> dict[int, int]:
    """Per player, the mask of tiles it has shown it does not hold.

    ``tricks``: this hand's tricks so far (the one on the table included), each
    the plays ((player, tile), ...) in order.
    """
    out: dict[int, int] = {}
    if mode.trump == "sevens":
        if mode.free_play:
            return out
        for plays in tricks:
            for p, t in plays:
                d = sevens_distance(t)
                closer = mask_of(x for x in TILES if sevens_distance(x) < d)
                out[p] = out.get(p, 0) | closer
        return out
    for plays in tricks:
        if not plays:
            continue
        suit = suit_led(plays[0][1], mode)
        for p, t in plays[1:]:
            if not follows(t, suit, mode):
                out[p] = out.get(p, 0) | mask_of(x for x in TILES if follows(x, suit, mode))
    return out


def sample(hidden: Hidden, rng: random.Random, tries: int = 40) -> dict[Slot, int]:
    """One deal of the hidden pool into the slots (slot -> tile mask)."""
    slots = sorted(hidden.sizes, key=str)
    forbidden = {s: hidden.forbidden.get(s, 0) for s in slots}
    tiles = bits(hidden.pool)
    eligible = {t: [s for s in slots if hidden.sizes[s] and not forbidden[s] >> t & 1]
                for t in tiles}
    for _ in range(tries):
        order = tiles[:]
        rng.shuffle(order)
        order.sort(key=lambda t: len(eligible[t]))
        room = dict(hidden.sizes)
        deal = {s: 0 for s in slots}
        for t in order:
            choices = [s for s in eligible[t] if room[s]]
            if not choices:
                break
            total = sum(room[s] for s in choices)
            pick = rng.randrange(total)
            for s in choices:
                pick -= room[s]
                if pick < 0:
                    break
            deal[s] |= 1 << t
            room[s] -= 1
        else:
            return deal
    found = _backtrack(order, eligible, dict(hidden.sizes), {s: 0 for s in slots}, rng)
    if found is None:
        raise ValueError("no deal of the hidden tiles fits what was seen")
    return found


def _backtrack(tiles: list[int], eligible: dict[int, list[Slot]], room: dict[Slot, int],
               deal: dict[Slot, int], rng: random.Random) -> dict[Slot, int] | None:
    if not tiles:
        return deal
    t, rest = tiles[0], tiles[1:]
    choices = [s for s in eligible[t] if room[s]]
    rng.shuffle(choices)
    for s in choices:
        room[s] -= 1
        deal[s] |= 1 << t
        if all(any(room[x] for x in eligible[u]) for u in rest[:3]):
            found = _backtrack(rest, eligible, room, deal, rng)
            if found is not None:
                return found
        room[s] += 1
        deal[s] ^= 1 << t
    return None


def sample_weighted(hidden: Hidden, rng: random.Random,
                    weight: Callable[[dict[Slot, int]], float] | None,
                    attempts: int = 12) -> dict[Slot, int]:
    """A deal, kept with probability ``weight(deal)`` (0..1), else redrawn;
    after ``attempts`` the likeliest deal seen is used. (Soft inference from the
    bidding: a deal where a bidder holds nothing to bid on is unlikely.)"""
    best: dict[Slot, int] | None = None
    best_w = -1.0
    for _ in range(attempts):
        deal = sample(hidden, rng)
        if weight is None:
            return deal
        w = weight(deal)
        if rng.random() < w:
            return deal
        if w > best_w:
            best, best_w = deal, w
    assert best is not None  # attempts > 0
    return best


# -- the determinized search ---------------------------------------------------------

@dataclass
class Group:
    """Candidates solved together on each sampled deal.

    ``hands(deal)`` gives each seat's tile mask in that deal; ``to_act`` and
    ``trick`` ((seat, tile index), ...) say where play stands. ``moves`` maps
    tile indices to candidate keys (their values are solved play by play), or
    is ``None`` to value the position itself under ``key``. ``score(value)``
    turns the scoring side's future value into the deciding player's score.
    ``side``/``tile_points``/``trick_value``/``misere``/``static_leaves``: as for
    the solver.
    ``active(deal)``, when given, says whether to solve the group on that deal.
    """

    tables: Tables
    seats: Sequence[int]
    side: Sequence[int]
    hands: Callable[[dict[Slot, int]], list[int]]
    to_act: int
    score: Callable[[int], float]
    trick: Sequence[tuple[int, int]] = ()
    moves: dict[int, Hashable] | None = None
    key: Hashable = None
    tile_points: Sequence[int] | None = None
    trick_value: int = 1
    misere: bool = False
    static_leaves: bool = False
    active: Callable[[dict[Slot, int]], bool] | None = None


@dataclass
class SearchBudget:
    """How much work one decision may do.

    Deterministic (``seconds is None``): exactly ``samples`` deals, each solved
    deepening trick by trick until ``nodes`` search nodes are spent. With
    ``seconds``: deals keep coming until the clock runs out (at least one,
    at most ``max_samples``), each given a fair share of the time left.
    ``max_depth`` caps the deepening (completed tricks; ``None``: to the end).
    ``floor_samples``: with ``seconds``, go on past the clock until this many deals
    are solved, but never past ``hard_seconds`` (a slow or busy machine would
    otherwise leave a bid resting on a handful of deals). ``floor_strict``: the floor
    holds even past ``hard_seconds``: the deals still owed then get only the one-trick
    search (the trick on the table, then a guess), milliseconds each, so the floor
    is always met and the search still ends.
    """

    samples: int = 8
    nodes: int = 20000
    seconds: float | None = None
    min_samples: int = 6
    max_samples: int = 64
    max_depth: int | None = None
    floor_samples: int = 0
    hard_seconds: float | None = None
    floor_strict: bool = False


@dataclass
class Outcome:
    """Scores per candidate over the sampled deals."""

    scores: dict[Hashable, list[float]]
    values: dict[Hashable, list[int]]
    samples: int
    depths: list[int]
    elapsed: float
    deals: list[dict[Slot, int]] = field(default_factory=list)
    per_deal: list[dict[Hashable, int]] = field(default_factory=list)

    def mean(self, key: Hashable) -> float:
        s = self.scores.get(key) or [0.0]
        return sum(s) / len(s)

    def ranked(self) -> list[tuple[Hashable, float]]:
        return sorted(((k, self.mean(k)) for k in self.scores), key=lambda kv: -kv[1])


def evaluate(hidden: Hidden, groups: Sequence[Group], rng: random.Random,
             budget: SearchBudget,
             weight: Callable[[dict[Slot, int]], float] | None = None) -> Outcome:
    """Sample deals and solve every group's candidates on each (see module doc)."""
    started = time.perf_counter()
    deadline = None if budget.seconds is None else started + budget.seconds
    hard = None if budget.seconds is None else started + max(budget.seconds,
                                                              budget.hard_seconds or 0.0)
    scores: dict[Hashable, list[float]] = {}
    values: dict[Hashable, list[int]] = {}
    depths: list[int] = []
    deals: list[dict[Slot, int]] = []
    per_deal: list[dict[Hashable, int]] = []
    k = 0
    while True:
        if deadline is None or hard is None:
            if k >= budget.samples:
                break
        else:
            now = time.perf_counter()
            if k >= max(budget.max_samples, budget.floor_samples) or (
                    k > 0 and now >= deadline and (
                        k >= budget.floor_samples or (now >= hard and not budget.floor_strict))):
                break
        deal = sample_weighted(hidden, rng, weight)
        slice_end: float | None
        if deadline is None or hard is None:
            slice_end = None
        else:
            now = time.perf_counter()
            share = max(1, budget.min_samples - k)
            if now < deadline:
                slice_end = min(deadline, now + max((deadline - now) / share, 0.002))
            else:       # past the clock, short of the floor: the average time a deal took,
                # spread so the floor is met by the hard limit (past it: one trick only)
                owed = max(1, budget.floor_samples - k)
                step = min((now - started) / max(k, 1), max(0.0, hard - now) / owed)
                slice_end = min(hard, now + step)
        result, depth = _solve_deal(deal, groups, budget.nodes if deadline is None else None,
                                    slice_end, budget.max_depth)
        for key, (value, score) in result.items():
            scores.setdefault(key, []).append(score)
            values.setdefault(key, []).append(value)
        depths.append(depth)
        deals.append(deal)
        per_deal.append({key: value for key, (value, _) in result.items()})
        k += 1
    return Outcome(scores, values, k, depths, time.perf_counter() - started, deals, per_deal)


def _solve_deal(deal: dict[Slot, int], groups: Sequence[Group], nodes: int | None,
                deadline: float | None, max_depth: int | None = None,
                ) -> tuple[dict[Hashable, tuple[int, float]], int]:
    """Each candidate's (value, score) on one deal, from the deepest search finished."""
    solvers = []
    for g in groups:
        if g.active is not None and not g.active(deal):
            continue
        solver = TrickSolver(g.tables, g.seats, g.side, g.tile_points, g.trick_value,
                             misere=g.misere, static_leaves=g.static_leaves)
        solvers.append((g, solver, g.hands(deal)))
    best: dict[Hashable, tuple[int, float]] = {}
    guesses: dict[Hashable, int] = {}
    tricks_left = max(popcount(hands[g.to_act]) for g, _, hands in solvers)
    depth = 1
    done_depth = -1
    spent = 0
    while True:
        found: dict[Hashable, tuple[int, float]] = {}
        try:
            for g, solver, hands in solvers:
                # depth 1 (the trick on the table, then a guess) always finishes:
                # it is what the search falls back on
                solver.set_budget(None if depth == 1 or nodes is None else max(1, nodes - spent),
                                  None if depth == 1 else deadline)
                before = solver.nodes
                if g.moves is None:
                    v = solver.solve(hands, g.to_act, g.trick, depth=depth,
                                     guess=guesses.get(g.key))
                    found[g.key] = (v, g.score(v))
                else:
                    vals = solver.move_values(
                        hands, g.to_act, g.trick, moves=list(g.moves), depth=depth,
                        guesses={t: guesses[g.moves[t]] for t in g.moves
                                 if g.moves[t] in guesses})
                    for t, v in vals.items():
                        found[g.moves[t]] = (v, g.score(v))
                spent += solver.nodes - before
        except SearchAborted:
            break
        best = found
        done_depth = depth
        guesses = {key: v for key, (v, _) in found.items()}
        if depth >= tricks_left or (max_depth is not None and depth >= max_depth):
            break
        if nodes is not None and spent >= nodes:
            break
        if deadline is not None and time.perf_counter() >= deadline:
            break
        depth += 1
    return best, done_depth


TIE = 1e-6
# a rated choice: (command, value, reason, ...); a tuple or a NamedTuple such as Rated
RatedT = TypeVar("RatedT", bound=tuple[Any, ...])


def rank_with_tiebreak(scored: list[RatedT], legal: Sequence[Any], preferred: Any) -> list[RatedT]:
    """``scored`` ((command, value, reason, ...), ...) best first. Choices the search cannot
    tell apart (values within :data:`TIE`) go to ``preferred`` (the rule-of-thumb
    choice), then to the order of ``legal``."""
    order = {repr(c): i for i, c in enumerate(legal)}
    best = max((item[1] for item in scored), default=0.0)

    def key(item: RatedT) -> tuple[int, int, int]:
        command, value = item[0], item[1]
        near_best = value >= best - TIE
        return (-round(value / TIE) if not near_best else -round(best / TIE),
                0 if command == preferred else 1, order.get(repr(command), 0))

    return sorted(scored, key=key)


__all__ = ["Hidden", "voids", "sample", "sample_weighted", "Group", "SearchBudget", "Outcome",
           "evaluate", "rank_with_tiebreak"]
