"""The coach (key ``c``): a finished hand (Mexican Train: round) looked at again.

Opened from the hand summary (:func:`open_coach_for_summary`) and from the replay
viewer (:func:`open_coach_for_replay`, the hand shown or the last one finished before
the step shown). :class:`CoachScreen` "Coach — hand N" runs :func:`core.coach.analyse`
in a thread worker (group ``"coach"``) with a progress bar fed by the analysis'
``progress(done, total)`` (posted to the screen as :class:`CoachScreen.Progressed`), so
the screen never blocks; Esc, ``q`` or ``c`` close it and stop the analysis (its
``cancel`` check reads a :class:`threading.Event`).

What it shows, as the coach words it (plain text, names and tiles are data): the par,
each bid, discard or trump of the seat against the expert's, the costliest plays of
each side (Mexican Train: the turns another play shed more or kept a longer chain), and
how many sampled deals each figure rests on.

The seat analysed: in a solo game the human's, at a shared table the player's own, in
the replay viewer the record's first human seat (else seat 0). The analysis works on
copies of the record's header and lines; the game is not touched. A finished report is
kept per app (:func:`kept_reports`), keyed by the seat, the hand and a digest of the
header and lines, so opening it again is instant.

The app may set ``coach_budget`` (a :class:`~core.coach.CoachBudget`, e.g.
``CoachBudget(samples=2)`` in tests) to bound the work; the default is the coach's
own (about 8 s a hand).
"""

from __future__ import annotations

import hashlib
import json
import random
import threading
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Sequence, Union, cast

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.renderables.bar import Bar as BarRenderable
from textual.screen import ModalScreen
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, WorkerState

from core.registry import HAND_END_KINDS, HAND_START_KINDS, game_info
from core.text import plain
from tui.keys import as_shown
from tui.plain_text import row as plain_row
from tui.widgets.keys_footer import KeysFooter

COACH_KEY = "c"
"""The key that opens the coach (hand summary, replay viewer) and closes it."""

if TYPE_CHECKING:        # core.coach is loaded when the coach first runs, not with the app
    from core.coach import CoachBudget, HandReport, RoundReport

Report = Union["HandReport", "RoundReport"]


# -- what to analyse -----------------------------------------------------------------------

@dataclass(frozen=True)
class CoachRequest:
    """One hand to analyse: the record's header and its lines from the game's start to
    the hand's end (copies), the seat spoken to and the hand's number (1-based)."""

    game: str
    header: dict[str, Any]
    lines: tuple[dict[str, Any], ...]
    seat: int
    hand: int

    @property
    def key(self) -> tuple[int, int, str]:
        """What the kept report is filed under: the seat, the hand and the record so far."""
        text = json.dumps([self.header, list(self.lines)], sort_keys=True, default=str)
        return self.seat, self.hand, hashlib.sha1(text.encode("utf-8")).hexdigest()

    @property
    def title(self) -> str:
        return f"Coach — {game_info(self.game).hand_word} {self.hand}"


def hand_ends(lines: Sequence[dict[str, Any]]) -> list[tuple[int, int, int]]:
    """Every hand of ``lines``: (hand number, index of its first line, index of its end
    line or -1 when unfinished), numbered as the coach numbers them."""
    out: list[tuple[int, int, int]] = []
    for i, line in enumerate(lines):
        kind = line.get("event")
        if kind in HAND_START_KINDS:
            out.append((len(out) + 1, i, -1))
        elif kind in HAND_END_KINDS and out and out[-1][2] < 0:
            number, start, _ = out[-1]
            out[-1] = (number, start, i)
    return out


def pick_hand(lines: Sequence[dict[str, Any]], upto: int | None = None
              ) -> tuple[int, int] | None:
    """(hand number, index of its end line) of the hand under way at line ``upto`` (the
    count of lines that have happened; default: all) if it finished anywhere in ``lines``,
    else of the last hand finished before it; ``None`` if none has finished."""
    upto = len(lines) if upto is None else upto
    hands = hand_ends(lines)
    shown = [h for h in hands if h[1] < upto]
    if shown and shown[-1][2] >= 0:
        return shown[-1][0], shown[-1][2]
    done = [h for h in hands if 0 <= h[2] < upto]
    if done:
        return done[-1][0], done[-1][2]
    return None


