"""Texas 42 bidding: order, one bid each, point and mark bids, the all-pass rule, the census."""

from __future__ import annotations

import pytest

from core.commands import MARK, Bid, NameTrump, Play
from core.errors import IllegalBid, NotYourTurn, WrongPhase
from core.game import Phase
from core.texas42.bidding import bid_error, decode_bid, encode_bid
from core.texas42.engine import describe_bid, legal_bids
from tests.core.texas42.test_texas42_support import SIXES, bids, game_with, of_kind, refused, tiles


# -- the pure function -----------------------------------------------------------
def test_texas42_legal_bids_opening_are_pass_30_to_41_and_one_or_two_marks():
    assert legal_bids(None) == ([(None, False)] + [(b, False) for b in range(30, 42)]
                                + [(42, False), (84, False)])


def test_texas42_legal_bids_over_a_point_bid_are_higher_points_or_marks():
    assert legal_bids(35) == ([(None, False)] + [(b, False) for b in range(36, 42)]
                              + [(42, False), (84, False)])
    assert legal_bids(41) == [(None, False), (42, False), (84, False)]


def test_texas42_legal_bids_after_a_mark_bid_only_one_mark_more():
    assert legal_bids(42) == [(None, False), (84, False)]
    assert legal_bids(84) == [(None, False), (126, False)]
    assert legal_bids(126) == [(None, False), (168, False)]
    assert legal_bids(4 * MARK) == [(None, False), (5 * MARK, False)]


def test_texas42_legal_bids_plunge_only_before_anyone_bids():
    assert (168, True) in legal_bids(None, plunge_allowed=True)
    assert (168, True) not in legal_bids(None)
    assert (168, True) not in legal_bids(30, plunge_allowed=True)


def test_texas42_legal_bids_cap_limits_mark_bids():
    assert legal_bids(None, max_marks=1)[-1] == (42, False)
    assert legal_bids(84, max_marks=2) == [(None, False)]
    assert (168, True) not in legal_bids(None, plunge_allowed=True, max_marks=3)


