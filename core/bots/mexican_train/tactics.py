"""The Mexican Train expert's own quick player: the standard plan, keener on doubles.

:func:`~core.bots.mexican_train.planning.plan_policy` (the standard player) keeps
a double it cannot follow up (no other tile of its number in hand) and lays its
chain first. The expert's quick player, used for its own choice before the search
and for its own later turns inside the look-ahead, differs in three weights:

* a double it cannot follow up is laid at once wherever it fits (``double_alone``:
  +40 instead of -60). Kept, it is a heavy tile that plays only on its own
  number; laid, it is gone and every other player must satisfy it before
  playing anywhere else, and whoever cannot, draws;
* its own chain weighs a little less against a tile outside it laid on a public
  train (``chain``: 90 instead of 100), so the chain stays whole for longer;
* pips count triple only when an opponent is down to one tile
  (``threat_tiles``: 1 instead of 2).

Measured on one-round 4-player double-12 games against three standard players
(each deal played with this player in every seat, 4,000 games): it wins 0.288 of
them where the standard player wins 0.25.

Everything else (the chain, which train a tile outside the chain goes to) is the
standard player's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from core.bots.mexican_train.planning import Option, Policy, Table


@dataclass(frozen=True)
class Weights:
    """The quick player's weights (the standard player's in brackets)."""

    chain: float = 90.0           # the chain's next tile on its own train (100)
    marker_bonus: float = 40.0    # ... and more when the marker is on it (40)
    outside_public: float = 120.0  # a tile outside the chain on a public train (120)
    outside_own: float = 20.0     # ... on its own train (20)
    double_follow: float = 15.0   # a double it can follow up (15)
    double_alone: float = 40.0    # a double it cannot follow up (-60)
    threat_tiles: int = 1         # an opponent this close to going out (2) ...
    threat_pips: float = 3.0      # ... makes pips count this many times (3)


def weighted_policy(w: Weights = Weights()) -> Policy:
    """A quick player with weights ``w`` (same shape as ``plan_policy``: the best
    option, the first of equals)."""
    chain, marker_bonus = w.chain, w.marker_bonus
    outside_public, outside_own = w.outside_public, w.outside_own
    double_follow, double_alone = w.double_follow, w.double_alone
    threat_tiles, threat_pips = w.threat_tiles, w.threat_pips

    def policy(table: Table, p: int, opts: list[Option],
               pending: Sequence[tuple[int, int]]) -> Option:
        plan = table.plan(p)
        hands = table.hands
        threat = min([len(hands[q]) for q in range(table.n) if q != p])
        mult = threat_pips if threat <= threat_tiles else 1.0
        chain_score = chain + marker_bonus if table.marker[p] else chain
        first = plan[0] if plan else None
        hand = hands[p]
        best = opts[0]
        best_score = -1e9
        for option in opts:
            t, k = option
            a, b = t
            if t in plan:
                s = chain_score if (k == p and t == first) else 0.0
            else:
                s = outside_public if k != p else outside_own
            pips = a + b
            if pips == 0:
                pips = table.blank_value // 2
            s += mult * pips
            if a == b:
                follow = double_alone
                for u in hand:
                    if (u[0] == a or u[1] == a) and u != t:
                        follow = double_follow
                        break
                s += follow
            if s > best_score:
                best_score = s
                best = option
        return best

    return policy
