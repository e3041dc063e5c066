"""Texas 42's events: one class per line of the game record's Texas 42 section.

``to_record()`` gives the record line of ``docs/record-format.md``. Bids are ints on the
point scale inside the engine and are written as the record wants them: ``null``,
30-41, or ``{"marks": n}``. Teams: team 0 is players 0 and 2, team 1 is 1 and 3.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from core.events import Event, TilePlayed, to_json_value  # noqa: F401  (TilePlayed re-exported)
from core.texas42.bidding import encode_bid
from core.tiles import Tile


@dataclass(frozen=True)
class ShakerDrawn(Event):
    """One round of the first-shaker draw (live games only).

    ``tiles[p]`` is player p's tile, ``None`` for a player not in this round
    (not tied). ``shaker`` is the winner, ``None`` when the top is tied again.
    """

    kind: ClassVar[str] = "shaker_draw"
    tiles: tuple[Tile | None, ...]
    shaker: int | None


@dataclass(frozen=True)
class HandStarted(Event):
    kind: ClassVar[str] = "hand_start"
    hand: int
    shaker: int


@dataclass(frozen=True)
class Dealt(Event):
    """Seven tiles to each player, ``hands[p]`` in the order drawn."""

    kind: ClassVar[str] = "deal"
    hands: tuple[tuple[Tile, ...], ...]


@dataclass(frozen=True)
class BidMade(Event):
    """A bid or pass (``bid is None``). ``forced``: the shaker's pass turned into 30.
    ``splash``: a Splash (written only when true, so records without Splash are as
    before)."""

    kind: ClassVar[str] = "bid"
    player: int
    bid: int | None
    plunge: bool = False
    forced: bool = False
    splash: bool = False

    def to_record(self) -> dict[str, Any]:
        line: dict[str, Any] = {"event": self.kind, "player": self.player,
                                "bid": encode_bid(self.bid), "plunge": self.plunge}
        if self.splash:
            line["splash"] = True
        line["forced"] = self.forced
        return line


@dataclass(frozen=True)
class Reshaken(Event):
    """All four passed with ``all_pass = "reshake"``: the hand is thrown in unscored;
    the next ``hand_start`` (the shake one seat to the left) follows."""

    kind: ClassVar[str] = "reshake"


@dataclass(frozen=True)
class TrumpNamed(Event):
    """Trumps (or Nel-O / Sevens) declared by ``player``.

    ``first_tile`` (written only when true, an extra field) marks trumps named by
    leading a tile under ``trump_by_first_tile``; the ``play`` line follows.
    """

    kind: ClassVar[str] = "trump"
    player: int
    trump: str
    first_tile: bool = False

    def to_record(self) -> dict[str, Any]:
        line: dict[str, Any] = {"event": self.kind, "player": self.player, "trump": self.trump}
        if self.first_tile:
            line["first_tile"] = True
        return line


@dataclass(frozen=True)
class TrickWon(Event):
    """A complete trick; ``points`` is 1 + the count in it."""

    kind: ClassVar[str] = "trick"
    number: int
    leader: int
    tiles: tuple[Tile, ...]
    winner: int
    points: int


@dataclass(frozen=True)
class HandEnded(Event):
    """The hand's result.

    ``points``: per team, taken in the tricks played. ``marks``: per team, the marks
    won this hand, under every target (a point bid 1, n marks n, a Plunge 4; to the
    bidders if made, to the defenders if set). ``totals``: per team, the running
    totals in the target's unit (marks or points). ``points_awarded`` (extra field,
    written under a points target only): per team, the points this hand added to
    ``totals``. ``remaining`` (extra field): each player's unplayed tiles, shown when
    a hand ends early.

    Records written before ``points_awarded`` existed put the points awarded in
    ``marks`` under a points target; :mod:`core.texas42.record` reads them.
    """

    kind: ClassVar[str] = "hand_end"
    bidder: int
    bid: int
    points: tuple[int, int]
    made: bool
    marks: tuple[int, int]
    totals: tuple[int, int]
    ended_early: bool
    remaining: tuple[tuple[Tile, ...], ...] = ()
    points_awarded: tuple[int, int] | None = None

    def to_record(self) -> dict[str, Any]:
        line: dict[str, Any] = {
            "event": self.kind, "bidder": self.bidder, "bid": encode_bid(self.bid),
            "points": list(self.points), "made": self.made, "marks": list(self.marks)}
        if self.points_awarded is not None:
            line["points_awarded"] = list(self.points_awarded)
        line.update({"totals": list(self.totals), "ended_early": self.ended_early,
                     "remaining": to_json_value(self.remaining)})
        return line


@dataclass(frozen=True)
class GameEnded(Event):
    kind: ClassVar[str] = "game_end"
    winner: int
    scores: tuple[int, int]
