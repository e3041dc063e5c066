"""One train of the Mexican Train hub on one line.

::

    ▶+ You          9    42  ⚑ TURN      …+3 [5│3][3│8][8│8] → 8  ◆ OPEN DOUBLE

Columns: ``▶`` the train chosen for the next play, ``+`` the chosen tile may be
laid here (from the core's legal plays), the owner, the tiles they hold, their
score so far (the rounds already played; blank for the Mexican train), flags
(``⚑`` their marker is on: the train is open to everyone; ``TURN``; ``LAST``: one
tile left), then the newest tiles laid (older ones counted as ``…+N``), the open
end, and a note for a double on this train (``◆ OPEN DOUBLE`` blocks every other
train until it is satisfied). The line never grows past its width: it drops
older tiles first, then shortens the note.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from tui.widgets.train_tile import UNICODE, HubGlyphs, compact_tile

NAME_WIDTH = 10
COUNT_WIDTH = 4
SCORE_WIDTH = 6
FLAGS_WIDTH = 11
TILES_ROOM = 33
"""Cells kept for tiles before a double's note is shortened (about four tiles)."""

DOUBLE_NOTES = {
    "open": "OPEN DOUBLE: satisfy it first",
    "pending": "new double: play on it",
    "dead": "double (cannot be satisfied)",
}
SHORT_DOUBLE_NOTES = {"open": "OPEN DOUBLE", "pending": "new double", "dead": "dead double"}


@dataclass(frozen=True)
class TrainRow:
    """What one train line shows (built by the hub from the core's view)."""

    key: int | str
    name: str
    count: int | None
    marker: bool
    started: bool
    pairs: tuple[tuple[int, int], ...]
    open_end: int
    turn: bool = False
    last_tile: bool = False
    double: str = ""            # "", "open", "pending" or "dead"
    selected: bool = False
    fits: bool = False
    score: int | None = None     # the owner's score so far; None for the Mexican train


def flags_text(row: TrainRow, glyphs: HubGlyphs) -> str:
    """The row's flags, from the start of the Flags column: "⚑ TURN LAST", "TURN", "⚑"."""
    words = [glyphs.marker] if row.marker else []
    if row.turn:
        words.append("TURN")
    if row.last_tile:
        words.append("LAST")
    return " ".join(words)


def fit_tiles(pairs: tuple[tuple[int, int], ...], room: int, glyphs: HubGlyphs) -> str:
    """The newest tiles that fit in ``room`` cells, older ones counted as "…+N"."""
    pieces = [compact_tile(p, glyphs) for p in pairs]
    if sum(len(p) for p in pieces) <= room:
        return "".join(pieces)
    for shown in range(len(pieces) - 1, 0, -1):
        label = f"{glyphs.more}+{len(pieces) - shown} "
        newest = pieces[len(pieces) - shown:]
        if len(label) + sum(len(p) for p in newest) <= room:
            return label + "".join(newest)
    return f"{glyphs.more}+{len(pieces)}"[:room]


def render_train_line(row: TrainRow, width: int, glyphs: HubGlyphs = UNICODE) -> Text:
    """The train as one line of at most ``width`` cells."""
    text = Text(no_wrap=True, overflow="crop")
    text.append(glyphs.pointer if row.selected else " ", style="bold reverse" if row.selected
                else "")
    text.append(glyphs.fits if row.fits else " ", style="bold")
    text.append(" ")
    name = row.name if len(row.name) <= NAME_WIDTH else row.name[:NAME_WIDTH - 1] + "."
    text.append(f"{name:<{NAME_WIDTH}}", style="bold underline" if row.turn else "bold"
                if row.key == "mexican" else "")
    text.append(f"{row.count:>{COUNT_WIDTH}}" if row.count is not None
                else " " * COUNT_WIDTH)
    text.append(f"{row.score:>{SCORE_WIDTH}}  " if row.score is not None
                else " " * (SCORE_WIDTH + 2))
    flags = flags_text(row, glyphs)
    text.append(f"{flags:<{FLAGS_WIDTH}}"[:FLAGS_WIDTH], style="bold" if row.last_tile else "")
    text.append(" ")
    end = f" {glyphs.arrow} {row.open_end}"
    note = ""
    if row.double:
        room = width - text.cell_len - len(end)
        long_note = f"  {glyphs.open_double} {DOUBLE_NOTES[row.double]}"
        short_note = f"  {glyphs.open_double} {SHORT_DOUBLE_NOTES[row.double]}"
        if room - len(long_note) >= TILES_ROOM:
            note = long_note
        elif room - len(short_note) >= len(glyphs.more) + 3:
            note = short_note
        else:
            note = f" {glyphs.open_double}"
    room = max(0, width - text.cell_len - len(end) - len(note))
    if row.started:
        text.append(fit_tiles(row.pairs, room, glyphs))
    else:
        text.append("(empty)"[:room], style="italic")
    text.append(end, style="bold")
    if note:
        text.append(note, style="bold reverse" if row.double == "open" else "bold")
    text.truncate(width, overflow="crop")
    return text


class TrainLine(Widget):
    """One train; a click posts :class:`TrainLine.Clicked`."""

    DEFAULT_CSS = """
    TrainLine {
        height: 1;
        width: 1fr;
    }
    """

    class Clicked(Message):
        def __init__(self, line: TrainLine, key: int | str) -> None:
            super().__init__()
            self.line = line
            self.key = key

        @property
        def control(self) -> TrainLine:
            return self.line

    row: reactive[TrainRow | None] = reactive(None)
    glyphs: reactive[HubGlyphs] = reactive(UNICODE)

    def __init__(self, row: TrainRow | None = None, *, name: str | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.set_reactive(TrainLine.row, row)

    def render(self) -> Text:
        if self.row is None:
            return Text("")
        return render_train_line(self.row, self.size.width, self.glyphs)

    def on_click(self, event: events.Click) -> None:
        typed_ahead = getattr(self.screen, "is_typed_ahead", None)
        if callable(typed_ahead) and typed_ahead(event.time):
            event.stop()        # a click from before the human's turn makes no move
            return
        if self.row is not None:
            event.stop()
            self.post_message(self.Clicked(self, self.row.key))


def column_titles(glyphs: HubGlyphs = UNICODE) -> str:
    """The titles above the train lines, aligned with :func:`render_train_line`."""
    return (f"{'':3}{'Train':<{NAME_WIDTH}}{'Hand':>{COUNT_WIDTH}}{'Score':>{SCORE_WIDTH}}  "
            f"{'Flags':<{FLAGS_WIDTH}} "
            f"Tiles laid, newest last {glyphs.arrow} open end")
