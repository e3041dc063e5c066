"""Texas 42's play-by-play."""

from __future__ import annotations

from typing import Any

from core.commands import MARK
from core.narration.base import _TrickNarrator
from core.narration.words import (
    _tile,
    texas42_bid_text,
    tiles_text,
)
from core.texas42.bidding import decode_bid
from core.texas42.record import hand_end_awarded
from core.tricks.play import TrumpMode
from core.wording import plural, possessive, says


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
