"""Texas 42 and the game record: the first-shaker draw, the deal, events, replay and resume."""

from __future__ import annotations

import json
import random

import pytest

from core.commands import Bid, NameTrump, Play
from core.game import Phase
from core.texas42.engine import Texas42Game
from core.tiles import Tile, double_set, shuffled
from tests.core.texas42.test_texas42_support import SIXES, game_with, preset

VARIANTS = {"nello": True, "sevens": True, "plunge": True, "trump_by_first_tile": True}


def play_random(game: Texas42Game, seed: int, max_actions: int = 100000) -> list[dict]:
    """Play to the end choosing uniformly among the legal commands; return the record."""
    rng = random.Random(seed)
    game.start()
    for _ in range(max_actions):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    assert game.is_over
    return [game.header()] + [e.to_record() for e in game.history]


def replay(lines: list[dict], seed: int | None = None) -> Texas42Game:
    header = lines[0]
    game = Texas42Game(options=header["options"], seed=header["seed"] if seed is None else seed,
                       deals=Texas42Game.deals_from_record(lines))
    game.start()
    for line in lines[1:]:
        command = Texas42Game.command_from_record(line)
        if command is not None:
            game.apply(command)
    return game


# -- first shaker and the deal ------------------------------------------------------
def test_texas42_first_shaker_draw_most_pips_shakes_and_ties_redraw():
    tie_seen = False
    for seed in range(60):
        game = Texas42Game(seed=seed)
        events = game.start()
        draws = [e for e in events if e.kind == "shaker_draw"]
        assert draws and events[len(draws)].kind == "hand_start"
        contenders = {0, 1, 2, 3}
        for draw in draws:
            assert {p for p in range(4) if draw.tiles[p] is not None} == contenders
            best = max(draw.tiles[p].pips for p in contenders)
            top = {p for p in contenders if draw.tiles[p].pips == best}
            assert draw.shaker == (top.pop() if len(top) == 1 else None)
            if draw.shaker is None:
                tie_seen = True
                contenders = {p for p in contenders if draw.tiles[p].pips == best}
        assert draws[-1].shaker == game.shaker == events[len(draws)].shaker
    assert tie_seen


def test_texas42_shaker_draw_record_line_uses_null_for_untied_players():
    for seed in range(200):
        lines = [e.to_record() for e in Texas42Game(seed=seed).start()]
        if lines[0]["shaker"] is None:
            second = lines[1]
            assert second["event"] == "shaker_draw" and None in second["tiles"]
            assert all(isinstance(x, str) or x is None for x in second["tiles"])
            return
    pytest.fail("no tied first draw in 200 seeds")


def test_texas42_deal_shaker_left_draws_first_and_shaker_last():
    game = Texas42Game(seed=11)
    events = game.start()
    rounds = sum(1 for e in events if e.kind == "shaker_draw")
    rng = random.Random(11)
    for _ in range(rounds):
        shuffled(double_set(6), rng)
    order = shuffled(double_set(6), rng)
    deal = next(e for e in events if e.kind == "deal")
    s = game.shaker
    for i in range(4):
        assert deal.hands[(s + 1 + i) % 4] == tuple(order[7 * i:7 * i + 7])


def test_texas42_presets_replace_the_deal_and_write_no_shaker_draw():
    game = game_with(SIXES, shaker=1)
    kinds = [e.kind for e in game.history]
    assert kinds == ["hand_start", "deal"]
    assert game.history[1].to_record()["hands"][0] == SIXES[0].split()


def test_texas42_same_seed_same_game():
    one = play_random(Texas42Game(options=VARIANTS, seed=5), seed=9)
    two = play_random(Texas42Game(options=VARIANTS, seed=5), seed=9)
    assert one == two
    three = play_random(Texas42Game(options=VARIANTS, seed=6), seed=9)
    assert one != three


# -- record lines ------------------------------------------------------------------
REQUIRED = {
    "shaker_draw": {"tiles", "shaker"}, "hand_start": {"hand", "shaker"}, "deal": {"hands"},
    "bid": {"player", "bid", "plunge", "forced"}, "trump": {"player", "trump"},
    "play": {"player", "tile"}, "trick": {"number", "leader", "tiles", "winner", "points"},
    "hand_end": {"bidder", "bid", "points", "made", "marks", "totals", "ended_early"},
    "game_end": {"winner", "scores"},
}


@pytest.mark.parametrize("target", ["marks:7", "points:250"])
def test_texas42_record_lines_have_the_required_fields_and_are_json(target):
    lines = play_random(Texas42Game(options=dict(VARIANTS, target=target), seed=3), seed=4)
    header = lines[0]
    assert header["game"] == "texas42" and header["record"] == 1
    assert set(header["options"]) == {"target", "play_out", "follow_me_doubles",
                                      "trump_by_first_tile", "nello", "nello_doubles",
                                      "sevens", "sevens_free_play", "plunge", "all_pass",
                                      "splash"}
    for line in lines[1:]:
        assert REQUIRED[line["event"]] <= set(line)
        assert json.loads(json.dumps(line)) == line
    assert lines[-1]["event"] == "game_end" and lines[-1]["winner"] in (0, 1)
    for line in lines:
        if line.get("event") == "bid" and line["bid"] is not None:
            assert isinstance(line["bid"], int) and 30 <= line["bid"] <= 41 or \
                set(line["bid"]) == {"marks"}


