"""The play-by-play in words: a game's events (or record lines) as plain English lines.

    lines = narrate("moon", game.history, names=["You", "West", "East"], viewer=0)

Each line is one thing that happened, in the game's own words: bids, trumps,
every tile led or played (and whether it followed, trumped or was played off),
trick winners, draws, markers, doubles opened and satisfied, hand results.

``viewer`` decides what may be said. With a player number the narration shows
only what that player saw at the table: their own hand as dealt, the widow and
discard only to the Moon bidder who handled them, their own draws -- never
another hand, the widow, the discard or the boneyard's order. With
``viewer=None`` (a hand in review, after it is over) everything is told.

Also here: :func:`split_hands` (a history cut into hands/rounds),
:func:`describe_command` (a command as a player would say it, for hints).

Pure Python; no Textual.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from core.commands import MARK, Bid, Command, Discard, Draw, NameTrump, Pass, Play
from core.events import Event
from core.registry import HAND_END_KINDS, HAND_START_KINDS
from core.texas42.bidding import decode_bid
from core.texas42.record import hand_end_awarded
from core.tiles import Tile, parse_tile
from core.tricks.play import SUIT_NAMES, TRUMP, TRUMP_NAMES, TrumpMode, follows, is_trump, suit_led
from core.wording import is_you, plural, possessive, says, their, verb

HAND_ENDS = HAND_END_KINDS     # the name this module has always offered
MOON_BID = 21


# -- cutting a history into hands ----------------------------------------------------

def as_line(item: Event | dict[str, Any]) -> dict[str, Any]:
    """A record line (dict) for an event or a line."""
    return item.to_record() if isinstance(item, Event) else dict(item)


def split_hands(items: Iterable[Event | dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The lines grouped per hand (Moon, 42) or round (Mexican Train), in order.

    Each group starts at its ``hand_start``/``round_start``; lines before the first
    one (42's first-shaker draw) belong to the first hand, ``game_end`` to the last.
    A header line (``record``) is skipped.
    """
    groups: list[list[dict[str, Any]]] = []
    before: list[dict[str, Any]] = []
    for item in items:
        line = as_line(item)
        kind = line.get("event")
        if kind is None:
            continue
        if kind in HAND_START_KINDS:
            groups.append(before + [line])
            before = []
        elif groups:
            groups[-1].append(line)
        else:
            before.append(line)
    if before:
        groups.append(before)
    return groups


def current_hand(items: Iterable[Event | dict[str, Any]]) -> list[dict[str, Any]]:
    """The lines of the hand/round in progress (the last one)."""
    groups = split_hands(items)
    return groups[-1] if groups else []


