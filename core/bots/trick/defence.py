"""Defending a contract that a single trick sets (Moon's 7 or moon of 21, Texas 42's
mark bids, Plunge and Splash, a point bid the defenders are one trick from setting;
also any bid once the bidder has no trick to spare).

The defenders need one trick between them, so what a defender holds is worth what
it can still take from the bidding side: a tile that can beat a tile the bidders
may have to lead ("a stopper") is kept over any tile that cannot, whatever its
rank; a trump can ruff a suit its holder is out of. The rules of thumb:

* on lead (after a trick, for a point bid), a tile the bidders cannot beat sets the
  contract now; failing that, lead a tile that can take nothing anyway;
* following, win the trick when nobody of the bidding side still to play can
  beat the winner; otherwise throw the tile that can take the least later: the
  one that beats the fewest tiles the bidders may still lead.

Sevens and Nel-O are not played here (Sevens has no suits; in Nel-O the defenders
want the bidder to win a trick).
"""

from __future__ import annotations

from typing import Callable, Iterable, Mapping, Sequence

from core.bots.trick.evaluation import power, winning_play
from core.bots.trick.solver import INDEX
from core.tiles import Tile
from core.tricks.play import TrumpMode, is_trump, suit_led


def played_over(t: Tile, x: Tile, mode: TrumpMode) -> bool:
    """Whether ``t``, played to a trick ``x`` leads, beats ``x``."""
    s = suit_led(x, mode)
    return power(t, s, mode) > power(x, s, mode)


def sure_on_lead(t: Tile, mode: TrumpMode, theirs: Iterable[Tile]) -> bool:
    """Whether ``t`` led now wins against every tile the bidding side may hold."""
    return not any(played_over(x, t, mode) for x in theirs)


def keep_value(t: Tile, mode: TrumpMode, theirs: Sequence[Tile]) -> int:
    """How many of the tiles the bidding side may hold (``theirs``) ``t`` beats when
    they lead it (a trump: every tile of a suit its holder is out of). 0: ``t`` can
    take no trick from them. (Until the defenders take a trick, the bidders lead.)"""
    return sum(1 for x in theirs if played_over(t, x, mode))


def may_hold(unseen: Iterable[Tile], forbidden: int) -> list[Tile]:
    """The unseen tiles a player may hold, given the mask of tiles it has shown it lacks."""
    return [t for t in unseen if not forbidden >> INDEX[t] & 1]


def defend_lead(tiles: Sequence[Tile], mode: TrumpMode, theirs: Sequence[Tile],
                cost: Callable[[Tile], int] = lambda t: 0) -> Tile:
    """The lead: a tile that sets the contract now, else one that can take nothing
    later (the stoppers stay in hand)."""
    sure = [t for t in tiles if sure_on_lead(t, mode, theirs)]
    if sure:
        return min(sure, key=lambda t: (is_trump(t, mode), cost(t),
                                        power(t, suit_led(t, mode), mode)))
    return _cheapest(tiles, mode, theirs, cost, None)


def defend_follow(tiles: Sequence[Tile], plays: Sequence[tuple[int, Tile]], mode: TrumpMode,
                  their_hands: Mapping[int, Sequence[Tile]], to_come: Sequence[int],
                  cost: Callable[[Tile], int] = lambda t: 0) -> Tile | None:
    """The tile to play to ``plays`` (``None``: the trick is the defenders' already,
    play as usual).

    ``their_hands``: per seat of the bidding side, the tiles it may hold;
    ``to_come``: the seats still to play to this trick after this one.
    """
    suit = suit_led(plays[0][1], mode)
    winning = winning_play(plays, mode)
    assert winning is not None  # plays is not empty
    win_p, win_t = winning
    threats = [x for p in to_come if p in their_hands for x in their_hands[p]]

    def safe(t: Tile) -> bool:
        mine = power(t, suit, mode)
        return not any(power(x, suit, mode) > mine for x in threats)

    if win_p not in their_hands and safe(win_t):
        return None
    theirs = sorted({x for hand in their_hands.values() for x in hand})
    sure = [t for t in tiles if power(t, suit, mode) > power(win_t, suit, mode) and safe(t)]
    if sure:
        return _cheapest(sure, mode, theirs, cost, suit)
    return _cheapest(tiles, mode, theirs, cost, suit)


def _cheapest(tiles: Sequence[Tile], mode: TrumpMode, theirs: Sequence[Tile],
              cost: Callable[[Tile], int], suit: int | None) -> Tile:
    """The tile that can take the least from the bidding side later."""
    def key(t: Tile) -> tuple[int, int, int, int]:
        s = suit_led(t, mode) if suit is None else suit
        return (keep_value(t, mode, theirs), cost(t), power(t, s, mode), t.pips)
    return min(tiles, key=key)


__all__ = ["keep_value", "sure_on_lead", "played_over", "may_hold", "defend_lead",
           "defend_follow"]
