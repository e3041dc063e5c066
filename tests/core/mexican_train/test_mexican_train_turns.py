"""Mexican Train turns, markers, the Mexican train, drawing, passing, round ends.

Fixed deals (presets) on a double-12 set, engine 12-12, round 1, player 0 first.
"""

from __future__ import annotations

import dataclasses

import pytest

from core.commands import Bid, Draw, Pass, Play
from core.errors import IllegalMove, IllegalPlay, NotYourTurn, WrongPhase
from core.mexican_train.engine import MexicanTrainGame
from core.tiles import Tile
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


def rejected(g, command, match, error=IllegalMove):
    before, length = g.state_key(), len(g.history)
    with pytest.raises(error, match=match):
        g.apply(command)
    assert g.state_key() == before
    assert len(g.history) == length


def test_mexican_train_first_tile_matches_the_engine_own_or_mexican_train():
    g = game([["12-5", "3-1"], ["12-4", "2-0"]])
    assert plays(g) == {("12-5", 0), ("12-5", M)}
    rejected(g, Play(0, T("3-1"), 0), r"3-1 does not match your train: it starts from the engine, 12\.")
    assert g.view(0).available_trains == (0, M)


def test_mexican_train_must_play_when_able():
    g = game([["12-5", "3-1"], ["12-4", "2-0"]], boneyard=["6-6"])
    rejected(g, Draw(0), "You must play when you can: 12-5 on your train, 12-5 on the Mexican")
    rejected(g, Pass(0), "You must play when you can")


def test_mexican_train_one_tile_per_turn():
    g = game([["12-5", "5-3", "3-1"], ["12-4", "2-0"]])
    events = g.apply(Play(0, T("12-5"), 0))
    assert kinds(events) == [{"event": "play", "player": 0, "tile": "12-5", "train": 0}]
    assert g.current_player == 1
    v = g.view(1)
    assert v.trains[0].tiles == (T("12-5"),)
    assert v.trains[0].pairs == ((12, 5),)
    assert v.trains[0].open_end == 5 and v.trains[0].started


def test_mexican_train_draw_one_then_only_the_drawn_tile_may_be_played():
    g = game([["3-1", "2-0"], ["12-4", "5-5"]], boneyard=["12-6", "4-4"])
    assert g.legal_actions() == [Draw(0)]
    events = g.apply(Draw(0))
    assert kinds(events) == [{"event": "draw", "player": 0, "tile": "12-6"}]
    assert g.current_player == 0
    v = g.view(0)
    assert v.drew_this_turn and v.drawn_tile == T("12-6") and v.boneyard_count == 1
    assert g.view(1).drawn_tile is None and g.view(1).drew_this_turn
    assert plays(g) == {("12-6", 0), ("12-6", M)}
    rejected(g, Draw(0), "You must play")
    rejected(g, Play(0, T("3-1"), 0), "3-1 does not match your train")
    g.apply(Play(0, T("12-6"), M))
    assert g.current_player == 1
    assert not g.view(1).drew_this_turn


def test_mexican_train_unplayable_draw_puts_the_marker_on_and_ends_the_turn():
    g = game([["3-1", "2-0"], ["12-4", "5-5"]], boneyard=["9-8", "4-4"])
    events = g.apply(Draw(0))
    assert kinds(events) == [{"event": "draw", "player": 0, "tile": "9-8"},
                             {"event": "marker", "player": 0, "on": True}]
    assert g.current_player == 1
    assert g.view(1).trains[0].marker
    assert g.view(0).hand == (T("9-8"), T("3-1"), T("2-0"))     # high first


def test_mexican_train_marker_opens_a_train_to_everyone():
    g = game([["3-1", "2-0"], ["12-4", "12-6", "5-5"]], boneyard=["9-8", "4-4"])
    g.apply(Draw(0))
    # Player 1 may now start player 0's (unstarted) train as well.
    assert plays(g) == {(t, k) for t in ("12-6", "12-4") for k in (0, 1, M)}
    assert g.view(1).available_trains == (0, 1, M)
    g.apply(Play(1, T("12-4"), 0))
    assert g.view(0).trains[0].tiles == (T("12-4"),)
    assert g.view(0).trains[0].marker                          # still player 0's marker


def test_mexican_train_closed_train_without_marker():
    g = game([["12-5", "3-1"], ["12-4", "5-2"]])
    g.apply(Play(0, T("12-5"), 0))
    rejected(g, Play(1, T("5-2"), 0), "Player 1's train is closed to you: it carries no marker",
             IllegalPlay)


