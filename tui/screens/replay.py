"""The replay viewer: step through any game record, forwards and back, or let it play.

Opened by ``dominoes replay FILE`` (and from the app for a finished game). The
record is checked and played again by the game's engine (``core.replay``), so
what is shown is the engine's own table after every step (the deal, each move,
the hand as it ended): all hands, the widow, the boneyard (the referee's view),
with the narration of the last events.

Keys (also in the footer and in help):

* ``→`` / ``l`` next step, ``←`` / ``h`` previous step;
* ``↓`` / ``j`` next trick (Mexican Train: next turn), ``↑`` / ``k`` previous;
* ``n`` / PgDn next hand (round), ``p`` / PgUp previous;
* ``g`` / Home the start, ``G`` / End the end;
* Space plays the record back (and pauses), ``+`` / ``-`` faster / slower;
* ``c`` the coach on the hand shown (or the last one finished before the step), for
  the record's first human seat (else seat 0): :mod:`tui.screens.coach`;
* ``q`` closes the viewer.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

import styles
from core.records import Record
from core.registry import GAME_INFO, GAME_TITLES, game_info
from core.replay import Replay, replay_record
from core.text import plain
from tui.keys import as_shown, key_hint
from tui.screens.coach import COACH_KEY
from tui.widgets.keys_footer import KeysFooter
from tui.widgets.replay_table import ReplayTable

SPEEDS: tuple[tuple[str, float], ...] = (
    ("¼×", 2.0), ("½×", 1.0), ("1×", 0.5), ("2×", 0.25), ("4×", 0.12), ("8×", 0.06),
    ("16×", 0.03))
"""Playback speeds: (label, seconds per event)."""
DEFAULT_SPEED = 2
LOG_LINES = 4


class ReplayScreen(Screen):
    """A record, step by step. ``record`` is a :class:`core.records.Record` (or anything
    with ``header`` and ``lines``); ``path`` only names it on screen. ``steps``: the
    record already laid out (:func:`core.replay.replay_record`), else it is done here
    (a record that does not replay raises :class:`~core.errors.RecordError`)."""

    CSS_PATH = str(Path(styles.__file__).parent / "replay.tcss")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,l", "step(1)", "Next", key_display="→", id="replay.next"),
        Binding("left,h", "step(-1)", "Back", key_display="←", id="replay.back"),
        Binding("down,j", "trick(1)", "Trick", key_display="↓", id="replay.next_trick"),
        Binding("up,k", "trick(-1)", "Trick back", key_display="↑", show=False,
                id="replay.back_trick"),
        Binding("n,pagedown", "hand(1)", "Hand", key_display="n", id="replay.next_hand"),
        Binding("p,pageup", "hand(-1)", "Hand back", key_display="p", show=False,
                id="replay.back_hand"),
        Binding("space", "toggle_play", "Play", key_display="space", id="replay.play"),
        Binding("plus,equals_sign", "speed(1)", "Faster", key_display="+", id="replay.faster"),
        Binding("minus,underscore", "speed(-1)", "Slower", key_display="-", id="replay.slower"),
        Binding("home,g", "jump(0)", "Start", show=False, id="replay.start"),
        Binding("end,G", "jump(-1)", "End", show=False, id="replay.end"),
        Binding(COACH_KEY, "coach", "Coach", id="replay.coach"),
        Binding("question_mark,f1", "help", "Help", key_display="?", id="replay.help"),
        Binding("q", "close", "Close", id="replay.close"),
    ]

    position: reactive[int] = reactive(0, init=False)
    playing: reactive[bool] = reactive(False, init=False)
    speed: reactive[int] = reactive(DEFAULT_SPEED, init=False)

    def __init__(self, record: Any, path: str | os.PathLike[str] | None = None, *,
                 start: int | None = None, steps: Replay | None = None) -> None:
        super().__init__()
        self.record = record
        self.path = os.fspath(path) if path is not None else getattr(record, "path", None)
        if steps is None:
            if not isinstance(record, Record):
                record = Record(dict(record.header), [dict(line) for line in record.lines])
            steps = replay_record(record)
        self.model = steps
        self._start = start
        self._timer: Timer | None = None
        self.position_text = Text()
        self._ready = False

    @property
    def game_name(self) -> str:
        return self.model.game

    # -- layout ---------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(as_shown(self.app, self._header_text()), id="replay-header")
        yield Static("", id="replay-position")
        with VerticalScroll(id="replay-body", can_focus=False):
            yield ReplayTable(id="replay-table")
        yield Static("", id="replay-log")
        yield Static(self._hint(), id="replay-hint")
        yield KeysFooter()

    def _header_text(self) -> Text:
        text = Text("REPLAY", style="bold reverse")
        title = GAME_TITLES.get(self.model.game, self.model.game)
        text.append(f"  {title}")
        seed = self.model.header.get("seed")
        if seed is not None:
            text.append(f" · deal #{plain(seed, 24)}")
        if self.path:
            text.append(f" · {plain(os.path.basename(self.path), 60)}")
        if not self.model.finished:
            text.append(" · unfinished")
        return text

    def _hint(self) -> str:
        info = game_info(self.model.game)
        step, unit = info.step_word, info.hand_word
        return key_hint(self.app, f"←/→ step  ↑/↓ {step}  p/n {unit}  g/G start/end  "
                                  "Space play  +/- speed")

    def on_mount(self) -> None:
        if self._start is not None:
            start = self._start
        else:
            start = self.model.hand_stops[0] if self.model.hand_stops else 0
        self._ready = True
        self.position = max(0, min(start, self.model.length))
        self._redraw()

    # -- drawing -------------------------------------------------------------------
    def watch_position(self) -> None:
        self._redraw()

    def watch_playing(self) -> None:
        self._show_position()

    def watch_speed(self) -> None:
        self._show_position()

    def _redraw(self) -> None:
        if not self._ready:
            return
        table = self.model.table(self.position)
        self.query_one("#replay-table", ReplayTable).show(table, self.model.names)
        self.call_after_refresh(self._follow_turn)
        self.query_one("#replay-log", Static).update(as_shown(self.app, self._log_text()))
        self._show_position()

    def _follow_turn(self) -> None:
        """Keep the row of the player who just acted in sight (big Mexican Train tables)."""
        if not self.is_attached:
            return
        body = self.query_one("#replay-body", VerticalScroll)
        row = self.query_one("#replay-table", ReplayTable).acting_row()
        if row is None:
            return
        height = body.scrollable_content_region.height
        body.scroll_to(y=0 if row < height - 2 else row - 2, animate=False)

    def _show_position(self) -> None:
        if not self._ready:
            return
        model = self.model
        text = Text()
        text.append(f"Step {self.position} of {model.length}")
        hands = len(model.hand_stops)
        current = sum(1 for s in model.hand_stops if s <= self.position)
        unit = game_info(model.game).hand_word
        if hands:
            text.append(f" · {unit} {max(current, 1) if self.position else 0} of {hands}")
        label = SPEEDS[self.speed][0]
        text.append(" · ")
        if self.playing:
            text.append(f"▶ playing {label}", style="bold")
        elif self.position >= model.length:
            text.append(f"■ at the end · speed {label}")
        else:
            text.append(f"❚❚ paused · speed {label}")
        self.position_text = text
        self.query_one("#replay-position", Static).update(as_shown(self.app, text))

    def _log_text(self) -> Text:
        text = Text()
        said = self.model.sentences(self.position, LOG_LINES)
        for n, (index, sentence) in enumerate(said):
            if n:
                text.append("\n")
            current = index == self.position
            text.append(("▸ " if current else "  ") + sentence,
                        style="bold" if current else "dim")
        return text

    # -- moving ---------------------------------------------------------------------
    def go(self, position: int) -> None:
        self.position = max(0, min(position, self.model.length))
        if self.position >= self.model.length:
            self.playing = False
            self._stop_timer()

    def action_step(self, delta: int) -> None:
        self.go(self.position + delta)

    def action_trick(self, direction: int) -> None:
        model = self.model
        self.go(model.next_trick(self.position) if direction > 0
                else model.previous_trick(self.position))

    def action_hand(self, direction: int) -> None:
        model = self.model
        self.go(model.next_hand(self.position) if direction > 0
                else model.previous_hand(self.position))

    def action_jump(self, where: int) -> None:
        self.go(self.model.length if where < 0 else where)

    # -- playing back ------------------------------------------------------------
    def action_toggle_play(self) -> None:
        if self.playing:
            self.playing = False
            self._stop_timer()
            return
        if self.position >= self.model.length:
            self.go(0)
        self.playing = True
        self._start_timer()

    def action_speed(self, step: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + step))
        if self.playing:
            self._start_timer()

    def _start_timer(self) -> None:
        self._stop_timer()
        self._timer = self.set_interval(SPEEDS[self.speed][1], self._tick)

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _tick(self) -> None:
        if not self.playing:
            self._stop_timer()
            return
        self.go(self.position + 1)

    def on_screen_suspend(self) -> None:
        """Help or the too-small notice on top: playback pauses."""
        if self.playing:
            self.playing = False
            self._stop_timer()

    # -- leaving, help -------------------------------------------------------------
    def action_close(self) -> None:
        self._stop_timer()
        if self.app.screen is not self:
            return                       # a stale key: this viewer is already closed
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit(0)

    def action_coach(self) -> None:
        """The coach on the hand shown (playback pauses while it is open)."""
        from tui.screens.coach import open_coach_for_replay
        open_coach_for_replay(self.app, self.model, self.position)

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen
        self.app.push_screen(HelpScreen(self.model.game, replay=True))


class TrainReplayScreen(ReplayScreen):
    """Mexican Train has turns and rounds where the trick games have tricks and hands."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,j", "trick(1)", "Turn", key_display="↓", id="replay.next_trick"),
        Binding("n,pagedown", "hand(1)", "Round", key_display="n", id="replay.next_hand"),
    ]


def replay_screen(record: Any, path: str | os.PathLike[str] | None = None,
                  **kwargs: Any) -> ReplayScreen:
    """The viewer for ``record``'s game."""
    info = GAME_INFO.get(record.header.get("game"))
    if info is not None and info.table == "hub":
        return TrainReplayScreen(record, path, **kwargs)
    return ReplayScreen(record, path, **kwargs)


def open_replay(app: Any, path: str | os.PathLike[str]) -> bool:
    """Read, check and show the record at ``path``; a fault is told (file and line), not raised."""
    from core.errors import RecordError
    from core.records import read_record
    try:
        record = read_record(path, allow_truncated=True)
        steps = replay_record(record)
    except RecordError as exc:
        app.notify(f"Cannot replay: {exc}", severity="error", timeout=10, markup=False)
        return False
    app.push_screen(replay_screen(record, path, steps=steps))
    return True
