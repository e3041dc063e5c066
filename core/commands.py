"""Commands: what a player (human or bot) asks a rules engine to do.

One set of command classes serves all three games; each engine accepts the ones
that fit its decisions and rejects the rest with :class:`~core.errors.WrongPhase`.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.tiles import Tile

# A Texas 42 mark bid is expressed on the point scale: n marks == 42 * n.
MARK = 42


@dataclass(frozen=True)
class Bid:
    """A bid, or a pass when ``bid`` is ``None``.

    Moon: 4, 5, 6, 7 or 21. Texas 42: 30-41 for points, ``42 * n`` for n marks;
    ``plunge=True`` with ``bid=4 * 42`` for a Plunge; ``splash=True`` with ``bid=2 * 42``
    or ``3 * 42`` for a Splash.
    """

    player: int
    bid: int | None
    plunge: bool = False
    splash: bool = False


@dataclass(frozen=True)
class Discard:
    """Moon: the bidder, holding the widow, lays one tile aside."""

    player: int
    tile: Tile


@dataclass(frozen=True)
class NameTrump:
    """``trump``: "0".."6", "doubles", "none" (follow-me), "nello" or "sevens"."""

    player: int
    trump: str


@dataclass(frozen=True)
class Play:
    """Play a tile. ``train`` is for Mexican Train: a player number or "mexican"."""

    player: int
    tile: Tile
    train: int | str | None = None


@dataclass(frozen=True)
class Draw:
    """Mexican Train: draw the next tile of the boneyard."""

    player: int


@dataclass(frozen=True)
class Pass:
    """Mexican Train: no play and an empty boneyard."""

    player: int


Command = Bid | Discard | NameTrump | Play | Draw | Pass
