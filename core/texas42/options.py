"""Texas 42's rules settings, named and defaulted exactly as in ``docs/rules/texas42.md``."""

from __future__ import annotations

from typing import Any, NamedTuple

from core.options import OptionSpec, OptionTable, parse_bool

TARGET_KINDS = ("marks", "points")


class Target(NamedTuple):
    """How the game is won: ``kind`` "marks" or "points", first to ``value``."""

    kind: str
    value: int

    def __str__(self) -> str:
        return f"{self.kind}:{self.value}"


def parse_target(raw: Any) -> str:
    """``"marks:7"``, ``"points:250"``, ``"marks:N"`` or ``"points:N"`` (N >= 1), normalised."""
    if not isinstance(raw, str):
        raise ValueError(f"{raw!r} is not a target (use marks:N or points:N, e.g. marks:7)")
    kind, sep, number = raw.strip().lower().partition(":")
    kind, number = kind.strip(), number.strip()
    if not sep or kind not in TARGET_KINDS:
        raise ValueError(f"{raw!r} is not a target (use marks:N or points:N, e.g. marks:7)")
    if not number.isdigit() or int(number) < 1:
        raise ValueError(f"{raw!r}: the number after {kind}: must be a whole number of at least 1")
    return f"{kind}:{int(number)}"


def target_of(options: dict[str, Any]) -> Target:
    kind, _, number = parse_target(options["target"]).partition(":")
    return Target(kind, int(number))


def _bool(name: str, help_text: str, label: str = "") -> OptionSpec:
    return OptionSpec(name, False, help_text, choices=(False, True), parse=parse_bool,
                      label=label)


OPTION_TABLE = OptionTable((
    OptionSpec("target", "marks:7",
               "How the game is won: first to marks:N (default 7) or points:N (e.g. 250).",
               choices=("marks:7", "points:250"), parse=parse_target),
    _bool("play_out", "Play all 7 tricks even once the hand's result is certain."),
    OptionSpec("follow_me_doubles", "high",
               "Doubles under no-trumps: highest of their suit, lowest, or a suit of their own.",
               choices=("high", "low", "own_suit"), label="follow-me doubles"),
    _bool("trump_by_first_tile",
          "The bidder may lead instead of naming trumps: the led tile's higher end is trumps."),
    _bool("nello", "Allow Nel-O: a bid of 2+ marks to take no trick; the partner sits out.",
          "Nel-O"),
    OptionSpec("nello_doubles", "own_suit",
               "Doubles in Nel-O: a suit of their own, highest of their suit, or lowest.",
               choices=("own_suit", "high", "low"), label="Nel-O doubles"),
    _bool("sevens", "Allow Sevens: a bid of 1+ mark where the tile closest to 7 pips wins."),
    _bool("sevens_free_play",
          "In Sevens, any tile may be played (not only one closest to 7 pips)."),
    _bool("plunge", "Allow Plunge: with 4+ doubles, open at 4 marks; partner names trumps."),
    OptionSpec("all_pass", "forced_30",
               "When all four pass: the shaker must bid 30, or the hand is thrown in and "
               "the next player shakes.",
               choices=("forced_30", "reshake")),
    _bool("splash", "Allow Splash: with 3+ doubles, bid 2-3 marks; partner names trumps."),
))
