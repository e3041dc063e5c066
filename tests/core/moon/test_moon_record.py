"""Moon game records (``docs/record-format.md``, Moon section): lines, presets, replay."""

from __future__ import annotations

import json
import random

import pytest

from core.commands import Bid, Discard, NameTrump, Play
from core.moon.engine import MoonGame
from core.tiles import parse_tile

REQUIRED = {
    "hand_start": {"hand", "first_bidder"},
    "deal": {"hands", "widow"},
    "bid": {"player", "bid", "forced"},
    "redeal": set(),
    "widow": {"player", "took", "discarded"},
    "trump": {"player", "trump"},
    "play": {"player", "tile"},
    "trick": {"number", "leader", "tiles", "winner"},
    "hand_end": {"bidder", "bid", "tricks", "made", "delta", "scores"},
    "game_end": {"winner", "scores"},
}


def random_game(seed: int, options: dict | None = None, limit: int | None = None):
    """A game driven by random legal decisions (mostly passing, so games stay short).

    Returns the game and the commands given.
    """
    game = MoonGame(options=options, seed=seed)
    game.start()
    rng = random.Random(seed * 7 + 1)
    commands = []
    while not game.is_over and (limit is None or len(commands) < limit):
        legal = game.legal_actions()
        command = legal[0] if game.phase == "bid" and rng.random() < 0.6 else rng.choice(legal)
        game.apply(command)
        commands.append(command)
    return game, commands


def record_of(game: MoonGame) -> list[dict]:
    """The game record, written out as JSON Lines and read back."""
    text = "\n".join(json.dumps(line) for line in
                     [game.header()] + [e.to_record() for e in game.history])
    return [json.loads(line) for line in text.splitlines()]


def replay(lines: list[dict]) -> MoonGame:
    header = lines[0]
    game = MoonGame(options=header["options"], seed=header["seed"],
                    deals=MoonGame.deals_from_record(lines))
    game.start()
    for line in lines[1:]:
        command = MoonGame.command_from_record(line)
        if command is not None:
            game.apply(command)
    return game


def test_moon_record_lines_have_exactly_the_record_fields():
    game, _ = random_game(3, {"all_pass": "redeal"})
    lines = record_of(game)
    assert lines[0] == {"record": 1, "game": "moon", "seed": 3, "players": lines[0]["players"],
                        "options": dict(MoonGame.option_table.defaults(), all_pass="redeal")}
    kinds = set()
    for line in lines[1:]:
        kinds.add(line["event"])
        assert set(line) - {"event"} == REQUIRED[line["event"]], line
    assert lines[-1]["event"] == "game_end"
    assert {"hand_start", "deal", "bid", "widow", "trump", "play", "trick",
            "hand_end", "game_end"} <= kinds
    for line in lines[1:]:
        if line["event"] == "deal":
            assert all(len(h) == 7 for h in line["hands"]) and len(line["hands"]) == 3
            assert all(t == str(parse_tile(t)) for h in line["hands"] for t in h)
        if line["event"] == "trick":
            assert 1 <= line["number"] <= 7 and len(line["tiles"]) == 3


def test_moon_redeal_record_numbers_each_deal():
    game = MoonGame(options={"all_pass": "redeal"}, seed=2)
    game.start()
    for _ in range(6):
        game.apply(Bid(game.current_player, None))
    lines = [e.to_record() for e in game.history]
    starts = [line for line in lines if line["event"] == "hand_start"]
    assert [s["hand"] for s in starts] == [1, 2, 3]
    assert [s["first_bidder"] for s in starts] == [(starts[0]["first_bidder"] + i) % 3
                                                    for i in range(3)]
    assert sum(line["event"] == "redeal" for line in lines) == 2


@pytest.mark.parametrize("seed,options", [(1, {}), (2, {"all_pass": "redeal"}),
                                          (9, {"target": 9})])
def test_moon_record_replays_to_the_same_history(seed, options):
    game, _ = random_game(seed, options)
    lines = record_of(game)
    again = replay(lines)
    assert [e.to_record() for e in again.history] == lines[1:]
    assert again.state_key() == game.state_key()


def test_moon_resumed_save_continues_like_the_uninterrupted_game():
    game, commands = random_game(5)
    lines = record_of(game)
    # Save in the middle of hand 2: cut after the tenth decision of that hand.
    second = next(i for i, line in enumerate(lines) if line.get("hand") == 2)
    cut = second
    decisions = 0
    while decisions < 10:
        cut += 1
        if MoonGame.command_from_record(lines[cut]) is not None:
            decisions += 1
    save = lines[:cut + 1]
    resumed = replay(save)
    done = sum(MoonGame.command_from_record(line) is not None for line in save)
    for command in commands[done:]:
        resumed.apply(command)
    assert [e.to_record() for e in resumed.history] == lines[1:]


