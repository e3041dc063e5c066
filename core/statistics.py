"""Statistics of the human player's finished games, computed from their game records.

A finished record (one with a ``game_end`` line, ``docs/record-format.md``) is
summed up from the human's seat -- the header's first ``players`` entry whose
``kind`` is ``"human"`` -- as a :class:`GameSummary`; the summaries of one game
type add up to its :class:`GameStats`:

* games played and won, the win rate;
* the average final score: Moon points, Texas 42 marks or points (by the
  game's target, kept apart), Mexican Train pips (lower is better);
* the human's own bids by size, made or set (Moon, Texas 42);
* the best and worst Mexican Train round (the human's pips in one round);
* how many games used undo.

Decided where the brief leaves room:

* A Texas 42 game is won when the human's team wins; a Mexican Train game
  when the human is the winner or shares a tie for the win.
* "Your bids" are the hands the human won the bidding (a forced bid counts:
  it was the human's contract). A Texas 42 Plunge has its own row.
* A game "used undo" when its header or any line has ``"undo_used": true``, or
  it holds an ``undo`` line (the marker may live in either place).
* Records without a human seat (bots only), unfinished records and records
  that cannot be read are not counted; the last two are tallied so the screen
  can say so. The same record found twice (the same bytes) counts once.

Pure Python: reads files, never imports the interface.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from core.errors import RecordError
from core.records import MAX_BYTES, parse_record

GAMES: tuple[str, ...] = ("moon", "texas42", "mexican_train")
TITLES: dict[str, str] = {"moon": "Three-Player Moon", "texas42": "Texas 42",
                          "mexican_train": "Mexican Train"}
MARK = 42


# -- one game ----------------------------------------------------------------

@dataclass(frozen=True)
class BidResult:
    """One hand the human won the bidding: the bid's label, its size (for ordering), made?"""

    label: str
    size: int
    made: bool


@dataclass(frozen=True)
class GameSummary:
    """A finished game from the human's seat.

    ``score`` is the human's final total (Moon points, Mexican Train pips) or
    their team's (Texas 42, in ``unit`` "marks" or "points"). ``rounds`` are
    the human's pips in each Mexican Train round.
    """

    game: str
    seat: int
    won: bool
    score: int
    unit: str
    bids: tuple[BidResult, ...] = ()
    rounds: tuple[int, ...] = ()
    hands: int = 0
    undo_used: bool = False
    path: str | None = None
    finished_at: float | None = None


def human_seat(header: dict[str, Any]) -> int | None:
    """The player's seat: the header's ``seat`` (a shared game kept in one player's
    history names theirs) when it is a human's, else the first seat whose player is a
    human, or ``None``."""
    players = header.get("players")
    if not isinstance(players, list):
        return None
    seat = header.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players) \
            and isinstance(players[seat], dict) and players[seat].get("kind") == "human":
        return seat
    for i, player in enumerate(players):
        if isinstance(player, dict) and player.get("kind") == "human":
            return i
    return None


def used_undo(header: dict[str, Any], lines: Iterable[dict[str, Any]]) -> bool:
    """Whether the game's record marks that undo was used (see the module notes)."""
    if header.get("undo_used") is True:
        return True
    return any(line.get("undo_used") is True or line.get("event") == "undo" for line in lines)


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, not {value!r}")
    return value


def _moon_bid_label(bid: int) -> str:
    return "21 (moon)" if bid == 21 else str(bid)


def _texas42_bid(value: Any, plunge: bool, splash: bool = False) -> tuple[str, int]:
    """(label, size on the point scale) of a recorded 42 bid."""
    if isinstance(value, dict):
        marks = _int(value.get("marks"), "marks")
        size = marks * MARK
        if plunge:
            return f"Plunge ({marks} marks)", size + 1     # after a plain bid of 4 marks
        if splash:
            return f"Splash ({marks} marks)", size + 1     # after a plain bid of 2 or 3
        return ("1 mark" if marks == 1 else f"{marks} marks"), size
    size = _int(value, "bid")
    return str(size), size


def _moon(header: dict[str, Any], lines: list[dict[str, Any]], seat: int,
          end: dict[str, Any]) -> dict[str, Any]:
    bids = []
    hands = 0
    for line in lines:
        if line.get("event") != "hand_end":
            continue
        hands += 1
        if line.get("bidder") == seat:
            bid = _int(line.get("bid"), "bid")
            bids.append(BidResult(_moon_bid_label(bid), bid, line.get("made") is True))
    scores: Any = end.get("scores")
    return {"won": end.get("winner") == seat, "score": _int(scores[seat], "score"),
            "unit": "points", "bids": tuple(bids), "hands": hands}


