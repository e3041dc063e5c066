"""The trump dialog for Three-Player Moon and Texas 42.

``TrumpDialog(view, legal)`` offers every trump the core lists as legal -- the
suits 0-6, doubles, no trumps (42: follow-me), and Nel-O / Sevens when the
settings and the bid allow them -- and dismisses with the chosen
:class:`~core.commands.NameTrump`. Both games list them in one order
(:data:`TRUMP_ORDER`): blanks to sixes, doubles, no trumps, Nel-O, Sevens.

The highlight starts on the suit the player holds most of, and moves to the
expert's choice (the same advice as the hint, ``h``) once the expert has
weighed the trumps in a worker thread -- unless the player has moved the
highlight already, or turned hints off. The dialog never waits for it.

When 42's ``trump_by_first_tile`` is on, ``legal`` also holds ``Play`` commands:
the dialog then offers "Lead a tile instead" (``l``), which makes the hand in the
dialog playable; Enter (or a second click) on a tile dismisses with that
``Play``. ↑/↓ or any choice key go back to the list.

Keys: digits 0-6 the suits, ``d`` doubles, ``n`` no trumps, ``o`` Nel-O,
``s`` Sevens, ``l`` lead a tile; ↑/↓ move; Enter names the highlighted line;
``t`` back to the table.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any, Callable, ClassVar, Sequence

from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.worker import Worker, WorkerState

from core.commands import Command, NameTrump, Play
from core.tricks.play import TRUMP_NAMES, TrumpMode
from tui.screens.bidding import bid_label
from tui.screens.choice_dialog import Choice, ChoiceDialog, game_screen_beneath, hints_on
from tui.widgets.hand import HandView

LEAD = "lead"

_KEYS = {"doubles": "d", "none": "n", "nello": "o", "sevens": "s"}

TRUMP_ORDER = ("0", "1", "2", "3", "4", "5", "6", "doubles", "none", "nello", "sevens")
"""The order of the trumps in both games' dialogs (anything else after them)."""

Advice = Callable[[Any, list[Command]], Command | None]
"""Work run in a thread: the expert's trump for (view, the NameTrump commands)."""


def trump_rank(command: Command) -> int:
    trump = getattr(command, "trump", None)
    return TRUMP_ORDER.index(trump) if trump in TRUMP_ORDER else len(TRUMP_ORDER)


def most_held(hand: Sequence[Any], trumps: Sequence[str]) -> str | None:
    """The suit (0-6 or doubles) of ``trumps`` with the most of ``hand``'s tiles; a tie
    goes to a number suit over doubles, then to the higher number."""
    def held(trump: str) -> int:
        if trump == "doubles":
            return sum(1 for t in hand if t.is_double)
        return sum(1 for t in hand if t.has(int(trump)))

    suits = [t for t in trumps if t.isdigit() or t == "doubles"]
    if not suits:
        return None
    return max(suits, key=lambda t: (held(t), t.isdigit(), int(t) if t.isdigit() else -1))


def expert_options(app: Any) -> dict[str, Any] | None:
    """The expert's work limits, as the hint uses them (the Expert thinks setting)."""
    options = getattr(app, "hint_bot_options", None)
    if options is None and getattr(app, "expert_budget", None) is not None:
        options = {"budget_s": app.expert_budget}
    return options


class LeadHand(HandView):
    """The dialog's hand: Enter on a tile leads it (when leading is allowed)."""

    BINDINGS = [Binding("enter", "play", "Lead it", id="trump.lead_tile")]


