"""Texas 42's team stacks: each team's tricks, in order, open to view (key ``t``)."""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from core.wording import plural
from tui.keys import as_shown
from tui.widgets.scoreboard import team_names
from tui.widgets.tile import inline_tile


def stacks_text(view: Any, names: Sequence[str]) -> Text:
    from core.texas42.scoring import team_of
    text = Text()
    teams = team_names(names)
    for team in (0, 1):
        tricks = [t for t in view.tricks if team_of(t.winner) == team]
        who = "Us" if team == team_of(view.player) else "Them"
        text.append(f"{who} ({teams[team]}): {plural(len(tricks), 'trick')}, "
                    f"{plural(view.points[team], 'point')}\n", style="bold underline")
        if not tricks:
            text.append("  no tricks yet\n")
        for trick in tricks:
            tiles = " ".join(inline_tile(t) for _, t in trick.plays)
            text.append(f"  {trick.number}. {tiles}  +{trick.points} "
                        f"({names[trick.winner]})\n")
        text.append("\n")
    return text


class StacksScreen(ModalScreen[None]):
    """Both teams' stacks. Any of Esc, q, t, Enter closes it."""

    BINDINGS = [Binding("escape,q,t,enter", "close", "Close", key_display="q",
                        id="stacks.close")]

    def __init__(self, view: Any, names: Sequence[str]) -> None:
        super().__init__()
        self.view = view
        self.names = list(names)

    def compose(self) -> ComposeResult:
        with Vertical(id="stacks-box"):
            yield Static(as_shown(self.app, Text(f"Team stacks · hand {self.view.hand_number}")),
                         id="stacks-title")
            with VerticalScroll():
                yield Static(as_shown(self.app, stacks_text(self.view, self.names)),
                             id="stacks-text")
            yield Static("q / t / Esc close", id="stacks-hint")

    def action_close(self) -> None:
        self.dismiss(None)
