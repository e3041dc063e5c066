"""Moon's widow dialog: the bidder, holding eight tiles, lays one aside.

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

from core.commands import Command, Discard
from core.moon.view import describe_bid, tricks_needed
from tui.keys import as_shown
from tui.screens.choice_dialog import DecisionDialog
from tui.widgets.hand import HandView
from tui.widgets.keys_footer import KeysFooter

HINT = "←→ or 1-8 choose a tile, Enter discards it (face down)."


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
            text.append(f"{describe_bid(bid)} (you need {tricks_needed(bid)} tricks).\n")
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
