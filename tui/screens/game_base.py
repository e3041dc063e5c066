"""The screen every game table builds on: the play loop between the core and the player.

Subclasses (the trick table for Moon and 42, the train hub for Mexican Train)
implement three hooks:

* ``compose_table()`` -- yield the table's widgets (the base adds the status line
  and the footer below them);
* ``refresh_view(view, events)`` -- redraw from the viewer's view after every
  change (``events`` are the core events of that change, maybe empty);
* ``prompt_human(view)`` -- it is the human's decision: open a dialog or make the
  hand playable. Send the chosen command with :meth:`GameScreen.submit_human`.

The base runs the loop: after every change it posts :class:`GameUpdated` and,
handling it, calls ``refresh_view``, then pushes the hand summary / game over
screens, pauses after a trick when the settings say so, runs a bot's decision in
a thread worker (group "bots", exclusive) or prompts the human. Bots only move
while this screen is the active one (help, settings, a summary or the too-small
notice on top pause the game; nothing is lost).

While the game is not being saved (a full or failing disk), a notice above the
status line says so and why, on every game screen, until saving works again; then
quitting (or leaving for a new game) asks first (:class:`QuitUnsavedDialog`).
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any, Callable, ClassVar

from rich.text import Text
from textual import events, on
from textual._time import get_time
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen
from textual.widgets import Static
from textual.worker import get_current_worker

from core.errors import IllegalMove
from tui.host import GameHost, game_host
from tui.keys import key_hint
from tui.messages import BotChose, BotThinking, GameUpdated, PreferencesChanged
from tui.play.session import GameSession, LegalMoveBot
from tui.screens.summary import GameOverScreen, HandSummaryScreen
from tui.widgets.keys_footer import KeysFooter
from tui.widgets.status_line import StatusLine

DRAW_TRIES = 20
"""Refreshes a game screen waits for its table's widgets before a missing one is a fault."""


