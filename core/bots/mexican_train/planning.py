"""Mexican Train planning: chains through a hand, and a fast table model to look ahead.

* :func:`best_chain` finds the longest line of tiles a hand can lay from an
  open end (its own train's plan). Tiles are edges between numbers and a double
  is a loop, so the chain is the longest trail from the end; doubles are slotted
  in where the trail first reaches their number, which keeps the search small.
* :class:`Table` is a compact model of one round (ends of the trains, markers,
  open doubles, every hand and the boneyard) used on *sampled* deals: a bot
  fills the hidden hands with tiles consistent with its view and plays the round
  out. It follows the rules file closely, but it is a bot's model, not the
  referee: the engine alone decides what is legal.
* :func:`plan_policy` is the quick player used inside look-ahead: dump tiles
  that are not in the chain on public trains, otherwise lay the chain.

Trains here are indices: ``0 .. n-1`` are the players' trains, ``n`` is the
Mexican train (:func:`train_index` / :func:`train_name` convert).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from core.tiles import Tile

MEXICAN = "mexican"

Option = tuple[Tile, int]          # (tile, train index)
Policy = Callable[["Table", int, list[Option], list[tuple[int, int]]], Option]


def train_index(train: int | str, n: int) -> int:
    return n if train == MEXICAN else int(train)


def train_name(index: int, n: int) -> int | str:
    return MEXICAN if index == n else index


# -- chains -------------------------------------------------------------------

def best_chain(start: int, hand: Iterable[Tile], node_limit: int = 4000) -> tuple[Tile, ...]:
    """The longest chain of ``hand``'s tiles laid one after another from ``start``.

    Longest by number of tiles, then by pips. A double is laid as soon as the
    chain reaches its number (it is then followed up by the next tile). The
    search visits at most ``node_limit`` positions and keeps the best found
    (high tiles are tried first, so a cut-off search still favours them).
    """
    doubles: dict[int, Tile] = {}
    edges: list[Tile] = []
    for t in hand:
        if t.high == t.low:
            doubles[t.high] = t
        else:
            edges.append(t)
    edges.sort(reverse=True)
    adj: dict[int, list[tuple[int, int, int]]] = {}
    for i, t in enumerate(edges):
        pips = t.high + t.low
        adj.setdefault(t.high, []).append((1 << i, t.low, pips))
        adj.setdefault(t.low, []).append((1 << i, t.high, pips))
    total = len(edges) + len(doubles)
    dbl = {v: 2 * v for v in doubles}
    best_key = (-1, -1)           # (tiles, pips) of the best line so far
    best_path: list[int] = []
    path: list[int] = []
    nodes = 0

    def dfs(v: int, used: int, seen: int, count: int, pips: int) -> bool:
        nonlocal nodes, best_key, best_path
        nodes += 1
        extended = False
        if nodes <= node_limit:
            for bit, w, tp in adj.get(v, ()):
                if not used & bit:
                    extended = True
                    c, p, s = count + 1, pips + tp, seen
                    if w in dbl and not (seen >> w) & 1:
                        c += 1
                        p += dbl[w]
                        s |= 1 << w
                    path.append(bit)
                    done = dfs(w, used | bit, s, c, p)
                    path.pop()
                    if done:
                        return True
        if not extended and (count, pips) > best_key:
            best_key = (count, pips)
            best_path = list(path)
            return count == total
        return False

    if start in dbl:
        dfs(start, 0, 1 << start, 1, dbl[start])
    else:
        dfs(start, 0, 0, 0, 0)
    chain: list[Tile] = []
    seen: set[int] = set()
    v = start
    if v in doubles:
        chain.append(doubles[v])
        seen.add(v)
    for bit in best_path:
        t = edges[bit.bit_length() - 1]
        chain.append(t)
        v = t.low if t.high == v else t.high
        if v in doubles and v not in seen:
            seen.add(v)
            chain.append(doubles[v])
    return tuple(chain)


def tile_points(t: Tile, blank_value: int) -> int:
    if t.high == 0 and t.low == 0:
        return blank_value
    return t.high + t.low


def hand_points(hand: Iterable[Tile], blank_value: int) -> int:
    return sum(tile_points(t, blank_value) for t in hand)


# -- the table model ----------------------------------------------------------

class Table:
    """One round of Mexican Train with every hand known (a sampled deal)."""

    __slots__ = ("n", "engine", "ends", "marker", "open_doubles", "hands", "boneyard",
                 "on_table", "max_pip", "blank_value", "any_order", "no_play", "out", "plans",
                 "plan_end", "plan_nodes", "build")

    def __init__(self, n: int, engine: int, max_pip: int, *, blank_value: int = 50,
                 any_order: bool = False) -> None:
        self.n = n
        self.engine = engine
        self.ends: list[int | None] = [None] * (n + 1)   # None: not started (the engine's number)
        self.marker = [False] * n
        self.open_doubles: list[tuple[int, int]] = []     # (train, number), oldest first
        self.hands: list[list[Tile]] = [[] for _ in range(n)]   # each sorted high first
        self.boneyard: list[Tile] = []                    # drawn from the end
        self.on_table = [0] * (max_pip + 1)               # tiles of each number on the table
        self.on_table[engine] += 1
        self.max_pip = max_pip
        self.blank_value = blank_value
        self.any_order = any_order
        self.no_play = 0
        self.out: int | None = None
        self.plans: list[tuple[Tile, ...] | None] = [None] * n
        self.plan_end: list[int] = [-1] * n               # the end each plan was made from
        self.plan_nodes = 600
        self.build = [False] * n                          # first turn still to come, building

    def copy(self) -> Table:
        c = Table.__new__(Table)
        c.n = self.n
        c.engine = self.engine
        c.ends = list(self.ends)
        c.marker = list(self.marker)
        c.open_doubles = list(self.open_doubles)
        c.hands = [list(h) for h in self.hands]
        c.boneyard = list(self.boneyard)
        c.on_table = list(self.on_table)
        c.max_pip = self.max_pip
        c.blank_value = self.blank_value
        c.any_order = self.any_order
        c.no_play = self.no_play
        c.out = self.out
        c.plans = list(self.plans)
        c.plan_end = list(self.plan_end)
        c.plan_nodes = self.plan_nodes
        c.build = list(self.build)
        return c

    # -- reading the table --
    def end(self, k: int) -> int:
        e = self.ends[k]
        return self.engine if e is None else e

    def exhausted(self, number: int) -> bool:
        """Every tile of ``number`` is on the table: a double of it can never be satisfied."""
        return self.on_table[number] >= self.max_pip + 1

    def blocking(self) -> list[tuple[int, int]]:
        if self.open_doubles:
            self.open_doubles = [d for d in self.open_doubles if not self.exhausted(d[1])]
        return self.open_doubles

    def free_options(self, p: int) -> list[Option]:
        """Every (tile, train) ``p`` may play when no double constrains them, in the
        engine's order: tiles high first (hands are kept sorted), then trains by seat
        with the Mexican train last."""
        ends, marker, engine, n = self.ends, self.marker, self.engine, self.n
        targets: dict[int, list[int]] = {}
        for k in range(n + 1):
            if k == p or k == n or marker[k]:
                e = ends[k]
                if e is None:
                    e = engine
                if e in targets:
                    targets[e].append(k)
                else:
                    targets[e] = [k]
        out: list[Option] = []
        for t in self.hands[p]:
            a, b = t
            ka = targets.get(a)
            kb = targets.get(b) if b != a else None
            if ka:
                if kb:
                    ka = sorted(ka + kb)
                for k in ka:
                    out.append((t, k))
            elif kb:
                for k in kb:
                    out.append((t, k))
        return out

    def options(self, p: int, pending: Sequence[tuple[int, int]] = ()) -> list[Option]:
        """Where ``p`` may play now (``pending``: doubles ``p`` played this turn, unsatisfied)."""
        hand = self.hands[p]
        if pending:
            if len(pending) == 1:
                return self.free_options(p)
            k0, v0 = pending[0]
            out = [(t, k0) for t in hand if t.high != t.low and (t.high == v0 or t.low == v0)]
            out.extend(o for o in self.free_options(p) if o[0].high == o[0].low)
            return out
        blocking = self.blocking()
        if blocking:
            targets = blocking if self.any_order else blocking[:1]
            return [(t, k) for k, v in targets for t in hand if t.high == v or t.low == v]
        return self.free_options(p)

    def points(self, p: int) -> int:
        return hand_points(self.hands[p], self.blank_value)

    # -- changing the table --
    def place(self, p: int, t: Tile, k: int) -> None:
        self.hands[p].remove(t)
        e = self.end(k)
        self.ends[k] = t.low if t.high == e else t.high
        self.on_table[t.high] += 1
        if t.low != t.high:
            self.on_table[t.low] += 1
        if k == p:
            self.marker[p] = False
            plan = self.plans[p]
            if plan and plan[0] == t:
                self.plans[p] = plan[1:]
            else:
                self.plans[p] = None
        if self.open_doubles:
            self.open_doubles = [d for d in self.open_doubles if d[0] != k]

    def draw(self, p: int) -> Tile:
        t = self.boneyard.pop()
        hand = self.hands[p]
        hand.append(t)              # the plan stays: the new tile is outside it for now
        hand.sort(reverse=True)
        if self.plans[p] == ():
            self.plans[p] = None    # ... unless there was none: the new tile may start one
        return t

    def plan(self, p: int) -> tuple[Tile, ...]:
        """``p``'s chain from their train's end, recomputed when it no longer fits."""
        plan = self.plans[p]
        e = self.end(p)
        if plan:
            first = plan[0]
            if (first.high == e or first.low == e) and first in self.hands[p]:
                return plan
        elif plan is not None and self.plan_end[p] == e:
            return plan             # still no chain: the hand only shrank since
        plan = best_chain(e, self.hands[p], self.plan_nodes)
        self.plans[p] = plan
        self.plan_end[p] = e
        return plan

    def turn(self, p: int, policy: Policy, first: Option | None = None,
             pending: Sequence[tuple[int, int]] = (), drew: bool = False) -> bool:
        """Play (the rest of) ``p``'s turn with ``policy``.

        ``first`` forces the next play; ``pending`` are the doubles ``p`` has
        played this turn and not yet satisfied, ``drew`` whether ``p`` has drawn
        since their last play. A player whose ``build`` flag is set (their first
        turn of a round under ``first_turn = "build"``) goes on laying tiles on
        their own train while one fits, as the engine lets them.
        """
        pending = list(pending)
        played = bool(pending)
        hand = self.hands[p]
        building = self.build[p]
        self.build[p] = False
        chain = False
        while True:
            if first is not None:
                choice: Option | None = first
                first = None
            else:
                opts = self.options(p, pending)
                if chain:
                    opts = [o for o in opts if o[1] == p]
                    if not opts:
                        break
                choice = None
                if opts:
                    choice = opts[0] if len(opts) == 1 else policy(self, p, opts, pending)
            if choice is not None:
                t, k = choice
                self.place(p, t, k)
                played = True
                if pending:
                    pending = [d for d in pending if d[0] != k]
                if not hand:
                    self.out = p
                    break
                if k != p:
                    building = False
                if t.high == t.low:
                    pending.append((k, t.high))
                    drew = False
                    chain = False
                    continue
                end = self.ends[p]
                if building and not pending and any(end in x for x in hand):
                    chain = True
                    continue
                break
            if self.boneyard and not drew:
                self.draw(p)
                drew = True
                continue
            self.marker[p] = True
            break
        if pending:
            self.open_doubles.extend(pending)
        self.no_play = 0 if played else self.no_play + 1
        return played

    def blocked(self) -> bool:
        return not self.boneyard and self.no_play >= self.n

    def play_out(self, p: int, policy: Policy, max_turns: int = 500) -> list[int]:
        """Play turns from ``p`` to the end of the round; the round's points per player."""
        turns = 0
        while self.out is None and not self.blocked() and turns < max_turns:
            self.turn(p, policy)
            p = (p + 1) % self.n
            turns += 1
        return [0 if i == self.out else self.points(i) for i in range(self.n)]