def _texas42(header: dict[str, Any], lines: list[dict[str, Any]], seat: int,
             end: dict[str, Any]) -> dict[str, Any]:
    team = seat % 2
    bids = []
    hands = 0
    plunged: set[int] = set()      # players who called a Plunge this hand
    splashed: set[int] = set()     # ... a Splash
    for line in lines:
        kind = line.get("event")
        if kind == "hand_start":
            plunged, splashed = set(), set()
        elif kind == "bid" and line.get("plunge") is True:
            player: Any = line.get("player")
            plunged.add(player)
        elif kind == "bid" and line.get("splash") is True:
            splasher: Any = line.get("player")
            splashed.add(splasher)
        elif kind == "hand_end":
            hands += 1
            if line.get("bidder") == seat:
                label, size = _texas42_bid(line.get("bid"), seat in plunged,
                                           seat in splashed)
                bids.append(BidResult(label, size, line.get("made") is True))
    target = str((header.get("options") or {}).get("target", "marks:7"))
    unit = "points" if target.strip().lower().startswith("points") else "marks"
    scores: Any = end.get("scores")
    return {"won": end.get("winner") == team, "score": _int(scores[team], "score"),
            "unit": unit, "bids": tuple(bids), "hands": hands}


def _mexican_train(header: dict[str, Any], lines: list[dict[str, Any]], seat: int,
                   end: dict[str, Any]) -> dict[str, Any]:
    ends: list[Any] = [line.get("points") for line in lines if line.get("event") == "round_end"]
    rounds = tuple(_int(points[seat], "points") for points in ends)
    winner = end.get("winner")
    won = seat in winner if isinstance(winner, list) else winner == seat
    scores: Any = end.get("scores")
    return {"won": won, "score": _int(scores[seat], "score"), "unit": "pips",
            "rounds": rounds, "hands": len(rounds)}


_READERS = {"moon": _moon, "texas42": _texas42, "mexican_train": _mexican_train}


def summarize(header: dict[str, Any], lines: list[dict[str, Any]], path: str | None = None,
              finished_at: float | None = None) -> GameSummary | None:
    """The human's summary of a finished game; ``None`` if unfinished or no human played.

    Raises ``ValueError`` for a record whose result lines are malformed.
    """
    game = header.get("game")
    if game not in _READERS:
        raise ValueError(f"unknown game {game!r}")
    seat = human_seat(header)
    end = next((line for line in reversed(lines) if line.get("event") == "game_end"), None)
    if seat is None or end is None:
        return None
    try:
        facts = _READERS[game](header, lines, seat, end)
    except (TypeError, IndexError, KeyError, AttributeError) as exc:
        raise ValueError(f"malformed result line ({type(exc).__name__}: {exc})") from None
    return GameSummary(game=game, seat=seat, undo_used=used_undo(header, lines), path=path,
                       finished_at=finished_at, **facts)


def summarize_lines(record: list[dict[str, Any]], path: str | None = None) -> GameSummary | None:
    """:func:`summarize` for a whole record given as dicts, header first (``core.simulate``)."""
    return summarize(record[0], record[1:], path)


# -- all games of one type ---------------------------------------------------------

@dataclass
class BidTally:
    """The human's bids of one size: how many made, how many set."""

    label: str
    size: int
    made: int = 0
    set: int = 0

    @property
    def total(self) -> int:
        return self.made + self.set

    @property
    def made_rate(self) -> float:
        return self.made / self.total if self.total else 0.0


@dataclass(frozen=True)
class RoundNote:
    """One Mexican Train round of the human's: pips scored, which round, which game."""

    points: int
    round: int
    path: str | None = None
    finished_at: float | None = None