def _rows(lines: Sequence[Any]) -> list[dict[str, Any]]:
    return [dict(line.to_record() if hasattr(line, "to_record") else line) for line in lines]


def hand_ended_by(lines: Sequence[Any], end: dict[str, Any]) -> int | None:
    """The number of the hand that the line ``end`` closes in ``lines`` (None: not there)."""
    rows = _rows(lines)
    at = next((i for i in range(len(rows) - 1, -1, -1) if rows[i] == end), None)
    return next((h[0] for h in hand_ends(rows) if h[2] == at), None) if at is not None else None


def request_from(header: dict[str, Any], lines: Sequence[Any], seat: int,
                 upto: int | None = None, end: dict[str, Any] | None = None,
                 number: int | None = None) -> CoachRequest | str:
    """The request for ``lines`` (record lines or events with ``to_record``): the hand
    ending with the line ``end`` when given and found, else hand ``number`` when given
    and finished, else :func:`pick_hand`'s. A string says why there is nothing to
    analyse."""
    rows = _rows(lines)
    picked: tuple[int, int] | None = None
    if end is not None:
        found = hand_ended_by(rows, end)
        number = found if found is not None else number
    if number is not None:
        picked = next(((h[0], h[2]) for h in hand_ends(rows) if h[0] == number and h[2] >= 0),
                      None)
    if picked is None:
        picked = pick_hand(rows, upto)
    if picked is None:
        return "No hand has finished yet: the coach looks at a hand once it is over."
    number, at = picked
    game = str(header.get("game"))
    return CoachRequest(game, json.loads(json.dumps(header, default=str)),
                        tuple(rows[:at + 1]), seat, number)


def session_seat(session: Any) -> int:
    """The seat the coach speaks to: the player's own at a shared table, else the human's."""
    seat = getattr(session, "viewer_seat", None)
    if seat is None:
        seat = getattr(session, "human", None)
    return seat if isinstance(seat, int) else 0


def request_for_session(session: Any, end: dict[str, Any] | None = None) -> CoachRequest | str:
    """The request for the hand of ``session``'s game that ended with ``end`` (else its last
    finished hand). At a shared table the deal is the server's until the game is over: the
    finished record it sends then is used."""
    game = getattr(session, "game", None)
    if game is None:
        return "There is no game to look at."
    seat = session_seat(session)
    make_header = getattr(game, "header", None)
    if callable(make_header):
        header = make_header(session.players_header())
        return request_from(header, list(game.history), seat, end=end)
    record = getattr(game, "record", None)
    if record and isinstance(record[0], dict) and "event" not in record[0]:
        # The hand as this seat saw it end; the server's record names it by its number.
        number = hand_ended_by(list(game.history), end) if end is not None else None
        return request_from(record[0], record[1:], seat, end=end, number=number)
    return ("At a shared table the coach can look at the hands once the game is over "
            "(the server keeps the deal until then).")


def replay_seat(header: dict[str, Any]) -> int:
    """The seat a replay's coach speaks to: the record's first human, else seat 0."""
    for i, player in enumerate(header.get("players") or []):
        if isinstance(player, dict) and player.get("kind") == "human":
            return i
    return 0


def request_for_replay(model: Any, position: int, seat: int | None = None) -> CoachRequest | str:
    """The request for the hand the replay ``model`` shows at ``position`` (or the last
    finished before it)."""
    upto = sum(len(p.events) for p in model.positions[:max(0, position) + 1])
    header = dict(model.header)
    return request_from(header, model.lines, replay_seat(header) if seat is None else seat,
                        upto=upto)


# -- the kept reports ----------------------------------------------------------------------

_KEPT: weakref.WeakKeyDictionary[Any, dict[tuple[int, int, str], Report]] = \
    weakref.WeakKeyDictionary()


def kept_reports(app: Any) -> dict[tuple[int, int, str], Report]:
    """The reports finished in ``app``, by :attr:`CoachRequest.key`."""
    return _KEPT.setdefault(app, {})


def coach_budget(app: Any) -> CoachBudget | None:
    """The app's ``coach_budget`` if set (tests: a fixed small amount of work)."""
    budget = getattr(app, "coach_budget", None)
    return budget if hasattr(budget, "deterministic") else None


