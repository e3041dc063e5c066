"""Texas 42 (``docs/rules/texas42.md``), with the Nel-O, Sevens, Plunge and Splash variants.

A :class:`Texas42Game` is a whole match: shake, bid, name trumps, seven tricks,
score, and on to the next hand until a team reaches the target. Following and
trick winners come from :mod:`core.tricks.play` (one ``TrumpMode`` per hand).

Where the rules leave room, this engine decides:

* The all-pass rule: the shaker bids last; if the three before passed, the
  shaker may still bid anything legal, and a pass becomes a forced 30
  (``bid{bid: 30, forced: true}``; the command is the pass). Under
  ``all_pass = "reshake"`` the shaker's pass is a pass: a ``reshake`` line
  follows, the hand ends unscored, and the next hand (numbered on, as after any
  hand) is shaken by the player to the left.
* Splash: a holder of 3+ doubles may call it while the high bid is below 3
  marks (2 marks, or 3 over a standing 2 marks); a Plunge may be called over a
  standing Splash (4 marks). As after a Plunge, the caller's partner names a
  real trump suit, doubles or no-trumps (not Nel-O or Sevens) and leads; the
  hand ends the moment the defenders take a trick, whatever ``play_out`` says
  (the variant's own rule). An outbid Splash is an ordinary mark bid.
* Nel-O and Sevens: the bid winner leads the first trick (so says Nel-O; Sevens
  follows the general rule). Neither may be declared over a Plunge: the
  plunger's partner names a real trump suit, doubles or no-trumps. A Plunge
  outbid by 5 marks is an ordinary mark bid, so its bidder may declare them.
* ``trump_by_first_tile``: in the trump phase the trump-namer may play a tile
  instead; its higher end (a double: its number) becomes trumps, and a
  ``trump`` line (extra field ``first_tile: true``) precedes the ``play`` line.
* Scoring decisions are in :mod:`core.texas42.scoring` (early-ended hands score
  the tricks played; a set bid gives the defenders the marks bid).
* ``hand_end``'s ``marks`` are the marks won that hand under every target; under a
  points target the points the hand added to ``totals`` go in the extra field
  ``points_awarded``.
* ``view.bid``/``view.bidder`` are the standing high bid during the auction and
  the winning bid afterwards.
"""

from __future__ import annotations

import random
from typing import Any, Iterable, Sequence

from core.commands import Bid, Command, NameTrump, Play
from core.errors import IllegalBid, IllegalPlay, IllegalTrump, NotYourTurn, WrongPhase
from core.events import Event, TilePlayed, to_json_value
from core.game import Game, Phase
from core.texas42 import record as texas42_record
from core.texas42.bidding import (
    MIN_BID,
    NELLO_MIN_BID,
    PLUNGE_MIN_DOUBLES,
    SEVENS_MIN_BID,
    SPLASH_MIN_DOUBLES,
    bid_error,
    describe_bid,
    legal_bid_calls,
    legal_bids,
)
from core.texas42.events import (
    BidMade,
    Dealt,
    GameEnded,
    HandEnded,
    HandStarted,
    Reshaken,
    ShakerDrawn,
    TrickWon,
    TrumpNamed,
)
from core.texas42.options import OPTION_TABLE, Target, target_of
from core.texas42.scoring import (
    award,
    game_winner,
    hand_result,
    hand_stops,
    marks_awarded,
    partner_of,
    team_of,
    trick_points,
)
from core.texas42.view import CompletedTrick, HandSummary, Texas42View
from core.tiles import Tile, double_set, shuffled, sort_hand
from core.tricks.play import TrumpMode, illegal_play_reason, legal_plays, trick_winner

__all__ = ["Texas42Game", "Texas42View", "CompletedTrick", "HandSummary",
           "describe_bid", "legal_bids"]

SUIT_TRUMPS = tuple(str(n) for n in range(7)) + ("doubles", "none")
_NAME = {t: str(t) for t in double_set(6)}      # tile -> "6-4", for cheap state keys


