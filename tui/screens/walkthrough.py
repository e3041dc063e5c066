"""The first-game walkthrough: one guided hand on a friendly deal, on the normal game screen.

The first time a game is chosen on the title screen, :class:`WalkthroughOffer`
offers a short guided hand (remembered in the preferences, so it is offered
once per game); ``w`` on the title screen replays it at any time.

:func:`start_walkthrough` builds a session on :mod:`core.walkthrough`'s fixed
deal (the real engine; bots in the other seats; nothing saved, nothing counted
in the statistics) and opens the game's usual screen with the guide mixed in
(:class:`WalkthroughMixin`): a panel in place of the scoreboard says what just
happened and what the decision due now means, and suggests a move. The player
makes every move: the suggested tile is chosen in the hand (Enter plays it),
the bid / discard / trumps dialogs open on ``b`` with the suggestion
highlighted, and any other choice is answered by the core as usual (a refusal
shows its reason).

Keys added to the game screen: ``a`` makes the suggested move, ``e`` shows the
scores instead of the guide (and back), ``x`` leaves the walkthrough -- from
inside the bid, discard and trumps dialogs too (their ``x``, shown in their
footer and hint line while the guided hand runs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import ModalScreen
from textual.widgets import Static

from core.commands import Play
from core.game import Phase
from core.registry import game_info
from core.walkthrough import WALKTHROUGHS, Guide, Lesson, Walkthrough
from tui.keys import as_shown, wants_ascii
from tui.play.session import GameSession, default_seats
from tui.widgets.keys_footer import KeysFooter

if TYPE_CHECKING:       # the mixin goes on a game screen (see walkthrough_screen_class)
    from tui.screens.game_base import GameScreen as _GameScreenBase
else:
    _GameScreenBase = object

DIALOG_PHASES = frozenset({Phase.BID, Phase.WIDOW, Phase.TRUMP})


# -- the guide panel ---------------------------------------------------------------

def lesson_text(lesson: Lesson, ascii_only: bool = False) -> Text:
    """The panel's contents: the decision in words, the advice, then what just happened
    (marked ``->`` and ``-`` instead of ``→`` and ``•`` in the ASCII tile style)."""
    arrow, bullet = ("->", "-") if ascii_only else ("→", "•")
    text = Text()
    text.append(lesson.title + "\n", style="bold underline")
    text.append(lesson.text)
    if lesson.advice:
        text.append("\n\n")
        text.append(f"{arrow} " + lesson.advice, style="bold")
    if lesson.notes:
        text.append("\n\nJust now:", style="italic")
        for note in lesson.notes:
            text.append(f"\n{bullet} {note}", style="italic")
    return text


class WalkthroughPanel(VerticalScroll):
    """The guide: shows the latest :class:`~core.walkthrough.Lesson`."""

    DEFAULT_CSS = """
    WalkthroughPanel {
        width: 34;
        height: 1fr;
        border-left: outer $accent;
        padding: 0 1;
        background: $surface;
    }
    WalkthroughPanel.-block {
        width: 100%;
        height: 9;
        border-left: none;
        border-top: solid $accent;
    }
    WalkthroughPanel.-overlay {
        dock: right;
        layer: guide;
        height: 100%;
        border: round $accent;
    }
    .-ascii WalkthroughPanel {
        border-left: ascii $accent;
    }
    .-ascii WalkthroughPanel.-block {
        border-left: none;
        border-top: ascii $accent;
    }
    .-ascii WalkthroughPanel.-overlay {
        border: ascii $accent;
    }
    WalkthroughPanel > #guide-text {
        width: 1fr;
        height: auto;
    }
    WalkthroughPanel > #guide-more {
        dock: bottom;
        width: 1fr;
        height: 1;
        text-align: right;
        text-style: reverse;
        display: none;
    }
    """

    def __init__(self, *, id: str | None = "guide", classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.lesson: Lesson | None = None
        self.ascii_only = False
        self.border_title = "Guide"

    def compose(self) -> ComposeResult:
        yield Static(id="guide-text")
        yield Static(id="guide-more")

    def scroll_page_by(self, step: int) -> None:
        page = max(1, self.scrollable_content_region.height - 1)
        self.scroll_to(y=self.scroll_y + step * page, animate=False)

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self._say_more()

    def on_resize(self) -> None:
        self.call_after_refresh(self._say_more)

    def _say_more(self) -> None:
        """The panel's bottom edge says when there is more of the lesson below or above."""
        below, above = self.scroll_y < self.max_scroll_y, self.scroll_y > 0
        words = ("more: PgDn" if below else "") + (" · " if below and above else "") + \
            ("PgUp: back" if above else "")
        try:
            more = self.query_one("#guide-more", Static)
        except NoMatches:
            return
        more.update(as_shown(self.app, f"▼ {words}" if below else f"▲ {words}"))
        more.display = bool(words)

    def on_mount(self) -> None:
        if self.lesson is not None:
            self.show(self.lesson)

    def show(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.ascii_only = wants_ascii(self.app)
        try:
            self.query_one("#guide-text", Static).update(
                as_shown(self.app, lesson_text(lesson, self.ascii_only)))
        except NoMatches:
            return      # not composed yet: on_mount shows it
        self.scroll_home(animate=False)
        self.call_after_refresh(self._say_more)

    @property
    def text(self) -> str:
        return "" if self.lesson is None else lesson_text(self.lesson, self.ascii_only).plain


# -- the modal pages: offer, intro, done -------------------------------------------------

class _Page(ModalScreen[str | None]):
    """A short modal page of text with a few letter choices."""

    DEFAULT_CSS = """
    _Page {
        align: center middle;
    }
    _Page > #page-box {
        width: 76;
        height: auto;
        max-height: 100%;
        border: thick $accent;
        background: $surface;
        padding: 0 1;
    }
    _Page #page-title {
        text-style: bold;
        width: 100%;
        text-align: center;
        margin-bottom: 1;
    }
    _Page #page-body {
        height: auto;
        max-height: 16;
    }
    _Page #page-hint {
        margin-top: 1;
        text-style: bold;
    }
    """

    def __init__(self, title: str, body: Text | str, hint: str) -> None:
        super().__init__()
        self._title, self._body, self._hint = title, body, hint

    def compose(self) -> ComposeResult:
        with Vertical(id="page-box"):
            yield Static(as_shown(self.app, self._title), id="page-title")
            with VerticalScroll(id="page-body"):
                body = Text(self._body) if isinstance(self._body, str) else self._body
                yield Static(as_shown(self.app, body), id="page-text")
            yield Static(as_shown(self.app, self._hint), id="page-hint")
        yield KeysFooter()

    def answer(self, value: str | None) -> None:
        self.dismiss(value)


class WalkthroughOffer(_Page):
    """Offered once per game: "g" (or Enter) a guided first hand, "p" play now, "b" (or Escape) back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("g,enter", "answer('guide')", "Guided hand", key_display="g",
                id="offer.guide"),
        Binding("p", "answer('play')", "Play now", id="offer.play"),
        Binding("escape,b", "answer(None)", "Back", key_display="b", id="offer.back"),
    ]

    def __init__(self, game_title: str) -> None:
        body = Text()
        body.append(f"First time playing {game_title}?\n\n", style="bold")
        body.append("A short guided hand shows the screen and explains each decision as it "
                    "comes: you make the moves on a friendly deal, the guide explains and "
                    "suggests. It takes a few minutes, and you can leave it at any time (x).\n\n"
                    "You can replay it later from the title screen (w).")
        super().__init__("Guided first hand", body,
                         "g or Enter: guided hand  ·  p: play a real game now  ·  b: back")

    def action_answer(self, value: str | None) -> None:
        self.answer(value)


class WalkthroughIntro(_Page):
    """The screen explained before the first decision: Enter starts, x leaves."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "answer('start')", "Start", key_display="Enter",
                id="intro.start"),
        Binding("x,escape", "answer('leave')", "Leave", key_display="x", id="intro.leave"),
    ]

    def __init__(self, walkthrough: Walkthrough) -> None:
        super().__init__(f"{walkthrough.title}: a guided hand",
                         "\n\n".join(walkthrough.intro),
                         "Enter: start  ·  x: leave the walkthrough")

    def action_answer(self, value: str | None) -> None:
        self.answer(value)


