"""The trump dialog for Three-Player Moon and Texas 42.

``TrumpDialog(view, legal)`` offers every trump the core lists as legal -- the
suits 0-6, doubles, no trumps (42: follow-me), and Nel-O / Sevens when the
settings and the bid allow them -- and dismisses with the chosen
:class:`~core.commands.NameTrump`.

When 42's ``trump_by_first_tile`` is on, ``legal`` also holds ``Play`` commands:
the dialog then offers "Lead a tile instead" (``l``), which makes the hand in the
dialog playable; Enter (or a second click) on a tile dismisses with that
``Play``. ↑/↓ or any choice key go back to the list.

Keys: digits 0-6 the suits, ``d`` doubles, ``n`` no trumps, ``o`` Nel-O,
``s`` Sevens, ``l`` lead a tile; ↑/↓ move; Enter names the highlighted line.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.binding import Binding
from textual.widgets import OptionList

from core.commands import NameTrump, Play
from core.tricks import TRUMP_NAMES, TrumpMode
from tui.screens.bidding import bid_label, is_moon
from tui.screens.choice_dialog import Choice, ChoiceDialog
from tui.widgets.hand import HandView

LEAD = "lead"

_KEYS = {"doubles": "d", "none": "n", "nello": "o", "sevens": "s"}


class TrumpDialog(ChoiceDialog):
    """Name trumps (or lead a tile where the rules allow). Dismisses with one of ``legal``."""

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("enter", "choose", "Name", priority=True, id="trump.choose"),
        Binding("enter", "lead_selected", "Lead it", priority=True, id="trump.lead_tile"),
        Binding("0", "digit('0')", "Suit", key_display="0-6", id="trump.suit"),
        Binding("d", "hotkey('d')", "Doubles", id="trump.doubles"),
        Binding("n", "hotkey('n')", "None", id="trump.none"),
        Binding("o", "hotkey('o')", "Nel-O", id="trump.nello"),
        Binding("s", "hotkey('s')", "Sevens", id="trump.sevens"),
        Binding("l", "lead_mode", "Lead tile", id="trump.lead"),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._plays = {c.tile: c for c in self.legal if isinstance(c, Play)}
        self.leading = False

    # -- the choices -------------------------------------------------------
    def choices(self) -> list[Choice]:
        out: list[Choice] = []
        options = getattr(self.view, "options", {}) or {}
        hand = tuple(getattr(self.view, "hand", ()))
        for command in self.legal:
            if not isinstance(command, NameTrump):
                continue
            trump = command.trump
            if trump.isdigit():
                held = sum(1 for t in hand if t.has(int(trump)))
                out.append(Choice(TRUMP_NAMES[trump], command, number=trump,
                                  note=f"you hold {held}"))
            elif trump == "doubles":
                held = sum(1 for t in hand if t.is_double)
                out.append(Choice("doubles", command, key="d", note=f"you hold {held}"))
            elif trump == "none":
                place = options.get("follow_me_doubles", "high")
                label = TrumpMode("none", doubles=place).describe()
                if not is_moon(self.view):
                    label = f"follow-me: {label}"
                out.append(Choice(label, command, key="n"))
            elif trump == "nello":
                place = options.get("nello_doubles", "own_suit")
                out.append(Choice(TrumpMode("nello", doubles=place).describe(), command, key="o",
                                  note="win no trick; partner sits out"))
            elif trump == "sevens":
                out.append(Choice("Sevens", command, key="s",
                                  note="closest to 7 pips wins"))
            else:
                out.append(Choice(TRUMP_NAMES.get(trump, trump), command,
                                  key=_KEYS.get(trump, "")))
        if self._plays:
            out.append(Choice("Lead a tile instead", None, key="l",
                              note="its higher end becomes trumps"))
        return out

    def title_text(self) -> str:
        number = getattr(self.view, "hand_number", None)
        return f"Name trumps — hand {number}" if number else "Name trumps"

    def context_lines(self) -> list[Text | str]:
        view = self.view
        names = self.names
        bid, bidder = getattr(view, "bid", None), getattr(view, "bidder", None)
        lines: list[Text | str] = []
        if bid is not None and bidder is not None:
            who = "You" if bidder == view.player else names[bidder]
            plunge = bool(getattr(view, "plunge", False))
            line = Text.assemble((f"{who} won the bid: ", "bold"),
                                 bid_label(view, bid, plunge))
            if plunge and bidder != view.player:
                line.append(" — as the plunger's partner, you name trumps.")
            lines.append(line)
        return lines

    def hint_text(self) -> str:
        if self.leading:
            return "Choose the tile to lead (←→ or 1-9), Enter leads it; ↑↓ back to the list."
        parts = "↑↓ or 0-6 / d / n choose, Enter names trumps"
        if self._plays:
            parts += "; l leads a tile instead"
        return parts + "."

    # -- leading a tile instead ---------------------------------------------
    def choose(self, index: int) -> None:
        if 0 <= index < len(self._choices) and self._choices[index].key == "l":
            self.action_lead_mode()
            return
        super().choose(index)

    def action_lead_mode(self) -> None:
        if not self._plays:
            return
        self.leading = True
        hand = self.query_one("#dialog-hand", HandView)
        hand.can_focus = True
        self.show_hand(list(self._plays))
        hand.focus()
        self.say(self.hint_text())
        self.refresh_bindings()

    def _leave_lead_mode(self) -> None:
        if not self.leading:
            return
        self.leading = False
        hand = self.query_one("#dialog-hand", HandView)
        self.show_hand(None)
        hand.can_focus = False
        self.query_one("#choices", OptionList).focus()
        self.say(self.hint_text())
        self.refresh_bindings()

    def _lead(self, tile: Any) -> None:
        command = self._plays.get(tile)
        if command is not None:
            self.dismiss(command)

    def action_lead_selected(self) -> None:
        tile = self.query_one("#dialog-hand", HandView).selected_tile
        if self.leading and tile is not None:
            self._lead(tile)

    def action_move(self, step: int) -> None:
        if self.leading:
            self._leave_lead_mode()
            return
        super().action_move(step)

    def action_digit(self, digit: str) -> None:
        self._leave_lead_mode()
        super().action_digit(digit)

    def action_hotkey(self, key: str) -> None:
        self._leave_lead_mode()
        super().action_hotkey(key)

    @on(HandView.Played)
    def _played(self, event: HandView.Played) -> None:
        event.stop()
        if self.leading:
            self._lead(event.tile)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "lead_mode":
            return bool(self._plays) and not self.leading
        if action == "lead_selected":
            return self.leading
        if action == "choose":
            return not self.leading
        return super().check_action(action, parameters)