def test_mexican_train_marker_comes_off_when_the_owner_plays_on_their_train():
    g = game([["3-1", "11-2"], ["12-4", "5-5"]], boneyard=["9-8", "12-2", "12-3"])
    g.apply(Draw(0))                                    # 9-8: marker on
    g.apply(Play(1, T("12-4"), 1))
    g.apply(Draw(0))                                    # 12-2 fits
    events = g.apply(Play(0, T("12-2"), M))             # laid elsewhere: the marker stays
    assert kinds(events) == [{"event": "play", "player": 0, "tile": "12-2", "train": M}]
    g.apply(Draw(1))                                    # 12-3 fits only player 0's train
    assert plays(g) == {("12-3", 0)}
    g.apply(Play(1, T("12-3"), 0))
    assert g.view(0).trains[0].marker
    events = g.apply(Play(0, T("3-1"), 0))
    assert kinds(events) == [{"event": "play", "player": 0, "tile": "3-1", "train": 0},
                             {"event": "marker", "player": 0, "on": False}]
    assert not g.view(1).trains[0].marker
    assert g.view(1).trains[0].pairs == ((12, 3), (3, 1))


def test_mexican_train_mexican_train_started_by_anyone_always_open():
    g = game([["12-5", "3-1"], ["5-4", "9-9", "12-0"]])
    v = g.view(0)
    assert v.mexican.owner == M and not v.mexican.started and not v.mexican.marker
    assert M in g.view(1).available_trains
    g.apply(Play(0, T("12-5"), M))
    v = g.view(1)
    assert v.mexican.started and v.mexican.marker and v.mexican.open_end == 5
    assert plays(g) == {("5-4", M), ("12-0", 1)}


def test_mexican_train_pass_only_when_the_boneyard_is_empty():
    g = game([["3-1", "2-0"], ["4-1", "6-0"]], boneyard=["5-1"])
    rejected(g, Pass(0), "pass only when the boneyard is empty: draw")
    g.apply(Draw(0))
    assert g.view(1).boneyard_count == 0
    assert g.legal_actions() == [Pass(1)]
    rejected(g, Draw(1), "The boneyard is empty")
    events = g.apply(Pass(1))
    assert kinds(events) == [{"event": "pass", "player": 1},
                             {"event": "marker", "player": 1, "on": True}]


def test_mexican_train_boneyard_exhaustion_then_blocked_round():
    g = game([["3-1", "2-0"], ["4-1", "6-0"]], boneyard=["5-1", "8-7"])
    g.apply(Draw(0))
    g.apply(Draw(1))
    assert g.view(0).boneyard_count == 0
    g.apply(Pass(0))
    events = g.apply(Pass(1))                           # every player passed; nobody can play
    assert kinds(events)[-2:] == [
        {"event": "round_end", "out": None, "points": [12, 26], "scores": [12, 26]},
        {"event": "game_end", "winner": 0, "scores": [12, 26]}]
    assert g.is_over and g.current_player is None and g.legal_actions() == []


def test_mexican_train_blocked_only_when_no_one_can_play():
    # After three passes every marker is on: player 1 can now use player 0's train.
    g = game([["12-5", "1-0"], ["5-3"], ["2-0"]])
    g.apply(Play(0, T("12-5"), 0))
    g.apply(Pass(1))
    g.apply(Pass(2))
    g.apply(Pass(0))
    assert not g.is_over
    assert g.current_player == 1 and plays(g) == {("5-3", 0)}
    events = g.apply(Play(1, T("5-3"), 0))
    assert kinds(events)[-2]["event"] == "round_end"
    assert kinds(events)[-2]["out"] == 1 and kinds(events)[-2]["points"] == [1, 0, 2]


def test_mexican_train_domino_ends_the_round_out_scores_zero():
    g = game([["12-5"], ["12-3", "4-4"], ["9-1"]])
    events = g.apply(Play(0, T("12-5"), 0))
    assert kinds(events)[1] == {"event": "round_end", "out": 0, "points": [0, 23, 10],
                                "scores": [0, 23, 10]}


@pytest.mark.parametrize("value, points", [(50, 55), (0, 5)])
def test_mexican_train_double_blank_scoring(value, points):
    g = game([["12-5"], ["0-0", "3-2"]], double_blank=value)
    events = g.apply(Play(0, T("12-5"), 0))
    assert kinds(events)[1]["points"] == [0, points]
    assert g.hand_points(1) == points


