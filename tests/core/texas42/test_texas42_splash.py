"""Texas 42's Splash variant (setting ``splash``) and the ``all_pass = reshake`` setting."""

from __future__ import annotations

import pytest

from core.commands import MARK, Bid, NameTrump
from core.errors import IllegalBid, IllegalTrump
from core.texas42.bidding import describe_bid, legal_bid_calls, splash_value
from core.texas42.engine import Texas42Game
from core.texas42.record import command_from_record
from tests.core.texas42.test_texas42_support import (
    SIXES,
    bids,
    game_with,
    lead_in_order,
    of_kind,
    play_first_legal,
    refused,
)

# Seat 0 holds three doubles (5-5, 4-4, 3-3); the partner, seat 2, holds every six;
# seat 1 holds no double; seat 3 holds three (2-2, 1-1, 0-0).
SPLASH = ["5-5 4-4 3-3 5-4 5-3 5-2 5-1",
          "5-0 4-3 4-2 4-1 4-0 3-2 3-1",
          "6-6 6-5 6-4 6-3 6-2 6-1 6-0",
          "3-0 2-2 2-1 2-0 1-1 1-0 0-0"]
# Seat 0 holds three doubles, seat 1 four.
PLUNGE_OVER = ["6-6 5-5 4-4 6-5 6-4 6-3 6-2",
               "3-3 2-2 1-1 0-0 6-1 6-0 5-4",
               "5-3 5-2 5-1 5-0 4-3 4-2 4-1",
               "4-0 3-2 3-1 3-0 2-1 2-0 1-0"]


def _splash(player: int, marks: int = 2) -> Bid:
    return Bid(player, marks * MARK, splash=True)


def _hand_end(events):
    [end] = of_kind(events, "hand_end")
    return end


# -- Splash ------------------------------------------------------------------------------
def test_splash_is_off_by_default():
    game = game_with(SPLASH)
    assert not any(c.splash for c in game.legal_actions())
    refused(game, _splash(0), IllegalBid, "Splash is not in play (the splash setting is off).")


def test_splash_needs_three_doubles():
    game = game_with(SPLASH, splash=True, shaker=0)         # seat 1 (no double) bids first
    assert not any(c.splash for c in game.legal_actions())
    refused(game, _splash(1), IllegalBid, "Splash needs 3 or more doubles: you hold 0.")
    game = game_with(SPLASH, splash=True)                   # seat 0 (three doubles) first
    assert _splash(0) in game.legal_actions()


def test_splash_value_two_marks_or_one_over():
    assert [splash_value(h) for h in (None, 30, 41, MARK, 2 * MARK)] == \
        [2 * MARK, 2 * MARK, 2 * MARK, 2 * MARK, 3 * MARK]
    for before, value in ((None, 2), (30, 2), ("m1", 2), ("m2", 3)):
        game = game_with(SPLASH, splash=True, shaker=2)     # seat 3 bids, then seat 0
        bids(game, before)
        assert [c for c in game.legal_actions() if c.splash] == [_splash(0, value)]
        wrong = 3 if value == 2 else 2
        refused(game, _splash(0, wrong), IllegalBid,
                 f"A Splash here is a bid of {value} marks.")
        game.apply(_splash(0, value))
        assert game.view(1).bid == value * MARK and game.view(1).splash


def test_splash_not_over_three_marks():
    assert splash_value(3 * MARK) is None and splash_value(4 * MARK) is None
    game = game_with(SPLASH, splash=True, shaker=1)         # seats 2, 3, then 0
    bids(game, "m2", "m3")
    assert not any(c.splash for c in game.legal_actions())
    refused(game, _splash(0, 3), IllegalBid,
             "You may call Splash only while the high bid is below 3 marks.")
    refused(game, _splash(0, 4), IllegalBid,
             "You may call Splash only while the high bid is below 3 marks.")


def test_splash_is_outbid_only_by_one_mark_more():
    game = game_with(SPLASH, splash=True)
    game.apply(_splash(0))
    assert [c.bid for c in game.legal_actions()] == [None, 3 * MARK]
    refused(game, Bid(1, 41), IllegalBid)
    refused(game, Bid(1, 2 * MARK), IllegalBid)


def test_splash_over_a_splash_is_three_marks():
    game = game_with(SPLASH, splash=True)                   # seat 3 also holds three doubles
    game.apply(_splash(0))
    bids(game, None, None)
    assert _splash(3, 3) in game.legal_actions()
    game.apply(_splash(3, 3))
    view = game.view(0)
    assert (view.bidder, view.bid, view.splash, view.splashers, view.trump_caller) == \
        (3, 3 * MARK, True, (0, 3), 1)
    assert [e.label for e in view.bid_entries] == \
        ["Splash (2 marks)", "Pass", "Pass", "Splash (3 marks)"]


