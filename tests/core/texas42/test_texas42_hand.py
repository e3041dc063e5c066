"""Texas 42 hands: trumps, following, the count, early end, scoring and the game's end.

Most tests use the SIXES deal (seat 0 holds every six). With sixes trump and seat 0
leading 6-6 down to 6-0 while everyone plays their highest tile, the tricks are worth
11, 1, 16, 1, 1, 11, 1 points (running 11, 12, 28, 29, 30, 41, 42).
"""

from __future__ import annotations

import pytest

from core.commands import Bid, NameTrump, Play
from core.errors import GameOver, IllegalPlay, IllegalTrump, NotYourTurn, OptionError, WrongPhase
from core.game import Phase
from core.texas42.engine import Texas42Game
from core.texas42.scoring import COUNT, award, count_of, game_winner, trick_points
from core.tiles import Tile, double_set
from tests.core.texas42.test_texas42_support import (
    SIXES,
    bids,
    game_with,
    lead_in_order,
    of_kind,
    play_first_legal,
    refused,
    tiles,
    win_auction,
)

SIX_ORDER = ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"]


def _hand_end(events):
    [end] = of_kind(events, "hand_end")
    return end


# -- count -------------------------------------------------------------------------
def test_texas42_count_tiles_and_42_points_a_hand():
    assert {str(t): v for t, v in COUNT.items()} == {"5-0": 5, "4-1": 5, "3-2": 5,
                                                     "5-5": 10, "6-4": 10}
    assert sum(count_of(t) for t in double_set(6)) == 35
    assert trick_points(tiles("6-4 5-5 1-0 0-0")) == 21
    assert trick_points(tiles("6-6 6-5 6-3 2-1")) == 1


# -- trumps --------------------------------------------------------------------------
def test_texas42_bid_winner_names_trumps_from_nine_choices():
    game = game_with(SIXES)
    win_auction(game, 30)
    assert [c.trump for c in game.legal_actions()] == \
        ["0", "1", "2", "3", "4", "5", "6", "doubles", "none"]
    refused(game, NameTrump(1, "6"), NotYourTurn)
    refused(game, NameTrump(0, "7"), IllegalTrump)
    refused(game, NameTrump(0, "nello"), IllegalTrump,
             "Nel-O is not in play (the nello setting is off).")
    refused(game, NameTrump(0, "sevens"), IllegalTrump,
             "Sevens is not in play (the sevens setting is off).")
    refused(game, Play(0, Tile(6, 6)), WrongPhase, "Name trumps first.")
    events = game.apply(NameTrump(0, "6"))
    assert [e.to_record() for e in events] == [{"event": "trump", "player": 0, "trump": "6"}]
    view = game.view(2)
    assert (view.trump, view.trump_caller, view.phase, view.leader, view.to_act) == \
        ("6", 0, Phase.PLAY, 0, 0)
    assert view.mode.trump == "6"


def test_texas42_follow_me_uses_the_follow_me_doubles_setting():
    for place in ("high", "low", "own_suit"):
        game = game_with(SIXES, follow_me_doubles=place)
        win_auction(game, 30, "none")
        assert game.view(0).mode.trump == "none" and game.view(0).mode.doubles == place


def test_texas42_trump_by_first_tile_higher_end_becomes_trumps():
    game = game_with(SIXES, trump_by_first_tile=True)
    win_auction(game, 30)
    assert Play(0, Tile(6, 3)) in game.legal_actions()
    events = game.apply(Play(0, Tile(6, 3)))
    assert [e.to_record() for e in events] == [
        {"event": "trump", "player": 0, "trump": "6", "first_tile": True},
        {"event": "play", "player": 0, "tile": "6-3"}]
    assert game.view(0).trump == "6" and game.current_player == 1


def test_texas42_trump_by_first_tile_double_names_its_own_suit():
    game = game_with(SIXES, trump_by_first_tile=True, shaker=0)
    bids(game, 30, None, None, None)              # seat 1 wins (hand 5-5 ... 4-4)
    game.apply(Play(1, Tile(4, 4)))
    assert game.view(1).trump == "4"
    refused(game, Play(2, Tile(3, 3)), IllegalPlay)   # fours are trumps: 4-3 must follow


def test_texas42_bid_winner_leads_first_and_trick_winner_leads_next():
    game = game_with(SIXES, shaker=0)
    bids(game, None, 30, None, None)              # seat 2 wins
    game.apply(NameTrump(2, "3"))
    assert game.current_player == 2 and game.view(0).leader == 2
    events = play_first_legal(game, until=lambda ev: bool(of_kind(ev, "trick")))
    [trick] = of_kind(events, "trick")
    assert trick.leader == 2 and game.current_player == trick.winner == game.view(1).leader


