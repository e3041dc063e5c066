"""Messages the game screens pass around: one class per step of the play loop.

The pipeline for every change of the game state::

    human key                        ->  GameSession.submit(command)  ->  events
    bot worker posts BotChose        ->  GameSession.submit(command)  ->  events
    GameScreen posts GameUpdated(events)  ->  refresh_view(view, events)
    GameScreen decides what comes next: a summary screen, a pause, a bot's
    turn (BotThinking(player), then the bot's worker) or the human's turn.

A change of the settings reaches the screens as PreferencesChanged.
"""

from __future__ import annotations

from typing import Any, Sequence

from textual.message import Message


class GameUpdated(Message):
    """The game changed; ``events`` are the core events of that change (maybe empty)."""

    def __init__(self, events: Sequence[Any]) -> None:
        super().__init__()
        self.events = list(events)

    @property
    def kinds(self) -> list[str]:
        return [getattr(e, "kind", "") for e in self.events]


class BotThinking(Message):
    """A bot seat started (``player`` set) or finished (``player`` None) choosing."""

    def __init__(self, player: int | None) -> None:
        super().__init__()
        self.player = player


class BotChose(Message):
    """A bot seat's worker chose ``command`` for decision ``index`` (``failure``: why the
    bot's own choice was replaced by a legal move, or ""). Posted from the worker's
    thread to the game screen, which applies it unless the game has moved on."""

    def __init__(self, player: int, index: int, command: Any, failure: str = "") -> None:
        super().__init__()
        self.player = player
        self.index = index
        self.command = command
        self.failure = failure


class PreferencesChanged(Message):
    """The player changed a setting (bot speed, trick pause, tile style, theme, mouse):
    posted to every screen once the app has taken it into use; the game screens
    redraw their table with it."""

    def __init__(self, name: str, value: Any) -> None:
        super().__init__()
        self.name = name
        self.value = value
