"""Three-Player Moon, rule by rule (``docs/rules/moon.md``), from fixed deals."""

from __future__ import annotations

import random

import pytest

from core.commands import Bid, Discard, Draw, NameTrump, Play
from core.errors import (
    GameOver,
    IllegalBid,
    IllegalMove,
    IllegalPlay,
    IllegalTrump,
    NotYourTurn,
    OptionError,
    WrongPhase,
)
from core.game import Phase
from core.moon.engine import (
    GameEnded,
    HandEnded,
    HandStarted,
    MoonGame,
    Redealt,
    TrickWon,
    WidowDiscarded,
    describe_bid,
)
from core.tiles import moon_set, parse_tile

# -- deals ------------------------------------------------------------------

# Deal A: strong sixes for player 0.
A = {0: "6-6 6-5 6-4 6-3 5-5 4-4 3-3",
     1: "6-2 6-1 5-4 5-3 2-2 1-1 0-0",
     2: "5-2 5-1 4-3 4-2 4-1 3-2 3-1"}
A_WIDOW = "2-1"

# Deal D: for doubles as trumps.
D = {0: "6-5 6-4 5-4 0-0 4-2 4-1 3-1",
     1: "6-6 6-1 1-1 5-3 5-2 3-2 2-1",
     2: "2-2 3-3 4-4 5-5 6-3 6-2 5-1"}
D_WIDOW = "4-3"

# A hand by roles: with doubles trump and the plays below, the bidder (B) wins
# tricks 1-4, T wins 5-7, Z wins nothing, whatever seats they sit in.
ROLE_HANDS = {"B": "6-6 5-5 4-4 3-3 3-2 3-1 4-1",
              "T": "2-2 6-5 6-4 6-3 5-4 5-3 4-3",
              "Z": "1-1 0-0 6-2 6-1 5-2 5-1 4-2"}
ROLE_PLAYS = {"B": "6-6 5-5 4-4 3-3 3-1 3-2 4-1",
              "T": "2-2 4-3 5-3 5-4 6-3 6-5 6-4",
              "Z": "1-1 0-0 4-2 5-2 5-1 6-2 6-1"}
ROLE_WIDOW = "2-1"

# The bidder holds all seven doubles: with doubles trump it wins every trick.
MOON_HANDS = {"B": "6-6 5-5 4-4 3-3 2-2 1-1 0-0",
              "T": "6-5 6-4 6-3 6-2 6-1 5-4 5-3",
              "Z": "5-2 5-1 4-3 4-2 4-1 3-2 3-1"}
MOON_PLAYS = {"B": "6-6 5-5 4-4 3-3 2-2 1-1 0-0",
              "T": "6-5 6-4 6-3 6-2 6-1 5-4 5-3",
              "Z": "5-2 5-1 4-3 4-2 4-1 3-2 3-1"}

# Six doubles and a deuce: with doubles trump the bidder wins exactly six tricks.
SIX_HANDS = {"B": "6-6 5-5 4-4 3-3 2-2 1-1 2-1",
             "T": "0-0 6-5 6-4 6-3 6-2 6-1 5-4",
             "Z": "5-3 5-2 5-1 4-3 4-2 4-1 3-2"}
SIX_PLAYS = {"B": "6-6 5-5 4-4 3-3 2-2 1-1 2-1",
             "T": "0-0 6-5 6-4 6-3 6-1 5-4 6-2",
             "Z": "5-3 5-2 5-1 4-3 4-2 4-1 3-2"}
SIX_WIDOW = "3-1"


def tiles(text: str):
    return [parse_tile(t) for t in text.split()]


def preset(hands: dict[int, str], widow: str, first_bidder: int) -> dict:
    return {"hand": 0, "first_bidder": first_bidder,
            "hands": [tiles(hands[p]) for p in range(3)], "widow": parse_tile(widow)}


def role_preset(seats: str, first_bidder: int, hands=ROLE_HANDS, widow=ROLE_WIDOW) -> dict:
    """``seats`` gives each player's role in seat order, e.g. "BTZ"."""
    return preset({p: hands[r] for p, r in enumerate(seats)}, widow, first_bidder)


