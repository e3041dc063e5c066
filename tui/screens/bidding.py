"""The bidding dialog for Three-Player Moon and Texas 42.

``BiddingDialog(view, legal)`` offers exactly the core's legal bids (labels from
the core's ``describe_bid``), shows the bids so far by seat, the scores and the
hand, and dismisses with the chosen :class:`~core.commands.Bid`.

Every bid is on screen at once, in a grid that fits at 80x24: Pass on the first
row, the point bids (42: 30-41; Moon: 4-7) in balanced rows, then the mark bids
and Plunge (42) or the moon (Moon). The highlighted bid's meaning is on the line
under the grid (with Nel-O and Sevens named where the settings allow them at
that bid).

Keys: ←↑↓→ move in the grid; ``p`` passes at once (when passing is legal);
digits type a bid (``5``; ``3`` ``5`` → 35; ``2`` → 21); ``m`` highlights the
moon (Moon) or the next mark bid (42); ``u`` highlights Plunge, ``s`` Splash; Enter bids the
highlighted bid; ``t`` back to the table.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType

from core.commands import Bid
from core.registry import game_info
from core.tricks.bids import BidEntry
from tui.screens.choice_dialog import Choice, ChoiceDialog

MOON_GROUP = "moon"
"""The grid row of Moon's bid of all the tricks (the ``m`` key's row there)."""


def bid_label(view: Any, bid: int | None, plunge: bool = False, forced: bool = False,
              splash: bool = False) -> str:
    """A bid in the game's own words (the view's ``describe_bid``)."""
    label: str = (view.describe_bid(bid, plunge, forced, splash=True) if splash
                  else view.describe_bid(bid, plunge, forced))
    return label


def bids_so_far(view: Any) -> list[BidEntry]:
    """Every bid of this hand, in order, with its label (the view's ``bid_entries``)."""
    return list(getattr(view, "bid_entries", ()))


class BiddingDialog(ChoiceDialog):
    """Bid or pass. Dismisses with one of ``legal`` (a :class:`Bid`)."""

    GRID = True

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "choose", "Bid", id="bidding.choose"),
        Binding("p", "pass_now", "Pass", id="bidding.pass"),
        Binding("m", "shoot_moon", "Moon", id="bidding.moon"),
        Binding("m", "marks", "Marks", id="bidding.marks"),
        Binding("u", "hotkey('u')", "Plunge", id="bidding.plunge"),
        Binding("s", "hotkey('s')", "Splash", id="bidding.splash"),
    ]

    def choices(self) -> list[Choice]:
        """One choice per legal bid, in the words of the game's view (``bid_offer``)."""
        out: list[Choice] = []
        for command in self.legal:
            if not isinstance(command, Bid):
                continue
            offer = (self.view.bid_offer(command.bid, command.plunge, command.splash)
                     if command.plunge or command.splash else self.view.bid_offer(command.bid))
            out.append(Choice(offer.label, command, key=offer.key, number=offer.number,
                              group=offer.group, note=offer.note))
        return out

    def title_text(self) -> str:
        number = getattr(self.view, "hand_number", None)
        return f"Your bid — hand {number}" if number else "Your bid"

    def context_lines(self) -> list[Text | str]:
        names = self.names
        view = self.view
        lines: list[Text | str] = []
        bids = bids_so_far(view)
        line = Text("Bids so far: ", style="bold")
        if bids:
            for i, entry in enumerate(bids):
                if i:
                    line.append(" · ")
                line.append(f"{names[entry.player]} ")
                line.append(entry.label, style="" if entry.bid is None else "bold")
        else:
            line.append("none yet — you bid first")
        lines.append(line)
        high = getattr(view, "high_bid", None)
        bidder = getattr(view, "bidder", None)
        if bidder is None and high is not None:     # Moon names its bidder once bidding ends
            bidder = next((e.player for e in reversed(bids) if e.bid == high), None)
        if high is not None and bidder is not None:
            lines.append(Text.assemble(("High bid: ", "bold"),
                                       f"{bid_label(view, high)} by {names[bidder]}"))
        lines.append(self._scores_line(names))
        if not any(isinstance(c.command, Bid) and c.command.bid is None for c in self._choices):
            lines.append(Text("You may not pass now.", style="bold"))
        return lines

    def _scores_line(self, names: list[str]) -> Text:
        view = self.view
        text = Text("Scores: ", style="bold")
        teams = game_info(view.game).teams
        if not teams:
            text.append(" · ".join(f"{names[p]} {s}" for p, s in enumerate(view.scores)))
            text.append(f"  (first to {view.target})")
            return text
        totals = getattr(view, "totals", (0,) * len(teams))
        sides = [" & ".join(names[p] for p in team) for team in teams]
        text.append(" · ".join(f"{sides[t]} {totals[t]}" for t in range(len(teams))))
        target = getattr(view, "target", None)
        if target is not None:
            text.append(f"  ({_describe_target(target)})")
        return text

    def hint_text(self) -> str:
        parts = ["←↑↓→ or type a bid, Enter bids"]
        if self.has_key("p"):
            parts.append("p passes")
        return "; ".join(parts) + "."

    def action_pass_now(self) -> None:
        for choice in self._choices:
            if choice.key == "p":
                self.dismiss(choice.command)
                return
        self.say("You may not pass now: choose one of the bids listed.")

    def action_shoot_moon(self) -> None:
        self.action_hotkey("m")

    def action_marks(self) -> None:
        self.action_hotkey("m")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pass_now":
            return self.has_key("p")
        if action in ("shoot_moon", "marks"):
            # "m" reaches the moon (a bid of its own group) or the next mark bid
            return any(c.key == "m" and (c.group == MOON_GROUP) == (action == "shoot_moon")
                       for c in self._choices)
        return super().check_action(action, parameters)


def _describe_target(target: Any) -> str:
    """42's target ("first to 7 marks"), from the core's Target (kind, amount) if it has one."""
    kind = getattr(target, "kind", None)
    amount = getattr(target, "amount", None) or getattr(target, "value", None)
    if kind and amount:
        return f"first to {amount} {kind}"
    return f"target {target}"
