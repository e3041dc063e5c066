"""Reading Mexican Train record lines back: round presets and decision commands.

``deals_from_record`` turns each round's ``round_start`` and ``deal`` lines into
one preset dict::

    {"round": 1, "engine": Tile(12, 12), "first_player": 2,
     "hands": [[Tile, ...], ...], "boneyard": [Tile, ...]}

``command_from_record`` turns ``play``/``draw``/``pass`` lines into commands and
returns ``None`` for the lines the engine writes itself. Malformed lines raise
``ValueError`` with a readable message.
"""

from __future__ import annotations

from typing import Any

from core.commands import Command, Draw, Pass, Play
from core.mexican_train.trains import parse_train
from core.tiles import Tile, parse_tile, tile

ENGINE_LINES = frozenset({"round_start", "deal", "marker", "round_end", "game_end"})
DECISION_LINES = frozenset({"play", "draw", "pass"})


def _field(line: dict[str, Any], name: str) -> Any:
    if name not in line:
        raise ValueError(f"missing field {name!r}")
    return line[name]


def _int(line: dict[str, Any], name: str, low: int = 0) -> int:
    value = _field(line, name)
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise ValueError(f"{name} must be a whole number of at least {low}, not {value!r}")
    return value


def _tiles(value: Any, what: str) -> list[Tile]:
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of tiles")
    return [parse_tile(t) for t in value]


def deals_from_record(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One preset per round that has both its ``round_start`` and its ``deal``.

    A last ``round_start`` without its ``deal`` yet is left out (nothing to preset).
    """
    presets: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for line in lines:
        kind = line.get("event")
        if kind == "round_start":
            if current is not None:
                raise ValueError(f"round {current['round']} has no deal line")
            current = {"round": _int(line, "round", 1),
                       "engine": parse_tile(_field(line, "engine")),
                       "first_player": _int(line, "first_player")}
            if not current["engine"].is_double:
                raise ValueError(f"the engine must be a double, not {current['engine']}")
        elif kind == "deal":
            if current is None:
                raise ValueError("a deal line without its round_start line")
            hands = _field(line, "hands")
            if not isinstance(hands, list) or not hands:
                raise ValueError("hands must be a list with one list of tiles per player")
            current["hands"] = [_tiles(h, f"hands[{i}]") for i, h in enumerate(hands)]
            current["boneyard"] = _tiles(_field(line, "boneyard"), "boneyard")
            presets.append(current)
            current = None
    return presets


def command_from_record(line: dict[str, Any]) -> Command | None:
    """The command a decision line records; ``None`` for the engine's own lines."""
    kind = line.get("event")
    if kind in ENGINE_LINES:
        return None
    if kind not in DECISION_LINES:
        raise ValueError(f"{kind!r} is not a Mexican Train event")
    player = _int(line, "player")
    if kind == "play":
        return Play(player, parse_tile(_field(line, "tile")), parse_train(_field(line, "train")))
    if kind == "draw":
        return Draw(player)
    return Pass(player)


def as_tile(value: Any) -> Tile:
    """A Tile from a Tile, a ``"6-4"`` string or an ``(a, b)`` pair (either order)."""
    if isinstance(value, str):
        return parse_tile(value)
    a, b = value
    if not isinstance(a, int) or not isinstance(b, int):
        raise ValueError(f"{value!r} is not a tile")
    return tile(a, b)


def check_preset(preset: dict[str, Any], number: int, engine: Tile, players: int,
                 set_tiles: frozenset[Tile], top: int) -> tuple[int, list[list[Tile]], list[Tile]]:
    """Check one round's preset against the game; returns (first player, hands, boneyard).

    ``round`` and ``engine`` are optional (checked when present). The hands and
    the boneyard may leave tiles of the set out (small test deals); a tile dealt
    twice, the engine, or a tile outside the set is refused with ``ValueError``.
    """
    if "round" in preset and preset["round"] != number:
        raise ValueError(f"the deal of round {preset['round']} comes where round "
                         f"{number} is due")
    if "engine" in preset and as_tile(preset["engine"]) != engine:
        raise ValueError(f"round {number} is played with the {engine} engine, "
                         f"not {as_tile(preset['engine'])}")
    first = preset.get("first_player")
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players:
        raise ValueError(f"first_player must be a player from 0 to {players - 1}, "
                         f"not {first!r}")
    raw_hands = preset["hands"]
    if len(raw_hands) != players:
        raise ValueError(f"the deal has {len(raw_hands)} hands for {players} players")
    hands = [[as_tile(t) for t in h] for h in raw_hands]
    boneyard = [as_tile(t) for t in preset["boneyard"]]
    seen: set[Tile] = set()
    for t in [t for h in hands for t in h] + boneyard:
        if t not in set_tiles:
            raise ValueError(f"{t} is not a tile of a double-{top} set")
        if t == engine:
            raise ValueError(f"{t} is the engine of round {number}: it cannot be dealt")
        if t in seen:
            raise ValueError(f"{t} is dealt twice")
        seen.add(t)
    for i, h in enumerate(hands):
        if not h:
            raise ValueError(f"player {i}'s hand is empty")
    return first, hands, boneyard
