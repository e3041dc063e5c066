"""Mexican Train doubles, from fixed deals (set double-12, engine 12-12, round 1).

Deals are presets that leave most tiles out of the round, so every tile that
matters is named. Player 0 moves first.
"""

from __future__ import annotations

import pytest

from core.commands import Draw, Pass, Play
from core.errors import IllegalMove
from core.mexican_train.engine import MexicanTrainGame
from core.tiles import parse_tile as T

M = "mexican"


def game(hands, boneyard=(), first=0, **options) -> MexicanTrainGame:
    options = {"players": len(hands), "rounds": 1, **options}
    deal = {"first_player": first, "hands": [[T(t) for t in h] for h in hands],
            "boneyard": [T(t) for t in boneyard]}
    g = MexicanTrainGame(options, seed=0, deals=[deal])
    g.start()
    return g


def kinds(events):
    return [e.to_record() for e in events]


def plays(g):
    return {(str(c.tile), c.train) for c in g.legal_actions() if isinstance(c, Play)}


def rejected(g, command, match):
    before = g.state_key()
    with pytest.raises(IllegalMove, match=match):
        g.apply(command)
    assert g.state_key() == before


def opening(g, p0="12-6", p1="12-3", t1=1):
    """Player 0 starts their train, player 1 starts train ``t1``."""
    g.apply(Play(0, T(p0), 0))
    g.apply(Play(1, T(p1), t1))


def test_mexican_train_double_keeps_the_turn_satisfy_or_play_elsewhere():
    g = game([["12-6", "6-6", "6-2", "12-9"], ["12-3", "6-1", "3-2"]])
    opening(g)
    events = g.apply(Play(0, T("6-6"), 0))
    assert kinds(events) == [{"event": "play", "player": 0, "tile": "6-6", "train": 0}]
    assert g.current_player == 0
    v = g.view(0)
    assert v.doubles_pending_this_turn == ((0, T("6-6")),)
    assert v.blocking_doubles == ()
    # On the double, or any tile on any available train (the seed allows either).
    assert plays(g) == {("6-2", 0), ("12-9", M)}


def test_mexican_train_open_double_blocks_from_the_end_of_the_turn():
    g = game([["12-6", "6-6", "6-2", "12-9"], ["12-3", "6-1", "3-2"]])
    opening(g)
    g.apply(Play(0, T("6-6"), 0))
    g.apply(Play(0, T("12-9"), M))          # played elsewhere: the turn ends, 6-6 open
    assert g.current_player == 1
    v = g.view(1)
    assert v.blocking_doubles == ((0, T("6-6")),)
    # Player 1 must satisfy it, on player 0's train even without a marker.
    assert plays(g) == {("6-1", 0)}
    rejected(g, Play(1, T("3-2"), 1), "satisfy the open double first .*6-6 on Player 1's train")
    rejected(g, Draw(1), "must play")
    g.apply(Play(1, T("6-1"), 0))
    assert g.view(0).open_doubles == ()


def test_mexican_train_open_double_blocks_its_owner_who_draws_when_unable():
    g = game([["12-6", "6-6", "12-9", "3-0"], ["12-3", "3-2", "10-0"]], boneyard=["9-0", "6-4"])
    opening(g)
    g.apply(Play(0, T("6-6"), 0))
    g.apply(Play(0, T("12-9"), M))
    # Player 1 holds no six: draws 9-0 (no six either) and puts the marker on.
    events = g.apply(Draw(1))
    assert kinds(events) == [{"event": "draw", "player": 1, "tile": "9-0"},
                             {"event": "marker", "player": 1, "on": True}]
    # Player 0 owns the open double and cannot satisfy it: 3-0 would fit player 1's
    # marked train, but every other train is closed. Player 0 draws like anyone else.
    assert g.current_player == 0
    assert g.legal_actions() == [Draw(0)]
    rejected(g, Play(0, T("3-0"), 1), "satisfy the open double first")
    g.apply(Draw(0))                         # 6-4 satisfies it: it must be played there
    assert plays(g) == {("6-4", 0)}
    g.apply(Play(0, T("6-4"), 0))
    assert g.view(1).open_doubles == ()
    assert plays(g) >= {("3-2", 1), ("9-0", M)}


