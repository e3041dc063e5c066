"""The play-by-play in words: a game's events (or record lines) as plain English lines.

    lines = narrate("moon", game.history, names=["You", "West", "East"], viewer=0)

Each line is one thing that happened, in the game's own words: bids, trumps,
every tile led or played (and whether it followed, trumped or was played off),
trick winners, draws, markers, doubles opened and satisfied, hand results.

``viewer`` decides what may be said. With a player number the narration shows
only what that player saw at the table: their own hand as dealt, the widow and
discard only to the Moon bidder who handled them, their own draws -- never
another hand, the widow, the discard or the boneyard's order. With
``viewer=None`` (a hand in review, after it is over) everything is told.

Also here: :func:`split_hands` (a history cut into hands/rounds),
:func:`describe_command` (a command as a player would say it, for hints).

One module a concern: :mod:`~core.narration.hands` (cutting a history),
:mod:`~core.narration.words` (tiles, bids, commands in words), one narrator a game
(:mod:`~core.narration.moon`, :mod:`~core.narration.texas42`,
:mod:`~core.narration.mexican_train`) over :mod:`~core.narration.base`.

Pure Python; no Textual.
"""
from __future__ import annotations

from typing import Any, Iterable, Sequence

from core.events import Event
from core.narration.base import _Narrator
from core.narration.hands import HAND_ENDS, as_line, current_hand, last_finished_hand, split_hands
from core.narration.mexican_train import TrainNarrator
from core.narration.moon import MoonNarrator
from core.narration.texas42 import Texas42Narrator
from core.narration.words import (
    describe_command,
    moon_bid_text,
    texas42_bid_text,
    tiles_text,
    train_text,
    trump_text,
)

__all__ = ["HAND_ENDS", "NARRATORS", "MoonNarrator", "Texas42Narrator", "TrainNarrator",
           "as_line", "current_hand", "describe_command", "last_finished_hand", "moon_bid_text",
           "narrate", "split_hands", "texas42_bid_text", "tiles_text", "train_text", "trump_text"]

NARRATORS: dict[str, type[_Narrator]] = {
    "moon": MoonNarrator, "texas42": Texas42Narrator, "mexican_train": TrainNarrator,
}


def narrate(game: str, items: Iterable[Event | dict[str, Any]], names: Sequence[str], *,
            viewer: int | None = None, options: dict[str, Any] | None = None) -> list[str]:
    """The events (or record lines) of ``game`` as plain-English lines.

    ``viewer``: whose eyes (only what they saw); ``None``: tell everything (for a
    hand in review). ``options``: the rules settings (Texas 42's doubles under
    no-trumps, the target), defaults when missing. Lines of unknown kinds are skipped.
    """
    try:
        narrator = NARRATORS[game](names, viewer, options)
    except KeyError:
        raise ValueError(f"unknown game {game!r}") from None
    for item in items:
        narrator.feed(as_line(item))
    return narrator.out
