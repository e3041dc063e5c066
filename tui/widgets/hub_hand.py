"""The player's hand at the Mexican Train hub: one-line tiles, in as many rows as it takes.

A hand of up to 16 tiles of a double-18 set fits 80 columns in two rows. Under
each tile a label row shows the key that chooses it and, by shape, whether the
core allows it now: ``[3]`` may be played, `` 3 `` may not; the chosen tile is
drawn reversed and its label raised: ``▲[3]▲``. The keys are ``1``-``9`` and
``0`` for the first ten tiles, then the letters of :data:`TILE_LETTERS` (the
letters no key of the hub uses), then the same letters in capitals: 34 keys. In
the rare hand longer than that, the tiles past the keys are labelled ``*`` and
←/→ step over every tile, so each one is still reachable by a key.

The hand knows no rule: the screen passes the tiles the core's legal plays use
(``playable``, None when not choosing). The keys, clicks and messages are shared
with the trick table's hand (:mod:`tui.widgets.hand_base`).

Keys: ←/→ move (over the playable tiles while choosing), Home/End, the key
under a tile chooses it, Enter posts :class:`HubHand.Played` for the chosen
tile. A click chooses a tile; a click on the chosen tile plays it too.
"""

from __future__ import annotations

from typing import Iterable

from rich.text import Text
from textual.binding import Binding
from textual.reactive import reactive

from core.tiles import Tile
from tui.widgets.hand_base import HandBase
from tui.widgets.train_tile import UNICODE, HubGlyphs, compact_tile, compact_width

GAP = 1
NUMBER_KEYS = "1234567890"
TILE_LETTERS = "bfijklnotvwz"
"""Letters for the 11th tile on: none is a key of the hub, its guided hand or the app
(a c d e g h m p q r s u x y are; tests/test_tui_train_hub_fit.py checks it)."""
TILE_KEYS = NUMBER_KEYS + TILE_LETTERS + TILE_LETTERS.upper()
"""The key of each tile, in hand order: "1"…"9", "0", "b"…"z", "B"…"Z"."""
NO_KEY = "*"
"""The label of a tile past the last key (reached with ← →)."""


def tile_key(index: int) -> str:
    """The key that chooses the tile at ``index`` of the hand (``*``: none, use ← →)."""
    return TILE_KEYS[index] if 0 <= index < len(TILE_KEYS) else NO_KEY


class HubHand(HandBase):
    """A hand of one-line tiles. Call :meth:`show` with the tiles and the playable ones."""

    DEFAULT_CSS = """
    HubHand {
        height: auto;
        width: 1fr;
    }
    """

    BINDINGS = [
        Binding("enter", "play", "Play", id="hub_hand.play"),
        Binding("left", "move(-1)", "Previous tile", show=False, id="hub_hand.left"),
        Binding("right", "move(1)", "Next tile", show=False, id="hub_hand.right"),
        Binding("home", "first", "First tile", show=False, id="hub_hand.first"),
        Binding("end", "last", "Last tile", show=False, id="hub_hand.last"),
        Binding("1", "choose(0)", "Tile", key_display="←→/1-9", id="hub_hand.choose_1"),
        *[Binding(key, f"choose({i})", f"Tile {i + 1}", show=False, id=f"hub_hand.choose_{key}")
          for i, key in enumerate(TILE_KEYS) if i],
    ]

    class Selected(HandBase.Selected):
        """The chosen tile changed."""

    class Played(HandBase.Played):
        """Enter, or a click on the chosen tile: play it."""

    glyphs: reactive[HubGlyphs] = reactive(UNICODE)
    max_pip: reactive[int] = reactive(12, layout=True)

    def show(self, tiles: Iterable[Tile], playable: Iterable[Tile] | None, *,
             max_pip: int | None = None, glyphs: HubGlyphs | None = None) -> None:
        """Show ``tiles``; keep the chosen tile if it is still there."""
        old = self.selected_tile
        self.tiles = tuple(tiles)
        self.playable = None if playable is None else frozenset(playable)
        if max_pip is not None:
            self.max_pip = max_pip
        if glyphs is not None:
            self.glyphs = glyphs
        if old in self.tiles:
            self.cursor = self.tiles.index(old)
        else:
            self.cursor = min(self.cursor, max(len(self.tiles) - 1, 0))
        if self.playable and self.selected_tile not in self.playable:
            self.cursor = next(i for i, t in enumerate(self.tiles) if t in self.playable)
        self.refresh()

    # -- geometry ----------------------------------------------------------
    @property
    def cell_width(self) -> int:
        return compact_width(self.max_pip) + GAP

    def per_row(self, width: int | None = None) -> int:
        width = self.size.width if width is None else width
        return max(1, (width + GAP) // self.cell_width)

    def get_content_height(self, container, viewport, width: int) -> int:
        rows = max(1, -(-len(self.tiles) // self.per_row(width)))
        return rows * 2

    def index_at(self, x: int, y: int) -> int | None:
        column, within = divmod(x, self.cell_width)
        if within >= self.cell_width - GAP or column >= self.per_row():
            return None
        index = (y // 2) * self.per_row() + column
        return index if 0 <= index < len(self.tiles) else None

    # -- drawing -----------------------------------------------------------
    def render(self) -> Text:
        if not self.tiles:
            return Text("(no tiles)", style="italic")
        per_row = self.per_row()
        inner = self.cell_width - GAP
        lines: list[Text] = []
        for start in range(0, len(self.tiles), per_row):
            top, bottom = Text(no_wrap=True), Text(no_wrap=True)
            for index in range(start, min(start + per_row, len(self.tiles))):
                if index > start:
                    top.append(" " * GAP)
                    bottom.append(" " * GAP)
                tile_text, label = self._cell(index, inner)
                top.append_text(tile_text)
                bottom.append_text(label)
            lines.extend([top, bottom])
        return Text("\n").join(lines)

    def _cell(self, index: int, inner: int) -> tuple[Text, Text]:
        t = self.tiles[index]
        legal = self.choosing and t in (self.playable or ())
        selected = index == self.cursor and self.choosing
        style = "dim" if self.choosing and not legal else ""
        if selected:
            style = "bold reverse"
        elif legal:
            style = "bold"
        tile_text = Text(f"{compact_tile(t, self.glyphs):^{inner}}", style=style)
        key = tile_key(index)
        label = f"[{key}]" if legal else key
        if selected:
            label = f"{self.glyphs.raised}{label or ' '}{self.glyphs.raised}"
        return tile_text, Text(f"{label:^{inner}}"[:inner], style="bold" if legal else "dim")

    # -- keys and mouse ------------------------------------------------------
    def action_move(self, step: int) -> None:
        """←/→: over the playable tiles while choosing; over every tile when some tile
        has no key of its own (a hand longer than :data:`TILE_KEYS`)."""
        if len(self.tiles) > len(TILE_KEYS) and self.tiles:
            self._select((self.cursor + step) % len(self.tiles))
        else:
            super().action_move(step)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose":       # a key past the hand's tiles is left to the screen
            index = parameters[0] if parameters else 0
            return self.choosing and isinstance(index, int) and index < len(self.tiles)
        if action in ("move", "first", "last", "play"):
            return self.choosing and bool(self.tiles)
        return True