# -- the text ------------------------------------------------------------------------------

def _heading(line: str) -> Text:
    """An unindented line, the words before its first colon in bold."""
    head, colon, rest = line.partition(":")
    if colon and len(head) <= 48:
        return Text.assemble((head + colon, "bold"), rest)
    return Text(line)


def report_text(report: Report) -> Text:
    """The report's lines as plain text, as the coach words them."""
    return Text("\n".join(plain(line, 2000) for line in report.lines))


def report_renderable(report: Report) -> Group:
    """The report for the screen: a blank line before each unindented line (a part: the
    par, a decision, a side's plays), headings in bold, the indented notes (one play or
    turn each) wrapped under their own first word."""
    parts: list[Any] = []
    notes: Table | None = None
    for raw in report.lines:
        line = plain(raw, 2000)
        if line.startswith(" "):
            if notes is None:
                notes = Table(box=None, show_header=False, show_edge=False, pad_edge=False,
                              padding=0, expand=True)
                notes.add_column(width=2, no_wrap=True)
                notes.add_column(ratio=1)
                parts.append(notes)
            notes.add_row(*plain_row("", Text(line.strip())))
            continue
        notes = None
        if parts:
            parts.append(Text(""))
        parts.append(_heading(line))
    return Group(*parts)


class AsciiBar(BarRenderable):
    """The progress bar in printable ASCII (the ASCII tile style)."""

    HALF_BAR_LEFT = "-"
    BAR = "="
    HALF_BAR_RIGHT = "-"


# -- the screen ----------------------------------------------------------------------------