class GameScreen(Screen):
    """A game in play. Owns its :class:`~tui.play.session.GameSession`."""

    DEFAULT_CSS = """
    GameScreen #save-problem {
        display: none;
        height: auto;
        max-height: 3;
        padding: 0 1;
        background: $error 25%;
    }
    GameScreen #save-problem.-shown { display: block; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "help", "Help", key_display="?", id="game.help"),
        Binding("s", "settings", "Settings", id="game.settings"),
        Binding("q", "quit_game", "Quit", id="game.quit"),
        Binding("space,c", "continue", "Continue", key_display="space",
                id="game.continue"),
        Binding("u", "undo", "Undo", id="game.undo"),
        Binding("r", "redo", "Redo", id="game.redo"),
        Binding("h", "hint", "Hint", id="game.hint"),
        Binding("g", "log", "Log", id="game.log"),
        Binding("equals_sign", "score_sheet", "Scores", key_display="=",
                id="game.score_sheet"),
    ]

    PAUSE_AFTER: ClassVar[frozenset[str]] = frozenset({"trick"})
    """Event kinds after which play pauses (settings: timed or until a key)."""

    SUMMARY_EVENTS: ClassVar[frozenset[str]] = frozenset({"hand_end", "round_end"})

    thinking: reactive[int | None] = reactive(None)
    """The bot seat choosing right now, if any."""

    waiting_for_key: reactive[bool] = reactive(False, bindings=True)
    """Play is paused after a trick until the player presses Space."""

    def __init__(self, session: GameSession, *, name: str | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.session = session
        self._summaries: list[tuple[str, dict[str, Any]]] = []
        self._pause_pending = False
        self._resume_pending = False
        self._prompted_index: int | None = None
        self._pause_timer: Any = None
        self._save_problem_shown = ""
        self._game_end_record: dict[str, Any] | None = None
        self._hand_end_view: Any = None
        self._after_hand_end: list[Any] = []
        self._decision_since = 0.0
        self._view: Any = None
        self._view_game: Any = None
        self._view_stamp: tuple[int, int, int] = (0, 0, 0)

    # -- hooks for subclasses ----------------------------------------------
    def compose_table(self) -> ComposeResult:
        """Yield the table's widgets."""
        return iter(())

    def refresh_view(self, view: Any, events: list[Any]) -> None:
        """Redraw the table from ``view``; ``events`` caused the change."""

    def prompt_human(self, view: Any) -> None:
        """The human must decide now (``view.legal`` holds the choices)."""

    def settings_changed(self) -> None:
        """A setting changed (tile style, theme...): redraw the table with it."""
        self.refresh_view(self.shown_view(), [])

    def rewound(self) -> None:
        """Undo/redo replaced the game (``self.session.game``): forget remembered table
        state (a finished trick on view, news lines); ``refresh_view`` follows."""

    # -- the app -----------------------------------------------------------
    @property
    def host(self) -> GameHost:
        """The app, as this screen uses it (:func:`tui.host.game_host`: apps that are not
        the game's own get defaults for what they lack)."""
        return game_host(self.app)

    # -- layout -----------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield from self.compose_table()
        yield Static("", id="save-problem", markup=False)
        yield StatusLine(id="status")
        yield KeysFooter()   # every key that works, even at 80 columns

    def on_mount(self) -> None:
        self.host.game_screen_mounted(self)      # the game in play, for the app and dialogs
        events = self.session.start()
        self.show_save_state()
        self.post_message(GameUpdated(events))

    def on_unmount(self) -> None:
        self.host.game_screen_removed(self)

    # -- is the game saved? ------------------------------------------------------
    def show_save_state(self) -> None:
        """Show (or take away) the notice that the game is not being saved. When saving
        works again after a failure, say so once."""
        if not self.is_mounted:
            return
        problem = self.session.save_problem
        notice = self.query_one("#save-problem", Static)
        if problem:
            notice.update(save_problem_text(problem, self.session.unsaved_moves))
        notice.set_class(bool(problem), "-shown")
        mended, self._save_problem_shown = bool(self._save_problem_shown and not problem), problem
        if mended:       # the host asks every screen again: told once here
            self.host.tell_save_problem("Saving works again: the whole game is saved.",
                                        "information")

    @on(PreferencesChanged)
    def _preferences_changed(self, message: PreferencesChanged) -> None:
        """A setting changed (the app posts it to every screen): redraw with it."""
        if self.is_mounted:
            self.settings_changed()

    def saves_changed(self) -> None:
        """The app said something about saving (a disk that fails): show where it stands."""
        self.show_save_state()

    # -- helpers for subclasses --------------------------------------------
    @property
    def status(self) -> StatusLine:
        return self.query_one("#status", StatusLine)

    def seat_name(self, player: int) -> str:
        return self.session.seats[player].name

    def show_error(self, reason: str) -> None:
        self.status.error = reason

    def show_prompt(self, text: str) -> None:
        self.status.prompt = key_hint(self.app, text)   # "(<- -> or 1-9)" in the ASCII style

    def _human_to_act(self, view: Any) -> bool:
        """Whether the table waits for the human's move in ``view`` (not in a replay, and
        not while a hand that just ended is still on the table)."""
        return (not getattr(self.session, "is_replay", False) and not self.showing_hand_end
                and view.to_act is not None and view.to_act == view.player
                and self.session.is_human_turn())

    def submit_human(self, command: Any) -> bool:
        """Send the human's command to the core. A refusal shows its reason and changes nothing.

        A command when it is not the human's move (an Enter typed twice, whose second
        arrives once the bots play) is dropped without a word."""
        if not self._human_to_act(self.current_view()):
            return False
        try:
            events = self.session.submit(command)
        except IllegalMove as exc:
            self.show_error(exc.reason)
            return False
        self.status.error = ""
        self._prompted_index = None
        self.refresh_bindings()          # a new move ends what redo could bring back
        self.post_message(GameUpdated(events))
        return True

    # -- what the table shows ----------------------------------------------------
    def current_view(self) -> Any:
        """The viewer's view of the game as it stands, built once per change of the game
        (one event batch): every widget, prompt and key check of the screen reads this
        one. It is built again when the game has moved on (its history, its decisions or
        the viewer differ from the view's) or was replaced (undo, redo)."""
        session = self.session
        game = session.game
        stamp = (len(game.history), session.decision_index, session.viewer())
        if self._view is None or self._view_game is not game or self._view_stamp != stamp:
            self._view = session.view()
            self._view_game, self._view_stamp = game, stamp
        return self._view

    def forget_view(self) -> None:
        """The game changed: the next :meth:`current_view` builds the view afresh."""
        self._view = None
        self._view_game = None

    def shown_view(self) -> Any:
        """The view the table shows: the viewer's, or, while a hand that just ended is on
        the table (its last trick, then its summary), the view as that hand ended."""
        if self._hand_end_view is not None:
            return self._hand_end_view
        return self.current_view()

    @property
    def showing_hand_end(self) -> bool:
        """A finished hand is on the table; the next one (dealt already) is not shown yet."""
        return self._hand_end_view is not None

    def _hold_hand_end(self, events: list[Any]) -> list[Any]:
        """One hand ends before the next begins: when ``events`` end a hand and deal the
        next, keep the next deal's events back (and show the view as the hand ended) until
        its summary is dismissed. Returns the events to show now."""
        for i, event in enumerate(events):
            if getattr(event, "kind", "") in self.SUMMARY_EVENTS:
                rest = list(events[i + 1:])
                if not rest or any(getattr(e, "kind", "") == "game_end" for e in rest):
                    return events
                frozen = self.session.game.hand_end_view(self.session.viewer())
                if frozen is None:
                    return events
                self._hand_end_view = frozen
                self._after_hand_end = rest
                return list(events[:i + 1])
        return events

    def _show_next_hand(self) -> None:
        """The summary is gone: now the next hand's deal is shown."""
        if self._hand_end_view is None:
            return
        events, self._after_hand_end = self._after_hand_end, []
        self._hand_end_view = None
        self.refresh_view(self.current_view(), events)
        self.refresh_bindings()

    # -- the human's turn begins: nothing typed before it counts -------------------
    FREE_ACTIONS: ClassVar[frozenset[str]] = frozenset({
        "help", "settings", "quit_game", "hint", "log", "undo", "redo", "last_trick",
        "stacks", "score_sheet", "scroll_trains", "app.help", "app.quit", "app.settings"})
    """Actions that make no move: their keys work whenever they are pressed."""

    def _decision_begins(self) -> None:
        """Keys and clicks made before this moment do not make the decision now due (they
        were pressed while bots played, or before the trick so far was on screen)."""
        self._decision_since = get_time()
        self.refresh_bindings()          # the keys of the human's turn (hint, undo) show
        self.call_after_refresh(self._decision_shown)

    def _decision_shown(self) -> None:
        self._decision_since = max(self._decision_since, get_time())

    def is_typed_ahead(self, event_time: float) -> bool:
        """Whether an input event (by its time) came before the decision now due."""
        return event_time < self._decision_since

    @classmethod
    def free_keys(cls) -> frozenset[str]:
        """The keys bound to actions that make no move (see :attr:`FREE_ACTIONS`)."""
        keys: set[str] = set()
        for owner in cls.__mro__:
            for binding in owner.__dict__.get("BINDINGS", []):
                action = binding.action.split("(", 1)[0] if isinstance(binding, Binding) else ""
                if action in cls.FREE_ACTIONS:
                    keys.update(k.strip() for k in binding.key.split(","))
        return frozenset(keys)

    def on_key(self, event: events.Key) -> None:
        """Drop a move key typed ahead of the human's turn (it reached the table late:
        the app was busy with a bot); keys that make no move always work."""
        if self.is_typed_ahead(event.time) and event.key not in self.free_keys() \
                and not event.key.startswith("ctrl+"):
            event.stop()
            event.prevent_default()
            return
        if self.is_mounted and self.status.error:
            self.status.error = ""      # a refused move's reason lasts until the next key

    # -- the loop ------------------------------------------------------------
    @on(GameUpdated)
    def _game_updated(self, message: GameUpdated) -> None:
        if self not in self.app.screen_stack:
            return      # closed (its widgets going) while the update was on its way
        events = self._hold_hand_end(list(message.events))
        self.show_save_state()
        self._draw(events)
        for event in events:
            kind = getattr(event, "kind", "")
            if kind in self.SUMMARY_EVENTS or kind == "game_end":
                self._summaries.append((kind, event.to_record()))
        if any(getattr(e, "kind", "") in self.PAUSE_AFTER for e in events):
            self._pause_pending = True
        self._advance()

    def _draw(self, events: list[Any], tries: int = 0) -> None:
        """Redraw the table for ``events``. On a busy machine an update can come before
        every widget of the table is mounted: the table is then drawn from the view as
        soon as they are (the events' effects are in the view already)."""
        try:
            self.refresh_view(self.shown_view(), events)
        except NoMatches:
            if tries >= DRAW_TRIES:
                raise       # not a widget still to come: a widget that is not there
            if self in self.app.screen_stack:
                self.call_after_refresh(self._draw, [], tries + 1)

    def _advance(self) -> None:
        """Do what comes next: a summary, a pause, a bot's move, or the human's turn."""
        if not self.is_attached:
            return
        if self.app.screen is not self:
            self._resume_pending = True
            return
        self._resume_pending = False
        if self.waiting_for_key or self._pause_timer is not None:
            return
        if self._summaries:
            # The hand's last trick stays in view for the pause before the summary covers it.
            if self._pause_pending and self._hold_trick():
                return
            kind, record = self._summaries.pop(0)
            self._show_summary(kind, record)
            return
        session = self.session
        if session.game.is_over:
            self.show_prompt("The game is over.")
            return
        if session.is_bot_turn():
            pause = self._trick_pause()
            if self._pause_pending and pause is None:
                self.waiting_for_key = True
                self.show_prompt("Trick over. Press Space to continue.")
                return
            extra = pause if (self._pause_pending and pause) else 0.0
            self._pause_pending = False
            self._start_bot(extra)
            return
        if session.is_human_turn():
            self._pause_pending = False
            if self._prompted_index == session.decision_index:
                return
            self._prompted_index = session.decision_index
            view = self.current_view()
            self._decision_begins()
            self.prompt_human(view)

    def _hold_trick(self) -> bool:
        """Keep a finished trick on view before a summary: a timer, or until Space."""
        pause = self._trick_pause()
        self._pause_pending = False
        if pause is None:
            self.waiting_for_key = True
            self.show_prompt("Trick over. Press Space to continue.")
            return True
        if pause > 0:
            self._pause_timer = self.set_timer(pause, self._pause_over)
            return True
        return False

    def _pause_over(self) -> None:
        self._pause_timer = None
        self._advance()

    def on_screen_resume(self) -> None:
        if self._resume_pending:
            self.call_after_refresh(self._advance)

    def _trick_pause(self) -> float | None:
        """Seconds to show a finished trick, or None to wait for a key."""
        return self.host.trick_pause

    # -- summaries -----------------------------------------------------------
    def _show_summary(self, kind: str, record: dict[str, Any]) -> None:
        game_name = self.session.game.name
        if kind == "game_end":
            self._game_end_record = record
            self.app.push_screen(GameOverScreen(game_name, record, self.session.seats,
                                                session=self.session),
                                 self._game_over_closed)
        else:
            summary = HandSummaryScreen(game_name, record, self.shown_view(),
                                        session=self.session)
            summary.game_saved = not self.session.save_problem   # what its q may promise
            self.app.push_screen(summary, self._summary_closed)

    def _summary_closed(self, choice: str | None) -> None:
        if choice not in ("quit", "new", "rematch"):
            self._show_next_hand()
        if choice == "quit":
            self.action_quit_game()
        elif choice == "new":
            self._leave("new")
        elif choice == "rematch":
            self._leave("rematch")
        else:
            self._advance()

    def _game_over_closed(self, choice: str | None) -> None:
        """n: set up a new game of this kind; r: the same setup again; t/q: the title."""
        self._leave({"new": "setup", "rematch": "rematch"}.get(choice or "", "title"))

    def _leave(self, how: str) -> None:
        self.confirm_unsaved(partial(self._leave_now, how), "leave this game")

    def _leave_now(self, how: str) -> None:
        self.workers.cancel_group(self, "bots")
        self.session.close()
        self.host.after_game(self.session, how)

    # -- bots -------------------------------------------------------------------
    def _start_bot(self, extra_delay: float = 0.0) -> None:
        session = self.session
        player = session.current_player
        assert player is not None
        view = session.game.view(player)
        legal = list(session.game.legal_actions())
        rng = session.bot_rng(player)
        host = self.host
        session.bot_budget = host.expert_budget
        bot = session.bot_for(player)
        delay = host.bot_delay + extra_delay
        self.post_message(BotThinking(player))
        self.run_worker(partial(self._bot_work, bot, view, legal, rng, player,
                                session.decision_index, delay),
                        name=f"bot-{player}", group="bots", exclusive=True, thread=True,
                        exit_on_error=False)

    def _bot_work(self, bot: Any, view: Any, legal: list[Any], rng: Any, player: int,
                  index: int, delay: float) -> None:
        """Runs in a worker thread: choose (only from the view), wait out the delay, hand
        the choice back to the screen (:class:`BotChose`)."""
        worker = get_current_worker()
        started = time.monotonic()
        failure = ""
        try:
            command = bot.choose(view, legal, rng)
        except Exception as exc:  # a bot bug must not end the player's game
            failure = f"{type(exc).__name__}: {exc}"
            command = LegalMoveBot().choose(view, legal, rng)
        while not worker.is_cancelled:
            remaining = delay - (time.monotonic() - started)
            if remaining <= 0:
                break
            time.sleep(min(remaining, 0.05))
        if worker.is_cancelled:
            return
        self.post_message(BotChose(player, index, command, failure))   # nothing if closing

    @on(BotThinking)
    def _bot_thinking(self, message: BotThinking) -> None:
        self.thinking = message.player

    @on(BotChose)
    def _bot_chose(self, message: BotChose) -> None:
        self._apply_bot_move(message.player, message.index, message.command, message.failure)

    def _apply_bot_move(self, player: int, index: int, command: Any, failure: str) -> None:
        session = self.session
        if (not self.is_attached or session.decision_index != index
                or session.current_player != player or session.game.is_over):
            return  # a stale answer (the game moved on or the screen left)
        try:
            events = session.submit(command)
        except IllegalMove as exc:
            failure = f"{self.seat_name(player)}'s bot chose an illegal move ({exc.reason})"
            fallback = LegalMoveBot().choose(None, session.game.legal_actions(),
                                             session.bot_rng(player))
            events = session.submit(fallback)
        if failure:
            self.log.error(f"bot failure for player {player}: {failure}")
        self.post_message(BotThinking(None))
        self.post_message(GameUpdated(events))

    def watch_thinking(self, player: int | None) -> None:
        if not self.is_mounted:
            return
        self.status.thinking = "" if player is None else self.seat_name(player)

    # -- actions --------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue":
            return self.waiting_for_key
        if action == "undo":           # shown only when there is a move to take back
            return (not self.session.is_replay and self._aid_on("undo")
                    and self.session.can_undo())
        if action == "redo":
            return (not self.session.is_replay and self._aid_on("undo")
                    and self.session.can_redo())
        if action == "hint":           # a hint is for the human's own decision, now
            return (not self.session.is_replay and self._aid_on("hints")
                    and self.session.is_human_turn() and not self.showing_hand_end)
        return True

    # -- play aids: undo/redo, hints, the log -----------------------------------
    def _aid_on(self, name: str) -> bool:
        """The "undo" / "hints" setting (on unless the player turned it off)."""
        return bool(getattr(self.host.settings, name, True))

    def action_undo(self) -> None:
        if self.session.is_replay or not self._aid_on("undo"):
            return
        if not self.session.can_undo():
            self.show_error("Nothing to undo in this hand: undo goes back to its start.")
            return
        self.workers.cancel_group(self, "bots")
        self.session.undo()
        self._rewound()
        if self.session.save_problem:
            self.notify(self.session.save_problem, severity="warning", timeout=8)

    def action_redo(self) -> None:
        if self.session.is_replay or not self.session.can_redo():
            return
        self.workers.cancel_group(self, "bots")
        events = self.session.redo()
        self._rewound(events)

    def _rewound(self, events: list[Any] | None = None) -> None:
        """After undo/redo: drop pauses and pending summaries, then redraw and go on."""
        if self._pause_timer is not None:
            self._pause_timer.stop()
            self._pause_timer = None
        self.thinking = None
        self.waiting_for_key = False
        self._pause_pending = False
        self._summaries.clear()
        self._hand_end_view, self._after_hand_end = None, []
        self._prompted_index = None
        self.status.error = ""
        self.forget_view()              # undo/redo made another game
        if events is None:
            self.rewound()
        self.refresh_bindings()
        self.post_message(GameUpdated(events or []))

    def action_hint(self) -> None:
        if self.session.is_replay:
            return
        if not self._aid_on("hints"):
            self.show_error("Hints are turned off in the settings.")
            return
        if not self.session.is_human_turn():
            self.show_prompt("Hints are for your own decisions: wait for your turn.")
            return
        from tui.screens.hint import HintScreen
        options = self.host.hint_bot_options
        budget = self.host.expert_budget
        if options is None and budget is not None:
            options = {"budget_s": budget}     # the Expert thinks setting
        self.app.push_screen(HintScreen.for_screen(self, options))

    def action_log(self) -> None:
        from tui.screens.log import LogScreen
        self.app.push_screen(LogScreen.for_session(self.session))

    def action_score_sheet(self) -> None:
        from tui.screens.score_sheet import open_score_sheet
        open_score_sheet(self.app, self.session)

    def action_continue(self) -> None:
        if not self.waiting_for_key:
            return
        self.waiting_for_key = False
        self._pause_pending = False
        self.show_prompt("")
        self._advance()

    def action_help(self) -> None:
        self.host.action_help()          # the app's help for this game

    def action_settings(self) -> None:
        from tui.screens.settings import SettingsScreen
        self.app.push_screen(SettingsScreen())

    def action_quit_game(self) -> None:
        """Quit at once when every move is saved (the record writer saved each one as it
        happened); when the game is not being saved, try once more, then ask first."""
        self.confirm_unsaved(self._quit_now, "quit")

    def _quit_now(self) -> None:
        self.workers.cancel_group(self, "bots")
        self.session.close()
        self.app.exit(0)

    def confirm_unsaved(self, go: Callable[[], None], doing: str) -> None:
        """Run ``go`` now if the game is saved (after one more try at saving it);
        otherwise ask whether to lose the unsaved moves, and go on playing on "no"."""
        session = self.session
        if not session.save_problem or session.save_now():
            self.show_save_state()
            go()
            return
        self.show_save_state()

        def answered(lose_them: bool | None) -> None:
            if lose_them:
                go()
                return
            if session.game.is_over and self._game_end_record is not None:
                self._summaries.append(("game_end", self._game_end_record))   # shown again
            self._advance()

        saved_at = getattr(session.record_writer, "saved_at", None)
        self.app.push_screen(QuitUnsavedDialog(session.save_problem, session.unsaved_moves,
                                               saved_at, doing), answered)


