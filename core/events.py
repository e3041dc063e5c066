"""The base of every event a rules engine emits.

An event is an immutable dataclass; ``to_record()`` gives its line in the game
record (``docs/record-format.md``): ``{"event": <kind>, <fields>}``. Tiles are
written as ``"HIGH-LOW"`` strings, tuples as lists. Each game module defines its
own event classes (``kind`` names the record's ``event``).
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from core.tiles import Tile


def to_json_value(value: Any) -> Any:
    """Convert tiles, tuples and nested containers to plain JSON values."""
    if isinstance(value, Tile):
        return str(value)
    if isinstance(value, (list, tuple)):
        return [to_json_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_json_value(v) for k, v in value.items()}
    return value


@dataclasses.dataclass(frozen=True)
class Event:
    """Something that happened in a game. Subclasses set ``kind``."""

    kind: ClassVar[str] = ""

    def to_record(self) -> dict[str, Any]:
        line: dict[str, Any] = {"event": self.kind}
        for field in dataclasses.fields(self):
            line[field.name] = to_json_value(getattr(self, field.name))
        return line


@dataclasses.dataclass(frozen=True)
class TilePlayed(Event):
    """A tile played to a trick (Moon and Texas 42; Mexican Train's play names a train too)."""

    kind: ClassVar[str] = "play"
    player: int
    tile: Tile
