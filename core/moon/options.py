"""Three-Player Moon's settings: what happens when all three pass, and the target.

Each setting, its default and its meaning are in ``docs/rules/moon.md``.
"""

from __future__ import annotations

from core.options import OptionSpec, OptionTable, parse_int

MOON_OPTIONS = OptionTable((
    OptionSpec("all_pass", "force_last",
               "If all three pass: force_last makes the third bidder bid 4; "
               "redeal throws the hand in and deals again.",
               choices=("force_last", "redeal")),
    OptionSpec("target", 21, "Points that win the game (a whole number, 7 or more).",
               parse=parse_int(7)),
))
