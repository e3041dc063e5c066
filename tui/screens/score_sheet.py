"""The score sheet (key ``=``): every hand or round so far, one row each, as kept on paper.

Moon and 42: the hand's number, the bidder and the bid, made or set (and by how
much), then per player (Moon) or team (42) what the hand gave and the running total
("+4 -> 12"); 42 also shows the points each team took ("29-13"). Mexican Train:
the round, its engine, who went out (or "blocked"), each player's pips, and a
Total row. The rows are :func:`core.score_sheet.score_sheet`'s: nothing is
reckoned here. Names are data: every cell and header is plain text.

:class:`ScoreSheetScreen` scrolls (↑↓, ←→ when wider than the screen, PgUp/PgDn)
and closes with Esc, ``q`` or ``=``. :func:`sheet_table` is also what the game-over screen shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Sequence

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import ScrollableContainer, Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from core.events import Event
from core.registry import game_info
from core.score_sheet import ScoreSheet, SheetRow, score_sheet
from tui.host import game_screen_of
from tui.keys import key_hint
from tui.plain_text import as_text
from tui.plain_text import row as plain_row
from tui.widgets.keys_footer import KeysFooter

if TYPE_CHECKING:
    from tui.play.session import GameSession

SHEET_KEY = "equals_sign"
"""The key that opens the sheet on the table, the hub, a summary and the game over
(every letter is taken on the Mexican Train hub, by its keys or a tile's)."""
SHEET_KEY_DISPLAY = "="
ASCII_HEAD = box.Box("    \n    \n -- \n    \n    \n -- \n    \n    \n", ascii=True)
"""Rich's SIMPLE_HEAD drawn in ASCII: a rule under the headings, no column lines, so
twelve players' columns fit 80 columns in either style."""


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def side_names(game_name: str, names: Sequence[str]) -> list[str]:
    """The sheet's columns: 42's two teams, else the players."""
    teams = game_info(game_name).teams
    if teams:
        return [" & ".join(names[p] for p in team if p < len(names)) for team in teams]
    return list(names)


NUMBERED_FROM = 7
"""From this many players on, Mexican Train's columns are headed by seat numbers (a
legend names them), so a whole row fits 80 columns."""


def numbered(game_name: str, sides: Sequence[str]) -> bool:
    return game_info(game_name).table == "hub" and len(sides) >= NUMBERED_FROM


def sheet_legend(game_name: str, names: Sequence[str]) -> Text | None:
    """ "Players: 1 You, 2 West, ..." when the columns are numbered (else ``None``)."""
    if not numbered(game_name, names):
        return None
    text = Text("Players: ")
    for i, name in enumerate(names):
        text.append(f"{', ' if i else ''}{i + 1} ")
        text.append(name)
    text.append(". Out: who went out (- blocked).")
    return text


def result_text(game_name: str, row: SheetRow) -> str:
    """ "made", "made +2", "set by 1" (tricks in Moon, points for a 42 point bid)."""
    if row.made is None:
        return ""
    if row.made:
        return f"made +{row.margin}" if row.margin else "made"
    return f"set by {-row.margin}" if row.margin else "set"


def sheet_table(game_name: str, sheet: ScoreSheet, names: Sequence[str],
                ascii_only: bool = False) -> Table:
    """The sheet as a table: one row per scored hand (see the module)."""
    arrow = "->" if ascii_only else "→"
    table = Table(box=ASCII_HEAD if ascii_only else box.SIMPLE_HEAD, show_edge=False,
                  pad_edge=False, expand=False, collapse_padding=True)
    sides = side_names(game_name, names) if names else [f"Player {i + 1}"
                                                       for i in range(sheet.sides)]
    info = game_info(game_name)
    if info.table == "hub":
        compact = numbered(game_name, sides)
        table.add_column("Round", justify="right", no_wrap=True)
        if not compact:
            table.add_column("Engine", no_wrap=True)
        table.add_column("Out", no_wrap=compact)
        for i, name in enumerate(sides):
            table.add_column(str(i + 1) if compact else as_text(name), justify="right",
                             min_width=3, no_wrap=True)
        for row in sheet.rows:
            if row.out is None:
                out = "-" if compact else "blocked"
            elif compact:
                out = str(row.out + 1)
            else:
                out = names[row.out] if row.out < len(names) else f"Player {row.out + 1}"
            engine = [] if compact else [row.engine or ""]
            table.add_row(*plain_row(str(row.number), *engine, out,
                                     *[str(p) for p in row.scored]))
        if sheet.rows:
            table.add_section()
            table.add_row(*plain_row("Total", *([] if compact else [""]), "",
                                     *[str(t) for t in sheet.totals]))
        return table
    table.add_column("Hand", justify="right", no_wrap=True)
    table.add_column("Bidder", min_width=6)
    table.add_column("Bid")
    table.add_column("Result", no_wrap=True)
    if info.teams:                     # each team's points taken in the hand
        table.add_column("Points", justify="right", no_wrap=True)
    for name in sides:
        table.add_column(as_text(name), justify="right", no_wrap=True)
    for row in sheet.rows:
        bidder = "" if row.bidder is None else (
            names[row.bidder] if row.bidder < len(names) else f"Player {row.bidder + 1}")
        cells = [str(row.number), bidder, row.bid, result_text(game_name, row)]
        if info.teams:
            cells.append("-".join(str(p) for p in row.points_taken))
        cells += [f"{_signed(change)} {arrow} {total}"
                  for change, total in zip(row.scored, row.totals)]
        table.add_row(*plain_row(*cells))
    return table


def sheet_caption(game_name: str, sheet: ScoreSheet) -> Text:
    info = game_info(game_name)
    what = info.hand_word
    if not sheet.rows:
        return Text(f"No {what} has been scored yet.")
    count = len(sheet.rows)
    words = f"{count} {what}{'' if count == 1 else 's'} scored"
    if info.low_score_wins:
        return Text(f"{words}: the pips each player was left with; the lowest total wins.")
    unit = "marks" if sheet.unit == "marks" else "points"
    column = ("each team's points taken, then its " if info.teams
              else "each player's ")
    return Text(f"{words}: {column}{unit} for the hand and the running total.")


def fit_scroll(screen: Any, box: Any, scroll: Any) -> None:
    """Let ``scroll`` (a child of the dialog ``box``) grow only as far as the screen
    leaves room beside the box's other children and the footer, so what follows it (a
    hint, the buttons) stays on screen and a long sheet scrolls instead."""
    if not (screen.is_mounted and box.is_mounted and scroll.is_mounted):
        return
    others = sum(child.outer_size.height + child.styles.margin.top + child.styles.margin.bottom
                 for child in box.children if child is not scroll and child.display)
    frame = box.styles.gutter.top + box.styles.gutter.bottom
    footer = sum(w.outer_size.height for w in screen.query(KeysFooter))
    room = screen.size.height - footer - frame - others
    room -= scroll.styles.margin.top + scroll.styles.margin.bottom
    scroll.styles.max_height = max(3, room)


def game_in_play(app: Any) -> GameSession | None:
    """The session of the game in play (:attr:`tui.host.GameHost.game_screen`), if any."""
    screen = game_screen_of(app)
    return screen.session if screen is not None else None


class ScoreSheetScreen(ModalScreen[None]):
    """Every hand or round so far, scrollable; Esc, q or = close it."""

    DEFAULT_CSS = """
    ScoreSheetScreen { align: center middle; }
    ScoreSheetScreen #sheet-box {
        width: 100%; max-width: 100; height: auto; max-height: 100%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    ScoreSheetScreen.-ascii #sheet-box { border: ascii $accent; }
    ScoreSheetScreen #sheet-title { text-style: bold; width: 1fr; }
    ScoreSheetScreen #sheet-scroll { height: auto; overflow: auto auto; }
    ScoreSheetScreen #sheet-table { width: auto; height: auto; }
    ScoreSheetScreen #sheet-hint { width: 1fr; height: auto; text-style: italic; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(f"escape,q,{SHEET_KEY}", "close", "Close", key_display="Esc/q",
                id="sheet.close"),
    ]
    AUTO_FOCUS = "#sheet-scroll"      # its keys scroll: ↑↓ ←→ PgUp/PgDn Home/End

    def __init__(self, game_name: str, items: Sequence[Event | dict[str, Any]],
                 names: Sequence[str], options: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.game_name = game_name
        self.names = list(names)
        self.sheet = score_sheet(game_name, items, options, sides=len(self.names))

    @classmethod
    def for_session(cls, session: Any) -> ScoreSheetScreen:
        game = session.game
        return cls(game.name, list(game.history), [s.name for s in session.seats],
                   game.options)

    @property
    def ascii_only(self) -> bool:
        return getattr(self.app, "tile_style", "") == "ascii"

    def compose(self) -> ComposeResult:
        with Vertical(id="sheet-box"):
            yield Static("Score sheet", id="sheet-title")
            yield Static(sheet_caption(self.game_name, self.sheet), id="sheet-caption")
            legend = sheet_legend(self.game_name, self.names)
            if legend is not None:
                yield Static(legend, id="sheet-legend")
            with ScrollableContainer(id="sheet-scroll"):
                yield Static(sheet_table(self.game_name, self.sheet, self.names,
                                         self.ascii_only), id="sheet-table")
            sep = " - " if self.ascii_only else " · "
            yield Static(key_hint(self.app, f"↑↓ ←→ PgUp/PgDn scroll{sep}Esc or q: back"),
                         id="sheet-hint", markup=False)
        yield KeysFooter(tight_first=False)

    def on_mount(self) -> None:
        self.set_class(self.ascii_only, "-ascii")
        self.call_after_refresh(self._fit)

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        fit_scroll(self, self.query_one("#sheet-box"), self.query_one("#sheet-scroll"))

    def action_close(self) -> None:
        self.dismiss(None)


def open_score_sheet(app: Any, session: Any = None) -> bool:
    """Push the score sheet of ``session`` (the game in play when ``None``); False if none."""
    session = session if session is not None else game_in_play(app)
    if session is None:
        return False
    app.push_screen(ScoreSheetScreen.for_session(session))
    return True
