"""The play-by-play log (key ``g``): the hand or round so far, in words.

Built from the core's events by :mod:`core.narration` with the human's eyes:
bids, trumps, every tile led and played, trick winners, draws, markers, doubles
opened and satisfied -- never another player's hand, the widow, the discard or
the boneyard. ←/→ (or ``[``/``]``) page to earlier hands; ``v`` opens the review
of a finished hand (all hands shown, since it is over). ↑/↓, PgUp/PgDn scroll;
``g``, ``q`` or Esc close.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar, Sequence, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

import styles
from core.narration import HAND_ENDS, narrate, split_hands
from core.registry import GAME_INFO
from tui.keys import as_shown, key_hint

AIDS_CSS = Path(styles.__file__).parent / "aids.tcss"


def hand_label(game_name: str, lines: Sequence[dict[str, Any]], fallback: int) -> str:
    """ "Hand 3" or "Round 2" for a group of lines."""
    for line in lines:
        if line.get("event") == "hand_start":
            return f"Hand {line.get('hand', fallback)}"
        if line.get("event") == "round_start":
            return f"Round {line.get('round', fallback)}"
    info = GAME_INFO.get(game_name)
    return f"{(info.hand_word if info is not None else 'hand').capitalize()} {fallback}"


def log_text(lines: Sequence[str]) -> Text:
    text = Text()
    for i, line in enumerate(lines):
        if i:
            text.append("\n")
        if line.startswith(("Hand ", "Round ")) and ":" in line:
            head, _, rest = line.partition(":")
            text.append(head + ":", style="bold underline")
            text.append(rest)
        else:
            text.append(line)
    return text


class LogScreen(ModalScreen[None]):
    """The play-by-play of one hand/round, the current one first."""

    CSS_PATH = AIDS_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,g", "close", "Close", key_display="g", id="log.close"),
        Binding("left,left_square_bracket", "page(-1)", "Earlier hand", key_display="←",
                id="log.earlier"),
        Binding("right,right_square_bracket", "page(1)", "Later hand", key_display="→",
                id="log.later"),
        Binding("v", "review", "Review hand", id="log.review"),
        Binding("up,k", "scroll(-1)", "Up", show=False, id="log.up"),
        Binding("down,j", "scroll(1)", "Down", show=False, id="log.down"),
        Binding("pageup", "scroll(-10)", "Page up", show=False, id="log.page_up"),
        Binding("pagedown", "scroll(10)", "Page down", show=False, id="log.page_down"),
    ]

    def __init__(self, game_name: str, history: Sequence[Any], names: Sequence[str],
                 viewer: int | None, options: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.game_name = game_name
        self.names = list(names)
        self.viewer = viewer
        self.options = dict(options or {})
        self.hands = split_hands(history) or [[]]
        self.index = len(self.hands) - 1

    @classmethod
    def for_session(cls, session: Any) -> LogScreen:
        game = session.game
        return cls(game.name, list(game.history), [s.name for s in session.seats],
                   session.viewer(), game.options)

    # -- contents
    def lines(self, index: int | None = None) -> list[str]:
        hand = self.hands[self.index if index is None else index]
        return narrate(self.game_name, hand, self.names, viewer=self.viewer,
                       options=self.options)

    def finished(self, index: int | None = None) -> bool:
        hand = self.hands[self.index if index is None else index]
        return any(line.get("event") in HAND_ENDS for line in hand)

    def title_line(self) -> str:
        label = hand_label(self.game_name, self.hands[self.index], self.index + 1)
        where = "so far" if not self.finished() else "finished"
        return (f"Play-by-play · {label} ({where}) · "
                f"{self.index + 1} of {len(self.hands)}")

    def hint(self) -> str:
        parts = ["↑↓ scroll", "←→ other hands"]
        if self.finished():
            parts.append("v review (all hands)")
        parts.append("g / q close")
        return key_hint(self.app, " · ".join(parts))

    def compose(self) -> ComposeResult:
        with Vertical(id="log-box", classes="aids-box"):
            yield Static(as_shown(self.app, self.title_line()), id="log-title",
                         classes="aids-title")
            with VerticalScroll(id="log-body", classes="aids-body"):
                yield Static(as_shown(self.app, self._body()), id="log-text")
            yield Static(self.hint(), id="log-hint", classes="aids-hint")

    def _body(self) -> Text:
        lines = self.lines()
        return log_text(lines) if lines else Text("Nothing has happened yet in this hand.")

    def on_mount(self) -> None:
        self.call_after_refresh(self._scroll_to_end)

    def _scroll_to_end(self) -> None:
        self.query_one("#log-body", VerticalScroll).scroll_end(animate=False)

    def _show(self) -> None:
        self.query_one("#log-title", Static).update(as_shown(self.app, self.title_line()))
        self.query_one("#log-text", Static).update(as_shown(self.app, self._body()))
        self.query_one("#log-hint", Static).update(self.hint())
        self.call_after_refresh(self._scroll_to_end)
        self.refresh_bindings()

    # -- keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "page":
            step = int(cast("int | str", parameters[0])) if parameters else 0  # page(-1), page(1)
            return 0 <= self.index + step < len(self.hands)
        if action == "review":
            return self.finished()
        return True

    def action_page(self, step: int) -> None:
        target = self.index + step
        if 0 <= target < len(self.hands):
            self.index = target
            self._show()

    def action_review(self) -> None:
        if not self.finished():
            return
        from tui.screens.hand_review import HandReviewScreen
        self.app.push_screen(HandReviewScreen(self.game_name, self.hands[self.index],
                                              self.names, self.options))

    def action_scroll(self, step: int) -> None:
        self.query_one("#log-body", VerticalScroll).scroll_relative(y=step, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
