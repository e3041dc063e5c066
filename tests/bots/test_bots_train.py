"""Mexican Train bots (easy, standard, expert), their planning, and the bot registry."""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest

from core.arena import Settings, play_deal
from core.arena_stats import duplicate_edge, duplicate_win_rate
from core.bots import LEVELS, make_bot
from core.bots.base import Budget, DecisionTimer, decision_rng, percentiles_ms
from core.bots.mexican_train.heuristic import (
    PassReader,
    TrainEasyBot,
    TrainExpertBot,
    TrainStandardBot,
    deal_hidden,
    table_from_view,
    unseen_tiles,
)
from core.bots.mexican_train.planning import Table, best_chain, move_score, plan_policy
from core.commands import Draw, Pass, Play
from core.errors import OptionError
from core.mexican_train.engine import MexicanTrainGame
from core.tiles import Tile, double_set
from core.tiles import parse_tile as T

M = "mexican"


def quick_expert(worlds: int = 6) -> TrainExpertBot:
    return TrainExpertBot(deterministic=True, max_worlds=worlds)


def bot_for(level: str):
    return quick_expert() if level == "expert" else make_bot("mexican_train", level)


def preset_game(hands, boneyard=(), first=0, **options) -> MexicanTrainGame:
    options = {"players": len(hands), "rounds": 1, **options}
    deal = {"first_player": first, "hands": [[T(t) for t in h] for h in hands],
            "boneyard": [T(t) for t in boneyard]}
    g = MexicanTrainGame(options, seed=0, deals=[deal])
    g.start()
    return g


def decide(bot, g: MexicanTrainGame, index: int = 0):
    p = g.current_player
    return bot.choose(g.view(p), g.legal_actions(), decision_rng(0, p, index))


# -- the registry and the shared helpers ------------------------------------------------------

def test_registry_makes_every_mexican_train_level():
    assert LEVELS == ("easy", "standard", "expert")
    classes = {"easy": TrainEasyBot, "standard": TrainStandardBot, "expert": TrainExpertBot}
    for level in LEVELS:
        bot = make_bot("mexican_train", level)
        assert isinstance(bot, classes[level])
        assert bot.level == level
    assert make_bot("mexican_train", "expert", budget_s=0.25).budget_s == 0.25


def test_registry_rejects_unknown_game_or_level_with_a_clear_message():
    with pytest.raises(OptionError, match="unknown game 'chess'.*moon, texas42, mexican_train"):
        make_bot("chess", "easy")
    with pytest.raises(OptionError, match="unknown bot level 'genius'.*easy, standard, expert"):
        make_bot("mexican_train", "genius")


def test_decision_rng_is_seeded_per_game_player_and_decision():
    a = [decision_rng(7, 1, 3).random() for _ in range(2)]
    assert a[0] == a[1]
    assert decision_rng(7, 1, 3).random() != decision_rng(7, 2, 3).random()
    assert decision_rng(7, 1, 3).random() != decision_rng(7, 1, 4).random()
    assert decision_rng(7, 1, 3).random() != decision_rng(8, 1, 3).random()


def test_decision_timer_reports_percentiles_per_level():
    timer = DecisionTimer()
    for ms in range(1, 101):
        timer.add("standard", ms / 1000)
    summary = timer.summary_ms()["standard"]
    assert summary["p50"] == pytest.approx(50.5)
    assert summary["p95"] == pytest.approx(95.05)
    assert summary["max"] == pytest.approx(100)
    assert percentiles_ms([]) == {"p50": 0.0, "p95": 0.0, "max": 0.0}


def test_budget_deterministic_mode_ignores_the_clock():
    assert Budget(0.0, deterministic=True).start().expired() is False
    assert Budget(0.0).start().expired() is True


# -- chains -------------------------------------------------------------------------------------

def test_best_chain_is_the_longest_line_from_the_open_end():
    hand = [T("12-5"), T("5-3"), T("3-8"), T("12-2"), T("9-9")]
    assert best_chain(12, hand) == (T("12-5"), T("5-3"), T("3-8"))


def test_best_chain_slots_doubles_in_where_the_chain_reaches_them():
    hand = [T("6-2"), T("6-6"), T("2-2"), T("2-9"), T("4-1")]
    assert best_chain(6, hand) == (T("6-6"), T("6-2"), T("2-2"), T("2-9"))


def test_best_chain_prefers_more_pips_between_equally_long_chains():
    hand = [T("7-1"), T("7-9")]
    assert best_chain(7, hand) == (T("7-9"),)


