"""Reading a Texas 42 game record back: the per-hand deal presets and the decisions.

``deals_from_record`` gives one preset per hand, ``{"hand", "shaker", "hands"}``
(tiles parsed); ``command_from_record`` turns a decision line into the command
that made it, and gives ``None`` for the lines the engine writes itself.
"""

from __future__ import annotations

from typing import Any

from core.commands import Bid, Command, NameTrump, Play
from core.texas42.bidding import decode_bid
from core.tiles import Tile, double_set, parse_tile

ENGINE_LINES = ("shaker_draw", "hand_start", "deal", "trick", "hand_end", "game_end")
TRUMPS = tuple(str(n) for n in range(7)) + ("doubles", "none", "nello", "sevens")


def check_hands(hands: Any) -> tuple[tuple[Tile, ...], ...]:
    """Four hands of seven tiles making up the double-six set; ``ValueError`` otherwise."""
    if not isinstance(hands, (list, tuple)) or len(hands) != 4:
        raise ValueError("a Texas 42 deal has 4 hands")
    parsed = []
    for p, hand in enumerate(hands):
        if not isinstance(hand, (list, tuple)) or len(hand) != 7:
            raise ValueError(f"player {p}'s hand must have 7 tiles")
        parsed.append(tuple(t if isinstance(t, Tile) else parse_tile(t, 6) for t in hand))
    seen = [t for hand in parsed for t in hand]
    if sorted(seen) != sorted(double_set(6)):
        raise ValueError("the 4 hands must hold each tile of the double-six set exactly once")
    return tuple(parsed)


def _player(line: dict[str, Any], field: str = "player") -> int:
    value = line.get(field)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise ValueError(f"{field} must be a player 0-3, not {value!r}")
    return value


def deals_from_record(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One preset per hand, in order; the header and other lines are skipped."""
    presets: list[dict[str, Any]] = []
    pending: dict[str, Any] | None = None
    for number, line in enumerate(lines, 1):
        if not isinstance(line, dict):
            raise ValueError(f"line {number}: not a JSON object")
        event = line.get("event")
        try:
            if event == "hand_start":
                if pending is not None:
                    raise ValueError("hand_start without a deal for the previous hand")
                hand = line.get("hand")
                if isinstance(hand, bool) or not isinstance(hand, int) or hand < 1:
                    raise ValueError(f"hand must be 1, 2, ..., not {hand!r}")
                pending = {"hand": hand, "shaker": _player(line, "shaker")}
            elif event == "deal":
                if pending is None:
                    raise ValueError("deal without a hand_start before it")
                pending["hands"] = check_hands(line.get("hands"))
                presets.append(pending)
                pending = None
        except ValueError as exc:
            raise ValueError(f"line {number}: {exc}") from None
    if pending is not None:
        raise ValueError(f"hand {pending['hand']} starts but is never dealt")
    return presets


def command_from_record(line: dict[str, Any]) -> Command | None:
    """The command behind a decision line (bid, trump, play); ``None`` for engine lines."""
    if not isinstance(line, dict):
        raise ValueError("a record line must be a JSON object")
    event = line.get("event")
    if event is None and "record" in line:
        return None
    if event in ENGINE_LINES:
        return None
    if event == "bid":
        player = _player(line)
        if "bid" not in line:
            raise ValueError("a bid line needs a bid (null for a pass)")
        bid = decode_bid(line["bid"])
        plunge = line.get("plunge", False)
        forced = line.get("forced", False)
        if not isinstance(plunge, bool) or not isinstance(forced, bool):
            raise ValueError("plunge and forced must be true or false")
        if forced:
            if bid != 30 or plunge:
                raise ValueError(f"a forced bid is 30, not {line['bid']!r}")
            return Bid(player, None)        # the shaker's pass, which the rules made 30
        return Bid(player, bid, plunge)
    if event == "trump":
        player = _player(line)
        trump = line.get("trump")
        if trump not in TRUMPS:
            raise ValueError(f"trump {trump!r} is not one of {', '.join(TRUMPS)}")
        if line.get("first_tile") is True:
            return None                     # named by the play line that follows
        return NameTrump(player, trump)
    if event == "play":
        return Play(_player(line), parse_tile(line.get("tile"), 6))
    raise ValueError(f"{event!r} is not a Texas 42 record line")
