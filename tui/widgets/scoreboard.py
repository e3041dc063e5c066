"""The scoreboard beside the trick table: scores or marks, the contract, tricks, points, count.

Built from the core's view only (labels from the core's ``describe_bid`` and
``TrumpMode.describe``); the widget is a Static fed by :func:`scoreboard_text`.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text
from textual.widgets import Static

from core.wording import says
from tui.keys import as_shown
from tui.widgets.tile import glyph


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _trumps(view: Any) -> str:
    mode = getattr(view, "mode", None)
    if mode is not None:
        return mode.describe()
    return "not named yet"


def moon_text(view: Any, names: Sequence[str], style: str = "numerals") -> Text:
    from core.moon.view import describe_bid
    text = Text()
    bidder_mark = glyph(style, "bidder")
    text.append(f"Scores · first to {view.target}\n", style="bold underline")
    for p, name in enumerate(names):
        marker = bidder_mark if p == view.bidder else " "
        text.append(f"{marker} {name:<7}{view.scores[p]:>4}  "
                    f"{_plural(view.tricks_won[p], 'trick')}\n",
                    style="bold" if p == view.player else "")
    text.append(f"Hand {view.hand_number}\n", style="bold underline")
    if view.bidder is not None and view.bid is not None:
        text.append(f"Bid: {names[view.bidder]}, {describe_bid(view.bid).lower()}\n")
        text.append(f"Trumps: {_trumps(view) if view.trump is not None else 'not named yet'}\n")
    bids = ", ".join(f"{names[p]} {describe_bid(b).lower()}" + (" (forced)" if forced else "")
                     for p, b, forced in view.bids)
    text.append(f"Bids: {bids or 'none yet'}\n")
    if getattr(view, "winner", None) is not None:
        text.append(f"Winner: {names[view.winner]}\n", style="bold reverse")
    return text


def team_names(names: Sequence[str]) -> tuple[str, str]:
    return (f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}")


def texas42_text(view: Any, names: Sequence[str], style: str = "numerals") -> Text:
    from core.texas42.bidding import describe_bid
    from core.texas42.scoring import team_of
    from core.tricks.count import COUNT, count_of
    text = Text()
    kind, goal = view.target.kind, view.target.value
    teams = team_names(names)
    mine = team_of(view.player)
    text.append(f"{kind.capitalize()} · first to {goal}\n", style="bold underline")
    for team in (0, 1):
        who = "Us" if team == mine else "Them"
        text.append(f"{who:<5}{teams[team]:<15}{view.totals[team]:>4}\n",
                    style="bold" if team == mine else "")
    text.append(f"Hand {view.hand_number} · shaker {names[view.shaker]}\n",
                style="bold underline")
    if view.bidder is not None and view.bid is not None:
        text.append(f"Bid: {names[view.bidder]}, {describe_bid(view.bid, view.plunge).lower()}\n")
        trumps = _trumps(view) if view.trump is not None else "not named yet"
        text.append(f"Trumps: {trumps}\n")
    if view.sitting_out is not None:
        text.append(f"{says(names[view.sitting_out], 'sits')} out (Nel-O)\n", style="italic")
    won = [0, 0]
    for trick in view.tricks:
        won[team_of(trick.winner)] += 1
    text.append(f"Points: us {view.points[mine]} · them {view.points[1 - mine]}\n")
    text.append(f"Tricks: us {won[mine]} · them {won[1 - mine]}\n")
    played = [t for trick in view.tricks for _, t in trick.plays]
    played += [t for _, t in view.current_trick]
    out = sum(COUNT.values()) - sum(count_of(t) for t in played)
    text.append(f"Count still out: {out}\n")
    bids = ", ".join(f"{names[b[0]]} {describe_bid(b[1], b[2], b[3]).lower()}"
                     for b in view.bids)
    text.append(f"Bids: {bids or 'none yet'}\n")
    if getattr(view, "winner", None) is not None:
        text.append(f"Winner: {teams[view.winner]}\n", style="bold reverse")
    return text


def scoreboard_text(game_name: str, view: Any, names: Sequence[str],
                    style: str = "numerals") -> Text:
    if game_name == "texas42":
        return texas42_text(view, names, style)
    return moon_text(view, names, style)


class Scoreboard(Static):
    """The score panel. Call :meth:`show`."""

    def show(self, game_name: str, view: Any, names: Sequence[str]) -> None:
        style = getattr(self.app, "tile_style", "numerals")
        self.update(as_shown(self.app, scoreboard_text(game_name, view, names, style)))
