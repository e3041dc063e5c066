"""The score sheet: every hand (Moon, 42) or round (Mexican Train) so far, one row each,
as players keep it on paper. Built from the game's record lines (or events) by the
figures of :mod:`core.summaries`; a hand thrown in (all passed) scores nothing and has
no row.

A row: the hand's number (as the play-by-play log counts hands), the bidder and the bid, made or
set (and by how much), what
each side (a team in 42, a player otherwise) scored in it and the running totals.
Mexican Train: the round, its engine, who went out (or blocked), each player's pips
and the totals.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from core.events import Event
from core.moon.view import MOON
from core.narration import HAND_ENDS, split_hands
from core.summaries import moon_hand, texas42_hand, train_round
from core.texas42.options import target_of

CONTRACTS = {"nello": "Nel-O", "sevens": "Sevens"}


@dataclass(frozen=True)
class SheetRow:
    """One hand or round. ``bidder`` / ``bid`` / ``made`` / ``margin`` are ``None`` in
    Mexican Train, ``out`` / ``engine`` outside it. ``margin``: Moon, the bidder's
    tricks over (>= 0) or short (< 0) of the bid; 42, points over or short of a point
    bid (``None`` for mark bids, Nel-O, Sevens). ``scored``: per side this hand
    (Moon's score change, 42's marks or points awarded, Mexican Train's pips);
    ``totals``: per side after it."""

    number: int
    bidder: int | None
    bid: str
    made: bool | None
    margin: int | None
    scored: tuple[int, ...]
    totals: tuple[int, ...]
    out: int | None = None
    engine: str | None = None
    points_taken: tuple[int, ...] = ()


@dataclass(frozen=True)
class ScoreSheet:
    game: str
    sides: int
    unit: str
    rows: tuple[SheetRow, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        return self.rows[-1].totals if self.rows else (0,) * self.sides


def _number(lines: list[dict[str, Any]], fallback: int) -> int:
    """The hand's number as its ``hand_start`` / ``round_start`` gives it (deals thrown
    in count, as in the play-by-play log), else ``fallback``."""
    for line in lines:
        if line.get("event") in ("hand_start", "round_start"):
            value = line.get("hand", line.get("round"))
            if isinstance(value, int) and not isinstance(value, bool):
                return value
    return fallback


def _row(game: str, fallback: int, lines: list[dict[str, Any]],
         options: dict[str, Any]) -> SheetRow:
    number = _number(lines, fallback)
    if game == "moon":
        moon = moon_hand(lines)
        bid = "Moon" if moon.bid == MOON else str(moon.bid)
        return SheetRow(number=number, bidder=moon.bidder, bid=bid, made=moon.made,
                        margin=moon.margin, scored=moon.delta, totals=moon.scores)
    if game == "texas42":
        hand = texas42_hand(lines, _unit(game, options))
        bid = hand.bid_label
        if hand.contract in CONTRACTS:
            bid = f"{bid} {CONTRACTS[hand.contract]}"
        return SheetRow(number=number, bidder=hand.bidder, bid=bid, made=hand.made,
                        margin=hand.margin, scored=tuple(t.awarded for t in hand.teams),
                        totals=tuple(t.total for t in hand.teams),
                        points_taken=tuple(t.points for t in hand.teams))
    result = train_round(lines, int(options.get("double_blank", 50)))
    return SheetRow(number=number, bidder=None, bid="", made=None,
                    margin=None, scored=tuple(p.points for p in result.players),
                    totals=tuple(p.total for p in result.players), out=result.out,
                    engine=result.engine)


def _unit(game: str, options: dict[str, Any]) -> str:
    if game == "texas42":
        try:
            return target_of(options).kind
        except (KeyError, ValueError):
            return "marks"
    return "points"


def score_sheet(game: str, items: Iterable[Event | dict[str, Any]],
                options: dict[str, Any] | None = None, sides: int | None = None) -> ScoreSheet:
    """The sheet of ``game`` ("moon", "texas42", "mexican_train") from its record
    lines or events (a header line is skipped), with the rules' ``options``.
    ``sides``: the number of columns when no hand has ended yet (2 teams in 42)."""
    options = dict(options or {})
    rows: list[SheetRow] = []
    for lines in split_hands(items):
        if any(line.get("event") in HAND_ENDS for line in lines):
            rows.append(_row(game, len(rows) + 1, lines, options))
    if rows:
        count = len(rows[-1].totals)
    else:
        count = 2 if game == "texas42" else int(sides or 0)
    return ScoreSheet(game=game, sides=count, unit=_unit(game, options), rows=tuple(rows))


def hand_lines(items: Iterable[Event | dict[str, Any]],
               end: dict[str, Any] | None = None) -> list[dict[str, Any]] | None:
    """The lines of the hand whose end line is ``end`` (the last finished hand when
    ``end`` is ``None`` or is not found), or ``None`` when no hand has ended."""
    finished = [lines for lines in split_hands(items)
                if any(line.get("event") in HAND_ENDS for line in lines)]
    if end is not None:
        for hand in finished[::-1]:
            if any(line == end for line in hand if line.get("event") in HAND_ENDS):
                return hand
    return finished[-1] if finished else None