def test_texas42_must_follow_trumps_when_trumps_are_led():
    game = game_with(SIXES, shaker=3)
    bids(game, None, 30, None, None)              # seat 1 holds the fives
    game.apply(NameTrump(1, "5"))
    game.apply(Play(1, Tile(5, 5)))
    game.apply(Play(2, Tile(4, 3)))
    game.apply(Play(3, Tile(3, 0)))
    refused(game, Play(0, Tile(6, 6)), IllegalPlay, "You must follow trumps: you hold 6-5.")
    refused(game, Play(0, Tile(5, 5)), IllegalPlay, "You do not hold 5-5.")
    assert game.legal_actions() == [Play(0, Tile(6, 5))]


def test_texas42_may_play_off_when_unable_to_follow():
    game = game_with(SIXES)
    win_auction(game, 30, "6")
    game.apply(Play(0, Tile(6, 6)))
    assert game.legal_actions() == [Play(1, t) for t in tiles(SIXES[1])]
    game.apply(Play(1, Tile(4, 4)))


def test_texas42_tricks_stack_by_team_and_are_public():
    game = game_with(SIXES, play_out=True)
    win_auction(game, 30, "6")
    lead_in_order(game, 0, SIX_ORDER[:2])
    view = game.view(3)
    assert [tr.winner for tr in view.tricks] == [0, 0]
    assert view.team_stacks == ((tuple(tiles("6-6 5-5 4-3 3-0")),
                                 tuple(tiles("6-5 5-4 4-2 2-2"))), ())
    assert view.points == (12, 0) and view.hand_counts == (5, 5, 5, 5)
    assert view.tricks[0].plays[1] == (1, Tile(5, 5)) and view.tricks[0].points == 11


# -- early end ---------------------------------------------------------------------------
def test_texas42_point_bid_ends_early_once_made():
    game = game_with(SIXES)
    win_auction(game, 30, "6")
    events = lead_in_order(game, 0, SIX_ORDER)
    assert [t.points for t in of_kind(events, "trick")] == [11, 1, 16, 1, 1]
    end = _hand_end(events)
    assert end.to_record() | {"remaining": None} == {
        "event": "hand_end", "bidder": 0, "bid": 30, "points": [30, 0], "made": True,
        "marks": [1, 0], "totals": [1, 0], "ended_early": True, "remaining": None}
    assert [len(h) for h in end.remaining] == [2, 2, 2, 2]
    assert game.view(0).last_hand.remaining == end.remaining
    assert game.hand_number == 2 and game.phase == Phase.BID


def test_texas42_point_bid_set_early_once_out_of_reach():
    game = game_with(SIXES)
    win_auction(game, 41, "0")                    # blanks: seat 3's 3-0 takes the 6-6
    events = play_first_legal(game)
    tricks = of_kind(events, "trick")
    end = _hand_end(events)
    assert end.made is False and end.ended_early and end.marks == (0, 1)
    running = [0, 0]
    for number, trick in enumerate(tricks, 1):
        running[trick.winner % 2] += trick.points
        out_of_reach = running[0] + (42 - sum(running)) < 41
        assert out_of_reach == (number == len(tricks))
    assert end.points == tuple(running)


def test_texas42_play_out_plays_all_seven_tricks():
    game = game_with(SIXES, play_out=True)
    win_auction(game, 30, "6")
    events = lead_in_order(game, 0, SIX_ORDER)
    end = _hand_end(events)
    assert len(of_kind(events, "trick")) == 7
    assert end.points == (42, 0) and end.made and not end.ended_early and end.marks == (1, 0)
    assert end.remaining == ((), (), (), ())


def test_texas42_mark_bid_needs_all_seven_tricks():
    game = game_with(SIXES)
    win_auction(game, "m1", "6")
    events = lead_in_order(game, 0, SIX_ORDER)
    end = _hand_end(events)
    assert len(of_kind(events, "trick")) == 7 and end.made and end.marks == (1, 0)
    assert end.to_record()["bid"] == {"marks": 1}


def test_texas42_mark_bid_set_ends_at_the_first_lost_trick():
    game = game_with(SIXES)
    win_auction(game, "m2", "0")
    events = play_first_legal(game)
    end = _hand_end(events)
    assert len(of_kind(events, "trick")) == 1 and of_kind(events, "trick")[0].winner == 3
    assert end.made is False and end.ended_early and end.marks == (0, 2)
    assert game.totals == [0, 2]