def _census(cap: int) -> tuple[int, int]:
    """Every complete four-seat auction with mark bids capped at ``cap`` marks."""
    count, highest = 0, 0

    def walk(seat: int, high: int | None) -> None:
        nonlocal count, highest
        if seat == 4:
            count += 1
            if high is not None and high >= MARK:
                highest = max(highest, high // MARK)
            return
        for bid, _ in legal_bids(high, max_marks=cap):
            walk(seat + 1, high if bid is None else bid)

    walk(0, None)
    return count, highest


def test_texas42_auction_census_matches_external_counts():
    """jasonyandell/texas-42 VERIFICATION_OUTPUT: auctions and highest bid per mark cap."""
    results = [_census(cap) for cap in range(1, 8)]
    assert [c for c, _ in results] == [2380, 3060, 3196, 3213, 3214, 3214, 3214]
    assert [h for _, h in results] == [1, 2, 3, 4, 5, 5, 5]


def test_texas42_describe_bid_labels():
    assert describe_bid(None) == "Pass"
    assert describe_bid(30) == "30"
    assert describe_bid(30, forced=True) == "30 (forced)"
    assert describe_bid(42) == "1 mark"
    assert describe_bid(84) == "2 marks"
    assert describe_bid(168, plunge=True) == "Plunge (4 marks)"


def test_texas42_bid_record_encoding_round_trips():
    for bid in [None, 30, 41, 42, 84, 210]:
        assert decode_bid(encode_bid(bid)) == bid
    assert encode_bid(84) == {"marks": 2}
    for bad in [29, 42, True, "30", {"marks": 0}, {"marks": 1, "x": 2}, [30]]:
        with pytest.raises(ValueError):
            decode_bid(bad)


def test_texas42_bid_error_reasons():
    kw = dict(plunge_setting=False, doubles_held=0)
    assert bid_error(32, False, 32, **kw) == "You must bid more than 32."
    assert bid_error(29, False, None, **kw) == "29 is not a bid: point bids are 30 to 41."
    assert bid_error(126, False, None, **kw) == "No one may open above 2 marks."
    assert bid_error(126, False, 41, **kw) == "No one may open above 2 marks."
    assert bid_error(35, False, 42, **kw) == "Only a mark bid may follow 1 mark: bid 2 marks or pass."
    assert bid_error(168, False, 84, **kw) == \
        "After 2 marks you may bid only 3 marks (one mark more)."
    assert bid_error(50, False, None, **kw).startswith("50 is not a bid")
    assert bid_error(None, False, 84, **kw) is None


# -- the auction in the engine -------------------------------------------------------
def test_texas42_bidding_starts_left_of_shaker_and_shaker_bids_last():
    game = game_with(SIXES, shaker=2)
    order = []
    for _ in range(4):
        order.append(game.current_player)
        game.apply(Bid(game.current_player, None if order[-1] != 3 else 30))
    assert order == [3, 0, 1, 2]
    assert game.phase == Phase.TRUMP and game.current_player == 3


def test_texas42_each_player_bids_once_and_the_highest_wins():
    game = game_with(SIXES, shaker=3)
    bids(game, 30, 31, None, "m1")
    view = game.view(0)
    assert view.bids == ((0, 30, False, False), (1, 31, False, False),
                         (2, None, False, False), (3, 42, False, False))
    assert (view.bidder, view.bid, view.phase) == (3, 42, Phase.TRUMP)
    refused(game, Bid(3, 84), WrongPhase)


def test_texas42_bid_out_of_turn_isrefused():
    game = game_with(SIXES, shaker=3)
    refused(game, Bid(2, 30), NotYourTurn, "It is Player 1's turn, not Player 3's.")
    refused(game, Play(0, tiles("6-6")[0]), WrongPhase, "It is time to bid (or pass).")
    refused(game, NameTrump(0, "6"), WrongPhase)


def test_texas42_bid_must_beat_the_high_bid():
    game = game_with(SIXES, shaker=3)
    bids(game, 34)
    refused(game, Bid(1, 34), IllegalBid, "You must bid more than 34.")
    refused(game, Bid(1, 33), IllegalBid)
    bids(game, 35)
    assert game.view(0).bid == 35


def test_texas42_no_opening_above_two_marks_then_one_mark_raises():
    game = game_with(SIXES, shaker=3)
    refused(game, Bid(0, 3 * MARK), IllegalBid, "No one may open above 2 marks.")
    bids(game, "m2")
    refused(game, Bid(1, 4 * MARK), IllegalBid)
    refused(game, Bid(1, 41), IllegalBid)
    bids(game, "m3")
    refused(game, Bid(2, 3 * MARK), IllegalBid)
    bids(game, "m4", "m5")
    assert game.view(0).bid == 5 * MARK and game.view(0).bidder == 3


def test_texas42_after_one_mark_the_next_bid_is_two_marks():
    game = game_with(SIXES, shaker=3)
    bids(game, "m1")
    assert [c.bid for c in game.legal_actions()] == [None, 84]
    refused(game, Bid(1, 3 * MARK), IllegalBid)
    bids(game, "m2")
    assert game.view(2).bid == 84


def test_texas42_all_pass_shaker_pass_becomes_forced_30():
    game = game_with(SIXES, shaker=3)
    bids(game, None, None)
    assert not game.view(2).pass_is_forced
    bids(game, None)
    assert Bid(3, None) in game.legal_actions() and game.view(3).pass_is_forced
    events = bids(game, None)
    line = of_kind(events, "bid")[-1].to_record()
    assert line == {"event": "bid", "player": 3, "bid": 30, "plunge": False, "forced": True}
    view = game.view(3)
    assert (view.bidder, view.bid, view.phase, view.to_act) == (3, 30, Phase.TRUMP, 3)
    assert view.bids[-1] == (3, 30, False, True)


def test_texas42_all_pass_shaker_may_still_bid_higher():
    game = game_with(SIXES, shaker=3)
    events = bids(game, None, None, None, "m2")
    assert of_kind(events, "bid")[-1].to_record()["bid"] == {"marks": 2}
    assert of_kind(events, "bid")[-1].forced is False
    assert game.view(0).bid == 84


def test_texas42_shaker_pass_is_not_forced_when_someone_bid():
    game = game_with(SIXES, shaker=3)
    events = bids(game, 30, None, None, None)
    assert [e.forced for e in of_kind(events, "bid")] == [False] * 4
    assert game.view(0).bidder == 0


def test_texas42_legal_actions_during_bidding_are_exactly_the_legal_bids():
    game = game_with(SIXES, shaker=3)
    bids(game, 36)
    legal = game.legal_actions()
    assert legal == [Bid(1, b, p) for b, p in legal_bids(36)]
    assert game.view(1).legal == tuple(legal) and game.view(0).legal == ()
