"""Mexican Train (``docs/rules/mexican-train.md``): the rules engine.

A :class:`MexicanTrainGame` is a whole match: round after round, from the set's
highest double down, ``rounds`` of them. Commands are ``Play(player, tile,
train)``, ``Draw(player)`` and ``Pass(player)``; ``train`` is a player number
or ``"mexican"``.

A turn, as this engine runs it:

* If a double laid in an earlier turn is open and can still be satisfied, the
  player must play on the oldest such double (any of them with
  ``doubles_any_order``); every other train, and the younger open doubles, are
  closed. A double no remaining tile can satisfy blocks nothing.
* Otherwise the player lays one tile on an available train (own, Mexican, or a
  train carrying its owner's marker). Playing is compulsory when possible.
* A double keeps the turn: the player plays again. After one double: a tile on
  it or any tile on any available train. After two or more (each on an available
  train): another double, or the closing non-double, which goes only on the
  first of them (on any of them with ``doubles_any_order``; doubles no tile can
  satisfy any more are skipped). A non-double ends the turn. The doubles still open then block
  from the end of the turn.
* No play: ``Draw`` one tile. If it plays, it must be played (it is the only
  tile that can be); if not, the engine puts the marker on the player's train
  and ends the turn within the same ``apply``. A drawn double that is played
  lets the player draw again if they then cannot play.
* No play and an empty boneyard: ``Pass``; the marker goes on.

Decided where the rules leave room (each is documented in the tests too):

* The marker goes on whenever a turn ends with a draw that cannot be played or
  a pass — also when that happens while following a double. A turn that ends
  with a double left open after the player did play on (the one-double case)
  puts no marker on. The marker comes off when the owner lays any tile on
  their own train (a double included).
* A player whose own open double blocks, and who cannot satisfy it, draws like
  anyone else; the marker goes on if the drawn tile does not satisfy it.
* Any player may lay a tile on another player's train that carries a marker,
  even to start it; the Mexican train is open from the start.
* Blocked: the boneyard is empty, every player has passed since the last tile
  was laid (so every marker is on), and no player has a legal play. The round
  ends at that pass. While a player may still draw, the round is not blocked.
* ``first_turn = "build"``: on a player's first turn of a round, each tile laid
  on their own train lets them lay another on it, as long as they hold one that
  fits (they must: playing is compulsory); a double there is followed up as
  usual; a tile laid elsewhere ends the building. With ``"one"`` the first turn
  is an ordinary turn.
* The first player of round 1 is ``rng.randrange(players)``, drawn before the
  shuffle; later rounds rotate one seat clockwise. Live deals give each player
  a consecutive run of the shuffled tiles, the rest is the boneyard in order.
* A round preset (replay) may leave tiles out of the round (tests use small
  deals); its hands and boneyard are used as given, in their order.
"""

from __future__ import annotations

import random
from typing import Any, Iterable, Sequence

from core.commands import Command, Draw, Pass, Play
from core.errors import IllegalMove, IllegalPlay, NotYourTurn, WrongPhase
from core.events import Event
from core.game import Game, Phase
from core.mexican_train.doubles import OpenDouble, OpenDoubles, live
from core.mexican_train.events import (
    Deal,
    GameEnd,
    Marker,
    Passed,
    RoundEnd,
    RoundStart,
    TileDrawn,
    TilePlayed,
)
from core.mexican_train.options import (  # noqa: F401
    OPTIONS,
    TILES_PER_PLAYER,
    check_options,
    players_for_set,
    sets_for_players,
)
from core.mexican_train.record import as_tile, check_preset
from core.mexican_train.record import command_from_record as _command_from_record
from core.mexican_train.record import deals_from_record as _deals_from_record
from core.mexican_train.trains import MEXICAN, Train, TrainKey, TrainState, train_label  # noqa: F401
from core.mexican_train.view import TrainView
from core.tiles import Tile, double_set, sort_hand

__all__ = ["MexicanTrainGame", "TrainView", "TrainState", "MEXICAN", "TILES_PER_PLAYER",
           "sets_for_players", "players_for_set"]

PlayOption = tuple[Tile, TrainKey]


def _player(p: int) -> str:
    return f"Player {p + 1}"


