"""Open doubles: which doubles wait to be satisfied, and which of them block play.

A double laid on a train is *open* until a tile is laid on it. Each open double
remembers the turn it was laid in:

* during that turn it is *pending*: the player who laid it plays on (on it or,
  after a single double, on any available train; after two or more, the closing
  tile goes on the first of them);
* from the end of that turn it *blocks*: every player must satisfy the oldest
  blocking double if they can (any blocking double with ``doubles_any_order``),
  and no other train may be played on;
* a double that can never be satisfied (no other tile of its number is left in
  any hand or in the boneyard: all of them are on the table) is *dead*: it stays
  open but blocks nothing and constrains no closing tile.

A train's open double, if any, is always its last tile, so a train has at most one.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from core.mexican_train.trains import TrainKey
from core.tiles import Tile


class OpenDouble(NamedTuple):
    train: TrainKey
    tile: Tile
    turn: int            # the turn it was laid in

    @property
    def number(self) -> int:
        return self.tile.high


class OpenDoubles:
    """The open doubles of a round, oldest first."""

    __slots__ = ("items",)

    def __init__(self) -> None:
        self.items: list[OpenDouble] = []

    def __bool__(self) -> bool:
        return bool(self.items)

    def add(self, train: TrainKey, t: Tile, turn: int) -> None:
        self.items.append(OpenDouble(train, t, turn))

    def satisfy(self, train: TrainKey) -> OpenDouble | None:
        """A tile was laid on ``train``: its open double (if any) is satisfied."""
        for i, d in enumerate(self.items):
            if d.train == train:
                return self.items.pop(i)
        return None

    def pending(self, turn: int) -> list[OpenDouble]:
        """The doubles laid this turn and still open, in the order laid."""
        return [d for d in self.items if d.turn == turn]

    def blocking(self, turn: int, remaining: Sequence[int]) -> list[OpenDouble]:
        """Doubles from earlier turns that can still be satisfied, oldest first."""
        return [d for d in self.items if d.turn != turn and remaining[d.number] > 0]

    def dead(self, remaining: Sequence[int]) -> list[OpenDouble]:
        return [d for d in self.items if remaining[d.number] == 0]


def live(doubles: Sequence[OpenDouble], remaining: Sequence[int]) -> list[OpenDouble]:
    return [d for d in doubles if remaining[d.number] > 0]
