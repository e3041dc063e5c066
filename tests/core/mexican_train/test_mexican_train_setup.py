"""Mexican Train settings, the draw table, rounds, engines, first players and records."""

from __future__ import annotations

import random

import pytest

from core.commands import Draw, Pass, Play
from core.errors import OptionError
from core.mexican_train.engine import TILES_PER_PLAYER, MexicanTrainGame, players_for_set, sets_for_players
from core.tiles import Tile, double_set
from core.tiles import parse_tile as T


def play_out(g: MexicanTrainGame, seed: int = 0) -> MexicanTrainGame:
    rng = random.Random(seed)
    g.start()
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    return g


def lines(g):
    return [e.to_record() for e in g.history]


def test_mexican_train_options_have_help_and_defaults():
    g = MexicanTrainGame()
    assert g.options == {"set": 12, "players": 4, "rounds": 13, "first_turn": "one",
                         "doubles_any_order": False, "double_blank": 50}
    assert all(spec.help for spec in MexicanTrainGame.option_table.specs)
    assert [s.name for s in MexicanTrainGame.option_table.specs] == [
        "set", "players", "rounds", "first_turn", "doubles_any_order", "double_blank"]
    assert g.header()["options"]["rounds"] == 13


def test_mexican_train_options_parse_command_line_strings():
    g = MexicanTrainGame({"set": "9", "players": "3", "rounds": "4", "first_turn": "build",
                          "doubles_any_order": "true", "double_blank": "0"})
    assert g.options == {"set": 9, "players": 3, "rounds": 4, "first_turn": "build",
                         "doubles_any_order": True, "double_blank": 0}


@pytest.mark.parametrize("options, message", [
    ({"set": 9, "players": 5}, "a double-9 set is played by 2-4 players, not 5"),
    ({"set": 18, "players": 4}, "a double-18 set is played by 9-12 players, not 4"),
    ({"set": 12, "players": 9}, "a double-12 set is played by 2-8 players, not 9"),
    ({"set": 10}, "set: 10 is not one of"),
    ({"players": 13}, "players: 13 is out of range"),
    ({"rounds": 14}, "rounds: a double-12 game has at most 13 rounds, not 14"),
    ({"rounds": 0}, "rounds: 0 is out of range"),
    ({"set": 9, "rounds": 11}, "at most 10 rounds"),
    ({"double_blank": 25}, "double_blank"),
    ({"first_turn": "all"}, "first_turn"),
    ({"colour": "red"}, "unknown setting 'colour'"),
])
def test_mexican_train_invalid_settings_are_refused(options, message):
    with pytest.raises(OptionError, match=message):
        MexicanTrainGame(options)


def test_mexican_train_sets_allowed_per_player_count():
    assert sets_for_players(2) == (9, 12, 15)
    assert sets_for_players(4) == (9, 12, 15)
    assert sets_for_players(5) == (12, 15)
    assert sets_for_players(8) == (12, 15)
    assert sets_for_players(9) == (15, 18)
    assert sets_for_players(12) == (15, 18)
    assert players_for_set(18) == (9, 10, 11, 12)
    assert TILES_PER_PLAYER[12][4] == 15 and TILES_PER_PLAYER[9][3] == 13


@pytest.mark.parametrize("set_, players", [(s, n) for s in TILES_PER_PLAYER
                                           for n in TILES_PER_PLAYER[s]])
def test_mexican_train_draw_table_deals_the_right_counts(set_, players):
    g = MexicanTrainGame({"set": set_, "players": players}, seed=players)
    start, deal = g.start()
    k = TILES_PER_PLAYER[set_][players]
    assert start.engine == Tile(set_, set_) and start.round == 1
    assert [len(h) for h in deal.hands] == [k] * players
    total = (set_ + 1) * (set_ + 2) // 2
    assert len(deal.boneyard) == total - 1 - k * players
    dealt = [t for h in deal.hands for t in h] + list(deal.boneyard) + [start.engine]
    assert sorted(dealt) == sorted(double_set(set_))
    v = g.view(0)
    assert v.hand_counts == (k,) * players and v.boneyard_count == len(deal.boneyard)
    assert len(v.trains) == players + 1


