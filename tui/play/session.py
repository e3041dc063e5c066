"""A game in progress as the app sees it: the core game, who sits where, the record.

No Textual here: the session is plain Python so it can be tested and reused
headless. The screens own one session each and only ever change the game
through :meth:`GameSession.submit`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from core.bots import LEVELS, make_bot
from core.commands import Command
from core.events import Event
from core.game import Game
from core.simulate import LegalMoveBot
from core.text import plain, player_name
from core.undo import Timeline, marked_header, read_header, rewrite_record

SeatKind = Literal["human", "bot"]

# Where the seats sit around the table, seat 0 being the player at the bottom.
SEAT_NAMES = {
    3: ("You", "West", "East"),
    4: ("You", "West", "North", "East"),
}


@dataclass(frozen=True)
class Seat:
    """One seat at the table: a human or a bot of some level.

    A name may come from a record file: it is kept as safe, bounded text
    (:func:`core.text.player_name`), so every screen that shows it shows plain text.
    """

    name: str
    kind: SeatKind
    level: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", player_name(self.name))
        if self.level is not None:
            object.__setattr__(self, "level", plain(self.level, 20))

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def to_record(self) -> dict[str, Any]:
        """The seat as the record header's ``players`` entry."""
        return {"name": self.name, "kind": self.kind, "level": self.level}


def default_seats(num_players: int, *, human: bool = True, level: str = "standard",
                  levels: list[str | None] | None = None) -> list[Seat]:
    """Seat 0 human (unless ``human`` is False), bots of ``level`` (or ``levels[i]``) elsewhere."""
    names = SEAT_NAMES.get(num_players) or tuple(
        ["You"] + [f"Player {i + 1}" for i in range(1, num_players)])
    seats = []
    for i in range(num_players):
        if i == 0 and human:
            seats.append(Seat("You", "human", None))
            continue
        seat_level = levels[i] if levels and i < len(levels) and levels[i] else level
        name = names[i] if (i or human) else "Player 1"
        seats.append(Seat(name, "bot", seat_level))
    return seats


class Bot(Protocol):
    def choose(self, view: Any, legal: list[Command], rng: random.Random) -> Command: ...


class ScriptBot:
    """A replay's "bot": gives the recorded decision."""

    level = "record"

    def __init__(self, command: Command) -> None:
        self.command = command

    def choose(self, view: Any, legal: list[Command], rng: random.Random) -> Command:
        return self.command


def make_bot_for(game_name: str, level: str | None, budget_s: float | None = None) -> Bot:
    """The bot for a seat of ``level`` (``budget_s``: a searching bot's seconds a play).
    The seats of a ``dominoes simulate`` record ("legal-move") play any legal move; a
    level this version does not know (a record from elsewhere) plays as standard."""
    level = level or "standard"
    if level == LegalMoveBot.level:
        return LegalMoveBot()
    if level not in LEVELS:
        level = "standard"
    return make_bot(game_name, level, budget_s)


class RecordWriterLike(Protocol):
    def append(self, events: list[Event]) -> None: ...


