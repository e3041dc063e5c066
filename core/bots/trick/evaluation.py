"""Hand evaluation and table sense for the trick-taking bots (Moon, Texas 42).

Quick, rule-of-thumb judgements a player makes at a glance:

* the trick on the table: who is winning it, whether a tile would win it, and
  whether a tile still unseen could beat it;
* how many tricks a hand should take under a trump (trump length and top
  trumps, doubles that walk, losers), and which trump suits the hand best;
* how safe a hand is at Nel-O, and how often it makes Sevens;
* with every hand open (the solver's leaves): a quick playout, or a static
  count of sure winners, trump strength and count.

Everything here is deterministic except :func:`sevens_make_rate`, which deals
from the injected generator.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from core.bots.trick import bitboard as _solver
from core.tiles import Tile
from core.tricks.count import COUNT
from core.tricks.play import TRUMP, TrumpMode, follows, is_trump, rank, sevens_distance, suit_led

if TYPE_CHECKING:  # the solver calls back into this module for its leaves
    from core.bots.trick.solver import TrickSolver

NUMBER_TRUMPS = tuple(str(n) for n in range(7))


def count_of(t: Tile) -> int:
    return COUNT.get(t, 0)


# -- the trick on the table ----------------------------------------------------

def power(t: Tile, suit: int, mode: TrumpMode) -> int:
    """How strongly ``t`` stands in a trick whose led suit is ``suit`` (0: cannot win)."""
    if mode.trump == "sevens":
        return 10 - sevens_distance(t)
    if is_trump(t, mode):
        return 1000 + rank(t, TRUMP, mode)
    if suit != TRUMP and follows(t, suit, mode):
        return 500 + rank(t, suit, mode)
    return 0


def winning_play(plays: Sequence[tuple[int, Tile]], mode: TrumpMode) -> tuple[int, Tile] | None:
    """The (player, tile) winning the trick so far."""
    if not plays:
        return None
    suit = suit_led(plays[0][1], mode)
    best = plays[0]
    best_p = power(best[1], suit, mode)
    for p, t in plays[1:]:
        pw = power(t, suit, mode)
        if pw > best_p:
            best, best_p = (p, t), pw
    return best


def would_win(t: Tile, plays: Sequence[tuple[int, Tile]], mode: TrumpMode) -> bool:
    """Whether ``t`` played now would be winning the trick."""
    if not plays:
        return True
    suit = suit_led(plays[0][1], mode)
    win = winning_play(plays, mode)
    assert win is not None  # plays is not empty
    return power(t, suit, mode) > power(win[1], suit, mode)


def beaters(t: Tile, suit: int, mode: TrumpMode, tiles: Iterable[Tile]) -> list[Tile]:
    """Tiles among ``tiles`` that would beat ``t`` in a trick led in ``suit``."""
    mine = power(t, suit, mode)
    return [x for x in tiles if power(x, suit, mode) > mine]


def is_boss(t: Tile, mode: TrumpMode, unseen: Iterable[Tile]) -> bool:
    """Whether ``t``, led now, cannot be beaten by any unseen tile that follows it.

    (An unseen trump could still ruff an off-suit lead; see :func:`can_be_ruffed`.)
    """
    suit = suit_led(t, mode)
    mine = power(t, suit, mode)
    for x in unseen:
        if (follows(x, suit, mode) or mode.trump == "sevens") and power(x, suit, mode) > mine:
            return False
    return True


def can_be_ruffed(t: Tile, mode: TrumpMode, unseen: Iterable[Tile]) -> bool:
    return not is_trump(t, mode) and any(is_trump(x, mode) for x in unseen)


# -- hand strength ---------------------------------------------------------------

def trumps_in(tiles: Iterable[Tile], mode: TrumpMode) -> list[Tile]:
    """The trumps among ``tiles``, highest first."""
    return sorted((t for t in tiles if is_trump(t, mode)),
                  key=lambda t: -rank(t, TRUMP, mode))


@lru_cache(maxsize=256)
def _tile_facts(mode: TrumpMode, universe: tuple[Tile, ...]) -> dict[Tile, tuple[bool, frozenset[Tile]]]:
    """Per tile: whether it is a trump, and the tiles that beat it in its own suit."""
    out = {}
    for t in universe:
        if is_trump(t, mode):
            r = rank(t, TRUMP, mode)
            above = frozenset(x for x in universe if is_trump(x, mode) and rank(x, TRUMP, mode) > r)
            out[t] = (True, above)
        else:
            suit = suit_led(t, mode)
            r = rank(t, suit, mode)
            above = frozenset(x for x in universe if follows(x, suit, mode)
                              and rank(x, suit, mode) > r)
            out[t] = (False, above)
    return out


def estimate_tricks(hand: Sequence[Tile], mode: TrumpMode, universe: Sequence[Tile]) -> float:
    """Tricks ``hand`` should win alone when it names ``mode`` and leads first.

    ``universe``: every tile in play (Moon's 22, 42's 28). Top trumps count
    fully, trumps with one or two higher trumps out count partly (more with
    length); off-suit doubles walk once trumps are drawn; a tile right under a
    held double of its suit counts half; other tiles are losers.
    """
    if mode.trump in ("nello", "sevens"):
        return 0.0
    facts = _tile_facts(mode, tuple(universe))
    mine = set(hand)
    n_trumps = sum(1 for t in hand if facts[t][0])
    all_trumps = sum(1 for is_t, _ in facts.values() if is_t)
    control = n_trumps >= 3 or n_trumps == all_trumps
    long = n_trumps >= 4
    tricks = 0.0
    for t in hand:
        is_t, above = facts[t]
        higher = len(above - mine)
        if is_t:
            if higher == 0:
                tricks += 1.0
            elif higher == 1:
                tricks += 0.6 if long else 0.4
            elif higher == 2:
                tricks += 0.35 if long else 0.15
            else:
                tricks += 0.15 if n_trumps >= 5 else 0.05
        elif higher == 0:
            tricks += 0.85 if control else 0.55
        elif higher == 1:
            tricks += 0.3 if control else 0.15
        else:
            tricks += 0.03
    return tricks


def mode_for(trump: str, options: dict[str, Any], game: str) -> TrumpMode:
    """The :class:`TrumpMode` a named trump gives under a game's settings."""
    if game == "texas42":
        if trump == "none":
            return TrumpMode("none", doubles=options.get("follow_me_doubles", "high"))
        if trump == "nello":
            return TrumpMode("nello", doubles=options.get("nello_doubles", "own_suit"))
        if trump == "sevens":
            return TrumpMode("sevens", free_play=bool(options.get("sevens_free_play", False)))
    return TrumpMode(trump)


