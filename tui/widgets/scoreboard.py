"""The scoreboard beside the trick table: scores or marks, the contract, tricks, points, count.

Built from the core's view only (labels from the view's ``describe_bid``, ``bid_entries``
and ``count_out`` and ``TrumpMode.describe``); the widget is a Static fed by :func:`scoreboard_text`.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from rich.text import Text
from textual.widgets import Static

from core.registry import game_info
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
        text.append(f"Bid: {names[view.bidder]}, {view.describe_bid(view.bid).lower()}\n")
        text.append(f"Trumps: {_trumps(view) if view.trump is not None else 'not named yet'}\n")
    bids = ", ".join(f"{names[e.player]} {e.label.lower()}" for e in view.bid_entries)
    text.append(f"Bids: {bids or 'none yet'}\n")
    if getattr(view, "winner", None) is not None:
        text.append(f"Winner: {names[view.winner]}\n", style="bold reverse")
    return text


def team_names(names: Sequence[str], game_name: str = "texas42") -> tuple[str, ...]:
    """Each team's seats, "You & North" (the teams of the game's registry entry)."""
    return tuple(" & ".join(names[p] for p in team) for team in game_info(game_name).teams)


def texas42_text(view: Any, names: Sequence[str], style: str = "numerals") -> Text:
    from core.texas42.scoring import team_of
    text = Text()
    kind, goal = view.target.kind, view.target.value
    teams = team_names(names, view.game)
    mine = team_of(view.player)
    text.append(f"{kind.capitalize()} · first to {goal}\n", style="bold underline")
    for team in (0, 1):
        who = "Us" if team == mine else "Them"
        text.append(f"{who:<5}{teams[team]:<15}{view.totals[team]:>4}\n",
                    style="bold" if team == mine else "")
    text.append(f"Hand {view.hand_number} · shaker {names[view.shaker]}\n",
                style="bold underline")
    if view.bidder is not None and view.bid is not None:
        text.append(f"Bid: {names[view.bidder]}, {view.describe_bid(view.bid, view.plunge).lower()}\n")
        trumps = _trumps(view) if view.trump is not None else "not named yet"
        text.append(f"Trumps: {trumps}\n")
    if view.sitting_out is not None:
        text.append(f"{says(names[view.sitting_out], 'sits')} out (Nel-O)\n", style="italic")
    won = [0, 0]
    for trick in view.tricks:
        won[team_of(trick.winner)] += 1
    text.append(f"Points: us {view.points[mine]} · them {view.points[1 - mine]}\n")
    text.append(f"Tricks: us {won[mine]} · them {won[1 - mine]}\n")
    text.append(f"Count still out: {view.count_out}\n")
    bids = ", ".join(f"{names[e.player]} {e.label.lower()}" for e in view.bid_entries)
    text.append(f"Bids: {bids or 'none yet'}\n")
    if getattr(view, "winner", None) is not None:
        text.append(f"Winner: {teams[view.winner]}\n", style="bold reverse")
    return text


def scoreboard_text(game_name: str, view: Any, names: Sequence[str],
                    style: str = "numerals") -> Text:
    return SCOREBOARDS.get(game_name, moon_text)(view, names, style)


SCOREBOARDS: dict[str, Callable[[Any, Sequence[str], str], Text]] = {
    "moon": moon_text, "texas42": texas42_text}
"""The scoreboard of each game with a trick table."""


class Scoreboard(Static):
    """The score panel. Call :meth:`show`."""

    def show(self, game_name: str, view: Any, names: Sequence[str]) -> None:
        style = getattr(self.app, "tile_style", "numerals")
        self.update(as_shown(self.app, scoreboard_text(game_name, view, names, style)))
