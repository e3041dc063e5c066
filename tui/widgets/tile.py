"""Drawing a domino with box-drawing characters and digits (or pips, or plain ASCII).

Three tile styles (a setting):

* ``numerals`` (default): ``┌───┬───┐ / │ 6 │ 4 │ / └───┴───┘`` (3 rows, 9 columns);
* ``pips``: each half a 3×3 grid of ``●`` (5 rows, 9 columns; numbers above 9 fall
  back to numerals);
* ``ascii``: ``+---+---+ / | 6 | 4 | / +---+---+`` for terminals without box drawing.

``heavy=True`` draws the outline with heavy lines (``┏━━━┳━━━┓``; ``#`` in ASCII):
the table uses it for the tiles that may be played, so "legal" is a shape, not
only a colour. ``vertical=True`` stands the tile on end (a double laid crosswise).

Everything here is plain text; :class:`TileView` is a one-tile widget.
"""

from __future__ import annotations

from typing import Iterable, Literal, Sequence

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from core.tiles import Tile

TileStyle = Literal["numerals", "pips", "ascii"]
TILE_STYLES: tuple[str, ...] = ("numerals", "pips", "ascii")

TILE_WIDTH = 9
"""Columns of a horizontal tile in every style."""

PIP = "●"

GLYPHS = {"lead": "▶", "won": "★", "bidder": "◆", "thinking": "…", "raised": "▲"}
ASCII_GLYPHS = {"lead": ">", "won": "*", "bidder": "+", "thinking": "...", "raised": "^"}


def glyph(style: str, name: str) -> str:
    """A marker ("lead", "won", "bidder", "thinking", "raised") in the tile style's characters."""
    return (ASCII_GLYPHS if style == "ascii" else GLYPHS)[name]

# Pip positions in a 3×3 grid (row, column) for 0..9.
_PIP_CELLS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2)),
    7: ((0, 0), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 2)),
    8: ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)),
    9: tuple((r, c) for r in range(3) for c in range(3)),
}

# Outline characters: (top-left, horizontal, top-tee, top-right, vertical,
#                      bottom-left, bottom-tee, bottom-right, left-tee, cross, right-tee)
_LIGHT = ("┌", "─", "┬", "┐", "│", "└", "┴", "┘", "├", "┼", "┤")
_HEAVY = ("┏", "━", "┳", "┓", "┃", "┗", "┻", "┛", "┣", "╋", "┫")
_ASCII = ("+", "-", "+", "+", "|", "+", "+", "+", "+", "+", "+")
_ASCII_HEAVY = ("#", "=", "#", "#", "#", "#", "#", "#", "#", "#", "#")


def _outline(style: str, heavy: bool) -> tuple[str, ...]:
    if style == "ascii":
        return _ASCII_HEAVY if heavy else _ASCII
    return _HEAVY if heavy else _LIGHT


def tile_height(style: str, tile: Tile | None = None) -> int:
    """Rows of a horizontal tile in ``style``."""
    if style == "pips" and (tile is None or tile.high <= 9):
        return 5
    return 3


def _pip_rows(n: int, pip: str) -> list[str]:
    grid = [[" "] * 3 for _ in range(3)]
    for r, c in _PIP_CELLS[n]:
        grid[r][c] = pip
    return ["".join(row) for row in grid]


def _number(n: int) -> str:
    return f"{n:^3}"


def tile_lines(t: Tile | Sequence[int], style: str = "numerals", *, heavy: bool = False,
               vertical: bool = False) -> list[str]:
    """The tile as text lines (all the same width).

    ``t`` may be a :class:`Tile` or an (a, b) pair: pairs keep their order (a train
    shows each tile oriented so ``a`` meets the previous tile).
    """
    a, b = int(t[0]), int(t[1])
    o = _outline(style, heavy)
    tl, h, tt, tr, v, bl, bt, br, lt, cross, rt = o
    use_pips = style == "pips" and a <= 9 and b <= 9
    if vertical:
        top = tl + h * 3 + tr
        mid = lt + h * 3 + rt
        bottom = bl + h * 3 + br
        if use_pips:
            halves = [[v + row + v for row in _pip_rows(n, PIP)] for n in (a, b)]
            return [top, *halves[0], mid, *halves[1], bottom]
        return [top, v + _number(a) + v, mid, v + _number(b) + v, bottom]
    top = tl + h * 3 + tt + h * 3 + tr
    bottom = bl + h * 3 + bt + h * 3 + br
    if use_pips:
        left, right = _pip_rows(a, PIP), _pip_rows(b, PIP)
        rows = [v + left[i] + v + right[i] + v for i in range(3)]
        return [top, *rows, bottom]
    return [top, v + _number(a) + v + _number(b) + v, bottom]


def tile_text(t: Tile | Sequence[int], style: str = "numerals", *, heavy: bool = False,
              vertical: bool = False, rich_style: str = "") -> list[Text]:
    """:func:`tile_lines` as Rich ``Text`` lines carrying ``rich_style``."""
    return [Text(line, style=rich_style) for line in
            tile_lines(t, style, heavy=heavy, vertical=vertical)]


def inline_tile(t: Tile | Sequence[int], style: str = "numerals") -> str:
    """A tile on one line of text: ``[6|4]`` (the same in every style)."""
    return f"[{int(t[0])}|{int(t[1])}]"


def blank_lines(style: str, width: int = TILE_WIDTH, dashed: bool = True) -> list[str]:
    """An empty place for a tile (a trick seat with no tile yet)."""
    height = tile_height(style)
    if style == "ascii":
        edge, side = ".", ":"
    else:
        edge, side = "┄", "┆"
    if not dashed:
        return [" " * width] * height
    return ([" " + edge * (width - 2) + " "]
            + [side + " " * (width - 2) + side] * (height - 2)
            + [" " + edge * (width - 2) + " "])


def join_horizontally(blocks: Iterable[list[Text]], gap: int = 1) -> list[Text]:
    """Lay text blocks side by side (top-aligned), padding short ones with spaces."""
    blocks = list(blocks)
    if not blocks:
        return []
    height = max(len(b) for b in blocks)
    widths = [max((t.cell_len for t in b), default=0) for b in blocks]
    out: list[Text] = []
    for row in range(height):
        line = Text()
        for i, block in enumerate(blocks):
            if i:
                line.append(" " * gap)
            piece = block[row] if row < len(block) else Text("")
            line.append_text(piece)
            line.append(" " * (widths[i] - piece.cell_len))
        out.append(line)
    return out


class TileView(Widget):
    """One tile, drawn in the app's tile style. ``tile`` None shows an empty place."""

    DEFAULT_CSS = """
    TileView {
        width: 9;
        height: auto;
    }
    """

    tile: reactive[Tile | None] = reactive(None, layout=True)
    heavy: reactive[bool] = reactive(False)
    vertical: reactive[bool] = reactive(False, layout=True)

    def __init__(self, tile: Tile | None = None, *, heavy: bool = False, vertical: bool = False,
                 name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.set_reactive(TileView.tile, tile)
        self.set_reactive(TileView.heavy, heavy)
        self.set_reactive(TileView.vertical, vertical)

    @property
    def tile_style(self) -> str:
        return getattr(self.app, "tile_style", "numerals")

    def get_content_width(self, container, viewport) -> int:
        return 5 if self.vertical else TILE_WIDTH

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self._lines())

    def _lines(self) -> list[str]:
        if self.tile is None:
            return blank_lines(self.tile_style)
        return tile_lines(self.tile, self.tile_style, heavy=self.heavy, vertical=self.vertical)

    def render(self) -> Text:
        return Text("\n".join(self._lines()))
