"""Texas 42 bidding: which bids are legal, why a bid is not, and how bids are named.

Bids are ints on the point scale: 30-41 are point bids, ``42 * n`` is a bid of
n marks (``core.commands.MARK``); ``None`` is a pass. A Plunge is the 4-mark bid
``4 * 42`` flagged ``plunge=True``; a Splash is a 2- or 3-mark bid flagged
``splash=True``.

Rules (``docs/rules/texas42.md``, Bidding): each player bids once, passing or bidding
higher than the standing high bid. Point bids run 30-41. While no mark bid stands
a player may bid 1 or 2 marks (nobody opens above 2 marks); once a mark bid
stands, the only higher bid is exactly one mark more. A Plunge (setting
``plunge``) may be called by a holder of 4+ doubles while nobody has bid yet,
or (setting ``splash`` on too) over a standing Splash. A Splash (setting
``splash``) may be called by a holder of 3+ doubles while the high bid is below
3 marks: it is worth 2 marks, or one more than the standing mark bid, whichever
is more (so 3 marks over 2 marks, and never more).
"""

from __future__ import annotations

from typing import Any

from core.commands import MARK

MIN_BID = 30
MAX_POINT_BID = 41
OPENING_MARK_CAP = 2
PLUNGE_MARKS = 4
PLUNGE_BID = PLUNGE_MARKS * MARK
PLUNGE_MIN_DOUBLES = 4
SPLASH_MARKS = 2
SPLASH_MAX_MARKS = 3
SPLASH_MIN_DOUBLES = 3
NELLO_MIN_BID = 2 * MARK
SEVENS_MIN_BID = 1 * MARK


def is_mark_bid(bid: int | None) -> bool:
    return bid is not None and bid >= MARK


def marks_of(bid: int) -> int:
    """The marks a bid is worth in the marks game: a point bid 1, n marks n."""
    return bid // MARK if bid >= MARK else 1


