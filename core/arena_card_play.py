"""The arena's card-play-only match for Texas 42 (``dominoes arena --card-play``).

It measures how bots play the tiles alone, the way matches between 42 programs
are often run: nobody bids (every player passes, so under the house rule
``all_pass = forced_30`` the shaker must bid 30), and the bidder names trumps by
a fixed rule, :func:`fixed_trump`: the suit it holds most tiles of, a double
counting once in its suit, the higher suit on a tie. Doubles, follow-me, Nel-O
and Sevens are never named. Everything after that (every play of the hand) is
the bots' own. With one-hand games (``--hands 1``) the bidder's team wins the
hand's mark if it takes 30 points, so A's marks edge a hand is twice its win
rate less one.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from core.commands import Bid, Command, NameTrump
from core.tiles import Tile

SUITS = ("6", "5", "4", "3", "2", "1", "0")


def fixed_trump(hand: Sequence[Tile], legal: Sequence[NameTrump]) -> NameTrump:
    """The suit ``hand`` holds most tiles of (the higher on a tie), among ``legal``."""
    offered = {c.trump: c for c in legal}
    suits = [s for s in SUITS if s in offered]
    if not suits:
        return legal[0]

    def held(suit: str) -> int:
        n = int(suit)
        return sum(1 for t in hand if n in (t.high, t.low))

    best = max(suits, key=lambda s: (held(s), int(s)))
    return offered[best]


def forced_bid(legal: Sequence[Bid]) -> Bid:
    """A pass if one is allowed, else the lowest point bid (the shaker's forced 30)."""
    for c in legal:
        if c.bid is None:
            return c
    points = [c for c in legal if c.bid is not None and not c.plunge and not c.splash]
    return min(points or list(legal), key=lambda c: c.bid or 0)


class CardPlayOnly:
    """A bot whose bids and trumps follow the fixed rules above; it plays its own tiles."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.level = bot.level

    def choose(self, view: Any, legal: Sequence[Command], rng: random.Random) -> Command:
        bids = [c for c in legal if isinstance(c, Bid)]
        if bids:
            return forced_bid(bids)
        trumps = [c for c in legal if isinstance(c, NameTrump)]
        if trumps:
            return fixed_trump(view.hand, trumps)
        command: Command = self.bot.choose(view, legal, rng)
        return command