class GameSession:
    """The game, its seats, its bots and its record writer.

    ``decision_index`` counts the decisions applied so far (over the whole match);
    a bot's random generator for a decision is
    ``random.Random(f"{game.seed}:{player}:{decision_index}")``, so a game
    resumed from its record continues exactly like the uninterrupted one.
    """

    def __init__(self, game: Game, seats: list[Seat], *,
                 record_writer: RecordWriterLike | None = None,
                 decision_index: int | None = None,
                 script: list[Command] | None = None,
                 viewer_seat: int | None = None) -> None:
        if len(seats) != game.num_players:
            raise ValueError(f"{game.title} needs {game.num_players} seats, got {len(seats)}")
        self.game = game
        self.seats = list(seats)
        self.record_writer = record_writer
        self.script = list(script) if script is not None else None
        self.viewer_seat = viewer_seat
        self._bots: dict[int, Bot] = {}
        self._bot_budget: float | None = None
        self.decision_index = (decision_index if decision_index is not None
                               else count_decisions(game))
        self._timeline: Timeline | None = None   # undo/redo, made on first use
        self._save_note = ""                      # why a plain record writer stopped

    # -- who is who --------------------------------------------------------
    @property
    def human(self) -> int | None:
        """The first human seat, or ``None`` when bots play every seat."""
        for i, seat in enumerate(self.seats):
            if seat.kind == "human":
                return i
        return None

    @property
    def current_player(self) -> int | None:
        return self.game.current_player

    @property
    def is_replay(self) -> bool:
        """True when every move comes from a recorded game (``script``)."""
        return self.script is not None

    @property
    def script_done(self) -> bool:
        return self.script is not None and self.decision_index >= len(self.script)

    def is_bot_turn(self) -> bool:
        p = self.game.current_player
        if p is None or self.game.is_over or self.script_done:
            return False
        return self.seats[p].kind == "bot"

    def is_human_turn(self) -> bool:
        p = self.game.current_player
        return p is not None and not self.game.is_over and self.seats[p].kind == "human"

    def viewer(self) -> int:
        """Whose eyes the table is drawn with: the human, else the player to act."""
        if self.viewer_seat is not None:
            return self.viewer_seat
        human = self.human
        if human is not None:
            return human
        p = self.game.current_player
        return p if p is not None else 0

    def view(self) -> Any:
        """The human's view (or the current player's when no human plays)."""
        return self.game.view(self.viewer())

    def players_header(self) -> list[dict[str, Any]]:
        return [s.to_record() for s in self.seats]

    # -- changing the game -------------------------------------------------
    def start(self) -> list[Event]:
        """Start the game if it is not started yet; returns (and records) its first events."""
        events = self.game.start()
        self._record(events)
        return events

    def submit(self, command: Command) -> list[Event]:
        """Apply ``command``; raises the core's ``IllegalMove`` unchanged (nothing changes then)."""
        events = self.game.apply(command)
        self.decision_index += 1
        if self._timeline is not None:
            self._timeline.applied(command, events)
        self._record(events)
        return events

    def _record(self, events: list[Event]) -> None:
        if self.record_writer is not None and events:
            self.record_writer.append(events)

    # -- is it saved? ------------------------------------------------------------
    @property
    def save_problem(self) -> str:
        """Why the game is not being saved right now ("" while every move is saved, or
        when it was never meant to be saved). The app's autosave mends itself when the
        disk lets it, and then this is "" again."""
        return getattr(self.record_writer, "failed", None) or self._save_note

    @save_problem.setter
    def save_problem(self, text: str) -> None:
        self._save_note = text

    @property
    def unsaved_moves(self) -> int:
        """Decisions of the game the save does not hold (0 when it holds them all)."""
        if not self.save_problem:
            return 0
        lines = getattr(self.record_writer, "unsaved_lines", None)
        if lines is None:           # no autosave to ask: count what the game holds
            return self.decision_index
        from_record = getattr(type(self.game), "command_from_record", None)
        count = 0
        for line in lines:
            try:
                count += from_record is not None and from_record(line) is not None
            except ValueError:
                continue
        return count

    def save_now(self) -> bool:
        """Try to write every move now (after a failure); True when the game is saved."""
        save_now = getattr(self.record_writer, "save_now", None)
        if callable(save_now):
            save_now()
        return not self.save_problem

    # -- bots ----------------------------------------------------------------
    def bot_for(self, player: int) -> Bot:
        if self.script is not None:
            return ScriptBot(self.script[self.decision_index])
        if self._timeline is not None:
            planned = self._timeline.planned(player, self.decision_index)
            if planned is not None:      # after an undo: the same reply as the first time
                return ScriptBot(planned)
        bot = self._bots.get(player)
        if bot is None:
            bot = make_bot_for(self.game.name, self.seats[player].level, self.bot_budget)
            self._bots[player] = bot
        return bot

    @property
    def bot_budget(self) -> float | None:
        """Seconds a searching bot thinks per play (``None``: its default)."""
        return self._bot_budget

    @bot_budget.setter
    def bot_budget(self, seconds: float | None) -> None:
        if seconds != self._bot_budget:
            self._bot_budget = seconds
            self._bots.clear()          # the next decision asks bots made with it

    def bot_rng(self, player: int) -> random.Random:
        return random.Random(f"{self.game.seed}:{player}:{self.decision_index}")

    # -- undo and redo (core.undo) ---------------------------------------------
    @property
    def timeline(self) -> Timeline:
        """Decisions done and taken back; the human seats' decisions are the undo points."""
        if self._timeline is None:
            humans = [i for i, seat in enumerate(self.seats) if seat.kind == "human"]
            self._timeline = Timeline(self.game, humans)
        return self._timeline

    @property
    def undo_used(self) -> bool:
        return self._timeline is not None and self._timeline.used

    def hand_floor(self) -> int:
        """The decision index at which the current hand/round began (undo stops there)."""
        return self.timeline.floor

    def can_undo(self) -> bool:
        return not self.is_replay and not self.game.is_over and self.timeline.can_undo

    def can_redo(self) -> bool:
        return not self.is_replay and not self.game.is_over and self.timeline.can_redo

    def undo(self) -> bool:
        """Take back the human's last decision and every bot decision after it.

        The game is rebuilt at that point (``self.game`` is a new object) and the
        save file is rewritten to the shorter record, its header marked
        ``"undo_used": true``. False when there is nothing to undo in this hand.
        """
        if not self.can_undo():
            return False
        self.game = self.timeline.undo(self.game)
        self.decision_index = len(self.timeline.done)
        self._rewrite_save()
        return True

    def redo(self) -> list[Event]:
        """Apply the undone decisions again up to the human's next one; their events."""
        if not self.can_redo():
            return []
        events: list[Event] = []
        for command in self.timeline.redo_commands():
            events.extend(self.submit(command))
        return events

    def _rewrite_save(self) -> None:
        writer = self.record_writer
        path = getattr(writer, "path", None)
        if writer is None or not path:
            return
        from core.records import RecordWriter
        header = (getattr(writer, "header", None) or read_header(path)
                  or self.game.header(self.players_header()))
        rewrite = getattr(writer, "rewrite", None)
        if callable(rewrite):           # the app's autosave (tui.play.autosave): it rewrites itself
            rewrite(marked_header(header), self.game.history)   # its `failed` tells
            return
        try:
            close = getattr(writer, "close", None)
            if callable(close):
                close()
            rewrite_record(path, marked_header(header), self.game.history)
            self.record_writer = RecordWriter.append_to(path, fsync=getattr(writer, "fsync",
                                                                            False))
        except OSError as exc:
            self.record_writer = None
            self.save_problem = (f"The save could not be rewritten after the undo ({exc}); "
                                 "this game is no longer being saved.")

    def close(self) -> None:
        """Flush and close the record writer, if it can be closed."""
        close = getattr(self.record_writer, "close", None)
        if callable(close):
            close()


def count_decisions(game: Game) -> int:
    """How many decisions the game's history holds (for a game rebuilt from a record)."""
    if not game.history:
        return 0
    from_record = getattr(type(game), "command_from_record", None)
    if from_record is None:
        return 0
    count = 0
    for event in game.history:
        try:
            if from_record(event.to_record()) is not None:
                count += 1
        except ValueError:
            continue
    return count