def rank_trumps(hand: Sequence[Tile], trumps: Iterable[str], options: dict[str, Any], game: str,
                universe: Sequence[Tile]) -> list[tuple[str, float]]:
    """Candidate trumps (suits, doubles, none) with estimated tricks, best first."""
    out = []
    for trump in trumps:
        if trump in ("nello", "sevens"):
            continue
        out.append((trump, estimate_tricks(hand, mode_for(trump, options, game), universe)))
    out.sort(key=lambda item: -item[1])
    return out


def nello_risk(hand: Sequence[Tile], mode: TrumpMode, universe: Sequence[Tile]) -> float:
    """Chance (rough) that Nel-O with ``hand`` is set: some tile is forced to win."""
    facts = _tile_facts(mode, tuple(universe))
    mine = set(hand)
    safe = 1.0
    for t in hand:
        above = len(facts[t][1] - mine)
        suit = suit_led(t, mode)
        same = sum(1 for x in hand if follows(x, suit, mode))
        risk = {0: 0.9, 1: 0.35, 2: 0.12}.get(above, 0.03)
        if above and same > 2:
            risk *= 1.5          # a long suit may have to be led into
        safe *= 1.0 - min(risk, 0.95)
    return 1.0 - safe


def sevens_make_rate(hand: Sequence[Tile], universe: Sequence[Tile], rng: random.Random,
                     deals: int = 24, free_play: bool = False) -> float:
    """How often the team of a player holding ``hand`` (leading) wins all 7 Sevens tricks.

    Deals the other tiles at random; every player plays its closest tile to 7
    (the leader's partnership wins ties by playing first).
    """
    mine = set(hand)
    rest = [t for t in universe if t not in mine]
    made = 0
    for _ in range(deals):
        rng.shuffle(rest)
        hands = [sorted(hand, key=sevens_distance)] + [
            sorted(rest[i * 7:(i + 1) * 7], key=sevens_distance) for i in range(3)]
        leader = 0
        ok = True
        for k in range(7):
            order = [(leader + i) % 4 for i in range(4)]
            played = [(p, hands[p][k]) for p in order]
            best = min(played, key=lambda pt: sevens_distance(pt[1]))
            if best[0] % 2 != 0:
                ok = False
                break
            leader = best[0]
        made += ok
    return made / deals


def double_count(hand: Iterable[Tile]) -> int:
    return sum(1 for t in hand if t.is_double)


def suit_lengths(hand: Iterable[Tile]) -> dict[int, int]:
    out = {n: 0 for n in range(7)}
    for t in hand:
        out[t.high] += 1
        if t.low != t.high:
            out[t.low] += 1
    return out


# -- open-hand guesses: the solver's leaves -------------------------------------------
# Given a :class:`~core.bots.trick.solver.TrickSolver` stopped at a trick boundary
# (all hands open in ``solver.hands``), guess the scoring side's future value.