def game_with(*deals: dict, **options) -> MoonGame:
    game = MoonGame(options=options, seed=1, deals=list(deals))
    game.start()
    return game


def bid_round(game: MoonGame, bids: dict[int, int | None]) -> list:
    events = []
    hand = game.view(0).hand_number
    while game.phase == Phase.BID and game.view(0).hand_number == hand:
        p = game.current_player
        events += game.apply(Bid(p, bids.get(p)))
    return events


def play_hand(game: MoonGame, seats: str, bids: dict[int, int | None], trump: str,
              plays=ROLE_PLAYS, discard: str = ROLE_WIDOW) -> list:
    """Bid, discard, name trumps and play the seven tricks by roles."""
    events = bid_round(game, bids)
    bidder = game.view(0).bidder
    events += game.apply(Discard(bidder, parse_tile(discard)))
    events += game.apply(NameTrump(bidder, trump))
    queues = {p: tiles(plays[r]) for p, r in enumerate(seats)}
    for _ in range(21):
        p = game.current_player
        events += game.apply(Play(p, queues[p].pop(0)))
    return events


def to_play(hands: dict[int, str], widow: str, trump: str, bidder: int,
            discard: str | None = None) -> MoonGame:
    """A game in the play phase: ``bidder`` (first to speak) bid 4, the others passed."""
    game = game_with(preset(hands, widow, bidder))
    bid_round(game, {bidder: 4})
    game.apply(Discard(bidder, parse_tile(discard or widow)))
    game.apply(NameTrump(bidder, trump))
    return game


def play(game: MoonGame, *texts: str) -> list:
    events = []
    for text in texts:
        events += game.apply(Play(game.current_player, parse_tile(text)))
    return events


def legal_tiles(game: MoonGame) -> list[str]:
    return [str(c.tile) for c in game.legal_actions()]


def rejected(game: MoonGame, command, error=IllegalMove) -> str:
    """Apply an illegal command: it must raise ``error`` and change nothing."""
    before, history = game.state_key(), list(game.history)
    with pytest.raises(error) as info:
        game.apply(command)
    assert game.state_key() == before
    assert game.history == history
    return str(info.value)


def last(events, cls):
    return [e for e in events if isinstance(e, cls)][-1]


# -- tiles, deal, first bidder ------------------------------------------------

def test_moon_set_is_22_tiles_without_blank_suit_except_double_blank():
    tiles_ = moon_set()
    assert len(tiles_) == 22 == len(set(tiles_))
    assert parse_tile("0-0") in tiles_
    assert not any(t.low == 0 and t.high != 0 for t in tiles_)


def test_moon_deal_is_seven_each_and_one_widow():
    game = MoonGame(seed=5)
    events = game.start()
    assert isinstance(events[0], HandStarted) and events[0].hand == 1
    deal = events[1].to_record()
    assert [len(h) for h in deal["hands"]] == [7, 7, 7]
    dealt = [parse_tile(t) for h in deal["hands"] for t in h] + [parse_tile(deal["widow"])]
    assert sorted(dealt) == sorted(moon_set())
    assert game.view(0).hand_counts == (7, 7, 7)


def test_moon_first_bidder_random_from_seed_then_rotates():
    firsts = {MoonGame(seed=s).start()[0].first_bidder for s in range(30)}
    assert firsts == {0, 1, 2}
    assert MoonGame(seed=8).start() == MoonGame(seed=8).start()
    game = game_with(role_preset("BTZ", 2), role_preset("ZBT", 0))
    assert game.current_player == 2                  # bidding starts at the first bidder
    events = play_hand(game, "BTZ", {0: 4}, "doubles")
    start = last(events, HandStarted)
    assert (start.hand, start.first_bidder) == (2, 0)
    assert game.current_player == 0


