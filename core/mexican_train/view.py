"""What one Mexican Train player may see: :class:`TrainView`.

A view holds the player's own hand and the public table — the hub, every train
with its markers, the open doubles, how many tiles each player holds and how
many are left in the boneyard — and nothing else: never another hand or the
boneyard's order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from core.commands import Command
from core.mexican_train.trains import MEXICAN, TrainKey, TrainState
from core.tiles import Tile


@dataclass(frozen=True)
class TrainView:
    """Everything ``player`` may know now.

    ``trains``: the players' trains in seat order, then the Mexican train.
    ``open_doubles``: every unsatisfied double, oldest first, as ``(train, tile)``;
    ``doubles_pending_this_turn``: those laid in the current turn (they block from
    the end of it); ``blocking_doubles``: those that block now (laid in an earlier
    turn and still satisfiable); ``dead_doubles``: those no tile can satisfy any more.
    ``last_tile``: players holding exactly one tile. ``round_points``: the points of
    each finished round. ``drew_this_turn``: the player to act has drawn this turn;
    ``drawn_tile``: for the drawing player only, the tile just drawn while it is the
    only tile that may be played. ``building``: ``player`` is laying tiles on their
    own train on their first turn (``first_turn = "build"``); ``yet_to_play``: with
    that setting, the players whose first turn of the round is still to come. ``available_trains``:
    where ``player`` may play when no double constrains them. ``legal``: the commands
    ``player`` may give (empty unless ``to_act == player``). ``hand_points``: what
    ``player``'s hand would score if the round ended now (the double-blank as the
    ``double_blank`` setting says).
    """

    game: ClassVar[str] = "mexican_train"   # the game's name in core.registry
    player: int
    phase: str
    to_act: int | None
    hand: tuple[Tile, ...]
    round_number: int
    rounds: int
    engine: Tile
    trains: tuple[TrainState, ...]
    open_doubles: tuple[tuple[TrainKey, Tile], ...]
    doubles_pending_this_turn: tuple[tuple[TrainKey, Tile], ...]
    boneyard_count: int
    hand_counts: tuple[int, ...]
    last_tile: tuple[int, ...]
    scores: tuple[int, ...]
    round_points: tuple[tuple[int, ...], ...]
    drew_this_turn: bool
    first_player: int
    legal: tuple[Command, ...]
    options: dict[str, Any]
    num_players: int = 0
    blocking_doubles: tuple[tuple[TrainKey, Tile], ...] = ()
    dead_doubles: tuple[tuple[TrainKey, Tile], ...] = ()
    drawn_tile: Tile | None = None
    building: bool = False
    yet_to_play: tuple[int, ...] = ()
    available_trains: tuple[TrainKey, ...] = ()
    winner: int | tuple[int, ...] | None = None
    hand_points: int = 0

    def train(self, key: TrainKey) -> TrainState:
        """The train of player ``key`` or the Mexican train (``"mexican"``)."""
        return self.trains[-1] if key == MEXICAN else self.trains[int(key)]

    @property
    def mexican(self) -> TrainState:
        return self.trains[-1]

    @property
    def my_train(self) -> TrainState:
        return self.trains[self.player]
