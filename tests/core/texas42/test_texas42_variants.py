"""Texas 42 variants: Nel-O, Sevens and Plunge (each a setting, off by default)."""

from __future__ import annotations

from core.commands import MARK, Bid, NameTrump, Play
from core.errors import IllegalBid, IllegalPlay, IllegalTrump, NotYourTurn
from core.tiles import Tile
from tests.core.texas42.test_texas42_support import (
    SIXES,
    bids,
    game_with,
    lead_in_order,
    of_kind,
    play_first_legal,
    refused,
    rotate,
    tiles,
    win_auction,
)

# Seat 0 holds low tiles and loses every trick to seat 1's sixes; seat 2 sits out.
NELLO = ["4-0 3-1 3-0 2-1 2-0 1-0 0-0",
         "6-6 6-5 6-4 6-3 6-2 6-1 6-0",
         "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
         "4-3 4-2 4-1 3-3 3-2 2-2 1-1"]
# Seat 0 holds the three 7-pip tiles and four tiles one pip off.
SEVENS = ["6-1 5-2 4-3 6-0 5-1 4-2 3-3",
          "6-6 6-5 6-4 6-3 6-2 5-5 5-4",
          "5-3 5-0 4-4 4-1 4-0 3-2 3-1",
          "3-0 2-2 2-1 2-0 1-1 1-0 0-0"]
# Seat 0 holds four doubles; the partner, seat 2, holds every six.
PLUNGE = ["5-5 4-4 3-3 2-2 5-4 5-3 5-2",
          "5-1 5-0 4-3 4-2 4-1 4-0 3-2",
          "6-6 6-5 6-4 6-3 6-2 6-1 6-0",
          "3-1 3-0 2-1 2-0 1-1 1-0 0-0"]


def _hand_end(events):
    [end] = of_kind(events, "hand_end")
    return end


# -- Nel-O -------------------------------------------------------------------------------
def test_texas42_nello_needs_two_marks():
    game = game_with(NELLO, nello=True)
    win_auction(game, "m1")
    assert "nello" not in [c.trump for c in game.legal_actions()]
    refused(game, NameTrump(0, "nello"), IllegalTrump, "Nel-O needs a bid of at least 2 marks.")
    game = game_with(NELLO, nello=True)
    win_auction(game, "m2")
    assert NameTrump(0, "nello") in game.legal_actions()


def test_texas42_nello_partner_sits_out_and_tricks_have_three_tiles():
    game = game_with(NELLO, nello=True)
    win_auction(game, "m2", "nello")
    view = game.view(2)
    assert view.sitting_out == 2 and view.mode.trump == "nello"
    assert view.mode.doubles == "own_suit" and view.leader == 0 and view.to_act == 0
    events = play_first_legal(game, until=lambda ev: bool(of_kind(ev, "trick")))
    order = [e.player for e in of_kind(events, "play")]
    assert order == [0, 1, 3]
    [trick] = of_kind(events, "trick")
    assert len(trick.tiles) == 3 and game.view(2).hand_counts[2] == 7


def test_texas42_nello_made_when_bidder_takes_no_trick():
    game = game_with(NELLO, nello=True)
    win_auction(game, "m2", "nello")
    events = play_first_legal(game)
    tricks = of_kind(events, "trick")
    end = _hand_end(events)
    assert len(tricks) == 7 and all(t.winner != 0 for t in tricks)
    assert end.made and end.marks == (2, 0) and not end.ended_early
    assert end.points == (0, 42 - 15)            # seat 2's 5-5 and 5-0 are never played
    assert end.remaining[2] == tuple(tiles(NELLO[2]))


def test_texas42_nello_ends_the_moment_the_bidder_takes_a_trick():
    for play_out in (False, True):
        game = game_with(SIXES, nello=True, play_out=play_out)
        win_auction(game, "m2", "nello")
        events = game.apply(Play(0, Tile(6, 5)))
        events += play_first_legal(game)
        end = _hand_end(events)
        assert len(of_kind(events, "trick")) == 1 and of_kind(events, "trick")[0].winner == 0
        assert end.made is False and end.ended_early and end.marks == (0, 2)