def test_moon_later_hands_deal_from_rng_with_next_first_bidder():
    game = game_with(role_preset("BTZ", 1))
    events = play_hand(game, "BTZ", {0: 4}, "doubles")
    start = last(events, HandStarted)
    assert (start.hand, start.first_bidder) == (2, 2)
    assert game.view(2).hand_counts == (7, 7, 7)


# -- bidding ----------------------------------------------------------------

def test_moon_bidding_is_one_round_clockwise_from_first_bidder():
    game = game_with(preset(A, A_WIDOW, 1))
    order = []
    for bid in (4, None, 5):
        order.append(game.current_player)
        game.apply(Bid(game.current_player, bid))
    assert order == [1, 2, 0]
    view = game.view(0)
    assert view.phase == Phase.WIDOW and view.bidder == 0 and view.bid == 5
    assert view.bids == ((1, 4, False), (2, None, False), (0, 5, False))


def test_moon_bid_must_be_higher_than_every_earlier_bid():
    game = game_with(preset(A, A_WIDOW, 0))
    game.apply(Bid(0, 5))
    assert game.legal_actions() == [Bid(1, None), Bid(1, 6), Bid(1, 7), Bid(1, 21)]
    assert rejected(game, Bid(1, 5), IllegalBid) == "Bid higher than 5 or pass."
    assert rejected(game, Bid(1, 4), IllegalBid) == "Bid higher than 5 or pass."
    game.apply(Bid(1, None))
    game.apply(Bid(2, 7))
    assert game.view(1).bidder == 2 and game.view(1).bid == 7


def test_moon_bids_are_4_to_7_or_21():
    game = game_with(preset(A, A_WIDOW, 0))
    assert game.legal_actions() == [Bid(0, None)] + [Bid(0, b) for b in (4, 5, 6, 7, 21)]
    for bad in (3, 8, 20, 0):
        assert "4, 5, 6, 7 or 21" in rejected(game, Bid(0, bad), IllegalBid)
    assert "plunge" in rejected(game, Bid(0, 4, plunge=True), IllegalBid)


def test_moon_21_ends_bidding_at_once():
    game = game_with(preset(A, A_WIDOW, 0))
    game.apply(Bid(0, None))
    events = game.apply(Bid(1, 21))
    assert [e.to_record() for e in events] == [
        {"event": "bid", "player": 1, "bid": 21, "forced": False}]
    view = game.view(1)
    assert view.phase == Phase.WIDOW and view.bidder == 1 and view.bid == 21
    assert len(view.bids) == 2                       # player 2 never speaks
    assert game.current_player == 1


def test_moon_21_by_first_bidder_ends_bidding():
    game = game_with(preset(A, A_WIDOW, 2))
    game.apply(Bid(2, 21))
    assert game.phase == Phase.WIDOW and game.view(0).bidder == 2


def test_moon_highest_bidder_wins_even_when_bidding_first():
    game = game_with(preset(A, A_WIDOW, 0))
    bid_round(game, {0: 6})
    assert game.view(0).bidder == 0 and game.view(0).bid == 6
    assert game.view(0).hand_counts == (8, 7, 7)


def test_moon_all_pass_force_last_third_bidder_must_bid_4():
    game = game_with(preset(A, A_WIDOW, 1))
    game.apply(Bid(1, None))
    game.apply(Bid(2, None))
    assert game.legal_actions() == [Bid(0, 4)]
    assert game.view(0).legal == (Bid(0, 4),)
    assert rejected(game, Bid(0, None), IllegalBid) == "Both other players passed: you must bid 4."
    assert "must bid 4" in rejected(game, Bid(0, 5), IllegalBid)
    assert "must bid 4" in rejected(game, Bid(0, 21), IllegalBid)
    events = game.apply(Bid(0, 4))
    assert events[0].to_record() == {"event": "bid", "player": 0, "bid": 4, "forced": True}
    assert game.view(0).bids[-1] == (0, 4, True)
    assert game.phase == Phase.WIDOW and game.view(0).bidder == 0


