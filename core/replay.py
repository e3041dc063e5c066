"""A game record laid out for the replay viewer: the engine's positions, step by step.

:func:`replay_record` checks a parsed record (``core.records.replay``: a fault raises
:class:`~core.errors.RecordError` naming the file and line), then plays its decisions
again into a fresh engine built from the header (seed, options, the record's deals)
and keeps, after every step, the table as the engine holds it::

    steps = replay_record(read_record(path, allow_truncated=True))
    steps.table(steps.hand_stops[0])      # the first hand, just dealt

Position 0 is the game before it starts. Every later position is one *step*: the
first deal, or one decision with the events it caused -- except that a decision
that ends a hand and deals the next one is two steps, the hand as it ended (the
engine's :meth:`~core.game.Game.hand_end_view`), then the next deal. Each
position holds the record lines of its step (``events``), each seat's engine
view (``views``; Mexican Train: seat 0's, the public table) and the referee's
open table (:class:`OpenTable`: every hand, the widow, the boneyard), which is
what the viewer shows.

The open table is made of the engines' public state only: every seat's
:meth:`~core.game.Game.view` (all hands, the trains with their tiles oriented
as laid), plus what no seat sees, from :meth:`~core.game.Game.state_key`: the
Moon widow still face down, the Mexican Train boneyard's order (and, there,
every hand at once). Nothing here
folds record lines into a table of its own: the engines are the only rules.

Pure Python: no Textual.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from core.commands import Command
from core.game import Game, Phase
from core.narration import NARRATORS
from core.records import SKIPPED_KINDS, Record, replay
from core.text import player_name
from core.undo import decisions

HAND_STARTS = frozenset({"hand_start", "round_start", "redeal"})
HAND_ENDS = frozenset({"hand_end", "round_end"})
MOVES = frozenset({"play", "draw", "marker", "pass"})


@dataclass(frozen=True)
class TrainLine:
    """One Mexican Train line: the tiles laid, oriented (the hub's end first), its open end."""

    pairs: tuple[tuple[int, int], ...] = ()
    open_end: int = 0


@dataclass(frozen=True)
class OpenTable:
    """The whole table at one position, every hand open (the referee's view).

    Tiles are written as in records (``"6-4"``); bids as records write them (42's
    mark bids ``{"marks": n}``). ``to_act`` is the player whose decision this
    step was (``None`` for a deal); ``marked`` the tile that step moved (played,
    drawn, or taken from the widow); ``last_event`` the kind of its last line;
    ``result`` its ``hand_end``/``round_end`` line, if the step ended a hand.
    """

    game: str
    num_players: int
    position: int = 0
    hand_number: int = 0
    dealer: int | None = None              # Moon: first bidder; 42: shaker; Train: first player
    hands: tuple[tuple[str, ...], ...] = ()
    # trick games
    widow: str | None = None
    widow_taken: str | None = None
    discarded: str | None = None
    bids: dict[int, Any] = field(default_factory=dict)
    bidder: int | None = None
    bid: Any = None
    trump: str | None = None
    trick: tuple[tuple[int, str], ...] = ()
    last_trick: dict[str, Any] | None = None
    tricks_won: tuple[int, ...] = ()
    points: tuple[int, ...] = (0, 0)       # 42: per team, this hand
    # Mexican Train
    engine: str | None = None
    trains: dict[Any, TrainLine] = field(default_factory=dict)
    markers: frozenset[int] = frozenset()
    boneyard_count: int = 0
    boneyard: tuple[str, ...] = ()         # in drawing order, when known
    # every game
    scores: tuple[int, ...] = ()           # totals (per player, or per team in 42)
    to_act: int | None = None
    marked: str | None = None
    last_event: str | None = None
    result: dict[str, Any] | None = None
    over: bool = False
    winner: Any = None


@dataclass(frozen=True)
class Position:
    """One step of the game: its record lines, each seat's view after it, the open table."""

    index: int
    events: tuple[dict[str, Any], ...]
    command: Command | None
    views: tuple[Any, ...]      # every seat's (Mexican Train: seat 0's, the public table)
    table: OpenTable

    def kinds(self) -> list[str]:
        return [str(line.get("event")) for line in self.events]


class Replay:
    """A record's positions, the viewer's jumps (trick, turn, hand) and its narration."""

    def __init__(self, header: dict[str, Any], positions: list[Position], finished: bool) -> None:
        self.header = header
        self.positions = positions
        self.game: str = header["game"]
        self.finished = finished
        self.players: list[dict[str, Any]] = list(header.get("players") or [])
        self.names = [player_name(p.get("name") or f"Player {i + 1}")
                      for i, p in enumerate(self.players)]
        self.options: dict[str, Any] = dict(header.get("options") or {})
        self.narration = self._narrate()
        self.hand_stops = [p.index for p in positions if "deal" in p.kinds()]
        self.trick_stops = self._trick_stops()

    @property
    def length(self) -> int:
        """The last position (every step has happened)."""
        return len(self.positions) - 1

    @property
    def lines(self) -> list[dict[str, Any]]:
        """The record lines replayed, in order (every step's lines)."""
        return [line for position in self.positions for line in position.events]

    def table(self, position: int) -> OpenTable:
        return self.positions[max(0, min(position, self.length))].table

    def events(self, position: int) -> tuple[dict[str, Any], ...]:
        return self.positions[max(0, min(position, self.length))].events

    # -- narration ---------------------------------------------------------------
    def _narrate(self) -> list[list[str]]:
        """The sentences each position's lines add (maybe none)."""
        narrator = NARRATORS[self.game](self.names, None, self.options)
        out: list[list[str]] = []
        for position in self.positions:
            before = len(narrator.out)
            for line in position.events:
                try:
                    narrator.feed(line)
                except (KeyError, ValueError, TypeError, IndexError):
                    narrator.out.append(f"({line.get('event')})")
            out.append(list(narrator.out[before:]))
        return out

    def sentences(self, position: int, count: int) -> list[tuple[int, str]]:
        """Up to ``count`` sentences told up to ``position``, newest last, each with the
        position that told it."""
        said: list[tuple[int, str]] = []
        i = min(position, self.length)
        while i >= 0 and len(said) < count:
            for text in reversed(self.narration[i]):
                said.append((i, text))
                if len(said) >= count:
                    break
            i -= 1
        return list(reversed(said))

    # -- jumps -----------------------------------------------------------------------
    def _trick_stops(self) -> list[int]:
        """Positions just after each trick (Mexican Train: after each player's turn)."""
        if self.game != "mexican_train":
            return [p.index for p in self.positions if "trick" in p.kinds()]
        moves = [p for p in self.positions
                 if any(kind in MOVES or kind in HAND_ENDS for kind in p.kinds())]
        stops = []
        for k, position in enumerate(moves):
            nxt = moves[k + 1] if k + 1 < len(moves) else None
            if (nxt is None or any(kind in HAND_ENDS for kind in position.kinds())
                    or nxt.table.to_act != position.table.to_act):
                stops.append(position.index)
        return stops

    @staticmethod
    def _after(stops: list[int], position: int, default: int) -> int:
        return next((s for s in stops if s > position), default)

    @staticmethod
    def _before(stops: list[int], position: int, default: int) -> int:
        return next((s for s in reversed(stops) if s < position), default)

    def next_trick(self, position: int) -> int:
        return self._after(self.trick_stops, position, self.length)

    def previous_trick(self, position: int) -> int:
        return self._before(self.trick_stops, position, 0)

    def next_hand(self, position: int) -> int:
        return self._after(self.hand_stops, position, self.length)

    def previous_hand(self, position: int) -> int:
        return self._before(self.hand_stops, position, 0)


# -- building ---------------------------------------------------------------------------

def replay_record(record: Record) -> Replay:
    """Check ``record`` (``RecordError`` on a fault) and lay out its positions."""
    played = replay(record)
    return replay_game(record.header, played, finished=record.finished)


def replay_lines(header: dict[str, Any], lines: Sequence[dict[str, Any]]) -> Replay:
    """:func:`replay_record` for a header and event lines held in memory."""
    return replay_record(Record(dict(header), [dict(line) for line in lines]))


def replay_game(header: dict[str, Any], played: Game, *, finished: bool | None = None) -> Replay:
    """The positions of ``played`` (a game whose decisions are in its history), rebuilt
    step by step in a fresh engine with the same class, settings, seed and deals."""
    cls = type(played)
    history = [event.to_record() for event in played.history]
    fresh = cls(options=dict(played.options), seed=played.seed,
                deals=cls.deals_from_record(history))
    kept = _Kept(history)
    positions = [Position(0, (), None, (), OpenTable(
        played.name, played.num_players,
        scores=(0,) * (2 if played.name == "texas42" else played.num_players),
        tricks_won=(0,) * played.num_players))]

    def add(events: list[dict[str, Any]], command: Command | None, views: tuple[Any, ...],
            extra: dict[str, Any], over: bool) -> None:
        index = len(positions)
        table = _open_table(played.name, played.num_players, index, views, extra, events,
                            command, over)
        positions.append(Position(index, tuple(events), command, views, table))

    started = kept.match([e.to_record() for e in fresh.start()])
    now = _hidden(fresh)
    add(started, None, _views(fresh), now, fresh.is_over)
    for command in decisions(played):
        before = now
        lines = kept.match([e.to_record() for e in fresh.apply(command)])
        ended = [fresh.hand_end_view(p) for p in range(fresh.num_players)]
        split = next((k for k, line in enumerate(lines)
                      if line.get("event") in HAND_STARTS), None)
        if ended[0] is not None and split is not None:
            now = _hidden(fresh)
            add(lines[:split], command, tuple(ended), _hidden_at_end(before, ended), False)
            add(lines[split:], None, _views(fresh), now, fresh.is_over)
        else:
            now = _hidden(fresh)
            add(lines, command, _views(fresh), now, fresh.is_over)
    if finished is None:
        finished = fresh.is_over
    return Replay(header, positions, finished)


class _Kept:
    """The replayed game's history, read along the rebuilt game's events: the optional
    lines a preset deal does not emit again (42's first-shaker draw) are put back
    where the record has them."""

    def __init__(self, history: list[dict[str, Any]]) -> None:
        self.history = history
        self.at = 0

    def match(self, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for line in lines:
            while (self.at < len(self.history) and self.history[self.at] != line
                   and self.history[self.at].get("event") in SKIPPED_KINDS):
                out.append(self.history[self.at])
                self.at += 1
            out.append(line)
            self.at += 1
        return out


def _views(game: Game) -> tuple[Any, ...]:
    """Every seat's view; Mexican Train: seat 0's only (the public table: a big table's
    views are costly, and every hand is read from the state in :func:`_hidden`)."""
    if game.name == "mexican_train":
        return (game.view(0),)
    return tuple(game.view(p) for p in range(game.num_players))


def _hidden(game: Game) -> dict[str, Any]:
    """What no seat sees but the open table shows: the Moon widow face down, the boneyard."""
    if game.name == "moon":
        return {"widow": game.state_key().get("widow")}
    if game.name == "mexican_train":
        state = game.state_key()
        return {"boneyard": tuple(state.get("boneyard") or ()),
                "hands": tuple(tuple(str(t) for t in hand) for hand in state["hands"])}
    return {}


def _hidden_at_end(before: dict[str, Any], views: list[Any]) -> dict[str, Any]:
    """The hidden part as a hand ended: a hand never ends on a draw, so the boneyard is
    the one before the last decision (kept only if its count agrees with the views)."""
    hidden = {key: value for key, value in before.items() if key != "hands"}
    boneyard = hidden.get("boneyard")
    if boneyard is not None and len(boneyard) != getattr(views[0], "boneyard_count", -1):
        hidden["boneyard"] = ()
    return hidden


def _tile(value: Any) -> str:
    return str(value)


def _step_tile(events: list[dict[str, Any]]) -> str | None:
    for line in reversed(events):
        if line.get("event") in ("play", "draw") and "tile" in line:
            return str(line["tile"])
        if line.get("event") == "widow" and line.get("took") is not None:
            return str(line["took"])
    return None


def _open_table(game: str, num_players: int, index: int, views: tuple[Any, ...],
                hidden: dict[str, Any], events: list[dict[str, Any]], command: Command | None,
                over: bool) -> OpenTable:
    first = views[0]
    hands = hidden.get("hands")
    if hands is None:
        hands = tuple(tuple(_tile(t) for t in view.hand) for view in views)
    common: dict[str, Any] = {
        "game": game, "num_players": num_players, "position": index, "hands": hands,
        "to_act": getattr(command, "player", None) if command is not None else None,
        "marked": _step_tile(events),
        "last_event": str(events[-1].get("event")) if events else None,
        "result": next((dict(line) for line in events if line.get("event") in HAND_ENDS), None),
        "over": over,
    }
    if over:
        winner = first.winner
        common["winner"] = list(winner) if isinstance(winner, tuple) else winner
    if game == "mexican_train":
        return _train_table(views, hidden, common)
    return _trick_table(game, views, hidden, common)


def _trick_table(game: str, views: tuple[Any, ...], hidden: dict[str, Any],
                 common: dict[str, Any]) -> OpenTable:
    first = views[0]
    bids: dict[int, Any] = {}
    bidder = bid = None
    for entry in first.bids:
        player, value = entry[0], _record_bid(game, entry[1])
        bids[player] = value
        if value is not None:
            bidder, bid = player, value
    tricks = first.tricks
    last_trick: dict[str, Any] | None = None
    if tricks:
        done = tricks[-1]
        last_trick = {"number": done.number, "tiles": [_tile(t) for _, t in done.plays],
                      "winner": done.winner}
        if hasattr(done, "points"):
            last_trick["points"] = done.points
    hands = list(common.pop("hands"))
    widow = widow_taken = discarded = None
    if game == "moon":
        widow = hidden.get("widow")
        taker = first.bidder
        if taker is not None and first.phase == Phase.WIDOW:
            # The bidder holds the widow while choosing the tile to lay aside; the
            # table shows it face down beside the hand until the widow line.
            hands[taker] = tuple(t for t in hands[taker] if t != widow)
        elif taker is not None:
            widow_taken = _opt_tile(views[taker].widow_taken)
            discarded = _opt_tile(views[taker].discard)
        if widow is None:
            widow = widow_taken
        scores = tuple(first.scores)
        won = tuple(first.tricks_won)
        points: tuple[int, ...] = (0, 0)
        dealer = first.first_bidder
    else:
        scores = tuple(first.totals)
        counts = [0] * len(views)
        for done in tricks:
            counts[done.winner] += 1
        won = tuple(counts)
        points = tuple(first.points)
        dealer = first.shaker
    return OpenTable(hand_number=first.hand_number, dealer=dealer, hands=tuple(hands),
                     widow=widow, widow_taken=widow_taken, discarded=discarded,
                     bids=bids, bidder=bidder, bid=bid, trump=first.trump,
                     trick=tuple((p, _tile(t)) for p, t in first.current_trick),
                     last_trick=last_trick, tricks_won=won, points=points, scores=scores,
                     **common)


def _train_table(views: tuple[Any, ...], hidden: dict[str, Any],
                 common: dict[str, Any]) -> OpenTable:
    first = views[0]
    trains: dict[Any, TrainLine] = {}
    markers = set()
    for state in first.trains:
        key = "mexican" if state.is_mexican else int(state.owner)
        trains[key] = TrainLine(tuple(state.pairs), int(state.open_end))
        if state.marker and not state.is_mexican:
            markers.add(int(state.owner))
    ordered = {"mexican": trains.pop("mexican")} | trains if "mexican" in trains else trains
    return OpenTable(hand_number=first.round_number, dealer=first.first_player,
                     engine=_tile(first.engine), trains=ordered, markers=frozenset(markers),
                     boneyard_count=int(first.boneyard_count),
                     boneyard=tuple(hidden.get("boneyard") or ()),
                     scores=tuple(first.scores), tricks_won=(0,) * common["num_players"],
                     **common)


def _opt_tile(value: Any) -> str | None:
    return None if value is None else str(value)


def _record_bid(game: str, value: Any) -> Any:
    """A bid as the record writes it (42's mark bids as ``{"marks": n}``)."""
    if game == "texas42":
        from core.texas42.bidding import encode_bid
        return encode_bid(value)
    return value


__all__ = ["OpenTable", "Position", "Replay", "TrainLine", "replay_game", "replay_lines",
           "replay_record"]