def test_best_chain_search_is_bounded_and_still_valid():
    rng = random.Random(3)
    tiles = double_set(12)
    for _ in range(30):
        hand = rng.sample(tiles, 16)
        start = rng.randrange(13)
        chain = best_chain(start, hand, node_limit=50)
        v = start
        for t in chain:
            assert t in hand and t.has(v)
            v = t.other(v)
        assert len(set(chain)) == len(chain)


# -- every decision is legal ---------------------------------------------------------------------

GAMES = [
    ({"rounds": 2}, range(3)),
    ({"set": 9, "players": 3, "rounds": 2, "doubles_any_order": True}, range(2)),
    ({"set": 9, "players": 2, "rounds": 2, "first_turn": "build", "double_blank": 0}, range(2)),
]


@pytest.mark.parametrize("level", LEVELS)
def test_train_bots_choose_a_legal_command_at_every_decision(level):
    seen: Counter[str] = Counter()
    bot = bot_for(level)
    games = GAMES
    if level == "expert":            # a searching bot: smaller games, a small search
        bot, games = quick_expert(3), [(options, seeds[:1]) for options, seeds in GAMES[1:]]
    for options, seeds in games:
        for seed in seeds:
            g = MexicanTrainGame(options, seed=seed)
            g.start()
            i = 0
            while not g.is_over:
                p = g.current_player
                legal = g.legal_actions()
                view = g.view(p)
                if len(view.doubles_pending_this_turn) >= 2:
                    seen["several doubles in a turn"] += 1
                if view.doubles_pending_this_turn:
                    seen["double pending"] += 1
                if view.blocking_doubles:
                    seen["open double"] += 1
                if view.drawn_tile is not None:
                    seen["drawn tile"] += 1
                if any(isinstance(c, Draw) for c in legal):
                    seen["draw"] += 1
                if any(isinstance(c, Pass) for c in legal):
                    seen["pass"] += 1
                command = bot.choose(view, legal, decision_rng(seed, p, i))
                assert command in legal, (level, seed, i, command)
                g.apply(command)
                i += 1
    for situation in ("double pending", "open double", "drawn tile", "draw", "pass"):
        assert seen[situation] > 0, situation


def test_train_bots_handle_several_doubles_in_one_turn():
    # Player 0 lays 12-6, then 6-6 and 12-12 is the engine... 6-6 then 9-9 (on the Mexican
    # train via 12-9 started by player 1): after two doubles the closer goes on the first.
    g = preset_game([["12-6", "6-6", "9-9", "6-1", "9-2", "5-0"], ["12-9", "3-0", "4-0"]])
    g.apply(Play(0, T("12-6"), 0))
    g.apply(Play(1, T("12-9"), M))
    g.apply(Play(0, T("6-6"), 0))
    g.apply(Play(0, T("9-9"), M))
    view = g.view(0)
    assert len(view.doubles_pending_this_turn) == 2
    for level in LEVELS:
        command = decide(bot_for(level), g)
        assert command in g.legal_actions()
        assert command == Play(0, T("6-1"), 0)          # the only closer: on the first double


# -- what the standard bot plans -------------------------------------------------------------------

def test_train_standard_keeps_its_chain_and_dumps_the_rest_on_the_mexican_train():
    # Chain from the engine: 12-5, 5-3, 3-8. 12-2 is outside it: it goes on the Mexican train.
    g = preset_game([["12-5", "5-3", "3-8", "12-2"], ["11-0", "10-0"]], boneyard=["9-1"])
    bot = TrainStandardBot()
    assert decide(bot, g) == Play(0, T("12-2"), M)
    g.apply(Play(0, T("12-2"), M))
    g.apply(Draw(1))                                   # 9-1 does not play: marker, turn over
    assert decide(bot, g, 2) == Play(0, T("12-5"), 0)  # then it lays its chain in order


def test_train_standard_plays_a_double_it_can_follow_up_and_then_satisfies_it():
    g = preset_game([["12-6", "6-6", "6-2", "11-4"], ["12-3", "3-1", "10-0"]])
    g.apply(Play(0, T("12-6"), 0))
    g.apply(Play(1, T("12-3"), 1))
    bot = TrainStandardBot()
    assert decide(bot, g) == Play(0, T("6-6"), 0)
    g.apply(Play(0, T("6-6"), 0))
    assert decide(bot, g) == Play(0, T("6-2"), 0)