def test_moon_third_bidder_not_forced_when_someone_bid():
    game = game_with(preset(A, A_WIDOW, 1))
    game.apply(Bid(1, 4))
    game.apply(Bid(2, None))
    assert Bid(0, None) in game.legal_actions()
    assert game.apply(Bid(0, None))[0].forced is False
    assert game.view(0).bidder == 1


def test_moon_all_pass_redeal_throws_hand_in_and_moves_first_bidder():
    second = preset(D, D_WIDOW, 0)
    game = game_with(preset(A, A_WIDOW, 2), second, all_pass="redeal")
    game.apply(Bid(2, None))
    game.apply(Bid(0, None))
    assert game.legal_actions() == [Bid(1, None)] + [Bid(1, b) for b in (4, 5, 6, 7, 21)]
    events = game.apply(Bid(1, None))
    records = [e.to_record() for e in events]
    assert records[0] == {"event": "bid", "player": 1, "bid": None, "forced": False}
    assert records[1] == {"event": "redeal"}
    assert records[2] == {"event": "hand_start", "hand": 2, "first_bidder": 0}
    assert records[3]["event"] == "deal" and records[3]["widow"] == D_WIDOW
    view = game.view(0)
    assert view.phase == Phase.BID and view.hand_number == 2 and view.bids == ()
    assert view.hand == tuple(sorted(tiles(D[0]), reverse=True))
    assert view.scores == (0, 0, 0)
    assert game.current_player == 0


def test_moon_redeal_live_deals_a_fresh_hand():
    game = MoonGame(options={"all_pass": "redeal"}, seed=3)
    first = game.start()
    for _ in range(3):
        game.apply(Bid(game.current_player, None))
    redealt = [e for e in game.history if isinstance(e, Redealt)]
    assert len(redealt) == 1
    second_deal = game.history[-1]
    assert second_deal.kind == "deal" and second_deal != first[1]


# -- widow --------------------------------------------------------------------

def test_moon_bidder_picks_up_widow_and_discards_one():
    game = game_with(preset(A, A_WIDOW, 1))
    bid_round(game, {1: 5})
    bidder_view = game.view(1)
    assert bidder_view.phase == Phase.WIDOW and bidder_view.to_act == 1
    assert len(bidder_view.hand) == 8 and parse_tile(A_WIDOW) in bidder_view.hand
    assert bidder_view.widow_taken == parse_tile(A_WIDOW)
    assert [c.tile for c in bidder_view.legal] == list(bidder_view.hand)
    assert game.view(0).widow_taken is None and game.view(0).legal == ()
    events = game.apply(Discard(1, parse_tile("6-1")))
    assert events[0].to_record() == {"event": "widow", "player": 1, "took": "2-1",
                                     "discarded": "6-1"}
    assert game.view(1).discard == parse_tile("6-1")
    assert game.view(0).discard is None and game.view(2).discard is None
    assert parse_tile("2-1") in game.view(1).hand
    assert game.view(0).hand_counts == (7, 7, 7)
    assert game.phase == Phase.TRUMP and game.current_player == 1


def test_moon_discard_may_be_the_widow_itself():
    game = game_with(preset(A, A_WIDOW, 0))
    bid_round(game, {0: 4})
    events = game.apply(Discard(0, parse_tile("1-2")))        # either order names the tile
    assert isinstance(events[0], WidowDiscarded)
    assert events[0].took == events[0].discarded == parse_tile("2-1")
    assert game.view(0).hand == tuple(sorted(tiles(A[0]), reverse=True))


def test_moon_discard_must_be_a_held_tile():
    game = game_with(preset(A, A_WIDOW, 0))
    bid_round(game, {0: 4})
    assert rejected(game, Discard(0, parse_tile("6-2")), IllegalPlay) == \
        "You cannot discard 6-2: you do not hold it."
    assert rejected(game, Discard(1, parse_tile("6-2")), NotYourTurn) == "It is Player 1's turn."
    assert rejected(game, NameTrump(0, "6"), WrongPhase) == "You must discard one tile now."
    assert rejected(game, Play(0, parse_tile("6-6")), WrongPhase)


# -- trumps -----------------------------------------------------------------

