"""Moon's house options (``docs/rules/moon.md``, "House options"): one test per rule,
a property test over seeds and settings, and every bot level under every setting."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.bots.moon.expert import MoonExpertBot
from core.bots.moon.heuristic import MoonEasyBot, MoonStandardBot
from core.commands import Bid, Discard, Draw, NameTrump, Pass, Play
from core.errors import IllegalBid, IllegalMove, IllegalTrump
from core.game import Phase
from core.moon.engine import MoonGame
from core.records import parse_record, replay
from core.tiles import Tile, moon_set, parse_tile

DEAL = {"first_bidder": 0,
        "hands": [["6-6", "6-5", "6-4", "6-3", "5-5", "4-4", "3-3"],
                  ["6-2", "6-1", "5-4", "5-3", "2-2", "1-1", "0-0"],
                  ["5-2", "5-1", "4-3", "4-2", "4-1", "3-2", "3-1"]],
        "widow": "2-1"}
NO_WIDOW = {"first_bidder": 0,
            "hands": [["6-6", "6-5", "6-4", "6-3", "5-5", "4-4", "3-3"],
                      ["6-2", "6-1", "5-4", "5-3", "2-2", "1-1", "2-1"],
                      ["5-2", "5-1", "4-3", "4-2", "4-1", "3-2", "3-1"]],
            "widow": None}


def game_at_widow(options: dict, deal: dict = DEAL, bid: int = 5) -> MoonGame:
    game = MoonGame(options=options, seed=1, deals=[deal] * 40)
    game.start()
    game.apply(Bid(0, bid))
    game.apply(Bid(1, None))
    game.apply(Bid(2, None))
    return game


def rejected(game: MoonGame, command, kind=IllegalMove) -> str:
    before = game.state_key()
    with pytest.raises(kind) as info:
        game.apply(command)
    assert game.state_key() == before
    return info.value.reason


def record_text(game: MoonGame) -> str:
    return "\n".join(json.dumps(line) for line in
                     [game.header()] + [e.to_record() for e in game.history]) + "\n"


def replays_same(game: MoonGame) -> None:
    again = replay(parse_record(record_text(game), "mem.jsonl"))
    assert again.state_key() == game.state_key()
    assert [e.to_record() for e in again.history] == [e.to_record() for e in game.history]


# -- min_bid ------------------------------------------------------------------------

def test_min_bid_3_allows_bid_of_3():
    game = MoonGame(options={"min_bid": 3}, seed=2)
    game.start()
    p = game.current_player
    assert [c.bid for c in game.legal_actions()] == [None, 3, 4, 5, 6, 7, 21]
    assert game.view(p).bids_allowed == (3, 4, 5, 6, 7, 21)
    game.apply(Bid(p, 3))
    assert game.view(p).high_bid == 3


def test_min_bid_4_refuses_a_bid_of_3():
    game = MoonGame(seed=2)
    game.start()
    assert "4, 5, 6, 7 or 21" in rejected(game, Bid(game.current_player, 3), IllegalBid)


def test_min_bid_5_bids_run_from_5():
    game = MoonGame(options={"min_bid": 5}, seed=2)
    game.start()
    p = game.current_player
    assert [c.bid for c in game.legal_actions()] == [None, 5, 6, 7, 21]
    assert rejected(game, Bid(p, 4), IllegalBid) == \
        "A bid is 5, 6, 7 or 21 (shoot the moon), or pass."


@pytest.mark.parametrize("low", [3, 5])
def test_min_bid_all_pass_forces_the_lowest_bid(low):
    game = MoonGame(options={"min_bid": low}, seed=3)
    game.start()
    for _ in range(2):
        game.apply(Bid(game.current_player, None))
    p = game.current_player
    assert game.legal_actions() == [Bid(p, low)]
    assert rejected(game, Bid(p, None), IllegalBid) == \
        f"Both other players passed: you must bid {low}."
    events = game.apply(Bid(p, low))
    assert events[0].to_record() == {"event": "bid", "player": p, "bid": low, "forced": True}


# -- widow = optional ---------------------------------------------------------------

def test_widow_optional_offers_take_or_leave_before_the_widow_is_seen():
    game = game_at_widow({"widow": "optional"})
    view = game.view(0)
    assert view.phase == Phase.WIDOW and view.choosing_widow
    assert game.legal_actions() == [Draw(0), Pass(0)] == list(view.legal)
    assert len(view.hand) == 7 and view.widow_taken is None
    assert not game.view(1).choosing_widow
    assert "take the widow or leave it" in rejected(game, NameTrump(0, "6"))


def test_widow_optional_take_then_discard():
    game = game_at_widow({"widow": "optional"})
    assert game.apply(Draw(0)) == []                 # the discard writes the widow line
    view = game.view(0)
    assert len(view.hand) == 8 and view.widow_taken == Tile(2, 1) and not view.choosing_widow
    assert all(isinstance(c, Discard) for c in game.legal_actions())
    events = game.apply(Discard(0, parse_tile("2-1")))
    assert events[0].to_record() == {"event": "widow", "player": 0, "took": "2-1",
                                     "discarded": "2-1"}
    assert game.phase == Phase.TRUMP


def test_declined_widow_record_line():
    game = game_at_widow({"widow": "optional"})
    events = game.apply(Pass(0))
    assert [e.to_record() for e in events] == [
        {"event": "widow", "player": 0, "took": None, "discarded": None}]
    assert MoonGame.command_from_record(events[0].to_record()) == Pass(0)
    assert game.phase == Phase.TRUMP
    view = game.view(0)
    assert len(view.hand) == 7 and view.widow_taken is None and view.discard is None
    assert view.widow_declined and game.view(1).widow_declined
    assert game.state_key()["widow"] == "2-1"        # face down, out of play
    game.apply(NameTrump(0, "6"))
    assert len(game.view(0).hand) == 7


def test_widow_optional_record_discard_takes_and_lays_aside_in_one_step():
    game = game_at_widow({"widow": "optional"})
    events = game.apply(Discard(0, parse_tile("3-3")))
    assert events[0].to_record()["took"] == "2-1"
    assert Tile(2, 1) in game.view(0).hand and Tile(3, 3) not in game.view(0).hand


def test_widow_take_has_no_decline():
    game = game_at_widow({})
    assert rejected(game, Pass(0))
    assert not game.view(0).choosing_widow


# -- widow = none -------------------------------------------------------------------

def test_widow_none_deals_21_tiles():
    game = MoonGame(options={"widow": "none"}, seed=5)
    events = game.start()
    deal = events[1].to_record()
    dealt = [parse_tile(t) for h in deal["hands"] for t in h]
    assert deal["widow"] is None and len(dealt) == 21 == len(set(dealt))
    assert sorted(dealt) == sorted(t for t in moon_set() if t != Tile(0, 0))


def test_widow_none_goes_from_bid_to_trumps_without_a_discard():
    game = game_at_widow({"widow": "none"}, NO_WIDOW)
    assert game.phase == Phase.TRUMP and len(game.view(0).hand) == 7
    game.apply(NameTrump(0, "6"))
    assert game.phase == Phase.PLAY
    assert not any(e.kind == "widow" for e in game.history)


def test_widow_none_preset_must_match_the_setting():
    with pytest.raises(ValueError, match="widow"):
        MoonGame(options={"widow": "none"}, seed=1, deals=[DEAL]).start()
    with pytest.raises(ValueError, match="widow"):
        MoonGame(seed=1, deals=[NO_WIDOW]).start()


# -- trumps_before_widow ------------------------------------------------------------

def test_trumps_before_widow_order():
    game = game_at_widow({"trumps_before_widow": True})
    assert game.phase == Phase.TRUMP and len(game.view(0).hand) == 7
    assert game.view(0).widow_taken is None
    game.apply(NameTrump(0, "6"))
    assert game.phase == Phase.WIDOW and len(game.view(0).hand) == 8
    game.apply(Discard(0, parse_tile("2-1")))
    assert game.phase == Phase.PLAY and game.current_player == 0
    kinds = [e.kind for e in game.history]
    assert kinds.index("trump") < kinds.index("widow")


def test_trumps_before_widow_with_optional_widow():
    game = game_at_widow({"trumps_before_widow": True, "widow": "optional"})
    game.apply(NameTrump(0, "5"))
    assert game.legal_actions() == [Draw(0), Pass(0)]
    game.apply(Pass(0))
    assert game.phase == Phase.PLAY


# -- moon = points ------------------------------------------------------------------

def _moon_made(options: dict) -> MoonGame:
    strong = {"first_bidder": 0,
              "hands": [["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "5-5"],
                        ["5-4", "5-3", "2-2", "1-1", "0-0", "4-4", "3-3"],
                        ["5-2", "5-1", "4-3", "4-2", "4-1", "3-2", "3-1"]],
              "widow": "2-1"}
    game = MoonGame(options=options, seed=1, deals=[strong] * 5)
    game.start()
    game.apply(Bid(0, 21))
    game.apply(Discard(0, parse_tile("2-1")))
    game.apply(NameTrump(0, "6"))
    while game.state_key()["hand"] == 1 and not game.is_over:
        legal = game.legal_actions()
        game.apply(max(legal, key=lambda c: c.tile) if game.current_player == 0 else legal[0])
    return game


def test_moon_instant_made_21_wins_the_game():
    game = _moon_made({})
    assert game.is_over and game.winner == 0


def test_moon_points_game_goes_on():
    game = _moon_made({"moon": "points", "target": 30})
    assert not game.is_over and game.scores == (21, 0, 0)
    end = [e.to_record() for e in game.history if e.kind == "hand_end"][-1]
    assert end["made"] and end["delta"] == [21, 0, 0]


def test_moon_points_made_21_reaching_the_target_wins_by_the_usual_rule():
    game = _moon_made({"moon": "points"})
    assert game.is_over and game.winner == 0 and game.scores == (21, 0, 0)


# -- doubles_trump / no_trumps --------------------------------------------------------

def test_doubles_trump_off_not_offered():
    game = game_at_widow({"doubles_trump": False})
    game.apply(Discard(0, parse_tile("2-1")))
    offered = [c.trump for c in game.legal_actions()]
    assert offered == ["6", "5", "4", "3", "2", "1", "0", "none"]
    assert game.view(0).trump_choices == tuple(offered)
    assert "Doubles may not be named" in rejected(game, NameTrump(0, "doubles"), IllegalTrump)


def test_no_trumps_off_not_offered():
    game = game_at_widow({"no_trumps": False, "doubles_trump": False})
    game.apply(Discard(0, parse_tile("2-1")))
    assert [c.trump for c in game.legal_actions()] == ["6", "5", "4", "3", "2", "1", "0"]
    assert rejected(game, NameTrump(0, "none"), IllegalTrump) == \
        "No trumps is not allowed in this game: name a suit 0 to 6."


def test_options_parse_from_strings():
    game = MoonGame(options={"min_bid": "3", "widow": "OPTIONAL", "trumps_before_widow": "on",
                             "moon": "points", "doubles_trump": "off", "no_trumps": "false"})
    assert game.options == {"all_pass": "force_last", "target": 21, "min_bid": 3,
                            "widow": "optional", "trumps_before_widow": True,
                            "moon": "points", "doubles_trump": False, "no_trumps": False}
    assert all(s.help for s in MoonGame.option_table.specs)


# -- over many seeds ----------------------------------------------------------------

SETTINGS = st.fixed_dictionaries({
    "all_pass": st.sampled_from(["force_last", "redeal"]),
    "target": st.integers(7, 12),
    "min_bid": st.sampled_from([3, 4, 5]),
    "widow": st.sampled_from(["take", "optional", "none"]),
    "trumps_before_widow": st.booleans(),
    "moon": st.sampled_from(["instant", "points"]),
    "doubles_trump": st.booleans(),
    "no_trumps": st.booleans(),
})


def play_randomly(game: MoonGame, rng: random.Random, probe: random.Random) -> None:
    """Random legal play that ends games: bids rarely and never the moon (so that under
    moon = points scores climb), the bidder tries to win tricks."""
    game.start()
    steps = 0
    universe = set(t for t in moon_set() if not (game.options["widow"] == "none"
                                                 and t == Tile(0, 0)))
    while not game.is_over:
        steps += 1
        assert steps < 20000
        legal = game.legal_actions()
        p = game.current_player
        assert legal and all(c.player == p for c in legal)
        view = game.view(p)
        assert view.legal == tuple(legal)
        assert set(view.hand) <= universe
        if probe.random() < 0.1:
            for bad in (Bid(p, 8), NameTrump(p, "sevens"), Play(p, Tile(0, 0)), Draw(p)):
                if bad not in legal and not (bad == Draw(p) and game.phase == Phase.WIDOW):
                    before = game.state_key()
                    with pytest.raises(IllegalMove):
                        game.apply(bad)
                    assert game.state_key() == before
        if game.phase == Phase.BID:
            bids = [c for c in legal if c.bid not in (None, 21)]
            command = bids[0] if bids and rng.random() < 0.3 else legal[0]
            if len(legal) == 1:
                command = legal[0]
        elif game.phase == Phase.PLAY and p == view.bidder:
            command = max(legal, key=lambda c: c.tile)
        else:
            command = rng.choice(legal)
        game.apply(command)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), options=SETTINGS, decide_seed=st.integers(0, 1000))
def test_house_options_random_play_to_game_end_replays_to_the_same_state(seed, options,
                                                                         decide_seed):
    game = MoonGame(options=options, seed=seed)
    play_randomly(game, random.Random(decide_seed), random.Random(seed ^ decide_seed))
    records = [e.to_record() for e in game.history]
    assert records[-1]["event"] == "game_end"
    for line in records:
        if line["event"] == "deal":
            assert (line["widow"] is None) == (options["widow"] == "none")
        if line["event"] == "bid" and line["bid"] is not None:
            assert line["bid"] >= options["min_bid"]
        if line["event"] == "trump":
            assert options["doubles_trump"] or line["trump"] != "doubles"
            assert options["no_trumps"] or line["trump"] != "none"
        if line["event"] == "widow" and line["took"] is None:
            assert options["widow"] == "optional" and line["discarded"] is None
    replays_same(game)


# -- bots ---------------------------------------------------------------------------

BOT_SETTINGS = [
    {"min_bid": 3}, {"min_bid": 5}, {"widow": "optional"}, {"widow": "none"},
    {"trumps_before_widow": True}, {"trumps_before_widow": True, "widow": "optional"},
    {"moon": "points"}, {"doubles_trump": False, "no_trumps": False},
]


def _bot(level: str):
    if level == "easy":
        return MoonEasyBot()
    if level == "standard":
        return MoonStandardBot()
    return MoonExpertBot(samples=3, nodes=300)


@pytest.mark.parametrize("level", ["easy", "standard", "expert"])
@pytest.mark.parametrize("options", BOT_SETTINGS, ids=lambda o: ",".join(f"{k}={v}"
                                                                        for k, v in o.items()))
def test_bots_of_every_level_play_legally_under_each_setting(level, options):
    bot = _bot(level)
    rng = random.Random(7)
    game = MoonGame(options=dict(options, target=7), seed=11)
    game.start()
    decisions = 0
    limit = 60 if level == "expert" else 2000
    while not game.is_over and decisions < limit:
        p = game.current_player
        legal = game.legal_actions()
        command = bot.choose(game.view(p), legal, rng)
        assert command in legal, (command, legal)
        game.apply(command)
        decisions += 1
    if level != "expert":
        assert game.is_over
    replays_same(game)


def test_standard_bot_leaves_the_widow_when_no_tile_could_add_a_trump():
    holding = {"first_bidder": 0,
               "hands": [["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "5-5"],
                         ["5-4", "5-3", "2-2", "1-1", "0-0", "4-4", "3-3"],
                         ["5-2", "5-1", "4-3", "4-2", "4-1", "3-2", "3-1"]],
               "widow": "2-1"}
    game = game_at_widow({"widow": "optional"}, holding)
    view = game.view(0)
    assert MoonStandardBot().choose(view, list(view.legal), random.Random(1)) == Pass(0)
    assert MoonEasyBot().choose(view, list(view.legal), random.Random(1)) == Draw(0)
    weak = game_at_widow({"widow": "optional"}, DEAL, bid=4)
    view = weak.view(0)
    assert MoonStandardBot().choose(view, list(view.legal), random.Random(1)) == Draw(0)


def test_expert_takes_or_leaves_the_widow_by_sampled_value():
    game = game_at_widow({"widow": "optional"})
    view = game.view(0)
    rows = MoonExpertBot(samples=4, nodes=500).explain(view, list(view.legal), random.Random(2))
    assert {r.command for r in rows} == {Draw(0), Pass(0)}
    assert all("sampled deals" in r.reason for r in rows)


def test_expert_values_a_moon_by_the_moon_setting():
    instant = MoonExpertBot._bidder_score(7, 21, MoonExpertBot._moon_value(
        game_at_widow({}).view(0)))
    points = MoonExpertBot._bidder_score(7, 21, MoonExpertBot._moon_value(
        game_at_widow({"moon": "points"}).view(0)))
    assert instant > points and round(points - 0.15 * 7, 6) == 21


# -- narration and the replay viewer --------------------------------------------------

def test_declined_widow_narrated_and_replayed():
    from core.narration import describe_command, narrate
    from core.replay import replay_game

    game = game_at_widow({"widow": "optional"})
    game.apply(Pass(0))
    lines = narrate("moon", game.history, names=["You", "West", "East"], viewer=1)
    assert "You left the widow face down and kept your 7 tiles." in lines
    assert describe_command("moon", Pass(0)) == "Leave the widow face down"
    assert describe_command("moon", Draw(0)) == "Take the widow"
    steps = replay_game(game.header(), game)
    assert steps.table(steps.length).marked is None


def test_no_widow_deal_narrated():
    from core.narration import narrate

    game = game_at_widow({"widow": "none"}, NO_WIDOW)
    assert "No widow this game" in str(narrate("moon", game.history, names=["A", "B", "C"],
                                                viewer=None))
