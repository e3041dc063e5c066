"""How keys and marks read on screen: arrows, ⏎ and "·" normally, plain ASCII in the
ASCII tile style.

The ASCII tile style is for terminals without Unicode, so there every key name, every
hint that names keys and every mark in a text (separators "·", dashes, "…", pointers
"▶", "×") must be ASCII too ("Enter", "<- ->", "Up/Down", " - ", "...", ">", "x").

* Footers: :meth:`tui.app.DominoesApp.get_key_display` (Textual's own hook, which
  every footer asks) passes each key through :func:`key_display`.
* Hints written in words ("choose a tile (← → or 1-9)"): :func:`key_hint` with the
  app, where the hint is shown (the status line, the dialogs' hint lines).
* Any other text a screen shows (a ``str``, a ``rich.text.Text`` with its styles, or
  a Rich group or table of them): :func:`as_shown` with the app. In the ASCII style
  whatever no table below names becomes ``?``, so the result is always printable ASCII.

Borders and scroll bars follow the style elsewhere: the ``-ascii`` class on the app
(``styles/*.tcss``) and :mod:`tui.widgets.ascii_widgets`.

Named keys are capitalised in both styles ("Esc", "Space", "Tab").
"""

from __future__ import annotations

from typing import Any, TypeVar

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Span, Text

ASCII_KEYS: tuple[tuple[str, str], ...] = (
    # pairs first, so "← →" becomes "<- ->" and not "<-  ->"
    ("←↑↓→", "arrows"), ("↑↓", "Up/Down"), ("↑ ↓", "Up/Down"), ("↑/↓", "Up/Down"),
    ("←→", "<- ->"), ("← →", "<- ->"),
    ("⏎", "Enter"), ("⇥", "Tab"), ("⌫", "Backspace"),
    ("←", "<-"), ("→", "->"), ("↑", "Up"), ("↓", "Down"),
)
"""Key glyphs and their ASCII names, in the order they are replaced."""

ASCII_MARKS: tuple[tuple[str, str], ...] = (
    ("❚❚", "||"), ("¼×", "1/4x"), ("½×", "1/2x"),
    ("·", "-"), ("—", "-"), ("–", "-"), ("…", "..."), ("•", "-"),
    ("▶", ">"), ("▸", ">"), ("◀", "<"), ("▲", "^"), ("▼", "v"), ("■", "#"),
    ("×", "x"), ("★", "*"), ("◆", "+"), ("⚑", "M"), ("●", "o"), ("│", "|"),
    ("“", '"'), ("”", '"'), ("‘", "'"), ("’", "'"),
)
"""Marks used in the app's texts and their ASCII stand-ins (after the keys)."""

NAMED_KEYS = {"esc": "Esc", "escape": "Esc", "space": "Space", "tab": "Tab",
              "enter": "Enter", "pgup": "PgUp", "pgdn": "PgDn", "del": "Del",
              "home": "Home", "end": "End", "shift+tab": "Shift+Tab"}
"""Textual's lower-case key names as they read on screen."""

Shown = TypeVar("Shown")


def ascii_keys(text: str) -> str:
    """``text`` with every key glyph replaced by its ASCII name."""
    for glyph, name in ASCII_KEYS:
        text = text.replace(glyph, name)
    return text


def ascii_text(text: str) -> str:
    """``text`` in printable ASCII: key glyphs named, marks replaced, anything else
    ``?`` (newlines kept)."""
    if text.isascii() and text.isprintable():
        return text
    text = ascii_keys(text)
    for glyph, mark in ASCII_MARKS:
        text = text.replace(glyph, mark)
    return "".join(c if " " <= c <= "~" or c == "\n" else "?" for c in text)


def ascii_rich(text: Text) -> Text:
    """A copy of ``text`` in printable ASCII (:func:`ascii_text`), every style kept on
    the part it was on."""
    plain = text.plain
    if plain.isascii() and plain.replace("\n", "").isprintable():
        return text
    cuts = sorted({cut for span in text.spans for cut in (span.start, span.end)
                   if 0 < cut < len(plain)})
    out = Text(style=text.style, justify=text.justify, overflow=text.overflow,
               no_wrap=text.no_wrap, end=text.end, tab_size=text.tab_size)
    for piece in text.divide(cuts):
        new = ascii_text(piece.plain)
        out.append_text(Text(new, spans=[Span(0, len(new), span.style) for span in piece.spans
                                         if span.end > span.start]))
    return out


def key_display(display: str, ascii_only: bool = False) -> str:
    """A footer's key name: named keys capitalised ("⏎/space" → "⏎/Space"); in ASCII
    only ("Enter/Space") when ``ascii_only``."""
    display = "/".join(NAMED_KEYS.get(part, part) for part in display.split("/"))
    return ascii_keys(display) if ascii_only else display


def wants_ascii(app: Any) -> bool:
    """Whether ``app`` shows the ASCII tile style (and so ASCII key names)."""
    return getattr(app, "tile_style", "") == "ascii"


def ascii_renderable(renderable: Any) -> Any:
    """``renderable`` in printable ASCII: a ``str`` or ``Text`` (:func:`ascii_text`,
    :func:`ascii_rich`), or a Rich ``Group`` or ``Table`` of them (a table is changed in
    place: ASCII lines, its cells, header, title and caption in ASCII, cells cut without
    "…"). Anything else is returned as it is."""
    if isinstance(renderable, str):
        return ascii_text(renderable)
    if isinstance(renderable, Text):
        out = ascii_rich(renderable)
        if out.overflow == "ellipsis":
            out = out.copy() if out is renderable else out
            out.overflow = "crop"
        return out
    if isinstance(renderable, Group):
        return Group(*(ascii_renderable(part) for part in renderable.renderables),
                     fit=renderable.fit)
    if isinstance(renderable, Table):
        if renderable.box is not None:
            renderable.box = box.ASCII
        renderable.title = ascii_renderable(renderable.title)
        renderable.caption = ascii_renderable(renderable.caption)
        for column in renderable.columns:
            column.header = ascii_renderable(column.header)
            column.footer = ascii_renderable(column.footer)
            column._cells = [ascii_renderable(cell) for cell in column._cells]
            if column.overflow == "ellipsis":
                column.overflow = "crop"
        return renderable
    return renderable


def as_shown(app: Any, text: Shown) -> Shown:
    """``text`` as ``app`` shows it: unchanged, or in printable ASCII in the ASCII tile
    style. ``text`` is a ``str``, a ``Text``, or a Rich ``Group`` or ``Table`` of them
    (see :func:`ascii_renderable`)."""
    if not wants_ascii(app):
        return text
    return ascii_renderable(text)


def key_hint(app: Any, text: str) -> str:
    """A hint naming keys, as ``app`` shows it (ASCII names in the ASCII tile style)."""
    return as_shown(app, text)