def test_moon_trump_choices_are_suits_doubles_or_none():
    game = game_with(preset(A, A_WIDOW, 0))
    bid_round(game, {0: 4})
    game.apply(Discard(0, parse_tile("2-1")))
    assert sorted(c.trump for c in game.legal_actions()) == sorted(
        ["0", "1", "2", "3", "4", "5", "6", "doubles", "none"])
    for bad in ("7", "nello", "sevens", "", "trumps"):
        assert rejected(game, NameTrump(0, bad), IllegalTrump) == \
            "Name trumps: a suit 0 to 6, doubles, or none (no trumps)."
    events = game.apply(NameTrump(0, "none"))
    assert events[0].to_record() == {"event": "trump", "player": 0, "trump": "none"}
    view = game.view(2)
    assert view.trump == "none" and view.mode.trump == "none" and view.mode.doubles == "high"


def test_moon_bidder_leads_first_trick_any_tile():
    game = game_with(preset(A, A_WIDOW, 0))
    game.apply(Bid(0, 4))
    game.apply(Bid(1, 5))
    game.apply(Bid(2, None))
    game.apply(Discard(1, parse_tile("2-1")))
    game.apply(NameTrump(1, "6"))
    assert game.phase == Phase.PLAY and game.current_player == 1
    assert sorted(legal_tiles(game)) == sorted(A[1].split())


# -- following and trick winners ------------------------------------------------

def test_moon_no_trumps_led_tile_is_its_higher_end_and_doubles_head_suits():
    game = to_play(A, A_WIDOW, "none", bidder=1)
    play(game, "6-2")                                 # a six
    assert len(legal_tiles(game)) == 7               # player 2 has no six: anything
    play(game, "3-1")
    assert legal_tiles(game) == ["6-6", "6-5", "6-4", "6-3"]
    assert rejected(game, Play(0, parse_tile("5-5")), IllegalPlay) == \
        "You must follow sixes: you hold 6-6, 6-5, 6-4, 6-3."
    events = play(game, "6-6")
    assert events[-1].to_record() == {"event": "trick", "number": 1, "leader": 1,
                                      "tiles": ["6-2", "3-1", "6-6"], "winner": 0}
    assert game.current_player == 0                  # the winner leads next
    view = game.view(2)
    assert view.tricks_won == (1, 0, 0) and view.leader == 0
    assert view.tricks[0].plays == ((1, parse_tile("6-2")), (2, parse_tile("3-1")),
                                    (0, parse_tile("6-6")))


def test_moon_follow_with_either_end_of_led_suit():
    game = to_play(A, A_WIDOW, "none", bidder=0)
    play(game, "4-4")                                 # fours led
    assert legal_tiles(game) == ["5-4"]              # 5-4 follows as a four
    play(game, "5-4")
    assert legal_tiles(game) == ["4-3", "4-2", "4-1"]
    events = play(game, "4-3")
    assert last(events, TrickWon).winner == 0


def test_moon_double_blank_led_is_a_blank_and_off_suit_never_wins():
    game = to_play(A, A_WIDOW, "none", bidder=1)
    play(game, "0-0")
    assert len(legal_tiles(game)) == 7
    play(game, "5-2")
    assert len(legal_tiles(game)) == 7
    events = play(game, "6-6")
    assert last(events, TrickWon).winner == 1


def test_moon_blanks_trump_is_the_double_blank_alone():
    game = to_play(A, A_WIDOW, "0", bidder=1)
    play(game, "0-0")                                 # a trump; nobody else holds one
    assert len(legal_tiles(game)) == 7
    play(game, "5-2")
    events = play(game, "6-6")
    assert last(events, TrickWon).winner == 1
    play(game, "6-2")                                 # sixes led under blank trumps
    assert len(legal_tiles(game)) == 6               # player 2 has none: anything
    play(game, "4-1")
    assert legal_tiles(game) == ["6-5", "6-4", "6-3"]