def test_mexican_train_ties_share_the_win():
    g = game([["12-5"], ["0-0"], ["1-0"]], double_blank=0)
    events = g.apply(Play(0, T("12-5"), 0))
    assert kinds(events)[-1] == {"event": "game_end", "winner": [0, 1], "scores": [0, 0, 1]}
    assert g.winner == (0, 1) and g.view(2).winner == (0, 1)


def test_mexican_train_first_turn_one_tile_by_default():
    g = game([["12-5", "5-3", "3-1"], ["12-4", "2-0"]])
    g.apply(Play(0, T("12-5"), 0))
    assert g.current_player == 1


def test_mexican_train_first_turn_build_lays_all_that_fit_on_own_train():
    g = game([["12-5", "5-3", "3-1", "12-7", "4-0", "0-8"], ["12-4", "4-2", "2-9"]],
             first_turn="build")
    assert g.view(0).building
    g.apply(Play(0, T("12-5"), 0))
    assert g.current_player == 0
    assert plays(g) == {("5-3", 0)}
    rejected(g, Play(0, T("12-7"), M), "building on your first turn")
    g.apply(Play(0, T("5-3"), 0))
    g.apply(Play(0, T("3-1"), 0))                       # nothing else fits: turn over
    assert g.current_player == 1 and g.view(1).building
    g.apply(Play(1, T("12-4"), M))                      # laid elsewhere: no building
    assert g.current_player == 0
    assert not g.view(0).building                       # a second turn: one tile
    g.apply(Play(0, T("4-0"), M))
    assert g.current_player == 1                        # though 0-8 would fit


def test_mexican_train_first_turn_build_may_start_the_mexican_train_instead():
    g = game([["12-5", "5-3"], ["12-4", "2-0"]], first_turn="build")
    g.apply(Play(0, T("12-5"), M))
    assert g.current_player == 1


def test_mexican_train_last_tile_is_shown():
    g = game([["12-5", "3-1"], ["12-4", "2-0", "1-1"]])
    assert g.view(1).last_tile == ()
    g.apply(Play(0, T("12-5"), 0))
    assert g.view(1).last_tile == (0,)
    assert g.view(0).hand_counts == (1, 3)


def test_mexican_train_view_hides_other_hands_and_the_boneyard():
    g = game([["12-5", "3-1"], ["12-4", "2-0"]], boneyard=["9-8", "7-6"])
    secret = {T("12-5"), T("3-1"), T("9-8"), T("7-6")}

    def tiles_in(value):
        if isinstance(value, Tile):
            yield value
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            for f in dataclasses.fields(value):
                yield from tiles_in(getattr(value, f.name))
        elif isinstance(value, dict):
            for v in value.values():
                yield from tiles_in(v)
        elif isinstance(value, (tuple, list)):
            for v in value:
                yield from tiles_in(v)

    v = g.view(1)
    assert not secret & set(tiles_in(v))
    assert v.hand == (T("12-4"), T("2-0")) and v.legal == () and v.to_act == 0
    assert v.boneyard_count == 2
    assert g.view(0).legal == tuple(g.legal_actions())


def test_mexican_train_illegal_commands_change_nothing():
    g = game([["12-5", "3-1"], ["12-4", "2-0"]], boneyard=["9-8"])
    rejected(g, Play(1, T("12-4"), 1), "It is Player 1's turn, not Player 2's", NotYourTurn)
    rejected(g, Bid(0, 30), "Mexican Train takes Play, Draw or Pass", WrongPhase)
    rejected(g, Play(0, T("6-6"), 0), "You do not hold 6-6", IllegalPlay)
    rejected(g, Play(0, T("12-5"), 7), "There is no train 7", IllegalPlay)
    rejected(g, Play(0, T("12-5"), None), "Say which train", IllegalPlay)
    rejected(g, Play(0, T("12-5"), 1), "Player 2's train is closed to you", IllegalPlay)
    rejected(g, Play(0, T("3-1"), M), "3-1 does not match the Mexican train", IllegalPlay)
    rejected(g, Draw(0), "You must play")


def test_mexican_train_tile_given_as_pair_or_low_first_is_accepted():
    g = game([["12-5", "3-1"], ["12-4", "2-0"]])
    g.apply(Play(0, Tile(5, 12), 0))                    # low first: the same domino
    assert g.view(0).trains[0].tiles == (T("12-5"),)
