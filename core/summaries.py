"""What a finished hand or round comes to, in the figures players check on paper.

Every figure comes from the hand's record lines (``core.narration.split_hands`` gives
them per hand): the ``trick`` / ``deal`` / ``draw`` / ``play`` lines for what was won
or is left in hand, the ``hand_end`` / ``round_end`` line for what was scored. The
screens show these figures; they compute none of them.

* :func:`texas42_hand` -- per team: tricks taken, each count tile won (5-5 and 6-4
  count 10; 5-0, 4-1 and 3-2 count 5), their sum (1 a trick plus the count), the bid
  against it, the marks or points awarded (by the target) and the marks won.
* :func:`moon_hand` -- tricks per player, the bid made or set and by how much, the
  score change per player.
* :func:`train_round` -- the tiles each player is left with, their pips with the
  double-blank rule applied (the ``double_blank`` setting: 50 or 0), the totals.

A figure the lines do not bear out (a hand whose trick lines are missing) is left
out (``None``) rather than guessed; the scores of the end line always stand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from core.texas42.bidding import decode_bid, is_mark_bid
from core.texas42.bidding import describe_bid as describe_42_bid
from core.texas42.record import hand_end_awarded, hand_end_marks, is_old_hand_end
from core.texas42.scoring import team_of
from core.tiles import Tile, parse_tile, sort_hand
from core.tricks.count import count_of

MOON_BID = 21
MOON_TRICKS = 7
DOUBLE_BLANK = Tile(0, 0)


def _tile(value: Any) -> Tile:
    return value if isinstance(value, Tile) else parse_tile(str(value))


def _end_line(lines: Iterable[dict[str, Any]], kind: str) -> dict[str, Any]:
    ends = [line for line in lines if line.get("event") == kind]
    if not ends:
        raise ValueError(f"the hand has no {kind} line: it is not finished")
    return ends[-1]


def _first(lines: Iterable[dict[str, Any]], kind: str) -> dict[str, Any] | None:
    return next((line for line in lines if line.get("event") == kind), None)


# -- Texas 42 ---------------------------------------------------------------------------

@dataclass(frozen=True)
class TeamTake:
    """What one team took in a hand of 42.

    ``count``: the count tiles won, as ("5-5", 10) pairs in the order won (``None``
    when the trick lines do not add up to the recorded points). ``points`` is the
    recorded figure: 1 a trick plus the count (``tricks + count_points``). ``awarded``:
    what the hand added to ``total``, in the target's unit (marks, or points under a
    points target); ``marks``: the marks won this hand, under every target.
    """

    team: int
    tricks: int | None
    count: tuple[tuple[str, int], ...] | None
    points: int
    awarded: int
    total: int
    marks: int = 0

    @property
    def count_points(self) -> int | None:
        return None if self.count is None else sum(value for _, value in self.count)


@dataclass(frozen=True)
class Texas42Hand:
    """One finished hand of 42. ``contract``: "points" (a point bid: ``needed`` points),
    "marks" (all 7 tricks), "nello" (the bidder takes none) or "sevens". ``margin``:
    for a point bid, the bidders' points minus the bid (over: >= 0, short: < 0)."""

    bidder: int
    bid: int
    bid_label: str
    plunge: bool
    trump: str | None
    contract: str
    made: bool
    bid_team: int
    needed: int | None
    margin: int | None
    teams: tuple[TeamTake, TeamTake]
    unit: str
    ended_early: bool
    splash: bool = False

    @property
    def bidders(self) -> TeamTake:
        return self.teams[self.bid_team]


def texas42_hand(lines: Sequence[dict[str, Any]], target_kind: str | None = None) -> Texas42Hand:
    """The figures of one finished hand of 42 from its record lines (``target_kind``:
    "marks" or "points", what the awards are counted in; ``None``: "points" when the
    ``hand_end`` line is one a points target wrote -- with ``points_awarded``, or of the
    old form with the points in ``marks`` -- else "marks")."""
    end = _end_line(lines, "hand_end")
    if target_kind is None:
        target_kind = ("points" if "points_awarded" in end or is_old_hand_end(end)
                       else "marks")
    bidder = int(end["bidder"])
    bid = decode_bid(end["bid"])
    if bid is None:
        raise ValueError("a hand_end line without a bid")
    trump_line = _first(lines, "trump")
    trump = None if trump_line is None else str(trump_line["trump"])
    plunge = any(line.get("event") == "bid" and line.get("player") == bidder
                 and line.get("plunge") for line in lines)
    splash = any(line.get("event") == "bid" and line.get("player") == bidder
                 and line.get("splash") is True for line in lines)
    if trump in ("nello", "sevens"):
        contract = trump
    else:
        contract = "marks" if is_mark_bid(bid) else "points"
    points = [int(p) for p in end["points"]]
    tricks = [0, 0]
    count: list[list[tuple[str, int]]] = [[], []]
    for line in lines:
        if line.get("event") != "trick":
            continue
        team = team_of(int(line["winner"]))
        tricks[team] += 1
        for raw in line["tiles"]:
            tile = _tile(raw)
            if count_of(tile):
                count[team].append((str(tile), count_of(tile)))
    whole = all(tricks[t] + sum(v for _, v in count[t]) == points[t] for t in (0, 1))
    awarded = hand_end_awarded(end, target_kind)
    marks = hand_end_marks(end)
    teams = tuple(TeamTake(team=t, tricks=tricks[t] if whole else None,
                           count=tuple(count[t]) if whole else None, points=points[t],
                           awarded=awarded[t], total=int(end["totals"][t]), marks=marks[t])
                  for t in (0, 1))
    bid_team = team_of(bidder)
    needed = bid if contract == "points" else None
    return Texas42Hand(
        bidder=bidder, bid=bid, bid_label=describe_42_bid(bid, plunge, splash=splash),
        plunge=plunge,
        trump=trump, contract=contract, made=bool(end["made"]), bid_team=bid_team,
        needed=needed, margin=None if needed is None else points[bid_team] - needed,
        teams=(teams[0], teams[1]), unit=target_kind,
        ended_early=bool(end.get("ended_early")), splash=splash)


