"""The count: the five tiles that carry points in the tricks that take them.

Texas 42 scores them (35 of a hand's 42 points); the trick bots' solver reads
them to value a trick. Moon has no count.
"""

from __future__ import annotations

from core.tiles import Tile

COUNT: dict[Tile, int] = {Tile(5, 0): 5, Tile(4, 1): 5, Tile(3, 2): 5,
                          Tile(5, 5): 10, Tile(6, 4): 10}
"""Each count tile and the points it carries."""


def count_of(t: Tile) -> int:
    """The count a tile carries: 5 for 5-0, 4-1, 3-2; 10 for 5-5, 6-4; else 0."""
    return COUNT.get(t, 0)
