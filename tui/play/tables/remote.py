"""A shared table's game as one seat knows it, for the same screens as a solo game.

The table server owns the game; a player's app has only what the server sends
that seat: its view, the record lines as that seat may read them, whose turn it
is. :class:`RemoteGame` holds those and answers what the screens ask of a game
(``view``, ``legal_actions``, ``current_player``, ``history``, ``hand_end_view``,
``is_over``...). :class:`RemoteSession` is the :class:`~tui.play.session.GameSession`
of a shared table: no bots run here (the server runs them), no undo, no save of
its own (the server writes the record), and a decision is *sent*: ``submit``
hands the command to ``send`` and returns no events; they come with the next
update (:meth:`RemoteSession.receive`), and until then it is nobody's turn here.

No Textual here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from core.commands import Command
from core.errors import NotYourTurn
from core.events import Event
from core.game import Phase
from core.records import RecordedLine
from core.registry import game_info
from core.text import player_name
from core.tiles import Tile, parse_tile
from tui.play.session import GameSession, Seat
from tui.play.tables.wire import command_line, decode

__all__ = ["RemoteGame", "RemoteSession", "SeenLine", "public_view", "seats_of"]

# What only the view's own player may know, and what a watcher's view holds there:
# the hand and its moves, Moon's widow taken and discard, Mexican Train's tile drawn.
_PRIVATE: dict[str, Any] = {"hand": (), "legal": (), "widow_taken": None, "discard": None,
                            "drawn_tile": None}


def public_view(view: Any) -> Any:
    """``view`` with what only its player may know taken out (see ``_PRIVATE``): what a
    watcher of the table is shown. The rest of a view (bids, trumps, tricks, trains,
    scores, how many tiles each holds) is public."""
    if view is None or not dataclasses.is_dataclass(view) or isinstance(view, type):
        return view
    names = {field.name for field in dataclasses.fields(view)}
    return dataclasses.replace(view, **{k: v for k, v in _PRIVATE.items() if k in names})


_TILE_FIELDS = frozenset({"tile", "engine", "took", "discarded", "widow"})


@dataclass(frozen=True)
class SeenLine(RecordedLine):
    """A record line as a seat received it, read as the engine's own event would be:
    ``event.player``, ``event.tile`` (a :class:`~core.tiles.Tile`), ``event.winner``...
    (a field this seat may not see is ``None``)."""

    def __getattr__(self, name: str) -> Any:
        line = self.__dict__.get("line") or {}
        if name.startswith("_") or name not in line:
            raise AttributeError(name)
        value = line[name]
        if name in _TILE_FIELDS and isinstance(value, str):
            return _tile_or_none(value)
        if name == "tiles" and isinstance(value, list):
            return tuple(_tile_or_none(v) if isinstance(v, str) else v for v in value)
        return value


def _tile_or_none(text: str) -> Tile | None:
    try:
        return parse_tile(text)
    except ValueError:
        return None


class RemoteGame:
    """The game at table ``table`` seen from ``seat`` (``None``: a watcher)."""

    def __init__(self, summary: dict[str, Any], seat: int | None) -> None:
        info = game_info(str(summary.get("game")))
        self.name = info.name
        self.title = info.title
        self.table = player_name(summary.get("table", "?"))
        self.seat = seat
        self.options: dict[str, Any] = dict(summary.get("options") or {})
        self.aids: dict[str, Any] = {}     # the table's play aids ({"hints": bool})
        self._take_aids(summary)
        self.num_players = len(summary.get("seats") or ())
        self.seed = 0                      # never sent while the game is played
        self.history: list[Event] = []
        self.state = str(summary.get("state", "waiting"))
        self.to_act: int | None = None
        self.position = 0                  # record lines so far (the update's position)
        self._view: Any = None
        self._hand_end_view: Any = None
        self.record: list[dict[str, Any]] | None = None

    # -- what the screens ask -------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.state == "over"

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.to_act

    @property
    def phase(self) -> str:
        if self.is_over:
            return Phase.GAME_OVER
        return str(getattr(self._view, "phase", Phase.PLAY))

    @property
    def watching(self) -> bool:
        """A watcher's table: no seat, the public view only."""
        return self.seat is None

    def view(self, player: int) -> Any:
        """This seat's view (a watcher: the public view, whoever asks)."""
        if self._view is None or (player != self.seat and not self.watching):
            raise ValueError(f"this table shows seat {self.seat}'s view only"
                             if self._view is not None else "the server sent no view")
        return self._view

    def legal_actions(self) -> list[Command]:
        if self._view is None or self.watching or self.to_act != self.seat or self.is_over:
            return []
        return list(self._view.legal)

    def hand_end_view(self, player: int) -> Any | None:
        return self._hand_end_view if player == self.seat or self.watching else None

    @property
    def hints(self) -> bool:
        """Whether the table lets its people ask for hints (on when the server says nothing)."""
        return self.aids.get("hints", True) is not False

    # -- what the server says -------------------------------------------------------
    def _take_aids(self, message: dict[str, Any]) -> None:
        aids = message.get("aids")
        if isinstance(aids, dict):
            self.aids = {str(k): v for k, v in aids.items() if isinstance(v, bool)}

    def receive(self, update: dict[str, Any]) -> list[Event]:
        """Take an ``update`` in; returns the new lines as events (in the history too).
        Raises ``ValueError`` (from the view's reader) on an update it cannot read."""
        view = decode(update["view"]) if update.get("view") is not None else self._view
        ended = decode(update["hand_end_view"]) if update.get("hand_end_view") else None
        if self.watching:                  # a watcher is shown no hand, whatever is sent
            view, ended = public_view(view), public_view(ended)
        events: list[Event] = [SeenLine(dict(line)) for line in update.get("lines") or ()
                               if isinstance(line, dict)]
        self._view = view
        self._hand_end_view = ended
        self.state = str(update.get("state", self.state))
        to_act = update.get("to_act")
        self.to_act = to_act if isinstance(to_act, int) else None
        position = update.get("position")
        self.position = position if isinstance(position, int) else self.position
        if isinstance(update.get("record"), list) and not self.watching:   # not a watcher's
            self.record = [line for line in update["record"] if isinstance(line, dict)]
        self._take_aids(update)
        self.history.extend(events)
        return events