def test_splash_partner_names_trump_and_leads():
    game = game_with(SPLASH, splash=True, nello=True, sevens=True)
    events = game.apply(_splash(0)) + bids(game, None, None, None)
    assert of_kind(events, "bid")[0].to_record() == {
        "event": "bid", "player": 0, "bid": {"marks": 2}, "plunge": False, "splash": True,
        "forced": False}
    view = game.view(0)
    assert (view.bidder, view.bid, view.splash, view.plunge, view.trump_caller, view.to_act) \
        == (0, 2 * MARK, True, False, 2, 2)
    assert [c.trump for c in game.legal_actions()] == \
        ["0", "1", "2", "3", "4", "5", "6", "doubles", "none"]
    refused(game, NameTrump(2, "sevens"), IllegalTrump,
             "After a Splash the partner names trumps; Sevens is not allowed.")
    game.apply(NameTrump(2, "6"))
    assert game.view(0).leader == 2 and game.current_player == 2
    events = lead_in_order(game, 2, ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"])
    end = _hand_end(events)
    assert end.bidder == 0 and end.bid == 2 * MARK and end.made and end.marks == (2, 0)
    assert game.last_hand is not None and game.last_hand.splash


@pytest.mark.parametrize("play_out", [False, True])
def test_splash_ends_when_defenders_take_a_trick(play_out):
    game = game_with(SPLASH, splash=True, play_out=play_out)
    game.apply(_splash(0))
    bids(game, None, None, None)
    game.apply(NameTrump(2, "0"))       # sixes are no longer a suit of their own
    events = play_first_legal(game)
    tricks = of_kind(events, "trick")
    winners = [t.winner % 2 for t in tricks]
    assert winners[-1] == 1 and all(w == 0 for w in winners[:-1])
    end = _hand_end(events)
    assert not end.made and end.marks == (0, 2) and end.ended_early


def test_outbid_splash_is_mark_bid():
    game = game_with(SPLASH, splash=True, nello=True)
    game.apply(_splash(0))
    bids(game, "m3", None, None)
    view = game.view(1)
    assert (view.bidder, view.bid, view.splash, view.trump_caller) == (1, 3 * MARK, False, 1)
    assert NameTrump(1, "nello") in game.legal_actions()
    assert [e.label for e in view.bid_entries][:2] == ["Splash (2 marks)", "3 marks"]


def test_plunge_over_splash():
    game = game_with(PLUNGE_OVER, splash=True, plunge=True)
    game.apply(_splash(0))
    legal = game.legal_actions()
    assert Bid(1, 4 * MARK, True) in legal and Bid(1, 3 * MARK) in legal
    refused(game, Bid(1, 5 * MARK, True), IllegalBid, "A Plunge is a bid of 4 marks.")
    game.apply(Bid(1, 4 * MARK, True))
    bids(game, None, None)
    view = game.view(0)
    assert (view.bidder, view.bid, view.plunge, view.splash, view.trump_caller) == \
        (1, 4 * MARK, True, False, 3)
    # a Plunge may not follow an ordinary bid
    game = game_with(PLUNGE_OVER, splash=True, plunge=True)
    game.apply(Bid(0, 2 * MARK))
    refused(game, Bid(1, 4 * MARK, True), IllegalBid,
             "You may call Plunge only before anyone has bid, or over a Splash.")


def test_splash_bid_labels_and_calls():
    assert describe_bid(2 * MARK, splash=True) == "Splash (2 marks)"
    assert describe_bid(3 * MARK, splash=True) == "Splash (3 marks)"
    assert legal_bid_calls(None, splash_allowed=True)[-1] == (2 * MARK, False, True)
    assert legal_bid_calls(3 * MARK, splash_allowed=True) == [(None, False, False),
                                                               (4 * MARK, False, False)]
    assert legal_bid_calls(2 * MARK, splash_allowed=True, max_marks=2) == \
        [(None, False, False)]
    assert (4 * MARK, True, False) in legal_bid_calls(2 * MARK, plunge_allowed=True,
                                                      high_splash=True)


def test_splash_record_line_reads_back_as_the_command():
    line = {"event": "bid", "player": 0, "bid": {"marks": 2}, "plunge": False,
            "splash": True, "forced": False}
    assert command_from_record(line) == _splash(0)
    assert command_from_record(dict(line, splash=False)) == Bid(0, 2 * MARK)
    with pytest.raises(ValueError):
        command_from_record(dict(line, plunge=True))
    with pytest.raises(ValueError):
        command_from_record(dict(line, splash="yes"))


def test_splash_off_records_are_as_before():
    game = game_with(SPLASH)
    events = bids(game, "m2")
    assert "splash" not in of_kind(events, "bid")[0].to_record()


# -- all_pass ------------------------------------------------------------------------------
def test_forced_30_is_the_default_all_pass_rule():
    game = game_with(SIXES)
    bids(game, None, None, None)
    assert game.view(3).pass_is_forced and not game.view(3).pass_reshakes
    events = bids(game, None)
    assert of_kind(events, "bid")[0].to_record() == {
        "event": "bid", "player": 3, "bid": 30, "plunge": False, "forced": True}


def test_reshake_all_pass_no_score_shake_moves_left():
    game = game_with(SIXES, shaker=3, all_pass="reshake")
    bids(game, None, None, None)
    view = game.view(3)
    assert view.pass_reshakes and not view.pass_is_forced
    assert Bid(3, 30) in game.legal_actions() and Bid(3, None) in game.legal_actions()
    events = bids(game, None)
    assert [e.kind for e in events] == ["bid", "reshake", "hand_start", "deal"]
    assert not of_kind(events, "hand_end")
    start = of_kind(events, "hand_start")[0]
    assert (start.hand, start.shaker) == (2, 0)
    assert game.totals == [0, 0] and game.last_hand is None
    assert game.current_player == 1 and game.view(1).bids == ()
    assert game.hand_end_view(0) is None


def test_reshake_shaker_may_still_bid():
    game = game_with(SIXES, shaker=3, all_pass="reshake")
    events = bids(game, None, None, None, 30)
    assert not of_kind(events, "reshake")
    assert of_kind(events, "bid")[-1].to_record()["forced"] is False
    assert game.view(0).bidder == 3


def test_reshake_record_line():
    game = game_with(SIXES, shaker=3, all_pass="reshake")
    bids(game, None, None, None, None)
    lines = [e.to_record() for e in game.history]
    assert lines[2:8] == [
        {"event": "bid", "player": 0, "bid": None, "plunge": False, "forced": False},
        {"event": "bid", "player": 1, "bid": None, "plunge": False, "forced": False},
        {"event": "bid", "player": 2, "bid": None, "plunge": False, "forced": False},
        {"event": "bid", "player": 3, "bid": None, "plunge": False, "forced": False},
        {"event": "reshake"},
        {"event": "hand_start", "hand": 2, "shaker": 0},
    ]
    assert command_from_record({"event": "reshake"}) is None
    # the record replays: the thrown-in hand and the next are presets
    again = Texas42Game(options=dict(game.options), seed=1,
                        deals=Texas42Game.deals_from_record(lines))
    again.start()
    for line in lines:
        command = command_from_record(line)
        if command is not None:
            again.apply(command)
    assert [e.to_record() for e in again.history] == lines
    assert again.state_key()["hands"] == game.state_key()["hands"]


# -- Splash in the hand review, the score sheet's bid and the statistics -------------------
def test_splash_labels_in_summaries_presenters_and_statistics():
    from core.presenters import recorded_bid_label
    from core.statistics import summarize_lines
    from core.summaries import texas42_hand

    game = game_with(SPLASH, splash=True, target="marks:2")
    game.apply(_splash(0))
    bids(game, None, None, None)
    game.apply(NameTrump(2, "6"))
    lead_in_order(game, 2, ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"])
    assert game.is_over
    header = game.header([{"name": "You", "kind": "human", "level": None}] +
                         [{"name": f"Bot {i}", "kind": "bot", "level": "easy"}
                          for i in (1, 2, 3)])
    lines = [e.to_record() for e in game.history]
    [splash_line] = [line for line in lines if line["event"] == "bid" and line["player"] == 0]
    assert recorded_bid_label("texas42", splash_line) == "Splash (2 marks)"
    hand = texas42_hand(lines)
    assert hand.splash and not hand.plunge and hand.bid_label == "Splash (2 marks)"
    assert hand.contract == "marks" and hand.made
    summary = summarize_lines([header] + lines)
    assert summary is not None
    assert [(b.label, b.size, b.made) for b in summary.bids] == \
        [("Splash (2 marks)", 2 * MARK + 1, True)]
