"""The shape every "choose one of these" decision takes: a modal list of the core's legal commands.

:class:`DecisionDialog` is what the bid, widow and trump dialogs share:

* Only keys pressed once the dialog is on screen count. A key typed while the
  bots were acting (still queued when the dialog opened) is dropped, so it never
  makes the player's decision: every key event carries the time it was typed,
  and the dialog ignores those older than its first display.
* ``t`` (or Esc) closes it with ``None`` to look at the table (the table's ``b``
  reopens it); ``h`` shows the hint; in the guided hand ``x`` leaves the
  walkthrough from inside the dialog too. The hint line says how to leave.

:class:`ChoiceDialog` is the base of the bidding and trump dialogs. It shows a
title, a few lines of context (bids so far, scores), the player's hand, and one
entry per :class:`Choice` -- each one of the core's ``legal`` commands. The
choices are a list (``GRID = False``: one line each, with notes) or a grid that
fits on one screen (``GRID = True``: :class:`~tui.widgets.choice_grid.ChoiceGrid`,
the highlighted choice's note on the line below). The highlighted entry is
marked ``▶`` (``>`` in the ASCII tile style) as well as by colour.

Keys: ↑/↓ (or k/j) move (←/→ too in a grid), digits type a choice's number
(``3`` ``5`` → 35), a choice's letter highlights it, Enter chooses the
highlighted entry; a click chooses the clicked entry. The dialog dismisses with
the chosen command, always one of ``legal``: no rule lives here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

from rich.text import Text
from textual import events, on
from textual._time import get_time  # the clock Textual stamps every event with
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.commands import Command
from tui.keys import as_shown, key_hint
from tui.widgets.choice_grid import ChoiceGrid, GridCell
from tui.widgets.hand import HandView
from tui.widgets.keys_footer import KeysFooter

NOTE_COLUMN_MAX = 12
"""Labels up to this long have their notes in one column."""

LEAVE_TEXT = "t: back to the table (b reopens this)"
GUIDE_LEAVE_TEXT = "x: leave the guided hand"


@dataclass(frozen=True)
class Choice:
    """One entry of a choice dialog.

    ``key``: a letter that highlights it (shown in the key column); ``number``:
    the digits that reach it by typing; ``command``: what the dialog returns
    (``None`` for an entry that does something inside the dialog); ``group``:
    in a grid, a new group starts a new row.
    """

    label: str
    command: Command | None
    key: str = ""
    number: str = ""
    note: str = ""
    group: str = ""


def seat_names(app: Any, view: Any, names: Sequence[str] | None = None,
               session: Any = None) -> list[str]:
    """How to call each player: ``names`` if given, else the seats of ``session`` (the
    game that opened the dialog), else "You" for the viewer and "Player N" for the
    others."""
    count = len(getattr(view, "hand_counts", ()) or getattr(view, "scores", ()))
    if names:
        return list(names)
    seats = getattr(session, "seats", None)
    if seats and len(seats) == count:
        return [seat.name for seat in seats]
    viewer = getattr(view, "player", None)
    return ["You" if p == viewer else f"Player {p + 1}" for p in range(count)]


def hints_on(app: Any, dialog: Any = None) -> bool:
    """Whether hints are on: as the game screen beneath ``dialog`` says (a shared table
    follows the table's setting), else the player's setting (on unless turned off)."""
    screen = game_screen_beneath(dialog) if dialog is not None else None
    if screen is not None and hasattr(screen, "_aid_on"):
        return bool(screen._aid_on("hints"))
    return bool(getattr(getattr(app, "settings", None), "hints", True))


def game_screen_beneath(dialog: Any) -> Any | None:
    """The game screen that opened ``dialog`` (its ``table``), if any."""
    table = getattr(dialog, "table", None)
    return table if getattr(table, "session", None) is not None else None


def hint_from_dialog(dialog: Any) -> None:
    """``h`` in a bid, discard or trump dialog: the hint for this decision, opened by the
    game screen beneath (it checks the setting and whose turn it is); the dialog stays."""
    screen = game_screen_beneath(dialog)
    if screen is not None and callable(getattr(screen, "action_hint", None)):
        screen.action_hint()


def guide_beneath(dialog: Any) -> Any | None:
    """The guided hand's game screen under ``dialog``, while its walkthrough runs."""
    screen = game_screen_beneath(dialog)
    if screen is None or not callable(getattr(screen, "action_leave_walkthrough", None)):
        return None
    if getattr(screen, "_walkthrough_over", False):
        return None
    return screen


def ascii_style(app: Any) -> bool:
    return getattr(app, "tile_style", "") == "ascii"


class DecisionDialog(ModalScreen[Command | None]):
    """A modal decision: fresh keys only, ``t`` back to the table, ``h`` hint, ``x`` leaves
    the guided hand. Subclasses build the body and dismiss with one of ``legal``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "choose", "Choose", id="dialog.choose"),     # first in the footer
        Binding("t,escape", "to_table", "Table", key_display="t", id="dialog.table"),
        Binding("h", "hint", "Hint", id="dialog.hint"),
        Binding("x", "leave_guide", "Leave guide", id="dialog.leave_guide"),
        # q quits here too, as it does at the table (the game is saved as it goes)
        Binding("q", "app.quit_app", "Quit", show=False, id="dialog.quit"),
    ]

    def __init__(self, view: Any, legal: Sequence[Command], *, table: Any = None,
                 name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.view = view
        self.legal = tuple(legal)
        self.table = table
        """The game screen that opened the dialog (its session, its hint, the guide), or
        None for a dialog on its own."""
        self.shown_at: float | None = None

    def on_mount(self) -> None:
        self.set_class(ascii_style(self.app), "-ascii")
        self.call_after_refresh(self._now_shown)

    def _now_shown(self) -> None:
        if self.shown_at is None:
            self.shown_at = get_time()

    def takes_key(self, event: events.Key) -> bool:
        """Whether ``event`` was typed after the dialog appeared (older keys are dropped)."""
        return self.shown_at is not None and event.time >= self.shown_at

    def on_key(self, event: events.Key) -> None:
        # Every key binding of the dialog (and of the widget in it that has focus) is
        # looked up once the key has reached the screen: stopping it here drops it.
        if not self.takes_key(event):
            event.stop()
            event.prevent_default()

    def leave_text(self) -> str:
        """How to leave the dialog: the last line of its hint."""
        text = LEAVE_TEXT
        if guide_beneath(self) is not None:
            text += f" · {GUIDE_LEAVE_TEXT}"
        return text

    def say(self, text: str | Text) -> None:
        """Show ``text`` on the hint line (e.g. "No bid starts with 9"); how to leave the
        dialog stays under it."""
        line = Text(key_hint(self.app, text)) if isinstance(text, str) else as_shown(
            self.app, text.copy())
        line.append("\n" + key_hint(self.app, self.leave_text()))
        self.query_one("#dialog-hint", Static).update(line)

    def action_to_table(self) -> None:
        """Close without deciding, to look at the table (the table's ``b`` reopens it)."""
        self.dismiss(None)

    def action_hint(self) -> None:
        hint_from_dialog(self)

    def action_leave_guide(self) -> None:
        screen = guide_beneath(self)
        if screen is not None:
            screen.action_leave_walkthrough()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hint":
            return hints_on(self.app, self)
        if action == "leave_guide":
            return guide_beneath(self) is not None
        return True


class ChoiceList(OptionList, inherit_bindings=False):
    """The choices as a list; the dialog's own keys move and choose (so they show in the
    footer and only count once the dialog is on screen)."""


class ChoiceDialog(DecisionDialog):
    """Choices as a list or a grid. Subclasses build ``choices()``, ``title_text()`` and
    ``context_lines()``; they may add letter bindings (action ``hotkey('x')``)."""

    DEFAULT_CLASSES = "choice-dialog"
    AUTO_FOCUS = "#choices"
    GRID: ClassVar[bool] = False

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "move(-1)", "Up", show=False, id="dialog.up"),
        Binding("down,j", "move(1)", "Down", show=False, id="dialog.down"),
        Binding("0", "digit('0')", "Type", key_display="0-9", id="dialog.digit_0"),
        *[Binding(str(n), f"digit('{n}')", f"Type {n}", show=False, id=f"dialog.digit_{n}")
          for n in range(1, 10)],
    ]

    def __init__(self, view: Any, legal: Sequence[Command], *,
                 names: Sequence[str] | None = None, table: Any = None,
                 name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(view, legal, table=table, name=name, id=id, classes=classes)
        self._given_names = names
        self._choices: list[Choice] = []
        self._typed = ""
        self._refused = ""      # digits just typed that matched no choice (Enter waits)
        self.player_moved = False
        """Whether the highlight was moved by the player (or the guide) since it opened."""

    # -- for subclasses ----------------------------------------------------
    def choices(self) -> list[Choice]:
        raise NotImplementedError

    def title_text(self) -> str:
        return ""

    def context_lines(self) -> list[Text | str]:
        return []

    def hint_text(self) -> str:
        return "↑↓ choose, Enter confirms."

    def hand_marks(self) -> dict[Any, str]:
        return {}

    def default_index(self) -> int:
        """The entry highlighted when the dialog opens."""
        return 0

    def make_hand(self) -> HandView:
        return HandView(id="dialog-hand", classes="dialog-hand")

    # -- helpers -----------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return seat_names(self.app, self.view, self._given_names,
                          getattr(self.table, "session", None))

    @property
    def choice_list(self) -> list[Choice]:
        return list(self._choices)

    @property
    def choices_widget(self) -> ChoiceList | ChoiceGrid:
        """The choices: a :class:`ChoiceGrid` (``GRID``) or a :class:`ChoiceList`."""
        if self.GRID:
            return self.query_one("#choices", ChoiceGrid)
        return self.query_one("#choices", ChoiceList)

    @property
    def highlighted_index(self) -> int | None:
        index = getattr(self.choices_widget, "highlighted", None)
        if index is None or not 0 <= index < len(self._choices):
            return None
        return index

    @property
    def highlighted_choice(self) -> Choice | None:
        index = self.highlighted_index
        return None if index is None else self._choices[index]

    # -- layout ------------------------------------------------------------
    def compose(self) -> ComposeResult:
        self._choices = self.choices()
        with Vertical(id="dialog", classes="dialog"):
            yield Static(as_shown(self.app, self.title_text()), id="dialog-title",
                         classes="dialog-title")
            yield Static(id="dialog-context", classes="dialog-context")
            hand = self.make_hand()
            hand.can_focus = False
            yield hand
            if self.GRID:
                yield ChoiceGrid([GridCell(c.label, c.key, c.group) for c in self._choices],
                                 ascii_only=ascii_style(self.app), id="choices",
                                 classes="dialog-choices dialog-grid")
                yield Static(id="dialog-detail", classes="dialog-detail")
            else:
                yield ChoiceList(*[Option(self._prompt(i, False))
                                   for i in range(len(self._choices))],
                                 id="choices", classes="dialog-choices")
            yield Static(id="dialog-hint", classes="dialog-hint")
        yield KeysFooter()

    def on_mount(self) -> None:
        context = self.context_lines()
        text = Text("\n").join(Text(line) if isinstance(line, str) else line for line in context)
        widget = self.query_one("#dialog-context", Static)
        widget.update(as_shown(self.app, text))
        widget.display = bool(context)
        self.show_hand(None)
        if self._choices:
            self._set_index(self.default_index())
        self.say(self.hint_text())
        self.call_after_refresh(self.fit_choices)

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_choices)

    def fit_choices(self) -> None:
        """Let a list take the rows the rest of the dialog leaves (it scrolls beyond)."""
        if not self.is_attached or self.GRID:
            return
        dialog = self.query_one("#dialog")
        options = self.choices_widget
        used = sum(child.outer_size.height + child.styles.margin.height
                   for child in dialog.children if child is not options and child.display)
        footer = sum(f.outer_size.height for f in self.query(KeysFooter))
        chrome = dialog.styles.gutter.height
        room = self.size.height - footer - chrome - used
        options.styles.max_height = max(3, room)

    def show_hand(self, playable: Sequence[Any] | None) -> None:
        hand = self.query_one("#dialog-hand", HandView)
        hand.show(getattr(self.view, "hand", ()), playable, self.hand_marks(),
                  style=getattr(self.app, "tile_style", None))

    def _prompt(self, index: int, highlighted: bool) -> Text:
        choice = self._choices[index]
        pointer = (">" if ascii_style(self.app) else "▶") if highlighted else " "
        key = choice.key
        if not key and choice.number and not choice.label.startswith(choice.number):
            key = choice.number
        text = Text(f"{pointer} ", style="bold")
        text.append(f"{key:>2}  " if key else "    ", style="bold underline" if key else "")
        text.append(choice.label, style="bold" if highlighted else "")
        if choice.note:
            pad = max(0, self._note_column() - len(choice.label))
            text.append(" " * pad + f"  {choice.note}", style="italic")
        return text

    def _note_column(self) -> int:
        """Where the notes start (after the labels), so short labels' notes line up in a
        column ("sixes   you hold 0" / "deuces  you hold 3"); a label longer than
        ``NOTE_COLUMN_MAX`` just has its note two spaces after it."""
        short = [len(c.label) for c in self._choices
                 if c.note and len(c.label) <= NOTE_COLUMN_MAX]
        return max(short, default=0)

    def _restyle(self) -> None:
        """Redraw the pointer (list) or the highlighted choice's note (grid)."""
        widget = self.choices_widget
        if isinstance(widget, ChoiceGrid):
            choice = self.highlighted_choice
            detail = Text()
            if choice is not None:
                detail.append(f"{choice.label}: ", style="bold")
                detail.append(choice.note or "no note", style="italic")
            self.query_one("#dialog-detail", Static).update(detail)
            return
        for i in range(len(self._choices)):
            widget.replace_option_prompt_at_index(i, self._prompt(i, i == widget.highlighted))

    @on(OptionList.OptionHighlighted, "#choices")
    def _highlight_moved(self) -> None:
        self._restyle()

    @on(OptionList.OptionSelected, "#choices")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.player_moved = True
        self.choose(event.option_index)

    def on_key(self, event: events.Key) -> None:
        # (Textual also runs DecisionDialog.on_key for the key: handlers go up the classes)
        if not (event.key.isdigit() or event.key == "enter"):
            self._refused = ""      # Enter waits only right after digits that matched nothing

    @on(ChoiceGrid.Moved, "#choices")
    def _grid_moved(self, event: ChoiceGrid.Moved) -> None:
        event.stop()
        self.player_moved = True
        self._typed = self._refused = ""
        self._restyle()

    @on(ChoiceGrid.Chosen, "#choices")
    def _grid_chosen(self, event: ChoiceGrid.Chosen) -> None:
        event.stop()
        self.choose(event.index)

    # -- choosing ----------------------------------------------------------
    def _set_index(self, index: int) -> None:
        """Highlight ``index`` without counting it as the player's move."""
        widget = self.choices_widget
        widget.highlighted = index
        self._restyle()

    def highlight(self, index: int) -> None:
        """Highlight ``index`` for the player (or the guide): nothing moves it after that."""
        self.player_moved = True
        self._set_index(index)
        widget = self.choices_widget
        if not widget.has_focus:
            widget.focus()

    def choose(self, index: int) -> None:
        """Act on choice ``index``: dismiss with its command (subclasses may intercept)."""
        if not 0 <= index < len(self._choices):
            return
        command = self._choices[index].command
        if command is not None and command in self.legal:
            self.dismiss(command)

    def action_choose(self) -> None:
        if self._refused:
            # Enter right after digits that matched no choice: the player meant a choice
            # that is not there, not the one still highlighted (often Pass)
            self.say(f"Nothing chosen: no choice here is {self._refused}. Type another, or "
                     "move with the arrows, then Enter.")
            self._refused = ""
            return
        index = self.highlighted_index
        if index is not None:
            self.choose(index)

    def action_move(self, step: int) -> None:
        if not self._choices:
            return
        current = self.highlighted_index
        current = current if current is not None else -step
        self._typed = self._refused = ""
        self.highlight((current + step) % len(self._choices))

    def action_digit(self, digit: str) -> None:
        numbered = [(i, c.number) for i, c in enumerate(self._choices) if c.number]
        typed = self._typed + digit
        if not any(n.startswith(typed) for _, n in numbered):
            typed = digit
        matches = [i for i, n in numbered if n.startswith(typed)]
        if not matches:
            self._refused = (self._refused or self._typed) + digit
            self._typed = ""
            self.say(f"No choice here starts with {digit}. {self.hint_text()}")
            return
        exact = [i for i, n in numbered if n == typed]
        self.highlight(exact[0] if exact else matches[0])
        self._typed = typed
        self._refused = ""
        self.say(self.hint_text())

    def action_hotkey(self, key: str) -> None:
        """Highlight the choice carrying letter ``key`` (the next one if several do)."""
        indexes = [i for i, c in enumerate(self._choices) if c.key == key]
        if not indexes:
            return
        current = self.highlighted_index
        later = [i for i in indexes if current is not None and i > current]
        self._typed = self._refused = ""
        self.highlight(later[0] if later and current in indexes else indexes[0])

    def has_key(self, key: str) -> bool:
        return any(c.key == key for c in self._choices)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hotkey" and parameters:
            return self.has_key(str(parameters[0]))
        return super().check_action(action, parameters)