def test_mexican_train_cannot_follow_a_double_draws_then_marker_goes_on():
    g = game([["12-6", "6-6", "11-0"], ["12-3", "6-1", "3-2"]], boneyard=["10-0", "9-1"])
    opening(g)
    g.apply(Play(0, T("6-6"), 0))
    assert g.legal_actions() == [Draw(0)]
    events = g.apply(Draw(0))
    assert kinds(events) == [{"event": "draw", "player": 0, "tile": "10-0"},
                             {"event": "marker", "player": 0, "on": True}]
    assert g.current_player == 1
    assert g.view(1).blocking_doubles == ((0, T("6-6")),)
    assert g.view(1).trains[0].marker


def test_mexican_train_cannot_follow_a_double_on_empty_boneyard_passes_with_marker():
    g = game([["12-6", "6-6", "11-0"], ["12-3", "6-1", "3-2"]])
    opening(g)
    g.apply(Play(0, T("6-6"), 0))
    assert g.legal_actions() == [Pass(0)]
    events = g.apply(Pass(0))
    assert kinds(events) == [{"event": "pass", "player": 0},
                             {"event": "marker", "player": 0, "on": True}]
    assert plays(g) == {("6-1", 0)}


def test_mexican_train_several_doubles_closing_tile_only_on_the_first():
    g = game([["12-6", "6-6", "4-4", "6-2", "4-1", "11-0"], ["12-4", "9-9", "8-1"]])
    opening(g, p1="12-4", t1=M)              # the Mexican train now ends in 4
    g.apply(Play(0, T("6-6"), 0))
    g.apply(Play(0, T("4-4"), M))            # a second double, on another train
    assert g.current_player == 0
    assert g.view(0).doubles_pending_this_turn == ((0, T("6-6")), (M, T("4-4")))
    assert plays(g) == {("6-2", 0)}
    rejected(g, Play(0, T("4-1"), M), "closing tile may go only on the first: 6-6 on your train")
    g.apply(Play(0, T("6-2"), 0))            # the closing tile ends the turn
    assert g.current_player == 1
    assert g.view(1).blocking_doubles == ((M, T("4-4")),)


def test_mexican_train_doubles_any_order_closing_tile_on_any_of_them():
    g = game([["12-6", "6-6", "4-4", "6-2", "4-1", "11-0"], ["12-4", "9-9", "8-1"]],
             doubles_any_order=True)
    opening(g, p1="12-4", t1=M)
    g.apply(Play(0, T("6-6"), 0))
    g.apply(Play(0, T("4-4"), M))
    assert plays(g) == {("6-2", 0), ("4-1", M)}
    g.apply(Play(0, T("4-1"), M))
    assert g.view(1).blocking_doubles == ((0, T("6-6")),)


def test_mexican_train_open_doubles_satisfied_oldest_first():
    g = game([["12-6", "6-6", "4-4", "11-0"], ["12-4", "6-3", "4-1", "10-0"]],
             boneyard=["9-0"])
    opening(g, p1="12-4", t1=M)
    g.apply(Play(0, T("6-6"), 0))
    g.apply(Play(0, T("4-4"), M))
    g.apply(Draw(0))                         # 9-0 closes nothing: marker on, turn over
    v = g.view(1)
    assert v.blocking_doubles == ((0, T("6-6")), (M, T("4-4")))
    assert plays(g) == {("6-3", 0)}
    rejected(g, Play(1, T("4-1"), M), "the open double first .*6-6")
    g.apply(Play(1, T("6-3"), 0))
    assert g.view(0).blocking_doubles == ((M, T("4-4")),)


def test_mexican_train_doubles_any_order_variant_any_open_double():
    g = game([["12-6", "6-6", "4-4", "11-0"], ["12-4", "6-3", "4-1", "10-0"]],
             boneyard=["9-0"], doubles_any_order=True)
    opening(g, p1="12-4", t1=M)
    g.apply(Play(0, T("6-6"), 0))
    g.apply(Play(0, T("4-4"), M))
    g.apply(Draw(0))
    assert plays(g) == {("6-3", 0), ("4-1", M)}
    g.apply(Play(1, T("4-1"), M))
    assert g.view(0).blocking_doubles == ((0, T("6-6")),)