def test_moon_trump_beats_a_double_blank_lead():
    game = to_play(A, A_WIDOW, "6", bidder=1)
    play(game, "0-0", "3-1")
    assert len(legal_tiles(game)) == 7               # no blanks: anything, trumps too
    events = play(game, "6-3")
    assert last(events, TrickWon).winner == 0


def test_moon_number_trump_tiles_belong_only_to_trumps():
    game = to_play(A, A_WIDOW, "4", bidder=0)
    play(game, "5-5")                                 # fives led; 5-4 is a trump, not a five
    assert legal_tiles(game) == ["5-3"]
    assert rejected(game, Play(1, parse_tile("5-4")), IllegalPlay) == \
        "You must follow fives: you hold 5-3."
    play(game, "5-3")
    assert legal_tiles(game) == ["5-2", "5-1"]
    assert last(play(game, "5-1"), TrickWon).winner == 0


def test_moon_off_suit_trump_wins_then_trump_lead_must_be_followed_with_trump():
    game = to_play(A, A_WIDOW, "4", bidder=0)
    play(game, "5-5", "5-3", "5-1")
    play(game, "6-5")                                 # sixes led, not trumps
    assert legal_tiles(game) == ["6-2", "6-1"]
    play(game, "6-1")
    assert len(legal_tiles(game)) == 6               # player 2 has no sixes
    events = play(game, "4-1")                        # trumps it
    assert last(events, TrickWon).to_record()["winner"] == 2
    play(game, "4-3")                                 # a trump led
    assert legal_tiles(game) == ["6-4", "4-4"]
    play(game, "6-4")
    assert legal_tiles(game) == ["5-4"]
    events = play(game, "5-4")
    trick = last(events, TrickWon)
    assert trick.tiles == tuple(tiles("4-3 6-4 5-4")) and trick.winner == 0   # 4-6 over 4-5


def test_moon_trump_suit_ranks_double_then_other_end():
    game = to_play(A, A_WIDOW, "5", bidder=0)
    play(game, "6-5")                                 # a trump: 5-6
    assert legal_tiles(game) == ["5-4", "5-3"]
    play(game, "5-3")
    assert legal_tiles(game) == ["5-2", "5-1"]
    assert last(play(game, "5-2"), TrickWon).winner == 0
    play(game, "5-5", "5-4", "5-1")
    assert game.view(0).tricks[-1].winner == 0


def test_moon_doubles_trump_doubles_leave_their_suits():
    game = to_play(D, D_WIDOW, "doubles", bidder=0)
    play(game, "6-5")
    assert legal_tiles(game) == ["6-1"]              # 6-6 is a trump, not a six
    assert rejected(game, Play(1, parse_tile("6-6")), IllegalPlay) == \
        "You must follow sixes: you hold 6-1."
    play(game, "6-1")
    assert legal_tiles(game) == ["6-3", "6-2"]
    assert last(play(game, "6-3"), TrickWon).winner == 0


def test_moon_doubles_trump_rank_six_six_high_to_double_blank_low():
    game = to_play(D, D_WIDOW, "doubles", bidder=0)
    play(game, "6-5", "6-1", "6-3")
    play(game, "0-0")                                 # the lowest trump led
    assert legal_tiles(game) == ["6-6", "1-1"]
    play(game, "1-1")
    assert legal_tiles(game) == ["5-5", "4-4", "3-3", "2-2"]
    assert last(play(game, "2-2"), TrickWon).winner == 2


def test_moon_doubles_trump_void_player_trumps_a_suit_lead():
    game = to_play(D, D_WIDOW, "doubles", bidder=0)
    play(game, "6-5", "6-1", "6-3", "0-0", "1-1", "2-2")
    play(game, "6-2")                                 # player 2 leads a six
    assert legal_tiles(game) == ["6-4"]
    play(game, "6-4")
    assert "6-6" in legal_tiles(game)                # player 1 has no six left
    assert last(play(game, "6-6"), TrickWon).winner == 1