def seats_of(summary: dict[str, Any], mine: int | None) -> list[Seat]:
    """The table's seats as the screens name them: "You" in ``mine``, people by their
    names, bots by their level (never run here)."""
    seats = []
    for index, seat in enumerate(summary.get("seats") or ()):
        kind = seat.get("kind") if isinstance(seat, dict) else None
        if index == mine:
            seats.append(Seat("You", "human"))
        elif kind == "human":
            seats.append(Seat(str(seat.get("name") or f"Player {index + 1}"), "human"))
        else:
            level = str(seat.get("level") or "standard") if isinstance(seat, dict) else "standard"
            seats.append(Seat(f"Bot {index + 1}", "bot", level))
    return seats


class RemoteSession(GameSession):
    """The session of a shared table: ``send`` takes each decision as a record line."""

    def __init__(self, game: RemoteGame, seats: list[Seat],
                 send: Callable[[dict[str, Any]], None]) -> None:
        super().__init__(game, seats, decision_index=0,  # type: ignore[arg-type]
                         viewer_seat=game.seat if game.seat is not None else 0)
        self.remote = game
        self.send = send
        self.awaiting = False          # a decision sent, its update not yet here

    @property
    def is_shared(self) -> bool:
        return True

    def is_bot_turn(self) -> bool:
        return False                   # the server's bots play; nothing runs here

    def is_human_turn(self) -> bool:
        game = self.remote
        return (not self.awaiting and game.seat is not None and not game.is_over
                and game.to_act == game.seat)

    def start(self) -> list[Event]:
        return []

    def submit(self, command: Command) -> list[Event]:
        """Send ``command``; its events come with the next update. Raises
        :class:`~core.errors.NotYourTurn` when it is not this seat's turn (nothing sent)."""
        if not self.is_human_turn() or command not in self.remote.legal_actions():
            raise NotYourTurn("It is not your turn." if not self.is_human_turn()
                              else "That move is not one of yours now.")
        self.awaiting = True
        self.send(command_line(command))
        return []

    def receive(self, update: dict[str, Any]) -> list[Event]:
        """An update from the server: the new events (the decision sent, if any, is in)."""
        before = self.remote.position
        events = self.remote.receive(update)
        if self.remote.position != before or self.remote.to_act != self.remote.seat:
            self.awaiting = False
        self.decision_index = self.remote.position
        return events

    def can_undo(self) -> bool:
        return False

    def can_redo(self) -> bool:
        return False

    def undo(self) -> bool:
        return False

    def redo(self) -> list[Event]:
        return []

    def bot_for(self, player: int) -> Any:
        raise RuntimeError("the table server plays the bots of a shared table")
