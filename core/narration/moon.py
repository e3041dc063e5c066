"""Three-Player Moon's play-by-play."""

from __future__ import annotations

from typing import Any

from core.narration.base import _TrickNarrator
from core.narration.words import (
    MOON_BID,
    _tile,
    moon_bid_text,
    tiles_text,
)
from core.wording import is_you, plural, says, verb


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
