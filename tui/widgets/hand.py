"""The player's hand: a row (or rows) of tiles to choose from with arrows, digits or the mouse.

The hand knows nothing of the rules: the screen tells it which tiles the core
lists as playable (``playable``), and it shows them by *shape* and *text* as
well as colour -- a heavy outline and a bracketed number ``[1]`` for a tile that
may be played, a light outline and a plain number for one that may not. The
chosen tile is raised by one row and marked ``▲``. ``marks`` adds a short word
per tile (e.g. "trump") in the row the tile does not use.

Keys: ←/→ move, 1-9 choose a tile, Enter plays the chosen tile. A
click chooses a tile; a click on the chosen tile plays it. Enter (or that click)
posts :class:`HandView.Played` even for a tile the core will refuse, so the
player sees the core's reason. The keys, clicks and messages are shared with the
hub's hand (:mod:`tui.widgets.hand_base`).
"""

from __future__ import annotations

from typing import Iterable, Mapping

from rich.text import Text
from textual.binding import Binding
from textual.reactive import reactive

from core.tiles import Tile
from tui.widgets.hand_base import HandBase
from tui.widgets.tile import TILE_WIDTH, glyph, tile_height, tile_lines

GAP = 1


class HandView(HandBase):
    """A hand of tiles. Set ``tiles``, ``playable`` (None when not choosing) and ``marks``."""

    DEFAULT_CSS = """
    HandView {
        height: auto;
        width: 1fr;
    }
    """

    BINDINGS = [
        Binding("left", "move(-1)", "Previous", show=False, id="hand.left"),
        Binding("right", "move(1)", "Next", show=False, id="hand.right"),
        Binding("home", "first", "First", show=False, id="hand.first"),
        Binding("end", "last", "Last", show=False, id="hand.last"),
        Binding("enter", "play", "Play", id="hand.play"),
        Binding("1", "choose(0)", "Tile", key_display="1-9", id="hand.choose_1"),
        *[Binding(str(n), f"choose({n - 1})", f"Choose tile {n}", show=False,
                  id=f"hand.choose_{n}") for n in range(2, 10)],
    ]

    class Selected(HandBase.Selected):
        """The chosen tile changed."""

    class Played(HandBase.Played):
        """The player asked to play ``tile`` (Enter, or a click on the chosen tile)."""

    marks: reactive[Mapping[Tile, str]] = reactive({})
    tile_style: reactive[str] = reactive("numerals", layout=True)

    # -- state ------------------------------------------------------------------
    def show(self, tiles: Iterable[Tile], playable: Iterable[Tile] | None,
             marks: Mapping[Tile, str] | None = None, style: str | None = None) -> None:
        """Show ``tiles``; ``playable`` lists the tiles the core allows (None: not choosing)."""
        old = self.selected_tile
        self.tiles = tuple(tiles)
        self.playable = None if playable is None else frozenset(playable)
        self.marks = dict(marks or {})
        if style is not None:
            self.tile_style = style
        if old in self.tiles:
            self.cursor = self.tiles.index(old)
        elif self.playable:
            self.cursor = next(i for i, t in enumerate(self.tiles) if t in self.playable)
        else:
            self.cursor = min(self.cursor, max(len(self.tiles) - 1, 0))
        if self.playable and self.selected_tile not in self.playable:
            self.cursor = next(i for i, t in enumerate(self.tiles) if t in self.playable)
        self.refresh()

    # -- geometry -----------------------------------------------------------------
    def _row_height(self) -> int:
        return tile_height(self.tile_style) + 2

    def _per_row(self, width: int | None = None) -> int:
        width = self.size.width if width is None else width
        return max(1, (max(width, TILE_WIDTH) + GAP) // (TILE_WIDTH + GAP))

    def get_content_height(self, container, viewport, width: int) -> int:
        rows = max(1, -(-len(self.tiles) // self._per_row(width)))
        return rows * self._row_height()

    # -- drawing --------------------------------------------------------------------
    def render(self) -> Text:
        per_row = self._per_row()
        lines: list[Text] = []
        for start in range(0, max(len(self.tiles), 1), per_row):
            lines.extend(self._render_row(start, self.tiles[start:start + per_row]))
        return Text("\n").join(lines)

    def _render_row(self, start: int, tiles: tuple[Tile, ...]) -> list[Text]:
        height = self._row_height()
        rows = [Text() for _ in range(height)]
        for offset, t in enumerate(tiles):
            index = start + offset
            if offset:
                for row in rows:
                    row.append(" " * GAP)
            for row, piece in zip(rows, self._tile_column(index, t)):
                row.append_text(piece)
        return rows

    def _tile_column(self, index: int, t: Tile) -> list[Text]:
        """One tile with its mark row and label row, ``_row_height()`` lines of 9 cells."""
        choosing = self.choosing
        legal = choosing and t in (self.playable or ())
        selected = index == self.cursor and (choosing or self.has_focus)
        style = ""
        if choosing and not legal:
            style = "dim"
        if selected:
            style = "reverse" if legal or not choosing else "reverse dim"
        body = [Text(line, style=style) for line in
                tile_lines(t, self.tile_style, heavy=legal)]
        while len(body) < tile_height(self.tile_style):
            body.append(Text(" " * TILE_WIDTH))
        mark = Text(f"{self.marks.get(t, '')[:TILE_WIDTH]:^{TILE_WIDTH}}", style="italic")
        number = str(index + 1) if index < 9 else " "
        up = glyph(self.tile_style, "raised")
        if selected:
            label = f"{up}{number}{up}" if not legal else f"{up}[{number}]{up}"
        elif legal:
            label = f"[{number}]"
        else:
            label = number
        label_text = Text(f"{label:^{TILE_WIDTH}}", style="bold" if legal else "dim" if choosing else "")
        if selected:
            return [*body, mark, label_text]
        return [mark, *body, label_text]

    # -- keys and mouse -------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Playing and choosing by number are for when the player may play a tile (the
        # footer shows only the keys that do something now).
        if action in ("play", "choose"):
            return self.choosing and bool(self.tiles)
        return True

    def index_at(self, x: int, y: int) -> int | None:
        """The tile under content offset (x, y), if any."""
        per_row = self._per_row()
        column, within = divmod(x, TILE_WIDTH + GAP)
        if within >= TILE_WIDTH or column >= per_row:
            return None
        index = (y // self._row_height()) * per_row + column
        return index if 0 <= index < len(self.tiles) else None
