"""Texas 42 bots (core/bots/texas42_bots.py, texas42_expert.py) and the open-hand
solver behind the expert (core/bots/trick_solver.py): legal answers in every variant,
the standard bot's rules of thumb, the expert's search, and the solver against brute
force."""

from __future__ import annotations

import random

import pytest

from core.bots.texas42.expert import Texas42ExpertBot
from core.bots.texas42.heuristic import Texas42EasyBot, Texas42StandardBot, hidden_of, unseen_tiles
from core.bots.trick.evaluation import estimate_tricks, nello_risk, sevens_make_rate
from core.bots.trick.sampling import sample
from core.bots.trick.solver import COUNT_POINTS, INDEX, TILES, SearchAborted, TrickSolver, mask_of, tables_for
from core.commands import MARK, Bid, NameTrump, Play
from core.game import Phase
from core.texas42.engine import CompletedTrick, Texas42Game, Texas42View
from core.texas42.options import Target
from core.tiles import Tile, double_set, parse_tile
from core.tricks.play import TrumpMode, legal_plays, trick_winner

FAST = dict(samples=2, nodes=800)
VARIANTS = {"nello": True, "sevens": True, "plunge": True}


def tiles(text: str) -> list[Tile]:
    return [parse_tile(x) for x in text.split()]


def make(level: str):
    return {"easy": Texas42EasyBot, "standard": Texas42StandardBot}[level]() \
        if level != "expert" else Texas42ExpertBot(**FAST)


def answer(game, bot, i=0):
    p = game.current_player
    view = game.view(p)
    command = bot.choose(view, list(view.legal), random.Random(i))
    assert command in game.legal_actions(), (view.phase, command)
    game.apply(command)
    return view, command


def run_hand(game, bot, script=None, limit=80):
    """Play the current hand out; ``script`` maps (phase, player) to forced commands."""
    seen = set()
    number = game.hand_number
    for i in range(limit):
        if game.is_over or game.hand_number != number:
            break
        p = game.current_player
        key = (game.phase, p)
        if script and key in script:
            game.apply(script.pop(key))
            continue
        view, _ = answer(game, bot, i)
        seen.add((view.phase, view.trump))
        assert view.sitting_out != p
    return seen


# Player 0 holds five doubles (Plunge), player 1 a low hand (Nel-O), player 2 tiles
# close to seven (Sevens).
DEAL = {"hand": 1, "shaker": 3, "hands": [
    tiles("6-6 5-5 4-4 3-3 2-2 6-5 6-4"),
    tiles("1-0 2-0 3-0 2-1 3-1 4-0 1-1"),
    tiles("6-1 5-2 4-3 6-0 5-1 4-2 5-3"),
    tiles("6-3 6-2 5-4 5-0 4-1 3-2 0-0")]}


@pytest.mark.parametrize("level", ["easy", "standard", "expert"])
def test_42_bots_answer_bids_trumps_and_plays_with_a_legal_command(level):
    game = Texas42Game(dict(VARIANTS), seed=4)
    game.start()
    seen = run_hand(game, make(level))
    assert {Phase.BID, Phase.TRUMP, Phase.PLAY} <= {phase for phase, _ in seen}


@pytest.mark.parametrize("level", ["easy", "standard", "expert"])
@pytest.mark.parametrize("contract", ["nello", "sevens", "plunge", "none", "doubles"])
def test_42_bots_play_every_contract_legally(level, contract):
    options = dict(VARIANTS, follow_me_doubles="own_suit")
    game = Texas42Game(options, seed=1, deals=[dict(DEAL)])
    game.start()
    bot = make(level)
    script = {}
    if contract == "plunge":
        script[(Phase.BID, 0)] = Bid(0, 4 * MARK, plunge=True)
    else:
        script[(Phase.BID, 0)] = Bid(0, 2 * MARK)
        script[(Phase.TRUMP, 0)] = NameTrump(0, contract)
    for p in (1, 2, 3):
        script.setdefault((Phase.BID, p), Bid(p, None))
    seen = run_hand(game, bot, script)
    trump = {"plunge": None}.get(contract, contract)
    plays = {t for phase, t in seen if phase == Phase.PLAY}
    if trump is not None:
        assert plays == {trump}
    else:
        # the plunger's partner named trumps itself
        assert (Phase.TRUMP, None) in seen and plays


