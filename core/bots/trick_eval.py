"""Hand evaluation and table sense for the trick-taking bots (Moon, Texas 42).

Quick, rule-of-thumb judgements a player makes at a glance:

* the trick on the table: who is winning it, whether a tile would win it, and
  whether a tile still unseen could beat it;
* how many tricks a hand should take under a trump (trump length and top
  trumps, doubles that walk, losers), and which trump suits the hand best;
* how safe a hand is at Nel-O, and how often it makes Sevens.

Everything here is deterministic except :func:`sevens_make_rate`, which deals
from the injected generator.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Iterable, Sequence

from ..texas42_scoring import COUNT
from ..tiles import Tile
from ..tricks import TRUMP, TrumpMode, follows, is_trump, rank, sevens_distance, suit_led

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
def _tile_facts(mode: TrumpMode, universe: tuple[Tile, ...]) -> dict[Tile, tuple[bool, frozenset]]:
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


def mode_for(trump: str, options: dict, game: str) -> TrumpMode:
    """The :class:`TrumpMode` a named trump gives under a game's settings."""
    if game == "texas42":
        if trump == "none":
            return TrumpMode("none", doubles=options.get("follow_me_doubles", "high"))
        if trump == "nello":
            return TrumpMode("nello", doubles=options.get("nello_doubles", "own_suit"))
        if trump == "sevens":
            return TrumpMode("sevens", free_play=bool(options.get("sevens_free_play", False)))
    return TrumpMode(trump)


def rank_trumps(hand: Sequence[Tile], trumps: Iterable[str], options: dict, game: str,
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


__all__ = ["NUMBER_TRUMPS", "count_of", "power", "winning_play", "would_win", "beaters",
           "is_boss", "can_be_ruffed", "trumps_in", "estimate_tricks", "mode_for",
           "rank_trumps", "nello_risk", "sevens_make_rate", "double_count", "suit_lengths"]