class Texas42Game(Game):
    name = "texas42"
    title = "Texas 42"
    option_table = OPTION_TABLE

    def __init__(self, options: dict[str, Any] | None = None, *, seed: int = 0,
                 rng: random.Random | None = None,
                 deals: Iterable[dict[str, Any]] | None = None) -> None:
        super().__init__(options, seed=seed, rng=rng, deals=deals)
        self.target: Target = target_of(self.options)
        self.totals = [0, 0]
        self.hand_number = 0
        self.shaker = 0
        self.winner: int | None = None
        self.last_hand: HandSummary | None = None
        self._last_hand_key: list[Any] | None = None
        self._dealt_key: tuple[Any, list[list[str]]] = (None, [])
        self._phase = Phase.BID
        self._to_act: int | None = None
        self._new_hand_state(((),) * 4)

    # -- record replay --------------------------------------------------------
    @classmethod
    def deals_from_record(cls, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return texas42_record.deals_from_record(lines)

    @classmethod
    def command_from_record(cls, line: dict[str, Any]) -> Command | None:
        return texas42_record.command_from_record(line)

    # -- the contract ---------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 4

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def current_player(self) -> int | None:
        return None if self._phase == Phase.GAME_OVER else self._to_act

    def legal_actions(self) -> list[Command]:
        p = self._to_act
        if p is None:                                   # not started, or over
            return []
        if self._phase == Phase.BID:
            return [Bid(p, b, pl, sp) for b, pl, sp in legal_bid_calls(
                self.high_bid, plunge_allowed=self._may_plunge(p),
                splash_allowed=self._may_splash(p), high_splash=self.splash)]
        if self._phase == Phase.TRUMP:
            out: list[Command] = [NameTrump(p, t) for t in self._allowed_trumps()]
            if self.options["trump_by_first_tile"]:
                out.extend(Play(p, t) for t in sort_hand(self.hands[p]))
            return out
        if self._phase == Phase.PLAY:
            tiles = [t for _, t in self.current]
            _, mode, _ = self._play_state()
            return [Play(p, t) for t in sort_hand(legal_plays(self.hands[p], tiles, mode))]
        return []

    # -- hands ------------------------------------------------------------------
    def _new_hand_state(self, hands: Sequence[Sequence[Tile]]) -> None:
        self.hands: list[list[Tile]] = [list(h) for h in hands]
        self.dealt: tuple[tuple[Tile, ...], ...] = tuple(tuple(h) for h in hands)
        self.bids: list[tuple[int, int | None, bool, bool]] = []
        self.high_bid: int | None = None
        self.bidder: int | None = None
        self.plunge = False
        self.splash = False
        self.splashers: list[int] = []
        self.trump: str | None = None
        self.trump_caller: int | None = None
        self.mode: TrumpMode | None = None
        self.sitting_out: int | None = None
        self.leader: int | None = None
        self.tricks: list[CompletedTrick] = []
        self.current: list[tuple[int, Tile]] = []
        self.points = [0, 0]

    def _contract(self) -> tuple[int, int]:
        """The winning bid and its bidder (set once the auction is over)."""
        assert self.high_bid is not None and self.bidder is not None, "the auction is not over"
        return self.high_bid, self.bidder

    def _play_state(self) -> tuple[str, TrumpMode, int]:
        """The hand's trump, its trump mode and the current trick's leader (set once
        trumps are named)."""
        assert self.trump is not None and self.mode is not None and self.leader is not None, \
            "trumps are not named"
        return self.trump, self.mode, self.leader

    def _start(self) -> list[Event]:
        draws, shaker = self._draw_first_shaker()
        preset = self.next_deal()
        events: list[Event] = list(draws) if preset is None else []
        return events + self._begin_hand(shaker, preset)

    def _draw_first_shaker(self) -> tuple[list[Event], int]:
        """Each player draws a tile, most pips shakes; the tied draw again."""
        events: list[Event] = []
        contenders = [0, 1, 2, 3]
        while True:
            pool = shuffled(double_set(6), self.rng)
            drawn = {p: pool[i] for i, p in enumerate(contenders)}
            tiles: list[Tile | None] = [drawn.get(p) for p in range(4)]
            best = max(drawn[p].pips for p in contenders)
            top = [p for p in contenders if drawn[p].pips == best]
            shaker = top[0] if len(top) == 1 else None
            events.append(ShakerDrawn(tuple(tiles), shaker))
            if shaker is not None:
                return events, shaker
            contenders = top

    def _begin_hand(self, shaker: int, preset: dict[str, Any] | None) -> list[Event]:
        tiles = shuffled(double_set(6), self.rng)       # consumed even when replaying
        if preset is None:
            hands: list[tuple[Tile, ...]] = [()] * 4
            for i in range(4):                          # the shaker's left first, shaker last
                hands[(shaker + 1 + i) % 4] = tuple(tiles[7 * i:7 * i + 7])
        else:
            shaker = preset["shaker"]
            if isinstance(shaker, bool) or shaker not in range(4):
                raise ValueError(f"preset shaker must be 0-3, not {shaker!r}")
            hands = list(texas42_record.check_hands(preset["hands"]))
        self.hand_number += 1
        self.shaker = shaker
        self._new_hand_state(hands)
        self._phase = Phase.BID
        self._to_act = (shaker + 1) % 4
        return [HandStarted(self.hand_number, shaker), Dealt(self.dealt)]

    # -- commands -----------------------------------------------------------------
    def _apply(self, command: Command) -> list[Event]:
        player = getattr(command, "player", None)
        if player != self._to_act:
            who = f"Player {player + 1}" if isinstance(player, int) else repr(player)
            assert self._to_act is not None, "nobody is to act"
            raise NotYourTurn(f"It is Player {self._to_act + 1}'s turn, not {who}'s.")
        if self._phase == Phase.BID:
            if not isinstance(command, Bid):
                raise WrongPhase("It is time to bid (or pass).")
            return self._bid(command)
        if self._phase == Phase.TRUMP:
            if isinstance(command, NameTrump):
                return self._name_trump(command.player, command.trump)
            if isinstance(command, Play) and self.options["trump_by_first_tile"]:
                return self._lead_for_trumps(command)
            raise WrongPhase("Name trumps first.")
        if not isinstance(command, Play):
            raise WrongPhase("It is time to play a tile.")
        return self._play(command)

    def _may_plunge(self, player: int) -> bool:
        return bool(self.options["plunge"]) and self._doubles_held(player) >= PLUNGE_MIN_DOUBLES

    def _may_splash(self, player: int) -> bool:
        return bool(self.options["splash"]) and self._doubles_held(player) >= SPLASH_MIN_DOUBLES

    def _doubles_held(self, player: int) -> int:
        return sum(1 for t in self.hands[player] if t.is_double)

    def _bid(self, command: Bid) -> list[Event]:
        p = command.player
        splash = bool(getattr(command, "splash", False))
        reason = bid_error(command.bid, command.plunge, self.high_bid,
                           plunge_setting=bool(self.options["plunge"]),
                           doubles_held=self._doubles_held(p), splash=splash,
                           splash_setting=bool(self.options["splash"]),
                           high_splash=self.splash)
        if reason is not None:
            raise IllegalBid(reason)
        bid, plunge, forced = command.bid, bool(command.plunge), False
        reshake = self.options["all_pass"] == "reshake"
        if bid is None and p == self.shaker and self.high_bid is None and not reshake:
            bid, forced = MIN_BID, True                 # all passed: the shaker takes 30
        self.bids.append((p, bid, plunge, forced))
        if splash:
            self.splashers.append(p)
        if bid is not None:
            self.high_bid, self.bidder = bid, p
            self.plunge, self.splash = plunge, splash
        events: list[Event] = [BidMade(p, bid, plunge, forced, splash)]
        if len(self.bids) < 4:
            self._to_act = (p + 1) % 4
        elif self.high_bid is None:                     # all passed, all_pass = reshake
            events.append(Reshaken())                  # no hand-end view: nothing was played
            events += self._begin_hand((self.shaker + 1) % 4, self.next_deal())
        else:
            self._phase = Phase.TRUMP
            _, bidder = self._contract()
            by_partner = self.plunge or self.splash
            self.trump_caller = partner_of(bidder) if by_partner else bidder
            self._to_act = self.trump_caller
        return events

    def _allowed_trumps(self) -> list[str]:
        out = list(SUIT_TRUMPS)
        if self._trump_error("nello") is None:
            out.append("nello")
        if self._trump_error("sevens") is None:
            out.append("sevens")
        return out

    def _trump_error(self, trump: str) -> str | None:
        if trump in SUIT_TRUMPS:
            return None
        if trump not in ("nello", "sevens"):
            return (f"{trump!r} is not a trump: name 0-6, doubles or none (follow-me), "
                    "or nello / sevens where allowed.")
        label, setting, least = (("Nel-O", "nello", NELLO_MIN_BID) if trump == "nello"
                                 else ("Sevens", "sevens", SEVENS_MIN_BID))
        if not self.options[setting]:
            return f"{label} is not in play (the {setting} setting is off)."
        if self.plunge:
            return f"After a Plunge the partner names trumps; {label} is not allowed."
        if self.splash:
            return f"After a Splash the partner names trumps; {label} is not allowed."
        if self._contract()[0] < least:
            return f"{label} needs a bid of at least {describe_bid(least)}."
        return None

    def _name_trump(self, player: int, trump: Any, first_tile: bool = False) -> list[Event]:
        reason = self._trump_error(trump) if isinstance(trump, str) else f"{trump!r} is not a trump."
        if reason is not None:
            raise IllegalTrump(reason)
        if trump == "none":
            mode = TrumpMode("none", doubles=self.options["follow_me_doubles"])
        elif trump == "nello":
            mode = TrumpMode("nello", doubles=self.options["nello_doubles"])
        elif trump == "sevens":
            mode = TrumpMode("sevens", free_play=bool(self.options["sevens_free_play"]))
        else:
            mode = TrumpMode(trump)
        self.trump, self.mode = trump, mode
        if trump == "nello":
            self.sitting_out = partner_of(self._contract()[1])
        self._phase = Phase.PLAY
        self.leader = self._to_act = player
        return [TrumpNamed(player, trump, first_tile)]

    def _lead_for_trumps(self, command: Play) -> list[Event]:
        if command.tile not in self.hands[command.player]:
            raise IllegalPlay(f"You do not hold {command.tile}.")
        events = self._name_trump(command.player, str(command.tile.high), first_tile=True)
        return events + self._play(command)

    def _play(self, command: Play) -> list[Event]:
        p, t = command.player, command.tile
        trump, mode, leader = self._play_state()
        hand = self.hands[p]
        reason = illegal_play_reason(hand, [x for _, x in self.current], t, mode)
        if reason is not None:
            raise IllegalPlay(reason)
        hand.remove(t)
        self.current.append((p, t))
        events: list[Event] = [TilePlayed(p, t)]
        if len(self.current) < (3 if self.sitting_out is not None else 4):
            self._to_act = self._next_seat(p)
            return events
        tiles = tuple(x for _, x in self.current)
        winner = self.current[trick_winner(tiles, mode)][0]
        points = trick_points(tiles)
        number = len(self.tricks) + 1
        self.tricks.append(CompletedTrick(number, leader, tuple(self.current), winner, points))
        self.points[team_of(winner)] += points
        events.append(TrickWon(number, leader, tiles, winner, points))
        self.current = []
        bid, bidder = self._contract()
        result = hand_result(bid=bid, trump=trump, bidder=bidder,
                             winners=[tr.winner for tr in self.tricks], points=self.points)
        if hand_stops(result=result, tricks_played=len(self.tricks), trump=trump,
                      bid=bid, play_out=bool(self.options["play_out"]),
                      target_kind=self.target.kind, splash=self.splash):
            return events + self._end_hand(bool(result))
        self.leader = self._to_act = winner
        return events

    def _next_seat(self, player: int) -> int:
        seat = (player + 1) % 4
        return (seat + 1) % 4 if seat == self.sitting_out else seat

    def _end_hand(self, made: bool) -> list[Event]:
        bid, bidder = self._contract()
        trump, _, _ = self._play_state()
        delta = award(target_kind=self.target.kind, bid=bid, made=made,
                      bidder=bidder, points=self.points)
        marks = marks_awarded(bid=bid, made=made, bidder=bidder)
        in_points = None if self.target.kind == "marks" else delta
        self.totals = [self.totals[0] + delta[0], self.totals[1] + delta[1]]
        remaining = tuple(tuple(sort_hand(h)) for h in self.hands)
        early = len(self.tricks) < 7
        points = (self.points[0], self.points[1])
        self.last_hand = HandSummary(self.hand_number, bidder, bid, self.plunge,
                                     trump, points, made, marks, early, remaining,
                                     in_points, self.splash)
        self._last_hand_key = to_json_value(list(self.last_hand))
        events: list[Event] = [HandEnded(bidder, bid, points, made, marks,
                                         (self.totals[0], self.totals[1]), early, remaining,
                                         in_points)]
        winner = game_winner(self.totals, self.target.value, bidder)
        if winner is not None:
            self.winner = winner
            self._phase = Phase.GAME_OVER
            self._to_act = None
            return events + [GameEnded(winner, (self.totals[0], self.totals[1]))]
        self._keep_hand_end_views()
        return events + self._begin_hand((self.shaker + 1) % 4, self.next_deal())

    # -- what players see ---------------------------------------------------------
    def view(self, player: int) -> Texas42View:
        stacks: list[list[tuple[Tile, ...]]] = [[], []]
        for tr in self.tricks:
            stacks[team_of(tr.winner)].append(tuple(t for _, t in tr.plays))
        legal = tuple(self.legal_actions()) if player == self.current_player else ()
        return Texas42View(
            player=player, phase=self._phase, to_act=self.current_player,
            hand=tuple(sort_hand(self.hands[player])), hand_number=self.hand_number,
            shaker=self.shaker, bids=tuple(self.bids), bidder=self.bidder, bid=self.high_bid,
            plunge=self.plunge, trump=self.trump, trump_caller=self.trump_caller,
            mode=self.mode, sitting_out=self.sitting_out, leader=self.leader,
            tricks=tuple(self.tricks), current_trick=tuple(self.current),
            points=(self.points[0], self.points[1]),
            team_stacks=(tuple(stacks[0]), tuple(stacks[1])),
            totals=(self.totals[0], self.totals[1]), target=self.target,
            hand_counts=tuple(len(h) for h in self.hands), legal=legal,
            options=dict(self.options), last_hand=self.last_hand, winner=self.winner,
            splash=self.splash, splashers=tuple(self.splashers))

    def state_key(self) -> dict[str, Any]:
        def tiles(seq: Iterable[Tile]) -> list[str]:
            return [_NAME[t] for t in seq]

        def plays(seq: Iterable[tuple[int, Tile]]) -> list[list[Any]]:
            return [[p, _NAME[t]] for p, t in seq]

        last = self.last_hand
        if self._dealt_key[0] is not self.dealt:
            self._dealt_key = (self.dealt, [tiles(h) for h in self.dealt])
        return {
            "options": dict(self.options), "phase": self._phase, "to_act": self._to_act,
            "hand_number": self.hand_number, "shaker": self.shaker,
            "hands": [tiles(h) for h in self.hands], "dealt": self._dealt_key[1],
            "bids": [list(b) for b in self.bids], "high_bid": self.high_bid,
            "bidder": self.bidder, "plunge": self.plunge, "splash": self.splash,
            "splashers": list(self.splashers), "trump": self.trump,
            "trump_caller": self.trump_caller, "sitting_out": self.sitting_out,
            "leader": self.leader,
            "tricks": [[tr.number, tr.leader, plays(tr.plays), tr.winner, tr.points]
                       for tr in self.tricks],
            "current": plays(self.current), "points": list(self.points),
            "totals": list(self.totals), "winner": self.winner,
            "last_hand": None if last is None else self._last_hand_key,
            "history": len(self.history), "rng": hash(self.rng.getstate()),
        }

    def trump_description(self) -> str | None:
        """The hand's contract in words, e.g. "sixes" or "no trumps (doubles high)"."""
        return None if self.mode is None else self.mode.describe()

