"""Hints that explain (tui/screens/hint.py, compute_hint): the expert's choice and why."""

from __future__ import annotations

import random

import pytest

from core.commands import Bid, Draw, Play
from core.registry import game_class
from core.simulate import LegalMoveBot
from core.tiles import parse_tile
from tui.screens.hint import compute_hint, hint_rng, hint_text, train_notes

SMALL = {"samples": 4, "nodes": 2000}     # a fixed, small amount of work: fast and repeatable


def game_at(name: str, options: dict, seed: int, moves: int):
    game = game_class(name)(options=options, seed=seed)
    game.start()
    rng = random.Random(f"hint-test:{seed}")
    for _ in range(moves):
        game.apply(LegalMoveBot().choose(None, game.legal_actions(), rng))
    return game


def test_hint_moon_bid_rates_every_legal_bid_best_first_with_its_chance():
    game = game_at("moon", {}, seed=5, moves=0)
    player = game.current_player
    view = game.view(player)
    before = game.state_key()
    hint = compute_hint("moon", view, view.legal, hint_rng(game, player, 0), SMALL,
                        ["You", "West", "East"])
    assert game.state_key() == before                 # a hint changes nothing
    assert {repr(r.command) for r in hint.rows} == {repr(c) for c in view.legal}
    assert hint.best == hint.rows[0].command
    values = [r.value for r in hint.rows]
    assert values == sorted(values, reverse=True)
    bids = [r for r in hint.rows if isinstance(r.command, Bid) and r.command.bid is not None]
    assert all("%" in r.reason and "sampled deals" in r.reason for r in bids)
    assert any(r.label == "Bid 21 (shoot the moon)" for r in hint.rows)
    text = hint_text(hint).plain
    assert text.startswith("Suggestion: " + hint.rows[0].label)
    assert "▶ " + hint.rows[0].label in text


def test_hint_texas42_play_gives_the_chance_of_making_the_bid():
    game = game_at("texas42", {}, seed=5, moves=12)
    player = game.current_player
    view = game.view(player)
    assert view.phase == "play" and len(view.legal) > 1
    hint = compute_hint("texas42", view, view.legal, hint_rng(game, player, 12), SMALL)
    assert all(isinstance(r.command, Play) for r in hint.rows)
    assert all("sampled deals" in r.reason for r in hint.rows)
    assert hint.best in view.legal


def test_hint_is_the_same_for_the_same_decision():
    game = game_at("moon", {}, seed=9, moves=0)
    player = game.current_player
    view = game.view(player)
    one = compute_hint("moon", view, view.legal, hint_rng(game, player, 0), SMALL)
    two = compute_hint("moon", view, view.legal, hint_rng(game, player, 0), SMALL)
    assert [(r.label, r.reason) for r in one.rows] == [(r.label, r.reason) for r in two.rows]


def test_hint_with_one_legal_choice_says_so():
    game = game_at("moon", {}, seed=5, moves=0)
    view = game.view(game.current_player)
    only = [view.legal[0]]
    hint = compute_hint("moon", view, only, random.Random(0), SMALL)
    assert hint.best == only[0] and hint.rows[0].reason == "the only legal choice"


def test_hint_mexican_train_tells_the_plan_and_the_pips_shed():
    game = game_at("mexican_train", {"players": 3, "rounds": 1}, seed=5, moves=6)
    player = game.current_player
    view = game.view(player)
    hint = compute_hint("mexican_train", view, view.legal, hint_rng(game, player, 6), SMALL,
                        ["You", "West", "East"])
    assert hint.best in view.legal
    text = hint_text(hint).plain
    assert "Suggestion: " in text
    joined = " ".join(hint.notes)
    assert "plan" in joined or "No tile of yours fits" in joined
    if isinstance(hint.best, Play):
        assert f"sheds {hint.best.tile.pips} pips" in joined
    # The player's own train is "your train" in the suggestion, whatever the seat's name.
    for row in hint.rows:
        if isinstance(row.command, Play) and row.command.train == player:
            assert row.label.endswith("on your train")


def test_hint_mexican_train_notes_for_a_draw():
    game = game_at("mexican_train", {"players": 3, "rounds": 1}, seed=5, moves=6)
    view = game.view(game.current_player)
    notes = train_notes(view, Draw(view.player))
    assert notes[-1] == "Nothing you hold can be played: draw."


# -- what a hint rests on, and the order of its rows ---------------------------------------

from core.bots.base import Rated  # noqa: E402
from core.bots.trick.sampling import Group, SearchBudget, evaluate  # noqa: E402
from tui.screens.hint import HINT_MIN_DEALS, ranked_by_figure  # noqa: E402

TINY = {"budget_s": 0.0001}      # a clock that runs out at once (a very busy machine)


def figure_of(row) -> float:
    text = row.figure.split()[0]
    return float(text.rstrip("%").replace("+", ""))


