"""What the two hands share (the trick table's :class:`~tui.widgets.hand.HandView` and the
hub's :class:`~tui.widgets.hub_hand.HubHand`): the chosen tile, its messages, and the keys
and clicks that choose and play.

The hand knows no rule: its owner sets ``tiles`` and ``playable`` (the tiles the core's
legal plays use; None when the player is not choosing). ←/→ move the chosen tile (over
the playable ones while choosing), Home/End go to the ends, digits choose by number;
Enter, or a click on the chosen tile, posts :class:`HandBase.Played` even for a tile the
core will refuse, so the player sees the core's reason. Each hand keeps its own drawing,
geometry (``index_at``) and ``check_action``, and subclasses the two messages so a screen
handles ``HandView.Played`` and ``HubHand.Played`` apart.
"""

from __future__ import annotations

from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from core.tiles import Tile


class HandBase(Widget, can_focus=True):
    """A hand of tiles to choose from. Subclasses draw it and define ``index_at``."""

    class Selected(Message):
        """The chosen tile changed."""

        def __init__(self, hand: HandBase, index: int, tile: Tile) -> None:
            super().__init__()
            self.hand = hand
            self.index = index
            self.tile = tile

        @property
        def control(self) -> HandBase:
            return self.hand

    class Played(Message):
        """The player asked to play ``tile`` (Enter, or a click on the chosen tile)."""

        def __init__(self, hand: HandBase, tile: Tile) -> None:
            super().__init__()
            self.hand = hand
            self.tile = tile

        @property
        def control(self) -> HandBase:
            return self.hand

    tiles: reactive[tuple[Tile, ...]] = reactive((), layout=True)
    playable: reactive[frozenset[Tile] | None] = reactive(None)
    """The tiles the core allows now (None: not choosing). The owner refreshes the footer."""
    cursor: reactive[int] = reactive(0)

    @property
    def selected_tile(self) -> Tile | None:
        if 0 <= self.cursor < len(self.tiles):
            return self.tiles[self.cursor]
        return None

    @property
    def choosing(self) -> bool:
        return self.playable is not None

    def index_at(self, x: int, y: int) -> int | None:
        """The tile under content offset (x, y), if any."""
        raise NotImplementedError

    # -- keys and mouse ------------------------------------------------------
    def _select(self, index: int) -> None:
        if not self.tiles:
            return
        self.cursor = max(0, min(index, len(self.tiles) - 1))
        self.refresh()
        self.post_message(self.Selected(self, self.cursor, self.tiles[self.cursor]))

    def action_move(self, step: int) -> None:
        if not self.tiles:
            return
        index = self.cursor
        if self.choosing and self.playable:
            # Step over the tiles that may not be played: they stay reachable by digit.
            for _ in range(len(self.tiles)):
                index = (index + step) % len(self.tiles)
                if self.tiles[index] in self.playable:
                    break
        else:
            index = (index + step) % len(self.tiles)
        self._select(index)

    def action_first(self) -> None:
        self._select(0)

    def action_last(self) -> None:
        self._select(len(self.tiles) - 1)

    def action_choose(self, index: int) -> None:
        if index < len(self.tiles):
            self._select(index)

    def action_play(self) -> None:
        """Enter: play the chosen tile (the screen decides what that means)."""
        tile = self.selected_tile
        if tile is not None and self.choosing:
            self.post_message(self.Played(self, tile))

    def on_click(self, event: events.Click) -> None:
        typed_ahead = getattr(self.screen, "is_typed_ahead", None)
        if callable(typed_ahead) and typed_ahead(event.time):
            event.stop()        # a click from before the human's turn makes no move
            return
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = self.index_at(offset.x, offset.y)
        if index is None:
            return
        event.stop()
        if index == self.cursor and self.choosing:
            self.action_play()
        else:
            self._select(index)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
