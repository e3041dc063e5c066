"""The play-by-play in words (core/narration/): what it says, and what it never reveals."""

from __future__ import annotations

import re

from core.commands import Bid, Discard, Draw, NameTrump, Pass, Play
from core.narration import current_hand, describe_command, last_finished_hand, narrate, split_hands
from core.simulate import simulate_game
from core.tiles import Tile

MOON_NAMES = ["You", "West", "East"]
FOUR = ["You", "West", "North", "East"]


def mentions(lines: list[str], tile: str) -> bool:
    pattern = re.compile(rf"(?<![\d-]){re.escape(tile)}(?![\d])")
    return any(pattern.search(line) for line in lines)


def test_narration_moon_tells_every_play_in_order_with_leads_and_trick_winners():
    game = simulate_game("moon", 4, {"target": 7})
    hand = split_hands(game.history)[0]
    lines = narrate("moon", hand, MOON_NAMES, viewer=0, options=game.options)
    plays = [l for l in hand if l["event"] == "play"]
    tricks = [l for l in hand if l["event"] == "trick"]
    play_lines = [l for l in lines if re.search(r" (led|played|trumped with) \d-\d", l)]
    assert len(play_lines) == len(plays) == 21
    for line, play in zip(play_lines, plays):
        assert line.startswith(MOON_NAMES[play["player"]] + " ")
        assert play["tile"] in line
    for trick in tricks:   # each trick starts with a lead, and its winner is named
        said = f"{MOON_NAMES[trick['winner']]} won trick {trick['number']}."
        assert said in lines
    leads = [l for l in play_lines if " led " in l]
    assert len(leads) == 7
    assert lines[0].startswith("Hand 1: ")
    assert any("bid" in l for l in lines) and any("trumps" in l for l in lines)
    assert re.search(r"(made it|was set|were set)", " ".join(lines))


def test_narration_moon_never_reveals_other_hands_widow_or_discard():
    game = simulate_game("moon", 11, {"target": 7})
    for hand in split_hands(game.history)[:6]:
        widow = next((l for l in hand if l["event"] == "widow"), None)
        if widow is None:
            continue
        deal = next(l for l in hand if l["event"] == "deal")
        viewer = next(p for p in range(3) if p != widow["player"])
        lines = narrate("moon", hand, MOON_NAMES, viewer=viewer)
        # Before the first play, only the viewer's own tiles are named.
        before = narrate("moon", hand[:hand.index(next(l for l in hand
                                                         if l["event"] == "play"))],
                         MOON_NAMES, viewer=viewer)
        others = [t for p, h in enumerate(deal["hands"]) if p != viewer for t in h]
        for t in others + [deal["widow"]]:
            assert not mentions(before, t), t
        for t in deal["hands"][viewer]:
            assert mentions(before, t)
        assert not mentions(lines, widow["discarded"])      # the discard is never seen
        assert any("laid a tile aside, face down" in l for l in lines)
        # The bidder's own log tells it what it took and laid aside.
        own = narrate("moon", hand, MOON_NAMES, viewer=widow["player"])
        assert mentions(own, widow["took"]) and mentions(own, widow["discarded"])
        return
    raise AssertionError("no hand with a widow pickup")


def test_narration_review_reveals_every_hand_and_the_widow():
    game = simulate_game("moon", 4, {"target": 7})
    hand = split_hands(game.history)[0]
    deal = next(l for l in hand if l["event"] == "deal")
    lines = narrate("moon", hand, MOON_NAMES, viewer=None)
    for h in deal["hands"]:
        for t in h:
            assert mentions(lines[:5], t)
    assert f"The widow: {deal['widow']}." in lines


def test_narration_texas42_bids_trumps_count_and_result():
    game = simulate_game("texas42", 3, {})
    hand = split_hands(game.history)[0]
    lines = narrate("texas42", hand, FOUR, viewer=0, options=game.options)
    assert lines[0].startswith("To choose the first shaker: ")
    assert any(l.startswith("Hand 1: ") for l in lines)
    bids = [l for l in hand if l["event"] == "bid"]
    said = re.compile(r"\w+ (passed|bid \d+|had to bid 30.*|called Plunge.*)\.")
    bid_lines = [l for l in lines if said.fullmatch(l)]
    assert len(bid_lines) == len(bids) == 4
    trick = next(l for l in hand if l["event"] == "trick")
    assert any(f"won trick 1, worth {trick['points']} point" in l for l in lines)
    assert any("Totals: You & North" in l for l in lines)
    assert any(re.search(r"& \w+ bid .* and (made it|were set)", l) for l in lines)


