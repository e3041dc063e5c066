"""Moon's widow dialogs: take the widow or leave it (``widow = optional``), and, holding
eight tiles, lay one aside.

``WidowChoiceDialog(view, legal)`` (when the view is ``choosing_widow``): take the
widow (``w``; the discard dialog follows) or leave it face down (``l``), before
seeing it. It dismisses with the core's ``Draw`` or ``Pass``.

``WidowDialog(view, legal)`` shows the eight tiles (the widow marked "widow"
above it, so not by colour alone) and dismisses with the chosen
:class:`~core.commands.Discard`, always one of ``legal``.

Keys: ←/→ move, 1-8 choose a tile, Enter discards it; a click chooses
a tile and a second click on it discards it. ``t`` (or Esc) closes the dialog
with ``None`` to look at the table. Keys typed before the dialog appeared are
dropped (:class:`~tui.screens.choice_dialog.DecisionDialog`).
"""

from __future__ import annotations

from typing import Any, ClassVar, Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from core.commands import Command, Discard, Draw, Pass
from core.moon.view import describe_bid, tricks_needed
from core.narration import describe_command
from tui.keys import as_shown
from tui.screens.choice_dialog import Choice, ChoiceDialog, DecisionDialog
from tui.widgets.hand import HandView
from tui.widgets.keys_footer import KeysFooter

HINT = "←→ or 1-8 choose a tile, Enter discards it (face down)."


def _bid_and_need(bid: int) -> str:
    """"5: you need 5 tricks", "Shoot the moon (21): you need all 7 tricks"."""
    need = tricks_needed(bid)
    return f"{describe_bid(bid)}: you need {'all ' if need == 7 else ''}{need} tricks"


class WidowHand(HandView):
    """The eight tiles: Enter discards the chosen one."""

    BINDINGS = [Binding("enter", "play", "Discard", id="widow.discard_tile")]


class WidowDialog(DecisionDialog):
    """Pick the tile to discard. Dismisses with one of ``legal`` (a :class:`Discard`)."""

    AUTO_FOCUS = "#widow-hand"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "discard", "Discard", id="widow.discard"),
    ]

    def __init__(self, view: Any, legal: Sequence[Command], *, table: Any = None,
                 name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(view, legal, table=table, name=name, id=id, classes=classes)
        self._discards = {c.tile: c for c in self.legal if isinstance(c, Discard)}

    @property
    def widow(self) -> Any:
        return getattr(self.view, "widow_taken", None)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="dialog"):
            yield Static(as_shown(self.app, self._title_text()), id="dialog-title",
                         classes="dialog-title")
            yield Static(as_shown(self.app, self._context_text()), id="dialog-context",
                         classes="dialog-context")
            yield WidowHand(id="widow-hand", classes="dialog-hand")
            yield Static(id="dialog-hint", classes="dialog-hint")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.say(HINT)
        hand = self.query_one("#widow-hand", HandView)
        marks = {self.widow: "widow"} if self.widow is not None else {}
        hand.show(getattr(self.view, "hand", ()), list(self._discards), marks,
                  style=getattr(self.app, "tile_style", None))
        hand.focus()

    def _title_text(self) -> str:
        number = getattr(self.view, "hand_number", None)
        suffix = f" — hand {number}" if number else ""
        return f"Lay one tile aside{suffix}"

    def _context_text(self) -> Text:
        text = Text()
        bid = getattr(self.view, "bid", None)
        if bid is not None:
            text.append("You won the bid: ", style="bold")
            text.append(f"{_bid_and_need(bid)}.\n")
        if self.widow is not None:
            text.append("You took the widow: ", style="bold")
            text.append(f"{self.widow}, marked \"widow\" below.\n")
        text.append(f"Discard one of your {len(self.view.hand)} tiles; nobody else will see it.")
        return text

    @property
    def selected(self) -> Any:
        return self.query_one("#widow-hand", HandView).selected_tile

    def _discard(self, tile: Any) -> None:
        command = self._discards.get(tile)
        if command is not None:
            self.dismiss(command)
        else:
            self.say(f"{tile} cannot be discarded now. Choose another tile.")


    def action_discard(self) -> None:
        if self.selected is not None:
            self._discard(self.selected)

    @on(HandView.Played)
    def _played(self, event: HandView.Played) -> None:
        event.stop()
        self._discard(event.tile)


class WidowChoiceDialog(ChoiceDialog):
    """Take the widow or leave it face down (``widow = optional``), before seeing it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "choose", "Choose", id="widow_choice.choose"),
        Binding("w", "hotkey('w')", "Take", id="widow_choice.take"),
        Binding("l", "hotkey('l')", "Leave", id="widow_choice.leave"),
    ]

    def choices(self) -> list[Choice]:
        out: list[Choice] = []
        for command in self.legal:
            if isinstance(command, Draw):
                out.append(Choice(describe_command("moon", command), command, key="w",
                                  note="add it to your hand, then lay one tile aside"))
            elif isinstance(command, Pass):
                out.append(Choice(describe_command("moon", command), command, key="l",
                                  note="keep your 7 tiles; it stays out of play"))
        return out

    def title_text(self) -> str:
        number = getattr(self.view, "hand_number", None)
        return f"The widow — hand {number}" if number else "The widow"

    def context_lines(self) -> list[Text | str]:
        bid = getattr(self.view, "bid", None)
        lines: list[Text | str] = []
        if bid is not None:
            lines.append(Text.assemble(("You won the bid: ", "bold"),
                                       f"{_bid_and_need(bid)}."))
        lines.append("The house rule lets you take the widow or leave it face down, "
                     "before you see it.")
        return lines

