"""The games by name, and what the code outside each engine needs to know of them.

:data:`GAME_INFO` holds one :class:`GameInfo` per game -- ``"moon"``,
``"texas42"``, ``"mexican_train"``, in the order the games are offered -- with
its title, blurb, kind of table, seats, teams, player counts and the record
events that open and close a hand (round). It is plain data: reading it imports
no engine. :data:`GAMES` / :func:`game_class` give each game's
:class:`~core.game.Game` class; the engine modules are imported on first use,
so looking a name up (or listing the names) costs nothing and the registry
never imports more than it needs.

The other shared definitions live beside the code they serve: the bot protocol
and a decision's generator in :mod:`core.bots.base` (``Bot``, ``decision_rng``),
the decisions a game's history holds in :mod:`core.undo` (``decisions``,
``count_decisions``), the Texas 42 mark in :mod:`core.commands` (``MARK``).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from core.errors import OptionError

if TYPE_CHECKING:                 # the engines' base class: not imported to read the registry
    from core.game import Game
    from core.options import OptionTable

TableKind = Literal["tricks", "hub"]

# Where the seats sit around the table, seat 0 being the player at the bottom.
SEAT_NAMES: dict[int, tuple[str, ...]] = {
    3: ("You", "West", "East"),
    4: ("You", "West", "North", "East"),
}


def seat_names(num_players: int) -> tuple[str, ...]:
    """The seats' names for a table of ``num_players``: "You" at the bottom, then the
    compass points for 3 or 4 players, else "Player 2", "Player 3", ..."""
    names = SEAT_NAMES.get(num_players)
    if names is not None:
        return names
    return ("You",) + tuple(f"Player {i + 1}" for i in range(1, num_players))


@dataclass(frozen=True)
class GameInfo:
    """What the app, the records and the tools know of one game without its engine.

    ``table``: ``"tricks"`` (Moon, 42: hands of tricks on one table) or ``"hub"``
    (Mexican Train: trains off the engine). ``teams``: the seats of each team
    (``()`` when everyone plays alone). ``hand_start``/``hand_end``: the record
    events that open and close a hand (``"hand_start"``/``"hand_end"``) or a round
    (``"round_start"``/``"round_end"``); ``hand_word`` names it, ``step_word`` names
    what a hand is played in (``"trick"``, ``"turn"``). ``bids``: a hand opens with an
    auction (Moon, 42). ``event_kinds``:
    every event kind of the game's record (version 1). ``low_score_wins``: the
    lowest total wins (Mexican Train's pips). ``engine``/``options``: (module,
    name) of the Game class and of its option table, imported on first use.
    """

    name: str
    title: str
    blurb: str
    table: TableKind
    min_players: int
    max_players: int
    default_players: int
    teams: tuple[tuple[int, ...], ...]
    hand_start: str
    hand_end: str
    hand_word: str
    step_word: str
    bids: bool
    event_kinds: frozenset[str]
    low_score_wins: bool
    engine: tuple[str, str]
    options: tuple[str, str]

    @property
    def players(self) -> range:
        """The player counts the game allows."""
        return range(self.min_players, self.max_players + 1)

    @property
    def fixed_players(self) -> bool:
        """Whether the game is always played by the same number of players."""
        return self.min_players == self.max_players

    @property
    def hands_word(self) -> str:
        """The plural: "hands", "rounds"."""
        return self.hand_word + "s"

    def score_count(self, num_players: int) -> int:
        """How many scores the game keeps: one per team, else one per player."""
        return len(self.teams) if self.teams else num_players

    def seat_names(self, num_players: int | None = None) -> tuple[str, ...]:
        """The seats' names for ``num_players`` (default: the game's default count)."""
        return seat_names(self.default_players if num_players is None else num_players)

    @property
    def game_class(self) -> type[Game]:
        return GAMES[self.name]

    @property
    def option_table(self) -> OptionTable:
        """The game's settings (imports the options module only, not the engine)."""
        module_name, attribute = self.options
        table: OptionTable = getattr(importlib.import_module(module_name), attribute)
        return table


