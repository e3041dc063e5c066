"""The first-game walkthrough: a fixed, friendly deal per game and a guide that explains it.

A :class:`Walkthrough` is one short guided hand (Moon, Texas 42) or round
(Mexican Train) played with the real engine on a preset deal (the ``deals=``
presets of ``deals_from_record``): :meth:`Walkthrough.new_game` builds it.
A :class:`Guide` follows that game: after every change the interface passes it
the human's view and the change's events, and :meth:`Guide.update` answers
with a :class:`Lesson` -- what just happened (who won the trick and why), the
decision due now in plain words (what trumps are, why you must follow, what
the count is, how doubles block trains: each explained in full the first
time, briefly after), and a suggested command, always one of ``view.legal``.

The player makes every move; the suggestion is advice. The guide never looks
at anything but the view and the public events, so it holds for whatever the
player (or the bots) do. The walkthrough is over at the end of the first hand
or round (``Guide.finished``).

Pure Python: no interface here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from core.commands import Bid, Command, Discard, Draw, NameTrump, Play
from core.game import Game, Phase
from core.registry import game_class
from core.tiles import Tile, parse_tile
from core.tricks.count import COUNT
from core.tricks.play import SUIT_NAMES, TRUMP, TRUMP_NAMES, TrumpMode, is_trump, rank, suit_led, trick_winner
from core.wording import a_number, and_list, plural, their, verb


def _tiles(text: str) -> list[Tile]:
    return [parse_tile(t) for t in text.split()]


@dataclass(frozen=True)
class Walkthrough:
    """One guided hand: the game, its settings, the preset deal and the scripted advice.

    ``deal`` has the shape of one ``deals_from_record`` preset. ``levels`` are
    the seats' bot levels ("human" for the player's seat 0). ``bid``,
    ``discard`` and ``trump`` are the advice for the friendly deal's decisions
    (used when legal). ``intro`` explains the screen before the first decision.
    """

    game: str
    options: dict[str, Any]
    deal: dict[str, Any]
    levels: tuple[str, ...]
    intro: tuple[str, ...]
    seed: int = 42
    bid: int | None = None
    discard: Tile | None = None
    trump: str | None = None

    @property
    def title(self) -> str:
        return game_class(self.game).title

    def new_game(self) -> Game:
        """A fresh game on the friendly deal (later hands, never reached, deal at random)."""
        return game_class(self.game)(options=dict(self.options), seed=self.seed,
                                     deals=[dict(self.deal)])


_KEYS = ("The suggested tile is already chosen: Enter plays it, or choose another "
         "(← → or 1-9) and see what the rules say. a plays the suggestion, e shows the "
         "scores instead of this guide, x leaves the walkthrough.")

WALKTHROUGHS: dict[str, Walkthrough] = {
    "moon": Walkthrough(
        game="moon",
        options={"all_pass": "force_last", "target": 21},
        deal={"hand": 1, "first_bidder": 0,
              "hands": [_tiles("6-5 6-4 6-2 5-5 4-4 3-1 2-1"),
                        _tiles("6-6 5-3 4-2 3-3 3-2 1-1 0-0"),
                        _tiles("6-1 5-4 5-2 5-1 4-3 4-1 2-2")],
              "widow": Tile(6, 3)},
        levels=("human", "easy", "easy"),
        bid=5, discard=Tile(2, 1), trump="6",
        intro=(
            "Three-Player Moon, one guided hand on a friendly deal. You sit at the bottom; "
            "West and East are bots. Each plays alone.",
            "The table shows the tiles of the trick being played; the guide on the right "
            "explains each decision as it comes and suggests a move. Your hand is along the "
            "bottom: a tile you may play has a heavy outline and a number in [brackets].",
            "Each hand: one round of bids, the winner takes the spare tile (the widow) and "
            "names trumps, then 7 tricks. First to 21 points wins.",
            _KEYS,
        )),
    "texas42": Walkthrough(
        game="texas42",
        options={},
        deal={"hand": 1, "shaker": 3,
              "hands": [_tiles("6-5 6-4 6-3 6-2 5-5 4-4 3-3"),
                        _tiles("6-6 5-4 5-3 5-2 4-3 4-2 3-0"),
                        _tiles("6-1 5-0 4-1 3-2 2-2 1-1 0-0"),
                        _tiles("6-0 5-1 4-0 3-1 2-1 2-0 1-0")]},
        levels=("human", "easy", "easy", "easy"),
        bid=30, trump="6",
        intro=(
            "Texas 42, one guided hand on a friendly deal. You and North (a bot) are partners "
            "against West and East.",
            "The table shows the tiles of the trick being played; the guide on the right "
            "explains each decision and suggests a move. Your hand is along the bottom: a "
            "tile you may play has a heavy outline and a number in [brackets].",
            "Each hand: one round of bids, the winner names trumps, then up to 7 tricks. "
            "Making your bid wins your team a mark; 7 marks win the game.",
            _KEYS,
        )),
    "mexican_train": Walkthrough(
        game="mexican_train",
        options={"set": 9, "players": 3, "rounds": 1},
        deal={"round": 1, "engine": Tile(9, 9), "first_player": 0,
              "hands": [_tiles("9-5 5-5 5-3 3-1 1-1 1-0"),
                        _tiles("9-8 8-6 6-4 4-2 7-2 2-2"),
                        _tiles("9-7 7-7 7-4 8-3 6-0 3-2")],
              "boneyard": _tiles("8-8 6-6 4-3 0-0 9-0 2-0 8-1 7-5")},
        levels=("human", "easy", "easy"),
        intro=(
            "Mexican Train, one guided round on a small, friendly deal (a double-nine set, "
            "six tiles each). You play against two bots.",
            "The engine, 9-9, sits in the hub. Everyone builds a train from it; yours is "
            "yours alone unless your marker is on it. The Mexican train is open to all.",
            "Get rid of your tiles: whoever goes out scores 0, the others the pips left in "
            "hand. The guide on the right explains each turn and suggests a move.",
            "a plays the suggestion, e shows the scores instead of the guide, "
            "x leaves the walkthrough.",
        )),
}


def walkthrough_for(game: str) -> Walkthrough:
    """The walkthrough of ``game``; ``KeyError`` for a game without one."""
    return WALKTHROUGHS[game]


# -- lessons ---------------------------------------------------------------------

@dataclass(frozen=True)
class Lesson:
    """What the guide says now: a title, the explanation, the advice, recent happenings."""

    title: str
    text: str
    advice: str = ""
    suggestion: Command | None = None
    notes: tuple[str, ...] = ()
    finished: bool = False


def _plural(suit: int) -> str:
    return SUIT_NAMES.get(suit, str(suit))


def _list(tiles: Sequence[Tile]) -> str:
    return and_list(str(t) for t in tiles)


@dataclass
class Guide:
    """Follows one walkthrough game from the human's seat (``player``, 0) and explains it."""

    walkthrough: Walkthrough
    names: Sequence[str] = ("You", "West", "East")
    player: int = 0
    seen: set[str] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)
    finished: bool = False
    result: str = ""
    _mode: TrumpMode | None = None
    _table: list[tuple[int, Tile]] = field(default_factory=list)
    _last: Lesson | None = None
    _last_key: Any = None

    MAX_NOTES = 3

    def _first(self, topic: str) -> bool:
        """True the first time ``topic`` comes up (then it is explained in full)."""
        if topic in self.seen:
            return False
        self.seen.add(topic)
        return True

    def name(self, player: int) -> str:
        return self.names[player] if 0 <= player < len(self.names) else f"Player {player + 1}"

    # -- the events -----------------------------------------------------------
    def update(self, view: Any, events: Sequence[Any] = ()) -> Lesson:
        """Take in the change (``events``) and say what matters now for ``view``.

        Asked again with no new events for the same decision, it gives the same
        lesson (a redraw does not count as seeing a topic twice).
        """
        key = (view.to_act, view.phase, tuple(view.legal), tuple(view.hand))
        if not events and self._last is not None and key == self._last_key:
            return self._last
        self._last_key = key
        self._last = self._update(view, events)
        return self._last

    def _update(self, view: Any, events: Sequence[Any]) -> Lesson:
        if getattr(view, "mode", None) is not None:
            self._mode = view.mode
        for event in events:
            self._note(event)
        if self.finished:
            return Lesson("Walkthrough done", self.result + " " + self._outro(),
                          notes=tuple(self.notes), finished=True)
        if view.to_act != self.player or not view.legal:
            return self._waiting(view)
        if self.walkthrough.game == "mexican_train":
            lesson = self._train_turn(view)
        else:
            lesson = self._trick_decision(view)
        return Lesson(lesson.title, lesson.text, lesson.advice, lesson.suggestion,
                      tuple(self.notes))

    def _remember(self, text: str) -> None:
        self.notes.append(text)
        del self.notes[:-self.MAX_NOTES]

    def _note(self, event: Any) -> None:
        kind = getattr(event, "kind", "")
        if kind == "play" and hasattr(event, "train"):
            self._note_train_play(event)
        elif kind == "play":
            self._table.append((event.player, event.tile))
        elif kind == "trick":
            self._note_trick(event)
        elif kind == "marker" and event.on:
            who = self.name(event.player)
            text = (f"{who} could not play, so {their(who)} marker went on: that train is "
                    "open to everyone until its owner plays on it.")
            if not self._first("marker"):
                text = f"{who}: marker on."
            self._remember(text)
        elif kind == "draw" and event.player != self.player:
            self._remember(f"{self.name(event.player)} drew from the boneyard.")
        elif kind in ("hand_end", "round_end") and not self.finished:
            self.finished = True
            self.result = self._result(event)

    def _note_trick(self, event: Any) -> None:
        tiles = tuple(event.tiles)
        mode = self._mode
        winner = self.name(event.winner)
        best = tiles[trick_winner(tiles, mode)] if mode is not None else None
        why = ""
        if mode is not None and best is not None:
            if is_trump(best, mode):
                why = "the highest trump played"
            elif mode.trump in ("sevens",):
                why = "the tile closest to 7"
            else:
                why = f"the highest of the suit led ({_plural(suit_led(tiles[0], mode))})"
        text = f"{winner} won trick {event.number}" + (f" with {best}: {why}." if why else ".")
        points = getattr(event, "points", None)
        if points is not None:
            count = points - 1
            text += (f" +{points} points (1 for the trick, {count} count)." if count
                     else " +1 point (the trick).")
        self._remember(text)
        self._table = []

    def _note_train_play(self, event: Any) -> None:
        if event.player == self.player:
            return
        who = self.name(event.player)
        where = ("their own train" if event.train == event.player
                 else _train_words(event.train, self.player, self.names))
        text = f"{who} played {event.tile} on {where}."
        if event.tile.is_double:
            text += " A double: it must be satisfied before any other train is played on."
        self._remember(text)

    def _result(self, event: Any) -> str:
        kind = event.kind
        if kind == "round_end":
            if event.out is None:
                head = "Round over: nobody could play (blocked)."
            elif event.out == self.player:
                head = "You went out: the round is over and you score 0."
            else:
                head = f"{self.name(event.out)} went out: the round is over."
            mine = event.points[self.player]
            tail = ("" if event.out == self.player
                    else f" You score {mine}, the pips left in your hand.")
            return (head + tail + " Everyone else scores the pips left in hand (the double-blank "
                    "counts 50). After the last round the lowest total wins.")
        bidder = self.name(event.bidder)
        if self.walkthrough.game == "moon":
            won = event.tricks[event.bidder]
            verdict = "made it" if event.made else f"{verb(bidder, 'was')} set"
            sign = "+" if event.made else "−"
            text = (f"Hand over: {bidder} bid {event.bid} and took {plural(won, 'trick')}: "
                    f"{verdict} ({sign}{event.bid}). The others score 1 per trick they won.")
            return text
        team = event.bidder % 2
        ours = team == self.player % 2
        side = "Your team" if ours else "West and East"
        verdict = "made" if event.made else "set"
        text = (f"Hand over: {side} bid {_bid_words(event.bid)} and took {event.points[team]} "
                f"points: the bid was {verdict}.")
        if event.ended_early:
            text += " The hand stopped early: the result was certain."
        gained = event.marks[self.player % 2]
        text += (f" Your team wins {plural(gained, 'mark')}."
                 if gained else " The other team wins the marks.")
        return text

    def _outro(self) -> str:
        return ("That is the walkthrough. Press Enter to play a real game (your usual setup, "
                "against the bots), or x to go back to the title screen. The walkthrough can be "
                "replayed from the title screen (w) at any time.")

    def _waiting(self, view: Any) -> Lesson:
        to_act = view.to_act
        who = self.name(to_act) if to_act is not None else "Nobody"
        return Lesson(f"{who} to play" if to_act is not None else "Waiting",
                      "Watch the table: the bots move by themselves.", notes=tuple(self.notes))

    # -- Moon and Texas 42 ---------------------------------------------------------
    def _trick_decision(self, view: Any) -> Lesson:
        phase = view.phase
        if phase == Phase.BID:
            return self._bid(view)
        if phase == Phase.WIDOW:
            return self._widow(view)
        if phase == Phase.TRUMP:
            return self._trump(view)
        return self._play(view)

    def _bid(self, view: Any) -> Lesson:
        legal = [c for c in view.legal if isinstance(c, Bid)]
        wanted = self.walkthrough.bid
        choice = next((c for c in legal if c.bid == wanted and not c.plunge), None)
        if choice is None:
            choice = next((c for c in legal if c.bid is None), legal[0])
        if self.walkthrough.game == "moon":
            text = ("Bidding: one turn each. Bid how many of the 7 tricks you will win on your "
                    "own (4 to 7), or 21 to 'shoot the moon' (all 7), higher than any bid "
                    "before; or pass. The highest bidder takes the widow and names trumps.")
            why = ("you hold three sixes and two doubles: with sixes as trumps they should "
                   "win five tricks.")
        else:
            count = sum(COUNT.get(t, 0) for t in view.hand)
            text = ("Every hand is worth 42 points: 1 per trick (7) plus the count: 5-5 and "
                    "6-4 are worth 10, 5-0, 4-1 and 3-2 are worth 5. Bid the points your team "
                    "will take (30 to 41), or marks (all 42), or pass.")
            if count:
                held = [t for t in view.hand if t in COUNT]
                text += f" You hold {count} count ({_list(held)})."
            why = ("the lowest bid: your four sixes, three doubles and 20 count should take "
                   "30 points with North's help.")
        if not self._first("bid"):
            text = "Your bid."
        advice = (f"Suggested: bid {_bid_words(choice.bid)} — {why}" if choice.bid == wanted
                  else f"Suggested: {'pass' if choice.bid is None else _bid_words(choice.bid)}.")
        return Lesson("Your bid (press b)", text, advice, choice)

    def _widow(self, view: Any) -> Lesson:
        legal = [c for c in view.legal if isinstance(c, Discard)]
        wanted = self.walkthrough.discard
        choice = next((c for c in legal if c.tile == wanted), None)
        if choice is None:
            choice = min(legal, key=lambda c: (c.tile.is_double, c.tile.has(6), c.tile.pips))
        widow = getattr(view, "widow_taken", None)
        text = (f"You won the bid, so you picked up the widow{f' ({widow})' if widow else ''}: "
                "you hold 8 tiles. Lay one aside face down; nobody sees it. Keep your trumps "
                "and doubles.")
        return Lesson("Lay a tile aside (press b)", text,
                      f"Suggested: discard {choice.tile}, your weakest tile.", choice)

    def _trump(self, view: Any) -> Lesson:
        legal = [c for c in view.legal if isinstance(c, NameTrump)]
        hand = view.hand
        wanted = self.walkthrough.trump
        choice = next((c for c in legal if c.trump == wanted), None)
        if choice is None:
            suits = [c for c in legal if c.trump.isdigit()]
            choice = max(suits, key=lambda c: (sum(t.has(int(c.trump)) for t in hand),
                                               int(c.trump))) if suits else legal[0]
        text = ("Name trumps. With a suit as trumps, every tile carrying that number is a "
                "trump: it belongs to no other suit and beats any tile that is not a trump. "
                "You may also name doubles, or no trumps. Name the suit you hold most of.")
        name = TRUMP_NAMES.get(choice.trump, choice.trump)
        why = ""
        if choice.trump.isdigit():
            held = [t for t in hand if t.has(int(choice.trump))]
            why = f" — you hold {_list(held)}." if held else "."
        return Lesson("Name trumps (press b)", text, f"Suggested: {name}{why}", choice)

    def _play(self, view: Any) -> Lesson:
        legal = [c for c in view.legal if isinstance(c, Play)]
        mode = view.mode
        trick = [t for _, t in view.current_trick]
        choice = _suggest_trick_play(view, legal)
        if mode is None or mode.trump in ("sevens",):
            return Lesson("Your play", "Play a tile.", f"Suggested: {choice.tile}.", choice)
        allowed = [c.tile for c in legal]
        if not trick:
            text = ("You lead: play any tile. A tile that is not a trump calls for the suit of "
                    "its higher end (6-2 led is a six); a trump calls for trumps. Leading your "
                    "high trumps pulls the other players' trumps out.")
            if not self._first("lead"):
                text = "You lead: any tile."
            return Lesson("Your lead", text, f"Suggested: lead {choice.tile}.", choice)
        suit = suit_led(trick[0], mode)
        led_by = self.name(view.current_trick[0][0])
        suit_name = _plural(suit)
        if len(allowed) < len(view.hand):
            text = (f"{led_by} led {trick[0]}, so {suit_name} were called. You must follow: "
                    f"play {suit_name} if you hold any — here {_list(allowed)}. Only those are "
                    "outlined; try another tile to see the rule.")
            hidden = [t for t in view.hand if suit != TRUMP and t.has(suit) and is_trump(t, mode)]
            if hidden:
                text += (f" {_list(hidden)} {'is a trump' if len(hidden) == 1 else 'are trumps'}"
                         f" now, so not {suit_name}.")
            if not self._first("follow"):
                text = f"{led_by} led {suit_name}: you must follow ({_list(allowed)})."
            title = "Follow suit"
        else:
            text = (f"{led_by} led {trick[0]} ({suit_name}) and you hold none: you may play any "
                    "tile. A trump wins unless a higher trump is played; any other tile "
                    "cannot win.")
            if suit == TRUMP:
                text = (f"{led_by} led a trump and you hold none: play any tile (it cannot win).")
            if not self._first("no_follow") and suit != TRUMP:
                text = f"You hold no {suit_name}: any tile."
            title = "Your play"
        return Lesson(title, text, f"Suggested: {choice.tile}.", choice)

    # -- Mexican Train -----------------------------------------------------------------
    def _train_turn(self, view: Any) -> Lesson:
        legal = list(view.legal)
        plays = [c for c in legal if isinstance(c, Play)]
        if not plays:
            command = legal[0]
            if isinstance(command, Draw):
                text = ("No tile of yours fits a train you may use: draw one from the boneyard "
                        "(d). If it fits you must play it; if not, your marker goes on your "
                        "train and it is open to everyone until you play on it again.")
                if not self._first("draw"):
                    text = "Nothing fits: draw (d)."
                return Lesson("Draw", text, "Suggested: draw a tile (d).", command)
            text = "Nothing fits and the boneyard is empty: pass (p). Your marker goes on."
            return Lesson("Pass", text, "Suggested: pass (p).", command)
        choice = _suggest_train_play(view, plays)
        where = _train_words(choice.train, self.player, self.names)
        advice = f"Suggested: {choice.tile} on {where}."
        pending = list(view.doubles_pending_this_turn)
        blocking = list(view.blocking_doubles)
        if pending:
            train, double = pending[0]
            text = (f"You played the double {double}: play again. Put a tile with a "
                    f"{double.high} on it to satisfy it; a double left open blocks every "
                    "train, yours too, until someone satisfies it.")
            if not self._first("own_double"):
                text = f"Play again: satisfy {double} if you can."
            return Lesson("Satisfy your double", text, advice, choice)
        if blocking:
            train, double = blocking[0]
            on = _train_words(train, self.player, self.names)
            text = (f"The double {double} on {on} is open: nobody may play on any other train "
                    f"until it is satisfied. You must play a tile with {a_number(double.high)} "
                    "on it (or draw if you have none).")
            if not self._first("blocked"):
                text = f"{double} on {on} is still open: satisfy it."
            return Lesson("An open double blocks", text, advice, choice)
        if not view.my_train.started:
            text = (f"Start a train: lay a tile with {a_number(view.engine.high)} (the engine's "
                    "number) on your own train or on the Mexican train. One tile per turn.")
            if not self._first("start"):
                text = "Start your train from the engine."
            return Lesson("Your turn", text, advice, choice)
        if choice.tile.is_double:
            text = ("A double is laid crosswise, and then you play again: a tile on the double "
                    "satisfies it. Play a double when you hold a tile to follow it.")
            if not self._first("double"):
                text = "A double: you will play again."
            return Lesson("Play a double", text, advice, choice)
        text = ("Lay one tile that matches the open end of a train you may use: your own, the "
                "Mexican train, or a train with a marker on it.")
        if not self._first("play"):
            text = "Lay a matching tile."
        return Lesson("Your turn", text, advice, choice)