def test_texas42_mark_bid_set_with_play_out_still_plays_seven_tricks():
    game = game_with(SIXES, play_out=True)
    win_auction(game, "m2", "0")
    events = play_first_legal(game)
    end = _hand_end(events)
    assert len(of_kind(events, "trick")) == 7 and not end.ended_early
    assert end.made is False and end.marks == (0, 2) and sum(end.points) == 42


# -- points target -------------------------------------------------------------------
def test_texas42_points_target_point_bid_is_played_out_and_each_team_adds_its_points():
    game = game_with(SIXES, target="points:250")
    win_auction(game, 30, "6")
    events = lead_in_order(game, 0, SIX_ORDER)
    end = _hand_end(events)
    assert len(of_kind(events, "trick")) == 7 and end.points == (42, 0)
    assert end.marks == (1, 0) and end.points_awarded == (42, 0) and end.totals == (42, 0)


def test_texas42_points_target_set_point_bid_gives_defenders_bid_plus_their_points():
    game = game_with(SIXES, target="points:250")
    win_auction(game, 41, "0")
    events = play_first_legal(game)
    end = _hand_end(events)
    assert len(of_kind(events, "trick")) == 7 and not end.made
    assert end.marks == (0, 1) and end.points_awarded == (0, 41 + end.points[1])
    assert game.totals == [0, 41 + end.points[1]]


def test_texas42_points_target_mark_bid_is_42_a_mark_and_may_end_early():
    game = game_with(SIXES, target="points:250")
    win_auction(game, "m2", "0")
    end = _hand_end(play_first_legal(game))
    assert end.ended_early and end.marks == (0, 2) and end.points_awarded == (0, 84)
    assert end.totals == (0, 84)


def test_texas42_award_rules():
    assert award(target_kind="marks", bid=35, made=True, bidder=1, points=[7, 35]) == (0, 1)
    assert award(target_kind="marks", bid=35, made=False, bidder=1, points=[8, 34]) == (1, 0)
    assert award(target_kind="marks", bid=126, made=False, bidder=0, points=[5, 1]) == (0, 3)
    assert award(target_kind="points", bid=35, made=True, bidder=1, points=[7, 35]) == (7, 35)
    assert award(target_kind="points", bid=35, made=False, bidder=1, points=[8, 34]) == (43, 0)
    assert award(target_kind="points", bid=84, made=True, bidder=0, points=[42, 0]) == (84, 0)


# -- the game's end -----------------------------------------------------------------------
def test_texas42_target_validation():
    assert Texas42Game(options={"target": "Points:100"}).options["target"] == "points:100"
    assert Texas42Game(options={"target": "marks:3"}).target == ("marks", 3)
    for bad in ["marks:0", "goals:7", "marks", "points:x", 7]:
        with pytest.raises(OptionError):
            Texas42Game(options={"target": bad})


def test_texas42_game_ends_at_the_marks_target():
    game = game_with(SIXES, target="marks:1")
    win_auction(game, 30, "6")
    events = lead_in_order(game, 0, SIX_ORDER)
    assert events[-1].to_record() == {"event": "game_end", "winner": 0, "scores": [1, 0]}
    assert game.is_over and game.current_player is None and game.legal_actions() == []
    assert game.view(1).winner == 0 and game.view(1).phase == Phase.GAME_OVER
    with pytest.raises(GameOver):
        game.apply(Bid(0, None))


def test_texas42_both_teams_pass_points_target_in_one_hand_bidders_win():
    game = game_with(SIXES, target="points:12", shaker=0)
    bids(game, 30, None, None, None)               # seat 1 (fives) bids, names blanks
    game.apply(NameTrump(1, "0"))
    events = play_first_legal(game)
    end = _hand_end(events)
    assert min(end.totals) >= 12 and end.made
    assert events[-1].winner == 1
    assert game_winner([260, 255], 250, bidder=1) == 1
    assert game_winner([255, 260], 250, bidder=0) == 0
    assert game_winner([255, 240], 250, bidder=1) == 0
    assert game_winner([249, 240], 250, bidder=1) is None


def test_texas42_next_hand_starts_in_the_same_apply_with_the_next_shaker():
    game = game_with(SIXES, shaker=3)
    win_auction(game, 30, "6")
    events = lead_in_order(game, 0, SIX_ORDER)
    kinds = [e.kind for e in events]
    assert kinds[-3:] == ["hand_end", "hand_start", "deal"]
    assert events[-2].to_record() == {"event": "hand_start", "hand": 2, "shaker": 0}
    view = game.view(0)
    assert (view.hand_number, view.shaker, view.to_act, view.phase) == (2, 0, 1, Phase.BID)
    assert view.totals == (1, 0) and view.bids == () and view.tricks == ()
    assert view.last_hand.made and view.last_hand.bidder == 0