@pytest.mark.parametrize("follow_up, expected", [("9-4", Play(0, T("9-9"), M)),
                                                   ("3-1", Play(0, T("5-2"), 0))])
def test_train_standard_plays_a_double_on_a_public_train_only_with_a_follow_up(follow_up,
                                                                               expected):
    g = preset_game([["12-5", "5-2", "9-9", follow_up], ["12-9", "11-0", "10-0"]])
    g.apply(Play(0, T("12-5"), 0))
    g.apply(Play(1, T("12-9"), M))
    assert decide(TrainStandardBot(), g) == expected


def test_train_standard_takes_its_marker_off_by_laying_its_chain():
    g = preset_game([["12-7", "7-2", "2-3", "12-1"], ["11-0", "10-0", "9-0"]])
    g.apply(Play(0, T("12-7"), 0))
    table, _ = table_from_view(g.view(0))
    plan = best_chain(table.end(0), table.hands[0])
    assert plan == (T("7-2"), T("2-3"))
    chain_move = move_score(table, 0, T("7-2"), 0, plan, threat=9)
    dump_move = move_score(table, 0, T("12-1"), table.n, plan, threat=9)
    assert chain_move < dump_move            # no marker: keep the chain, dump 12-1
    table.marker[0] = True
    assert move_score(table, 0, T("7-2"), 0, plan, threat=9) > dump_move


def test_train_standard_sheds_pips_when_an_opponent_is_about_to_go_out():
    g = preset_game([["12-7", "7-2", "2-3", "12-1"], ["11-0", "10-0", "9-0"]])
    g.apply(Play(0, T("12-7"), 0))
    table, _ = table_from_view(g.view(0))
    plan = best_chain(table.end(0), table.hands[0])
    low = move_score(table, 0, T("12-1"), table.n, plan, threat=9)
    high = move_score(table, 0, T("12-1"), table.n, plan, threat=1)
    assert high - low == 2 * 13


def test_train_standard_beats_easy_on_duplicate_deals():
    # 5 deals x 4 seatings of 2-round games; the bots are deterministic, so is this.
    settings = Settings(game="mexican_train", a="standard", b="easy", deals=5, seed=1,
                        options={"rounds": 2, "players": 4}, budget=None, records=None,
                        jobs=1, players=4)
    results = [play_deal(settings, d) for d in range(settings.deals)]
    rate, lo, hi = duplicate_win_rate([r.shares for r in results])
    edge, elo, ehi = duplicate_edge([r.edges for r in results])
    assert rate >= 0.4                   # baseline 0.25
    assert edge > 10 and elo > 0         # pips per round: the easy bots keep far more


def test_train_standard_answers_at_once():
    bot = TrainStandardBot()
    times = []
    for seed in range(4):
        g = MexicanTrainGame({"rounds": 1}, seed=seed)
        g.start()
        i = 0
        while not g.is_over:
            p = g.current_player
            view, legal = g.view(p), g.legal_actions()
            started = time.perf_counter()
            command = bot.choose(view, legal, decision_rng(seed, p, i))
            times.append(time.perf_counter() - started)
            g.apply(command)
            i += 1
    times.sort()
    assert times[int(0.95 * (len(times) - 1))] < 0.05       # p95 target 20 ms, slack for CI


# -- the expert ----------------------------------------------------------------------------------

def opening_position():
    g = MexicanTrainGame({"rounds": 1}, seed=11)
    g.start()
    i = 0
    while len([c for c in g.legal_actions() if isinstance(c, Play)]) < 3:
        p = g.current_player
        g.apply(TrainStandardBot().choose(g.view(p), g.legal_actions(),
                                          decision_rng(11, p, i)))
        i += 1
    return g, i


def test_train_expert_analyse_ranks_every_play_with_a_reason():
    g, i = opening_position()
    p = g.current_player
    legal = g.legal_actions()
    analysis = quick_expert().analyse(g.view(p), legal, decision_rng(11, p, i))
    assert sorted(map(repr, (c for c, _, _ in analysis))) == sorted(map(repr, legal))
    scores = [s for _, s, _ in analysis]
    assert scores == sorted(scores, reverse=True)
    assert all(isinstance(r, str) and r for _, _, r in analysis)
    assert any("chain" in r for _, _, r in analysis)
    assert any("pips against the table" in r for _, _, r in analysis)
    assert quick_expert().choose(g.view(p), legal, decision_rng(11, p, i)) == analysis[0][0]