def test_mexican_train_engines_descend_and_first_player_rotates():
    g = play_out(MexicanTrainGame({"set": 9, "players": 3}, seed=5))
    starts = [e for e in g.history if e.kind == "round_start"]
    assert [e.engine for e in starts] == [Tile(e, e) for e in range(9, -1, -1)]
    assert [e.round for e in starts] == list(range(1, 11))
    first = starts[0].first_player
    assert [e.first_player for e in starts] == [(first + i) % 3 for i in range(10)]
    ends = [e for e in g.history if e.kind == "round_end"]
    assert len(ends) == 10 and g.history[-1].kind == "game_end"
    assert list(g.history[-1].scores) == [sum(e.points[p] for e in ends) for p in range(3)]


def test_mexican_train_rounds_setting_plays_fewer_rounds_from_the_top():
    g = play_out(MexicanTrainGame({"set": 12, "players": 2, "rounds": 2}, seed=3))
    starts = [e for e in g.history if e.kind == "round_start"]
    assert [e.engine for e in starts] == [Tile(12, 12), Tile(11, 11)]
    assert sum(e.kind == "round_end" for e in g.history) == 2
    assert g.view(0).round_points == tuple(e.points for e in g.history if e.kind == "round_end")


def test_mexican_train_first_player_is_random_from_the_rng():
    firsts = {MexicanTrainGame(seed=s).start()[0].first_player for s in range(30)}
    assert firsts == {0, 1, 2, 3}
    assert (MexicanTrainGame(seed=7).start()[0].first_player
            == MexicanTrainGame(seed=7).start()[0].first_player)


def test_mexican_train_same_seed_same_game():
    a = play_out(MexicanTrainGame({"players": 3, "rounds": 3}, seed=11), seed=2)
    b = play_out(MexicanTrainGame({"players": 3, "rounds": 3}, seed=11), seed=2)
    assert lines(a) == lines(b)
    c = play_out(MexicanTrainGame({"players": 3, "rounds": 3}, seed=12), seed=2)
    assert lines(a) != lines(c)


def test_mexican_train_record_lines_follow_the_format():
    g = play_out(MexicanTrainGame({"set": 9, "players": 2, "rounds": 1}, seed=4))
    records = lines(g)
    assert set(records[0]) == {"event", "round", "engine", "first_player"}
    assert records[0]["engine"] == "9-9"
    assert set(records[1]) == {"event", "hands", "boneyard"}
    assert all(isinstance(t, str) for h in records[1]["hands"] for t in h)
    fields = {"play": {"player", "tile", "train"}, "draw": {"player", "tile"},
              "marker": {"player", "on"}, "pass": {"player"},
              "round_end": {"out", "points", "scores"}, "game_end": {"winner", "scores"}}
    for line in records[2:]:
        assert set(line) - {"event"} == fields[line["event"]]
        if line["event"] == "play":
            assert line["train"] == "mexican" or isinstance(line["train"], int)


def test_mexican_train_replay_from_record_gives_the_same_game():
    original = play_out(MexicanTrainGame({"players": 3, "rounds": 3, "first_turn": "build"},
                                         seed=21), seed=9)
    records = lines(original)
    deals = MexicanTrainGame.deals_from_record(records)
    assert len(deals) == 3
    assert deals[0]["engine"] == Tile(12, 12) and isinstance(deals[0]["hands"][0][0], Tile)
    copy = MexicanTrainGame(original.options, seed=21, deals=deals)
    copy.start()
    for line in records:
        command = MexicanTrainGame.command_from_record(line)
        if command is not None:
            copy.apply(command)
    assert lines(copy) == records
    assert copy.rng.getstate() == original.rng.getstate()   # presets consume the rng alike


def test_mexican_train_resumed_game_continues_like_the_uninterrupted_one():
    original = play_out(MexicanTrainGame({"players": 2, "rounds": 3}, seed=8), seed=1)
    records = lines(original)
    cut = next(i for i, line in enumerate(records) if line["event"] == "round_end") + 5
    saved = records[:cut]
    resumed = MexicanTrainGame(original.options, seed=8,
                               deals=MexicanTrainGame.deals_from_record(saved))
    resumed.start()
    for line in saved:
        command = MexicanTrainGame.command_from_record(line)
        if command is not None:
            resumed.apply(command)
    for line in records[cut:]:                     # the rest, including new live deals
        command = MexicanTrainGame.command_from_record(line)
        if command is not None:
            resumed.apply(command)
    assert lines(resumed) == records