def top_power(tables: _solver.Tables, hand: int, suit: int) -> int:
    """The most power ``hand`` can put into a trick led in ``suit``."""
    if tables.sevens:
        resp = _solver.legal_mask(tables, hand, None)
    else:
        resp = (hand & tables.follow[suit]) or hand
    row = tables.power[suit]
    return max((row[x] for x in _solver.bits(resp)), default=-1)


def threat(solver: TrickSolver, seats: Iterable[int], suit: int) -> int:
    """The most power any of ``seats`` can put into a trick led in ``suit``."""
    hands = solver.hands
    top = solver.top_cache
    most = -1
    for o in seats:
        key = hands[o] << 4 | suit
        best = top.get(key)
        if best is None:
            best = top[key] = top_power(solver.tables, hands[o], suit)
        if best > most:
            most = best
    return most


@lru_cache(maxsize=64)
def suit_masks(mode: TrumpMode) -> tuple[tuple[int, int, dict[int, int]], ...]:
    """Per suit some tile leads: (the suit, the mask of the tiles that lead it, and for
    each power a rival can put in (``-1``: none) the mask of those tiles it cannot
    beat, power at least as high): the sure winners of :func:`static_value`."""
    tables = _solver.tables_for(mode)
    n = len(_solver.TILES)
    out = []
    for su in range(9):
        row = tables.power[su]
        mine = [x for x in range(n) if tables.lead_suit[x] == su]
        if mine:
            out.append((su, sum(1 << x for x in mine),
                        {d: sum(1 << x for x in mine if row[x] >= d) for d in {*row, -1}}))
    return tuple(out)


def static_value(solver: TrickSolver, seat: int) -> int:
    """A quick guess at the future value from a trick boundary (no play)."""
    hands = solver.hands
    tables = solver.tables
    side = solver.side
    top = solver.top_cache
    suits = solver.suit_masks
    trump_mask = tables.follow[7]
    count_mask = solver.count_mask
    points_in = solver.points_in
    n = hands[seat].bit_count()
    winners = [0, 0]
    trumps = [0, 0]
    loose = [0, 0]          # count on tiles that are not sure winners
    count_value = [0.0, 0.0]
    # per side, per suit led: the most power the side's opponents can put in (a tile
    # of the side is a sure winner unless they can beat it)
    threats: tuple[list[int | None], list[int | None]] = ([None] * 9, [None] * 9)
    for o in solver.seats:
        h = hands[o]
        if not h:
            continue
        so = side[o]
        trumps[so] += (h & trump_mask).bit_count()
        opps = solver.side_opponents[so]
        threat_of = threats[so]
        sure = 0
        for su, leads, above in suits:
            led = h & leads
            if led:
                most = threat_of[su]
                if most is None:
                    most = -1
                    for q in opps:
                        key = hands[q] << 4 | su
                        b = top.get(key)
                        if b is None:
                            b = top[key] = top_power(tables, hands[q], su)
                        if b > most:
                            most = b
                    threat_of[su] = most
                sure |= led & above[most]
        winners[so] += sure.bit_count()
        if h & count_mask:
            if sure & count_mask:
                count_value[so] += points_in(sure)
            if h & ~sure & count_mask:
                loose[so] += points_in(h & ~sure)
    mine: float = winners[1]
    theirs: float = winners[0]
    if mine + theirs > n:
        scale = n / (mine + theirs)
        mine *= scale
        theirs *= scale
    # the rest goes by trump strength, with a little to the side on lead
    share = (trumps[1] + 0.5) / (trumps[0] + trumps[1] + 1.0)
    share = min(0.9, max(0.1, share + (0.1 if side[seat] else -0.1)))
    tricks = mine + (n - mine - theirs) * share
    count = count_value[1] + (loose[0] + loose[1]) * share
    return int(round(tricks * solver.trick_value + count))


