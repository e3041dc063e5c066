"""The notice shown while the terminal is smaller than 80×24.

The app pushes it on a resize below the minimum and pops it when the terminal
is big enough again; the screens under it keep their state, and the game
waits (bots only move while their game screen is on top).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.keys import as_shown

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(ModalScreen[None]):
    """"Enlarge the terminal to at least 80×24"; goes away by itself."""

    BINDINGS = [Binding("q", "app.quit", "Quit", id="too_small.quit")]

    def __init__(self, size: tuple[int, int] | None = None) -> None:
        super().__init__()
        self._shown_size = size

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(as_shown(self.app, self._text()), id="too-small-text")

    def _text(self) -> str:
        width, height = self._shown_size or self.app.size
        from tui.screens.game_base import unsaved_game
        if unsaved_game(self.app) is not None:
            return (f"Enlarge the terminal to at least {MIN_WIDTH}×{MIN_HEIGHT}.\n"
                    f"It is {width}×{height} now. The game waits.\n"
                    "(the game is NOT being saved: q quits and loses its unsaved moves)")
        return (f"Enlarge the terminal to at least {MIN_WIDTH}×{MIN_HEIGHT}.\n"
                f"It is {width}×{height} now. The game waits; nothing is lost.\n"
                "(q quits; the game is saved)")

    def show_size(self, size: tuple[int, int]) -> None:
        self._shown_size = size
        if self.is_mounted:
            self.query_one("#too-small-text", Static).update(as_shown(self.app, self._text()))
