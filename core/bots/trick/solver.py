"""A fast perfect-information solver for the trick-taking games (Moon, Texas 42).

Every hand is open here (the bots call it on *sampled* deals). Tiles are bit
indices into the double-six set (``TILES``); a hand is an ``int`` bitmask. Per
trump mode a :class:`Tables` holds, for every tile, the suit it calls for when
led, the mask of tiles that follow each suit, and each tile's power when a
given suit is led (trumps above followers above everything else, the same order
as :func:`core.tricks.play.trick_winner`).

The search is alpha-beta over single plays, two sides: the *scoring side*
(``side[seat] == 1``) maximises the value of the tricks it takes, the others
minimise it. The value of a trick is ``trick_value + sum(tile_points)``: the
points of Texas 42 (1 + count) or the tricks of Moon (1, no count). Because the
value is a sum over tricks, a position at a trick boundary is worth the same
whatever came before, so a transposition table keyed on (hands, leader) keeps
lower/upper bounds of the *future* value there.

A search may stop after a number of completed tricks (``depth``) and guess the
rest: by a quick open-hand playout, or (``static_leaves``) by a static count of
sure winners, trump strength and count. A node limit makes the search
deterministic and bounded: past the limit, or past a deadline, it raises
:class:`SearchAborted` (the caller keeps its best answer so far).
"""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Iterable, Sequence

from core.bots.trick import evaluation as _eval
from core.bots.trick.bitboard import (  # noqa: F401
    BIT,
    COUNT_POINTS,
    INDEX,
    INF,
    TILES,
    Tables,
    bits,
    legal_mask,
    mask_of,
    popcount,
    tables_for,
    tiles_of,
)
from core.tricks.play import TrumpMode

__all__ = [  # the bit-board names the bots take from here, and the solver itself
    "BIT", "COUNT_POINTS", "INDEX", "INF", "TILES", "Tables", "bits", "legal_mask", "mask_of",
    "popcount", "tables_for", "tiles_of", "EXACT", "PLAYOUT_COST", "SearchAborted", "TrickSolver",
]


class SearchAborted(Exception):
    """The node limit or deadline was reached before the search finished."""


EXACT = 15  # depth code of table entries searched to the end of the hand
PLAYOUT_COST = 8  # a playout costs about as much as this many search nodes
CACHE_LIMIT = 200_000  # plays' orders kept per kind of solver (then the cache starts again)

OrderCache = dict[int, tuple[tuple[int, ...], int]]
DistinctCache = dict[tuple[int, int], tuple[int, ...]]
_SHARED: dict[tuple[object, ...], tuple[OrderCache, DistinctCache]] = {}
_TOPS: dict[object, dict[int, int]] = {}


@lru_cache(maxsize=64)
def _sort_keys(mode: TrumpMode, pts: tuple[int, ...]
               ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...],
                          tuple[tuple[int, ...], ...]]:
    """The solver's sort keys for a trump mode and tile points: each tile's rank as a
    lead (0: strongest), the key of a weak lead, and per suit led the keys of giving
    and of throwing a tile."""
    tables = tables_for(mode)
    lead_rank = [0] * len(TILES)
    for r, t in enumerate(tables.lead_order):
        lead_rank[t] = r
    # leading without a sure winner: the least points, then the weakest
    weak_lead_key = tuple(pts[t] * 100 - lead_rank[t] for t in range(len(TILES)))
    # sort keys when following: to a partner's trick give points (keep power);
    # otherwise, among tiles that cannot win, throw the least points and power
    # (its power in the trick, then its strength as a lead of its own)
    n = len(TILES)
    own = tuple(n - lead_rank[t] for t in range(n))
    give_key = tuple(tuple(-pts[t] * 100000 + row[t] * 32 + own[t] for t in range(n))
                     for row in tables.power)
    dump_key = tuple(tuple(pts[t] * 100000 + row[t] * 32 + own[t] for t in range(n))
                     for row in tables.power)
    return tuple(lead_rank), weak_lead_key, give_key, dump_key