class WalkthroughDone(_Page):
    """The result and what next: Enter plays a real game, x goes back to the title."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "answer('play')", "Play a real game", key_display="Enter",
                id="done.play"),
        Binding("x,escape,q", "answer('title')", "Title screen", key_display="x",
                id="done.title"),
    ]

    def __init__(self, lesson: Lesson) -> None:
        super().__init__("Walkthrough done", lesson.text,
                         "Enter: play a real game  ·  x: back to the title screen")

    def action_answer(self, value: str | None) -> None:
        self.answer(value)


# -- the guide on the game screen ------------------------------------------------------------

class WalkthroughMixin(_GameScreenBase):
    """Mixed into a game screen class (before it): the guide panel, its keys and its ending.

    Textual calls every class's own ``on_mount`` along the MRO, so the mixin's
    ``on_mount`` adds to the screen's (it does not call ``super()``); its keys
    (``GUIDE_BINDINGS``) go into the combined class, since Textual merges the
    bindings of DOM classes only.
    """

    GUIDE_BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "accept_suggestion", "Suggested", id="walkthrough.accept"),
        Binding("e", "toggle_guide", "Guide", id="walkthrough.toggle"),
        Binding("x", "leave_walkthrough", "Leave", id="walkthrough.leave"),
        Binding("pagedown", "scroll_guide(1)", "Guide down", show=False,
                id="walkthrough.guide_down"),
        Binding("pageup", "scroll_guide(-1)", "Guide up", show=False, id="walkthrough.guide_up"),
    ]

    walkthrough: Walkthrough
    guide: Guide

    def setup_walkthrough(self, walkthrough: Walkthrough) -> None:
        self.walkthrough = walkthrough
        self.guide = Guide(walkthrough, [s.name for s in self.session.seats],
                           player=self.session.human or 0)
        self.guide_panel = WalkthroughPanel()
        self.lesson: Lesson = Lesson("Guide", "")
        self._walkthrough_over = False
        self._intro_shown = False

    # -- layout --------------------------------------------------------------------
    def on_mount(self) -> None:
        panel = self.guide_panel
        try:
            middle = self.query_one("#table-middle")
        except NoMatches:
            middle = None
        trains = self.query("#hub-trains")
        if middle is not None:              # the trick table: in place of the scoreboard
            middle.mount(panel)
            self._scores_widget(False)
        elif trains:                        # the hub: under the trains
            panel.add_class("-block")
            self.mount(panel, after=trains.first())
        else:
            panel.add_class("-overlay")
            self.mount(panel)
        if not self._intro_shown:
            self._intro_shown = True
            self.app.push_screen(WalkthroughIntro(self.walkthrough), self._intro_closed)

    def _scores_widget(self, visible: bool) -> None:
        try:
            self.query_one("#scoreboard").display = visible
        except NoMatches:
            pass

    def _intro_closed(self, answer: str | None) -> None:
        if answer == "leave":
            self.action_leave_walkthrough()

    # -- following the game ---------------------------------------------------------------
    def refresh_view(self, view: Any, events: list[Any]) -> None:
        super().refresh_view(view, events)
        self.lesson = self.guide.update(view, events)
        self.guide_panel.show(self.lesson)
        self._preselect(self.lesson)

    def _preselect(self, lesson: Lesson) -> None:
        """Choose the suggested tile in the hand (and its train at the hub): Enter plays it."""
        suggestion = lesson.suggestion
        if not isinstance(suggestion, Play):
            return
        hand: Any
        for hand in self.query("HandView, HubHand"):
            tiles = getattr(hand, "tiles", ())
            if suggestion.tile in tiles and getattr(hand, "choosing", False):
                hand.cursor = tiles.index(suggestion.tile)
                hand.refresh()
        if suggestion.train is not None and hasattr(self, "selected_train"):
            self.selected_train = suggestion.train
            redraw = getattr(self, "_redraw_selection", None)
            if callable(redraw):
                redraw()

    def prompt_human(self, view: Any) -> None:
        if view.phase in DIALOG_PHASES and game_info(self.session.game.name).table != "hub":
            # Read the guide first; b opens the dialog with the suggestion highlighted.
            return
        super().prompt_human(view)

    def _open_dialog(self, view: Any) -> None:
        super()._open_dialog(view)  # type: ignore[misc]  # the trick table's (the hub has none)
        dialog = self.app.screen          # the dialog just opened, if one was
        if dialog is not self:
            dialog.call_after_refresh(self._guide_dialog, dialog)

    def _guide_dialog(self, dialog: Any) -> None:
        """Highlight the suggested choice in a just-opened dialog and say why in its hint."""
        lesson = self.lesson
        suggestion = lesson.suggestion
        try:
            choices = getattr(dialog, "choice_list", None)
            if choices is not None and hasattr(dialog, "highlight"):
                for index, choice in enumerate(choices):
                    if choice.command == suggestion:
                        dialog.highlight(index)
                        break
            else:
                from tui.widgets.hand import HandView
                tile = getattr(suggestion, "tile", None)
                for hand in dialog.query(HandView):
                    if tile in hand.tiles:
                        hand.cursor = hand.tiles.index(tile)
                        hand.refresh()
            if lesson.advice and callable(getattr(dialog, "say", None)):
                # The advice names players: plain text, never markup.
                dialog.say(Text(f"Guide: {lesson.advice} (highlighted; Enter confirms)"))
        except Exception:  # a dialog laid out differently: the guide panel still says it
            return

    # -- the end -----------------------------------------------------------------------
    def _show_summary(self, kind: str, record: dict[str, Any]) -> None:
        """The walkthrough ends with its first hand or round: no game's hand summary (its
        "next hand", "the game is saved" and ``q`` belong to a real game, and its Enter
        would only lead here) and no game over. The last trick has had its pause on the
        table by now; the closing page (:class:`WalkthroughDone`) tells the result."""
        if kind == "game_end" or self.guide.finished:
            self._advance()
            return
        super()._show_summary(kind, record)

    def _advance(self) -> None:
        if self.guide.finished and not self._summaries:
            self._finish_walkthrough()
            return
        super()._advance()

    def _finish_walkthrough(self) -> None:
        if self._walkthrough_over or not self.is_attached:
            return
        if self.app.screen is not self:
            self._resume_pending = True
            return
        self._walkthrough_over = True
        self.workers.cancel_group(self, "bots")
        self.show_prompt("The walkthrough is over.")
        self.app.push_screen(WalkthroughDone(self.lesson), self._done_closed)

    def _done_closed(self, answer: str | None) -> None:
        self._leave_walkthrough(play=answer == "play")

    # -- keys ------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "accept_suggestion":
            return (not self.guide.finished and self.session.is_human_turn()
                    and self.lesson.suggestion is not None)
        return super().check_action(action, parameters)

    def action_accept_suggestion(self) -> None:
        view = self.session.view()
        suggestion = self.lesson.suggestion
        if (suggestion is None or not self.session.is_human_turn() or self.guide.finished
                or suggestion not in view.legal):
            return
        self.submit_human(suggestion)

    def action_toggle_guide(self) -> None:
        panel = self.guide_panel
        panel.display = not panel.display
        if not panel.has_class("-overlay"):
            self._scores_widget(not panel.display)

    def action_scroll_guide(self, step: int) -> None:
        """PgDn / PgUp: the guide's text a page (less a line) down / up, when it is longer
        than the panel (its bottom edge then says so)."""
        self.guide_panel.scroll_page_by(step)

    def action_leave_walkthrough(self) -> None:
        self._leave_walkthrough(play=False)

    def _leave_walkthrough(self, play: bool) -> None:
        self._walkthrough_over = True
        self.workers.cancel_group(self, "bots")
        app: Any = self.app
        if play:
            app.quick_play(self.walkthrough.game)   # back to the title, then its Enter
        else:
            app.return_to_title()


_SCREENS: dict[type, type] = {}


def walkthrough_screen_class(base: type) -> type:
    """``base`` (a game screen class) with the guide mixed in."""
    cls = _SCREENS.get(base)
    if cls is None:
        cls = type(f"Walkthrough{base.__name__}", (WalkthroughMixin, base),
                   {"__module__": __name__, "BINDINGS": list(WalkthroughMixin.GUIDE_BINDINGS)})
        _SCREENS[base] = cls
    return cls


def game_screen_class(game_name: str) -> type:
    if game_info(game_name).table == "hub":
        from tui.screens.train_hub import TrainHubScreen
        return TrainHubScreen
    from tui.screens.trick_table import TrickTableScreen
    return TrickTableScreen


def walkthrough_session(walkthrough: Walkthrough) -> GameSession:
    """A session on the walkthrough's deal: the human in seat 0, its bots elsewhere, no save."""
    game = walkthrough.new_game()
    levels = [None if lv == "human" else lv for lv in walkthrough.levels]
    seats = default_seats(game.num_players, levels=levels)
    return GameSession(game, seats, record_writer=None)


def start_walkthrough(app: Any, game_name: str) -> Any:
    """Open the walkthrough of ``game_name`` on top of the current screen; returns the screen."""
    walkthrough = WALKTHROUGHS[game_name]
    session = walkthrough_session(walkthrough)
    screen = walkthrough_screen_class(game_screen_class(game_name))(session)
    screen.setup_walkthrough(walkthrough)
    app.push_screen(screen)
    _mark_offered(app, game_name)       # taken (with w): no need to offer it again
    return screen


def offer_walkthrough(app: Any, game_name: str) -> bool:
    """Whether choosing ``game_name`` should first offer its walkthrough (once per game)."""
    if not getattr(app, "offer_walkthroughs", False) or game_name not in WALKTHROUGHS:
        return False
    return _mark_offered(app, game_name)


def _mark_offered(app: Any, game_name: str) -> bool:
    """Remember that ``game_name``'s walkthrough was offered; whether it was not before."""
    prefs = getattr(app, "preferences", None)
    offered = getattr(prefs, "walkthroughs_offered", None)
    if prefs is None or offered is None or game_name in offered:
        return False
    offered.append(game_name)
    prefs.save()
    return True
