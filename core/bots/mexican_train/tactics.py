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
standard player's: both are :func:`~core.bots.mexican_train.planning.weighted_policy`.
"""

from __future__ import annotations

from core.bots.mexican_train.planning import Weights

EXPERT_WEIGHTS = Weights(chain=90.0, double_alone=40.0, threat_tiles=1)
"""The expert's quick player (:func:`~core.bots.mexican_train.planning.weighted_policy`)."""