def test_moon_preset_deal_is_used_but_rng_consumed_like_a_live_deal():
    live, _ = random_game(4, limit=60)
    lines = record_of(live)
    presets = MoonGame.deals_from_record(lines)
    hands = [list(h) for h in presets[0]["hands"]]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]          # a different hand 1
    changed = dict(presets[0], hands=hands)
    game = MoonGame(seed=4, deals=[changed])
    events = game.start()
    assert [str(t) for t in events[1].hands[0]] != lines[2]["hands"][0]
    assert sorted(map(str, events[1].hands[0])) == sorted(map(str, hands[0]))
    # Play hand 1 to its end; hand 2 is then dealt from the rng like the live game's.
    rng = random.Random(0)
    while game.view(0).hand_number == 1:
        game.apply(rng.choice(game.legal_actions()))
    deal2 = [e.to_record() for e in game.history if e.kind == "deal"][1]
    live_deal2 = [line for line in lines[1:] if line["event"] == "deal"][1]
    assert deal2 == live_deal2


def test_moon_deals_from_record_parses_tiles_per_hand():
    game, _ = random_game(6, {"all_pass": "redeal"})
    lines = record_of(game)
    presets = MoonGame.deals_from_record(lines)
    starts = [line for line in lines if line.get("event") == "hand_start"]
    assert len(presets) == len(starts)
    first = presets[0]
    assert first["hand"] == 1 and first["first_bidder"] == starts[0]["first_bidder"]
    assert first["widow"] == parse_tile(lines[2]["widow"])
    assert [[str(t) for t in h] for h in first["hands"]] == lines[2]["hands"]


def test_moon_command_from_record_decisions_only():
    cfr = MoonGame.command_from_record
    assert cfr({"event": "bid", "player": 1, "bid": None, "forced": False}) == Bid(1, None)
    assert cfr({"event": "bid", "player": 2, "bid": 4, "forced": True}) == Bid(2, 4)
    assert cfr({"event": "widow", "player": 0, "took": "2-1", "discarded": "6-3"}) == \
        Discard(0, parse_tile("6-3"))
    assert cfr({"event": "trump", "player": 0, "trump": "doubles"}) == NameTrump(0, "doubles")
    assert cfr({"event": "play", "player": 2, "tile": "4-6"}) == Play(2, parse_tile("6-4"))
    for kind in ("hand_start", "deal", "redeal", "trick", "hand_end", "game_end"):
        assert cfr({"event": kind}) is None
    assert cfr({"record": 1, "game": "moon"}) is None


@pytest.mark.parametrize("line,words", [
    ({"event": "bid", "player": 1, "bid": 8}, "bid must be"),
    ({"event": "bid", "player": 3, "bid": 4}, "player must be"),
    ({"event": "bid", "player": 0, "bid": "5"}, "bid must be"),
    ({"event": "trump", "player": 0, "trump": "nello"}, "trump must be"),
    ({"event": "play", "player": 0, "tile": "7-7"}, "not a tile"),
    ({"event": "play", "player": 0}, "tile"),
    ({"event": "widow", "player": 0, "took": "2-1"}, "discarded"),
    ({"event": "draw", "player": 0}, "not a Moon record event"),
    ({"player": 0}, "not a Moon record event"),
])
def test_moon_command_from_record_rejects_malformed_lines(line, words):
    with pytest.raises(ValueError, match=words):
        MoonGame.command_from_record(line)


HAND = {"event": "hand_start", "hand": 1, "first_bidder": 0}
DEAL = {"event": "deal", "widow": "2-1",
        "hands": [["6-6", "6-5", "6-4", "6-3", "5-5", "4-4", "3-3"],
                  ["6-2", "6-1", "5-4", "5-3", "2-2", "1-1", "0-0"],
                  ["5-2", "5-1", "4-3", "4-2", "4-1", "3-2", "3-1"]]}


@pytest.mark.parametrize("lines,words", [
    ([DEAL], "must follow a hand_start"),
    ([HAND], "no deal line"),
    ([HAND, HAND], "no deal line"),
    ([HAND, dict(DEAL, widow="6-6")], "not Moon's 22 tiles"),
    ([HAND, dict(DEAL, widow="6-0")], "not Moon's 22 tiles"),
    ([HAND, dict(DEAL, hands=DEAL["hands"][:2])], "3 hands of 7"),
    ([HAND, dict(DEAL, widow=None)], "widow"),
    ([HAND, dict(DEAL, hands=[["x"] * 7] * 3)], "not a tile"),
    ([dict(HAND, hand=0), DEAL], "hand must be"),
    ([dict(HAND, first_bidder=5), DEAL], "first_bidder must be"),
    ([{"no": "event"}], "no \"event\""),
])
def test_moon_deals_from_record_rejects_malformed_deals(lines, words):
    with pytest.raises(ValueError, match=words):
        MoonGame.deals_from_record(lines)


def test_moon_bad_preset_raises_value_error():
    bad = {"first_bidder": 0, "hands": DEAL["hands"], "widow": "6-6"}
    with pytest.raises(ValueError, match="not Moon's 22 tiles"):
        MoonGame(seed=1, deals=[bad]).start()
    good = {"first_bidder": 2, "hands": DEAL["hands"], "widow": "2-1"}   # strings accepted
    game = MoonGame(seed=1, deals=[good])
    assert game.start()[0].first_bidder == 2
