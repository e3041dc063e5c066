"""Mexican Train's play-by-play."""

from __future__ import annotations

from typing import Any

from core.narration.base import _Narrator
from core.narration.words import (
    _tile,
    tiles_text,
    train_text,
)
from core.tiles import Tile
from core.wording import plural, says, their


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
