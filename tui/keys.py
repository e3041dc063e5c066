"""How keys are named on screen: arrows and ⏎ normally, plain ASCII in the ASCII tile style.

The ASCII tile style is for terminals without Unicode, so there every key name and
every hint that names keys must be ASCII too ("Enter", "<- ->", "Up/Down").

* Footers: :meth:`tui.app.DominoesApp.get_key_display` (Textual's own hook, which
  every footer asks) passes each key through :func:`key_display`.
* Hints written in words ("choose a tile (← → or 1-9)"): :func:`key_hint` with the
  app, where the hint is shown (the status line, the dialogs' hint lines).

Named keys are capitalised in both styles ("Esc", "Space", "Tab").
"""

from __future__ import annotations

from typing import Any

ASCII_KEYS: tuple[tuple[str, str], ...] = (
    # pairs first, so "← →" becomes "<- ->" and not "<-  ->"
    ("↑↓", "Up/Down"), ("↑ ↓", "Up/Down"), ("↑/↓", "Up/Down"),
    ("←→", "<- ->"), ("← →", "<- ->"),
    ("⏎", "Enter"), ("⇥", "Tab"), ("⌫", "Backspace"),
    ("←", "<-"), ("→", "->"), ("↑", "Up"), ("↓", "Down"),
)
"""Key glyphs and their ASCII names, in the order they are replaced."""

NAMED_KEYS = {"esc": "Esc", "escape": "Esc", "space": "Space", "tab": "Tab",
              "enter": "Enter", "pgup": "PgUp", "pgdn": "PgDn", "del": "Del",
              "home": "Home", "end": "End", "shift+tab": "Shift+Tab"}
"""Textual's lower-case key names as they read on screen."""


def ascii_keys(text: str) -> str:
    """``text`` with every key glyph replaced by its ASCII name."""
    for glyph, name in ASCII_KEYS:
        text = text.replace(glyph, name)
    return text


def key_display(display: str, ascii_only: bool = False) -> str:
    """A footer's key name: named keys capitalised ("⏎/space" → "⏎/Space"); in ASCII
    only ("Enter/Space") when ``ascii_only``."""
    display = "/".join(NAMED_KEYS.get(part, part) for part in display.split("/"))
    return ascii_keys(display) if ascii_only else display


def wants_ascii(app: Any) -> bool:
    """Whether ``app`` shows the ASCII tile style (and so ASCII key names)."""
    return getattr(app, "tile_style", "") == "ascii"


def key_hint(app: Any, text: str) -> str:
    """A hint naming keys, as ``app`` shows it (ASCII names in the ASCII tile style)."""
    return ascii_keys(text) if wants_ascii(app) else text