# -- the quick policy -----------------------------------------------------------

def move_score(table: Table, p: int, t: Tile, k: int, plan: Sequence[Tile],
               threat: int) -> float:
    """The standard heuristic for laying ``t`` on train ``k`` (higher is better).

    The plan's next tile on the player's own train scores well (better still
    when the marker is on: laying there takes it off); a tile outside the plan
    scores best on a public train, where it costs the chain nothing; a plan tile
    anywhere else breaks the chain. Pips break ties (shed high tiles early),
    and count triple when an opponent (``threat`` tiles left) may go out soon.
    A double is welcome when the hand can follow it up, not otherwise.
    """
    if t in plan:
        if k == p and t == plan[0]:
            s = 100.0 + (40 if table.marker[p] else 0)
        else:
            s = 0.0
    else:
        s = 120.0 if k != p else 20.0
    pips = t.high + t.low
    if pips == 0:
        pips = table.blank_value // 2
    s += 3 * pips if threat <= 2 else pips
    if t.high == t.low:
        v = t.high
        if any(u != t and (u.high == v or u.low == v) for u in table.hands[p]):
            s += 15
        else:
            s -= 60
    return s


@dataclass(frozen=True)
class Weights:
    """A quick player's weights; the defaults are the standard player's."""

    chain: float = 100.0          # the chain's next tile on its own train
    marker_bonus: float = 40.0    # ... and more when the marker is on it
    outside_public: float = 120.0  # a tile outside the chain on a public train
    outside_own: float = 20.0     # ... on its own train
    double_follow: float = 15.0   # a double it can follow up
    double_alone: float = -60.0   # a double it cannot follow up
    threat_tiles: int = 2         # an opponent this close to going out ...
    threat_pips: float = 3.0      # ... makes pips count this many times


