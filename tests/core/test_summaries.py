"""The figures of a finished hand and the score sheet, from the record lines only.

42: per team the tricks, each count tile won and their sum, which is the hand_end's
points; Moon: the bid made or set and by how much; Mexican Train: the tiles left and
their pips with the double-blank as the setting says; the sheet: one row per scored
hand, its totals those of the hand_end lines.
"""

from __future__ import annotations

import random

import pytest

from core.narration import split_hands
from core.registry import game_class
from core.score_sheet import hand_lines, score_sheet
from core.summaries import moon_hand, texas42_hand, train_points, train_round
from core.texas42.scoring import COUNT
from core.tiles import Tile


def played(name: str, seed: int, options: dict | None = None) -> list[dict]:
    game = game_class(name)(seed=seed, options=options or {})
    game.start()
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return [event.to_record() for event in game.history]


def finished_hands(lines: list[dict]) -> list[list[dict]]:
    return [h for h in split_hands(lines)
            if any(line["event"] in ("hand_end", "round_end") for line in h)]


# -- Texas 42 ---------------------------------------------------------------------------

def test_42_hand_from_hand_written_lines():
    lines = [
        {"event": "hand_start", "hand": 1, "shaker": 3},
        {"event": "bid", "player": 0, "bid": 31, "plunge": False, "forced": False},
        {"event": "trump", "player": 0, "trump": "5"},
        {"event": "trick", "number": 1, "leader": 0, "tiles": ["5-5", "5-1", "5-0", "5-2"],
         "winner": 0, "points": 16},
        {"event": "trick", "number": 2, "leader": 0, "tiles": ["6-4", "4-1", "4-4", "4-0"],
         "winner": 3, "points": 16},
        {"event": "trick", "number": 3, "leader": 3, "tiles": ["3-2", "3-3", "6-6", "3-1"],
         "winner": 2, "points": 6},
        {"event": "hand_end", "bidder": 0, "bid": 31, "points": [22, 16], "made": False,
         "marks": [0, 1], "totals": [2, 5], "ended_early": True},
    ]
    hand = texas42_hand(lines)
    bidders, defenders = hand.teams
    assert (bidders.tricks, defenders.tricks) == (2, 1)
    assert bidders.count == (("5-5", 10), ("5-0", 5), ("3-2", 5))
    assert defenders.count == (("6-4", 10), ("4-1", 5))
    assert (bidders.count_points, defenders.count_points) == (20, 15)
    assert (bidders.points, defenders.points) == (22, 16)
    assert (bidders.awarded, defenders.awarded, bidders.total, defenders.total) == (0, 1, 2, 5)
    assert hand.contract == "points" and hand.needed == 31 and hand.margin == -9
    assert not hand.made and hand.ended_early and hand.trump == "5" and hand.bid_label == "31"


def test_42_figures_that_do_not_add_up_are_left_out():
    lines = [{"event": "bid", "player": 1, "bid": {"marks": 2}, "plunge": False},
             {"event": "trump", "player": 1, "trump": "nello"},
             {"event": "hand_end", "bidder": 1, "bid": {"marks": 2}, "points": [1, 0],
              "made": True, "marks": [0, 2], "totals": [0, 2], "ended_early": False}]
    hand = texas42_hand(lines)                 # no trick lines: tricks and count unknown
    assert hand.teams[0].tricks is None and hand.teams[0].count is None
    assert hand.teams[0].points == 1 and hand.teams[1].awarded == 2
    assert hand.contract == "nello" and hand.margin is None and hand.bid_label == "2 marks"
    with pytest.raises(ValueError):
        texas42_hand(lines[:-1])


@pytest.mark.parametrize("seed", range(6))
def test_42_every_hand_of_a_game_adds_up_to_its_hand_end(seed):
    options = {"nello": True, "sevens": True, "plunge": True} if seed % 2 else {}
    for lines in finished_hands(played("texas42", seed, options)):
        end = next(line for line in lines if line["event"] == "hand_end")
        hand = texas42_hand(lines)
        tricks = [line for line in lines if line["event"] == "trick"]
        assert sum(t.tricks for t in hand.teams) == len(tricks)
        for team in hand.teams:
            assert team.tricks + team.count_points == end["points"][team.team] == team.points
            assert all(COUNT[Tile(*map(int, tile.split("-")))] == value
                       for tile, value in team.count)
        if len(tricks) == 7:
            assert sum(t.count_points for t in hand.teams) == 35
        assert [t.awarded for t in hand.teams] == end["marks"]
        if hand.contract == "points":
            assert hand.margin == end["points"][hand.bid_team] - hand.needed
            assert hand.made == (hand.margin >= 0)


# -- Moon -------------------------------------------------------------------------------

def test_moon_made_or_set_and_by_how_much():
    end = {"event": "hand_end", "bidder": 1, "bid": 5, "tricks": [1, 3, 3], "made": False,
           "delta": [1, -5, 3], "scores": [4, -2, 9]}
    hand = moon_hand([{"event": "trump", "player": 1, "trump": "doubles"}, end])
    assert (hand.need, hand.margin, hand.short, hand.made) == (5, -2, 2, False)
    assert hand.delta == (1, -5, 3) and hand.scores == (4, -2, 9) and hand.trump == "doubles"
    moon = moon_hand([dict(end, bid=21, tricks=[0, 7, 0], made=True, delta=[0, 21, 0])])
    assert (moon.need, moon.margin, moon.short) == (7, 0, 0)
    over = moon_hand([dict(end, bid=4, tricks=[1, 6, 0], made=True, delta=[1, 4, 0])])
    assert (over.margin, over.short) == (2, 0)


