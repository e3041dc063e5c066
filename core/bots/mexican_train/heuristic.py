"""Mexican Train bots: easy, standard and expert.

* :class:`TrainEasyBot` plays any playable tile, preferring its own train.
* :class:`TrainStandardBot` plans its own train as the longest chain its hand
  can lay from the train's open end (:func:`~core.bots.mexican_train.planning.best_chain`),
  lays that chain, and uses the public trains (Mexican, trains with a marker) to
  get rid of the tiles outside the chain, high pips first, so the chain stays
  intact. It plays a double when it can follow it up, takes its marker off when
  it can, and sheds pips when an opponent is about to go out.
* :class:`TrainExpertBot` searches: it deals the hidden tiles (others' hands and
  the boneyard) at random, consistently with its view, plays each candidate
  and then the rest of the round, the others with the standard player's plan
  and its own turns with its quick player (:mod:`~core.bots.mexican_train.tactics`:
  the standard plan, but a double it cannot follow up is laid at once), and
  keeps the move that leaves it the fewest pips compared with the table,
  counting a round won (fewest pips left, most often by going out) as worth
  ``round_win_weight`` pips more, and in the last round a game won as
  ``win_weight``. With ``read_passes`` on it deals the others no tile of a number
  they showed they lack (:class:`PassReader`: they drew and could not play on
  it, or passed); that is off by default, as it measured no gain in the arena.
  Candidates that fall clearly behind are dropped as the sample grows, so the
  time goes to the close calls. It stops at its time budget, or, in
  deterministic mode, after a fixed number of deals.

Every bot reads only its view and the legal commands.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Sequence

from core.bots.base import Budget, Rated
from core.bots.mexican_train.planning import (
    MEXICAN,
    Option,
    Table,
    best_chain,
    hand_points,
    move_score,
    plan_policy,
    train_index,
    weighted_policy,
)
from core.bots.mexican_train.tactics import EXPERT_WEIGHTS
from core.commands import Command, Draw, Play
from core.tiles import Tile, double_set

# -- reading the view -----------------------------------------------------------


def _players(view: Any) -> int:
    return getattr(view, "num_players", 0) or len(view.hand_counts)


def table_from_view(view: Any) -> tuple[Table, list[tuple[int, int]]]:
    """A :class:`Table` of what ``view`` shows (the player's own hand only), and the
    doubles the player has laid this turn and not yet satisfied."""
    n = _players(view)
    options = view.options
    top = int(options.get("set", 12))
    table = Table(n, view.engine.high, top,
                  blank_value=int(options.get("double_blank", 50)),
                  any_order=bool(options.get("doubles_any_order", False)))
    for k, train in enumerate(view.trains):
        if train.started:
            table.ends[k] = train.open_end
        if k < n:
            table.marker[k] = bool(train.marker)
        for t in train.tiles:
            table.on_table[t.high] += 1
            if t.low != t.high:
                table.on_table[t.low] += 1
    table.hands[view.player] = list(view.hand)
    for q in getattr(view, "yet_to_play", ()):
        table.build[q] = True
    if view.building:
        table.build[view.player] = True
    pending = [(train_index(k, n), t.high) for k, t in view.doubles_pending_this_turn]
    pending_keys = {k for k, _ in pending}
    table.open_doubles = [(train_index(k, n), t.high) for k, t in view.open_doubles
                          if train_index(k, n) not in pending_keys]
    return table, pending


def unseen_tiles(view: Any) -> list[Tile]:
    """The tiles ``view``'s player cannot see (others' hands and the boneyard), sorted."""
    seen = {view.engine, *view.hand}
    for train in view.trains:
        seen.update(train.tiles)
    top = int(view.options.get("set", 12))
    return [t for t in double_set(top) if t not in seen]


def _plays(legal: Sequence[Command]) -> list[Play]:
    return [c for c in legal if isinstance(c, Play)]


def _option(command: Play, n: int) -> Option:
    assert command.train is not None  # every Mexican Train play names its train
    return command.tile, train_index(command.train, n)


def _train_words(train: int | str, me: int) -> str:
    if train == MEXICAN:
        return "the Mexican train"
    if train == me:
        return "its own train"
    return f"Player {int(train) + 1}'s train"


def _chain_text(start: int, chain: Sequence[Tile]) -> str:
    """``12-7-7-3-3-1``: the chain's tiles as they would be laid from ``start``."""
    parts = []
    v = start
    for t in chain:
        w = t.other(v)
        parts.append(f"{v}-{w}")
        v = w
    return "-".join(parts)