def test_42_standard_plunges_with_five_doubles_and_rates_nello_and_sevens_hands():
    view = bid_view(DEAL["hands"][0], player=0, options=VARIANTS)
    assert any(c.plunge for c in view.legal)
    assert Texas42StandardBot().choose(view, view.legal, random.Random(0)).plunge
    nello_hand = DEAL["hands"][1]
    assert nello_risk(nello_hand, TrumpMode("nello", doubles="own_suit"), double_set(6)) < 0.5
    assert sevens_make_rate(DEAL["hands"][2], double_set(6), random.Random(1)) > 0.5


def test_42_easy_and_standard_never_bid_above_what_trumps_support():
    rng = random.Random(6)
    for _ in range(100):
        deck = double_set(6)
        rng.shuffle(deck)
        hand = deck[:7]
        view = bid_view(hand)
        easy = Texas42EasyBot().choose(view, view.legal, rng)
        assert easy.bid is None or easy.bid == 30
        if easy.bid is not None:
            assert any(sum(t.has(n) for t in hand) >= 4 and Tile(n, n) in hand
                       for n in range(7))
        standard = Texas42StandardBot().choose(view, view.legal, rng)
        if standard.bid is not None:
            best = max(estimate_tricks(hand, TrumpMode(t), double_set(6))
                       for t in [str(n) for n in range(7)] + ["doubles", "none"])
            assert best >= 2.5
            assert standard.bid < MARK or best >= 6


def bid_view(hand, player=0, options=None, bids=()) -> Texas42View:
    opts = {"target": "marks:7", "play_out": False, "follow_me_doubles": "high",
            "trump_by_first_tile": False, "nello": False, "nello_doubles": "own_suit",
            "sevens": False, "sevens_free_play": False, "plunge": False}
    opts.update(options or {})
    from core.texas42.bidding import legal_bids
    high = max([b for _, b, _, _ in bids if b is not None], default=None)
    doubles = sum(1 for t in hand if t.is_double)
    legal = tuple(Bid(player, b, pl) for b, pl in legal_bids(
        high, plunge_allowed=bool(opts["plunge"]) and doubles >= 4))
    return Texas42View(player=player, phase=Phase.BID, to_act=player,
                       hand=tuple(sorted(hand, reverse=True)), hand_number=1,
                       shaker=(player + 3) % 4, bids=tuple(bids), bidder=None, bid=high,
                       plunge=False, trump=None, trump_caller=None, mode=None,
                       sitting_out=None, leader=None, tricks=(), current_trick=(),
                       points=(0, 0), team_stacks=((), ()), totals=(0, 0),
                       target=Target("marks", 7), hand_counts=(7, 7, 7, 7), legal=legal,
                       options=opts)