def next_mark_bids(high: int | None) -> list[int]:
    """The mark bids (in marks) allowed over ``high``."""
    if high is not None and is_mark_bid(high):
        return [high // MARK + 1]
    return list(range(1, OPENING_MARK_CAP + 1))


def splash_value(high: int | None) -> int | None:
    """The bid a Splash over ``high`` is worth (2 marks, or one mark more than a
    standing mark bid), or ``None`` when ``high`` is 3 marks or more."""
    marks = high // MARK if high is not None and is_mark_bid(high) else 0
    value = max(SPLASH_MARKS, marks + 1)
    return value * MARK if value <= SPLASH_MAX_MARKS else None


def plunge_value(high: int | None) -> int:
    """The bid a Plunge over ``high`` is worth: 4 marks, or one mark more."""
    marks = high // MARK if high is not None and is_mark_bid(high) else 0
    return max(PLUNGE_MARKS, marks + 1) * MARK


def plunge_open(high: int | None, high_splash: bool) -> bool:
    """Whether a Plunge may be called now: nobody has bid, or a Splash stands."""
    return high is None or high_splash


def legal_bid_calls(high: int | None, *, plunge_allowed: bool = False,
                    splash_allowed: bool = False, high_splash: bool = False,
                    max_marks: int | None = None) -> list[tuple[int | None, bool, bool]]:
    """Every bid a player may make over the standing ``high`` bid (``None``: nobody has bid).

    Returns ``(bid, plunge, splash)`` triples, pass first, then the point and mark
    bids ascending, then a Plunge, then a Splash. ``plunge_allowed``/``splash_allowed``
    are true when the setting is on and the player holds the doubles (4+ / 3+);
    ``high_splash``: the standing high bid is a Splash (a Plunge may be called over
    it). ``max_marks`` caps the mark bids (the auction census counts with caps
    1..7); ``None`` means no cap beyond the rules'.
    """
    out: list[tuple[int | None, bool, bool]] = [(None, False, False)]
    if not is_mark_bid(high):
        start = MIN_BID if high is None else high + 1
        out.extend((b, False, False) for b in range(start, MAX_POINT_BID + 1))
    for marks in next_mark_bids(high):
        if max_marks is None or marks <= max_marks:
            out.append((marks * MARK, False, False))
    if plunge_allowed and plunge_open(high, high_splash):
        value = plunge_value(high)
        if max_marks is None or value // MARK <= max_marks:
            out.append((value, True, False))
    if splash_allowed:
        splash = splash_value(high)
        if splash is not None and (max_marks is None or splash // MARK <= max_marks):
            out.append((splash, False, True))
    return out


def legal_bids(high: int | None, *, plunge_allowed: bool = False,
               max_marks: int | None = None) -> list[tuple[int | None, bool]]:
    """Every bid a player may make over ``high`` without Splash, as ``(bid, plunge)``
    pairs (see :func:`legal_bid_calls`)."""
    return [(b, pl) for b, pl, _ in legal_bid_calls(high, plunge_allowed=plunge_allowed,
                                                     max_marks=max_marks)]


def describe_bid(bid: int | None, plunge: bool = False, forced: bool = False, *,
                 splash: bool = False) -> str:
    """A bid's label: "Pass", "30", "30 (forced)", "1 mark", "2 marks", "Plunge (4 marks)",
    "Splash (2 marks)"."""
    if bid is None:
        return "Pass"
    if plunge:
        return f"Plunge ({bid // MARK} marks)"
    if splash:
        return f"Splash ({bid // MARK} marks)"
    if bid < MARK:
        return f"{bid} (forced)" if forced else str(bid)
    marks = bid // MARK
    return "1 mark" if marks == 1 else f"{marks} marks"


def bid_error(bid: Any, plunge: bool, high: int | None, *, plunge_setting: bool,
              doubles_held: int, splash: bool = False, splash_setting: bool = False,
              high_splash: bool = False) -> str | None:
    """Why a bid may not be made over ``high``, in a player's words; ``None`` if it may.

    ``high_splash``: the standing high bid is a Splash."""
    if plunge and splash:
        return "A bid is a Plunge or a Splash, not both."
    if plunge:
        if not plunge_setting:
            return "Plunge is not in play (the plunge setting is off)."
        if not plunge_open(high, high_splash):
            if splash_setting:
                return "You may call Plunge only before anyone has bid, or over a Splash."
            return "You may call Plunge only before anyone has bid."
        value = plunge_value(high)
        if bid != value:
            if value == PLUNGE_BID:
                return "A Plunge is a bid of 4 marks."
            return f"A Plunge here is a bid of {describe_bid(value)}."
        if doubles_held < PLUNGE_MIN_DOUBLES:
            return f"Plunge needs 4 or more doubles: you hold {doubles_held}."
        return None
    if splash:
        if not splash_setting:
            return "Splash is not in play (the splash setting is off)."
        worth = splash_value(high)
        if worth is None:
            return "You may call Splash only while the high bid is below 3 marks."
        if bid != worth:
            return f"A Splash here is a bid of {describe_bid(worth)}."
        if doubles_held < SPLASH_MIN_DOUBLES:
            return f"Splash needs 3 or more doubles: you hold {doubles_held}."
        return None
    if bid is None:
        return None
    if isinstance(bid, bool) or not isinstance(bid, int):
        return f"{bid!r} is not a bid: bid 30 to 41 points or a number of marks."
    if bid < MARK:
        if not MIN_BID <= bid <= MAX_POINT_BID:
            return f"{bid} is not a bid: point bids are 30 to 41."
        if is_mark_bid(high):
            return (f"Only a mark bid may follow {describe_bid(high)}: "
                    f"bid {describe_bid(next_mark_bids(high)[0] * MARK)} or pass.")
        if high is not None and bid <= high:
            return f"You must bid more than {high}."
        return None
    if bid % MARK:
        return f"{bid} is not a bid: bid 30 to 41 points or a number of marks."
    marks = bid // MARK
    if is_mark_bid(high):
        allowed = next_mark_bids(high)[0]
        if marks != allowed:
            return (f"After {describe_bid(high)} you may bid only "
                    f"{describe_bid(allowed * MARK)} (one mark more).")
        return None
    if marks > OPENING_MARK_CAP:
        return "No one may open above 2 marks."
    return None


def encode_bid(bid: int | None) -> Any:
    """A bid as the game record writes it: null, 30-41, or ``{"marks": n}``."""
    if bid is None or bid < MARK:
        return bid
    return {"marks": bid // MARK}


def decode_bid(value: Any) -> int | None:
    """The record's bid value back to the point scale; ``ValueError`` if malformed."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        if MIN_BID <= value <= MAX_POINT_BID:
            return value
        raise ValueError(f"bid {value!r} is not a point bid (30 to 41)")
    if isinstance(value, dict) and set(value) == {"marks"}:
        marks = value["marks"]
        if isinstance(marks, int) and not isinstance(marks, bool) and marks >= 1:
            return marks * MARK
    raise ValueError(f"bid {value!r} is not null, 30-41 or {{\"marks\": n}}")
