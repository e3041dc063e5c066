"""Texas 42 scoring: count, trick points, when a hand's result is certain, and awards.

Decisions where the rules leave room (see ``docs/rules/texas42.md``):

* A hand that ends early scores the points taken in the tricks actually played;
  the unplayed tiles count for nobody.
* A bid that is set gives the defenders exactly the marks bid (a point bid 1
  mark, n marks n, a Plunge 4); there is no extra penalty.
* Nel-O, Sevens and Splash end the moment they are lost, whatever ``play_out``
  says (the variants' own rule); ``play_out`` governs the other contracts.
"""

from __future__ import annotations

from typing import Sequence

from core.commands import MARK
from core.texas42.bidding import is_mark_bid, marks_of
from core.tiles import Tile
from core.tricks.count import COUNT, count_of  # noqa: F401  (the count is part of 42's scoring)

HAND_POINTS = 42
TRICKS_PER_HAND = 7

def trick_points(tiles: Sequence[Tile]) -> int:
    """1 for the trick plus the count in it."""
    return 1 + sum(count_of(t) for t in tiles)


def team_of(player: int) -> int:
    return player % 2


def partner_of(player: int) -> int:
    return (player + 2) % 4


def hand_result(*, bid: int, trump: str, bidder: int, winners: Sequence[int],
                points: Sequence[int]) -> bool | None:
    """Whether the bid is made (True), set (False), or not yet certain (None).

    ``winners`` are the trick winners so far, ``points`` the points per team so far.
    """
    team = team_of(bidder)
    if trump == "nello":
        if bidder in winners:
            return False
        return True if len(winners) == TRICKS_PER_HAND else None
    if trump == "sevens" or is_mark_bid(bid):
        if any(team_of(w) != team for w in winners):
            return False
        return True if len(winners) == TRICKS_PER_HAND else None
    if points[team] >= bid:
        return True
    remaining = HAND_POINTS - sum(points)
    if points[team] + remaining < bid or len(winners) == TRICKS_PER_HAND:
        return False
    return None


def hand_stops(*, result: bool | None, tricks_played: int, trump: str, bid: int,
               play_out: bool, target_kind: str, splash: bool = False) -> bool:
    """Whether the hand ends now (all tricks played, or an early end is due).
    ``splash``: the contract is a Splash (it ends when the defenders take a trick)."""
    if tricks_played == TRICKS_PER_HAND:
        return True
    if result is None:
        return False
    if trump in ("nello", "sevens") or splash:
        return True
    if play_out:
        return False
    if target_kind == "points" and not is_mark_bid(bid):
        return False        # every trick's points score under a points target
    return True


def marks_awarded(*, bid: int, made: bool, bidder: int) -> tuple[int, int]:
    """The marks each team wins this hand, whatever the target: the bid's marks (a point
    bid 1, n marks n, a Plunge 4) to the bidders if made, to the defenders if set. This is
    the ``marks`` field of the record's ``hand_end`` line."""
    team = team_of(bidder)
    winner = team if made else 1 - team
    delta = [0, 0]
    delta[winner] = marks_of(bid)
    return delta[0], delta[1]


def award(*, target_kind: str, bid: int, made: bool, bidder: int,
          points: Sequence[int]) -> tuple[int, int]:
    """What each team adds to its total for this hand (marks or points by the target).

    Under a marks target this is :func:`marks_awarded`; under a points target it is
    points: a made point bid scores each team the points it took, a set one gives the
    defenders the bid plus their points, a mark bid is worth 42 a mark."""
    team = team_of(bidder)
    winner = team if made else 1 - team
    delta = [0, 0]
    if target_kind == "marks":
        delta[winner] = marks_of(bid)
    elif is_mark_bid(bid):
        delta[winner] = (bid // MARK) * MARK
    elif made:
        delta = [points[0], points[1]]
    else:
        delta[winner] = bid + points[winner]
    return delta[0], delta[1]


def game_winner(totals: Sequence[int], target: int, bidder: int) -> int | None:
    """The winning team once a total reaches ``target``; both at once: the bidding team."""
    passed = [t for t in (0, 1) if totals[t] >= target]
    if not passed:
        return None
    if len(passed) == 2:
        return team_of(bidder)
    return passed[0]
