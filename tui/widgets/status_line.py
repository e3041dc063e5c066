"""The status under the table: whose turn, a bot thinking, the core's reasons (one line;
a long reason wraps onto a second or third rather than being cut off)."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from core.wording import says
from tui.widgets.tile import glyph


class StatusLine(Static):
    """Shows, in order of importance: an error reason, a bot thinking, a prompt.

    ``error`` is a move the core refused (its reason, prefixed "Not allowed:" so it
    reads as an error without colour); ``thinking`` names a bot choosing; ``prompt``
    tells the player what to do now.
    """

    DEFAULT_CSS = """
    StatusLine {
        height: auto;
        max-height: 3;
        width: 1fr;
        padding: 0 1;
    }
    """

    error: reactive[str] = reactive("", layout=True)
    thinking: reactive[str] = reactive("")
    prompt: reactive[str] = reactive("", layout=True)

    def render(self) -> Text:
        if self.error:
            text = Text("Not allowed:", style="bold reverse")
            text.append(" " + self.error)
            return text
        if self.thinking:
            dots = glyph(getattr(self.app, "tile_style", ""), "thinking")
            return Text(f"{dots} {says(self.thinking, 'is')} thinking{dots}", style="italic")
        return Text(self.prompt)
