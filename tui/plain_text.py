"""Rich renderables that never parse markup.

A name, a field or a file's text is data: wherever the screens hand a string that may
hold one to something that would read it as markup (a ``rich.table.Table`` cell, a
``Static`` with markup on), it goes through here as ``rich.text.Text`` instead.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from core.text import plain


def as_text(value: Any, style: str = "") -> Any:
    """``value`` as ``Text`` when it is a string (shown exactly, control characters as
    stand-ins); any other renderable as it is."""
    if isinstance(value, str):
        return Text(plain(value, None, keep_newlines=True), style=style)
    return value


def row(*cells: Any) -> list[Any]:
    """A table row whose string cells are plain text (for ``Table.add_row(*row(...))``)."""
    return [as_text(cell) for cell in cells]