# -- replay and resume ---------------------------------------------------------------
@pytest.mark.parametrize("options", [{}, VARIANTS, dict(VARIANTS, target="points:250"),
                                     {"play_out": True, "follow_me_doubles": "own_suit"}])
def test_texas42_replay_reproduces_the_record(options):
    lines = play_random(Texas42Game(options=options, seed=21), seed=22)
    game = replay(lines)
    again = [e.to_record() for e in game.history]
    assert again == [line for line in lines[1:] if line["event"] != "shaker_draw"]


def test_texas42_replay_with_forced_plunge_and_first_tile_lines():
    game = game_with(SIXES, extra=[preset(SIXES, 0)], plunge=True, trump_by_first_tile=True)
    for _ in range(4):
        game.apply(Bid(game.current_player, None))          # forced 30 for seat 3
    game.apply(Play(3, Tile(3, 0)))                          # trumps by first tile: treys
    while game.hand_number == 1:
        game.apply(game.legal_actions()[0])
    lines = [game.header()] + [e.to_record() for e in game.history]
    assert {"event": "bid", "player": 3, "bid": 30, "plunge": False, "forced": True} in lines
    assert {"event": "trump", "player": 3, "trump": "3", "first_tile": True} in lines
    again = replay(lines)
    assert [e.to_record() for e in again.history] == lines[1:]


def test_texas42_resumed_game_continues_like_the_uninterrupted_one():
    original = Texas42Game(options=VARIANTS, seed=31)
    lines = play_random(original, seed=32)
    cut = [i for i, line in enumerate(lines) if line.get("event") == "hand_start"][2] + 5
    saved = lines[:cut]
    resumed = Texas42Game(options=VARIANTS, seed=31, deals=Texas42Game.deals_from_record(saved))
    resumed.start()
    for line in lines[1:]:
        command = Texas42Game.command_from_record(line)
        if command is not None:
            resumed.apply(command)                  # later hands are dealt live again
    assert resumed.is_over
    expected = [line for line in lines[1:] if line["event"] != "shaker_draw"]
    assert [e.to_record() for e in resumed.history] == expected


def test_texas42_command_from_record_decisions_and_engine_lines():
    read = Texas42Game.command_from_record
    assert read({"event": "bid", "player": 1, "bid": None}) == Bid(1, None)
    assert read({"event": "bid", "player": 1, "bid": {"marks": 2}}) == Bid(1, 84)
    assert read({"event": "bid", "player": 1, "bid": {"marks": 4}, "plunge": True}) == \
        Bid(1, 168, True)
    assert read({"event": "bid", "player": 3, "bid": 30, "forced": True}) == Bid(3, None)
    assert read({"event": "trump", "player": 2, "trump": "doubles"}) == NameTrump(2, "doubles")
    assert read({"event": "play", "player": 0, "tile": "4-6"}) == Play(0, Tile(6, 4))
    for kind in ["shaker_draw", "hand_start", "deal", "trick", "hand_end", "game_end"]:
        assert read({"event": kind}) is None
    assert read({"record": 1, "game": "texas42"}) is None


@pytest.mark.parametrize("line", [
    {"event": "bid", "player": 4, "bid": 30},
    {"event": "bid", "player": 0, "bid": 29},
    {"event": "bid", "player": 0},
    {"event": "bid", "player": 0, "bid": 31, "forced": True},
    {"event": "trump", "player": 0, "trump": "7"},
    {"event": "play", "player": 0, "tile": "7-1"},
    {"event": "play", "player": 0, "tile": 64},
    {"event": "redeal"},
    "not a line",
])
def test_texas42_command_from_record_rejects_malformed_lines(line):
    with pytest.raises(ValueError):
        Texas42Game.command_from_record(line)


def test_texas42_deals_from_record_parses_each_hand():
    lines = play_random(Texas42Game(seed=41), seed=42)
    presets = Texas42Game.deals_from_record(lines)
    starts = [line for line in lines if line.get("event") == "hand_start"]
    assert [p["shaker"] for p in presets] == [s["shaker"] for s in starts]
    assert all(isinstance(t, Tile) for p in presets for hand in p["hands"] for t in hand)


@pytest.mark.parametrize("lines", [
    [{"event": "deal", "hands": [s.split() for s in SIXES]}],
    [{"event": "hand_start", "hand": 1, "shaker": 0}],
    [{"event": "hand_start", "hand": 1, "shaker": 5}, {"event": "deal", "hands": []}],
    [{"event": "hand_start", "hand": 1, "shaker": 0},
     {"event": "deal", "hands": [s.split() for s in SIXES[:3]] + [SIXES[0].split()]}],
    [{"event": "hand_start", "hand": 1, "shaker": 0},
     {"event": "deal", "hands": [s.split()[:6] for s in SIXES]}],
])
def test_texas42_deals_from_record_rejects_malformed_deals(lines):
    with pytest.raises(ValueError):
        Texas42Game.deals_from_record(lines)


def test_texas42_game_over_once_a_team_reaches_the_target():
    game = Texas42Game(seed=2)
    play_random(game, seed=3)
    assert game.phase == Phase.GAME_OVER and max(game.totals) >= 7