def test_texas42_nello_doubles_own_suit_or_in_their_number():
    game = game_with(NELLO, nello=True)
    win_auction(game, "m2", "nello")
    game.apply(Play(0, Tile(0, 0)))
    assert game.legal_actions() == [Play(1, Tile(6, 6))]     # a double calls for doubles
    game = game_with(NELLO, nello=True, nello_doubles="high")
    win_auction(game, "m2", "nello")
    game.apply(Play(0, Tile(0, 0)))
    assert game.legal_actions() == [Play(1, Tile(6, 0))]     # 0-0 is a blank, highest
    game.apply(Play(1, Tile(6, 0)))
    events = game.apply(game.legal_actions()[0])
    assert of_kind(events, "trick")[0].winner == 0


# -- Sevens ------------------------------------------------------------------------------
def test_texas42_sevens_needs_one_mark():
    game = game_with(SEVENS, sevens=True)
    win_auction(game, 41)
    refused(game, NameTrump(0, "sevens"), IllegalTrump, "Sevens needs a bid of at least 1 mark.")
    game = game_with(SEVENS, sevens=True)
    win_auction(game, "m1")
    assert NameTrump(0, "sevens") in game.legal_actions()


def test_texas42_sevens_must_play_closest_to_seven():
    game = game_with(SIXES, sevens=True)
    win_auction(game, "m1", "sevens")
    assert game.legal_actions() == [Play(0, Tile(6, 1))]
    refused(game, Play(0, Tile(6, 6)), IllegalPlay,
             "In Sevens you must play a tile closest to 7 pips: you hold 6-1.")
    game.apply(Play(0, Tile(6, 1)))
    assert game.legal_actions() == [Play(1, Tile(5, 2))]


def test_texas42_sevens_free_play_allows_any_tile():
    game = game_with(SIXES, sevens=True, sevens_free_play=True)
    win_auction(game, "m1", "sevens")
    assert game.legal_actions() == [Play(0, t) for t in tiles(SIXES[0])]
    game.apply(Play(0, Tile(6, 6)))


def test_texas42_sevens_made_when_bidders_win_all_seven():
    game = game_with(SEVENS, sevens=True)
    win_auction(game, "m1", "sevens")
    events = play_first_legal(game)
    tricks = of_kind(events, "trick")
    assert len(tricks) == 7 and all(t.winner == 0 for t in tricks)
    end = _hand_end(events)
    assert end.made and end.marks == (1, 0) and end.points == (42, 0)


def test_texas42_sevens_ends_when_defenders_win_a_trick():
    game = game_with(SIXES, sevens=True, play_out=True)
    win_auction(game, "m1", "sevens")
    events = play_first_legal(game)
    tricks = of_kind(events, "trick")
    assert [t.winner for t in tricks] == [0, 0, 0, 1]
    assert tricks[3].tiles[:2] == (Tile(6, 3), Tile(4, 4))   # 2 off 7 loses to 1 off
    end = _hand_end(events)
    assert not end.made and end.ended_early and end.marks == (0, 1) and end.points == (3, 6)


def test_texas42_sevens_tie_goes_to_the_first_played():
    game = game_with(SIXES, sevens=True)
    win_auction(game, "m1", "sevens")
    lead_in_order(game, 0, ["6-1"])
    events = game.apply(Play(0, Tile(6, 2)))                 # one off 7
    events += game.apply(Play(1, Tile(5, 3)))                # also one off 7
    events += play_first_legal(game, until=lambda ev: bool(of_kind(ev, "trick")))
    assert of_kind(events, "trick")[0].winner == 0