def weighted_policy(w: Weights) -> Policy:
    """The quick player with weights ``w``: :func:`move_score`'s shape, the best
    option, the first of equals. Written out inline, as look-ahead calls it
    millions of times."""
    chain, marker_bonus = w.chain, w.marker_bonus
    outside_public, outside_own = w.outside_public, w.outside_own
    double_follow, double_alone = w.double_follow, w.double_alone
    threat_tiles, threat_pips = w.threat_tiles, w.threat_pips

    def policy(table: Table, p: int, opts: list[Option],
               pending: Sequence[tuple[int, int]]) -> Option:
        plan = table.plan(p)
        hands = table.hands
        threat = min([len(hands[q]) for q in range(table.n) if q != p])
        mult = threat_pips if threat <= threat_tiles else 1.0
        chain_score = chain + marker_bonus if table.marker[p] else chain
        first = plan[0] if plan else None
        hand = hands[p]
        best = opts[0]
        best_score = -1e9
        for option in opts:
            t, k = option
            a, b = t
            if t in plan:
                s = chain_score if (k == p and t == first) else 0.0
            else:
                s = outside_public if k != p else outside_own
            pips = a + b
            if pips == 0:
                pips = table.blank_value // 2
            s += mult * pips
            if a == b:
                follow = double_alone
                for u in hand:
                    if (u[0] == a or u[1] == a) and u != t:
                        follow = double_follow
                        break
                s += follow
            if s > best_score:
                best_score = s
                best = option
        return best

    return policy


plan_policy: Policy = weighted_policy(Weights())
"""The standard player's choice: :func:`move_score`'s best option (the first of equals)."""
