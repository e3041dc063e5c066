"""Three-Player Moon (``docs/rules/moon.md``): the referee.

A :class:`MoonGame` is a whole match. Each hand: deal 7 tiles each and a widow;
one round of bidding (4, 5, 6, 7 or 21, each higher than the last; 21 ends it);
the bidder picks up the widow and discards one tile (``Discard``); the bidder
names trumps (``NameTrump``: "0".."6", "doubles", "none"); seven tricks
(``Play``), the bidder leading the first; scoring; then the next hand starts in
the same ``apply()`` until someone wins.

House options (``docs/rules/moon.md``): ``min_bid`` sets the lowest bid (and the
forced one); ``widow = optional`` puts a choice before the discard -- ``Draw``
takes the widow (no record line of its own: the ``Discard`` that follows writes
the ``widow`` line), ``Pass`` leaves it face down (a ``widow`` line with
``took``/``discarded`` null); a ``Discard`` given at the choice takes the widow and
lays the tile aside in one step (how a record's ``widow`` line replays).
``widow = none`` deals 21 tiles (no 0-0) and skips the widow. With
``trumps_before_widow`` the bidder names trumps first, then handles the widow.
``moon = points`` scores a made 21 like any bid. ``doubles_trump``/``no_trumps``
false leave those trumps out of the choices.

Hand numbering: ``hand`` counts deals. A hand thrown in by the ``redeal``
all-pass setting keeps its number and the new deal is the next number
(hand 2 thrown in → hand 3), its first bidder one seat on as after any hand.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar

from core.commands import Bid, Command, Discard, Draw, NameTrump, Pass, Play
from core.errors import IllegalBid, IllegalPlay, IllegalTrump, NotYourTurn, WrongPhase
from core.events import Event
from core.game import Game, Phase
from core.moon.events import (
    BidMade,
    Dealt,
    GameEnded,
    HandEnded,
    HandStarted,
    Redealt,
    TilePlayed,
    TrickWon,
    TrumpNamed,
    WidowDiscarded,
)
from core.moon.options import MOON_OPTIONS
from core.moon.record import check_preset, tiles_in_play, to_tile
from core.moon.record import command_from_record as _command_from_record
from core.moon.record import deals_from_record as _deals_from_record
from core.moon.view import (
    BIDS,
    MOON,
    TRUMP_CHOICES,
    MoonTrick,
    MoonView,
    bids_for,
    describe_bid,
    player_name,
    tricks_needed,
    trump_choices_for,
)
from core.options import OptionTable
from core.tiles import Tile, shuffled, sort_hand
from core.tricks.play import TRUMP_NAMES, TrumpMode, illegal_play_reason, legal_plays, trick_winner

__all__ = ["MoonGame", "MoonView", "MoonTrick", "describe_bid", "player_name",
           "BIDS", "TRUMP_CHOICES", "HandStarted", "Dealt", "BidMade", "Redealt",
           "WidowDiscarded", "TrumpNamed", "TilePlayed", "TrickWon", "HandEnded", "GameEnded"]

PLAYERS = 3
TRICKS_PER_HAND = 7

_DUE = {Phase.BID: "You must bid or pass now.",
        Phase.WIDOW: "You must discard one tile now.",
        Phase.TRUMP: "You must name trumps now.",
        Phase.PLAY: "You must play a tile now."}


class MoonGame(Game):
    name: ClassVar[str] = "moon"
    title: ClassVar[str] = "Three-Player Moon"
    option_table: ClassVar[OptionTable] = MOON_OPTIONS

    def __init__(self, options: dict[str, Any] | None = None, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        self._phase = Phase.BID
        self._hand_number = 0
        self._first_bidder = 0
        self._hands: list[list[Tile]] = [[] for _ in range(PLAYERS)]
        self._widow: Tile | None = None
        self._discard: Tile | None = None
        # the widow this hand: "face_down" (not yet handled), "choice" (optional: to
        # take or leave), "held" (in the bidder's hand, a discard due), "discarded",
        # "declined" (left face down), or "none" (widow = none)
        self._widow_state = "face_down"
        self._bids: list[tuple[int, int | None, bool]] = []
        self._bidder: int | None = None
        self._bid: int | None = None
        self._trump: str | None = None
        self._mode: TrumpMode | None = None
        self._tricks: list[MoonTrick] = []
        self._current: list[tuple[int, Tile]] = []
        self._leader: int | None = None
        self._won = [0] * PLAYERS
        self._scores = [0] * PLAYERS
        self._winner: int | None = None

    # -- the contract -------------------------------------------------------
    @property
    def num_players(self) -> int:
        return PLAYERS

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def target(self) -> int:
        target: int = self.options["target"]
        return target

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._scores)

    @property
    def current_player(self) -> int | None:
        if self._phase == Phase.BID:
            return (self._first_bidder + len(self._bids)) % PLAYERS
        if self._phase in (Phase.WIDOW, Phase.TRUMP):
            return self._bidder
        if self._phase == Phase.PLAY:
            assert self._leader is not None  # the bidder leads once trumps are named
            return (self._leader + len(self._current)) % PLAYERS
        return None

    def legal_actions(self) -> list[Command]:
        player = self.current_player
        if player is None or not self._started:
            return []
        if self._phase == Phase.BID:
            if self._forced_now():
                return [Bid(player, self._min_bid)]
            return [Bid(player, None), *(Bid(player, b) for b in self._biddable())]
        if self._phase == Phase.WIDOW:
            if self._widow_state == "choice":
                return [Draw(player), Pass(player)]
            return [Discard(player, t) for t in sort_hand(self._hands[player])]
        if self._phase == Phase.TRUMP:
            return [NameTrump(player, t) for t in trump_choices_for(self.options)]
        assert self._mode is not None  # trumps are named before play
        tiles = legal_plays(sort_hand(self._hands[player]),
                            [t for _, t in self._current], self._mode)
        return [Play(player, t) for t in tiles]

    def view(self, player: int) -> MoonView:
        if not 0 <= player < PLAYERS:
            raise ValueError(f"Moon has players 0, 1 and 2, not {player!r}")
        to_act = self.current_player if self._started else None
        is_bidder = player == self._bidder
        return MoonView(
            player=player,
            phase=self._phase,
            to_act=to_act,
            hand=tuple(sort_hand(self._hands[player])),
            hand_number=self._hand_number,
            first_bidder=self._first_bidder,
            bids=tuple(self._bids),
            bidder=self._bidder,
            bid=self._bid,
            trump=self._trump,
            mode=self._mode,
            widow_taken=(self._widow if is_bidder and self._widow_state in ("held", "discarded")
                         else None),
            discard=self._discard if is_bidder else None,
            tricks=tuple(self._tricks),
            current_trick=tuple(self._current),
            leader=self._leader,
            tricks_won=tuple(self._won),
            scores=tuple(self._scores),
            hand_counts=tuple(len(h) for h in self._hands),
            legal=tuple(self.legal_actions()) if to_act == player else (),
            options=dict(self.options),
            target=self.target,
            winner=self._winner,
            widow_declined=self._widow_state == "declined",
        )

    def state_key(self) -> dict[str, Any]:
        return {
            "phase": self._phase,
            "to_act": self.current_player if self._started else None,
            "hand": self._hand_number,
            "first_bidder": self._first_bidder,
            "hands": [[str(t) for t in sort_hand(h)] for h in self._hands],
            "widow": None if self._widow is None else str(self._widow),
            "discard": None if self._discard is None else str(self._discard),
            "widow_state": self._widow_state,
            "bids": [[p, b, f] for p, b, f in self._bids],
            "bidder": self._bidder,
            "bid": self._bid,
            "trump": self._trump,
            "tricks": [[t.number, t.leader, [[p, str(x)] for p, x in t.plays], t.winner]
                       for t in self._tricks],
            "current_trick": [[p, str(t)] for p, t in self._current],
            "leader": self._leader,
            "tricks_won": list(self._won),
            "scores": list(self._scores),
            "winner": self._winner,
            "options": dict(self.options),
        }

    # -- records ------------------------------------------------------------
    @classmethod
    def deals_from_record(cls, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return _deals_from_record(lines)

    @classmethod
    def command_from_record(cls, line: dict[str, Any]) -> Command | None:
        return _command_from_record(line)

    @classmethod
    def command_from_decision(cls, line: dict[str, Any]) -> Command | None:
        """Also the widow choice (``widow = optional``), which has no record line of its
        own: ``{"event": "draw", "player": p}`` takes the widow, ``{"event": "pass",
        "player": p}`` leaves it (the record writes that as a widow line of nulls)."""
        if line.get("event") in ("draw", "pass"):
            player = line.get("player")
            if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < 3:
                raise ValueError("a widow choice names its player, 0-2")
            return Draw(player) if line["event"] == "draw" else Pass(player)
        return _command_from_record(line)

    # -- dealing ------------------------------------------------------------
    def _start(self) -> list[Event]:
        first = self.rng.randrange(PLAYERS)
        return self._begin_hand(1, first)

    @property
    def _min_bid(self) -> int:
        return bids_for(self.options)[0]

    @property
    def _no_widow(self) -> bool:
        return bool(self.options["widow"] == "none")

    def _begin_hand(self, number: int, first_bidder: int) -> list[Event]:
        # the shuffle is consumed even when a preset is used
        deck = shuffled(tiles_in_play(self.options["widow"]), self.rng)
        hands = [deck[i * 7:(i + 1) * 7] for i in range(PLAYERS)]
        widow: Tile | None = None if self._no_widow else deck[21]
        preset = self.next_deal()
        if preset is not None:
            preset_first, hands, widow = check_preset(preset)
            if (widow is None) != self._no_widow:
                raise ValueError("a deal has no widow exactly when the widow setting is none "
                                 f"(it is {self.options['widow']})")
            if preset_first is not None:
                first_bidder = preset_first
        self._hand_number = number
        self._first_bidder = first_bidder
        self._hands = [sort_hand(h) for h in hands]
        self._widow = widow
        self._discard = None
        self._widow_state = "none" if widow is None else "face_down"
        self._bids = []
        self._bidder = self._bid = None
        self._trump = None
        self._mode = None
        self._tricks = []
        self._current = []
        self._leader = None
        self._won = [0] * PLAYERS
        self._phase = Phase.BID
        return [HandStarted(number, first_bidder),
                Dealt(tuple(tuple(h) for h in self._hands), widow)]

    # -- commands -----------------------------------------------------------
    def _apply(self, command: Command) -> list[Event]:
        player = self.current_player
        assert player is not None  # Game.apply turns commands away once the game is over
        if getattr(command, "player", None) != player:
            raise NotYourTurn(f"It is {player_name(player)}'s turn.")
        if self._phase == Phase.WIDOW and self._widow_state == "choice":
            if type(command) is Draw:
                return self._on_take(command)
            if type(command) is Pass:
                return self._on_decline(command)
            if type(command) is Discard:
                return self._on_take_and_discard(command)
            raise WrongPhase("You must take the widow or leave it face down now.")
        handler: dict[str, tuple[type[Command], Callable[[Any], list[Event]]]] = {
            Phase.BID: (Bid, self._on_bid),
            Phase.WIDOW: (Discard, self._on_discard),
            Phase.TRUMP: (NameTrump, self._on_trump),
            Phase.PLAY: (Play, self._on_play)}
        kind, method = handler[self._phase]
        if type(command) is not kind:
            raise WrongPhase(_DUE[self._phase])
        return method(command)

    def _biddable(self) -> list[int]:
        high = max((b for _, b, _ in self._bids if b is not None), default=0)
        return [b for b in bids_for(self.options) if b > high]

    def _forced_now(self) -> bool:
        return (self.options["all_pass"] == "force_last" and len(self._bids) == PLAYERS - 1
                and all(b is None for _, b, _ in self._bids))

    def _on_bid(self, command: Bid) -> list[Event]:
        bid = command.bid
        if command.plunge or command.splash:
            raise IllegalBid("There is no plunge or splash in Moon.")
        forced = self._forced_now()
        low = self._min_bid
        if forced and bid != low:
            raise IllegalBid(f"Both other players passed: you must bid {low}.")
        if bid is not None and (isinstance(bid, bool) or bid not in bids_for(self.options)):
            raise IllegalBid(f"A bid is {', '.join(str(b) for b in range(low, 8))} "
                             "or 21 (shoot the moon), or pass.")
        if bid is not None and bid not in self._biddable():
            high = max(b for _, b, _ in self._bids if b is not None)
            raise IllegalBid(f"Bid higher than {high} or pass.")
        self._bids.append((command.player, bid, forced))
        events: list[Event] = [BidMade(command.player, bid, forced)]
        if bid != MOON and len(self._bids) < PLAYERS:
            return events
        made = [(b, p) for p, b, _ in self._bids if b is not None]
        if not made:                                  # all passed, all_pass = redeal
            events.append(Redealt())
            events += self._begin_hand(self._hand_number + 1,
                                       (self._first_bidder + 1) % PLAYERS)
            return events
        self._bid, self._bidder = max(made)
        if self.options["trumps_before_widow"]:
            self._phase = Phase.TRUMP
        else:
            self._to_widow()
        return events

    def _to_widow(self) -> None:
        """The widow step after the bid (or after trumps, with ``trumps_before_widow``);
        straight on when there is no widow."""
        if self._widow_state == "none":
            self._after_widow()
            return
        if self.options["widow"] == "optional":
            self._widow_state = "choice"
        else:
            self._pick_up()
        self._phase = Phase.WIDOW

    def _pick_up(self) -> None:
        assert self._widow is not None and self._bidder is not None  # dealt, bid
        self._hands[self._bidder] = sort_hand(self._hands[self._bidder] + [self._widow])
        self._widow_state = "held"

    def _after_widow(self) -> None:
        if self._trump is None:
            self._phase = Phase.TRUMP
        else:
            self._start_play()

    def _on_take(self, command: Draw) -> list[Event]:
        self._pick_up()
        return []

    def _on_decline(self, command: Pass) -> list[Event]:
        self._widow_state = "declined"
        self._after_widow()
        return [WidowDiscarded(command.player, None, None)]

    def _on_take_and_discard(self, command: Discard) -> list[Event]:
        assert self._widow is not None  # dealt with the hand
        _held(command.tile, self._hands[command.player] + [self._widow], "discard")
        self._pick_up()
        return self._on_discard(command)

    def _on_discard(self, command: Discard) -> list[Event]:
        t = _held(command.tile, self._hands[command.player], "discard")
        self._hands[command.player].remove(t)
        self._discard = t
        self._widow_state = "discarded"
        self._after_widow()
        assert self._widow is not None  # dealt with the hand
        return [WidowDiscarded(command.player, self._widow, t)]

    def _on_trump(self, command: NameTrump) -> list[Event]:
        trump = str(command.trump).strip().lower()
        allowed = trump_choices_for(self.options)
        if trump not in allowed:
            if trump == "doubles":
                raise IllegalTrump("Doubles may not be named trumps in this game: name "
                                   f"{_trumps_text(allowed)}.")
            if trump == "none":
                raise IllegalTrump("No trumps is not allowed in this game: name "
                                   f"{_trumps_text(allowed)}.")
            raise IllegalTrump(f"Name trumps: {_trumps_text(allowed)}.")
        self._trump = trump
        self._mode = TrumpMode(trump)
        events: list[Event] = [TrumpNamed(command.player, trump)]
        if self._widow_state == "face_down":       # trumps_before_widow: the widow now
            self._to_widow()
        else:
            self._start_play()
        return events

    def _start_play(self) -> None:
        self._leader = self._bidder
        self._phase = Phase.PLAY

    def _on_play(self, command: Play) -> list[Event]:
        assert self._mode is not None and self._leader is not None  # set when trumps are named
        hand = self._hands[command.player]
        t = _held(command.tile, hand, "play")
        reason = illegal_play_reason(hand, [x for _, x in self._current], t, self._mode)
        if reason is not None:
            raise IllegalPlay(reason)
        hand.remove(t)
        self._current.append((command.player, t))
        events: list[Event] = [TilePlayed(command.player, t)]
        if len(self._current) < PLAYERS:
            return events
        tiles = tuple(x for _, x in self._current)
        winner = self._current[trick_winner(tiles, self._mode)][0]
        trick = MoonTrick(len(self._tricks) + 1, self._leader, tuple(self._current), winner)
        self._tricks.append(trick)
        self._won[winner] += 1
        self._current = []
        self._leader = winner
        events.append(TrickWon(trick.number, trick.leader, tiles, winner))
        if trick.number == TRICKS_PER_HAND:
            events += self._end_hand()
        return events

    # -- scoring ------------------------------------------------------------
    def _end_hand(self) -> list[Event]:
        bidder, bid = self._bidder, self._bid
        assert bidder is not None and bid is not None  # a hand is played only once bid
        made = self._won[bidder] >= tricks_needed(bid)
        delta = [(bid if made else -bid) if p == bidder else self._won[p]
                 for p in range(PLAYERS)]
        self._scores = [s + d for s, d in zip(self._scores, delta)]
        events: list[Event] = [HandEnded(bidder, bid, tuple(self._won), made, tuple(delta),
                                         tuple(self._scores))]
        top = max(self._scores)
        leaders = [p for p in range(PLAYERS) if self._scores[p] == top]
        if made and bid == MOON and self.options["moon"] == "instant":
            self._winner = bidder
        elif top >= self.target and len(leaders) == 1:
            self._winner = leaders[0]
        if self._winner is not None:
            self._phase = Phase.GAME_OVER
            events.append(GameEnded(self._winner, tuple(self._scores)))
        else:
            self._keep_hand_end_views()
            events += self._begin_hand(self._hand_number + 1, (self._first_bidder + 1) % PLAYERS)
        return events


def _held(raw: Any, hand: list[Tile], verb: str) -> Tile:
    """The tile a command names, normalised ("4-6" → 6-4); it must be in ``hand``."""
    try:
        t = to_tile(raw, "tile")
    except ValueError:
        raise IllegalPlay(f"{raw!r} is not a tile.") from None
    if t not in hand:
        raise IllegalPlay(f"You cannot {verb} {t}: you do not hold it.")
    return t


def _trumps_text(allowed: tuple[str, ...]) -> str:
    """ "a suit 0 to 6, doubles, or none (no trumps)" -- the choices a setting leaves."""
    parts = ["a suit 0 to 6"]
    if "doubles" in allowed:
        parts.append("doubles")
    if "none" in allowed:
        parts.append("none (no trumps)")
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + (", or " if len(parts) > 2 else " or ") + parts[-1]


def trump_label(trump: str) -> str:
    """A trump choice as a player reads it: "sixes", "doubles", "no trumps"."""
    return TRUMP_NAMES[trump]
