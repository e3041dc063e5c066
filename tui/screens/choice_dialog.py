"""The shape every "choose one of these" decision takes: a modal list of the core's legal commands.

:class:`ChoiceDialog` is the base of the bidding and trump dialogs. It shows a
title, a few lines of context (bids so far, scores), the player's hand, and one
line per :class:`Choice` -- each one of the core's ``legal`` commands, in the
core's order. The highlighted line is marked ``▶`` (``>`` in the ASCII tile
style) as well as by colour.

Keys: ↑/↓ (or k/j) move, digits type a choice's number (``3`` ``5`` → 35), a
choice's letter highlights it, Enter chooses the highlighted line; a click
chooses the clicked line. ``t`` (or Esc) closes the dialog with ``None`` to look
at the table; the table reopens it. The dialog dismisses with the chosen command, always
one of ``legal``: no rule lives here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.commands import Command
from tui.keys import key_hint
from tui.widgets.hand import HandView
from tui.widgets.keys_footer import KeysFooter


NOTE_COLUMN_MAX = 12
"""Labels up to this long have their notes in one column."""


@dataclass(frozen=True)
class Choice:
    """One line of a choice dialog.

    ``key``: a letter that highlights it (shown in the key column); ``number``:
    the digits that reach it by typing; ``command``: what the dialog returns
    (``None`` for a line that does something inside the dialog).
    """

    label: str
    command: Command | None
    key: str = ""
    number: str = ""
    note: str = ""


def seat_names(app: Any, view: Any, names: Sequence[str] | None = None) -> list[str]:
    """How to call each player: ``names`` if given, else the seats of the game screen
    under the dialog, else "You" for the viewer and "Player N" for the others."""
    count = len(getattr(view, "hand_counts", ()) or getattr(view, "scores", ()))
    if names:
        return list(names)
    for screen in reversed(getattr(app, "screen_stack", [])):
        session = getattr(screen, "session", None)
        seats = getattr(session, "seats", None)
        if seats and len(seats) == count:
            return [seat.name for seat in seats]
    viewer = getattr(view, "player", None)
    return ["You" if p == viewer else f"Player {p + 1}" for p in range(count)]


def hints_on(app: Any) -> bool:
    """The hints setting (on unless the player turned it off)."""
    return bool(getattr(getattr(app, "settings", None), "hints", True))


def hint_from_dialog(dialog: Any) -> None:
    """``h`` in a bid, discard or trump dialog: the hint for this decision, opened by the
    game screen beneath (it checks the setting and whose turn it is); the dialog stays."""
    for screen in reversed(getattr(dialog.app, "screen_stack", [])):
        if screen is not dialog and callable(getattr(screen, "action_hint", None)) \
                and getattr(screen, "session", None) is not None:
            screen.action_hint()
            return


def ascii_style(app: Any) -> bool:
    return getattr(app, "tile_style", "") == "ascii"


class ChoiceDialog(ModalScreen[Command | None]):
    """A modal list of choices. Subclasses build ``choices()``, ``title_text()`` and
    ``context_lines()``; they may add letter bindings (action ``hotkey('x')``)."""

    DEFAULT_CLASSES = "choice-dialog"
    AUTO_FOCUS = "#choices"

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("enter", "choose", "Choose", priority=True, id="dialog.choose"),
        Binding("t,escape", "to_table", "Table", key_display="t", id="dialog.table"),
        Binding("h", "hint", "Hint", id="dialog.hint"),
        Binding("up,k", "move(-1)", "Up", show=False, id="dialog.up"),
        Binding("down,j", "move(1)", "Down", show=False, id="dialog.down"),
        Binding("0", "digit('0')", "Type", key_display="0-9", id="dialog.digit_0"),
        *[Binding(str(n), f"digit('{n}')", f"Type {n}", show=False, id=f"dialog.digit_{n}")
          for n in range(1, 10)],
    ]

    def __init__(self, view: Any, legal: Sequence[Command], *,
                 names: Sequence[str] | None = None, name: str | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.view = view
        self.legal = tuple(legal)
        self._given_names = names
        self._choices: list[Choice] = []
        self._typed = ""

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

    # -- helpers -----------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return seat_names(self.app, self.view, self._given_names)

    @property
    def choice_list(self) -> list[Choice]:
        return list(self._choices)

    @property
    def highlighted_choice(self) -> Choice | None:
        index = self.query_one("#choices", OptionList).highlighted
        if index is None or not 0 <= index < len(self._choices):
            return None
        return self._choices[index]

    # -- layout ------------------------------------------------------------
    def compose(self) -> ComposeResult:
        self._choices = self.choices()
        with Vertical(id="dialog", classes="dialog"):
            yield Static(self.title_text(), id="dialog-title", classes="dialog-title")
            yield Static(id="dialog-context", classes="dialog-context")
            hand = HandView(id="dialog-hand", classes="dialog-hand")
            hand.can_focus = False
            yield hand
            yield OptionList(*[Option(self._prompt(i, False)) for i in range(len(self._choices))],
                             id="choices", classes="dialog-choices")
            yield Static(key_hint(self.app, self.hint_text()), id="dialog-hint",
                         classes="dialog-hint")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.set_class(ascii_style(self.app), "-ascii")
        context = self.context_lines()
        text = Text("\n").join(Text(line) if isinstance(line, str) else line for line in context)
        widget = self.query_one("#dialog-context", Static)
        widget.update(text)
        widget.display = bool(context)
        self.show_hand(None)
        self._restyle()
        self.call_after_refresh(self.fit_choices)

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_choices)

    def fit_choices(self) -> None:
        """Let the list take the rows the rest of the dialog leaves (it scrolls beyond)."""
        if not self.is_attached:
            return
        dialog = self.query_one("#dialog")
        options = self.query_one("#choices", OptionList)
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
        options = self.query_one("#choices", OptionList)
        for i in range(len(self._choices)):
            options.replace_option_prompt_at_index(i, self._prompt(i, i == options.highlighted))

    @on(OptionList.OptionHighlighted, "#choices")
    def _highlight_moved(self) -> None:
        self._restyle()

    @on(OptionList.OptionSelected, "#choices")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.choose(event.option_index)

    # -- choosing ----------------------------------------------------------
    def highlight(self, index: int) -> None:
        options = self.query_one("#choices", OptionList)
        options.highlighted = index
        if not options.has_focus:
            options.focus()
        self._restyle()

    def choose(self, index: int) -> None:
        """Act on choice ``index``: dismiss with its command (subclasses may intercept)."""
        if not 0 <= index < len(self._choices):
            return
        command = self._choices[index].command
        if command is not None and command in self.legal:
            self.dismiss(command)

    def say(self, text: str) -> None:
        """Replace the hint line (e.g. "No bid starts with 9")."""
        self.query_one("#dialog-hint", Static).update(key_hint(self.app, text))

    def action_to_table(self) -> None:
        """Close without deciding, to look at the table (the table's ``b`` reopens it)."""
        self.dismiss(None)

    def action_hint(self) -> None:
        hint_from_dialog(self)

    def action_choose(self) -> None:
        index = self.query_one("#choices", OptionList).highlighted
        if index is not None:
            self.choose(index)

    def action_move(self, step: int) -> None:
        options = self.query_one("#choices", OptionList)
        if not self._choices:
            return
        current = options.highlighted if options.highlighted is not None else -step
        self.highlight((current + step) % len(self._choices))

    def action_digit(self, digit: str) -> None:
        numbered = [(i, c.number) for i, c in enumerate(self._choices) if c.number]
        typed = self._typed + digit
        if not any(n.startswith(typed) for _, n in numbered):
            typed = digit
        matches = [i for i, n in numbered if n.startswith(typed)]
        if not matches:
            self._typed = ""
            self.say(f"No choice here starts with {digit}. {self.hint_text()}")
            return
        self._typed = typed
        exact = [i for i, n in numbered if n == typed]
        self.highlight(exact[0] if exact else matches[0])
        self.say(self.hint_text())

    def action_hotkey(self, key: str) -> None:
        """Highlight the choice carrying letter ``key`` (the next one if several do)."""
        indexes = [i for i, c in enumerate(self._choices) if c.key == key]
        if not indexes:
            return
        current = self.query_one("#choices", OptionList).highlighted
        later = [i for i in indexes if current is not None and i > current]
        self._typed = ""
        self.highlight(later[0] if later and current in indexes else indexes[0])

    def has_key(self, key: str) -> bool:
        return any(c.key == key for c in self._choices)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hotkey" and parameters:
            return self.has_key(str(parameters[0]))
        if action == "hint":
            return hints_on(self.app)
        return True
