"""Messages the game screens pass around: one class per step of the play loop.

The pipeline for every change of the game state::

    human key / bot worker  ->  GameSession.submit(command)  ->  events
    GameScreen posts GameUpdated(events)  ->  refresh_view(view, events)
    GameScreen decides what comes next: a summary screen, a pause, a bot's
    turn (BotThinking, in a worker) or the human's turn.
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


class MoveRejected(Message):
    """The core refused a command; ``reason`` is its player-facing explanation."""

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason


class HumanTurn(Message):
    """It is the human seat's decision; ``phase`` is the core's phase name."""

    def __init__(self, phase: str) -> None:
        super().__init__()
        self.phase = phase


class PreferencesChanged(Message):
    """The player changed a setting (bot speed, trick pause, tile style, theme, mouse)."""

    def __init__(self, name: str, value: Any) -> None:
        super().__init__()
        self.name = name
        self.value = value
