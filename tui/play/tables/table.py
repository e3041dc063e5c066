"""One shared table: its seats, its game, and what each seat is sent.

A :class:`Table` holds a game being set up (``waiting``), played (``playing``)
or over (``over``). Each seat is ``open``, a ``bot`` of a level, or a ``human``
with an identity; a human seat whose player has gone is *held* for
``hold_seconds``, then a bot of the table's level plays it until the player comes
back (:meth:`Table.bot_plays`). Commands arrive as record decision lines with the
identity that sent them: :meth:`Table.command` turns the line into a command with
the engine's own reader, checks the seat is that identity's and that it is that
seat's turn, and lets the engine decide; it returns what each seat is sent
(:meth:`Table.update_for`: the seat's own view, the new lines as that seat may
read them). Watchers are sent the public lines only.

The game's record is written as it goes (``record`` writer), so a restarted server
resumes the table from it (``server.py``). No Textual, no sockets here.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable
from typing import Any

from core.bots import LEVELS
from core.commands import Command
from core.errors import DominoError
from core.game import Game
from core.registry import game_info
from core.seat_lines import lines_for_seat
from tui.play.tables.protocol import ProtocolError
from tui.play.tables.wire import encode

__all__ = ["Seat", "Table", "TableError"]

SEAT_KINDS = ("human", "bot", "open")


class TableError(ProtocolError):
    """A request the table refuses (not your seat, not your turn, the table is full...)."""


@dataclasses.dataclass
class Seat:
    """One chair. ``identity``: the person who holds a human seat. ``connected``: they are
    here now. ``held_until``: when they went, the time the seat stops waiting for them.
    ``left``: they left on purpose (``leave``), rather than their connection dropping."""

    kind: str
    level: str = "standard"
    identity: str | None = None
    name: str | None = None
    connected: bool = False
    held_until: float | None = None
    left: bool = False

    def public(self, clock: float) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "level": self.level if self.kind == "bot" else None,
                               "name": self.name or self.identity, "connected": self.connected}
        if self.kind == "human" and not self.connected:
            out["bot_playing"] = self.held_until is not None and clock >= self.held_until
        return out

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level, "identity": self.identity,
                "name": self.name}


class Table:
    """A table of ``game_name`` with ``seats``; ``host``: who opened it (and may start it)."""

    def __init__(self, name: str, game_name: str, options: dict[str, Any], seats: list[Seat], *,
                 host: str, seed: int, level: str = "standard", hold_seconds: float = 60.0,
                 hints: bool = True, clock: Callable[[], float] = time.monotonic) -> None:
        self.name = name
        self.hints = bool(hints)       # the table's play aid: hints for its people, or none
        self.info = game_info(game_name)
        self.game_name = self.info.name
        self.seats = seats
        self.host = host
        self.seed = seed
        self.level = level if level in LEVELS else "standard"
        self.hold_seconds = hold_seconds
        self.clock = clock
        self.game: Game = self.info.game_class(options=dict(options), seed=seed,
                                               rng=random.Random(seed))
        self.options = dict(self.game.options)
        self.state = "waiting"
        self.watchers: set[str] = set()
        self.sent = 0                  # lines of the history sent so far
        if len(seats) != self.players:
            raise TableError("bad_seats", f"{self.info.title} is played by {self.players} here, "
                                          f"not {len(seats)}")

    # -- who sits where --------------------------------------------------------
    @property
    def players(self) -> int:
        return self.game.num_players

    def seat_of(self, identity: str) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.kind == "human" and seat.identity == identity:
                return index
        return None

    def free_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.kind == "open"]

    def take_seat(self, identity: str, seat: int | None = None) -> int:
        """Seat ``identity`` (the seat it already holds, else ``seat`` or the first free one)."""
        held = self.seat_of(identity)
        if held is not None:
            chosen = held
        else:
            free = self.free_seats()
            if self.state != "waiting" or not free:
                raise TableError("table_full", f"table {self.name} has no free seat")
            if seat is None:
                chosen = free[0]
            elif seat in free:
                chosen = seat
            else:
                raise TableError("seat_taken", f"seat {seat} of table {self.name} is not free")
            self.seats[chosen] = Seat("human", identity=identity)
        self.seats[chosen].connected = True
        self.seats[chosen].held_until = None
        self.seats[chosen].left = False
        self.watchers.discard(identity)
        return chosen

    def went(self, identity: str, *, left: bool = False) -> int | None:
        """``identity``'s connection is gone: its seat is held (the game waits), then a bot
        plays it. ``left``: they left on purpose, so a bot plays it at once. While the
        table is still waiting, the seat is given up instead."""
        seat = self.seat_of(identity)
        self.watchers.discard(identity)
        if seat is None:
            return None
        if self.state == "waiting":
            self.seats[seat] = Seat("open")
        else:
            chair = self.seats[seat]
            chair.connected = False
            chair.held_until = self.clock() + (0.0 if left else self.hold_seconds)
            chair.left = left
        return seat

    @property
    def deserted(self) -> bool:
        """In play, with people seated once and every one of them gone on purpose, and
        nobody watching: nobody is left to play for (a person whose connection dropped may
        come back, and keeps the table). A table of bots only is never deserted."""
        people = [s for s in self.seats if s.kind == "human"]
        return (self.state == "playing" and bool(people) and not self.watchers
                and all(s.left and not s.connected for s in people))

    def bot_plays(self, seat: int) -> bool:
        """Whether a bot makes this seat's decisions now."""
        chair = self.seats[seat]
        if chair.kind == "bot":
            return True
        if chair.kind == "human" and not chair.connected:
            return chair.held_until is not None and self.clock() >= chair.held_until
        return False

    def bot_level(self, seat: int) -> str:
        chair = self.seats[seat]
        return chair.level if chair.kind == "bot" else self.level

    @property
    def humans(self) -> list[str]:
        return [s.identity for s in self.seats if s.kind == "human" and s.identity is not None]

    # -- playing -------------------------------------------------------------------
    def start(self, identity: str, bots_fill: bool = True) -> None:
        if identity != self.host:
            raise TableError("not_host", f"only {self.host} can start table {self.name}")
        if self.state != "waiting":
            raise TableError("started", f"table {self.name} has started already")
        open_seats = self.free_seats()
        if open_seats and not bots_fill:
            raise TableError("seats_open", f"table {self.name} still has {len(open_seats)} open "
                                           "seat(s)")
        for index in open_seats:
            self.seats[index] = Seat("bot", level=self.level)
        self.state = "playing"
        self.game.start()

    def command(self, identity: str, line: dict[str, Any]) -> None:
        """Apply the decision ``line`` sent by ``identity``; a refusal changes nothing."""
        if self.state != "playing":
            raise TableError("not_playing", f"table {self.name} is not in play")
        seat = self.seat_of(identity)
        if seat is None:
            raise TableError("not_seated", f"you have no seat at table {self.name}")
        try:
            command = type(self.game).command_from_decision(line)
        except (ValueError, TypeError, KeyError) as exc:
            raise TableError("malformed", f"not a decision: {str(exc)[:200]}") from None
        if command is None:
            raise TableError("malformed", "not a decision line")
        if getattr(command, "player", None) != seat:
            raise TableError("not_your_seat", f"you sit in seat {seat}")
        self.apply(seat, command)

    def apply(self, seat: int, command: Command) -> None:
        if self.game.current_player != seat:
            raise TableError("not_your_turn", "it is not your turn")
        try:
            self.game.apply(command)
        except DominoError as exc:
            raise TableError("illegal", str(exc)[:300]) from None
        if self.game.is_over:
            self.state = "over"

    @property
    def to_act(self) -> int | None:
        return self.game.current_player if self.state == "playing" else None

    # -- what is sent -------------------------------------------------------------
    def public(self) -> dict[str, Any]:
        """The table as the list of tables shows it."""
        now = self.clock()
        return {"table": self.name, "game": self.game_name, "title": self.info.title,
                "host": self.host, "state": self.state, "options": self.options,
                "seats": [seat.public(now) for seat in self.seats], "free": self.free_seats(),
                "to_act": self.to_act, "watchers": len(self.watchers),
                "aids": {"hints": self.hints}}

    def new_lines(self) -> list[dict[str, Any]]:
        """The history's lines not yet sent (the referee's view: filter per seat)."""
        lines = [event.to_record() for event in self.game.history[self.sent:]]
        self.sent = len(self.game.history)
        return lines

    def update_for(self, seat: int | None, lines: list[dict[str, Any]]) -> dict[str, Any]:
        """The ``update`` message of ``seat`` (``None``: a watcher) after ``lines``."""
        message: dict[str, Any] = {"table": self.name, "seat": seat, "state": self.state,
                                   "to_act": self.to_act, "position": len(self.game.history),
                                   "lines": lines_for_seat(self.game_name, lines, seat),
                                   "seats": [s.public(self.clock()) for s in self.seats]}
        if seat is not None and self.state != "waiting":
            message["view"] = encode(self.game.view(seat))
            ended = self.game.hand_end_view(seat) if lines else None
            if ended is not None:           # the hand just ended, before the next deal
                message["hand_end_view"] = encode(ended)
        elif self.state != "waiting":       # a watcher: what the table shows everyone
            from tui.play.tables.remote import public_view
            message["view"] = encode(public_view(self.game.view(0)))
            ended = self.game.hand_end_view(0) if lines else None
            if ended is not None:
                message["hand_end_view"] = encode(public_view(ended))
        return message

    def history_for(self, seat: int | None) -> list[dict[str, Any]]:
        """Every line so far as ``seat`` may read it (for one who joins or comes back)."""
        return lines_for_seat(self.game_name, [e.to_record() for e in self.game.history], seat)

    def players_header(self) -> list[dict[str, Any]]:
        return [{"name": seat.name or seat.identity or f"Bot {i + 1}", "kind": "human" if seat.kind == "human"
                 else "bot", "level": None if seat.kind == "human" else seat.level}
                for i, seat in enumerate(self.seats)]

    def to_json(self) -> dict[str, Any]:
        """What the server keeps beside the record to resume the table."""
        return {"table": self.name, "game": self.game_name, "options": self.options,
                "seed": self.seed, "host": self.host, "level": self.level, "state": self.state,
                "hints": self.hints, "seats": [seat.to_json() for seat in self.seats]}
