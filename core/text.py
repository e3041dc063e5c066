"""Text that comes from people and files, made safe to show.

Player names, file names, record fields and the error messages that quote them
are data. Before any of it reaches a screen or a terminal it goes through
:func:`plain`: every control character (the C0 and C1 ranges, DEL, and the
Unicode line and paragraph separators and bidirectional overrides) becomes a
visible stand-in, so an escape sequence in a shared record can neither retitle
the terminal, write to its clipboard nor clear the screen, and the text is cut
to a bounded length with an ellipsis.

Markup is the screen's business: ``tui`` shows this text as ``rich.text.Text``
(never parsed as Textual markup); this module only makes the characters safe.
"""

from __future__ import annotations

MAX_NAME = 40
"""The longest player name shown on screen (and accepted in a record header: see
:data:`MAX_NAME_IN_RECORD`)."""

MAX_NAME_IN_RECORD = 200
"""The record reader refuses a header whose player name is longer than this."""

MAX_SHOWN = 300
"""The default bound for any other text from a file or a person (messages, paths)."""

_BIDI = {0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
         0x2066, 0x2067, 0x2068, 0x2069, 0x2028, 0x2029, 0xFEFF}


def _stand_in(char: str, ascii_only: bool) -> str:
    code = ord(char)
    if code < 0x20:
        # ESC shows as ␛ (or ^[ in ASCII), and so on: visible, one cell or two.
        return f"^{chr(code + 0x40)}" if ascii_only else chr(0x2400 + code)
    if code == 0x7F:
        return "^?" if ascii_only else "\u2421"
    return "?" if ascii_only else "\ufffd"


def is_unsafe(char: str) -> bool:
    """Whether a character must not reach a terminal as it is."""
    code = ord(char)
    if code < 0x20 or 0x7F <= code < 0xA0 or code in _BIDI:
        return True
    return 0xD800 <= code <= 0xDFFF  # a lone surrogate (JSON allows one) cannot be written


def plain(value: object, limit: int | None = MAX_SHOWN, *, ascii_only: bool = False,
          keep_newlines: bool = False) -> str:
    """``value`` as text that is safe to show: control characters replaced by visible
    stand-ins, and at most ``limit`` characters (the last one an ellipsis when cut).

    ``keep_newlines`` lets line breaks through (for multi-line messages); tabs and
    every other control character are always replaced. ``ascii_only`` also replaces
    everything outside printable ASCII (for the ASCII tile style).
    """
    text = value if isinstance(value, str) else str(value)
    out: list[str] = []
    for char in text:
        if keep_newlines and char == "\n":
            out.append(char)
        elif is_unsafe(char):
            out.append(_stand_in(char, ascii_only))
        elif ascii_only and not 0x20 <= ord(char) < 0x7F:
            out.append("?")
        else:
            out.append(char)
    safe = "".join(out)
    if limit is not None and len(safe) > limit:
        cut = max(limit - 1, 0)
        safe = safe[:cut] + ("." if ascii_only else "\u2026") if limit > 0 else ""
    return safe


def player_name(value: object, *, ascii_only: bool = False) -> str:
    """A player's name for the screen: :func:`plain`, at most :data:`MAX_NAME` characters,
    and never empty (an empty or blank name shows as ``?``)."""
    name = plain(value, MAX_NAME, ascii_only=ascii_only).strip()
    return name or "?"