def play_view(*, player, hand, trump, bidder, bid, tricks, current=(), leader=None):
    """A 42 view in the play phase, built from completed tricks ((leader, plays), ...)."""
    mode = TrumpMode(trump)
    done, points = [], [0, 0]
    for i, (lead, plays) in enumerate(tricks):
        played = tuple((p, parse_tile(t)) for p, t in plays)
        winner = played[trick_winner([t for _, t in played], mode)][0]
        pts = 1 + sum(COUNT_POINTS.get(t, 0) for _, t in played)
        points[winner % 2] += pts
        done.append(CompletedTrick(i + 1, lead, played, winner, pts))
    if leader is None:
        leader = done[-1].winner if done else bidder
    current = tuple((p, parse_tile(t)) for p, t in current)
    hand = tuple(sorted(tiles(hand), reverse=True))
    counts = [7 - len(done)] * 4
    for p, _ in current:
        counts[p] -= 1
    assert counts[player] == len(hand)
    to_act = (leader + len(current)) % 4
    legal = tuple(Play(player, t) for t in legal_plays(list(hand), [t for _, t in current],
                                                      mode)) if to_act == player else ()
    opts = bid_view([]).options
    return Texas42View(player=player, phase=Phase.PLAY, to_act=to_act, hand=hand,
                       hand_number=1, shaker=(bidder + 3) % 4,
                       bids=((bidder, bid, False, False),), bidder=bidder, bid=bid,
                       plunge=False, trump=trump, trump_caller=bidder, mode=mode,
                       sitting_out=None, leader=leader, tricks=tuple(done),
                       current_trick=current, points=(points[0], points[1]),
                       team_stacks=((), ()), totals=(0, 0), target=Target("marks", 7),
                       hand_counts=tuple(counts), legal=legal, options=opts)


# -- the standard bot -------------------------------------------------------------------

def test_42_standard_throws_count_to_partners_safe_trick():
    # partner (2) leads 4-4, the boss of fours; 3 follows; 0 holds 6-4 (10 count) and
    # 4-3: with 1 still to play, 4-4 cannot be beaten by a four, and 1 has not shown out
    view = play_view(player=0, hand="6-4 4-3 6-6 5-1 2-1 1-1 0-0", trump="1", bidder=2,
                     bid=30, tricks=[], current=[(2, "4-4"), (3, "4-2")], leader=2)
    choice = Texas42StandardBot().choose(view, view.legal, random.Random(0))
    assert choice == Play(0, Tile(6, 4))


def test_42_standard_does_not_overtake_partner_and_gives_count_instead():
    # partner (2) wins with 4-4 led by 1; 0 is last and out of fours: it does not trump
    view = play_view(player=0, hand="6-6 6-5 5-5 3-2 2-1 1-0 0-0", trump="6", bidder=0,
                     bid=30, tricks=[], current=[(1, "4-1"), (2, "4-4"), (3, "4-2")],
                     leader=1)
    choice = Texas42StandardBot().choose(view, view.legal, random.Random(0))
    assert choice == Play(0, Tile(5, 5))


def test_42_standard_keeps_count_from_the_opponents():
    # opponent 1 wins with 4-4 and 0 is last without fours or a trump: no count thrown
    view = play_view(player=0, hand="5-5 3-2 2-1 1-0 0-0 5-3 3-1", trump="6", bidder=2,
                     bid=30, tricks=[], current=[(1, "4-4"), (2, "4-2"), (3, "4-0")],
                     leader=1)
    choice = Texas42StandardBot().choose(view, view.legal, random.Random(0))
    assert COUNT_POINTS.get(choice.tile, 0) == 0


def test_42_standard_bidding_team_leads_trumps_to_draw_them():
    view = play_view(player=0, hand="6-6 6-5 6-3 5-5 4-4 2-1 1-0", trump="6", bidder=0,
                     bid=32, tricks=[])
    assert Texas42StandardBot().choose(view, view.legal, random.Random(0)) == Play(0, Tile(6, 6))


def test_42_standard_wins_an_opponents_count_trick_cheaply():
    view = play_view(player=0, hand="5-5 5-4 6-2 2-1 1-0 3-1 0-0", trump="6", bidder=0,
                     bid=30, tricks=[], current=[(1, "5-0"), (2, "5-1"), (3, "5-3")],
                     leader=1)
    assert Texas42StandardBot().choose(view, view.legal, random.Random(0)) == Play(0, Tile(5, 4))


# -- the expert ---------------------------------------------------------------------------