def test_train_expert_reason_names_the_planned_chain():
    g = preset_game([["12-7", "7-3", "3-1", "12-2"], ["11-0", "10-0"]], boneyard=["9-1"])
    analysis = quick_expert().analyse(g.view(0), g.legal_actions(), decision_rng(0, 0, 0))
    reasons = {c: r for c, _, r in analysis}
    assert "plans 3-tile chain 12-7-7-3-3-1, sheds 33 pips" in reasons[Play(0, T("12-7"), 0)]


def test_train_expert_is_deterministic_in_deterministic_mode():
    g, i = opening_position()
    p = g.current_player
    a = quick_expert().analyse(g.view(p), g.legal_actions(), decision_rng(11, p, i))
    b = quick_expert().analyse(g.view(p), g.legal_actions(), decision_rng(11, p, i))
    assert a == b


def test_train_expert_keeps_to_its_time_budget():
    g, i = opening_position()
    p = g.current_player
    bot = TrainExpertBot(budget_s=0.05)
    started = time.perf_counter()
    bot.choose(g.view(p), g.legal_actions(), decision_rng(11, p, i))
    assert time.perf_counter() - started < 0.05 + 0.5


def test_train_expert_samples_only_tiles_it_cannot_see():
    g, _ = opening_position()
    p = g.current_player
    view = g.view(p)
    hidden = unseen_tiles(view)
    others = sum(c for q, c in enumerate(view.hand_counts) if q != p)
    assert len(hidden) == others + view.boneyard_count
    visible = set(view.hand) | {t for train in view.trains for t in train.tiles} | {view.engine}
    assert not visible & set(hidden)


def test_table_model_plays_a_sampled_round_to_its_end():
    rng = random.Random(2)
    tiles = [t for t in double_set(12) if t != Tile(12, 12)]
    rng.shuffle(tiles)
    table = Table(4, 12, 12)
    for q in range(4):
        table.hands[q] = tiles[q * 15:(q + 1) * 15]
    table.boneyard = tiles[60:]
    points = table.play_out(0, plan_policy)
    assert table.out is not None or table.blocked()
    if table.out is not None:
        assert points[table.out] == 0
    assert all(p >= 0 for p in points)


def test_plan_policy_is_the_standard_heuristic_in_the_engines_order():
    # Look-ahead plays the others as the standard bot would: best move_score, first of
    # equals in the engine's order (tiles high first, then trains by seat, Mexican last).
    rng = random.Random(5)
    tiles = [t for t in double_set(12) if t != Tile(12, 12)]
    checked = 0
    for _ in range(40):
        rng.shuffle(tiles)
        table = Table(4, 12, 12)
        for q in range(4):
            table.hands[q] = sorted(tiles[q * 15:(q + 1) * 15], reverse=True)
        table.boneyard = tiles[60:]
        for _ in range(rng.randrange(12)):
            table.turn(rng.randrange(4), plan_policy)
            if table.out is not None:
                break
        p = rng.randrange(4)
        opts = table.options(p)
        if len(opts) < 2:
            continue
        assert opts == sorted(opts, key=lambda o: (-o[0].high, -o[0].low, o[1]))
        plan = table.plan(p)
        threat = min(len(table.hands[q]) for q in range(4) if q != p)
        scores = [move_score(table, p, t, k, plan, threat) for t, k in opts]
        assert plan_policy(table, p, opts, []) == opts[scores.index(max(scores))]
        checked += 1
    assert checked >= 10


def test_train_expert_takes_the_fixed_work_knobs_of_the_other_experts():
    # The hint screen builds experts with samples/nodes (a fixed amount of work).
    bot = TrainExpertBot(samples=4, nodes=2000)
    assert bot.deterministic and bot.max_worlds == 4
    g, i = opening_position()
    p = g.current_player
    first = bot.analyse(g.view(p), g.legal_actions(), decision_rng(11, p, i))
    assert first == TrainExpertBot(samples=4, nodes=2000).analyse(
        g.view(p), g.legal_actions(), decision_rng(11, p, i))
    assert all(r.endswith("(4 deals)") for _, _, r in first)