def save_problem_text(problem: str, unsaved_moves: int) -> Text:
    """The notice on a game screen that is not being saved: why, and what is not kept.
    Plain text: the reason may quote a file name."""
    text = Text()
    text.append(" NOT SAVED ", style="bold reverse")
    text.append(" " + problem)
    if unsaved_moves:
        text.append(f" Moves not in the save: {unsaved_moves}.", style="bold")
    return text


def unsaved_game(app: Any) -> GameScreen | None:
    """The game in play (:attr:`tui.host.GameHost.game_screen`) if it is not being saved."""
    screen = game_host(app).game_screen
    return screen if screen is not None and screen.session.save_problem else None


class QuitUnsavedDialog(ModalScreen[bool]):
    """Quitting a game that is not being saved: lose the unsaved moves, or play on.

    Dismisses with ``True`` (quit anyway) or ``False`` (keep playing)."""

    DEFAULT_CSS = """
    QuitUnsavedDialog { align: center middle; }
    #unsaved-box { width: 100%; max-width: 72; height: auto; border: round $error;
                   background: $surface; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Lose them", id="unsaved.lose"),
        Binding("n,escape", "answer(False)", "Keep playing", key_display="n",
                id="unsaved.stay"),
    ]

    def __init__(self, problem: str, unsaved_moves: int, saved_at: float | None,
                 doing: str = "quit") -> None:
        super().__init__()
        self.problem = problem
        self.unsaved_moves = unsaved_moves
        self.saved_at = saved_at
        self.doing = doing

    def body(self) -> Text:
        text = Text(self.problem)
        text.append("\n\n")
        if self.saved_at is None:
            text.append("Nothing of this game is in a save yet: ")
            text.append(f"if you {self.doing} now, the whole game is lost.")
        else:
            moves = {0: "its last events are", 1: "the last move is"}.get(
                self.unsaved_moves, f"the last {self.unsaved_moves} moves are")
            clock = time.strftime("%H:%M", time.localtime(self.saved_at))
            text.append(f"The save holds the game as it was at {clock}: if you "
                        f"{self.doing} now, {moves} lost.")
        text.append("\n\ny  ", style="bold")
        text.append(f"{self.doing} anyway and lose them")
        text.append("\nn  ", style="bold")
        text.append("keep playing (saving is tried again at every move)")
        return text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="unsaved-box"):
            yield Static("This game is not being saved", classes="dialog-title")
            yield Static(self.body(), classes="dialog-context", markup=False)
        yield KeysFooter(tight_first=False)

    def action_answer(self, lose_them: bool) -> None:
        self.dismiss(lose_them)