# Sixes trumps, bid 34 by player 0; five tricks played, team 0 has 24 points. Player 0
# leads with 6-6 and 5-5 left; unseen: 6-1, 4-3, 3-1, 2-1, 1-0, 2-0 (no five). Leading
# 5-5 lets an opponent holding 6-1 trump it (set); 6-6 first draws it (made).
ENDGAME = [
    (0, [(0, "6-5"), (1, "6-4"), (2, "6-3"), (3, "6-2")]),
    (0, [(0, "5-4"), (1, "5-3"), (2, "5-2"), (3, "5-1")]),
    (0, [(0, "4-2"), (1, "4-4"), (2, "4-1"), (3, "4-0")]),
    (1, [(1, "3-3"), (2, "3-2"), (3, "3-0"), (0, "6-0")]),
    (0, [(0, "5-0"), (1, "2-2"), (2, "1-1"), (3, "0-0")]),
]


def test_42_expert_finds_the_forced_win_in_an_end_position():
    view = play_view(player=0, hand="6-6 5-5", trump="6", bidder=0, bid=34, tricks=ENDGAME)
    assert view.points == (24, 6)
    assert sorted(map(str, unseen_tiles(view))) == ["1-0", "2-0", "2-1", "3-1", "4-3", "6-1"]
    bot = Texas42ExpertBot(samples=8, nodes=5000)
    ranked = bot.analyse(view, view.legal, random.Random(3))
    assert ranked[0][0] == Play(0, Tile(6, 6))
    assert ranked[0][1] > ranked[1][1]
    assert "100%" in ranked[0][2]


def test_42_expert_nello_bidder_ducks_under():
    # Nel-O (doubles a suit of their own): 1 led 3-0, 3 played 5-3; the bidder 0 holds
    # 3-2 and 6-3 and must duck with 3-2, not win with 6-3
    view = play_view(player=0, hand="6-3 3-2 2-0 1-0 0-0 4-0 5-0", trump="6", bidder=0,
                     bid=2 * MARK, tricks=[], current=[(1, "3-0")], leader=1)
    mode = TrumpMode("nello", doubles="own_suit")
    legal = tuple(Play(0, t) for t in legal_plays(list(view.hand), [Tile(3, 0)], mode))
    view = Texas42View(**{**view.__dict__, "trump": "nello", "mode": mode, "sitting_out": 2,
                          "current_trick": ((1, Tile(3, 0)), (3, Tile(5, 3))), "to_act": 0,
                          "hand_counts": (7, 6, 7, 6), "legal": legal})
    for bot in (Texas42ExpertBot(samples=6, nodes=4000), Texas42StandardBot()):
        assert bot.choose(view, view.legal, random.Random(2)) == Play(0, Tile(3, 2))


def test_42_expert_is_deterministic_with_a_fixed_budget():
    game = Texas42Game(seed=9)
    game.start()
    bot = Texas42StandardBot()
    for i in range(9):
        answer(game, bot, i)
    view = game.view(game.current_player)
    expert = Texas42ExpertBot(samples=3, nodes=2000)
    first = expert.analyse(view, view.legal, random.Random(4))
    assert first == expert.analyse(view, view.legal, random.Random(4))
    assert sorted(map(repr, (c for c, _, _ in first))) == sorted(map(repr, view.legal))


def test_42_expert_names_trumps_and_lists_lead_for_trumps_choices():
    game = Texas42Game({"trump_by_first_tile": True}, seed=2)
    game.start()
    bot = Texas42StandardBot()
    while game.phase == Phase.BID:
        answer(game, bot)
    view = game.view(game.current_player)
    assert any(isinstance(c, Play) for c in view.legal)
    ranked = Texas42ExpertBot(samples=2, nodes=1500).analyse(view, view.legal, random.Random(0))
    assert isinstance(ranked[0][0], NameTrump)
    assert len(ranked) == len(view.legal)
    for level in ("easy", "standard", "expert"):
        assert make(level).choose(view, view.legal, random.Random(0)) in view.legal


# -- sampling -----------------------------------------------------------------------------

