"""Moon's widow dialog: the bidder, holding eight tiles, lays one aside.

``WidowDialog(view, legal)`` shows the eight tiles (the widow marked "widow"
above it, so not by colour alone) and dismisses with the chosen
:class:`~core.commands.Discard`, always one of ``legal``.

Keys: ←/→ (or h/l) move, 1-8 choose a tile, Enter discards it; a click chooses
a tile and a second click on it discards it. ``t`` (or Esc) closes the dialog
with ``None`` to look at the table.
"""

from __future__ import annotations

from typing import Any, ClassVar, Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from core.commands import Command, Discard
from core.moon_view import describe_bid, tricks_needed
from tui.keys import key_hint
from tui.screens.choice_dialog import ascii_style, hint_from_dialog, hints_on
from tui.widgets.hand import HandView
from tui.widgets.keys_footer import KeysFooter


class WidowDialog(ModalScreen[Command | None]):
    """Pick the tile to discard. Dismisses with one of ``legal`` (a :class:`Discard`)."""

    AUTO_FOCUS = "#widow-hand"

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("enter", "discard", "Discard", priority=True, id="widow.discard"),
        Binding("t,escape", "to_table", "Table", key_display="t", id="widow.table"),
        Binding("h", "hint", "Hint", id="widow.hint"),
    ]

    def __init__(self, view: Any, legal: Sequence[Command], *, name: str | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.view = view
        self.legal = tuple(legal)
        self._discards = {c.tile: c for c in self.legal if isinstance(c, Discard)}

    @property
    def widow(self) -> Any:
        return getattr(self.view, "widow_taken", None)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="dialog"):
            yield Static(self._title_text(), id="dialog-title", classes="dialog-title")
            yield Static(self._context_text(), id="dialog-context", classes="dialog-context")
            yield HandView(id="widow-hand", classes="dialog-hand")
            yield Static(key_hint(self.app, "←→ or 1-8 choose a tile, Enter discards it "
                                            "(face down)."), id="dialog-hint", classes="dialog-hint")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.set_class(ascii_style(self.app), "-ascii")
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
            self.query_one("#dialog-hint", Static).update(
                f"{tile} cannot be discarded now. Choose another tile.")

    def action_to_table(self) -> None:
        """Close without deciding, to look at the table (the table's ``b`` reopens it)."""
        self.dismiss(None)

    def action_hint(self) -> None:
        hint_from_dialog(self)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hint":
            return hints_on(self.app)
        return True

    def action_discard(self) -> None:
        if self.selected is not None:
            self._discard(self.selected)

    @on(HandView.Played)
    def _played(self, event: HandView.Played) -> None:
        event.stop()
        self._discard(event.tile)
