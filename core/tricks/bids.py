"""One bid of a hand's auction, the same for every game that bids (Moon, Texas 42).

The views keep their own tuples in ``bids`` (the bots read them); ``bid_entries``
gives them in this one shape, each with its label in the game's words.
"""

from __future__ import annotations

from typing import NamedTuple


class BidEntry(NamedTuple):
    """``player`` bid ``bid`` (``None``: passed). ``label``: the bid as the game says it
    ("Pass", "5 (forced)", "Shoot the moon (21)", "2 marks", "Plunge (4 marks)");
    ``short``: as it is shown by a seat ("pass", "5", "21", "30", "2 marks")."""

    player: int
    bid: int | None
    plunge: bool
    forced: bool
    label: str
    short: str


class BidOffer(NamedTuple):
    """A legal bid as a bidding dialog offers it, in the game's words: ``label``;
    ``group``: the row it sits in (``"pass"``, ``"tricks"``, ``"moon"``, ``"points"``,
    ``"marks"``); ``note``: what it asks of the bidder; ``key``: a letter that reaches
    it ("" for none); ``number``: the digits that type it ("" for none)."""

    label: str
    group: str
    note: str
    key: str = ""
    number: str = ""

