"""The middle of the table: each seat's place with the tile it played to the trick.

The screen describes what to show as a :class:`TrickScene` (plain data built
from the core's view); the widget only lays it out. Seats sit ``bottom`` (the
viewer), ``left``, ``top`` and ``right``; play goes clockwise (bottom, left,
top, right). Markers are text and shape, never only colour: ``▶`` leads,
``★`` won the trick, ``…`` thinking, ``◆`` the bidder.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from core.tiles import Tile
from tui.widgets.canvas import Canvas
from tui.widgets.tile import TILE_WIDTH, blank_lines, tile_height, tile_lines

MAX_TABLE_WIDTH = 64
MAX_TABLE_HEIGHT = 22

POSITIONS = {3: ("bottom", "left", "right"), 4: ("bottom", "left", "top", "right")}


@dataclass(frozen=True)
class SeatPlace:
    """One seat's place on the table."""

    name: str
    detail: str = ""              # e.g. "bid 5 · 2 tricks"
    tile: Tile | None = None      # the tile it played to the trick shown
    flag: str = ""                # e.g. "▶ leads", "★ won", "… thinking", "sits out"
    strong: bool = False          # the trick's winner / the player to act


@dataclass(frozen=True)
class TrickScene:
    seats: tuple[SeatPlace, ...]
    caption: tuple[str, ...] = ()   # short lines for the middle of the table
    title: str = ""                 # e.g. "Trick 3 of 7" or "Last trick (2)"
    dim_tiles: bool = False         # a finished trick shown for reference
    extra: dict = field(default_factory=dict)


class TrickArea(Widget):
    """Draws a :class:`TrickScene`. Set ``scene``."""

    DEFAULT_CSS = """
    TrickArea {
        width: 1fr;
        height: 1fr;
        min-height: 12;
    }
    """

    scene: reactive[TrickScene | None] = reactive(None)
    tile_style: reactive[str] = reactive("numerals")

    def render(self) -> Text:
        width, height = self.size
        canvas = Canvas(width, height)
        scene = self.scene
        if scene is None or width < TILE_WIDTH:
            return canvas.to_text()
        # On a big terminal the seats stay close enough to read across the table.
        table = Canvas(min(width, MAX_TABLE_WIDTH), min(height, MAX_TABLE_HEIGHT))
        draw_table(table, scene, self.tile_style)
        canvas.put_block((width - table.width) // 2, (height - table.height) // 2, table.lines())
        return canvas.to_text()


def draw_table(canvas: Canvas, scene: TrickScene, style: str = "numerals") -> None:
    """Lay ``scene`` out on ``canvas``: each seat's place (name, tile, flag) and the caption.

    Tiles go first, then the caption, then the seats' words, each kept a blank cell
    away from whatever is already drawn (:func:`place_words`), so no two texts touch.
    """
    width, height = canvas.width, canvas.height
    positions = POSITIONS.get(len(scene.seats), POSITIONS[4])
    four = "top" in positions
    if four and height < 2 * (tile_height(style) + 2):
        style = "numerals"      # tall pip tiles above and below would overlap: numerals here
    block_h = tile_height(style) + 2
    side_w = max(TILE_WIDTH, min(18, (width - 16) // 2))
    if four:
        side_w = max(TILE_WIDTH, min(16, (width - TILE_WIDTH) // 3))
    boxes = {
        "bottom": ((width - side_w) // 2, height - block_h),
        "top": ((width - side_w) // 2, 0),
        "left": (0, (height - block_h) // 2),
        "right": (width - side_w, (height - block_h) // 2),
    }
    seats = [(place, *boxes[position]) for place, position in zip(scene.seats, positions)]
    for place, x, y in seats:
        _draw_tile(canvas, place, x, y, side_w, scene.dim_tiles, style)
    _draw_caption(canvas, scene, four, side_w, block_h)
    for place, x, y in seats:
        _draw_words(canvas, place, x, y, side_w, style)


def _draw_caption(canvas: Canvas, scene: TrickScene, four: bool, side_w: int,
                  block_h: int) -> None:
    """Title and caption: top middle with three seats; with four, the top-left corner
    (the lines that do not fit above the left seat go to the top-right corner)."""
    width, height = canvas.width, canvas.height
    side_y = (height - block_h) // 2
    room = max(0, (width - side_w) // 2 - 1) if four else width
    lines: list[tuple[str, str]] = []
    if scene.title:
        lines.append((scene.title, "bold"))
    for line in scene.caption:
        for piece in textwrap.wrap(line, room) or [""]:
            lines.append((piece, ""))
    rows = max(side_y, 1)
    if not four:
        for i, (line, style) in enumerate(lines[:rows]):
            canvas.put_centered(i, line[:room], style, width=room)
        return
    for i, (line, style) in enumerate(lines[:rows]):
        canvas.put(0, i, line[:room], style)
    for i, (line, style) in enumerate(lines[rows:2 * rows]):
        line = line[:room]
        canvas.put(width - len(line), i, line, style)


def _draw_tile(canvas: Canvas, place: SeatPlace, x: int, y: int, width: int, dim: bool,
               style: str) -> None:
    tile_x = x + (width - TILE_WIDTH) // 2
    if place.tile is None:
        canvas.put_block(tile_x, y + 1, blank_lines(style), "dim")
    else:
        tile_style = "dim" if dim and not place.strong else ("bold" if place.strong else "")
        canvas.put_block(tile_x, y + 1, tile_lines(place.tile, style, heavy=place.strong),
                         tile_style)


def _draw_words(canvas: Canvas, place: SeatPlace, x: int, y: int, width: int,
                style: str) -> None:
    """The seat's name (and bid) above its tile, its flag below."""
    label = place.name
    if place.detail:
        joiner = " " if place.detail[:1] in "◆+" else (" - " if style == "ascii" else " · ")
        label += joiner + place.detail
    place_words(canvas, y, label, "bold" if place.strong else "", x, width)
    if place.flag:
        place_words(canvas, y + 1 + tile_height(style), place.flag,
                    "bold reverse" if place.strong else "italic", x, width)

def place_words(canvas: Canvas, y: int, text: str, style: str, left: int, width: int) -> None:
    """Write ``text`` on row ``y`` centred over the seat's box (``left`` .. ``left + width``).

    Words wider than the box ("East ◆ 2 marks") move into the free cells beside it, as
    near the centre as they can, keeping a blank cell between them and anything already
    drawn; only when there is no such room are they cut to the box.
    """
    n = len(text)
    centred = left + (width - n) // 2
    if n <= width:
        canvas.put(centred, y, text, style)
        return
    for x in sorted(range(centred - n, centred + n + 1), key=lambda c: (abs(c - centred), c)):
        if x >= 0 and x + n <= canvas.width and canvas.is_free(x - 1, y, n + 2):
            canvas.put(x, y, text, style)
            return
    canvas.put_centered(y, text[:width], style, left=left, width=width)