def test_mexican_train_drawn_double_is_played_then_draw_again():
    g = game([["12-6", "6-6", "11-0"], ["12-4", "9-8", "4-1"]], boneyard=["4-4", "6-1", "7-0"])
    opening(g, p1="12-4", t1=M)
    g.apply(Play(0, T("6-6"), 0))
    g.apply(Draw(0))                          # 4-4: playable on the Mexican train
    assert plays(g) == {("4-4", M)}
    assert g.view(0).drawn_tile == T("4-4")
    g.apply(Play(0, T("4-4"), M))
    assert g.current_player == 0
    assert g.legal_actions() == [Draw(0)]     # after a played draw, draw again
    g.apply(Draw(0))                          # 6-1 closes, on the first double only
    assert plays(g) == {("6-1", 0)}
    g.apply(Play(0, T("6-1"), 0))
    assert g.current_player == 1
    assert g.view(1).blocking_doubles == ((M, T("4-4")),)
    assert plays(g) == {("4-1", M)}


def test_mexican_train_unsatisfiable_double_stops_blocking():
    # Every other six is out of play (on the table or out of the round): 6-6 can
    # never be satisfied, so player 1 plays freely.
    g = game([["12-6", "6-6", "12-9", "11-0"], ["12-3", "3-2", "10-0"]])
    opening(g)
    g.apply(Play(0, T("6-6"), 0))
    g.apply(Play(0, T("12-9"), M))
    v = g.view(1)
    assert v.open_doubles == ((0, T("6-6")),)
    assert v.dead_doubles == ((0, T("6-6")),)
    assert v.blocking_doubles == ()
    assert plays(g) == {("3-2", 1)}


def test_mexican_train_satisfiable_double_blocks_while_a_six_is_in_the_boneyard():
    g = game([["12-6", "6-6", "12-9", "11-0"], ["12-3", "3-2", "10-0"]], boneyard=["6-5"])
    opening(g)
    g.apply(Play(0, T("6-6"), 0))
    g.apply(Play(0, T("12-9"), M))
    assert g.view(1).dead_doubles == ()
    assert g.legal_actions() == [Draw(1)]      # 3-2 may not go on player 1's own train


def test_mexican_train_double_dies_when_the_last_matching_tile_goes_elsewhere():
    g = game([["12-6", "6-6", "9-6", "5-0"], ["12-9", "12-3", "3-2"]])
    opening(g, p1="12-9", t1=M)
    g.apply(Play(0, T("6-6"), 0))
    assert plays(g) == {("9-6", 0), ("9-6", M)}
    g.apply(Play(0, T("9-6"), M))            # the last six, laid elsewhere
    v = g.view(1)
    assert v.dead_doubles == ((0, T("6-6")),)
    assert v.blocking_doubles == ()
    assert plays(g) == {("12-3", 1)}


def test_mexican_train_double_as_last_tile_ends_the_round():
    g = game([["12-5", "5-5"], ["11-1", "10-1"]])
    g.apply(Play(0, T("12-5"), 0))
    g.apply(Pass(1))
    events = g.apply(Play(0, T("5-5"), 0))
    records = kinds(events)
    assert records[0] == {"event": "play", "player": 0, "tile": "5-5", "train": 0}
    assert records[1] == {"event": "round_end", "out": 0, "points": [0, 23], "scores": [0, 23]}
    assert g.is_over


def test_mexican_train_double_follow_up_in_build_first_turn():
    # Building: a double on the own train is followed up as usual, then building goes on.
    g = game([["12-6", "6-6", "6-2", "2-1", "9-9"], ["12-3", "3-2"]], first_turn="build")
    g.apply(Play(0, T("12-6"), 0))
    assert plays(g) == {("6-6", 0), ("6-2", 0)}    # only the own train while building
    g.apply(Play(0, T("6-6"), 0))
    assert plays(g) == {("6-2", 0)}
    g.apply(Play(0, T("6-2"), 0))
    g.apply(Play(0, T("2-1"), 0))
    assert g.current_player == 1
    assert [str(t) for t in g.view(1).trains[0].tiles] == ["12-6", "6-6", "6-2", "2-1"]