# -- Plunge ------------------------------------------------------------------------------
def test_texas42_plunge_is_off_by_default():
    game = game_with(PLUNGE)
    assert Bid(0, 4 * MARK, True) not in game.legal_actions()
    refused(game, Bid(0, 4 * MARK, True), IllegalBid,
             "Plunge is not in play (the plunge setting is off).")


def test_texas42_plunge_needs_four_doubles():
    game = game_with(PLUNGE, plunge=True, shaker=0)       # seat 1 bids first
    assert Bid(1, 4 * MARK, True) not in game.legal_actions()
    refused(game, Bid(1, 4 * MARK, True), IllegalBid, "Plunge needs 4 or more doubles: you hold 0.")


def test_texas42_plunge_only_before_anyone_has_bid():
    game = game_with(PLUNGE, plunge=True, shaker=2)       # seat 3 bids, then seat 0
    bids(game, 30)
    refused(game, Bid(0, 4 * MARK, True), IllegalBid,
             "You may call Plunge only before anyone has bid.")
    game = game_with(PLUNGE, plunge=True, shaker=2)
    bids(game, None)
    assert Bid(0, 4 * MARK, True) in game.legal_actions()
    refused(game, Bid(0, 3 * MARK, True), IllegalBid, "A Plunge is a bid of 4 marks.")


def test_texas42_plunge_is_outbid_only_by_one_mark_more():
    game = game_with(PLUNGE, plunge=True)
    events = bids(game, "plunge")
    assert of_kind(events, "bid")[0].to_record() == {
        "event": "bid", "player": 0, "bid": {"marks": 4}, "plunge": True, "forced": False}
    assert [c.bid for c in game.legal_actions()] == [None, 5 * MARK]
    refused(game, Bid(1, 2 * MARK), IllegalBid)


def test_texas42_plunge_partner_names_trumps_and_leads_and_must_take_all_tricks():
    game = game_with(PLUNGE, plunge=True, nello=True, sevens=True)
    bids(game, "plunge", None, None, None)
    view = game.view(0)
    assert (view.bidder, view.bid, view.plunge, view.trump_caller, view.to_act) == \
        (0, 4 * MARK, True, 2, 2)
    assert [c.trump for c in game.legal_actions()] == \
        ["0", "1", "2", "3", "4", "5", "6", "doubles", "none"]
    refused(game, NameTrump(2, "nello"), IllegalTrump,
             "After a Plunge the partner names trumps; Nel-O is not allowed.")
    refused(game, NameTrump(0, "6"), NotYourTurn)
    game.apply(NameTrump(2, "6"))
    assert game.view(0).leader == 2 and game.current_player == 2
    events = lead_in_order(game, 2, ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"])
    end = _hand_end(events)
    assert end.to_record()["bid"] == {"marks": 4} and end.bidder == 0
    assert end.made and end.marks == (4, 0)


def test_texas42_plunge_set_gives_defenders_four_marks():
    game = game_with(PLUNGE, plunge=True)
    bids(game, "plunge", None, None, None)
    game.apply(NameTrump(2, "0"))                 # seat 1's 5-0 trumps the 6-5 lead
    events = play_first_legal(game)
    end = _hand_end(events)
    assert [t.winner for t in of_kind(events, "trick")] == [2, 1]
    assert not end.made and end.marks == (0, 4) and end.ended_early


def test_texas42_plunge_by_the_shaker_after_all_pass():
    game = game_with(rotate(PLUNGE, 3), plunge=True, shaker=3)
    events = bids(game, None, None, None, "plunge")
    assert of_kind(events, "bid")[-1].plunge and not of_kind(events, "bid")[-1].forced
    assert game.view(3).trump_caller == 1


def test_texas42_plunge_outbid_is_an_ordinary_mark_bid():
    game = game_with(PLUNGE, plunge=True, nello=True)
    bids(game, "plunge", "m5", None, None)
    view = game.view(1)
    assert (view.bidder, view.bid, view.plunge, view.trump_caller) == (1, 5 * MARK, False, 1)
    assert NameTrump(1, "nello") in game.legal_actions()

