"""Reading Moon game records back: per-hand deal presets and the players' decisions.

``deals_from_record`` turns a record's ``hand_start``/``deal`` lines into the
``deals`` presets :class:`~core.moon.engine.MoonGame` replays; ``command_from_record``
turns a decision line (``bid``, ``widow``, ``trump``, ``play``) into the command
that made it. Both raise ``ValueError`` with a readable message for a malformed
line. ``check_preset`` validates one preset (as given to the engine).

A ``widow`` line gives ``Discard`` (the bidder took the widow and laid a tile
aside; under ``widow = optional`` the engine takes it and lays it aside in one
step), or ``Pass`` when ``took`` and ``discarded`` are both ``null`` (the widow
left face down). A deal whose widow is ``null`` (``widow = none``) is the 21
tiles without the 0-0.
"""

from __future__ import annotations

from typing import Any

from core.commands import Bid, Command, Discard, NameTrump, Pass, Play
from core.moon.events import MOON_EVENTS
from core.moon.view import ALL_BIDS, TRUMP_CHOICES
from core.tiles import Tile, moon_set, parse_tile

# Lines the engine writes itself (no command behind them).
ENGINE_LINES = ("hand_start", "deal", "redeal", "trick", "hand_end", "game_end")


def to_tile(value: Any, what: str) -> Tile:
    if isinstance(value, Tile):
        return value
    if isinstance(value, (tuple, list)) and len(value) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        return parse_tile(f"{value[0]}-{value[1]}", max_pip=6)
    try:
        return parse_tile(value, max_pip=6)
    except ValueError as exc:
        raise ValueError(f"{what}: {exc}") from None


def _player(line: dict[str, Any], key: str = "player") -> int:
    value = line.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 3:
        raise ValueError(f"{line.get('event')!r} line: {key} must be 0, 1 or 2, not {value!r}")
    return value


def tiles_in_play(widow: str = "take") -> list[Tile]:
    """The tiles a hand is dealt from: Moon's 22, or 21 (no 0-0) under ``widow = none``."""
    tiles = moon_set()
    return [t for t in tiles if t != Tile(0, 0)] if widow == "none" else tiles


def check_preset(preset: dict[str, Any]) -> tuple[int | None, list[list[Tile]], Tile | None]:
    """(first_bidder or None, three hands of 7, widow) from one preset, checked.

    Tiles may be :class:`Tile` or "6-4" strings. The hands and the widow must be
    exactly Moon's 22 tiles; with no widow (``None``: ``widow = none``), the hands
    must be the 21 tiles without the 0-0.
    """
    if not isinstance(preset, dict):
        raise ValueError(f"a deal preset must be a dict, not {preset!r}")
    first = preset.get("first_bidder")
    if first is not None and (isinstance(first, bool) or not isinstance(first, int)
                              or not 0 <= first < 3):
        raise ValueError(f"first_bidder must be 0, 1 or 2, not {first!r}")
    raw_hands = preset.get("hands")
    if not isinstance(raw_hands, (list, tuple)) or len(raw_hands) != 3 or any(
            not isinstance(h, (list, tuple)) or len(h) != 7 for h in raw_hands):
        raise ValueError("a Moon deal has 3 hands of 7 tiles")
    hands = [[to_tile(t, f"hand of player {p}") for t in h] for p, h in enumerate(raw_hands)]
    widow = None if preset.get("widow") is None else to_tile(preset["widow"], "widow")
    dealt = [t for h in hands for t in h] + ([] if widow is None else [widow])
    universe = tiles_in_play("take" if widow is not None else "none")
    if sorted(dealt) != sorted(universe):
        missing = sorted(set(universe) - set(dealt), reverse=True)
        extra = sorted(t for t in set(dealt) if dealt.count(t) > 1 or t not in universe)
        detail = []
        if missing:
            detail.append("missing " + ", ".join(map(str, missing)))
        if extra:
            detail.append("repeated or foreign " + ", ".join(map(str, extra)))
        what = ("is not Moon's 22 tiles" if widow is not None
                else "with no widow (widow = none) is not Moon's 21 tiles without the 0-0")
        raise ValueError(f"the deal {what} (" + "; ".join(detail) + ")")
    return first, hands, widow


def deals_from_record(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One preset per ``hand_start`` line: {hand, first_bidder, hands, widow}, tiles parsed.

    The header line (no ``event``) is skipped.
    """
    deals: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for number, line in enumerate(lines, start=1):
        if not isinstance(line, dict):
            raise ValueError(f"line {number}: not a JSON object")
        event = line.get("event")
        if event is None:
            if "record" in line:
                continue
            raise ValueError(f"line {number}: no \"event\" field")
        if event == "hand_start":
            if current is not None and "hands" not in current:
                raise ValueError(f"line {number}: hand {current['hand']} has no deal line")
            hand = line.get("hand")
            if isinstance(hand, bool) or not isinstance(hand, int) or hand < 1:
                raise ValueError(f"line {number}: hand must be 1, 2, …, not {hand!r}")
            current = {"hand": hand, "first_bidder": _player(line, "first_bidder")}
            deals.append(current)
        elif event == "deal":
            if current is None or "hands" in current:
                raise ValueError(f"line {number}: a deal line must follow a hand_start line")
            try:
                _, hands, widow = check_preset({"hands": line.get("hands"),
                                                "widow": line.get("widow")})
            except ValueError as exc:
                raise ValueError(f"line {number}: {exc}") from None
            current["hands"] = hands
            current["widow"] = widow
    if current is not None and "hands" not in current:
        raise ValueError(f"hand {current['hand']} has no deal line")
    return deals


def command_from_record(line: dict[str, Any]) -> Command | None:
    """The command behind a decision line; ``None`` for lines the engine writes itself."""
    if not isinstance(line, dict):
        raise ValueError(f"a record line must be a JSON object, not {line!r}")
    event = line.get("event")
    if event is None and "record" in line:
        return None
    if event in ENGINE_LINES:
        return None
    if event not in MOON_EVENTS:
        raise ValueError(f"{event!r} is not a Moon record event")
    player = _player(line)
    if event == "bid":
        bid = line.get("bid")
        if bid is not None and (isinstance(bid, bool) or not isinstance(bid, int)
                                or bid not in ALL_BIDS):
            raise ValueError(f"bid line: bid must be null, 3, 4, 5, 6, 7 or 21, not {bid!r}")
        return Bid(player, bid)
    if event == "widow":
        if line.get("took") is None and line.get("discarded") is None and "took" in line:
            return Pass(player)                   # widow = optional: left face down
        return Discard(player, to_tile(line.get("discarded"), "widow line: discarded"))
    if event == "trump":
        trump = line.get("trump")
        if trump not in TRUMP_CHOICES:
            raise ValueError(f"trump line: trump must be \"0\"…\"6\", \"doubles\" or \"none\", "
                             f"not {trump!r}")
        return NameTrump(player, trump)
    return Play(player, to_tile(line.get("tile"), "play line: tile"))
