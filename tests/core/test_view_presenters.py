"""The views' words for the screens: uniform bid entries with labels, 42's count still
out, each view's game; and the record presenters of :mod:`core.presenters`."""

from __future__ import annotations

import dataclasses

from core.mexican_train.engine import MexicanTrainGame
from core.moon.engine import MoonGame
from core.presenters import DEALER_ROLES, open_bid_words, recorded_bid_label, set_choices
from core.registry import GAME_NAMES, game_info
from core.texas42.engine import Texas42Game
from core.texas42.view import CompletedTrick
from core.tiles import parse_tile
from core.tricks.bids import BidEntry


def _moon_view():
    game = MoonGame(seed=21)
    game.start()
    return game.view(0)


def _texas42_view():
    game = Texas42Game(seed=5)
    game.start()
    return game.view(0)


def test_each_view_names_its_game_in_the_registry():
    train = MexicanTrainGame(seed=3)
    train.start()
    views = (_moon_view(), _texas42_view(), train.view(0))
    assert tuple(v.game for v in views) == GAME_NAMES
    assert all(game_info(v.game).name == v.game for v in views)


def test_moon_bid_entries_keep_the_bids_and_label_them():
    view = dataclasses.replace(_moon_view(), bids=((1, None, False), (2, 5, False),
                                                   (0, 21, False), (1, 4, True)))
    assert view.bid_entries == (
        BidEntry(1, None, False, False, "Pass", "pass"),
        BidEntry(2, 5, False, False, "5", "5"),
        BidEntry(0, 21, False, False, "Shoot the moon (21)", "21"),
        BidEntry(1, 4, False, True, "4 (forced)", "4"),
    )
    assert view.bids[1] == (2, 5, False)          # the bots' tuples are unchanged
    assert view.describe_bid(21) == "Shoot the moon (21)"
    assert view.describe_bid(None) == "Pass"


def test_texas42_bid_entries_keep_the_bids_and_label_them():
    view = dataclasses.replace(_texas42_view(), bids=((1, None, False, False), (2, 31, False, False),
                                                      (3, 84, False, False), (0, 168, True, False),
                                                      (1, 30, False, True)))
    assert [(e.player, e.bid, e.plunge, e.forced) for e in view.bid_entries] == \
        [tuple(b) for b in view.bids]
    assert [e.label for e in view.bid_entries] == ["Pass", "31", "2 marks", "Plunge (4 marks)",
                                                   "30 (forced)"]
    assert [e.short for e in view.bid_entries] == ["pass", "31", "2 marks", "plunge (4 marks)",
                                                   "30 (forced)"]
    assert view.describe_bid(42) == "1 mark"


def test_the_standing_high_bid_reads_alike_in_both_games():
    moon = dataclasses.replace(_moon_view(), bids=((1, 5, False), (2, None, False)))
    assert moon.high_bid == 5
    texas = dataclasses.replace(_texas42_view(), bid=32)
    assert texas.high_bid == 32


def test_texas42_count_out_is_the_count_not_yet_played():
    view = _texas42_view()
    assert view.count_out == 35
    five_five, six_four, three_two = parse_tile("5-5"), parse_tile("6-4"), parse_tile("3-2")
    played = dataclasses.replace(
        view, tricks=(CompletedTrick(1, 0, ((0, five_five), (1, parse_tile("1-0"))), 0, 11),),
        current_trick=((1, six_four), (2, three_two)))
    assert played.count_out == 35 - 10 - 10 - 5
    assert view.count_of(five_five) == 10 and view.count_of(parse_tile("1-0")) == 0


def test_recorded_bids_in_each_games_words():
    assert recorded_bid_label("moon", {"bid": None}) == "pass"
    assert recorded_bid_label("moon", {"bid": 21}) == "21 (shoot the moon)"
    assert recorded_bid_label("moon", {"bid": 4, "forced": True}) == "4 (forced)"
    assert recorded_bid_label("texas42", {"bid": 30, "forced": True}) == "30 (forced)"
    assert recorded_bid_label("texas42", {"bid": {"marks": 2}}) == "2 marks"
    assert recorded_bid_label("texas42", {"bid": {"marks": 4}, "plunge": True}) == "Plunge (4 marks)"


def test_open_table_bid_words_and_dealer_roles():
    assert open_bid_words("moon", 21) == "21 (the moon)"
    assert open_bid_words("texas42", 21) == "21"
    assert open_bid_words("texas42", {"marks": 1}) == "1 mark"
    assert open_bid_words("moon", None) == "pass"
    assert DEALER_ROLES["moon"] == ("bids", " first")
    assert DEALER_ROLES["texas42"] == ("shakes", "")


def test_set_choices_only_where_the_players_decide_the_set():
    from core.mexican_train.options import sets_for_players
    assert set_choices("mexican_train", 4) == sets_for_players(4)
    assert set_choices("moon", 3) is None and set_choices("texas42", 4) is None
