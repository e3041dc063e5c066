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
        self._draw(table, scene)
        canvas.put_block((width - table.width) // 2, (height - table.height) // 2, table.lines())
        return canvas.to_text()

    def _draw(self, canvas: Canvas, scene: TrickScene) -> None:
        width, height = canvas.width, canvas.height
        style = self.tile_style
        th = tile_height(style)
        block_h = th + 2
        side_w = max(TILE_WIDTH, min(18, (width - 16) // 2))
        if len(scene.seats) == 4:
            side_w = max(TILE_WIDTH, min(16, (width - TILE_WIDTH) // 3))
        positions = POSITIONS.get(len(scene.seats), POSITIONS[4])
        boxes = {
            "bottom": ((width - side_w) // 2, height - block_h),
            "top": ((width - side_w) // 2, 0),
            "left": (0, (height - block_h) // 2),
            "right": (width - side_w, (height - block_h) // 2),
        }
        for place, position in zip(scene.seats, positions):
            x, y = boxes[position]
            self._draw_seat(canvas, place, x, y, side_w, scene.dim_tiles)
        self._draw_caption(canvas, scene, positions, side_w, block_h)

    def _draw_caption(self, canvas: Canvas, scene: TrickScene, positions: tuple[str, ...],
                      side_w: int, block_h: int) -> None:
        """Title and caption: top middle with three seats, the top-left corner with four."""
        width, height = canvas.width, canvas.height
        side_y = (height - block_h) // 2
        if "top" in positions:
            left, room = 0, max(0, (width - side_w) // 2 - 1)
        else:
            left, room = 0, width
        rows = max(side_y, 1) if "top" not in positions else max(side_y, block_h)
        lines: list[tuple[str, str]] = []
        if scene.title:
            lines.append((scene.title, "bold"))
        for line in scene.caption:
            for piece in textwrap.wrap(line, room) or [""]:
                lines.append((piece, ""))
        for i, (line, style) in enumerate(lines[:rows]):
            if "top" in positions:
                canvas.put(left, i, line[:room], style)
            else:
                canvas.put_centered(i, line[:room], style, left=left, width=room)

    def _draw_seat(self, canvas: Canvas, place: SeatPlace, x: int, y: int, width: int,
                   dim: bool) -> None:
        style = self.tile_style
        label = place.name
        if place.detail:
            joiner = " " if place.detail[:1] in "◆+" else " · "
            label += joiner + place.detail
        canvas.put_centered(y, label[:width], "bold" if place.strong else "", left=x, width=width)
        tile_x = x + (width - TILE_WIDTH) // 2
        if place.tile is None:
            canvas.put_block(tile_x, y + 1, blank_lines(style), "dim")
        else:
            tile_style = "dim" if dim and not place.strong else ("bold" if place.strong else "")
            canvas.put_block(tile_x, y + 1, tile_lines(place.tile, style, heavy=place.strong),
                             tile_style)
        if place.flag:
            canvas.put_centered(y + 1 + tile_height(style), place.flag[:width],
                                "bold reverse" if place.strong else "italic",
                                left=x, width=width)
