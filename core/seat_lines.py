"""What one seat may read of a game's record lines while the game is played.

A record is the referee's view: its ``deal`` line holds every hand, Moon's widow
and Mexican Train's boneyard order; Moon's ``widow`` line the tile the bidder
laid aside; a ``draw`` line the tile drawn. A shared table sends each seat the
same lines with what that seat may not know taken out: :func:`line_for_seat`
replaces each hidden value by ``null`` (a hidden hand by ``null`` in its place,
so the list keeps one entry per player). A watcher (``seat=None``) sees only what
is public. Everything else -- bids, trumps, tiles played, tricks, scores, the
hands shown at a hand's end -- is public and passes unchanged.

The rules behind it (docs/rules/): a player sees their own hand only; Moon's
widow stays face down until the bidder takes it, and what the bidder keeps and
lays aside is the bidder's alone; Mexican Train's boneyard is face down, and a
tile drawn is seen only by the player who draws it.

Pure Python, no I/O.
"""

from __future__ import annotations

from typing import Any

__all__ = ["line_for_seat", "lines_for_seat"]

# (kind, field) -> who may see the field: "own" (hands: each player their own entry),
# "player" (only the line's ``player``), "nobody" (face down for everyone).
_HIDDEN: dict[str, dict[tuple[str, str], str]] = {
    "moon": {("deal", "hands"): "own", ("deal", "widow"): "nobody",
             ("widow", "took"): "player", ("widow", "discarded"): "player"},
    "texas42": {("deal", "hands"): "own"},
    "mexican_train": {("deal", "hands"): "own", ("deal", "boneyard"): "nobody",
                      ("draw", "tile"): "player"},
}


def line_for_seat(game: str, line: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """``line`` as ``seat`` (a player number, or ``None`` for a watcher) may read it: a new
    dict, the hidden values ``None``. ``line`` itself is never changed."""
    hidden = _HIDDEN.get(game, {})
    kind = line.get("event")
    out = dict(line)
    for (hidden_kind, name), who in hidden.items():
        if hidden_kind != kind or name not in out:
            continue
        if who == "own":
            value = out[name]
            if isinstance(value, list):
                out[name] = [entry if index == seat else None for index, entry in enumerate(value)]
            else:
                out[name] = None
        elif who == "player":
            if seat is None or out.get("player") != seat:
                out[name] = None
        else:
            out[name] = None
    return out


def lines_for_seat(game: str, lines: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """Every line of ``lines`` as ``seat`` may read it."""
    return [line_for_seat(game, line, seat) for line in lines]
