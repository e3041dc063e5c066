"""Saved games: the unfinished ones (resume, abandon, watch) and the finished ones (watch).

* :class:`SavedGamesScreen` (``g`` on the title screen): one list, unfinished games
  first. Enter resumes an unfinished game or replays a finished one; ``v`` replays
  either; ``a`` abandons an unfinished game once :class:`AbandonGameDialog` has
  asked (``y`` or Enter abandon, ``n`` or Escape keep it; its record moves to the
  history, marked abandoned: nothing is deleted); ``q`` goes back.
* :class:`UnfinishedGameDialog`: asked when a new game is started while one is
  unfinished. ``r`` resume it instead, ``a`` abandon it and start the new one,
  ``k`` keep it for later and start the new one, ``c`` / Escape cancel.
* :class:`AbandonGameDialog`: the same kind of question (:class:`SavedGameQuestion`)
  before ``a`` abandons a game in the list.

The app gives the data (``app.save_scan``, ``tui.play.saves.history``) and does the
work (``app.resume_game``, ``app.abandon_save``, the replay viewer); these
screens only ask.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.registry import GAME_TITLES
from core.text import plain
from tui.keys import as_shown
from tui.widgets.keys_footer import KeysFooter
from tui.widgets.pick_list import PickList

if TYPE_CHECKING:
    from tui.app import DominoesApp

HISTORY_SHOWN = 50


def history_label(path: Path) -> Text:
    """A finished game's line: its game and date, from the file name and time."""
    from tui.play.saves import ABANDONED_SUFFIX, record_game, when
    name = path.name
    game = record_game(path) or ""
    text = Text()
    text.append("watch   ", style="bold")
    text.append(GAME_TITLES.get(game, "Game"))
    if ABANDONED_SUFFIX + "." in name:
        text.append(" (abandoned)", style="italic")
    else:
        text.append(" (finished)")
    try:
        text.append(f" · {when(path.stat().st_mtime)}")
    except OSError:
        pass
    text.append(f"\n        {plain(name, 70)}", style="dim")
    return text


def save_label(info: Any) -> Text:
    text = Text()
    text.append("resume  ", style="bold")
    text.append(info.headline())
    text.append("\n        " + info.score_text(), style="dim")
    return text


def _entry_path(entry: tuple[str, Any]) -> Path:
    """The file of a saved-games entry (a save's or a finished game's)."""
    kind, item = entry
    return Path(item.path if kind == "save" else item)


