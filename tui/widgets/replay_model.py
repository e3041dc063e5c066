"""What the replay viewer shows at each point of a record: the referee's table.

A :class:`ReplayModel` takes a record (header and event lines, already checked by
``core.records.replay``) and answers, for any *position* (how many event lines
have happened: 0 … ``len(lines)``), the :class:`Table` at that moment: every
hand, the widow, the trick on the table, the trains and the boneyard, the bids,
trumps, tricks and scores. It also knows where tricks (Mexican Train: turns) and
hands (rounds) end, for the viewer's jumps, and the narration of every line.

The table is folded from the record lines alone (the record is the referee's
view), from the start of the hand in progress, so any position is cheap to
reach in either direction. Pure Python: no Textual.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.narration import NARRATORS, as_line
from core.text import player_name

HAND_STARTS = frozenset({"hand_start", "round_start"})
HAND_ENDS = frozenset({"hand_end", "round_end"})


def _pips(tile: str) -> tuple[int, int]:
    high, _, low = str(tile).partition("-")
    return int(high), int(low)


def sort_tiles(tiles: list[str]) -> list[str]:
    """Tiles high first (as a hand is shown)."""
    return sorted(tiles, key=_pips, reverse=True)


@dataclass
class Train:
    """One Mexican Train line: the tiles laid (oriented, the engine end first) and its open end."""

    pairs: list[tuple[int, int]] = field(default_factory=list)
    open_end: int = 0


@dataclass
class Table:
    """The whole table at one moment (the referee's view)."""

    game: str
    num_players: int
    position: int = 0
    hand_number: int = 0
    dealer: int | None = None              # Moon: first bidder; 42: shaker; Train: first player
    hands: list[list[str]] = field(default_factory=list)
    # trick games
    widow: str | None = None
    widow_taken: str | None = None
    discarded: str | None = None
    bids: dict[int, Any] = field(default_factory=dict)
    bidder: int | None = None
    bid: Any = None
    trump: str | None = None
    trick: list[tuple[int, str]] = field(default_factory=list)
    last_trick: dict[str, Any] | None = None
    tricks_won: list[int] = field(default_factory=list)   # per player
    points: list[int] = field(default_factory=list)       # 42: per team, this hand
    # Mexican Train
    engine: str | None = None
    trains: dict[Any, Train] = field(default_factory=dict)
    markers: set[int] = field(default_factory=set)
    boneyard: list[str] = field(default_factory=list)
    # every game
    scores: list[int] = field(default_factory=list)       # totals (per player, or team in 42)
    to_act: int | None = None              # who acted last (the line's player)
    last: dict[str, Any] | None = None     # the last line that happened
    result: dict[str, Any] | None = None   # the hand_end / round_end line of this hand, if over
    over: bool = False
    winner: Any = None


class ReplayModel:
    """A record laid out for stepping through: positions, jumps, tables, narration."""

    def __init__(self, header: dict[str, Any], lines: list[dict[str, Any]]) -> None:
        self.header = header
        self.lines = [as_line(line) for line in lines]
        self.game: str = header["game"]
        self.players: list[dict[str, Any]] = list(header.get("players") or [])
        self.names = [player_name(p.get("name") or f"Player {i + 1}")
                      for i, p in enumerate(self.players)]
        self.num_players = len(self.players)
        self.options: dict[str, Any] = dict(header.get("options") or {})
        self.narration = self._narrate()
        self.hand_starts = [i for i, line in enumerate(self.lines)
                            if line.get("event") in HAND_STARTS]
        self.hand_stops = self._hand_stops()
        self.trick_stops = self._trick_stops()

    @property
    def length(self) -> int:
        """The last position (every line has happened)."""
        return len(self.lines)

    # -- narration ---------------------------------------------------------------
    def _narrate(self) -> list[list[str]]:
        """The sentences each line adds (maybe none)."""
        narrator = NARRATORS[self.game](self.names, None, self.options)
        out: list[list[str]] = []
        for line in self.lines:
            before = len(narrator.out)
            try:
                narrator.feed(line)
            except (KeyError, ValueError, TypeError, IndexError):
                narrator.out.append(f"({line.get('event')})")
            out.append(list(narrator.out[before:]))
        return out

    def sentences(self, position: int, count: int) -> list[tuple[int, str]]:
        """Up to ``count`` sentences told up to ``position``, newest last, with their line index."""
        said: list[tuple[int, str]] = []
        i = min(position, self.length) - 1
        while i >= 0 and len(said) < count:
            for text in reversed(self.narration[i]):
                said.append((i, text))
                if len(said) >= count:
                    break
            i -= 1
        return list(reversed(said))

    # -- jumps -----------------------------------------------------------------------
    def _hand_stops(self) -> list[int]:
        """Positions just after each deal (every hand visible): where a hand begins."""
        return [i + 1 for i, line in enumerate(self.lines) if line.get("event") == "deal"]

    def _trick_stops(self) -> list[int]:
        """Positions just after each trick (Mexican Train: after each player's turn)."""
        if self.game != "mexican_train":
            return [i + 1 for i, line in enumerate(self.lines) if line.get("event") == "trick"]
        stops = []
        for i, line in enumerate(self.lines):
            kind = line.get("event")
            if kind in HAND_ENDS:
                stops.append(i + 1)
                continue
            if "player" not in line or kind not in ("play", "draw", "marker", "pass"):
                continue
            nxt = next((later for later in self.lines[i + 1:]
                        if later.get("event") in ("play", "draw", "marker", "pass", "round_end")),
                       None)
            if nxt is None or nxt.get("event") == "round_end" or nxt.get("player") != line["player"]:
                stops.append(i + 1)
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

    # -- the table ---------------------------------------------------------------------
    def hand_index(self, position: int) -> int:
        """Index of the line that began the hand in progress at ``position`` (0 if none yet)."""
        start = 0
        for i in self.hand_starts:
            if i < position:
                start = i
            else:
                break
        return start

    def table(self, position: int) -> Table:
        """The table once the first ``position`` lines have happened."""
        position = max(0, min(position, self.length))
        start = self.hand_index(position)
        table = Table(self.game, self.num_players, position=position)
        table.scores = self._scores_before(start)
        folder = _FOLDERS[self.game]
        table.tricks_won = [0] * self.num_players
        table.points = [0, 0]
        for line in self.lines[start:position]:
            folder(table, line)
            table.last = line
            kind = line.get("event")
            if isinstance(line.get("player"), int):
                table.to_act = line["player"]
            if kind in HAND_ENDS:
                table.result = line
            if kind == "game_end":
                table.over = True
                table.winner = line.get("winner")
                if isinstance(line.get("scores"), list):
                    table.scores = list(line["scores"])
        return table

    def _scores_before(self, index: int) -> list[int]:
        for line in reversed(self.lines[:index]):
            if line.get("event") == "hand_end" and "totals" in line:
                return list(line["totals"])
            if line.get("event") in HAND_ENDS and "scores" in line:
                return list(line["scores"])
        teams = 2 if self.game == "texas42" else self.num_players
        return [0] * teams


# -- folding one line into the table, per game ------------------------------------------

def _remove(hand: list[str], tile: str) -> None:
    if tile in hand:
        hand.remove(tile)


def _fold_common_trick(table: Table, line: dict[str, Any]) -> bool:
    """Lines the two trick games share; True when handled."""
    kind = line.get("event")
    if kind == "hand_start":
        table.hand_number = int(line.get("hand", table.hand_number + 1))
        table.dealer = line.get("first_bidder", line.get("shaker"))
        table.hands = [[] for _ in range(table.num_players)]
        table.bids, table.bidder, table.bid, table.trump = {}, None, None, None
        table.trick, table.last_trick, table.result = [], None, None
        table.tricks_won = [0] * table.num_players
        table.points = [0, 0]
    elif kind == "bid":
        player = line["player"]
        table.bids[player] = line.get("bid")
        if line.get("bid") is not None:
            table.bidder, table.bid = player, line.get("bid")
    elif kind == "trump":
        table.trump = str(line.get("trump"))
        table.bidder = line.get("player", table.bidder)
    elif kind == "play":
        tile = str(line["tile"])
        _remove(table.hands[line["player"]], tile)
        table.trick.append((line["player"], tile))
    elif kind == "trick":
        table.last_trick = dict(line)
        table.trick = []
        winner = line.get("winner")
        if isinstance(winner, int) and 0 <= winner < table.num_players:
            table.tricks_won[winner] += 1
            if table.game == "texas42":
                table.points[winner % 2] += int(line.get("points", 0))
    else:
        return False
    return True


def _fold_moon(table: Table, line: dict[str, Any]) -> None:
    if _fold_common_trick(table, line):
        return
    kind = line.get("event")
    if kind == "deal":
        table.hands = [sort_tiles([str(t) for t in hand]) for hand in line["hands"]]
        table.widow = str(line["widow"]) if line.get("widow") is not None else None
        table.widow_taken, table.discarded = None, None
    elif kind == "redeal":
        table.bids, table.bidder, table.bid = {}, None, None
    elif kind == "widow":
        hand = table.hands[line["player"]]
        took, discarded = str(line["took"]), str(line["discarded"])
        hand.append(took)
        _remove(hand, discarded)
        table.hands[line["player"]] = sort_tiles(hand)
        table.widow_taken, table.discarded = took, discarded
    elif kind == "hand_end":
        table.scores = list(line.get("scores", table.scores))


def _fold_texas42(table: Table, line: dict[str, Any]) -> None:
    if _fold_common_trick(table, line):
        return
    kind = line.get("event")
    if kind == "deal":
        table.hands = [sort_tiles([str(t) for t in hand]) for hand in line["hands"]]
    elif kind == "hand_end":
        table.scores = list(line.get("totals", table.scores))
        table.points = list(line.get("points", table.points))


def _fold_train(table: Table, line: dict[str, Any]) -> None:
    kind = line.get("event")
    if kind == "round_start":
        table.hand_number = int(line.get("round", table.hand_number + 1))
        table.engine = str(line["engine"])
        table.dealer = line.get("first_player")
        end = _pips(table.engine)[0]
        table.trains = {"mexican": Train([], end)}
        for p in range(table.num_players):
            table.trains[p] = Train([], end)
        table.markers, table.result = set(), None
        table.hands = [[] for _ in range(table.num_players)]
    elif kind == "deal":
        table.hands = [sort_tiles([str(t) for t in hand]) for hand in line["hands"]]
        table.boneyard = [str(t) for t in line.get("boneyard", [])]
    elif kind == "play":
        tile = str(line["tile"])
        _remove(table.hands[line["player"]], tile)
        train = table.trains.setdefault(line["train"], Train([], table.trains["mexican"].open_end
                                                               if "mexican" in table.trains else 0))
        a, b = _pips(tile)
        if a != train.open_end and b == train.open_end:
            a, b = b, a
        train.pairs.append((a, b))
        train.open_end = b
    elif kind == "draw":
        tile = str(line["tile"])
        _remove(table.boneyard, tile)
        table.hands[line["player"]] = sort_tiles(table.hands[line["player"]] + [tile])
    elif kind == "marker":
        if line.get("on"):
            table.markers.add(line["player"])
        else:
            table.markers.discard(line["player"])
    elif kind == "round_end":
        table.scores = list(line.get("scores", table.scores))


_FOLDERS = {"moon": _fold_moon, "texas42": _fold_texas42, "mexican_train": _fold_train}