# -- easy -------------------------------------------------------------------------


class TrainEasyBot:
    """Any playable tile, its own train preferred."""

    level = "easy"

    def __init__(self, budget_s: float | None = None) -> None:
        self.budget_s = budget_s

    def choose(self, view: Any, legal: Sequence[Command], rng: random.Random) -> Command:
        plays = _plays(legal)
        if not plays:
            return legal[0]
        own = [c for c in plays if c.train == view.player]
        return rng.choice(own or plays)


# -- standard ------------------------------------------------------------------------


class TrainStandardBot:
    """Plans its own train as its longest chain and dumps the rest on public trains."""

    level = "standard"
    chain_nodes = 4000

    def __init__(self, budget_s: float | None = None) -> None:
        self.budget_s = budget_s

    def choose(self, view: Any, legal: Sequence[Command], rng: random.Random) -> Command:
        plays = _plays(legal)
        if not plays:
            return legal[0]
        if len(plays) == 1:
            return plays[0]
        return self.ranked(view, plays)[0][0]

    def ranked(self, view: Any, plays: Sequence[Play]) -> list[tuple[Play, float, str]]:
        """Every play with the standard heuristic's score and reason, best first."""
        table, _pending = table_from_view(view)
        me = view.player
        n = table.n
        start = table.end(me)
        chain = best_chain(start, table.hands[me], self.chain_nodes)
        table.plans[me] = chain
        threat = min((c for q, c in enumerate(view.hand_counts) if q != me), default=99)
        out = []
        for command in plays:
            t, k = _option(command, n)
            score = move_score(table, me, t, k, chain, threat)
            out.append((command, score, _standard_reason(command, me, start, chain)))
        out.sort(key=lambda x: -x[1])
        return out


def _standard_reason(command: Play, me: int, start: int, chain: Sequence[Tile]) -> str:
    t = command.tile
    assert command.train is not None  # every Mexican Train play names its train
    where = _train_words(command.train, me)
    if t in chain and command.train == me and t == chain[0]:
        return (f"lays its chain on its own train: plans {len(chain)}-tile chain "
                f"{_chain_text(start, chain)}, sheds {hand_points(chain, 0)} pips")
    if t in chain:
        return f"plays {t} from its chain on {where}, breaking the chain"
    if chain:
        return (f"dumps {t} ({t.pips} pips, not in its {len(chain)}-tile chain) on {where}, "
                f"keeping the chain {_chain_text(start, chain)}")
    return f"plays {t} ({t.pips} pips) on {where}"


# -- what the others' turns show --------------------------------------------------


