"""What a trick-game player (Moon, Texas 42) knows from its view: the tiles
played this hand, by whom, and the suits a player has shown it lacks.

The view needs ``player``, ``mode`` (None before trumps are named),
``tricks`` (finished, each with ``plays``) and ``current_trick`` (the plays on
the table): ((player, tile), ...) in order.
"""

from __future__ import annotations

from typing import Any

from core.bots.trick.sampling import voids
from core.tiles import Tile
from core.tricks.play import follows, suit_led

Plays = tuple[tuple[int, Tile], ...]


def hand_tricks(view: Any) -> list[Plays]:
    """This hand's tricks so far, each its plays in order; the one on the table last."""
    return [tr.plays for tr in view.tricks] + [view.current_trick]


def played_tiles(view: Any) -> list[Tile]:
    """Every tile played this hand, in order."""
    out = [t for tr in view.tricks for _, t in tr.plays]
    out.extend(t for _, t in view.current_trick)
    return out


def played_by(view: Any) -> dict[int, list[Tile]]:
    """The tiles each player has played this hand, in order."""
    out: dict[int, list[Tile]] = {}
    for plays in hand_tricks(view):
        for p, t in plays:
            out.setdefault(p, []).append(t)
    return out


def void_in(view: Any, player: int, suit: int) -> bool:
    """Whether ``player`` has shown it holds no tile of ``suit`` this hand."""
    for plays in hand_tricks(view):
        if plays and suit_led(plays[0][1], view.mode) == suit:
            for p, t in plays[1:]:
                if p == player and not follows(t, suit, view.mode):
                    return True
    return False


def shown_voids(view: Any) -> dict[int, int]:
    """Per other player, the mask of tiles its plays show it cannot hold (none before
    trumps are named)."""
    if view.mode is None:
        return {}
    return {p: m for p, m in voids(hand_tricks(view), view.mode).items() if p != view.player}