class CoachScreen(ModalScreen[None]):
    """The coach's report on one hand; computing it never blocks the app."""

    DEFAULT_CSS = """
    CoachScreen {
        align: center middle;
    }
    CoachScreen #coach-box {
        width: 100%;
        max-width: 100;
        height: 1fr;
        border: round $accent;
        background: $surface;
        padding: 0 1;
    }
    CoachScreen.-ascii #coach-box {
        border: ascii $accent;
    }
    CoachScreen #coach-title {
        text-style: bold;
        width: 1fr;
        height: 1;
    }
    CoachScreen #coach-working {
        height: auto;
    }
    CoachScreen #coach-wait {
        width: 1fr;
        height: auto;
    }
    CoachScreen #coach-progress {
        height: 1;
        margin-bottom: 1;
    }
    CoachScreen #coach-body {
        height: 1fr;
    }
    CoachScreen #coach-text {
        width: 1fr;
        height: auto;
    }
    CoachScreen #coach-hint {
        width: 1fr;
        height: 1;
        color: $text-muted;
        text-style: italic;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,c", "close", "Close", key_display="Esc/q", id="coach.close"),
        Binding("up,k", "scroll(-1)", "Up", show=False, id="coach.up"),
        Binding("down,j", "scroll(1)", "Down", show=False, id="coach.down"),
        Binding("pageup", "scroll(-10)", "Page up", show=False, id="coach.page_up"),
        Binding("pagedown,space", "scroll(10)", "Page down", show=False, id="coach.page_down"),
        Binding("home", "scroll(-10000)", "Top", show=False, id="coach.top"),
        Binding("end", "scroll(10000)", "Bottom", show=False, id="coach.bottom"),
    ]

    class Progressed(Message):
        """The analysis has done ``done`` of ``total`` decisions (posted from its thread)."""

        def __init__(self, done: int, total: int) -> None:
            super().__init__()
            self.done = done
            self.total = total

    def __init__(self, request: CoachRequest, *, budget: CoachBudget | None = None) -> None:
        super().__init__()
        self.request = request
        self.budget = budget
        self.report: Report | None = None
        self.failure = ""
        self.stop = threading.Event()
        """Set when the screen closes: the analysis stops at its next check."""
        self.started = False
        """Whether this screen started an analysis (not when the report was kept)."""

    # -- layout ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        ascii_only = getattr(self.app, "tile_style", "") == "ascii"
        with Vertical(id="coach-box"):
            yield Static(as_shown(self.app, Text(self.request.title)), id="coach-title")
            with Vertical(id="coach-working"):
                what = game_info(self.request.game).hand_word
                yield Static(as_shown(self.app, Text(
                    f"The coach is playing the {what} again, decision by decision…")),
                    id="coach-wait")
                bar = ProgressBar(total=None, show_eta=False, id="coach-progress")
                if ascii_only:
                    bar.BAR_RENDERABLE = AsciiBar
                yield bar
            with VerticalScroll(id="coach-body"):
                yield Static("", id="coach-text")
            yield Static(as_shown(self.app, Text("↑/↓ PgUp/PgDn scroll · Esc / q close · "
                                                 "the game is unchanged")),
                         id="coach-hint")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.set_class(getattr(self.app, "tile_style", "") == "ascii", "-ascii")
        kept = kept_reports(self.app).get(self.request.key)
        if kept is not None:
            self._done(kept)
            return
        self.query_one("#coach-body").display = False
        self.started = True
        self.run_worker(self._analyse, name="coach", group="coach", exclusive=True,
                        thread=True, exit_on_error=False)

    # -- the work (in its thread) ---------------------------------------------------------
    def _analyse(self) -> Report:
        from core.coach import analyse
        request = self.request
        seed = request.header.get("seed")
        rng = random.Random(f"coach:{seed}:{request.hand}:{request.seat}")
        return analyse(dict(request.header), [dict(line) for line in request.lines],
                       request.seat, hand=request.hand, rng=rng, budget=self.budget,
                       progress=self._progress, cancel=self.stop.is_set)

    def _progress(self, done: int, total: int) -> None:
        self.post_message(self.Progressed(done, total))

    # -- answers -----------------------------------------------------------------------
    def on_coach_screen_progressed(self, message: Progressed) -> None:
        message.stop()
        if self.report is None and not self.failure:
            bar = self.query_one("#coach-progress", ProgressBar)
            bar.update(total=max(1, message.total), progress=message.done)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != "coach":
            return
        if event.state == WorkerState.SUCCESS:
            report = cast(Report, worker.result)     # what a finished coach worker returns
            kept_reports(self.app)[self.request.key] = report
            self._done(report)
        elif event.state == WorkerState.ERROR:
            from core.coach import CoachCancelled
            if isinstance(worker.error, CoachCancelled):
                return
            self.failure = str(worker.error) or type(worker.error).__name__
            self._show(Text(f"The coach could not look at this {self._what}: "
                            f"{plain(self.failure, 300)}"))

    @property
    def _what(self) -> str:
        return game_info(self.request.game).hand_word

    def _done(self, report: Report) -> None:
        self.report = report
        self._show(report_renderable(report))

    def _show(self, text: Text | Group) -> None:
        self.query_one("#coach-working").display = False
        self.query_one("#coach-body").display = True
        self.query_one("#coach-text", Static).update(as_shown(self.app, text))

    @property
    def busy(self) -> bool:
        return self.report is None and not self.failure

    def plain_text(self) -> str:
        """The report shown, as plain text ("" while the coach works)."""
        if self.report is not None:
            return report_text(self.report).plain
        return self.failure

    # -- keys --------------------------------------------------------------------------
    def action_scroll(self, step: int) -> None:
        self.query_one("#coach-body", VerticalScroll).scroll_relative(y=step, animate=False)

    def on_unmount(self) -> None:
        self.stop.set()                 # the app closing: the analysis stops too

    def action_close(self) -> None:
        self.stop.set()
        self.workers.cancel_group(self, "coach")
        self.dismiss(None)


# -- opening it ------------------------------------------------------------------------------

def open_coach(app: Any, request: CoachRequest | str) -> bool:
    """Push the coach for ``request``; a string (why not) is told instead. True if opened."""
    if isinstance(request, str):
        app.notify(request, severity="warning", markup=False)
        return False
    app.push_screen(CoachScreen(request, budget=coach_budget(app)))
    return True


def open_coach_for_summary(app: Any, session: Any, end: dict[str, Any]) -> bool:
    """The coach for the hand the summary's ``end`` line closed, in ``session``'s game."""
    return open_coach(app, request_for_session(session, end))


def open_coach_for_replay(app: Any, model: Any, position: int) -> bool:
    """The coach for the hand the replay ``model`` shows at ``position``."""
    return open_coach(app, request_for_replay(model, position))