class PassReader:
    """What the expert learns of the others' hands from the turns it saw them take.

    Between two of its own turns every other player takes one turn. A player who
    drew and still could not play (one tile more, the marker up), or who passed
    with the boneyard empty, held no tile with the open end of any train open to
    them then, so their whole hand lacks those numbers; it goes on lacking them
    until they draw again. Only the trains untouched since the expert's last look
    count (their ends were the same on that player's turn), and turns with a double
    open are not read (a double narrows where one may play). The expert feeds it
    its own views and commands only.
    """

    def __init__(self) -> None:
        self.key: tuple[int, int, Tile] | None = None
        self.lacks: dict[int, frozenset[int]] = {}
        self._snap: tuple[list[int], list[int], list[bool], int, bool] | None = None

    def observe(self, view: Any) -> dict[int, frozenset[int]]:
        """Read ``view`` (the expert's own, at one of its decisions); the numbers each
        other player is known to lack."""
        key = (view.player, view.round_number, view.engine)
        if key != self.key:
            self.key, self.lacks, self._snap = key, {}, None
        snap, self._snap = self._snap, None
        if snap is None or view.building or view.drew_this_turn or \
                view.doubles_pending_this_turn:
            return self.lacks            # same turn as the last look, or nothing to compare
        counts0, sizes0, markers0, bone0, clear0 = snap
        me = view.player
        n = _players(view)
        counts = list(view.hand_counts)
        sizes = [len(t.tiles) for t in view.trains]
        drawn = bone0 - view.boneyard_count
        clear = clear0 and not view.open_doubles and not any(
            t.high == t.low for k, train in enumerate(view.trains) for t in train.tiles[sizes0[k]:])
        for q in range(n):
            if q == me:
                continue
            delta = counts[q] - counts0[q]
            failed = (delta == 1 and drawn > 0) or (delta == 0 and drawn == 0 and bone0 == 0)
            kept = self.lacks.get(q, frozenset()) if drawn == 0 or delta < 0 else frozenset()
            if failed and clear and view.trains[q].marker:
                open_to = {q, n} | {k for k in range(n) if k != q and markers0[k]
                                    and view.trains[k].marker}
                if view.trains[me].marker:
                    open_to.add(me)
                numbers = {view.trains[k].open_end for k in open_to if sizes[k] == sizes0[k]}
                kept = (kept if delta == 0 else frozenset()) | frozenset(numbers)
            if kept:
                self.lacks[q] = kept
            else:
                self.lacks.pop(q, None)
        return self.lacks

    def played(self, view: Any, command: Command) -> None:
        """Note the table as ``command`` (the expert's choice in ``view``) leaves it."""
        sizes = [len(t.tiles) for t in view.trains]
        markers = [bool(t.marker) for t in view.trains]
        bone = view.boneyard_count
        clear = not view.open_doubles
        if isinstance(command, Play):
            assert command.train is not None
            k = train_index(command.train, _players(view))
            sizes[k] += 1
            if command.tile.high == command.tile.low:
                clear = False
        elif isinstance(command, Draw):
            bone -= 1
        self._snap = (list(view.hand_counts), sizes, markers, bone, clear)


def deal_hidden(pool: list[Tile], counts: Sequence[int], me: int,
                lacks: dict[int, frozenset[int]]) -> tuple[list[list[Tile]], list[Tile]]:
    """Deal the shuffled ``pool`` into the others' hands (``counts`` tiles each) and the
    boneyard. A player known to lack some numbers (``lacks``) is dealt first, from the
    tiles without them (and from the rest only if those run short)."""
    hands: list[list[Tile]] = [[] for _ in counts]
    rest = pool
    for q, numbers in lacks.items():
        want = counts[q]
        fits: list[Tile] = []
        other: list[Tile] = []
        for t in rest:
            if len(fits) < want and t.high not in numbers and t.low not in numbers:
                fits.append(t)
            else:
                other.append(t)
        if len(fits) < want:
            short = want - len(fits)
            fits.extend(other[:short])
            other = other[short:]
        hands[q] = fits
        rest = other
    i0 = 0
    for q in range(len(counts)):
        if q != me and q not in lacks:
            hands[q] = rest[i0:i0 + counts[q]]
            i0 += counts[q]
    return hands, rest[i0:]


# -- expert --------------------------------------------------------------------------