def test_narration_texas42_marks_plunge_forced_and_nello_sitting_out():
    lines = narrate("texas42", [
        {"event": "hand_start", "hand": 2, "shaker": 3},
        {"event": "bid", "player": 0, "bid": {"marks": 4}, "plunge": True, "forced": False},
        {"event": "bid", "player": 1, "bid": {"marks": 5}, "plunge": False, "forced": False},
        {"event": "bid", "player": 2, "bid": None, "plunge": False, "forced": False},
        {"event": "bid", "player": 3, "bid": 30, "plunge": False, "forced": True},
        {"event": "trump", "player": 1, "trump": "nello"},
    ], FOUR, viewer=0)
    assert lines == [
        "Hand 2: East shakes.",
        "You called Plunge: 4 marks, your partner names trumps.",
        "West bid 5 marks.",
        "North passed.",
        "East had to bid 30: everyone else passed.",
        "West declared Nel-O: to win no trick.",
        "East sits out this hand.",
    ]


def test_narration_trick_play_follows_trumps_and_plays_off():
    lines = narrate("moon", [
        {"event": "trump", "player": 1, "trump": "5"},
        {"event": "play", "player": 1, "tile": "6-4"},
        {"event": "play", "player": 2, "tile": "6-2"},
        {"event": "play", "player": 0, "tile": "5-1"},
        {"event": "trick", "number": 1, "leader": 1, "tiles": ["6-4", "6-2", "5-1"], "winner": 0},
        {"event": "play", "player": 0, "tile": "5-5"},
        {"event": "play", "player": 1, "tile": "3-3"},
    ], MOON_NAMES, viewer=0)
    assert lines == ["West named fives trumps.", "West led 6-4 (sixes).", "East played 6-2.",
                     "You trumped with 5-1.", "You won trick 1.", "You led 5-5 (trumps).",
                     "West played 3-3 off (no trumps)."]


def test_narration_mexican_train_doubles_markers_draws_and_last_tile():
    deal = {"event": "deal", "hands": [["9-5", "5-5", "5-2"], ["9-1", "3-3", "6-6"],
                                       ["9-8", "2-1", "0-0"]],
            "boneyard": ["4-4", "7-1", "8-0"]}
    events = [
        {"event": "round_start", "round": 1, "engine": "9-9", "first_player": 0},
        deal,
        {"event": "play", "player": 0, "tile": "9-5", "train": "mexican"},
        {"event": "play", "player": 1, "tile": "9-1", "train": 1},
        {"event": "draw", "player": 2, "tile": "4-4"},
        {"event": "marker", "player": 2, "on": True},
        {"event": "play", "player": 0, "tile": "5-5", "train": "mexican"},
        {"event": "play", "player": 0, "tile": "5-2", "train": "mexican"},
        {"event": "draw", "player": 0, "tile": "7-1"},
        {"event": "pass", "player": 1},
        {"event": "round_end", "out": None, "points": [8, 12, 13], "scores": [8, 12, 13]},
        {"event": "game_end", "winner": 0, "scores": [8, 12, 13]},
    ]
    lines = narrate("mexican_train", events, ["South", "You", "East"], viewer=1)
    assert lines == [
        "Round 1: the engine is 9-9; South plays first.",
        "You drew 9-1 3-3 6-6.",
        "3 tiles each; 3 left in the boneyard.",
        "South started the Mexican train with 9-5.",
        "You started your train with 9-1.",
        "East drew a tile from the boneyard (2 left).",
        "East could not play: their marker goes on their train, open to everyone.",
        "South played 5-5 on the Mexican train: a double, which must be satisfied.",
        "South has one tile left.",
        "South played 5-2 on the Mexican train, satisfying the double 5-5.",
        "South drew a tile from the boneyard (1 left).",
        "You passed: no play and the boneyard is empty.",
        "Nobody can play: the round is blocked.",
        "Points this round: South 8, You 12, East 13. Totals: South 8, You 12, East 13.",
        "South wins with the lowest total, 8. Final: South 8, You 12, East 13.",
    ]
    # From seat 0's eyes the names are the same, and seat 0 sees its own drawn tile.
    own = narrate("mexican_train", events, ["You", "West", "East"], viewer=0)
    assert "You drew 7-1 from the boneyard (1 left)." in own
    assert "You played 5-5 on the Mexican train: a double, which must be satisfied." in own
    assert not mentions(own, "4-4") and not mentions(own, "8-0")


