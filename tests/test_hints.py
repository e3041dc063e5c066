"""Hints that explain (tui/screens/hint.py, compute_hint): the expert's choice and why."""

from __future__ import annotations

import random

from core.commands import Bid, Draw, Play
from core.registry import game_class
from core.simulate import LegalMoveBot
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
