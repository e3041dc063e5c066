"""Mexican Train's events: one class per line of the game record's Mexican Train section.

``to_record()`` gives exactly the record line of ``docs/record-format.md``. Trains are
named ``"mexican"`` or by the owning player's number. ``deal`` and ``draw``
carry hidden tiles: they are the referee's record, not something to show a
player (:func:`public_line` gives the line as any player may see it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from core.events import Event
from core.tiles import Tile

TrainKey = int | str


@dataclass(frozen=True)
class RoundStart(Event):
    """A round begins: ``engine`` is its starting double in the hub."""

    kind: ClassVar[str] = "round_start"
    round: int
    engine: Tile
    first_player: int


@dataclass(frozen=True)
class Deal(Event):
    """Each player's tiles (high first) and the boneyard in the order it will be drawn."""

    kind: ClassVar[str] = "deal"
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]


@dataclass(frozen=True)
class TilePlayed(Event):
    kind: ClassVar[str] = "play"
    player: int
    tile: Tile
    train: TrainKey


@dataclass(frozen=True)
class TileDrawn(Event):
    """``player`` drew ``tile`` (the next tile of the boneyard; hidden from the others)."""

    kind: ClassVar[str] = "draw"
    player: int
    tile: Tile


@dataclass(frozen=True)
class Marker(Event):
    """``player``'s marker put on (``on``) or taken off their own train."""

    kind: ClassVar[str] = "marker"
    player: int
    on: bool


@dataclass(frozen=True)
class Passed(Event):
    """No play and an empty boneyard."""

    kind: ClassVar[str] = "pass"
    player: int


@dataclass(frozen=True)
class RoundEnd(Event):
    """``out`` emptied their hand (``None``: the round was blocked); ``points`` this round."""

    kind: ClassVar[str] = "round_end"
    out: int | None
    points: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class GameEnd(Event):
    """``winner`` is the player with the lowest total, or a list of the tied players."""

    kind: ClassVar[str] = "game_end"
    winner: int | tuple[int, ...]
    scores: tuple[int, ...]


def public_line(event: Event, viewer: int | None) -> dict[str, Any]:
    """The record line of ``event`` as ``viewer`` may see it.

    Other players' hands, the boneyard and other players' drawn tiles become
    ``None`` (a deal keeps only ``viewer``'s hand and the boneyard's size).
    """
    line = event.to_record()
    if isinstance(event, Deal):
        line["hands"] = [h if i == viewer else None for i, h in enumerate(line["hands"])]
        line["boneyard"] = None
        line["boneyard_count"] = len(event.boneyard)
    elif isinstance(event, TileDrawn) and event.player != viewer:
        line["tile"] = None
    return line