def playout_value(solver: TrickSolver, seat: int) -> int:
    """A quick open-hand playout from a trick boundary: the value it gives.

    The leader cashes a tile no opponent can beat (trumps first while the
    opponents hold trumps), else draws trumps when it holds as many as any
    opponent, else leads its weakest tile; a follower gives points to its
    side's trick once no opponent can take it, wins as cheaply as it safely
    can, and otherwise throws its least valuable tile.
    """
    bits, legal_mask = _solver.bits, _solver.legal_mask
    if solver.misere:
        return playout_by_order(solver, seat)
    hands = solver.hands
    saved = hands[:]
    tables = solver.tables
    power = tables.power
    lead_suit = tables.lead_suit
    follow = tables.follow
    sevens = tables.sevens
    trump_mask = follow[7]
    lead_rank = solver.lead_rank
    lead_key = solver.weak_lead_key
    pts = solver.tile_points
    side = solver.side
    give_key = solver.give_key
    dump_key = solver.dump_key

    top = solver.top_cache
    trick_orders = solver.trick_orders
    later_opponents = solver.later_opponents
    total = 0
    try:
        while hands[seat]:
            order = trick_orders[seat]
            later = later_opponents[seat]
            opponents = later[0]
            tiles = bits(legal_mask(tables, hands[seat], None) if sevens else hands[seat])
            if len(tiles) > 1:
                danger: dict[int, int] = {}
                sure = []
                for x in tiles:
                    su = lead_suit[x]
                    d = danger.get(su)
                    if d is None:
                        d = -1              # threat(solver, opponents, su), inline
                        for o in opponents:
                            key = hands[o] << 4 | su
                            b = top.get(key)
                            if b is None:
                                b = top[key] = top_power(tables, hands[o], su)
                            if b > d:
                                d = b
                        danger[su] = d
                    if power[su][x] > d:
                        sure.append(x)
                if sure:
                    if len(sure) > 1:
                        trumps = [x for x in sure if trump_mask >> x & 1]
                        if trumps and any(hands[o] & trump_mask for o in opponents):
                            sure = trumps
                    t = min(sure, key=lead_rank.__getitem__)
                else:
                    mine = [x for x in tiles if trump_mask >> x & 1]
                    most = 0
                    if mine:
                        for o in opponents:
                            c = (hands[o] & trump_mask).bit_count()
                            if c > most:
                                most = c
                    if most and len(mine) >= most:
                        t = min(mine, key=lead_rank.__getitem__)   # draw trumps
                    else:
                        t = min(tiles, key=lead_key.__getitem__)
            else:
                t = tiles[0]
            hands[seat] ^= 1 << t
            suit = lead_suit[t]
            row = power[suit]
            best_p, win_seat, tv = row[t], seat, pts[t]
            for k in range(1, len(order)):
                s = order[k]
                h = hands[s]
                if sevens:
                    legal = legal_mask(tables, h, None)
                else:
                    legal = (h & follow[suit]) or h
                tiles = bits(legal)
                if len(tiles) == 1:
                    t = tiles[0]
                else:
                    after = later[k]
                    danger_p = -1           # threat(solver, after, suit), inline
                    for o in after:
                        key = hands[o] << 4 | suit
                        b = top.get(key)
                        if b is None:
                            b = top[key] = top_power(tables, hands[o], suit)
                        if b > danger_p:
                            danger_p = b
                    if side[win_seat] == side[s]:
                        if best_p > danger_p:
                            t = min(tiles, key=give_key[suit].__getitem__)
                        else:
                            t = min(tiles, key=dump_key[suit].__getitem__)
                    else:
                        winners = [x for x in tiles if row[x] > best_p]
                        if winners:
                            safe = [x for x in winners if row[x] > danger_p]
                            if safe:
                                t = min(safe, key=row.__getitem__)
                            elif tv or not after:
                                t = min(winners, key=row.__getitem__)
                            else:
                                t = min(tiles, key=dump_key[suit].__getitem__)
                        else:
                            t = min(tiles, key=dump_key[suit].__getitem__)
                hands[s] ^= 1 << t
                if row[t] > best_p:
                    best_p, win_seat = row[t], s
                tv += pts[t]
            if side[win_seat]:
                total += tv + solver.trick_value
            seat = win_seat
        return total
    finally:
        hands[:] = saved


def playout_by_order(solver: TrickSolver, seat: int) -> int:
    """A playout taking each player's first-ordered tile (any objective)."""
    legal_mask = _solver.legal_mask
    hands = solver.hands
    saved = hands[:]
    tables = solver.tables
    total = 0
    try:
        while hands[seat]:
            n, suit, best_p, win_seat, tv = 0, 0, 0, 0, 0
            s = seat
            for _ in range(len(solver.seats)):
                if tables.sevens or n == 0:
                    legal = legal_mask(tables, hands[s], None)
                else:
                    legal = (hands[s] & tables.follow[suit]) or hands[s]
                t = solver.order(s, legal, n, suit, best_p, win_seat)[0]
                hands[s] ^= 1 << t
                if n == 0:
                    suit = tables.lead_suit[t]
                p = tables.power[suit][t]
                if p > best_p:
                    best_p, win_seat = p, s
                tv += solver.tile_points[t]
                n += 1
                s = solver.next_seat[s]
            if solver.side[win_seat]:
                total += tv + solver.trick_value
            seat = win_seat
        return total
    finally:
        hands[:] = saved


__all__ = ["NUMBER_TRUMPS", "count_of", "power", "winning_play", "would_win", "beaters",
           "is_boss", "can_be_ruffed", "trumps_in", "estimate_tricks", "mode_for",
           "rank_trumps", "nello_risk", "sevens_make_rate", "double_count", "suit_lengths",
           "static_value", "playout_value", "playout_by_order", "threat", "top_power", "suit_masks"]
