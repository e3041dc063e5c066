"""What a game's record lines say, in the game's own words, for the screens that show them.

The screens look a game's wording up here by the game's name (a record line carries no
view): :func:`recorded_bid_label` labels a bid line of Moon or Texas 42 as the hand
review writes it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from core.narration import moon_bid_text, texas42_bid_text
from core.texas42.bidding import decode_bid
from core.texas42.bidding import describe_bid as describe_42_bid


def _moon_bid(line: Mapping[str, Any]) -> str:
    return moon_bid_text(line.get("bid"))


def _texas42_bid(line: Mapping[str, Any]) -> str:
    bid = decode_bid(line.get("bid"))
    if line.get("splash") is True and bid is not None:
        return describe_42_bid(bid, splash=True)
    return texas42_bid_text(bid, bool(line.get("plunge")))


BID_LABELS: Mapping[str, Callable[[Mapping[str, Any]], str]] = {
    "moon": _moon_bid, "texas42": _texas42_bid}
"""Each bidding game's label of a record's bid (the record's own encoding read)."""


def recorded_bid_label(game: str, line: Mapping[str, Any]) -> str:
    """A record's ``bid`` line in the game's words: "pass", "5", "21 (shoot the moon)",
    "30 (forced)", "2 marks", "Plunge (4 marks)", "Splash (2 marks)". ``ValueError`` for a
    malformed 42 bid."""
    label = BID_LABELS.get(game, _moon_bid)(line)
    return label + " (forced)" if line.get("forced") else label


def set_choices(game: str, players: int) -> tuple[int, ...] | None:
    """The domino sets a game may be set up with for ``players`` (Mexican Train: by the
    draw table), or ``None`` when the game's set does not depend on the players."""
    if game not in _SET_CHOICES:
        return None
    return _SET_CHOICES[game](players)


def _train_sets(players: int) -> tuple[int, ...]:
    from core.mexican_train.options import sets_for_players
    return sets_for_players(players)


_SET_CHOICES: Mapping[str, Callable[[int], tuple[int, ...]]] = {"mexican_train": _train_sets}


def open_bid_words(game: str, bid: Any) -> str:
    """A bid as the replay's open table writes it (bids as records write them): "pass",
    "5", "21 (the moon)", "30", "2 marks"."""
    if bid is None:
        return "pass"
    if isinstance(bid, dict):
        marks = bid.get("marks")
        return f"{marks} mark{'s' if marks != 1 else ''}"
    return _OPEN_BID_WORDS.get(game, {}).get(bid, str(bid))


_OPEN_BID_WORDS: Mapping[str, Mapping[Any, str]] = {"moon": {21: "21 (the moon)"}}

DEALER_ROLES: Mapping[str, tuple[str, str]] = {"moon": ("bids", " first"),
                                               "texas42": ("shakes", "")}
"""What the seat that opens a hand does, as (verb, rest): Moon's first bidder bids first,
42's shaker shakes."""
