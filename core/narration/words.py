"""Tiles, bids, trumps, trains and commands in words (the narrators' and the hints' vocabulary)."""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from core.commands import MARK, Bid, Command, Discard, Draw, NameTrump, Pass, Play
from core.tiles import Tile, parse_tile
from core.tricks.play import TRUMP_NAMES
from core.wording import is_you, possessive

MOON_BID = 21


def _tile(value: Any) -> Tile:
    return value if isinstance(value, Tile) else parse_tile(str(value))


def tiles_text(tiles: Iterable[Any]) -> str:
    return " ".join(str(_tile(t)) for t in tiles)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def moon_bid_text(bid: int | None) -> str:
    if bid is None:
        return "pass"
    return "21 (shoot the moon)" if bid == MOON_BID else str(bid)


def texas42_bid_text(bid: int | None, plunge: bool = False, splash: bool = False) -> str:
    if bid is None:
        return "pass"
    if plunge:
        return f"Plunge ({bid // MARK} marks)"
    if splash:
        return f"Splash ({bid // MARK} marks)"
    if bid < MARK:
        return str(bid)
    marks = bid // MARK
    return "1 mark" if marks == 1 else f"{marks} marks"


def trump_text(trump: str) -> str:
    """ "sixes", "doubles", "no trumps", "Nel-O", "Sevens"."""
    return TRUMP_NAMES.get(trump, trump)


def train_text(train: Any, names: Sequence[str], player: int | None = None) -> str:
    """ "the Mexican train", "their own train", "your train", "West's train"."""
    if train == "mexican":
        return "the Mexican train"
    k = int(train)
    if player is not None and k == player:
        return "your train" if is_you(names[k]) else "their own train"
    return f"{possessive(names[k])} train"


def describe_command(game: str, command: Command, names: Sequence[str] | None = None,
                     viewer: int | None = None) -> str:
    """A command as the player would say it: "Bid 5", "Pass", "Discard 6-4",
    "Name sixes trumps", "Play 6-4", "Play 6-4 on the Mexican train", "Draw"."""
    if isinstance(command, Bid):
        if command.bid is None:
            return "Pass"
        if game == "texas42":
            return "Bid " + texas42_bid_text(command.bid, command.plunge, command.splash)
        return "Bid " + moon_bid_text(command.bid)
    if isinstance(command, Discard):
        return f"Discard {command.tile}"
    if isinstance(command, NameTrump):
        if command.trump in ("nello", "sevens"):
            return f"Declare {trump_text(command.trump)}"
        if command.trump == "none":
            return "Name no trumps" + (" (follow-me)" if game == "texas42" else "")
        return f"Name {trump_text(command.trump)} trumps"
    if isinstance(command, Play):
        if command.train is None:
            return f"Play {command.tile}"
        if command.train != "mexican" and viewer is not None and int(command.train) == viewer:
            return f"Play {command.tile} on your train"
        seats = list(names) if names else []
        n = max([int(command.train) + 1 if command.train != "mexican" else 0,
                 command.player + 1, len(seats)])
        seats += [f"Player {i + 1}" for i in range(len(seats), n)]
        return f"Play {command.tile} on {train_text(command.train, seats)}"
    if isinstance(command, Draw):
        return "Take the widow" if game == "moon" else "Draw from the boneyard"
    if isinstance(command, Pass):
        if game == "moon":
            return "Leave the widow face down"
        return "Pass (no play, boneyard empty)"
    return str(command)