class TrainExpertBot:
    """Samples the hidden tiles and plays each candidate's round out (see the module doc).

    Its own quick player's choice is the default; another candidate replaces it
    only when, over the same sampled deals, it does better by more than
    ``override_z`` standard errors of the paired difference. So the search
    corrects the plan where the evidence is clear and never trades it for noise.

    ``budget_s``: thinking time per decision (``None``: the default budget).
    ``deterministic``: ignore the clock and sample exactly up to ``max_worlds``
    deals (tests). ``max_worlds`` caps the deals per decision either way.
    ``samples``/``nodes`` (the knobs the trick-game experts take too): a fixed
    amount of work instead of the clock, ``samples`` deals per decision and at
    most ``nodes`` positions for its own chain search. ``min_deals`` (hints: 32):
    every candidate is played out on at least this many deals, past the clock if
    need be (never past ``hard_s`` seconds), before any is dropped.
    """

    level = "expert"
    min_worlds = 12         # deals before any candidate may be dropped
    batch = 6               # deals added between prunings
    prune_z = 2.0           # drop a candidate this many standard errors behind the leader
    override_z = 1.0        # leave the standard choice only on this much evidence
    win_weight = 20.0       # last round: pips a whole win of the game is worth
    round_win_weight = 40.0  # other rounds: pips winning the round (fewest left) is worth
    read_passes = 0.0       # 1: deal the others no tile of a number they could not play
    hard_s = 10.0           # with min_deals: the search stops here, floor or not
    weights = EXPERT_WEIGHTS  # its own quick player (tactics.py): the others play the standard

    _round_w = 0.0

    def __init__(self, budget_s: float | None = None, *, deterministic: bool = False,
                 max_worlds: int = 400, samples: int | None = None,
                 nodes: int | None = None, min_deals: int = 0) -> None:
        self.budget_s = budget_s
        self.min_deals = max(0, int(min_deals))
        self.deterministic = deterministic or samples is not None or nodes is not None
        self.max_worlds = samples if samples is not None else max_worlds
        self._standard = TrainStandardBot()
        if nodes is not None:
            self._standard.chain_nodes = nodes
        self._reader = PassReader()
        self._own = weighted_policy(self.weights)
        self._lacks: dict[int, frozenset[int]] = {}

    def choose(self, view: Any, legal: Sequence[Command], rng: random.Random) -> Command:
        self._lacks = self._reader.observe(view) if self.read_passes else {}
        command = self._choose(view, legal, rng)
        self._reader.played(view, command)
        return command

    def _choose(self, view: Any, legal: Sequence[Command], rng: random.Random) -> Command:
        plays = _plays(legal)
        if not plays:
            return legal[0]
        if len(plays) == 1:
            return plays[0]
        return self.analyse(view, legal, rng)[0][0]

    def analyse(self, view: Any, legal: Sequence[Command],
                rng: random.Random) -> list[tuple[Command, float, str]]:
        """Every legal command with its expected edge in pips (the table's average
        left minus its own; higher is better) and a reason, best first."""
        return [(r.command, r.value, r.reason) for r in self.explain(view, legal, rng)]

    def explain(self, view: Any, legal: Sequence[Command], rng: random.Random) -> list[Rated]:
        """:meth:`analyse` as :class:`Rated` rows: the figure is the expected edge in pips
        over the deals the candidate was played out on. Best first: the expert's
        choice, then the others by their edge."""
        budget = Budget(self.budget_s, self.deterministic).start()
        plays = _plays(legal)
        if not plays:
            c = legal[0]
            what = "draws a tile: nothing plays" if isinstance(c, Draw) else \
                "passes: nothing plays and the boneyard is empty"
            return [Rated(c, 0.0, what)]
        ranked = self._standard.ranked(view, plays)
        if len(ranked) == 1:
            c, _, why = ranked[0]
            return [Rated(c, 0.0, f"only play: {why}")]
        own = self._own_choice(view, [c for c, _, _ in ranked])
        ranked.insert(0, ranked.pop(own))
        values = self._search(view, [c for c, _, _ in ranked], rng, budget)
        chosen = self._verdict(values)
        out = []
        for i, (command, _, why) in enumerate(ranked):
            v = values[i]
            mean = sum(v) / len(v) if v else -math.inf
            figure = None
            if v:
                why = f"{why}; expects {mean:+.1f} pips against the table ({len(v)} deals)"
                figure = round(mean, 1)
            out.append((i != chosen, -mean, i,
                        Rated(command, round(mean, 3), why, figure, "pips", 1, len(v))))
        out.sort(key=lambda x: x[:3])
        return [x[3] for x in out]

    def _own_choice(self, view: Any, plays: list[Play]) -> int:
        """The index in ``plays`` of its own quick player's choice (:mod:`tactics`)."""
        table, pending = table_from_view(view)
        me = view.player
        n = table.n
        for q, count in enumerate(view.hand_counts):
            if q != me:
                table.hands[q] = [view.engine] * count   # only their number counts here
        table.plans[me] = best_chain(table.end(me), table.hands[me], self._standard.chain_nodes)
        table.plan_end[me] = table.end(me)
        options = [_option(c, n) for c in plays]
        return options.index(self._own(table, me, options, pending))

    def _verdict(self, values: list[list[float]]) -> int:
        """The candidate to play: 0 (its own quick player's choice) unless another is
        clearly better."""
        best, best_z = 0, self.override_z
        for i in range(1, len(values)):
            mean, se = _paired(values[i], values[0])
            if se > 0 and mean > 0 and mean / se > best_z:
                best, best_z = i, mean / se
        return best

    def _search(self, view: Any, candidates: list[Play], rng: random.Random,
                budget: Budget) -> list[list[float]]:
        """Per candidate, its value (pips edge over the table) in each sampled deal."""
        base, pending = table_from_view(view)
        me = view.player
        n = base.n
        base.plans[me] = best_chain(base.end(me), base.hands[me], self._standard.chain_nodes)
        options = [_option(c, n) for c in candidates]
        pool = unseen_tiles(view)
        counts = list(view.hand_counts)
        last_round = view.round_number >= view.rounds
        scores = list(view.scores) if last_round and self.win_weight else None
        self._round_w = 0.0 if scores is not None else self.round_win_weight
        lacks = {q: v for q, v in self._lacks.items() if q != me and q < n}
        own = self._own

        def policy(table: Table, p: int, opts: list[Option],
                   pending: list[tuple[int, int]]) -> Option:
            return own(table, p, opts, pending) if p == me else plan_policy(table, p, opts, pending)

        values: list[list[float]] = [[] for _ in candidates]
        alive = list(range(len(candidates)))
        worlds = 0
        nxt = (me + 1) % n
        floor = self.min_deals
        hard = time.perf_counter() + self.hard_s
        last = 0.0              # how long the last deal took: the next one stops in time
        while worlds < max(self.max_worlds, floor) and len(alive) > 1:
            if worlds and budget.remaining() <= last and (
                    worlds >= floor or time.perf_counter() >= hard):
                break
            started = time.perf_counter()
            rng.shuffle(pool)
            world = base.copy()
            hands, world.boneyard = deal_hidden(pool, counts, me, lacks)
            for q in range(n):
                if q != me:
                    world.hands[q] = sorted(hands[q], reverse=True)
                    world.plan(q)
            for ci in alive:
                t = world.copy()
                t.turn(me, policy, first=options[ci], pending=pending)
                if t.out is None:
                    points = t.play_out(nxt, policy)
                else:
                    points = [0 if q == t.out else t.points(q) for q in range(n)]
                values[ci].append(self._value(points, me, scores))
            worlds += 1
            last = time.perf_counter() - started
            if worlds >= max(self.min_worlds, floor) and worlds % self.batch == 0:
                alive = self._prune(alive, values)
        return values

    def _value(self, points: list[int], me: int, scores: list[int] | None) -> float:
        """A sampled round's worth to ``me``: the others' average points minus its own,
        plus, in the last round, ``win_weight`` times its share of the game's win."""
        n = len(points)
        value = (sum(points) - points[me]) / (n - 1) - points[me]
        if self._round_w:
            low = min(points)
            if points[me] == low:
                value += self._round_w / points.count(low)
        if scores is not None:
            totals = [scores[q] + points[q] for q in range(n)]
            low = min(totals)
            if totals[me] == low:
                value += self.win_weight / totals.count(low)
        return value

    def _prune(self, alive: list[int], values: list[list[float]]) -> list[int]:
        """Drop the candidates clearly behind the leader (the standard choice stays)."""
        leader = max(alive, key=lambda i: sum(values[i]) / len(values[i]))
        keep = []
        for i in alive:
            if i in (leader, 0):
                keep.append(i)
                continue
            mean, se = _paired(values[leader], values[i])
            if mean <= self.prune_z * max(se, 1e-9):
                keep.append(i)
        return keep


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of ``a - b`` over the deals both were played on."""
    k = min(len(a), len(b))
    if k < 2:
        return 0.0, 0.0
    d = [a[i] - b[i] for i in range(k)]
    m = sum(d) / k
    var = sum((x - m) ** 2 for x in d) / (k - 1)
    return m, math.sqrt(var / k)
