"""The Mexican Train expert's own quick player (core/bots/mexican_train/tactics.py)."""

from __future__ import annotations

import random

from core.bots.base import decision_rng
from core.bots.mexican_train.heuristic import TrainExpertBot, TrainStandardBot
from core.bots.mexican_train.planning import (
    Policy,
    Table,
    Weights,
    move_score,
    plan_policy,
    weighted_policy,
)
from core.bots.mexican_train.tactics import EXPERT_WEIGHTS
from core.commands import Play
from core.mexican_train.engine import MexicanTrainGame
from core.mexican_train.options import TILES_PER_PLAYER
from core.tiles import Tile, double_set
from core.tiles import parse_tile as T

M = "mexican"
STANDARD = Weights()


def random_tables(seed: int, count: int):
    """Tables part-way through sampled 4-player double-12 rounds, with a player to move."""
    rng = random.Random(seed)
    tiles = [t for t in double_set(12) if t != Tile(12, 12)]
    for _ in range(count):
        rng.shuffle(tiles)
        table = Table(4, 12, 12)
        for q in range(4):
            table.hands[q] = sorted(tiles[q * 15:(q + 1) * 15], reverse=True)
        table.boneyard = tiles[60:]
        for _ in range(rng.randrange(16)):
            table.turn(rng.randrange(4), plan_policy)
            if table.out is not None:
                break
        if table.out is None:
            yield table, rng.randrange(4)


def test_with_the_default_weights_it_is_the_standard_heuristic():
    policy = weighted_policy(STANDARD)
    checked = 0
    for table, p in random_tables(7, 80):
        opts = table.options(p)
        if len(opts) >= 2:
            plan = table.plan(p)
            threat = min(len(table.hands[q]) for q in range(4) if q != p)
            scores = [move_score(table, p, t, k, plan, threat) for t, k in opts]
            assert policy(table, p, opts, []) == opts[scores.index(max(scores))]
            checked += 1
    assert checked >= 30


def test_it_lays_a_double_it_cannot_follow_up_where_the_standard_keeps_it():
    # Player 0 holds 9-9 and nothing else with a 9; the Mexican train ends in 9.
    hands = [["12-5", "5-2", "9-9", "3-1"], ["12-9", "11-0", "10-0"]]
    deal = {"first_player": 0, "hands": [[T(t) for t in h] for h in hands], "boneyard": []}
    g = MexicanTrainGame({"players": 2, "rounds": 1}, seed=0, deals=[deal])
    g.start()
    g.apply(Play(0, T("12-5"), 0))
    g.apply(Play(1, T("12-9"), M))
    view, legal = g.view(0), g.legal_actions()
    assert TrainStandardBot().choose(view, legal, decision_rng(0, 0, 0)) == Play(0, T("5-2"), 0)
    # One sampled deal gives the search no evidence: the expert plays its own choice.
    expert = TrainExpertBot(deterministic=True, max_worlds=1)
    assert expert.choose(view, legal, decision_rng(0, 0, 0)) == Play(0, T("9-9"), M)


def _round(seed: int, policies) -> list[int]:
    rng = random.Random(seed)
    deck = [t for t in double_set(12) if t != Tile(12, 12)]
    rng.shuffle(deck)
    k = TILES_PER_PLAYER[12][4]
    table = Table(4, 12, 12)
    table.hands = [sorted(deck[i * k:(i + 1) * k], reverse=True) for i in range(4)]
    table.boneyard = deck[4 * k:]
    p, turns = rng.randrange(4), 0
    while table.out is None and not table.blocked() and turns < 600:
        table.turn(p, policies[p])
        p, turns = (p + 1) % 4, turns + 1
    return [0 if q == table.out else table.points(q) for q in range(4)]


def test_it_wins_more_one_round_games_than_the_standard_player_against_three_of_them():
    # Each deal is played four times, the quick player in each seat in turn.
    policy = weighted_policy(EXPERT_WEIGHTS)
    share, games = 0.0, 0
    for deal in range(250):
        for seat in range(4):
            policies: list[Policy] = [plan_policy] * 4
            policies[seat] = policy
            points = _round(9000 + deal, policies)
            low = min(points)
            if points[seat] == low:
                share += 1 / points.count(low)
            games += 1
    assert share / games > 0.27          # the standard player's share is 0.25
