"""One-line dominoes and the symbols of the Mexican Train hub, in box-drawing or plain ASCII.

The hub shows up to 13 trains and a hand of up to 16 tiles of a double-18 set
on an 80×24 terminal, so its tiles take one line: ``[12│5]`` (``[12|5]`` in the
ASCII style). Every symbol that carries meaning has an ASCII twin and is always
paired with text or a shape, never colour alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence


@dataclass(frozen=True)
class HubGlyphs:
    """The hub's symbols in one style."""

    bar: str          # between a tile's two ends
    pointer: str      # the selected train
    fits: str         # the selected tile may be laid on this train
    marker: str       # a train marker (the train is open to everyone)
    more: str         # older tiles not shown: "…+N"
    arrow: str        # the open end
    open_double: str  # a double that must be satisfied
    raised: str       # the chosen tile in the hand
    dot: str          # between the parts of a line: "round 2/13 · engine …"


UNICODE = HubGlyphs(bar="│", pointer="▶", fits="+", marker="⚑", more="…",
                    arrow="→", open_double="◆", raised="▲", dot="·")
ASCII = HubGlyphs(bar="|", pointer=">", fits="+", marker="M", more="...",
                  arrow="->", open_double="*", raised="^", dot="-")


def glyphs_for(style: str | None) -> HubGlyphs:
    """The ASCII symbols for the ``ascii`` tile style, box-drawing ones otherwise."""
    return ASCII if style == "ascii" else UNICODE


def compact_tile(pair: Sequence[int], glyphs: HubGlyphs = UNICODE) -> str:
    """A tile on one line, its ends in the order given: ``[12│5]``."""
    return f"[{int(pair[0])}{glyphs.bar}{int(pair[1])}]"


def compact_width(max_pip: int) -> int:
    """Cells of the widest one-line tile of a double-``max_pip`` set."""
    digits = len(str(max_pip))
    return 3 + 2 * digits
