"""A grid of choices that fits on one screen: every choice visible at once, arrows to move.

:class:`ChoiceGrid` lays its cells out group by group: each group (e.g. "pass",
"point bids", "mark bids") starts a new row and wraps into as many balanced rows
as the width needs. A cell reads ``key label`` (the key underlined when a
choice has one); the highlighted cell is marked ``▶`` (``>`` in ASCII) and shown
reversed, so it never rests on colour alone.

Keys: ←/→ move through the cells in order (wrapping), ↑/↓ (or k/j) move to the
nearest cell of the row above or below, Home/End the first and last cell. A
click chooses a cell. The grid posts :class:`ChoiceGrid.Moved` when the player
moves the highlight and :class:`ChoiceGrid.Chosen` when a cell is clicked; it
knows nothing of what the choices mean.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil
from typing import ClassVar, Sequence

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

GAP = 3
"""Spaces between two cells of a row."""


@dataclass(frozen=True)
class GridCell:
    """One cell: its label, its key letter ("" for none) and its group (a new group, a new row)."""

    label: str
    key: str = ""
    group: str = ""


@dataclass(frozen=True)
class Placed:
    """Where cell ``index`` sits: row ``row``, columns ``x`` to ``x + width``."""

    index: int
    row: int
    x: int
    width: int

    @property
    def centre(self) -> float:
        return self.x + self.width / 2


def cell_width(cell: GridCell) -> int:
    """Pointer and space, key and space, label."""
    return 2 + 2 + cell_len(cell.label)


def lay_out(cells: Sequence[GridCell], width: int, gap: int = GAP) -> list[list[Placed]]:
    """The rows of the grid at ``width`` columns: each group its own balanced rows."""
    rows: list[list[Placed]] = []
    start = 0
    while start < len(cells):
        end = start
        while end < len(cells) and cells[end].group == cells[start].group:
            end += 1
        group = list(range(start, end))
        wide = max(cell_width(cells[i]) for i in group)
        columns = max(1, min(len(group), (max(width, wide) + gap) // (wide + gap)))
        count = ceil(len(group) / columns)
        columns = ceil(len(group) / count)            # balance: 6 + 6, not 10 + 2
        for r in range(count):
            row = group[r * columns:(r + 1) * columns]
            rows.append([Placed(i, len(rows), c * (wide + gap), wide)
                         for c, i in enumerate(row)])
        start = end
    return rows


class ChoiceGrid(Widget, can_focus=True):
    """The cells in a grid; ``highlighted`` is the index of the highlighted cell."""

    DEFAULT_CSS = """
    ChoiceGrid {
        height: auto;
        width: 1fr;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Previous", show=False, id="grid.left"),
        Binding("right", "step(1)", "Next", show=False, id="grid.right"),
        Binding("up,k", "row(-1)", "Up", show=False, id="grid.up"),
        Binding("down,j", "row(1)", "Down", show=False, id="grid.down"),
        Binding("home", "jump(0)", "First", show=False, id="grid.first"),
        Binding("end", "jump(-1)", "Last", show=False, id="grid.last"),
    ]

    highlighted: reactive[int | None] = reactive(None)

    class Moved(Message):
        """The player moved the highlight to ``index``."""

        def __init__(self, grid: ChoiceGrid, index: int) -> None:
            super().__init__()
            self.grid = grid
            self.index = index

        @property
        def control(self) -> ChoiceGrid:
            return self.grid

    class Chosen(Message):
        """The player clicked cell ``index``."""

        def __init__(self, grid: ChoiceGrid, index: int) -> None:
            super().__init__()
            self.grid = grid
            self.index = index

        @property
        def control(self) -> ChoiceGrid:
            return self.grid

    def __init__(self, cells: Sequence[GridCell], *, ascii_only: bool = False,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.cells = list(cells)
        self.ascii_only = ascii_only
        self._rows_cache: tuple[int, list[list[Placed]]] | None = None
        if self.cells:
            self.set_reactive(ChoiceGrid.highlighted, 0)

    # -- layout --------------------------------------------------------------------
    def rows(self, width: int | None = None) -> list[list[Placed]]:
        width = self.content_size.width if width is None else width
        if self._rows_cache is None or self._rows_cache[0] != width:
            self._rows_cache = (width, lay_out(self.cells, width))
        return self._rows_cache[1]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.rows(width))

    def placed(self, index: int) -> Placed | None:
        for row in self.rows():
            for cell in row:
                if cell.index == index:
                    return cell
        return None

    def cell_region(self, index: int) -> Region:
        """Where cell ``index`` is on the screen (for tests and for scrolling into view)."""
        cell = self.placed(index)
        if cell is None:
            return Region()
        origin = self.content_region
        return Region(origin.x + cell.x, origin.y + cell.row, cell.width, 1)

    # -- drawing -------------------------------------------------------------------
    def cell_text(self, index: int) -> Text:
        cell = self.cells[index]
        chosen = index == self.highlighted
        pointer = (">" if self.ascii_only else "▶") if chosen else " "
        text = Text(f"{pointer} ", style="bold")
        text.append(cell.key or " ", style="bold underline" if cell.key else "")
        text.append(" ")
        text.append(cell.label, style="bold" if chosen else "")
        if chosen:
            text.stylize("reverse")
        return text

    def render(self) -> Text:
        lines = []
        for row in self.rows():
            line = Text(no_wrap=True, overflow="crop")
            for cell in row:
                line.append(" " * (cell.x - line.cell_len))
                piece = self.cell_text(cell.index)
                piece.pad_right(cell.width - piece.cell_len)
                line.append_text(piece)
            lines.append(line)
        return Text("\n").join(lines)

    def watch_highlighted(self) -> None:
        self.refresh()

    # -- moving --------------------------------------------------------------------
    def move_to(self, index: int) -> None:
        """Highlight ``index`` as the player's move (posts :class:`Moved`)."""
        if not 0 <= index < len(self.cells):
            return
        self.highlighted = index
        self.post_message(self.Moved(self, index))

    def action_step(self, step: int) -> None:
        if not self.cells:
            return
        current = self.highlighted if self.highlighted is not None else -step
        self.move_to((current + step) % len(self.cells))

    def action_row(self, step: int) -> None:
        here = self.placed(self.highlighted) if self.highlighted is not None else None
        rows = self.rows()
        if here is None:
            self.action_step(step)
            return
        target = here.row + step
        if not 0 <= target < len(rows):
            return                                  # the edge of the grid: stay
        nearest = min(rows[target], key=lambda c: (abs(c.centre - here.centre), c.x))
        self.move_to(nearest.index)

    def action_jump(self, where: int) -> None:
        if self.cells:
            self.move_to(where % len(self.cells))

    def index_at(self, x: int, y: int) -> int | None:
        """The cell at content offset (``x``, ``y``), if any."""
        rows = self.rows()
        if not 0 <= y < len(rows):
            return None
        for cell in rows[y]:
            if cell.x <= x < cell.x + cell.width:
                return cell.index
        return None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = self.index_at(offset.x, offset.y)
        if index is not None:
            event.stop()
            self.move_to(index)
            self.post_message(self.Chosen(self, index))
