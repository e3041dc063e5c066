"""Three-Player Moon's events: one class per line of the game record's Moon section.

``to_record()`` (from :class:`~core.events.Event`) gives exactly the record line of
``docs/record-format.md``: ``{"event": kind, <fields in the order below>}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from core.events import Event
from core.events import TilePlayed as TilePlayed  # re-exported: the shared play event
from core.tiles import Tile


@dataclass(frozen=True)
class HandStarted(Event):
    """A new hand (a new deal). ``hand`` counts deals, thrown-in ones included."""

    kind: ClassVar[str] = "hand_start"
    hand: int
    first_bidder: int


@dataclass(frozen=True)
class Dealt(Event):
    """Seven tiles to each player (``hands[p]``, high first) and the face-down widow
    (``None`` under ``widow = none``)."""

    kind: ClassVar[str] = "deal"
    hands: tuple[tuple[Tile, ...], ...]
    widow: Tile | None


@dataclass(frozen=True)
class BidMade(Event):
    """A bid (``min_bid`` to 7, or 21) or a pass (``bid is None``); ``forced`` by the all-pass rule."""

    kind: ClassVar[str] = "bid"
    player: int
    bid: int | None
    forced: bool = False


@dataclass(frozen=True)
class Redealt(Event):
    """All three passed with ``all_pass = "redeal"``: the hand is thrown in."""

    kind: ClassVar[str] = "redeal"


@dataclass(frozen=True)
class WidowDiscarded(Event):
    """The bidder, holding the widow (``took``), laid ``discarded`` aside face down; or,
    under ``widow = optional``, left the widow face down (both ``None``)."""

    kind: ClassVar[str] = "widow"
    player: int
    took: Tile | None
    discarded: Tile | None

    @property
    def declined(self) -> bool:
        return self.took is None


@dataclass(frozen=True)
class TrumpNamed(Event):
    kind: ClassVar[str] = "trump"
    player: int
    trump: str


@dataclass(frozen=True)
class TrickWon(Event):
    """A complete trick: ``tiles`` in the order played, starting with ``leader``'s."""

    kind: ClassVar[str] = "trick"
    number: int
    leader: int
    tiles: tuple[Tile, ...]
    winner: int


@dataclass(frozen=True)
class HandEnded(Event):
    """After the seventh trick: tricks won, the bid's result, points this hand and totals."""

    kind: ClassVar[str] = "hand_end"
    bidder: int
    bid: int
    tricks: tuple[int, ...]
    made: bool
    delta: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class GameEnded(Event):
    kind: ClassVar[str] = "game_end"
    winner: int
    scores: tuple[int, ...]


MOON_EVENTS: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (HandStarted, Dealt, BidMade, Redealt, WidowDiscarded, TrumpNamed,
                TilePlayed, TrickWon, HandEnded, GameEnded)
}
