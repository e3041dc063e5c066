"""Trick-taking shared by Moon and Texas 42: suits, following and trick winners.

This is the one place that decides which suit a tile belongs to, what may be
played to a trick, and who wins it, in every trump mode:

* a number trump ("0".."6"): every tile carrying it is a trump and nothing else;
* doubles trump: the seven doubles are the trump suit, ranked by pips;
* no trumps ("none", 42's follow-me) and Nel-O: nothing is trump; the doubles
  rank ``high`` or ``low`` in their own number's suit, or form a suit of their
  own (``own_suit``);
* Sevens: no suits; the tile whose pip total is closest to 7 wins, the first
  played of equally close tiles.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from core.tiles import Tile

TRUMP = 7     # the suit of every trump
DOUBLES = 8   # the doubles as a suit of their own (no trumps / Nel-O, ``own_suit``)

SUIT_NAMES = {0: "blanks", 1: "aces", 2: "deuces", 3: "treys", 4: "fours",
              5: "fives", 6: "sixes", TRUMP: "trumps", DOUBLES: "doubles"}

TRUMP_NAMES = {"0": "blanks", "1": "aces", "2": "deuces", "3": "treys", "4": "fours",
               "5": "fives", "6": "sixes", "doubles": "doubles", "none": "no trumps",
               "nello": "Nel-O", "sevens": "Sevens"}

DOUBLES_PLACES = ("high", "low", "own_suit")


@dataclass(frozen=True)
class TrumpMode:
    """How one hand's tricks are played.

    ``trump`` is "0".."6", "doubles", "none", "nello" or "sevens". ``doubles``
    places the doubles when nothing is trump ("none"/"nello"): "high", "low" or
    "own_suit". ``free_play`` lifts Sevens' closest-to-7 obligation.
    """

    trump: str
    doubles: str = "high"
    free_play: bool = False

    def __post_init__(self) -> None:
        if self.trump not in TRUMP_NAMES:
            raise ValueError(f"unknown trump {self.trump!r}")
        if self.doubles not in DOUBLES_PLACES:
            raise ValueError(f"unknown doubles placement {self.doubles!r}")

    @property
    def trump_number(self) -> int | None:
        return int(self.trump) if self.trump.isdigit() else None

    @property
    def no_trumps(self) -> bool:
        return self.trump in ("none", "nello", "sevens")

    @property
    def doubles_own_suit(self) -> bool:
        return self.trump in ("none", "nello") and self.doubles == "own_suit"

    def describe(self) -> str:
        name = TRUMP_NAMES[self.trump]
        if self.trump in ("none", "nello"):
            place = {"high": "doubles high", "low": "doubles low",
                     "own_suit": "doubles a suit of their own"}[self.doubles]
            return f"{name} ({place})"
        return name


def is_trump(t: Tile, mode: TrumpMode) -> bool:
    n = mode.trump_number
    if n is not None:
        return t.high == n or t.low == n
    if mode.trump == "doubles":
        return t.high == t.low
    return False


def suit_led(t: Tile, mode: TrumpMode) -> int:
    """The suit a tile calls for when it is led."""
    if is_trump(t, mode):
        return TRUMP
    if t.high == t.low and mode.doubles_own_suit:
        return DOUBLES
    return t.high


def follows(t: Tile, suit: int, mode: TrumpMode) -> bool:
    """Whether ``t`` belongs to ``suit`` (so follows it when it is led)."""
    if suit == TRUMP:
        return is_trump(t, mode)
    if suit == DOUBLES:
        return t.high == t.low
    if is_trump(t, mode):
        return False
    if t.high == t.low and mode.doubles_own_suit:
        return False
    return t.high == suit or t.low == suit


def rank(t: Tile, suit: int, mode: TrumpMode) -> int:
    """Rank of a tile that follows ``suit``; higher beats lower."""
    if suit == TRUMP:
        n = mode.trump_number
        if n is None:                       # doubles are trumps
            return t.high
        return 100 if t.high == t.low else t.other(n)
    if suit == DOUBLES:
        return t.high
    if t.high == t.low:
        return -1 if (mode.no_trumps and mode.doubles == "low") else 100
    return t.other(suit)


def sevens_distance(t: Tile) -> int:
    return abs(t.high + t.low - 7)


def legal_plays(hand: Sequence[Tile], trick: Sequence[Tile], mode: TrumpMode) -> list[Tile]:
    """The tiles of ``hand`` that may be played to ``trick`` (tiles so far, in order)."""
    if not hand:
        return []       # an empty hand (the hand is over) has nothing to play
    if mode.trump == "sevens":
        if mode.free_play:
            return list(hand)
        best = min(sevens_distance(t) for t in hand)
        return [t for t in hand if sevens_distance(t) == best]
    if not trick:
        return list(hand)
    suit = suit_led(trick[0], mode)
    followers = [t for t in hand if follows(t, suit, mode)]
    return followers or list(hand)


def illegal_play_reason(hand: Sequence[Tile], trick: Sequence[Tile], t: Tile,
                        mode: TrumpMode) -> str | None:
    """Why ``t`` may not be played, in a player's words; ``None`` when it may."""
    if t not in hand:
        return f"You do not hold {t}."
    allowed = legal_plays(hand, trick, mode)
    if t in allowed:
        return None
    held = ", ".join(str(x) for x in allowed)
    if mode.trump == "sevens":
        return f"In Sevens you must play a tile closest to 7 pips: you hold {held}."
    suit = suit_led(trick[0], mode)
    return f"You must follow {SUIT_NAMES[suit]}: you hold {held}."


def trick_winner(trick: Sequence[Tile], mode: TrumpMode) -> int:
    """Index (in play order) of the tile that wins a complete or partial trick."""
    if mode.trump == "sevens":
        best = 0
        for i, t in enumerate(trick):
            if sevens_distance(t) < sevens_distance(trick[best]):
                best = i
        return best
    trumps = [i for i, t in enumerate(trick) if is_trump(t, mode)]
    if trumps:
        return max(trumps, key=lambda i: rank(trick[i], TRUMP, mode))
    suit = suit_led(trick[0], mode)
    candidates = [i for i, t in enumerate(trick) if follows(t, suit, mode)]
    return max(candidates, key=lambda i: rank(trick[i], suit, mode))
