"""What every narrator shares (names, what may be said, scores), and what Moon and
Texas 42 share on top: leads, follows, trumps and tricks."""

from __future__ import annotations

from typing import Any, Sequence

from core.narration.words import (
    _signed,
    _tile,
    trump_text,
)
from core.tiles import Tile
from core.tricks.play import SUIT_NAMES, TRUMP, TrumpMode, follows, is_trump, suit_led
from core.wording import plural


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