@dataclass
class GameStats:
    game: str
    played: int = 0
    won: int = 0
    score_totals: dict[str, int] = field(default_factory=dict)   # unit -> sum of final scores
    score_games: dict[str, int] = field(default_factory=dict)    # unit -> games with that unit
    bids: dict[str, BidTally] = field(default_factory=dict)
    hands: int = 0
    best_round: RoundNote | None = None
    worst_round: RoundNote | None = None
    rounds_played: int = 0
    undo_games: int = 0

    @property
    def title(self) -> str:
        return TITLES.get(self.game, self.game)

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def win_rate(self) -> float | None:
        """Games won / games played, or ``None`` before the first game."""
        return self.won / self.played if self.played else None

    @property
    def averages(self) -> dict[str, float]:
        """Average final score per unit ("points", "marks", "pips")."""
        return {unit: self.score_totals[unit] / self.score_games[unit]
                for unit in self.score_totals if self.score_games.get(unit)}

    def bid_rows(self) -> list[BidTally]:
        """The bid sizes the human has bid, smallest first."""
        return sorted(self.bids.values(), key=lambda b: b.size)

    def add(self, summary: GameSummary) -> None:
        self.played += 1
        self.won += summary.won
        self.undo_games += summary.undo_used
        self.hands += summary.hands
        self.score_totals[summary.unit] = self.score_totals.get(summary.unit, 0) + summary.score
        self.score_games[summary.unit] = self.score_games.get(summary.unit, 0) + 1
        for bid in summary.bids:
            tally = self.bids.setdefault(bid.label, BidTally(bid.label, bid.size))
            if bid.made:
                tally.made += 1
            else:
                tally.set += 1
        for number, points in enumerate(summary.rounds, start=1):
            self.rounds_played += 1
            note = RoundNote(points, number, summary.path, summary.finished_at)
            if self.best_round is None or points < self.best_round.points:
                self.best_round = note
            if self.worst_round is None or points > self.worst_round.points:
                self.worst_round = note


@dataclass
class Statistics:
    """Every game type's statistics, plus what could not be counted."""

    games: dict[str, GameStats] = field(
        default_factory=lambda: {name: GameStats(name) for name in GAMES})
    unfinished: int = 0
    without_human: int = 0
    unreadable: list[str] = field(default_factory=list)

    @property
    def played(self) -> int:
        return sum(g.played for g in self.games.values())

    def add(self, summary: GameSummary) -> None:
        self.games.setdefault(summary.game, GameStats(summary.game)).add(summary)


def compute(summaries: Iterable[GameSummary]) -> Statistics:
    stats = Statistics()
    for summary in summaries:
        stats.add(summary)
    return stats


def from_records(records: Iterable[list[dict[str, Any]]]) -> Statistics:
    """Statistics of records given as dicts (header first), e.g. from ``core.simulate``."""
    stats = Statistics()
    for record in records:
        _count(stats, record[0], record[1:], None, None)
    return stats


def _count(stats: Statistics, header: dict[str, Any], lines: list[dict[str, Any]],
           path: str | None, finished_at: float | None) -> None:
    try:
        summary = summarize(header, lines, path, finished_at)
    except ValueError as exc:
        stats.unreadable.append(f"{path or '<record>'}: {exc}")
        return
    if summary is not None:
        stats.add(summary)
    elif not any(line.get("event") == "game_end" for line in lines):
        stats.unfinished += 1
    else:
        stats.without_human += 1


def record_files(folders: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """Every ``*.jsonl`` file directly in ``folders`` (missing folders are skipped)."""
    files: list[Path] = []
    for folder in folders:
        try:
            files.extend(sorted(p for p in Path(folder).glob("*.jsonl") if p.is_file()))
        except OSError:
            continue
    return files


def collect(folders: Iterable[str | os.PathLike[str]]) -> Statistics:
    """Statistics of every record file in ``folders`` (saves, history, ...).

    Unreadable files are listed in ``unreadable`` (with the reason) and skipped;
    a file found twice with the same bytes counts once.
    """
    stats = Statistics()
    seen: set[str] = set()
    for path in record_files(folders):
        name = str(path)
        try:
            if path.stat().st_size > MAX_BYTES:
                raise RecordError(f"file too large (over {MAX_BYTES} bytes)", name)
            data = path.read_bytes()
            finished_at = path.stat().st_mtime
        except RecordError as exc:
            stats.unreadable.append(str(exc))
            continue
        except OSError as exc:
            stats.unreadable.append(f"{name}: cannot read: {exc.strerror or exc}")
            continue
        digest = hashlib.sha1(data).hexdigest()
        if digest in seen:
            continue
        seen.add(digest)
        try:
            record = parse_record(data, name, allow_truncated=True)
        except RecordError as exc:
            stats.unreadable.append(str(exc))
            continue
        _count(stats, record.header, record.lines, name, finished_at)
    return stats
