"""The Texas 42 bots with Splash and the reshake: legal at every level over whole games,
the standard bot's Splash rule, the expert's valuation, defending a Splash, and the
shaker's free pass under ``all_pass = reshake``."""

from __future__ import annotations

import random

import pytest

from core.bots.texas42.expert import Texas42ExpertBot
from core.bots.texas42.heuristic import Texas42EasyBot, Texas42StandardBot, one_trick_sets
from core.commands import MARK, Bid, NameTrump
from core.game import Phase
from core.texas42.engine import Texas42Game
from tests.core.texas42.test_texas42_support import game_with

FAST = dict(samples=2, nodes=800)


def make(level: str):
    if level == "expert":
        return Texas42ExpertBot(**FAST)
    return {"easy": Texas42EasyBot, "standard": Texas42StandardBot}[level]()


def _answer(game, bot, rng):
    p = game.current_player
    view = game.view(p)
    command = bot.choose(view, list(view.legal), rng)
    assert command in game.legal_actions(), (view.phase, command)
    return game.apply(command)


@pytest.mark.parametrize("level", ["easy", "standard", "expert"])
@pytest.mark.parametrize("seed", [1, 2])
def test_42_bots_play_whole_games_with_splash_and_reshake(level, seed):
    options = {"splash": True, "all_pass": "reshake", "plunge": True, "nello": True,
               "sevens": True, "target": "marks:3"}
    game = Texas42Game(options, seed=seed)
    game.start()
    bot = make(level)
    rng = random.Random(seed)
    steps = 0
    while not game.is_over:
        _answer(game, bot, rng)
        steps += 1
        assert steps < 3000
    assert max(game.totals) >= 3
    assert game.history[-1].kind == "game_end"


# Seat 0 holds four doubles (no Plunge), seat 2 the other sixes.
FOUR = ["6-6 5-5 4-4 3-3 5-4 5-3 2-1",
        "5-2 5-1 5-0 4-3 4-2 4-1 4-0",
        "6-5 6-4 6-3 6-2 6-1 6-0 3-2",
        "3-1 3-0 2-2 2-0 1-1 1-0 0-0"]
# Seat 0 holds five doubles, seat 2 the other sixes.
FIVE = ["6-6 5-5 4-4 3-3 2-2 5-4 5-3",
        "5-2 5-1 5-0 4-3 4-2 4-1 4-0",
        "6-5 6-4 6-3 6-2 6-1 6-0 3-2",
        "3-1 3-0 2-1 2-0 1-1 1-0 0-0"]
# Seat 0 holds three low doubles.
LOW = ["2-2 1-1 0-0 5-4 5-3 2-1 3-0",
       "5-2 5-1 5-0 4-3 4-2 4-1 4-0",
       "6-5 6-4 6-3 6-2 6-1 6-0 3-2",
       "6-6 5-5 4-4 3-3 3-1 2-0 1-0"]
# Seat 0 holds nothing to bid on.
WEAK = ["5-2 4-1 4-0 3-1 3-0 2-0 1-0",
        "6-6 6-5 6-4 6-3 6-2 6-1 6-0",
        "5-5 5-4 5-3 5-1 5-0 4-4 4-3",
        "4-2 3-3 3-2 2-2 2-1 1-1 0-0"]


def test_42_standard_splashes_by_its_rule():
    """Like its Plunge: 5+ doubles (here no Plunge is offered)."""
    game = game_with(FIVE, splash=True)
    view = game.view(0)
    assert any(c.splash for c in view.legal)
    assert Texas42StandardBot().choose(view, view.legal, random.Random(0)) == \
        Bid(0, 2 * MARK, splash=True)
    for deal in (FOUR, LOW):
        game = game_with(deal, splash=True)
        view = game.view(0)
        assert any(c.splash for c in view.legal)
        assert not Texas42StandardBot().choose(view, view.legal, random.Random(0)).splash
    # with Plunge on too, five doubles plunge
    game = game_with(FIVE, splash=True, plunge=True)
    view = game.view(0)
    assert Texas42StandardBot().choose(view, view.legal, random.Random(0)).plunge
    # the easy bot never splashes, and stays legal
    choice = Texas42EasyBot().choose(view, view.legal, random.Random(0))
    assert choice in view.legal and not choice.splash


def test_42_standard_splashers_partner_names_its_own_best_suit():
    game = game_with(FIVE, splash=True)
    game.apply(Bid(0, 2 * MARK, splash=True))
    for p in (1, 2, 3):
        game.apply(Bid(p, None))
    view = game.view(2)
    assert view.phase == Phase.TRUMP and view.trump_caller == 2 and view.splash
    choice = Texas42StandardBot().choose(view, view.legal, random.Random(0))
    assert isinstance(choice, NameTrump) and choice in view.legal
    assert choice.trump == "6"


def test_42_expert_values_a_splash_from_sampled_deals():
    game = game_with(FOUR, splash=True)
    view = game.view(0)
    bot = Texas42ExpertBot(samples=16, nodes=4000)
    analysis = bot.analyse(view, list(view.legal), random.Random(3))
    rows = {command: why for command, _, why in analysis}
    splash = Bid(0, 2 * MARK, splash=True)
    assert splash in rows and rows[splash].startswith("splash, ")
    assert "of 16 sampled deals" in rows[splash]
    choice = bot.choose(view, list(view.legal), random.Random(3))
    assert choice in view.legal


def test_42_bots_may_pass_as_shaker_under_reshake():
    game = game_with(WEAK, shaker=0, all_pass="reshake")    # seat 0 (weak) shakes, last
    for p in (1, 2, 3):
        game.apply(Bid(p, None))
    view = game.view(0)
    assert view.pass_reshakes and not view.pass_is_forced
    assert Texas42StandardBot().choose(view, view.legal, random.Random(0)) == Bid(0, None)
    assert Texas42EasyBot().choose(view, view.legal, random.Random(0)) == Bid(0, None)
    expert = Texas42ExpertBot(samples=8, nodes=2000)
    rows = {command: why for command, _, why in expert.analyse(view, list(view.legal),
                                                               random.Random(1))}
    assert rows[Bid(0, None)] == "pass: the hand is thrown in and shaken again"
    choice = expert.choose(view, list(view.legal), random.Random(1))
    assert choice in view.legal
    # the default all-pass rule: the shaker's pass is valued as the forced 30
    game = game_with(WEAK, shaker=0)
    for p in (1, 2, 3):
        game.apply(Bid(p, None))
    view = game.view(0)
    rows = {command: why for command, _, why in expert.analyse(view, list(view.legal),
                                                               random.Random(1))}
    assert rows[Bid(0, None)].startswith("pass: the shaker then takes 30")


@pytest.mark.parametrize("level", ["easy", "standard", "expert"])
def test_42_defenders_of_a_splash_are_set_by_one_trick(level):
    game = game_with(FOUR, splash=True)
    game.apply(Bid(0, 2 * MARK, splash=True))
    for p in (1, 2, 3):
        game.apply(Bid(p, None))
    game.apply(NameTrump(2, "6"))
    bot = make(level)
    rng = random.Random(0)
    while game.phase == Phase.PLAY and game.hand_number == 1:
        p = game.current_player
        if p % 2 == 1:
            assert one_trick_sets(game.view(p))
        _answer(game, bot, rng)
    assert game.last_hand is not None and game.last_hand.splash