def last_finished_hand(items: Iterable[Event | dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The lines of the last hand/round that has ended, or ``None``."""
    for group in split_hands(items)[::-1]:
        if any(line.get("event") in HAND_END_KINDS for line in group):
            return group
    return None


# -- small words -----------------------------------------------------------------------

def _tile(value: Any) -> Tile:
    return value if isinstance(value, Tile) else parse_tile(str(value))


def tiles_text(tiles: Iterable[Any]) -> str:
    return " ".join(str(_tile(t)) for t in tiles)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def moon_bid_text(bid: int | None) -> str:
    if bid is None:
        return "pass"
    return "21 (shoot the moon)" if bid == MOON_BID else str(bid)


def texas42_bid_text(bid: int | None, plunge: bool = False, splash: bool = False) -> str:
    if bid is None:
        return "pass"
    if plunge:
        return f"Plunge ({bid // MARK} marks)"
    if splash:
        return f"Splash ({bid // MARK} marks)"
    if bid < MARK:
        return str(bid)
    marks = bid // MARK
    return "1 mark" if marks == 1 else f"{marks} marks"


def trump_text(trump: str) -> str:
    """ "sixes", "doubles", "no trumps", "Nel-O", "Sevens"."""
    return TRUMP_NAMES.get(trump, trump)


def train_text(train: Any, names: Sequence[str], player: int | None = None) -> str:
    """ "the Mexican train", "their own train", "your train", "West's train"."""
    if train == "mexican":
        return "the Mexican train"
    k = int(train)
    if player is not None and k == player:
        return "your train" if is_you(names[k]) else "their own train"
    return f"{possessive(names[k])} train"


def describe_command(game: str, command: Command, names: Sequence[str] | None = None,
                     viewer: int | None = None) -> str:
    """A command as the player would say it: "Bid 5", "Pass", "Discard 6-4",
    "Name sixes trumps", "Play 6-4", "Play 6-4 on the Mexican train", "Draw"."""
    if isinstance(command, Bid):
        if command.bid is None:
            return "Pass"
        if game == "texas42":
            return "Bid " + texas42_bid_text(command.bid, command.plunge, command.splash)
        return "Bid " + moon_bid_text(command.bid)
    if isinstance(command, Discard):
        return f"Discard {command.tile}"
    if isinstance(command, NameTrump):
        if command.trump in ("nello", "sevens"):
            return f"Declare {trump_text(command.trump)}"
        if command.trump == "none":
            return "Name no trumps" + (" (follow-me)" if game == "texas42" else "")
        return f"Name {trump_text(command.trump)} trumps"
    if isinstance(command, Play):
        if command.train is None:
            return f"Play {command.tile}"
        if command.train != "mexican" and viewer is not None and int(command.train) == viewer:
            return f"Play {command.tile} on your train"
        seats = list(names) if names else []
        n = max([int(command.train) + 1 if command.train != "mexican" else 0,
                 command.player + 1, len(seats)])
        seats += [f"Player {i + 1}" for i in range(len(seats), n)]
        return f"Play {command.tile} on {train_text(command.train, seats)}"
    if isinstance(command, Draw):
        return "Take the widow" if game == "moon" else "Draw from the boneyard"
    if isinstance(command, Pass):
        if game == "moon":
            return "Leave the widow face down"
        return "Pass (no play, boneyard empty)"
    return str(command)


# -- the narrators ---------------------------------------------------------------------

class _Narrator:
    def __init__(self, names: Sequence[str], viewer: int | None,
                 options: dict[str, Any] | None) -> None:
        self.names = list(names)
        self.viewer = viewer
        self.options = dict(options or {})
        self.out: list[str] = []

    @property
    def reveal(self) -> bool:
        return self.viewer is None

    def name(self, p: int) -> str:
        if 0 <= p < len(self.names):
            return self.names[p]
        return f"Player {p + 1}"

    def say(self, text: str) -> None:
        self.out.append(text)

    def feed(self, line: dict[str, Any]) -> None:
        handler = getattr(self, "on_" + str(line.get("event")), None)
        if handler is not None:
            handler(line)

    def scores_text(self, values: Sequence[int], signed: bool = False) -> str:
        fmt = _signed if signed else str
        return ", ".join(f"{self.name(p)} {fmt(v)}" for p, v in enumerate(values))


class _TrickNarrator(_Narrator):
    """What Moon and Texas 42 share: leads, follows, trumps, tricks."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.mode: TrumpMode | None = None
        self.trick: list[Tile] = []

    def mode_for(self, trump: str) -> TrumpMode | None:
        try:
            return TrumpMode(trump)
        except ValueError:
            return None

    def on_trump(self, line: dict[str, Any]) -> None:
        who, trump = self.name(line["player"]), line["trump"]
        self.mode = self.mode_for(trump)
        if trump == "nello":
            self.say(f"{who} declared Nel-O: to win no trick.")
        elif trump == "sevens":
            self.say(f"{who} declared Sevens: the tile closest to 7 pips wins each trick.")
        elif line.get("first_tile"):
            self.say(f"{who} led without naming trumps: {trump_text(trump)} are trumps.")
        elif trump == "none":
            self.say(f"{who} named no trumps.")
        else:
            self.say(f"{who} named {trump_text(trump)} trumps.")

    def on_play(self, line: dict[str, Any]) -> None:
        who, t = self.name(line["player"]), _tile(line["tile"])
        mode = self.mode
        if not self.trick:
            if mode is None or mode.trump == "sevens":
                self.say(f"{who} led {t}.")
            else:
                self.say(f"{who} led {t} ({SUIT_NAMES[suit_led(t, mode)]}).")
        elif mode is None or mode.trump == "sevens":
            self.say(f"{who} played {t}.")
        else:
            suit = suit_led(self.trick[0], mode)
            if follows(t, suit, mode):
                self.say(f"{who} played {t}.")
            elif suit != TRUMP and is_trump(t, mode):
                self.say(f"{who} trumped with {t}.")
            else:
                self.say(f"{who} played {t} off (no {SUIT_NAMES[suit]}).")
        self.trick.append(t)

    def on_trick(self, line: dict[str, Any]) -> None:
        self.trick = []
        who = self.name(line["winner"])
        points = line.get("points")
        extra = f", worth {plural(points, 'point')}" if points else ""
        self.say(f"{who} won trick {line['number']}{extra}.")


class MoonNarrator(_TrickNarrator):
    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.bidder: int | None = None

    def on_hand_start(self, line: dict[str, Any]) -> None:
        self.mode, self.trick, self.bidder = None, [], None
        first = says(self.name(line["first_bidder"]), "bids")
        self.say(f"Hand {line['hand']}: {first} first.")

    def on_deal(self, line: dict[str, Any]) -> None:
        hands = line["hands"]
        if self.reveal:
            for p, hand in enumerate(hands):
                self.say(f"{says(self.name(p), 'was')} dealt {tiles_text(hand)}.")
            if line.get("widow") is None:
                self.say("No widow this game (the 0-0 is out too).")
            else:
                self.say(f"The widow: {_tile(line['widow'])}.")
        elif self.viewer is not None and self.viewer < len(hands):
            self.say(f"You were dealt {tiles_text(hands[self.viewer])}.")

    def on_bid(self, line: dict[str, Any]) -> None:
        who, bid = self.name(line["player"]), line.get("bid")
        if bid is None:
            self.say(f"{who} passed.")
            return
        self.bidder = line["player"]
        if line.get("forced"):
            self.say(f"{who} had to bid {bid}: everyone else passed.")
        elif bid == MOON_BID:
            self.say(f"{who} bid 21: shooting the moon (all 7 tricks).")
        else:
            self.say(f"{who} bid {bid}.")

    def on_redeal(self, line: dict[str, Any]) -> None:
        self.say("Everyone passed: the hand is thrown in and dealt again.")

    def on_widow(self, line: dict[str, Any]) -> None:
        p = line["player"]
        who = self.name(p)
        if line.get("took") is None:
            mine = "your" if is_you(who) else "their"
            self.say(f"{who} left the widow face down and kept {mine} 7 tiles.")
            return
        if self.reveal or p == self.viewer:
            took, laid = _tile(line["took"]), _tile(line["discarded"])
            if took == laid:
                self.say(f"{who} took the widow ({took}) and laid it aside again.")
            else:
                self.say(f"{who} took the widow ({took}) and laid {laid} aside.")
        else:
            self.say(f"{who} took the widow and laid a tile aside, face down.")

    def on_hand_end(self, line: dict[str, Any]) -> None:
        who, bid = self.name(line["bidder"]), line["bid"]
        tricks = line["tricks"][line["bidder"]]
        need = 7 if bid == MOON_BID else bid
        won = plural(tricks, "trick")
        if line["made"]:
            self.say(f"{who} bid {moon_bid_text(bid)} and made it with {won}.")
        else:
            self.say(f"{who} bid {moon_bid_text(bid)} and {verb(who, 'was')} set: "
                     f"{won} of {need}.")
        self.say(f"This hand: {self.scores_text(line['delta'], signed=True)}. "
                 f"Scores: {self.scores_text(line['scores'])}.")

    def on_game_end(self, line: dict[str, Any]) -> None:
        winner = line["winner"]
        self.say(f"{says(self.name(winner), 'wins')} the game. "
                 f"Final scores: {self.scores_text(line['scores'])}.")


class Texas42Narrator(_TrickNarrator):
    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.bids: list[tuple[int, int | None]] = []

    def team(self, t: int) -> str:
        return f"{self.name(t)} & {self.name(t + 2)}"

    def mode_for(self, trump: str) -> TrumpMode | None:
        try:
            if trump == "none":
                return TrumpMode("none", doubles=self.options.get("follow_me_doubles", "high"))
            if trump == "nello":
                return TrumpMode("nello", doubles=self.options.get("nello_doubles", "own_suit"))
            if trump == "sevens":
                return TrumpMode("sevens", free_play=bool(self.options.get("sevens_free_play")))
            return TrumpMode(trump)
        except ValueError:
            return None

    def on_shaker_draw(self, line: dict[str, Any]) -> None:
        draws = [f"{self.name(p)} {_tile(t)}" for p, t in enumerate(line["tiles"]) if t]
        shaker = line.get("shaker")
        if shaker is None:
            self.say(f"To choose the first shaker: {', '.join(draws)}; a tie, so they draw again.")
        else:
            self.say(f"To choose the first shaker: {', '.join(draws)}; "
                     f"{says(self.name(shaker), 'shakes')} first.")

    def on_hand_start(self, line: dict[str, Any]) -> None:
        self.mode, self.trick, self.bids = None, [], []
        self.say(f"Hand {line['hand']}: {says(self.name(line['shaker']), 'shakes')}.")

    def on_deal(self, line: dict[str, Any]) -> None:
        hands = line["hands"]
        if self.reveal:
            for p, hand in enumerate(hands):
                mine = sorted((_tile(t) for t in hand), reverse=True)
                self.say(f"{says(self.name(p), 'was')} dealt {tiles_text(mine)}.")
        elif self.viewer is not None and self.viewer < len(hands):
            mine = sorted((_tile(t) for t in hands[self.viewer]), reverse=True)
            self.say(f"You drew {tiles_text(mine)}.")

    def on_bid(self, line: dict[str, Any]) -> None:
        who = self.name(line["player"])
        bid = decode_bid(line.get("bid"))
        if bid is None:
            self.say(f"{who} passed.")
        elif line.get("forced"):
            self.say(f"{who} had to bid 30: everyone else passed.")
        elif line.get("plunge"):
            self.say(f"{who} called Plunge: {bid // MARK} marks, {possessive(who)} partner "
                     "names trumps.")
        elif line.get("splash"):
            self.say(f"{who} called Splash: {bid // MARK} marks, {possessive(who)} partner "
                     "names trumps.")
        else:
            self.say(f"{who} bid {texas42_bid_text(bid)}.")

    def on_reshake(self, line: dict[str, Any]) -> None:
        self.say("Everyone passed: the hand is thrown in and the shake passes to the left.")

    def on_trump(self, line: dict[str, Any]) -> None:
        super().on_trump(line)
        if line["trump"] == "nello":
            partner = (line["player"] + 2) % 4
            self.say(f"{says(self.name(partner), 'sits')} out this hand.")

    def on_hand_end(self, line: dict[str, Any]) -> None:
        bidder = line["bidder"]
        bt = bidder % 2
        bid = decode_bid(line["bid"])
        points = line["points"]
        result = "made it" if line["made"] else "were set"
        self.say(f"{self.team(bt)} bid {texas42_bid_text(bid)} and {result}: "
                 f"{plural(points[bt], 'point')} to {points[1 - bt]}.")
        if line.get("ended_early"):
            self.say("The hand ended early: its result was certain.")
            remaining = line.get("remaining") or []
            left = [f"{self.name(p)} {tiles_text(h)}" for p, h in enumerate(remaining) if h]
            if left:
                self.say("Unplayed: " + "; ".join(left) + ".")
        unit = "points" if str(self.options.get("target", "marks")).startswith("points") \
            else "marks"
        gained = [f"{self.team(t)} +{m}" for t, m in enumerate(hand_end_awarded(line, unit)) if m]
        totals = ", ".join(f"{self.team(t)} {v}" for t, v in enumerate(line["totals"]))
        self.say(f"This hand: {', '.join(gained) or 'nothing'} ({unit}). Totals: {totals}.")

    def on_game_end(self, line: dict[str, Any]) -> None:
        w = line["winner"]
        scores = line["scores"]
        self.say(f"{self.team(w)} win the game, {scores[w]} to {scores[1 - w]}.")


class TrainNarrator(_Narrator):
    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.ends: dict[Any, Tile | None] = {}
        self.open: list[tuple[Any, Tile]] = []
        self.counts: list[int] = []
        self.boneyard = 0

    def on_round_start(self, line: dict[str, Any]) -> None:
        self.ends, self.open = {}, []
        self.say(f"Round {line['round']}: the engine is {_tile(line['engine'])}; "
                 f"{says(self.name(line['first_player']), 'plays')} first.")

    def on_deal(self, line: dict[str, Any]) -> None:
        hands = line["hands"]
        self.counts = [len(h) for h in hands]
        self.boneyard = len(line.get("boneyard") or [])
        if self.reveal:
            for p, hand in enumerate(hands):
                self.say(f"{self.name(p)} drew {tiles_text(hand)}.")
        elif self.viewer is not None and self.viewer < len(hands):
            self.say(f"You drew {tiles_text(hands[self.viewer])}.")
        self.say(f"{plural(len(hands[0]), 'tile')} each; {self.boneyard} left in the boneyard.")

    def on_play(self, line: dict[str, Any]) -> None:
        p, t, train = line["player"], _tile(line["tile"]), line["train"]
        key = train if train == "mexican" else int(train)
        who = self.name(p)
        where = train_text(key, self.names, p)
        last = self.ends.get(key)
        if last is None and key == "mexican":
            text = f"{who} started the Mexican train with {t}"
        elif last is None and key == p:
            text = f"{who} started {their(who)} train with {t}"
        else:
            text = f"{who} played {t} on {where}"
        if last is not None and last.is_double and (key, last) in self.open:
            self.open.remove((key, last))
            text += f", satisfying the double {last}"
        if t.is_double:
            self.open.append((key, t))
            text += ": a double, which must be satisfied"
        self.say(text + ".")
        self.ends[key] = t
        if p < len(self.counts):
            self.counts[p] -= 1
            if self.counts[p] == 1:
                self.say(f"{says(who, 'has')} one tile left.")

    def on_draw(self, line: dict[str, Any]) -> None:
        p = line["player"]
        who = self.name(p)
        if p < len(self.counts):
            self.counts[p] += 1
        self.boneyard = max(0, self.boneyard - 1)
        left = f" ({self.boneyard} left)"
        if (self.reveal or p == self.viewer) and line.get("tile"):
            self.say(f"{who} drew {_tile(line['tile'])} from the boneyard{left}.")
        else:
            self.say(f"{who} drew a tile from the boneyard{left}.")

    def on_marker(self, line: dict[str, Any]) -> None:
        who = self.name(line["player"])
        own = their(who)
        if line["on"]:
            self.say(f"{who} could not play: {own} marker goes on {own} train, "
                     "open to everyone.")
        else:
            self.say(f"{who} took {own} marker off {own} train.")

    def on_pass(self, line: dict[str, Any]) -> None:
        self.say(f"{self.name(line['player'])} passed: no play and the boneyard is empty.")

    def on_round_end(self, line: dict[str, Any]) -> None:
        out = line.get("out")
        if out is None:
            self.say("Nobody can play: the round is blocked.")
        else:
            who = self.name(out)
            self.say(f"{who} played {their(who)} last tile and went out: domino!")
        self.say(f"Points this round: {self.scores_text(line['points'])}. "
                 f"Totals: {self.scores_text(line['scores'])}.")

    def on_game_end(self, line: dict[str, Any]) -> None:
        w = line["winner"]
        scores = line["scores"]
        if isinstance(w, (list, tuple)):
            who = " and ".join(self.name(p) for p in w)
            self.say(f"{who} share the win with {plural(scores[w[0]], 'point')} each "
                     "(lowest total).")
        else:
            self.say(f"{says(self.name(w), 'wins')} with the lowest total, {scores[w]}. "
                     f"Final: {self.scores_text(scores)}.")


NARRATORS: dict[str, type[_Narrator]] = {
    "moon": MoonNarrator, "texas42": Texas42Narrator, "mexican_train": TrainNarrator,
}


def narrate(game: str, items: Iterable[Event | dict[str, Any]], names: Sequence[str], *,
            viewer: int | None = None, options: dict[str, Any] | None = None) -> list[str]:
    """The events (or record lines) of ``game`` as plain-English lines.

    ``viewer``: whose eyes (only what they saw); ``None``: tell everything (for a
    hand in review). ``options``: the rules settings (Texas 42's doubles under
    no-trumps, the target), defaults when missing. Lines of unknown kinds are skipped.
    """
    try:
        narrator = NARRATORS[game](names, viewer, options)
    except KeyError:
        raise ValueError(f"unknown game {game!r}") from None
    for item in items:
        narrator.feed(as_line(item))
    return narrator.out