# -- suggestions ---------------------------------------------------------------------

def _bid_words(bid: Any) -> str:
    if isinstance(bid, dict):
        bid = bid.get("marks", 0) * 42
    if bid is None:
        return "pass"
    if bid >= 42:
        marks = bid // 42
        return "1 mark" if marks == 1 else f"{marks} marks"
    return str(bid)


def _train_words(train: Any, player: int, names: Sequence[str]) -> str:
    if train == "mexican":
        return "the Mexican train"
    if train == player:
        return "your train"
    name = names[train] if 0 <= train < len(names) else f"Player {train + 1}"
    return f"{name}'s train"


def _cheap(t: Tile, mode: TrumpMode) -> tuple[int, int, int]:
    """How much a tile is worth keeping: trumps, then count, then pips."""
    return (int(is_trump(t, mode)), COUNT.get(t, 0), t.pips)


def _suggest_trick_play(view: Any, legal: list[Play]) -> Play:
    """A sound, explainable play: lead high trumps or doubles; win cheaply or throw low."""
    mode = view.mode
    if mode is None or mode.trump in ("sevens", "nello") or len(legal) == 1:
        return legal[0]
    trick = [t for _, t in view.current_trick]
    if not trick:
        trumps = [c for c in legal if is_trump(c.tile, mode)]
        if trumps:
            return max(trumps, key=lambda c: rank(c.tile, TRUMP, mode))
        doubles = [c for c in legal if c.tile.is_double]
        return max(doubles or legal, key=lambda c: c.tile.pips)
    leader_now = view.current_trick[trick_winner(trick, mode)][0]
    partner = len(view.hand_counts) == 4 and leader_now % 2 == view.player % 2
    winners = [c for c in legal if trick_winner(trick + [c.tile], mode) == len(trick)]
    if partner:
        # The partner is winning: give them count if the last to play, else play low.
        last = len(trick) == len(view.hand_counts) - 1
        if last:
            return max(legal, key=lambda c: (COUNT.get(c.tile, 0), -c.tile.pips))
        return min(legal, key=lambda c: _cheap(c.tile, mode))
    if winners:
        return min(winners, key=lambda c: _cheap(c.tile, mode))
    return min(legal, key=lambda c: _cheap(c.tile, mode))


def _suggest_train_play(view: Any, plays: list[Play]) -> Play:
    """Satisfy open doubles, play doubles you can follow, build your own train, shed pips."""
    open_on = {train: double for train, double in view.open_doubles}
    hand = view.hand

    def score(c: Play) -> tuple[int, int]:
        value = 0
        double = open_on.get(c.train)
        if double is not None and c.tile.has(double.high):
            value += 100
        if c.tile.is_double and sum(t.has(c.tile.high) for t in hand) > 1:
            value += 50
        if c.train == view.player:
            value += 10
        elif c.train == "mexican":
            value += 5
        return value, c.tile.pips

    return max(plays, key=score)
