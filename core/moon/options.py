"""Three-Player Moon's settings: all-pass, the target and the house options.

Each setting, its default and its meaning are in ``docs/rules/moon.md``.
"""

from __future__ import annotations

from core.options import OptionSpec, OptionTable, parse_bool, parse_int

MOON_OPTIONS = OptionTable((
    OptionSpec("all_pass", "force_last",
               "If all three pass: force_last makes the third bidder bid the lowest bid; "
               "redeal throws the hand in and deals again.",
               choices=("force_last", "redeal")),
    OptionSpec("target", 21, "Points that win the game (a whole number, 7 or more).",
               parse=parse_int(7)),
    OptionSpec("min_bid", 4, "The lowest bid (3, 4 or 5); bids run from it to 7, then 21.",
               choices=(3, 4, 5), label="lowest bid"),
    OptionSpec("widow", "take",
               "The widow: take it and discard one; optional lets the bidder leave it face "
               "down; none removes the 0-0 too (21 tiles, no widow).",
               choices=("take", "optional", "none")),
    OptionSpec("trumps_before_widow", False,
               "The bidder names trumps before seeing the widow.",
               choices=(False, True), parse=parse_bool),
    OptionSpec("moon", "instant",
               "A made 21: instant wins the game at once; points scores +21 and play goes on.",
               choices=("instant", "points")),
    OptionSpec("doubles_trump", True, "Doubles may be named as trumps.",
               choices=(True, False), parse=parse_bool),
    OptionSpec("no_trumps", True, "No trumps may be named.",
               choices=(True, False), parse=parse_bool),
))
