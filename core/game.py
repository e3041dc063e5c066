"""The contract every rules engine keeps.

A game object is a whole match: it runs hand after hand (round after round) to
the game's end. Drive it with commands::

    game = MoonGame(options={"all_pass": "redeal"}, seed=7)
    events = game.start()                # hand_start, deal, ...
    while not game.is_over:
        command = choose(game.view(game.current_player), game.legal_actions())
        events = game.apply(command)     # raises IllegalMove and changes nothing

Every event is also appended to ``game.history``; ``[e.to_record() for e in
game.history]`` preceded by ``game.header(players)`` is the game record.

Chance (the shuffle, the first bidder/shaker/player) comes from ``rng`` only,
a ``random.Random`` the caller injects (``random.Random(seed)`` by default).
``deals`` replaces chance when replaying a record: an iterable of one dict per
hand, holding that hand's ``hand_start``/``round_start`` and ``deal`` fields
(tiles parsed to :class:`~core.tiles.Tile`), consumed one per hand as the
engine deals.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Iterable

from core.commands import Command
from core.errors import GameOver
from core.events import Event
from core.options import OptionTable


class Phase:
    """What kind of decision is due."""

    BID = "bid"
    WIDOW = "widow"      # Moon: the bidder discards one of eight tiles
    TRUMP = "trump"
    PLAY = "play"        # includes Mexican Train's draw and pass
    GAME_OVER = "game_over"


class Game(ABC):
    name: ClassVar[str]               # "moon", "texas42", "mexican_train"
    title: ClassVar[str]              # "Three-Player Moon", ...
    option_table: ClassVar[OptionTable]

    def __init__(
        self,
        options: dict[str, Any] | None = None,
        *,
        seed: int = 0,
        rng: random.Random | None = None,
        deals: Iterable[dict[str, Any]] | None = None,
    ) -> None:
        self.options: dict[str, Any] = self.option_table.resolve(options)
        self.seed = seed
        self.rng = rng if rng is not None else random.Random(seed)
        self._deals = iter(deals) if deals is not None else None
        self.history: list[Event] = []
        self._started = False
        self._hand_end_views: dict[int, Any] | None = None

    # -- the contract -------------------------------------------------------
    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @property
    @abstractmethod
    def phase(self) -> str:
        """One of :class:`Phase`."""

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The player to act, or ``None`` when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Command]:
        """Every command the current player may give now (empty when over)."""

    @abstractmethod
    def view(self, player: int) -> Any:
        """What ``player`` may see: never others' hands, widow, discard or boneyard order."""

    @abstractmethod
    def state_key(self) -> dict[str, Any]:
        """The whole state (referee's view) as plain JSON values, for equality checks."""

    @classmethod
    @abstractmethod
    def deals_from_record(cls, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The ``deals`` presets that replay a record: one dict per hand (round) that
        ``lines`` (the record's event lines, header excluded) deal, holding that hand's
        ``hand_start``/``round_start`` and ``deal`` fields with tiles parsed to
        :class:`~core.tiles.Tile`. Raises ``ValueError`` with a readable message on a
        malformed deal."""

    @classmethod
    @abstractmethod
    def command_from_record(cls, line: dict[str, Any]) -> Command | None:
        """The command a record's decision line (bid, trump, play, draw, pass...) stands
        for, or ``None`` for an engine line (hand_start, deal, trick_won, hand_end...).
        Raises ``ValueError`` with a readable message on a malformed decision line."""

    @classmethod
    def command_from_decision(cls, line: dict[str, Any]) -> Command | None:
        """The command a decision line sent to a shared table stands for: a record's
        decision line, or (in a game that has one) a decision that writes no record line
        of its own, such as Moon's taking of the widow (``{"event": "draw"}``)."""
        return cls.command_from_record(line)

    @abstractmethod
    def _start(self) -> list[Event]: ...

    @abstractmethod
    def _apply(self, command: Command) -> list[Event]:
        """Validate (raise IllegalMove, touching nothing), then apply."""

    # -- shared behaviour ---------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == Phase.GAME_OVER

    def start(self) -> list[Event]:
        if self._started:
            return []
        self._started = True
        events = self._start()
        self.history.extend(events)
        return events

    def apply(self, command: Command) -> list[Event]:
        if not self._started:
            self.start()
        if self.is_over:
            raise GameOver("The game is over.")
        self._hand_end_views = None
        events = self._apply(command)
        self.history.extend(events)
        return events

    def hand_end_view(self, player: int) -> Any | None:
        """What ``player`` saw as the hand (round) that the last command ended was over:
        its last trick or tile played, the scores after it, and not yet the next deal
        that the same command dealt. ``None`` when the last command ended no hand (or the
        game ended with it: then :meth:`view` is that picture)."""
        if self._hand_end_views is None:
            return None
        return self._hand_end_views.get(player)

    def _keep_hand_end_views(self) -> None:
        """Engines call this as a hand ends, before they deal the next one."""
        self._hand_end_views = {p: self.view(p) for p in range(self.num_players)}

    def next_deal(self) -> dict[str, Any] | None:
        """The preset deal for the next hand when replaying, else ``None``."""
        if self._deals is None:
            return None
        return next(self._deals, None)

    def header(self, players: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """Line 1 of the game record."""
        if players is None:
            players = [{"name": f"Player {i + 1}", "kind": "bot", "level": None}
                       for i in range(self.num_players)]
        return {"record": 1, "game": self.name, "seed": self.seed,
                "players": players, "options": dict(self.options)}