@pytest.mark.parametrize("name,options,moves", [
    ("moon", {}, 0),                                   # a bid
    ("moon", {}, 5),                                   # a play
    ("texas42", {}, 0),                                # a bid
    ("texas42", {}, 12),                               # a play
    ("mexican_train", {"players": 3, "rounds": 1}, 6),
])
def test_hint_rests_on_at_least_32_sampled_deals_even_with_a_tiny_budget(name, options, moves):
    game = game_at(name, options, seed=5, moves=moves)
    player = game.current_player
    view = game.view(player)
    assert len(view.legal) > 1
    hint = compute_hint(name, view, view.legal, hint_rng(game, player, moves), TINY)
    assert HINT_MIN_DEALS == 32
    assert hint.deals is not None and hint.deals >= 32
    assert all(r.deals >= 32 for r in hint.rows if r.figure)
    assert f"over {hint.deals} sampled deals" in hint_text(hint).plain


def test_hint_with_fixed_work_still_rests_on_32_deals():
    game = game_at("moon", {}, seed=5, moves=0)
    player = game.current_player
    view = game.view(player)
    hint = compute_hint("moon", view, view.legal, hint_rng(game, player, 0), SMALL)
    assert hint.deals == 32


def test_past_its_hard_limit_the_search_still_meets_its_floor_of_deals():
    # A clock of nothing and a hard limit of nothing: the deals owed to the floor get
    # the one-trick search, so the floor holds and the search ends.
    from core.bots.moon.heuristic import hidden_of
    from core.bots.trick.solver import INDEX, mask_of, tables_for
    game = game_at("moon", {}, seed=5, moves=5)
    view = game.view(game.current_player)
    me = view.player
    mine = mask_of(view.hand)
    group = Group(tables=tables_for(view.mode), seats=(0, 1, 2),
                  side=[1 if p == view.bidder else 0 for p in range(3)],
                  hands=lambda deal: [mine if p == me else deal.get(p, 0) for p in range(3)],
                  to_act=me, score=float,
                  trick=tuple((p, INDEX[t]) for p, t in view.current_trick),
                  moves={INDEX[c.tile]: c for c in view.legal})
    budget = SearchBudget(seconds=0.0, floor_samples=40, hard_seconds=0.0, floor_strict=True)
    out = evaluate(hidden_of(view), [group], random.Random(3), budget)
    assert out.samples == 40
    loose = SearchBudget(seconds=0.0, floor_samples=40, hard_seconds=0.0)
    assert evaluate(hidden_of(view), [group], random.Random(3), loose).samples < 40


def test_hint_rows_go_by_the_figure_they_show():
    game = game_at("texas42", {}, seed=5, moves=0)
    player = game.current_player
    view = game.view(player)
    hint = compute_hint("texas42", view, view.legal, hint_rng(game, player, 0), SMALL)
    figures = [figure_of(r) for r in hint.rows]
    assert all(r.figure.endswith("marks") for r in hint.rows)
    assert figures == sorted(figures, reverse=True)
    assert hint.best == hint.rows[0].command
    text = hint_text(hint).plain
    assert "expected to gain you this hand, in marks, over 32 sampled deals" in text
    assert hint.rows[0].figure in text


def test_a_defenders_hint_puts_the_lowest_chance_for_the_bidders_first():
    game = game_at("texas42", {}, seed=5, moves=12)
    player = game.current_player
    view = game.view(player)
    hint = compute_hint("texas42", view, view.legal, hint_rng(game, player, 12), SMALL)
    figures = [figure_of(r) for r in hint.rows]
    defending = "the bidders make" in hint.rows[0].reason
    assert figures == sorted(figures, reverse=not defending)
    assert all(r.figure.endswith("%") for r in hint.rows)
    # the figure is the chance the reason gives
    for r in hint.rows:
        assert f" {r.figure} of " in r.reason


def test_a_likelier_bid_never_sits_below_a_hopeless_one_with_the_same_figure():
    # 39 made in 12% and 1 mark made in 0% are both worth -1.00 mark once open-hand
    # optimism is taken off, and the expert's own tie-break would put the mark first:
    # by the figure shown, then the chance, 39 comes first.
    mark = Rated(Bid(0, 42), -1.01, "makes 1 mark in 0%", -1.0, "marks", 1, 32, 0.0)
    b39 = Rated(Bid(0, 39), -1.018, "makes 39 in 12%", -1.0, "marks", 1, 32, 0.12)
    passing = Rated(Bid(0, None), -0.1, "pass", -0.1, "marks", 1, 32, None)
    assert [r.command for r in ranked_by_figure([passing, mark, b39])] == \
        [Bid(0, None), Bid(0, 39), Bid(0, 42)]
    # a defender's figure (the bidders' chance): lowest first
    low = Rated(Play(1, parse_tile("5-4")), 0.0, "", 20, "%", -1, 32)
    high = Rated(Play(1, parse_tile("5-3")), 1.0, "", 45, "%", -1, 32)
    assert ranked_by_figure([high, low]) == [low, high]
    assert low.shown() == "20%" and mark.shown() == "-1.00 marks"