class MexicanTrainGame(Game):
    name = "mexican_train"
    title = "Mexican Train"
    option_table = OPTIONS
    # the current player's choices, worked out on demand (None: not yet, or stale)
    _plays: list[PlayOption] | None
    _commands: list[Command] | None

    def __init__(self, options: dict[str, Any] | None = None, *, seed: int = 0,
                 rng: random.Random | None = None,
                 deals: Iterable[dict[str, Any]] | None = None) -> None:
        super().__init__(options, seed=seed, rng=rng, deals=deals)
        check_options(self.options)
        self.top: int = self.options["set"]
        self.n: int = self.options["players"]
        self.rounds: int = self.options["rounds"]
        self._any_order: bool = self.options["doubles_any_order"]
        self._build: bool = self.options["first_turn"] == "build"
        self._blank_value: int = self.options["double_blank"]
        self._set_tiles = double_set(self.top)
        self._set_lookup = frozenset(self._set_tiles)
        self.scores: list[int] = [0] * self.n
        self.round_points: list[tuple[int, ...]] = []
        self.round_number = 0
        self.winner: int | tuple[int, ...] | None = None
        self._phase = Phase.PLAY
        self._order: list[TrainKey] = [*range(self.n), MEXICAN]
        self._rank: dict[TrainKey, int] = {k: i for i, k in enumerate(self._order)}
        self._play_commands: dict[tuple[int, Tile, TrainKey], Play] = {}
        self._setup_round(Tile(self.top, self.top), 0, [[] for _ in range(self.n)], [])

    # -- the contract -------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def current_player(self) -> int | None:
        return None if self._phase == Phase.GAME_OVER else self._current

    def legal_actions(self) -> list[Command]:
        if not self._started or self._phase == Phase.GAME_OVER:
            return []
        if self._commands is None:
            p = self._current
            plays = self._legal_plays()
            if plays:
                cache = self._play_commands           # commands are immutable: reuse them
                commands: list[Command] = []
                for t, k in plays:
                    command = cache.get((p, t, k))
                    if command is None:
                        command = cache[(p, t, k)] = Play(p, t, k)
                    commands.append(command)
                self._commands = commands
            elif self._bone_pos < len(self._boneyard):
                self._commands = [Draw(p)]
            else:
                self._commands = [Pass(p)]
        return list(self._commands)

    def view(self, player: int) -> TrainView:
        if not isinstance(player, int) or not 0 <= player < self.n:
            raise ValueError(f"this game has players 0 to {self.n - 1}, not {player!r}")
        to_act = self.current_player if self._started else None
        doubles = self._doubles
        pending = doubles.pending(self._turn) if to_act is not None else []
        blocking = doubles.blocking(self._turn, self._remaining) if not pending else []
        mine = to_act == player
        return TrainView(
            player=player,
            phase=self._phase,
            to_act=to_act,
            hand=tuple(sort_hand(self._hands[player])),
            round_number=self.round_number,
            rounds=self.rounds,
            engine=self.engine,
            trains=tuple(self._trains[k].state() for k in self._order),
            open_doubles=tuple((d.train, d.tile) for d in doubles.items),
            doubles_pending_this_turn=tuple((d.train, d.tile) for d in pending),
            boneyard_count=len(self._boneyard) - self._bone_pos,
            hand_counts=tuple(len(h) for h in self._hands),
            last_tile=tuple(q for q in range(self.n) if len(self._hands[q]) == 1),
            scores=tuple(self.scores),
            round_points=tuple(self.round_points),
            drew_this_turn=self._drew_any and to_act is not None,
            first_player=self.first_player,
            legal=tuple(self.legal_actions()) if mine else (),
            options=dict(self.options),
            num_players=self.n,
            blocking_doubles=tuple((d.train, d.tile) for d in blocking),
            dead_doubles=tuple((d.train, d.tile) for d in doubles.dead(self._remaining)),
            drawn_tile=self._drawn if (mine and self._drew) else None,
            building=mine and self._building,
            yet_to_play=tuple(q for q in range(self.n) if self._build and not self._had_turn[q]),
            available_trains=tuple(self._available(player)),
            winner=self.winner,
            hand_points=self.hand_points(player),
        )

    def state_key(self) -> dict[str, Any]:
        return {
            "phase": self._phase,
            "round": self.round_number,
            "engine": str(self.engine),
            "first_player": self.first_player,
            "to_act": self.current_player if self._started else None,
            "turn": self._turn,
            "hands": [[str(t) for t in sort_hand(h)] for h in self._hands],
            "boneyard": [str(t) for t in self._boneyard[self._bone_pos:]],
            "trains": {str(k): {"tiles": [str(t) for t in self._trains[k].tiles],
                                "open_end": self._trains[k].open_end,
                                "marker": self._trains[k].marker} for k in self._order},
            "open_doubles": [[d.train, str(d.tile), d.turn] for d in self._doubles.items],
            "drew": self._drew,
            "drew_any": self._drew_any,
            "drawn": None if self._drawn is None else str(self._drawn),
            "building": self._building,
            "chain": self._chain,
            "had_turn": list(self._had_turn),
            "passes": self._passes,
            "scores": list(self.scores),
            "round_points": [list(p) for p in self.round_points],
            "winner": list(self.winner) if isinstance(self.winner, tuple) else self.winner,
        }

    # -- records ------------------------------------------------------------
    @classmethod
    def deals_from_record(cls, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return _deals_from_record(lines)

    @classmethod
    def command_from_record(cls, line: dict[str, Any]) -> Command | None:
        return _command_from_record(line)

    # -- public helpers -----------------------------------------------------
    def engine_for_round(self, round_number: int) -> Tile:
        """The engine of round ``round_number`` (1-based): the highest double, then one lower."""
        e = self.top - (round_number - 1)
        return Tile(e, e)

    def hand_points(self, player: int) -> int:
        """What ``player``'s hand would score now (the double-blank per ``double_blank``)."""
        return sum(self._blank_value if t == (0, 0) else t.high + t.low
                   for t in self._hands[player])

    # -- rounds -------------------------------------------------------------
    def _start(self) -> list[Event]:
        return self._start_round()

    def _start_round(self) -> list[Event]:
        number = self.round_number + 1
        engine = self.engine_for_round(number)
        first = self.rng.randrange(self.n) if number == 1 else (self.first_player + 1) % self.n
        deck = [t for t in self._set_tiles if t != engine]
        self.rng.shuffle(deck)
        k = TILES_PER_PLAYER[self.top][self.n]
        hands = [sort_hand(deck[i * k:(i + 1) * k]) for i in range(self.n)]
        boneyard = deck[self.n * k:]
        preset = self.next_deal()
        if preset is not None:
            first, hands, boneyard = check_preset(preset, number, engine, self.n,
                                                  self._set_lookup, self.top)
        self.round_number = number
        self._setup_round(engine, first, hands, boneyard)
        return [RoundStart(number, engine, first),
                Deal(tuple(tuple(h) for h in hands), tuple(boneyard))]

    def _setup_round(self, engine: Tile, first: int, hands: list[list[Tile]],
                     boneyard: list[Tile]) -> None:
        self.engine = engine
        self.first_player = first
        size = self.top + 1
        self._hands: list[set[Tile]] = [set() for _ in range(self.n)]
        self._by_num: list[list[set[Tile]]] = [[set() for _ in range(size)]
                                               for _ in range(self.n)]
        self._remaining = [0] * size      # tiles of each number in hands or the boneyard
        for p, h in enumerate(hands):
            for t in h:
                self._take(p, t)
                self._count(t, 1)
        for t in boneyard:
            self._count(t, 1)
        self._boneyard = list(boneyard)
        self._bone_pos = 0
        self._trains: dict[TrainKey, Train] = {k: Train(k, engine.high) for k in self._order}
        self._doubles = OpenDoubles()
        self._turn = 0
        self._passes = 0
        self._had_turn = [False] * self.n
        self._begin_turn(first)

    def _end_round(self, out: int | None) -> list[Event]:
        points = tuple(self.hand_points(q) for q in range(self.n))
        for q in range(self.n):
            self.scores[q] += points[q]
        self.round_points.append(points)
        events: list[Event] = [RoundEnd(out, points, tuple(self.scores))]
        if self.round_number >= self.rounds:
            low = min(self.scores)
            best = tuple(q for q in range(self.n) if self.scores[q] == low)
            self.winner = best[0] if len(best) == 1 else best
            self._phase = Phase.GAME_OVER
            events.append(GameEnd(self.winner, tuple(self.scores)))
        else:
            self._keep_hand_end_views()
            events.extend(self._start_round())
        return events

    # -- turns ----------------------------------------------------------------
    def _begin_turn(self, p: int) -> None:
        self._current = p
        self._turn += 1
        self._drew = False          # drew since the last tile laid this turn
        self._drew_any = False
        self._drawn: Tile | None = None
        self._building = self._build and not self._had_turn[p]
        self._had_turn[p] = True
        self._chain = False         # building: the next tile must go on the own train
        self._invalidate()

    def _end_turn(self) -> None:
        self._begin_turn((self._current + 1) % self.n)

    def _invalidate(self) -> None:
        self._plays = None
        self._commands = None

    # -- hands ----------------------------------------------------------------
    def _count(self, t: Tile, delta: int) -> None:
        self._remaining[t.high] += delta
        if t.low != t.high:
            self._remaining[t.low] += delta

    def _take(self, p: int, t: Tile) -> None:
        """``t`` joins ``p``'s hand (and its per-number index)."""
        self._hands[p].add(t)
        by = self._by_num[p]
        by[t.high].add(t)
        by[t.low].add(t)

    # -- legality ---------------------------------------------------------------
    def _available(self, p: int) -> list[TrainKey]:
        trains = self._trains
        return [k for k in self._order if k == p or k == MEXICAN or trains[k].marker]

    def _legal_plays(self) -> list[PlayOption]:
        if self._plays is None:
            plays = self._plays_for(self._current, self._chain)
            if len(plays) > 1:
                rank = self._rank
                plays.sort(key=lambda o: (-o[0].high, -o[0].low, rank[o[1]]))
            self._plays = plays
        return self._plays

    def _plays_for(self, p: int, chain: bool) -> list[PlayOption]:
        by = self._by_num[p]
        trains = self._trains
        pending: Sequence[OpenDouble] = ()
        if self._doubles.items:
            pending = self._doubles.pending(self._turn)
            if not pending:
                blocking = self._doubles.blocking(self._turn, self._remaining)
                if blocking:
                    targets = blocking if self._any_order else blocking[:1]
                    return [(t, d.train) for d in targets for t in by[d.number]]
        if chain:
            return [(t, p) for t in by[trains[p].open_end]]
        ends = [(k, train.open_end) for k, train in trains.items()
                if k == p or k == MEXICAN or train.marker]
        if len(pending) >= 2:
            closers = live(pending, self._remaining)
            if closers:
                if not self._any_order:
                    closers = closers[:1]
                out = [(t, d.train) for d in closers for t in by[d.number] if t.low != t.high]
                out += [(t, k) for k, end in ends for t in by[end] if t.low == t.high]
                return out
        return [(t, k) for k, end in ends for t in by[end]]

    def _can_anyone_play(self) -> bool:
        return any(self._plays_for(q, False) for q in range(self.n))

    def _must_play_reason(self, plays: list[PlayOption]) -> str:
        p = self._current
        shown = ", ".join(f"{t} on {train_label(k, p)}" for t, k in plays[:3])
        more = f" (and {len(plays) - 3} more)" if len(plays) > 3 else ""
        return f"You must play when you can: {shown}{more}."

    def _why_not(self, p: int, t: Tile, key: Any) -> str:
        if t not in self._hands[p]:
            return f"You do not hold {t}."
        if key is None:
            return f"Say which train to lay {t} on: a player's number or \"mexican\"."
        if isinstance(key, bool) or key not in self._trains:
            return f"There is no train {key!r}: name a player from 0 to {self.n - 1} or \"mexican\"."
        train = self._trains[key]
        name = train_label(key, p)
        pending = self._doubles.pending(self._turn)
        if not pending:
            blocking = self._doubles.blocking(self._turn, self._remaining)
            if blocking:
                targets = blocking if self._any_order else blocking[:1]
                where = " or ".join(f"{d.tile} on {train_label(d.train, p)}" for d in targets)
                word = "an open double" if len(targets) > 1 else "the open double"
                return (f"You must satisfy {word} first ({where}): no other train may be "
                        f"played on until it is.")
        if self._chain and key != p:
            return "You are building on your first turn: lay your next tile on your own train."
        if key not in self._available(p):
            return f"{name[0].upper()}{name[1:]} is closed to you: it carries no marker."
        if not t.has(train.open_end):
            if not train.started:
                return f"{t} does not match {name}: it starts from the engine, {train.open_end}."
            return f"{t} does not match {name}: its open end is {train.open_end}."
        if self._chain:
            return f"{t} cannot be laid on your train now."
        closers = live(pending, self._remaining)
        if len(pending) >= 2 and closers and t.low != t.high:
            first = closers[0]
            if self._any_order:
                where = " or ".join(f"{d.tile} on {train_label(d.train, p)}" for d in closers)
                return f"After doubles, the closing tile must go on one of them: {where}."
            return (f"After {len(pending)} doubles in a turn, the closing tile may go only on "
                    f"the first: {first.tile} on {train_label(first.train, p)}.")
        return f"{t} cannot be laid on {name} now."

    # -- commands -------------------------------------------------------------
    def _apply(self, command: Command) -> list[Event]:
        if not isinstance(command, (Play, Draw, Pass)):
            raise WrongPhase("Mexican Train takes Play, Draw or Pass: there is no "
                             f"{type(command).__name__.lower()} in this game.")
        p = self._current
        if command.player != p:
            raise NotYourTurn(f"It is {_player(p)}'s turn, not {_player(command.player)}'s.")
        plays = self._legal_plays()
        if isinstance(command, Play):
            t = command.tile
            if not isinstance(t, Tile) or t.high < t.low:
                try:
                    t = as_tile(t)
                except (ValueError, TypeError):
                    raise IllegalPlay(f"{t!r} is not a tile.") from None
            key = command.train
            if key is None or isinstance(key, bool) or (t, key) not in plays:
                raise IllegalPlay(self._why_not(p, t, key))
            return self._play(p, t, key)
        boneyard_left = self._bone_pos < len(self._boneyard)
        if isinstance(command, Draw):
            if plays:
                raise IllegalMove(self._must_play_reason(plays))
            if not boneyard_left:
                raise IllegalMove("The boneyard is empty: you cannot draw, so you pass.")
            return self._draw(p)
        if plays:
            raise IllegalMove(self._must_play_reason(plays))
        if boneyard_left:
            raise IllegalMove("You may pass only when the boneyard is empty: draw a tile.")
        return self._pass(p)

    def _play(self, p: int, t: Tile, key: TrainKey) -> list[Event]:
        self._invalidate()
        train = self._trains[key]
        hand = self._hands[p]
        hand.discard(t)
        by = self._by_num[p]
        by[t.high].discard(t)
        by[t.low].discard(t)
        self._count(t, -1)
        self._doubles.satisfy(key)
        train.lay(t)
        double = t.low == t.high
        if double:
            self._doubles.add(key, t, self._turn)
        self._drew = False
        self._drawn = None
        self._passes = 0
        events: list[Event] = [TilePlayed(p, t, key)]
        if key == p and train.set_marker(False):
            events.append(Marker(p, False))
        if not hand:
            events.extend(self._end_round(p))
            return events
        if key != p:
            self._building = False
        if double:
            self._chain = False
            return events                       # the player plays again
        if self._building and by[train.open_end] and not self._doubles.pending(self._turn):
            self._chain = True
            return events                       # first-turn building goes on
        self._end_turn()
        return events

    def _draw(self, p: int) -> list[Event]:
        self._invalidate()
        t = self._boneyard[self._bone_pos]
        self._bone_pos += 1
        self._take(p, t)
        self._drew = True
        self._drew_any = True
        self._drawn = t
        events: list[Event] = [TileDrawn(p, t)]
        if self._legal_plays():
            return events                       # the drawn tile must be played
        events.extend(self._marker_on(p))
        self._end_turn()
        return events

    def _pass(self, p: int) -> list[Event]:
        self._invalidate()
        self._passes += 1
        events: list[Event] = [Passed(p)]
        events.extend(self._marker_on(p))
        self._end_turn()
        if self._passes >= self.n and not self._can_anyone_play():
            events.extend(self._end_round(None))
        return events

    def _marker_on(self, p: int) -> list[Event]:
        return [Marker(p, True)] if self._trains[p].set_marker(True) else []