def test_moon_play_must_be_own_tile_and_own_turn():
    game = to_play(A, A_WIDOW, "6", bidder=0)
    assert rejected(game, Play(0, parse_tile("2-2")), IllegalPlay) == \
        "You cannot play 2-2: you do not hold it."
    assert rejected(game, Play(1, parse_tile("2-2")), NotYourTurn) == "It is Player 1's turn."
    assert rejected(game, Bid(0, 5), WrongPhase) == "You must play a tile now."
    assert rejected(game, Draw(0), WrongPhase)


# -- scoring ----------------------------------------------------------------

def test_moon_seven_tricks_always_played_and_bid_made_scores_bid():
    game = game_with(role_preset("BTZ", 0))
    events = play_hand(game, "BTZ", {0: 4}, "doubles")
    assert [e.winner for e in events if isinstance(e, TrickWon)] == [0, 0, 0, 0, 1, 1, 1]
    assert last(events, HandEnded).to_record() == {
        "event": "hand_end", "bidder": 0, "bid": 4, "tricks": [4, 3, 0], "made": True,
        "delta": [4, 3, 0], "scores": [4, 3, 0]}


def test_moon_bid_set_scores_minus_bid_others_still_score_tricks():
    game = game_with(role_preset("BTZ", 0))
    events = play_hand(game, "BTZ", {0: 5}, "doubles")
    assert last(events, HandEnded).to_record() == {
        "event": "hand_end", "bidder": 0, "bid": 5, "tricks": [4, 3, 0], "made": False,
        "delta": [-5, 3, 0], "scores": [-5, 3, 0]}
    assert game.view(0).scores == (-5, 3, 0)


def test_moon_no_bonus_for_extra_tricks():
    game = game_with(preset({0: MOON_HANDS["B"], 1: MOON_HANDS["T"], 2: MOON_HANDS["Z"]},
                            ROLE_WIDOW, 0))
    events = play_hand(game, "BTZ", {0: 4}, "doubles", plays=MOON_PLAYS)
    end = last(events, HandEnded)
    assert end.tricks == (7, 0, 0) and end.made and end.delta == (4, 0, 0)


def test_moon_failed_moon_scores_minus_21():
    game = game_with(role_preset("BTZ", 0))
    events = play_hand(game, "BTZ", {0: 21}, "doubles")
    end = last(events, HandEnded)
    assert (end.made, end.delta, end.scores) == (False, (-21, 3, 0), (-21, 3, 0))
    assert not game.is_over


def test_moon_21_needs_all_seven_tricks():
    for bid, made, delta in ((21, False, -21), (6, True, 6)):
        game = game_with(role_preset("BTZ", 0, SIX_HANDS, SIX_WIDOW))
        events = play_hand(game, "BTZ", {0: bid}, "doubles", plays=SIX_PLAYS, discard=SIX_WIDOW)
        end = last(events, HandEnded)
        assert end.tricks == (6, 1, 0)
        assert (end.made, end.delta) == (made, (delta, 1, 0))
        assert not game.is_over


def test_moon_made_21_wins_at_once_whatever_the_scores():
    moon = preset({0: MOON_HANDS["B"], 1: MOON_HANDS["T"], 2: MOON_HANDS["Z"]}, ROLE_WIDOW, 1)
    game = game_with(role_preset("BTZ", 0), moon, target=50)
    play_hand(game, "BTZ", {0: 21}, "doubles")                # failed moon: -21, 3, 0
    events = play_hand(game, "BTZ", {1: 4, 0: 21}, "doubles", plays=MOON_PLAYS)
    end = last(events, HandEnded)
    assert end.made and end.bidder == 0 and end.scores == (0, 3, 0)
    assert events[-1].to_record() == {"event": "game_end", "winner": 0, "scores": [0, 3, 0]}
    assert game.is_over and game.winner == 0 and game.current_player is None
    assert game.legal_actions() == [] and game.view(1).winner == 0
    assert rejected(game, Bid(0, 4), GameOver) == "The game is over."


