"""Views and commands as JSON values, for the table protocol (docs/protocol.md).

A player's view (:class:`~core.moon.view.MoonView`, ``Texas42View``,
``TrainView``) is a tree of frozen dataclasses, named tuples, tuples, tiles and
plain values. :func:`encode` writes it as JSON values: a dataclass or named
tuple as an object tagged with its class (``{"$": "MoonTrick", "number": 1,
...}``), a tile as ``{"$": "Tile", "t": "6-4"}``, a tuple as a list.
:func:`decode` reads that back, accepting only the classes listed in
:data:`WIRE_TYPES` with exactly their fields (anything else raises
:class:`WireError`), so a message can never name a class to build.

Commands travel as the decision lines of the game record (``{"event": "play",
"player": 1, "tile": "6-4"}``): :func:`command_line` writes one, and the engine's
own ``command_from_record`` reads it, with the record format's checks.

No Textual here.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from core.commands import MARK, Bid, Command, Discard, Draw, NameTrump, Pass, Play
from core.mexican_train.trains import TrainState
from core.mexican_train.view import TrainView
from core.moon.view import MoonTrick, MoonView
from core.texas42.options import Target
from core.texas42.view import CompletedTrick, HandSummary, Texas42View
from core.tiles import Tile, parse_tile
from core.tricks.play import TrumpMode

__all__ = ["WIRE_TYPES", "WireError", "command_line", "decode", "encode"]

MAX_DEPTH = 12

WIRE_TYPES: dict[str, type] = {cls.__name__: cls for cls in (
    MoonView, MoonTrick, Texas42View, CompletedTrick, HandSummary, Target, TrainView, TrainState,
    TrumpMode, Bid, Discard, NameTrump, Play, Draw, Pass)}
"""Every class a view may hold, by the name the wire gives it."""


class WireError(ValueError):
    """A value that is not a view or command this protocol version knows."""


def _fields(cls: type) -> tuple[str, ...]:
    if dataclasses.is_dataclass(cls):
        return tuple(f.name for f in dataclasses.fields(cls))
    return tuple(getattr(cls, "_fields", ()))


def encode(value: Any) -> Any:
    """``value`` as JSON values (see the module's docstring)."""
    if isinstance(value, Tile):
        return {"$": "Tile", "t": str(value)}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    name = type(value).__name__
    if WIRE_TYPES.get(name) is type(value):
        return {"$": name, **{field: encode(getattr(value, field)) for field in _fields(type(value))}}
    if isinstance(value, (tuple, list)):
        return [encode(item) for item in value]
    if isinstance(value, dict):
        return {str(key): encode(item) for key, item in value.items()}
    raise WireError(f"cannot send a {name}")


def decode(value: Any, depth: int = 0) -> Any:
    """The value :func:`encode` wrote; :class:`WireError` for anything else."""
    if depth > MAX_DEPTH:
        raise WireError("a view nested too deeply")
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, list):
        return tuple(decode(item, depth + 1) for item in value)
    if not isinstance(value, dict):
        raise WireError(f"not a JSON value: {type(value).__name__}")
    tag = value.get("$")
    if tag is None:
        return {str(key): decode(item, depth + 1) for key, item in value.items()}
    if tag == "Tile":
        text = value.get("t")
        if not isinstance(text, str) or set(value) != {"$", "t"}:
            raise WireError("a tile is written {\"$\": \"Tile\", \"t\": \"6-4\"}")
        try:
            return parse_tile(text)
        except ValueError as exc:
            raise WireError(str(exc)) from None
    cls = WIRE_TYPES.get(tag) if isinstance(tag, str) else None
    if cls is None:
        raise WireError(f"unknown type {str(tag)[:40]!r}")
    names = set(value) - {"$"}
    fields = _fields(cls)
    required = {f.name for f in dataclasses.fields(cls)
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING} \
        if dataclasses.is_dataclass(cls) else set(fields) - set(getattr(cls, "_field_defaults", {}))
    if not names <= set(fields) or not required <= names:
        raise WireError(f"a {tag} with the wrong fields")
    try:
        return cls(**{name: decode(value[name], depth + 1) for name in fields if name in names})
    except TypeError as exc:
        raise WireError(f"a {tag} that does not fit: {exc}") from None


def command_line(command: Command) -> dict[str, Any]:
    """``command`` as the decision line of a record (what ``command_from_record`` reads)."""
    if isinstance(command, Bid):
        bid: Any = command.bid                 # a 42 mark bid as records write it
        if bid is not None and bid >= MARK:
            bid = {"marks": bid // MARK}
        line: dict[str, Any] = {"event": "bid", "player": command.player, "bid": bid}
        if command.plunge:
            line["plunge"] = True
        if command.splash:
            line["splash"] = True
        return line
    if isinstance(command, Discard):
        return {"event": "widow", "player": command.player, "discarded": str(command.tile)}
    if isinstance(command, NameTrump):
        return {"event": "trump", "player": command.player, "trump": command.trump}
    if isinstance(command, Play):
        line = {"event": "play", "player": command.player, "tile": str(command.tile)}
        if command.train is not None:
            line["train"] = command.train
        return line
    if isinstance(command, Draw):
        return {"event": "draw", "player": command.player}
    if isinstance(command, Pass):
        return {"event": "pass", "player": command.player}
    raise WireError(f"not a command: {type(command).__name__}")
