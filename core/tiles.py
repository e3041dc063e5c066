"""Tiles and sets: the physical dominoes every game is played with."""

from __future__ import annotations

import random
from typing import Iterable, NamedTuple


class Tile(NamedTuple):
    """A domino, stored with its higher end first (``Tile(6, 4)`` is "6-4")."""

    high: int
    low: int

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    @property
    def pips(self) -> int:
        return self.high + self.low

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    def has(self, number: int) -> bool:
        return self.high == number or self.low == number

    def other(self, number: int) -> int:
        """The end that is not ``number`` (for a double, ``number`` itself)."""
        if self.high == number:
            return self.low
        if self.low == number:
            return self.high
        raise ValueError(f"{self} has no {number}")


def tile(a: int, b: int) -> Tile:
    """The tile with ends ``a`` and ``b`` in either order."""
    return Tile(a, b) if a >= b else Tile(b, a)


def parse_tile(text: str, max_pip: int = 18) -> Tile:
    """Parse ``"6-4"`` (either order accepted) into a :class:`Tile`.

    Raises ``ValueError`` with a readable message for anything else.
    """
    if not isinstance(text, str):
        raise ValueError(f"a tile must be a string like \"6-4\", not {text!r}")
    parts = text.strip().split("-")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise ValueError(f"{text!r} is not a tile (expected \"HIGH-LOW\", like \"6-4\")")
    a, b = int(parts[0]), int(parts[1])
    if a > max_pip or b > max_pip:
        raise ValueError(f"{text!r} is not a tile of a double-{max_pip} set")
    return tile(a, b)


def double_set(max_pip: int) -> list[Tile]:
    """Every tile of a double-``max_pip`` set, highest first."""
    return [Tile(h, l) for h in range(max_pip, -1, -1) for l in range(h, -1, -1)]


def moon_set() -> list[Tile]:
    """Moon's 22 tiles: double-six without 0-1 … 0-6 (the double-blank stays)."""
    return [t for t in double_set(6) if not (t.low == 0 and t.high != 0)]


def shuffled(tiles: list[Tile], rng: random.Random) -> list[Tile]:
    """A shuffled copy, using only the injected generator."""
    out = list(tiles)
    rng.shuffle(out)
    return out


def pip_total(tiles: Iterable[Tile]) -> int:
    return sum(t.pips for t in tiles)


def sort_hand(tiles: Iterable[Tile]) -> list[Tile]:
    """Hand order for display: by high end, then low end, highest first."""
    return sorted(tiles, reverse=True)