# -- Moon -------------------------------------------------------------------------------

@dataclass(frozen=True)
class MoonHand:
    """One finished hand of Moon. ``need``: the tricks the bid needs (7 for a moon);
    ``margin``: the bidder's tricks minus ``need`` (made by >= 0, set by -margin)."""

    bidder: int
    bid: int
    need: int
    tricks: tuple[int, ...]
    made: bool
    margin: int
    delta: tuple[int, ...]
    scores: tuple[int, ...]
    trump: str | None

    @property
    def short(self) -> int:
        """Tricks the bidder was short (0 when made)."""
        return max(0, -self.margin)


def moon_hand(lines: Sequence[dict[str, Any]]) -> MoonHand:
    """The figures of one finished hand of Moon from its record lines."""
    end = _end_line(lines, "hand_end")
    bidder, bid = int(end["bidder"]), int(end["bid"])
    need = MOON_TRICKS if bid == MOON_BID else bid
    tricks = tuple(int(t) for t in end["tricks"])
    trump_line = _first(lines, "trump")
    return MoonHand(bidder=bidder, bid=bid, need=need, tricks=tricks, made=bool(end["made"]),
                    margin=tricks[bidder] - need, delta=tuple(int(d) for d in end["delta"]),
                    scores=tuple(int(s) for s in end["scores"]),
                    trump=None if trump_line is None else str(trump_line["trump"]))


# -- Mexican Train ----------------------------------------------------------------------

@dataclass(frozen=True)
class TrainLeft:
    """What one player is left with when a round ends. ``tiles`` (``None`` when the
    lines do not bear out the recorded points), ``pips`` their plain pip sum,
    ``double_blank``: the 0-0 is among them; ``points`` what they score (the
    double-blank counted as the setting says), ``total`` the running total."""

    player: int
    tiles: tuple[str, ...] | None
    pips: int | None
    double_blank: bool
    points: int
    total: int


@dataclass(frozen=True)
class TrainRound:
    number: int
    engine: str | None
    out: int | None
    double_blank_value: int
    players: tuple[TrainLeft, ...]

    @property
    def blocked(self) -> bool:
        return self.out is None


def train_points(tiles: Iterable[Tile], double_blank_value: int) -> int:
    """What tiles left in hand score: their pips, the double-blank counting
    ``double_blank_value`` (the rules' ``double_blank`` setting)."""
    return sum(double_blank_value if t == DOUBLE_BLANK else t.high + t.low for t in tiles)


def _tiles_left(lines: Sequence[dict[str, Any]]) -> list[list[Tile]] | None:
    deal = _first(lines, "deal")
    if deal is None or not all(isinstance(h, list) for h in deal.get("hands") or [None]):
        return None
    hands = [[_tile(t) for t in hand] for hand in deal["hands"]]
    for line in lines:
        kind = line.get("event")
        if kind == "draw" and line.get("tile") is not None:
            hands[int(line["player"])].append(_tile(line["tile"]))
        elif kind == "play":
            hand, tile = hands[int(line["player"])], _tile(line["tile"])
            if tile not in hand:
                return None
            hand.remove(tile)
    return hands


def train_round(lines: Sequence[dict[str, Any]], double_blank_value: int = 50) -> TrainRound:
    """The figures of one finished round of Mexican Train from its record lines."""
    end = _end_line(lines, "round_end")
    points = [int(p) for p in end["points"]]
    totals = [int(s) for s in end["scores"]]
    start = _first(lines, "round_start") or {}
    left = _tiles_left(lines)
    if left is not None and (len(left) != len(points) or any(
            train_points(tiles, double_blank_value) != points[p]
            for p, tiles in enumerate(left))):
        left = None
    players = []
    for p, score in enumerate(points):
        tiles = None if left is None else left[p]
        players.append(TrainLeft(
            player=p, tiles=None if tiles is None else tuple(str(t) for t in sort_hand(tiles)),
            pips=None if tiles is None else sum(t.high + t.low for t in tiles),
            double_blank=tiles is not None and DOUBLE_BLANK in tiles,
            points=score, total=totals[p]))
    out = end.get("out")
    return TrainRound(number=int(start.get("round", 0) or 0), engine=start.get("engine"),
                      out=None if out is None else int(out),
                      double_blank_value=double_blank_value, players=tuple(players))


__all__ = ["MoonHand", "TeamTake", "Texas42Hand", "TrainLeft", "TrainRound",
           "moon_hand", "texas42_hand", "train_points", "train_round"]
