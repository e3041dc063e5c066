"""Bit boards for the trick-taking bots: tiles as bit indices, hands as masks.

The double-six set's tiles are bit indices (``TILES``, ``INDEX``); a hand is an
``int`` bitmask. Per trump mode a :class:`Tables` holds, for every tile, the suit
it calls for when led, the mask of tiles that follow each suit, and each tile's
power when a given suit is led (trumps above followers above everything else,
the same order as :func:`core.tricks.play.trick_winner`). The solver, the leaf
evaluation and the samplers all read the same tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from core.tiles import Tile, double_set
from core.tricks.count import COUNT
from core.tricks.play import TRUMP, TrumpMode, follows, is_trump, rank, sevens_distance, suit_led

TILES: tuple[Tile, ...] = tuple(double_set(6))
INDEX: dict[Tile, int] = {t: i for i, t in enumerate(TILES)}
BIT: dict[Tile, int] = {t: 1 << i for i, t in enumerate(TILES)}

COUNT_POINTS: dict[Tile, int] = dict(COUNT)
"""Texas 42's count tiles."""

INF = 10 ** 6


def mask_of(tiles: Iterable[Tile]) -> int:
    m = 0
    for t in tiles:
        m |= BIT[t]
    return m


def tiles_of(mask: int) -> list[Tile]:
    out = []
    while mask:
        low = mask & -mask
        out.append(TILES[low.bit_length() - 1])
        mask ^= low
    return out


def popcount(mask: int) -> int:
    return mask.bit_count()


@dataclass(frozen=True)
class Tables:
    """Per-mode lookups over tile indices (see the module docstring)."""

    mode: TrumpMode
    lead_suit: tuple[int, ...]              # per tile
    follow: tuple[int, ...]                 # per suit 0..8: mask of tiles following it
    power: tuple[tuple[int, ...], ...]      # power[suit][tile], 0 = cannot win
    lead_order: tuple[int, ...]             # tile indices, strongest lead first
    sevens: bool
    free_play: bool
    distance_masks: tuple[int, ...]         # Sevens: tiles at distance d from 7
    # Tiles of one class belong to a single suit (trumps; doubles as a suit; in
    # Sevens, tiles equally far from 7): two of them in one hand play alike unless
    # another tile ranks between them (``between[a][b]``, for a and b of a class).
    eq_class: tuple[int, ...]               # per tile, -1: none
    between: tuple[tuple[int, ...], ...]


@lru_cache(maxsize=64)
def tables_for(mode: TrumpMode) -> Tables:
    n = len(TILES)
    sevens = mode.trump == "sevens"
    if sevens:
        lead_suit = tuple(0 for _ in TILES)
        follow = tuple(0 for _ in range(9))
        sevens_row = tuple(10 - sevens_distance(t) for t in TILES)
        power = tuple(sevens_row for _ in range(9))
    else:
        lead_suit = tuple(suit_led(t, mode) for t in TILES)
        follow = tuple(mask_of(t for t in TILES if follows(t, s, mode)) for s in range(9))
        rows: list[tuple[int, ...]] = []
        for s in range(9):
            row: list[int] = []
            for t in TILES:
                if is_trump(t, mode):
                    row.append(1000 + rank(t, TRUMP, mode))
                elif s != TRUMP and follows(t, s, mode):
                    row.append(500 + rank(t, s, mode))
                else:
                    row.append(0)
            rows.append(tuple(row))
        power = tuple(rows)
    lead_order = tuple(sorted(range(n), key=lambda i: -power[lead_suit[i]][i]))
    distance_masks = tuple(mask_of(t for t in TILES if sevens_distance(t) == d) for d in range(8))
    if sevens:
        eq_class = tuple(sevens_distance(t) for t in TILES)
        between = tuple((0,) * n for _ in range(n))
    else:
        classes = []
        for t in TILES:
            suits = [s for s in range(9) if follows(t, s, mode)]
            classes.append(suits[0] if len(suits) == 1 else -1)
        eq_class = tuple(classes)
        rows = []
        for a in range(n):
            row = []
            for b in range(n):
                c = eq_class[a]
                if c < 0 or eq_class[b] != c:
                    row.append(0)
                    continue
                lo, hi = sorted((power[c][a], power[c][b]))
                row.append(mask_of(TILES[z] for z in range(n) if lo < power[c][z] < hi))
            rows.append(tuple(row))
        between = tuple(rows)
    return Tables(mode, lead_suit, follow, power, lead_order, sevens, mode.free_play,
                  distance_masks, eq_class, between)


def legal_mask(tables: Tables, hand: int, lead_tile: int | None) -> int:
    """The tiles of ``hand`` that may be played (``lead_tile``: index of the led tile)."""
    if tables.sevens:
        if tables.free_play:
            return hand
        for m in tables.distance_masks:
            if hand & m:
                return hand & m
        return hand
    if lead_tile is None:
        return hand
    f = hand & tables.follow[tables.lead_suit[lead_tile]]
    return f or hand


def _bit_table(offset: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(i + offset for i in range(14) if m >> i & 1) for m in range(1 << 14))


_LOW_BITS = _bit_table(0)
_HIGH_BITS = _bit_table(14)


def bits(mask: int) -> list[int]:
    """The tile indices in ``mask``, lowest first."""
    return [*_LOW_BITS[mask & 0x3FFF], *_HIGH_BITS[mask >> 14]]