def test_42_sampling_respects_shown_voids_and_hand_sizes():
    # trick 1: 0 led 4-4 with sixes trumps; 1 played 3-1 (out of fours), 2 trumped
    view = play_view(player=0, hand="6-6 6-5 5-5 5-4 2-1 1-0", trump="6", bidder=0, bid=30,
                     tricks=[(0, [(0, "4-4"), (1, "3-1"), (2, "6-2"), (3, "4-1")])])
    hidden = hidden_of(view)
    fours = {t for t in double_set(6) if t.has(4) and not t.has(6)}
    for seed in range(30):
        deal = sample(hidden, random.Random(seed))
        assert [bin(deal[p]).count("1") for p in (1, 2, 3)] == [6, 6, 6]
        for p in (1, 2):
            held = {TILES[i] for i in range(28) if deal[p] >> i & 1}
            assert not held & fours


# -- the solver against brute force ---------------------------------------------------------

def brute(hands, seats, side, mode, to_act, trick, points, misere):
    order = {s: seats[(i + 1) % len(seats)] for i, s in enumerate(seats)}

    def value(to_act, trick):
        if not trick and not hands[to_act]:
            return 0
        results = []
        for t in legal_plays(hands[to_act], [x for _, x in trick], mode):
            hands[to_act].remove(t)
            now = trick + [(to_act, t)]
            if len(now) == len(seats):
                winner = now[trick_winner([x for _, x in now], mode)][0]
                v = (1 + sum(points.get(x, 0) for _, x in now)) if side[winner] else 0
                v += value(winner, [])
            else:
                v = value(order[to_act], now)
            hands[to_act].append(t)
            results.append(v)
        maximise = bool(side[to_act]) != misere
        return max(results) if maximise else min(results)

    return value(to_act, list(trick))


MODES = ([TrumpMode(str(n)) for n in range(7)] + [TrumpMode("doubles")]
         + [TrumpMode("none", doubles=d) for d in ("high", "low", "own_suit")]
         + [TrumpMode("nello", doubles="own_suit"), TrumpMode("sevens"),
            TrumpMode("sevens", free_play=True)])


def test_solver_agrees_with_brute_force_on_random_small_positions():
    rng = random.Random(12)
    for case in range(120):
        mode = rng.choice(MODES)
        deck = double_set(6)
        rng.shuffle(deck)
        seats = rng.choice([[0, 1, 2, 3], [0, 1, 2], [0, 1, 3]])
        size = rng.randint(1, 3)
        hands = {s: deck[i * size:(i + 1) * size] for i, s in enumerate(seats)}
        side = [rng.randint(0, 1) for _ in range(4)]
        misere = rng.random() < 0.25
        points = COUNT_POINTS if rng.random() < 0.6 else {}
        to_act = rng.choice(seats)
        trick = []
        order = {s: seats[(i + 1) % len(seats)] for i, s in enumerate(seats)}
        for _ in range(rng.randint(0, len(seats) - 1)):
            t = rng.choice(legal_plays(hands[to_act], [x for _, x in trick], mode))
            hands[to_act].remove(t)
            trick.append((to_act, t))
            to_act = order[to_act]
        expected = brute({s: list(h) for s, h in hands.items()}, seats, side, mode, to_act,
                         trick, points, misere)
        masks = [mask_of(hands.get(s, [])) for s in range(4)]
        on_table = [(s, INDEX[t]) for s, t in trick]
        pts = [points.get(t, 0) for t in TILES]
        solver = TrickSolver(tables_for(mode), seats, side, pts, misere=misere)
        assert solver.solve(masks, to_act, on_table) == expected, case
        assert solver.value(masks, to_act, on_table) == expected, case
        moves = TrickSolver(tables_for(mode), seats, side, pts,
                            misere=misere).move_values(masks, to_act, on_table)
        maximise = bool(side[to_act]) != misere
        best = max(moves.values()) if maximise else min(moves.values())
        assert best == expected, case
        assert set(moves) == {INDEX[t] for t in legal_plays(
            hands[to_act], [x for _, x in trick], mode)}