_TRICK_KINDS = frozenset({"hand_start", "deal", "bid", "trump", "play", "trick", "hand_end",
                          "game_end"})

_INFO: tuple[GameInfo, ...] = (
    GameInfo(
        name="moon", title="Three-Player Moon",
        blurb="3 players, each alone: bid tricks, take the widow, shoot the moon.",
        table="tricks", min_players=3, max_players=3, default_players=3, teams=(),
        hand_start="hand_start", hand_end="hand_end", hand_word="hand", step_word="trick", bids=True,
        event_kinds=_TRICK_KINDS | {"redeal", "widow"}, low_score_wins=False,
        engine=("core.moon.engine", "MoonGame"), options=("core.moon.options", "MOON_OPTIONS")),
    GameInfo(
        name="texas42", title="Texas 42",
        blurb="4 players, partners across: bid points or marks, take the count.",
        table="tricks", min_players=4, max_players=4, default_players=4, teams=((0, 2), (1, 3)),
        hand_start="hand_start", hand_end="hand_end", hand_word="hand", step_word="trick", bids=True,
        event_kinds=_TRICK_KINDS | {"shaker_draw", "reshake"}, low_score_wins=False,
        engine=("core.texas42.engine", "Texas42Game"),
        options=("core.texas42.options", "OPTION_TABLE")),
    GameInfo(
        name="mexican_train", title="Mexican Train",
        blurb="2-12 players: build trains off the engine; fewest pips wins.",
        table="hub", min_players=2, max_players=12, default_players=4, teams=(),
        hand_start="round_start", hand_end="round_end", hand_word="round", step_word="turn", bids=False,
        event_kinds=frozenset({"round_start", "deal", "play", "draw", "marker", "pass",
                               "round_end", "game_end"}),
        low_score_wins=True,
        engine=("core.mexican_train.engine", "MexicanTrainGame"),
        options=("core.mexican_train.options", "OPTIONS")),
)

GAME_INFO: Mapping[str, GameInfo] = {info.name: info for info in _INFO}
GAME_NAMES: tuple[str, ...] = tuple(GAME_INFO)
GAME_TITLES: Mapping[str, str] = {info.name: info.title for info in _INFO}
HAND_START_KINDS: frozenset[str] = frozenset(info.hand_start for info in _INFO)
"""The record events that open a hand (round) in any game."""
HAND_END_KINDS: frozenset[str] = frozenset(info.hand_end for info in _INFO)
"""The record events that close a hand (round) in any game."""


def game_info(name: str) -> GameInfo:
    """The :class:`GameInfo` of the game called ``name``; :class:`OptionError` for an
    unknown name."""
    if not isinstance(name, str) or name not in GAME_INFO:
        raise OptionError(f"unknown game {name!r} (games: {', '.join(GAME_NAMES)})")
    return GAME_INFO[name]


class _Games(Mapping[str, "type[Game]"]):
    """A read-only ``dict``-like mapping whose classes are imported when first asked for."""

    def __init__(self) -> None:
        self._loaded: dict[str, type[Game]] = {}

    def __getitem__(self, name: str) -> type[Game]:
        cls = self._loaded.get(name)
        if cls is None:
            module_name, class_name = GAME_INFO[name].engine
            cls = getattr(importlib.import_module(module_name), class_name)
            self._loaded[name] = cls
        return cls

    def __iter__(self) -> Iterator[str]:
        return iter(GAME_NAMES)

    def __len__(self) -> int:
        return len(GAME_NAMES)

    def __contains__(self, name: object) -> bool:
        return name in GAME_INFO

    def __repr__(self) -> str:
        return f"GAMES({', '.join(GAME_NAMES)})"


GAMES: Mapping[str, type[Game]] = _Games()


def game_class(name: str) -> type[Game]:
    """The Game class called ``name``; :class:`OptionError` for an unknown name."""
    return GAMES[game_info(name).name]