def test_mexican_train_command_from_record():
    read = MexicanTrainGame.command_from_record
    assert read({"event": "play", "player": 1, "tile": "6-4", "train": "mexican"}) == \
        Play(1, Tile(6, 4), "mexican")
    assert read({"event": "play", "player": 0, "tile": "4-6", "train": 2}) == Play(0, Tile(6, 4), 2)
    assert read({"event": "draw", "player": 2, "tile": "1-0"}) == Draw(2)
    assert read({"event": "pass", "player": 3}) == Pass(3)
    for kind in ("round_start", "deal", "marker", "round_end", "game_end"):
        assert read({"event": kind}) is None


@pytest.mark.parametrize("line, message", [
    ({"event": "play", "player": 0, "tile": "x", "train": 0}, "not a tile"),
    ({"event": "play", "player": 0, "tile": "6-4", "train": "north"}, "train must be"),
    ({"event": "play", "player": 0, "tile": "6-4"}, "missing field 'train'"),
    ({"event": "play", "player": -1, "tile": "6-4", "train": 0}, "player must be"),
    ({"event": "draw"}, "missing field 'player'"),
    ({"event": "bid", "player": 0, "bid": 30}, "not a Mexican Train event"),
])
def test_mexican_train_malformed_decision_lines_raise_value_error(line, message):
    with pytest.raises(ValueError, match=message):
        MexicanTrainGame.command_from_record(line)


@pytest.mark.parametrize("records, message", [
    ([{"event": "deal", "hands": [["1-0"]], "boneyard": []}], "without its round_start"),
    ([{"event": "round_start", "round": 1, "engine": "12-12", "first_player": 0},
      {"event": "round_start", "round": 2, "engine": "11-11", "first_player": 1}], "no deal"),
    ([{"event": "round_start", "round": 1, "engine": "12-11", "first_player": 0}],
     "must be a double"),
    ([{"event": "round_start", "round": 1, "engine": "12-12", "first_player": 0},
      {"event": "deal", "hands": "6-4", "boneyard": []}], "hands must be a list"),
])
def test_mexican_train_malformed_deal_lines_raise_value_error(records, message):
    with pytest.raises(ValueError, match=message):
        MexicanTrainGame.deals_from_record(records)


def test_mexican_train_trailing_round_start_without_deal_is_left_out():
    records = [{"event": "round_start", "round": 1, "engine": "12-12", "first_player": 0}]
    assert MexicanTrainGame.deals_from_record(records) == []


@pytest.mark.parametrize("deal, message", [
    ({"first_player": 0, "hands": [["6-4"], ["6-4"]], "boneyard": []}, "6-4 is dealt twice"),
    ({"first_player": 0, "hands": [["12-12"], ["6-4"]], "boneyard": []}, "is the engine"),
    ({"first_player": 0, "hands": [["6-4"]], "boneyard": []}, "1 hands for 2 players"),
    ({"first_player": 2, "hands": [["6-4"], ["5-4"]], "boneyard": []}, "first_player"),
    ({"first_player": 0, "hands": [["13-4"], ["5-4"]], "boneyard": []}, "double-12 set"),
    ({"first_player": 0, "engine": T("11-11"), "hands": [["6-4"], ["5-4"]], "boneyard": []},
     "played with the 12-12 engine"),
    ({"round": 2, "first_player": 0, "hands": [["6-4"], ["5-4"]], "boneyard": []},
     "round 2 comes where round 1"),
])
def test_mexican_train_bad_presets_are_refused(deal, message):
    g = MexicanTrainGame({"players": 2}, deals=[deal])
    with pytest.raises(ValueError, match=message):
        g.start()


def test_mexican_train_public_lines_hide_other_hands_and_drawn_tiles():
    from core.mexican_train.events import Deal, TileDrawn, public_line
    deal = Deal(((T("6-4"),), (T("5-4"),)), (T("3-3"), T("2-1")))
    assert public_line(deal, 1) == {"event": "deal", "hands": [None, ["5-4"]],
                                    "boneyard": None, "boneyard_count": 2}
    assert public_line(TileDrawn(0, T("3-3")), 1)["tile"] is None
    assert public_line(TileDrawn(1, T("3-3")), 1)["tile"] == "3-3"


def test_mexican_train_view_before_start_and_after_the_end():
    g = MexicanTrainGame({"players": 2, "rounds": 1})
    v = g.view(0)
    assert v.to_act is None and v.legal == () and g.legal_actions() == []
    play_out(g)
    v = g.view(1)
    assert v.to_act is None and v.legal == () and v.phase == "game_over"
    assert v.winner == g.winner and v.scores == tuple(g.scores)
    with pytest.raises(ValueError):
        g.view(2)
