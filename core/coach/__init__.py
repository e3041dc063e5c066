"""The coach: a hand (Mexican Train: a round) looked at again once it is over.

One call does it all::

    from core.coach import analyse, CoachBudget

    report = analyse(header, lines, seat=0, rng=random.Random(7),
                     progress=lambda done, total: ..., cancel=lambda: stop_asked)
    for line in report.lines:          # the text, ready to show
        ...

``header`` is a record's header (``game``, ``seed``, ``options``, ``players``) and
``lines`` its event lines (``docs/record-format.md``) from the game's start up to at
least the end of the hand wanted: a whole game, a save in progress, or the lines up to
a hand just finished (a hand's lines alone cannot be replayed: the engine rebuilds a
hand from the game's start, and the record check refuses them). ``hand`` picks the hand
(1-based; default: the last one finished). ``seat`` is the player the report speaks to
("you").

* Moon and Texas 42 give a :class:`HandReport`: the hand's :class:`Par` (every hand
  open, perfect play from the first lead, under the contract played, and the best
  trump the bidder could have named from the same deal); a :class:`DecisionNote` per
  bid, widow discard or trump of ``seat`` against the expert's choice from the same
  view, with its chance of making the contract; and the costliest plays of each side
  (:class:`PlayNote`, at most three a side): each play is valued from its own
  player's view at that moment (own hand and the public history only), every choice
  over the same sampled deals, as the expert samples them; the note says how many.
* Mexican Train gives a :class:`RoundReport`: ``seat``'s turns where another tile or
  train shed at least as many pips and kept at least as long a chain on its own train,
  and more of one (:class:`TurnNote`), with the expert's expected pips edge of both.

Work and time: ``budget`` (:class:`CoachBudget`) is the whole hand's clock (default
8 s), shared among the decisions; ``CoachBudget(samples=n)`` does a fixed amount of
work instead (deterministic given ``rng``). ``progress(done, total)`` is called after
each decision; ``cancel()`` is polled between decisions and ``True`` raises
:class:`CoachCancelled`. A bad record raises :class:`~core.errors.RecordError`.

Nothing of the input changes: the decisions are replayed into a fresh engine
(:func:`replay_hands`), and every search works on its own copies. Pure Python.

The pieces, for a caller that wants one of them: :func:`replay_hands` (each
:class:`DecisionPoint`: view, legal commands, the command given, the open hands),
:func:`hand_par`, :func:`solve_open` and :func:`open_move_values` (the double-dummy
solver: the bots' :class:`~core.bots.trick.solver.TrickSolver` searched to the end).
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from core.coach.common import (
    CancelCheck,
    CoachBudget,
    CoachCancelled,
    DecisionPoint,
    Progress,
    ReplayedHands,
    replay_hands,
)
from core.coach.train import Choice, RoundReport, TurnNote, analyse_train_round
from core.coach.tricks import (
    DecisionNote,
    HandReport,
    Par,
    PlayNote,
    analyse_trick_hand,
    hand_par,
    open_move_values,
    solve_open,
)


def analyse(header: dict[str, Any], lines: Sequence[dict[str, Any]], seat: int, *,
            hand: int | None = None, rng: random.Random | None = None,
            budget: CoachBudget | None = None, progress: Progress | None = None,
            cancel: CancelCheck | None = None, everyone: bool = True,
            ) -> HandReport | RoundReport:
    """The coach's report on one hand of ``lines`` for ``seat`` (see the module doc).

    ``everyone`` (trick games): value every player's plays, each from its own view
    (the other side's costly plays too); ``False``: ``seat``'s alone (quicker).
    """
    replayed = replay_hands(header, lines, seat)
    number = hand if hand is not None else replayed.last_finished()
    rng = rng if rng is not None else random.Random(0)
    budget = budget if budget is not None else CoachBudget()
    if replayed.game == "mexican_train":
        return analyse_train_round(replayed, number, seat, rng, budget, progress, cancel)
    return analyse_trick_hand(replayed, number, seat, rng, budget, progress, cancel, everyone)


__all__ = ["CancelCheck", "Choice", "CoachBudget", "CoachCancelled", "DecisionNote",
           "DecisionPoint", "HandReport", "Par", "PlayNote", "Progress", "ReplayedHands",
           "RoundReport", "TurnNote", "analyse", "hand_par", "open_move_values", "replay_hands", "solve_open"]