class TrickSolver:
    """Alpha-beta over one hand's remaining plays, all tiles open.

    ``seats``: the seats that play, in clockwise order (Nel-O leaves the
    bidder's partner out). ``side``: per seat (indexed by seat number), 1 for
    the scoring side (whose tricks are counted). ``misere``: the scoring side
    wants to take as little as possible (Nel-O), the others maximise.
    ``tile_points``: per tile index, extra value of a trick
    holding it; ``trick_value``: the value of any trick. ``node_limit``: raise
    :class:`SearchAborted` past this many nodes (None: no limit; see
    :meth:`set_budget`).

    ``depth`` (in :meth:`value`, :meth:`solve`, :meth:`move_values`) limits the
    search to that many completed tricks (1: finish the trick on the table);
    beyond, a position is guessed by ``trick_eval.playout_value`` or, with
    ``static_leaves``, by ``trick_eval.static_value``. ``None`` searches to the
    end of the hand. The tables of bounds are kept between calls, so solving
    several plays of the same position (or deepening) reuses work.
    """

    def __init__(self, tables: Tables, seats: Sequence[int], side: Sequence[int],
                 tile_points: Sequence[int] | None = None, trick_value: int = 1,
                 node_limit: int | None = None, misere: bool = False,
                 static_leaves: bool = False) -> None:
        self.tables = tables
        self.seats = tuple(seats)
        self.side = tuple(side) + (0,) * (4 - len(side))
        self.misere = misere
        # who maximises: the scoring side, or (misère, Nel-O) the others
        self.maxi = tuple(1 - x for x in self.side) if misere else self.side
        self.tile_points = tuple(tile_points) if tile_points is not None else (0,) * len(TILES)
        self.trick_value = trick_value
        self.nodes = 0
        self.set_budget(node_limit)
        # keyed on (the four hands, the seat to lead[, the depth code]): bounds of the
        # future value, the best lead found, and the guesses at the depth limit
        self.tt: dict[tuple[int, ...], tuple[int, int]] = {}
        self.best_move: dict[tuple[int, ...], int] = {}
        self.leaves: dict[tuple[int, ...], int] = {}
        # the most power a hand can put into a trick of a suit (hand << 4 | suit), shared
        # by the solvers of one trump mode (see evaluation.top_power)
        top = _TOPS.get(tables.mode)
        if top is None or len(top) > CACHE_LIMIT:
            if len(_TOPS) > 64:
                _TOPS.clear()
            top = _TOPS[tables.mode] = {}
        self.top_cache: dict[int, int] = top
        # beyond the depth limit: a static guess (fast) instead of a playout
        self.static_leaves = static_leaves
        nxt = [0, 0, 0, 0]
        for i, s in enumerate(self.seats):
            nxt[s] = self.seats[(i + 1) % len(self.seats)]
        self.next_seat = tuple(nxt)
        # per leader: the trick's seats in order, and for each place in it the
        # opponents of that seat still to play (place 0: all the leader's opponents)
        orders, later = {}, {}
        for lead in self.seats:
            order = [lead]
            while len(order) < len(self.seats):
                order.append(self.next_seat[order[-1]])
            orders[lead] = tuple(order)
            later[lead] = tuple(tuple(o for o in order[k + 1:] if self.side[o] != self.side[s])
                                for k, s in enumerate(order))
        self.trick_orders = orders
        self.suit_masks = _eval.suit_masks(tables.mode)   # for the static guess
        # per side (0, 1): the seats playing against it
        self.side_opponents = tuple(tuple(q for q in self.seats if self.side[q] != x)
                                    for x in (0, 1))
        self.later_opponents = later
        self.count_tiles = tuple((1 << i, p) for i, p in enumerate(self.tile_points) if p)
        self.count_mask = sum(m for m, _ in self.count_tiles)
        self.count_value: dict[int, int] = {}
        # the plays' order at a node, shared by the solvers that order alike (see _moves)
        shared = _SHARED.get((tables.mode, self.tile_points, misere))
        if shared is None:
            if len(_SHARED) > 64:
                _SHARED.clear()
            shared = _SHARED[(tables.mode, self.tile_points, misere)] = ({}, {})
        self.orders, self.distinct_cache = shared
        self.hands = [0, 0, 0, 0]
        self.lead_rank, self.weak_lead_key, self.give_key, self.dump_key = _sort_keys(
            tables.mode, self.tile_points)

    # -- public -----------------------------------------------------------
    def value(self, hands: Sequence[int], to_act: int, trick: Sequence[tuple[int, int]] = (),
              alpha: int = -INF, beta: int = INF, depth: int | None = None) -> int:
        """Future value (the current trick included) for the scoring side.

        ``hands``: mask per seat (seats not playing hold 0); ``trick``: the
        plays on the table, ((seat, tile index), ...) in order; ``to_act``: whose
        turn. Inside the window (alpha, beta) the result is exact; outside it is
        a bound (fail-soft).
        """
        state = self._load(hands, trick)
        return self._search(to_act, *state, alpha, beta, self._depth(depth))

    def move_values(self, hands: Sequence[int], to_act: int,
                    trick: Sequence[tuple[int, int]] = (),
                    moves: Iterable[int] | None = None,
                    depth: int | None = None,
                    guesses: dict[int, int] | None = None) -> dict[int, int]:
        """The exact value of each legal play of ``to_act`` (tile index -> future value).

        Each play is solved by MTD(f) (null-window searches converging on the
        value, starting from ``guesses[t]`` when given). Plays are searched in
        ``moves`` order (default: all legal, best guess first).
        """
        n, suit, best_p, win_seat, tv = self._load(hands, trick)
        hands_now = self.hands[:]
        lead = trick[0][1] if trick else None
        legal = legal_mask(self.tables, hands_now[to_act], lead)
        if moves is None:
            moves = self.order(to_act, legal, n, suit, best_p, win_seat)
        d = self._depth(depth)
        tricks_left = popcount(hands_now[to_act])
        top = self._remaining_value(tricks_left) + tv
        out: dict[int, int] = {}
        for t in moves:
            if not legal >> t & 1:
                raise ValueError(f"{TILES[t]} is not a legal play")
            g = (guesses or {}).get(t)
            if g is None:
                g = next(iter(out.values())) if out else top // 2
            lo, hi = 0, top
            g = max(lo, min(hi, g))
            try:
                while lo < hi:
                    b = g + 1 if g == lo else g
                    self.hands[:] = hands_now
                    g = self._apply(to_act, t, n, suit, best_p, win_seat, tv, b - 1, b, d)
                    if g < b:
                        hi = g
                    else:
                        lo = g
            except SearchAborted:
                self.hands[:] = hands_now
                raise
            out[t] = lo
        return out

    def solve(self, hands: Sequence[int], to_act: int, trick: Sequence[tuple[int, int]] = (),
              depth: int | None = None, guess: int | None = None) -> int:
        """The exact future value of the position (MTD(f) from ``guess``)."""
        n, suit, best_p, win_seat, tv = self._load(hands, trick)
        hands_now = self.hands[:]
        tricks_left = popcount(hands_now[to_act])
        lo, hi = 0, self._remaining_value(tricks_left) + tv
        g = hi // 2 if guess is None else max(lo, min(hi, guess))
        d = self._depth(depth)
        while lo < hi:
            b = g + 1 if g == lo else g
            self.hands[:] = hands_now
            g = self._search(to_act, n, suit, best_p, win_seat, tv, b - 1, b, d)
            if g < b:
                hi = g
            else:
                lo = g
        self.hands[:] = hands_now
        return lo

    def legal(self, hands: Sequence[int], to_act: int,
              trick: Sequence[tuple[int, int]] = ()) -> list[int]:
        lead = trick[0][1] if trick else None
        return bits(legal_mask(self.tables, hands[to_act], lead))

    def set_budget(self, nodes: int | None = None, deadline: float | None = None) -> None:
        """From now on, abort a search after ``nodes`` more nodes, or once
        ``time.perf_counter()`` passes ``deadline`` (None: no such limit)."""
        self._node_cap = self.nodes + nodes if nodes is not None else None
        self.deadline = deadline
        self._set_limit()

    # -- internals ------------------------------------------------------------
    def _set_limit(self) -> None:
        limit = 1 << 62
        if self._node_cap is not None:
            limit = self._node_cap
        if self.deadline is not None:
            limit = min(limit, self.nodes + 2048)
        self._limit = limit

    def _check_budget(self) -> None:
        if self._node_cap is not None and self.nodes > self._node_cap:
            raise SearchAborted()
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise SearchAborted()
        self._set_limit()

    @staticmethod
    def _depth(depth: int | None) -> int:
        return 99 if depth is None else depth

    def _load(self, hands: Sequence[int],
              trick: Sequence[tuple[int, int]]) -> tuple[int, int, int, int, int]:
        self.hands = list(hands) + [0] * (4 - len(hands))
        if not trick:
            return 0, 0, 0, 0, 0
        suit = self.tables.lead_suit[trick[0][1]]
        row = self.tables.power[suit]
        best_p, win_seat, tv = -1, 0, 0
        for s, t in trick:
            tv += self.tile_points[t]
            if row[t] > best_p:
                best_p, win_seat = row[t], s
        return len(trick), suit, best_p, win_seat, tv

    def order(self, seat: int, legal: int, n: int, suit: int, best_p: int,
               win_seat: int) -> list[int]:
        tiles = bits(legal)
        if len(tiles) <= 1:
            return tiles
        if self.misere:
            return self._order_misere(seat, tiles, n, suit, best_p)
        if n == 0:
            lr = self.lead_rank
            tiles.sort(key=lr.__getitem__)
            return tiles
        if self.side[win_seat] == self.side[seat]:
            tiles.sort(key=self.give_key[suit].__getitem__)
            return tiles
        row = self.tables.power[suit]
        winners = [t for t in tiles if row[t] > best_p]
        if not winners:
            tiles.sort(key=self.dump_key[suit].__getitem__)
            return tiles
        if len(winners) == len(tiles):
            tiles.sort(key=row.__getitem__)
            return tiles
        winners.sort(key=row.__getitem__)
        rest = [t for t in tiles if row[t] <= best_p]
        rest.sort(key=self.dump_key[suit].__getitem__)
        return winners + rest

    def _distinct(self, moves: list[int], seat: int, suit: int, best_p: int) -> list[int]:
        """``moves`` without tiles that play exactly like one before them (same
        class and points, no other remaining tile ranked between them, and not
        straddling the trick's winning power)."""
        tables = self.tables
        cls = tables.eq_class
        kept: list[int] = []
        firsts: dict[int, list[int]] = {}
        others = -1
        for t in moves:
            c = cls[t]
            if c >= 0:
                group = firsts.get(c)
                if group is None:
                    firsts[c] = [t]
                else:
                    if others < 0:
                        hands = self.hands
                        others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hands[seat]
                    pts = self.tile_points
                    between = tables.between[t]
                    row = tables.power[suit] if suit >= 0 else None
                    same = False
                    for u in group:
                        if pts[u] != pts[t] or others & between[u]:
                            continue
                        if row is not None:
                            lo, hi = sorted((row[t], row[u]))
                            if lo <= best_p < hi:
                                continue
                        same = True
                        break
                    if same:
                        continue
                    group.append(t)
            kept.append(t)
        return kept

    def _order_misere(self, seat: int, tiles: list[int], n: int, suit: int,
                      best_p: int) -> list[int]:
        """Nel-O's guesses: everybody plays low; the bidder keeps under the trick."""
        if n == 0:
            lr = self.lead_rank
            tiles.sort(key=lambda t: -lr[t])
            return tiles
        row = self.tables.power[suit]
        if self.side[seat]:
            under = [t for t in tiles if row[t] <= best_p]
            over = [t for t in tiles if row[t] > best_p]
            under.sort(key=lambda t: -row[t])
            over.sort(key=row.__getitem__)
            return under + over
        tiles.sort(key=row.__getitem__)
        return tiles

    def _apply(self, seat: int, t: int, n: int, suit: int, best_p: int, win_seat: int, tv: int,
               alpha: int, beta: int, depth: int) -> int:
        hands = self.hands
        h = hands[seat]
        hands[seat] = h ^ (1 << t)
        try:
            tables = self.tables
            if n == 0:
                suit = tables.lead_suit[t]
                return self._search(self.next_seat[seat], 1, suit, tables.power[suit][t], seat,
                                    self.tile_points[t], alpha, beta, depth)
            p = tables.power[suit][t]
            if p > best_p:
                best_p, win_seat = p, seat
            tv += self.tile_points[t]
            if n + 1 == len(self.seats):
                val = tv + self.trick_value if self.side[win_seat] else 0
                return val + self._search(win_seat, 0, 0, 0, 0, 0, alpha - val, beta - val,
                                          depth - 1)
            return self._search(self.next_seat[seat], n + 1, suit, best_p, win_seat, tv,
                                alpha, beta, depth)
        finally:
            hands[seat] = h

    def _remaining_value(self, tricks: int) -> int:
        hands = self.hands
        return tricks * self.trick_value + self.points_in(hands[0] | hands[1] | hands[2]
                                                          | hands[3])

    def points_in(self, mask: int) -> int:
        """The tile points of the tiles in ``mask``."""
        counted = mask & self.count_mask
        value = self.count_value.get(counted)
        if value is None:
            value = 0
            for m, p in self.count_tiles:
                if counted & m:
                    value += p
            self.count_value[counted] = value
        return value

    def _moves(self, seat: int, legal: int, n: int, suit: int, best_p: int,
               win_seat: int) -> tuple[int, tuple[int, ...], int]:
        """:meth:`order`'s plays, from the shared cache: (cache key, plays, mask of the
        tiles :meth:`_distinct` looks at, -1 when no two plays could be alike).
        (:meth:`_search` reads the cache itself first, with the same keys.)"""
        side = self.side
        if n == 0:
            okey = legal | 1 << 62
        else:
            okey = (legal | suit << 28 | best_p << 32
                    | (side[seat] << 1 | (side[win_seat] == side[seat])) << 48)
        entry = self.orders.get(okey)
        if entry is None:
            moves = tuple(self.order(seat, legal, n, suit, best_p, win_seat))
            entry = (moves, self._alike_mask(moves))
            orders = self.orders
            if len(orders) > CACHE_LIMIT:
                orders.clear()
                self.distinct_cache.clear()
            orders[okey] = entry
        return okey, entry[0], entry[1]

    def _alike_mask(self, moves: Sequence[int]) -> int:
        """-1 if no two of ``moves`` share a class and points (then :meth:`_distinct`
        keeps them all), else the tiles ranked between such pairs."""
        cls = self.tables.eq_class
        pts = self.tile_points
        between = self.tables.between
        mask = -1
        for i, t in enumerate(moves):
            c = cls[t]
            if c < 0:
                continue
            for u in moves[:i]:
                if cls[u] == c and pts[u] == pts[t]:
                    mask = (0 if mask < 0 else mask) | between[t][u]
        return mask

    def _search(self, seat: int, n: int, suit: int, best_p: int, win_seat: int, tv: int,
                alpha: int, beta: int, depth: int) -> int:
        self.nodes += 1
        if self.nodes > self._limit:
            self._check_budget()
        hands = self.hands
        h = hands[seat]
        tables = self.tables
        if n == 0:
            if not h:
                return 0
            tricks = h.bit_count()
            h0, h1, h2, h3 = hands
            if depth >= tricks:
                code = EXACT
            elif depth <= 0:
                pkey = (h0, h1, h2, h3, seat)
                v = self.leaves.get(pkey)
                if v is None:
                    if self.static_leaves and not self.misere and not tables.sevens:
                        self.nodes += 2
                        v = self.leaves[pkey] = _eval.static_value(self, seat)
                    else:
                        self.nodes += PLAYOUT_COST
                        v = self.leaves[pkey] = _eval.playout_value(self, seat)
                return v
            else:
                code = depth
            key = (h0, h1, h2, h3, seat, code)
            entry = self.tt.get(key)
            if entry is not None:
                lo, hi = entry
            else:
                lo, hi = 0, self._remaining_value(tricks)
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
            a0, b0 = alpha, beta
            legal = legal_mask(tables, h, None) if tables.sevens else h
            okey = legal | 1 << 62
            cached = self.orders.get(okey)
            if cached is None:
                okey, moves, alike = self._moves(seat, legal, 0, 0, 0, 0)
            else:
                moves, alike = cached
            bkey = (h0, h1, h2, h3, seat)
            bm = self.best_move.get(bkey)
            if bm is not None and legal >> bm & 1 and moves[0] != bm:
                moves = (bm,) + tuple(x for x in moves if x != bm)
                okey |= (bm + 1) << 56
        else:
            if tables.sevens:
                legal = legal_mask(tables, h, None)
            else:
                legal = (h & tables.follow[suit]) or h
            side = self.side
            okey = (legal | suit << 28 | best_p << 32
                    | (side[seat] << 1 | (side[win_seat] == side[seat])) << 48)
            cached = self.orders.get(okey)
            if cached is None:
                okey, moves, alike = self._moves(seat, legal, n, suit, best_p, win_seat)
            else:
                moves, alike = cached
        if alike >= 0:
            # which plays are alike depends on the tiles the others still hold
            dkey = (okey, (hands[0] | hands[1] | hands[2] | hands[3]) & ~h & alike)
            kept = self.distinct_cache.get(dkey)
            if kept is None:
                kept = self.distinct_cache[dkey] = tuple(self._distinct(
                    list(moves), seat, suit if n else -1, best_p if n else -1))
            moves = kept
        maximizing = self.maxi[seat] == 1
        best = -INF if maximizing else INF
        best_t = -1
        search = self._search
        power = tables.power
        pts = self.tile_points
        if n == 0:
            nxt = self.next_seat[seat]
            lead_suit = tables.lead_suit
            for t in moves:
                hands[seat] = h ^ (1 << t)
                s = lead_suit[t]
                v = search(nxt, 1, s, power[s][t], seat, pts[t], alpha, beta, depth)
                hands[seat] = h
                if maximizing:
                    if v > best:
                        best, best_t = v, t
                        if v > alpha:
                            alpha = v
                elif v < best:
                    best, best_t = v, t
                    if v < beta:
                        beta = v
                if alpha >= beta:
                    break
            if best <= a0:
                if best < hi:
                    hi = best
            elif best >= b0:
                if best > lo:
                    lo = best
            else:
                lo = hi = best
            self.tt[key] = (lo, hi)
            self.best_move[bkey] = best_t
            return best
        row = power[suit]
        if n + 1 == len(self.seats):
            side = self.side
            value = tv + self.trick_value
            depth -= 1
            for t in moves:
                hands[seat] = h ^ (1 << t)
                ws = seat if row[t] > best_p else win_seat
                if side[ws]:
                    val = value + pts[t]
                    v = val + search(ws, 0, 0, 0, 0, 0, alpha - val, beta - val, depth)
                else:
                    v = search(ws, 0, 0, 0, 0, 0, alpha, beta, depth)
                hands[seat] = h
                if maximizing:
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                elif v < best:
                    best = v
                    if v < beta:
                        beta = v
                if alpha >= beta:
                    break
            return best
        nxt = self.next_seat[seat]
        n += 1
        for t in moves:
            hands[seat] = h ^ (1 << t)
            p = row[t]
            if p > best_p:
                v = search(nxt, n, suit, p, seat, tv + pts[t], alpha, beta, depth)
            else:
                v = search(nxt, n, suit, best_p, win_seat, tv + pts[t], alpha, beta, depth)
            hands[seat] = h
            if maximizing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best