class SavedGamesScreen(Screen):
    """Unfinished games to resume and finished games to watch again."""

    @property
    def host(self) -> DominoesApp:
        """The app, as the game's app (it opens this screen; never imported at run time)."""
        return cast("DominoesApp", self.app)

    DEFAULT_CSS = """
    SavedGamesScreen { align: center top; }
    #saves-box { width: 100%; max-width: 100; height: 1fr; padding: 0 1; }
    #saves-title { height: 1; text-style: bold; background: $panel; padding: 0 1; }
    #saves-list { height: 1fr; border: round $primary; }
    #saves-list > .option-list--option-highlighted { text-style: bold reverse; }
    #saves-note { height: auto; padding: 0 1; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "Resume / watch", id="saves.open"),
        Binding("v", "watch", "Watch", id="saves.watch"),
        Binding("a", "abandon", "Abandon", id="saves.abandon"),
        Binding("q,escape", "back", "Back", key_display="q", id="saves.back"),
        Binding("question_mark,f1", "app.help", "Help", key_display="?", id="saves.help"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[tuple[str, Any]] = []   # ("save", SaveInfo) | ("history", Path)

    def compose(self) -> ComposeResult:
        with Vertical(id="saves-box"):
            yield Static("Saved games", id="saves-title")
            yield PickList(id="saves-list")
            yield Static("", id="saves-note")
        yield KeysFooter(tight_first=False)

    def on_mount(self) -> None:
        self.reload()
        self.query_one("#saves-list", OptionList).focus()

    def on_screen_resume(self) -> None:
        self.reload()

    def reload(self) -> None:
        from tui.play.saves import HISTORY_CAP, broken_dir, broken_saves, history
        app: Any = self.app
        scan = getattr(app, "save_scan", None)
        saves = [info for info in (scan.resumable if scan else []) if info.path.exists()]
        base = getattr(app, "save_dir", None)
        finished = history(base)[:HISTORY_SHOWN]
        current = self._current()
        was = _entry_path(current) if current is not None else None
        self.entries = [("save", info) for info in saves] + [("history", p) for p in finished]
        listing = self.query_one("#saves-list", OptionList)
        listing.clear_options()
        for kind, item in self.entries:
            listing.add_option(Option(as_shown(app, save_label(item) if kind == "save"
                                               else history_label(item))))
        if self.entries:
            # The game highlighted before stays highlighted (kept after "n" in the abandon
            # question, or back from watching it), so the next key acts on it again.
            paths = [_entry_path(entry) for entry in self.entries]
            listing.highlighted = paths.index(was) if was in paths else 0
        note = ("No saved games yet: every game is saved as it is played." if not self.entries
                else f"{len(saves)} unfinished · {len(finished)} finished "
                     f"(the newest {HISTORY_SHOWN} shown; the folder keeps {HISTORY_CAP})")
        broken = broken_saves(base)
        if broken:
            note += (f"\n{len(broken)} save{'s' if len(broken) != 1 else ''} that could not be "
                     f"read {'were' if len(broken) != 1 else 'was'} moved to {broken_dir(base)}")
        self.query_one("#saves-note", Static).update(as_shown(app, note))
        self.refresh_bindings()

    def _current(self) -> tuple[str, Any] | None:
        listing = self.query_one("#saves-list", OptionList)
        index = listing.highlighted
        if index is None or not 0 <= index < len(self.entries):
            return None
        return self.entries[index]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "abandon":
            current = self._current() if self.is_mounted else None
            return current is not None and current[0] == "save"
        return True

    @on(OptionList.OptionHighlighted)
    def _highlighted(self) -> None:
        self.refresh_bindings()

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_open()

    def action_open(self) -> None:
        current = self._current()
        if current is None:
            return
        kind, item = current
        if kind == "save":
            self.host.resume_game(item.path)
        else:
            self._watch(item)

    def action_watch(self) -> None:
        current = self._current()
        if current is not None:
            kind, item = current
            self._watch(item.path if kind == "save" else item)

    def _watch(self, path: Path) -> None:
        from tui.screens.replay import open_replay
        open_replay(self.app, path)

    def action_abandon(self) -> None:
        """Ask first (:class:`AbandonGameDialog`): an abandoned game cannot be resumed."""
        current = self._current()
        if current is None or current[0] != "save":
            return
        info = current[1]

        def answered(choice: str | None) -> None:
            if choice == "abandon":
                abandon = getattr(self.app, "abandon_save", None)
                if callable(abandon):
                    abandon(info.path)
            if self.is_attached:
                self.reload()

        self.app.push_screen(AbandonGameDialog(info), answered)

    def action_back(self) -> None:
        if self.app.screen is self:          # not for a stale key after the list closed
            self.app.pop_screen()


class SavedGameQuestion(ModalScreen[str | None]):
    """A question about a saved game: a title, the game it is about, one line per answer.

    Each answer has a letter (its binding, ``choose('value')``, shown in the footer and
    at the start of its line); ↑/↓ and Enter or a click choose one too. Enter is an
    ordinary binding of the screen (the list is a :class:`PickList`), so keys typed in
    one burst act in the order typed. The game is named in plain text: its players'
    names and its file name come from a file. Dismisses with the answer's value, or
    ``None`` for the answer whose value is ``""`` (cancel, keep).

    Subclasses set ``TITLE_TEXT``, ``CHOICES`` (value, line), ``BINDINGS``, the ids of
    the box and the list, and may add to :meth:`context`.
    """

    DEFAULT_CSS = """
    SavedGameQuestion { align: center middle; }
    SavedGameQuestion .question-box { width: 100%; max-width: 76; height: auto;
                                      border: round $accent; background: $surface;
                                      padding: 0 1; }
    SavedGameQuestion .question-choices { height: auto; border: none; }
    SavedGameQuestion .question-choices > .option-list--option-highlighted {
        text-style: bold reverse; }
    """

    TITLE_TEXT: ClassVar[str] = ""
    CHOICES: ClassVar[tuple[tuple[str, str], ...]] = ()
    BOX_ID: ClassVar[str] = "question-box"
    LIST_ID: ClassVar[str] = "question-choices"

    def __init__(self, info: Any) -> None:
        super().__init__()
        self.info = info

    def context(self) -> Text:
        """The game: what it is, where it stands (names from the file: plain text)."""
        return Text(f"{self.info.headline()}\n{self.info.score_text()}")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog question-box", id=self.BOX_ID):
            yield Static(as_shown(self.app, Text(self.TITLE_TEXT)), classes="dialog-title")
            yield Static(as_shown(self.app, self.context()), classes="dialog-context")
            yield PickList(*[Option(label, id=key or "cancel") for key, label in self.CHOICES],
                           id=self.LIST_ID, classes="dialog-choices question-choices")
        yield KeysFooter(tight_first=False)

    def on_mount(self) -> None:
        self.query_one(f"#{self.LIST_ID}", OptionList).focus()

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice or None)

    def action_enter(self) -> None:
        listing = self.query_one(f"#{self.LIST_ID}", OptionList)
        index = listing.highlighted if listing.highlighted is not None else 0
        self.dismiss(self.CHOICES[index][0] or None)

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.CHOICES[event.option_index][0] or None)


class UnfinishedGameDialog(SavedGameQuestion):
    """A new game while another is unfinished: resume it, abandon it, keep it, or cancel.

    Dismisses with ``"resume"``, ``"abandon"``, ``"keep"`` or ``None``.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "choose('resume')", "Resume it", id="unfinished.resume"),
        Binding("a", "choose('abandon')", "Abandon it", id="unfinished.abandon"),
        Binding("k", "choose('keep')", "Keep it", id="unfinished.keep"),
        Binding("c,escape", "choose('')", "Cancel", key_display="c", id="unfinished.cancel"),
        Binding("enter", "enter", "Choose", show=False, id="unfinished.enter"),
    ]

    TITLE_TEXT = "You have an unfinished game"
    CHOICES = (("resume", "r  Resume it (the new game is not started)"),
               ("abandon", "a  Abandon it (kept in the history) and start the new game"),
               ("keep", "k  Keep it for later and start the new game"),
               ("", "c  Cancel"))
    BOX_ID = "unfinished-box"
    LIST_ID = "unfinished-choices"

    def __init__(self, info: Any, new_title: str = "a new game") -> None:
        super().__init__(info)
        self.new_title = new_title

    def context(self) -> Text:
        text = super().context()
        text.append(f"\n\nStart {self.new_title}?")
        return text


class AbandonGameDialog(SavedGameQuestion):
    """``a`` in the saved games: abandon this unfinished game? It can no longer be resumed
    (its record goes to the history, marked abandoned, where it can still be watched).

    Dismisses with ``"abandon"`` (``y``, or Enter on the first line) or ``None`` (``n``,
    Escape, or Enter on the second line)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "choose('abandon')", "Abandon it", id="abandon.yes"),
        Binding("n,escape", "choose('')", "Keep it", key_display="n", id="abandon.no"),
        Binding("enter", "enter", "Choose", show=False, id="abandon.enter"),
    ]

    TITLE_TEXT = "Abandon this game?"
    CHOICES = (("abandon", "y  Abandon it (kept in the history to watch; it cannot be resumed)"),
               ("", "n  Keep it, to resume later"))
    BOX_ID = "abandon-box"
    LIST_ID = "abandon-choices"

    def context(self) -> Text:
        text = super().context()
        text.append(f"\n{plain(self.info.path.name, 70)}", style="dim")
        return text
