"""The hub, its trains and the train markers.

The hub holds the engine; each player has a personal train and there is one
Mexican train. A train runs from the hub: its first tile matches the engine and
each further tile matches the open end of the one before. :class:`Train` is the
engine's mutable record of one train; :class:`TrainState` is its frozen public
picture for views.

A train is *available* to a player when it is their own, the Mexican train
(always open, even before anyone starts it), or another player's train carrying
that player's marker. The Mexican train "carries a marker" once started.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.tiles import Tile

MEXICAN = "mexican"

TrainKey = int | str


def train_label(key: TrainKey, viewer: int | None = None) -> str:
    """A train's name in a player's words: "your train", "Player 3's train", "the Mexican train"."""
    if key == MEXICAN:
        return "the Mexican train"
    if viewer is not None and key == viewer:
        return "your train"
    return f"Player {int(key) + 1}'s train"


def parse_train(raw: object) -> TrainKey:
    """A record's ``train`` field: ``"mexican"`` or a player number (ValueError otherwise)."""
    if raw == MEXICAN:
        return MEXICAN
    if isinstance(raw, int) and not isinstance(raw, bool) and raw >= 0:
        return raw
    raise ValueError(f"train must be \"mexican\" or a player number, not {raw!r}")


@dataclass(frozen=True)
class TrainState:
    """One train as every player sees it.

    ``tiles`` in order from the hub; ``pairs`` the same tiles oriented as laid,
    ``(a, b)`` where ``a`` matches the previous open end (the engine's number for
    the first tile) and ``b`` is the new open end. ``open_end`` is the engine's
    number while the train is not ``started``. ``marker``: the owner's marker is
    on it (for the Mexican train: it has been started, so it shows its marker).
    """

    owner: TrainKey
    tiles: tuple[Tile, ...]
    open_end: int
    marker: bool
    started: bool
    pairs: tuple[tuple[int, int], ...] = ()

    @property
    def is_mexican(self) -> bool:
        return self.owner == MEXICAN

    @property
    def last(self) -> Tile | None:
        return self.tiles[-1] if self.tiles else None


class Train:
    """The engine's working copy of one train (mutable; never handed out)."""

    __slots__ = ("owner", "tiles", "pairs", "open_end", "marker", "_state")

    def __init__(self, owner: TrainKey, engine_number: int) -> None:
        self.owner = owner
        self.tiles: list[Tile] = []
        self.pairs: list[tuple[int, int]] = []
        self.open_end = engine_number
        self.marker = False          # the owner's marker (unused for the Mexican train)
        self._state: TrainState | None = None

    @property
    def started(self) -> bool:
        return bool(self.tiles)

    @property
    def shows_marker(self) -> bool:
        return self.started if self.owner == MEXICAN else self.marker

    def lay(self, t: Tile) -> tuple[int, int]:
        """Add ``t`` at the open end (the caller checked it matches); returns ``(a, b)``."""
        a = self.open_end
        b = t.other(a)
        self.tiles.append(t)
        self.pairs.append((a, b))
        self.open_end = b
        self._state = None
        return a, b

    def set_marker(self, on: bool) -> bool:
        """Put the marker on or off; True when that changed anything."""
        if self.marker == on:
            return False
        self.marker = on
        self._state = None
        return True

    def state(self) -> TrainState:
        if self._state is None:
            self._state = TrainState(self.owner, tuple(self.tiles), self.open_end,
                                     self.shows_marker, self.started, tuple(self.pairs))
        return self._state