@pytest.mark.parametrize("seed", range(6))
def test_table_model_builds_first_turns_as_the_engine_does(seed):
    # Under first_turn=build the look-ahead lays a whole first turn on the own train, as the
    # engine does: the same choices (the first option each time) give the same trains.
    game = MexicanTrainGame(options={"players": 4, "first_turn": "build"}, seed=seed)
    game.start()
    first = game.current_player
    view = game.view(first)
    assert view.building and first not in view.yet_to_play
    assert sorted(view.yet_to_play + (first,)) == [0, 1, 2, 3]
    table, _ = table_from_view(view)
    for q in range(4):
        table.hands[q] = sorted(game._hands[q], reverse=True)
    table.boneyard = list(reversed(game._boneyard[game._bone_pos:]))
    first_option = lambda table, p, opts, pending: opts[0]          # noqa: E731
    for turn in range(4):
        p = game.current_player
        assert p == (first + turn) % 4
        while game.current_player == p and not game.is_over and game.round_number == 1:
            legal = game.legal_actions()
            plays = [c for c in legal if isinstance(c, Play)]
            game.apply(plays[0] if plays else legal[0])
        table.turn(p, first_option)
        if game.is_over or game.round_number != 1:
            break
        view = game.view(game.current_player)
        assert [t.open_end if t.started else None for t in view.trains] == table.ends
        assert [sorted(h) for h in table.hands] == [sorted(game._hands[q]) for q in range(4)]
    assert game.view(game.current_player).yet_to_play == ()
    assert not any(table.build)


# -- reading the others' failed turns -------------------------------------------------------

@pytest.mark.parametrize("options", [{}, {"first_turn": "build"}, {"doubles_any_order": True}])
def test_pass_reader_never_rules_out_a_number_the_player_holds(options):
    """Over whole rounds of standard play, every number the reader says a player lacks
    is truly missing from that player's hand (the test looks at the engine's hands;
    the reader sees only each seat's own views and commands)."""
    reads = 0
    for seed in range(12):
        try:
            g = MexicanTrainGame({"rounds": 1, **options}, seed=seed)
        except OptionError:
            pytest.skip(f"options {options} not offered")
        g.start()
        bots = [TrainStandardBot() for _ in range(g.n)]
        readers = [PassReader() for _ in range(g.n)]
        d = 0
        while not g.is_over and d < 2000:
            p = g.current_player
            view = g.view(p)
            for q, numbers in readers[p].observe(view).items():
                assert q != p
                reads += 1
                held = {x for t in g._hands[q] for x in (t.high, t.low)}
                assert not held & numbers, (seed, d, q, numbers, g._hands[q])
            c = bots[p].choose(view, g.legal_actions(), decision_rng(seed, p, d))
            readers[p].played(view, c)
            g.apply(c)
            d += 1
    assert reads > 0


def test_deal_hidden_keeps_tiles_of_numbers_a_player_lacks_out_of_their_hand():
    pool = [t for t in double_set(12)]
    random.Random(3).shuffle(pool)
    counts = [5, 6, 7, 8]
    hands, boneyard = deal_hidden(list(pool), counts, 0, {2: frozenset({3, 7, 12})})
    assert hands[0] == []
    assert [len(h) for h in hands[1:]] == [6, 7, 8]
    assert all(3 not in t and 7 not in t and 12 not in t for t in hands[2])
    dealt = [t for h in hands for t in h] + boneyard
    assert sorted(dealt) == sorted(pool)
    # too few tiles without the numbers: the hand is filled from the rest
    few = [T("3-3"), T("3-4"), T("1-2"), T("7-7")]
    hands, boneyard = deal_hidden(few, [0, 3], 0, {1: frozenset({3})})
    assert hands[1][0] == T("1-2") and len(hands[1]) == 3 and len(boneyard) == 1


def test_train_expert_counts_winning_the_round_in_its_value():
    bot = TrainExpertBot(deterministic=True)
    bot._round_w = 10.0
    assert bot._value([0, 20, 30, 40], 0, None) == 30 + 10
    assert bot._value([5, 5, 30, 40], 0, None) == (5 + 30 + 40) / 3 - 5 + 5
    assert bot._value([9, 5, 30, 40], 0, None) == (5 + 30 + 40) / 3 - 9


def test_train_expert_reading_passes_still_plays_legal_commands_only():
    bot = TrainExpertBot(deterministic=True, max_worlds=4)
    bot.read_passes = 1.0
    others = [TrainStandardBot() for _ in range(3)]
    g = MexicanTrainGame({"players": 4, "rounds": 1}, seed=7)
    g.start()
    d = 0
    while not g.is_over and d < 600:
        p = g.current_player
        legal = g.legal_actions()
        player = bot if p == 0 else others[p - 1]
        c = player.choose(g.view(p), legal, decision_rng(7, p, d))
        assert c in legal
        g.apply(c)
        d += 1
    assert g.is_over