def test_moon_every_hand_of_a_game():
    for lines in finished_hands(played("moon", 3)):
        end = next(line for line in lines if line["event"] == "hand_end")
        hand = moon_hand(lines)
        assert hand.made == (hand.margin >= 0) == end["made"]
        assert hand.tricks[hand.bidder] - hand.need == hand.margin


# -- Mexican Train ----------------------------------------------------------------------

def train_lines(double_blank_points: int) -> list[dict]:
    return [
        {"event": "round_start", "round": 2, "engine": "11-11", "first_player": 0},
        {"event": "deal", "hands": [["0-0", "6-1", "11-4"], ["5-5", "3-0"]],
         "boneyard": ["2-1", "9-9"]},
        {"event": "play", "player": 0, "tile": "11-4", "train": 0},
        {"event": "draw", "player": 1, "tile": "2-1"},
        {"event": "play", "player": 1, "tile": "5-5", "train": "mexican"},
        {"event": "play", "player": 0, "tile": "6-1", "train": "mexican"},
        {"event": "round_end", "out": None, "points": [double_blank_points, 6],
         "scores": [double_blank_points + 10, 20]},
    ]


@pytest.mark.parametrize("value", [50, 0])
def test_train_pips_left_with_the_double_blank_setting(value):
    result = train_round(train_lines(value), value)
    left, other = result.players
    assert left.tiles == ("0-0",) and left.pips == 0 and left.double_blank
    assert left.points == value and left.total == value + 10
    assert other.tiles == ("3-0", "2-1") and other.pips == 6 and not other.double_blank
    assert (result.number, result.engine, result.blocked) == (2, "11-11", True)


def test_train_tiles_that_do_not_match_the_points_are_left_out():
    result = train_round(train_lines(50), 0)      # scored 50 but the setting says 0
    assert result.players[0].tiles is None and result.players[0].pips is None
    assert result.players[0].points == 50          # the recorded points stand
    assert train_points([Tile(0, 0), Tile(6, 5)], 50) == 61
    assert train_points([Tile(0, 0), Tile(6, 5)], 0) == 11


@pytest.mark.parametrize("value", [50, 0])
def test_train_every_round_of_a_game(value):
    options = {"players": 4, "rounds": 4, "double_blank": value}
    for lines in finished_hands(played("mexican_train", 5, options)):
        end = next(line for line in lines if line["event"] == "round_end")
        result = train_round(lines, value)
        assert [p.points for p in result.players] == end["points"]
        assert all(p.tiles is not None for p in result.players)
        if result.out is not None:
            assert result.players[result.out].tiles == ()


# -- the score sheet --------------------------------------------------------------------

@pytest.mark.parametrize("name,options", [("moon", {}), ("texas42", {}),
                                          ("mexican_train", {"players": 3, "rounds": 3})])
def test_score_sheet_has_a_row_for_every_scored_hand(name, options):
    lines = played(name, 4, options)
    game_options = game_class(name)(seed=4, options=options).options
    sheet = score_sheet(name, [{"record": 1}, *lines], game_options)
    ends = [line for line in lines if line["event"] in ("hand_end", "round_end")]
    assert len(sheet.rows) == len(ends) > 0
    starts = [line.get("hand", line.get("round")) for line in lines
              if line["event"] in ("hand_start", "round_start")]
    for row, end in zip(sheet.rows, ends):
        assert row.number in starts
        assert list(row.totals) == end.get("scores", end.get("totals"))
    assert [r.number for r in sheet.rows] == sorted({r.number for r in sheet.rows})
    game_end = lines[-1]
    assert list(sheet.totals) == game_end["scores"]
    if name == "texas42":
        assert [list(r.points_taken) for r in sheet.rows] == [e["points"] for e in ends]
        assert [list(r.scored) for r in sheet.rows] == [e["marks"] for e in ends]
    elif name == "moon":
        assert [list(r.scored) for r in sheet.rows] == [e["delta"] for e in ends]
    else:
        assert [list(r.scored) for r in sheet.rows] == [e["points"] for e in ends]
        assert all(r.engine for r in sheet.rows)


def test_score_sheet_skips_a_thrown_in_hand_and_finds_a_hand_by_its_end():
    end = {"event": "hand_end", "bidder": 0, "bid": 4, "tricks": [4, 2, 1], "made": True,
           "delta": [4, 2, 1], "scores": [4, 2, 1]}
    later = dict(end, bidder=2, made=False, tricks=[2, 2, 3], delta=[2, 2, -4],
                 scores=[6, 4, -3])
    lines = [{"event": "hand_start", "hand": 1, "first_bidder": 0}, end,
             {"event": "hand_start", "hand": 2, "first_bidder": 1}, {"event": "redeal"},
             {"event": "hand_start", "hand": 3, "first_bidder": 2}, later,
             {"event": "hand_start", "hand": 4, "first_bidder": 0}]
    sheet = score_sheet("moon", lines)
    assert [row.number for row in sheet.rows] == [1, 3]     # numbered as dealt
    assert sheet.rows[1].bid == "4" and sheet.rows[1].bidder == 2 and sheet.rows[1].margin == -1
    assert sheet.totals == (6, 4, -3)
    assert hand_lines(lines, end)[-1] == end
    assert hand_lines(lines)[-1] == later
    assert hand_lines(lines[:1]) is None
    assert score_sheet("moon", [], sides=3).totals == (0, 0, 0)