class TrumpDialog(ChoiceDialog):
    """Name trumps (or lead a tile where the rules allow). Dismisses with one of ``legal``.

    ``advice``: the expert's choice, run in a thread worker (default: the expert
    the hint uses, seeded as the hint is); ``None`` from it keeps the highlight."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "choose", "Name", id="trump.choose"),
        Binding("0", "digit('0')", "Suit", key_display="0-6", id="trump.suit"),
        Binding("d", "hotkey('d')", "Doubles", id="trump.doubles"),
        Binding("n", "hotkey('n')", "None", id="trump.none"),
        Binding("o", "hotkey('o')", "Nel-O", id="trump.nello"),
        Binding("s", "hotkey('s')", "Sevens", id="trump.sevens"),
        Binding("l", "lead_mode", "Lead tile", id="trump.lead"),
    ]

    def __init__(self, view: Any, legal: Sequence[Command], *, advice: Advice | None = None,
                 **kwargs: Any) -> None:
        super().__init__(view, legal, **kwargs)
        self._plays = {c.tile: c for c in self.legal if isinstance(c, Play)}
        self.leading = False
        self._advice = advice
        self.expert_choice: Command | None = None
        """The expert's trump, once it has answered (None before, or without hints)."""

    # -- the choices -------------------------------------------------------
    def choices(self) -> list[Choice]:
        out: list[Choice] = []
        options = getattr(self.view, "options", {}) or {}
        hand = tuple(getattr(self.view, "hand", ()))
        names = sorted((c for c in self.legal if isinstance(c, NameTrump)), key=trump_rank)
        for command in names:
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
                label = f"{getattr(self.view, 'NO_TRUMP_PREFIX', '')}{label}"
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

    def make_hand(self) -> HandView:
        return LeadHand(id="dialog-hand", classes="dialog-hand")

    def default_index(self) -> int:
        """The suit the player holds most of (until the expert answers)."""
        trumps = [c.command.trump for c in self._choices if isinstance(c.command, NameTrump)]
        best = most_held(tuple(getattr(self.view, "hand", ())), trumps)
        return self._index_of(best) if best is not None else 0

    def _index_of(self, trump: str) -> int:
        for i, choice in enumerate(self._choices):
            if isinstance(choice.command, NameTrump) and choice.command.trump == trump:
                return i
        return 0

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
            splash = bool(getattr(view, "splash", False))
            line = Text.assemble((f"{who} won the bid: ", "bold"),
                                 bid_label(view, bid, plunge, splash=splash))
            if plunge and bidder != view.player:
                line.append(" — as the plunger's partner, you name trumps.")
            elif splash and bidder != view.player:
                line.append(" — as the splasher's partner, you name trumps and lead.")
            lines.append(line)
        return lines

    def hint_text(self) -> str:
        if self.leading:
            return "Choose the tile to lead (←→ or 1-9), Enter leads it; ↑↓ back to the list."
        parts = "↑↓ or 0-6 / d / n choose, Enter names trumps"
        if self._plays:
            parts += "; l leads a tile instead"
        return parts + "."

    # -- the expert's choice -------------------------------------------------
    def _now_shown(self) -> None:
        super()._now_shown()
        self._ask_expert()

    def _ask_expert(self) -> None:
        names: list[Command] = [c for c in self.legal if isinstance(c, NameTrump)]
        if len(names) < 2 or not self.is_attached or not hints_on(self.app, self):
            return
        advice = self._advice or self._expert_advice()
        self.run_worker(partial(advice, self.view, names), name="trump-advice",
                        group="trump-advice", exclusive=True, thread=True,
                        exit_on_error=False)

    def _expert_advice(self) -> Advice:
        """The hint's expert, with the hint's generator and work limits."""
        from tui.screens.hint import compute_hint, hint_rng
        screen = game_screen_beneath(self)
        session = getattr(screen, "session", None)
        game_name = str(getattr(self.view, "game", "moon"))
        player = getattr(self.view, "player", 0)
        if session is not None:
            game_name = session.game.name
            rng = hint_rng(session.game, player, session.decision_index)
        else:
            rng = random.Random(f"trump:{getattr(self.view, 'hand_number', 0)}:{player}")
        options = expert_options(self.app)
        return lambda view, legal: compute_hint(game_name, view, legal, rng, options).best

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != "trump-advice" or event.state != WorkerState.SUCCESS:
            return                              # a failed expert: the default stays
        choice = worker.result
        if not isinstance(choice, NameTrump) or choice not in self.legal:
            return
        self.expert_choice = choice
        if not self.player_moved and not self.leading and self.is_attached:
            self._set_index(self._index_of(choice.trump))

    def on_unmount(self) -> None:
        self.workers.cancel_group(self, "trump-advice")

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
        self.player_moved = True
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
        self.choices_widget.focus()
        self.say(self.hint_text())
        self.refresh_bindings()

    def _lead(self, tile: Any) -> None:
        command = self._plays.get(tile)
        if command is not None:
            self.dismiss(command)

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
        if action == "choose":
            return not self.leading
        return super().check_action(action, parameters)