def test_solver_node_limit_aborts_and_depth_limit_answers():
    deck = double_set(6)
    random.Random(3).shuffle(deck)
    masks = [mask_of(deck[i * 7:(i + 1) * 7]) for i in range(4)]
    pts = [COUNT_POINTS.get(t, 0) for t in TILES]
    solver = TrickSolver(tables_for(TrumpMode("6")), [0, 1, 2, 3], [1, 0, 1, 0], pts,
                         node_limit=500)
    with pytest.raises(SearchAborted):
        solver.solve(masks, 0)
    shallow = TrickSolver(tables_for(TrumpMode("6")), [0, 1, 2, 3], [1, 0, 1, 0], pts)
    v = shallow.solve(masks, 0, depth=1)
    assert 0 <= v <= 42
    assert shallow.nodes < 5000


def test_expert_bid_rests_on_its_floor_of_deals_even_when_the_clock_is_short():
    # A slow or busy machine must not leave a bid resting on a handful of deals: the
    # best-looking of a few noisy estimates overbids.
    bot = Texas42ExpertBot(budget_s=0.0001)
    assert bot._budget(True).floor_samples == 16
    game = Texas42Game(options={}, seed=3)
    game.start()
    p = game.current_player
    analysis = bot.analyse(game.view(p), game.legal_actions(), random.Random(1))
    counts = {int(why.split(" of ")[1].split()[0]) for _, _, why in analysis if " of " in why}
    assert counts and min(counts) >= 16
    # Plays keep to their clock: no floor there.
    assert bot._budget(False).floor_samples == 0


# -- defending a mark bid: one trick sets it ----------------------------------------------

# Sixes trumps, 1 mark (42) by player 0, whose team won the first four tricks (29 points).
# Defender 1, void in trumps, holds 5-4, 4-1 and 3-2. Unseen: 6-1, 5-3, 5-2, 4-4, 3-3,
# 2-2, 1-1, 0-0. The count tiles 4-1 and 3-2 can beat nothing left; 5-4 beats 5-3 and 5-2.
MARK_TRICKS = [
    (0, [(0, "6-6"), (1, "2-0"), (2, "6-0"), (3, "6-3")]),
    (0, [(0, "6-5"), (1, "2-1"), (2, "4-0"), (3, "3-0")]),
    (0, [(0, "6-4"), (1, "1-0"), (2, "3-1"), (3, "4-2")]),
    (0, [(0, "5-5"), (1, "5-1"), (2, "4-3"), (3, "5-0")]),
]


@pytest.mark.parametrize("level", ["standard", "easy"])
def test_42_defender_of_a_mark_bid_keeps_the_tile_that_can_set_it(level):
    view = play_view(player=1, hand="5-4 4-1 3-2", trump="6", bidder=0, bid=42,
                     tricks=MARK_TRICKS, current=[(0, "6-2")])
    assert view.points == (29, 0) and len(view.legal) == 3
    bot = make(level)
    choice = bot.choose(view, view.legal, random.Random(0))
    # (keeping count from the opponents' trick, the bot used to throw 5-4 here)
    assert choice.tile in (Tile(4, 1), Tile(3, 2))


def test_42_one_trick_sets_mark_bids_and_point_bids_at_their_limit():
    from core.bots.texas42.heuristic import one_trick_sets
    mark = play_view(player=1, hand="5-4 4-1 3-2", trump="6", bidder=0, bid=42,
                     tricks=MARK_TRICKS, current=[(0, "6-2")])
    assert one_trick_sets(mark)
    # a bid of 30 with the defenders on 0 points: they may lose 12 more
    point = play_view(player=1, hand="5-4 4-1 3-2", trump="6", bidder=0, bid=30,
                      tricks=MARK_TRICKS, current=[(0, "6-2")])
    assert not one_trick_sets(point)