def test_moon_game_ends_at_default_target_21():
    moon = {0: MOON_HANDS["B"], 1: MOON_HANDS["T"], 2: MOON_HANDS["Z"]}
    game = game_with(*(preset(moon, ROLE_WIDOW, f) for f in (0, 1, 2)), all_pass="redeal")
    for hand in range(3):
        events = play_hand(game, "BTZ", {0: 7}, "doubles", plays=MOON_PLAYS)
        assert game.is_over == (hand == 2)
    assert last(events, HandEnded).scores == (21, 0, 0)
    assert isinstance(events[-1], GameEnded) and events[-1].winner == 0


def test_moon_target_setting_ends_game_earlier_or_later():
    hands = (role_preset("BTZ", 0), role_preset("BTZ", 1), role_preset("BTZ", 2))
    low = game_with(*hands, target=7)
    play_hand(low, "BTZ", {0: 4}, "doubles")
    assert not low.is_over                            # 4, 3, 0
    events = play_hand(low, "BTZ", {0: 4}, "doubles")
    assert events[-1].to_record() == {"event": "game_end", "winner": 0, "scores": [8, 6, 0]}
    high = game_with(*hands)
    play_hand(high, "BTZ", {0: 4}, "doubles")
    play_hand(high, "BTZ", {0: 4}, "doubles")
    assert not high.is_over and high.view(0).hand_number == 3 and high.view(0).target == 21


def test_moon_tie_for_top_continues_until_one_leads_alone():
    game = game_with(role_preset("BTZ", 0), role_preset("TBZ", 1), role_preset("TZB", 2),
                     target=7)
    play_hand(game, "BTZ", {0: 4}, "doubles")         # 4, 3, 0
    events = play_hand(game, "TBZ", {1: 4}, "doubles")
    assert last(events, HandEnded).scores == (7, 7, 0)
    assert not game.is_over                           # tied at the top: play on
    assert not any(isinstance(e, GameEnded) for e in events)
    assert game.phase == Phase.BID and game.view(0).hand_number == 3
    events = play_hand(game, "TZB", {2: 4}, "doubles")
    assert last(events, HandEnded).scores == (10, 7, 4)
    assert isinstance(events[-1], GameEnded) and events[-1].winner == 0


# -- options and labels ---------------------------------------------------------

DEFAULTS = {"all_pass": "force_last", "target": 21, "min_bid": 4, "widow": "take",
            "trumps_before_widow": False, "moon": "instant", "doubles_trump": True,
            "no_trumps": True}


def test_moon_options_defaults_and_help():
    table = MoonGame.option_table
    assert table.defaults() == DEFAULTS
    assert all(spec.help for spec in table.specs)
    assert table.by_name["all_pass"].choices == ("force_last", "redeal")
    assert MoonGame(options={"target": "30"}).options["target"] == 30
    assert MoonGame(options={"all_pass": "REDEAL"}).options["all_pass"] == "redeal"
    for bad in ({"target": 6}, {"target": "x"}, {"all_pass": "shuffle"}, {"trumps": 1}):
        with pytest.raises(OptionError):
            MoonGame(options=bad)
    assert MoonGame(seed=4).header()["options"] == DEFAULTS


def test_moon_describe_bid_labels():
    assert [describe_bid(b) for b in (None, 4, 7, 21)] == ["Pass", "4", "7",
                                                           "Shoot the moon (21)"]


def test_moon_illegal_commands_leave_state_unchanged_in_every_phase():
    rng = random.Random(11)
    game = MoonGame(seed=11)
    game.start()
    candidates = ([Bid(p, b) for p in range(3) for b in (None, 3, 4, 5, 6, 7, 8, 21)]
                  + [Discard(p, t) for p in range(3) for t in moon_set()]
                  + [NameTrump(p, t) for p in range(3) for t in ("0", "6", "doubles", "none",
                                                                   "nello", "9")]
                  + [Play(p, t) for p in range(3) for t in moon_set()] + [Draw(0)])
    checked = 0
    for _ in range(250):
        if game.is_over:
            break
        legal = game.legal_actions()
        for command in rng.sample(candidates, 12):
            if command not in legal:
                rejected(game, command)
                checked += 1
        game.apply(rng.choice(legal))
    assert checked > 1000