def test_narration_mexican_train_last_tile_is_announced():
    events = [
        {"event": "round_start", "round": 1, "engine": "9-9", "first_player": 1},
        {"event": "deal", "hands": [["9-5", "5-2"], ["9-1", "1-1"]], "boneyard": []},
        {"event": "play", "player": 1, "tile": "9-1", "train": 1},
        {"event": "play", "player": 0, "tile": "9-5", "train": 1},
    ]
    lines = narrate("mexican_train", events, ["You", "West"], viewer=0)
    assert "West has one tile left." in lines
    assert "You played 9-5 on West's train." in lines
    assert "You have one tile left." in lines


def test_narration_mexican_train_whole_round_hides_others_draws():
    game = simulate_game("mexican_train", 2, {"rounds": 1, "players": 3})
    rnd = split_hands(game.history)[0]
    lines = narrate("mexican_train", rnd, ["You", "West", "East"], viewer=0)
    draws = [l for l in rnd if l["event"] == "draw"]
    for d in draws:
        if d["player"] != 0:
            # Another's drawn tile is named only if it is later played in public.
            played_later = any(l["event"] == "play" and l["tile"] == d["tile"] for l in rnd)
            assert played_later or not mentions(lines, d["tile"])
    assert sum(1 for l in lines if " drew a tile from the boneyard" in l) == sum(
        1 for d in draws if d["player"] != 0)
    assert len([l for l in lines if re.search(r" (played|started) ", l)]) >= \
        len([l for l in rnd if l["event"] == "play"])


def test_split_hands_and_last_finished_hand():
    game = simulate_game("texas42", 3, {})
    groups = split_hands(game.history)
    assert groups[0][0]["event"] == "shaker_draw"
    assert all(g[[l["event"] for l in g].index("hand_start")]["hand"] == i + 1
               for i, g in enumerate(groups))
    assert groups[-1][-1]["event"] == "game_end"
    assert last_finished_hand(game.history) == groups[-1]
    partial = game.history[:len(game.history) - 3]
    assert current_hand(partial)[-1] == partial[-1].to_record()
    assert last_finished_hand(partial) == split_hands(partial)[-2]


def test_describe_command_in_the_games_words():
    assert describe_command("moon", Bid(0, None)) == "Pass"
    assert describe_command("moon", Bid(0, 21)) == "Bid 21 (shoot the moon)"
    assert describe_command("texas42", Bid(0, 84)) == "Bid 2 marks"
    assert describe_command("texas42", Bid(0, 168, plunge=True)) == "Bid Plunge (4 marks)"
    assert describe_command("moon", Discard(0, Tile(6, 4))) == "Discard 6-4"
    assert describe_command("moon", NameTrump(0, "6")) == "Name sixes trumps"
    assert describe_command("texas42", NameTrump(0, "none")) == "Name no trumps (follow-me)"
    assert describe_command("texas42", NameTrump(0, "nello")) == "Declare Nel-O"
    assert describe_command("moon", Play(0, Tile(5, 5))) == "Play 5-5"
    names = ["You", "West", "North", "East"]
    assert describe_command("mexican_train", Play(0, Tile(9, 2), "mexican"), names, 0) == \
        "Play 9-2 on the Mexican train"
    assert describe_command("mexican_train", Play(0, Tile(9, 2), 0), names, 0) == \
        "Play 9-2 on your train"
    assert describe_command("mexican_train", Play(0, Tile(9, 2), 2), names, 0) == \
        "Play 9-2 on North's train"
    assert describe_command("mexican_train", Draw(0)) == "Draw from the boneyard"
    assert describe_command("mexican_train", Pass(0)).startswith("Pass")
