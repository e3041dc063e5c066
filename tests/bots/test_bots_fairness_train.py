"""Mexican Train bots play fair: a choice depends only on what the player may see.

A game is played and recorded. At several decisions, the tiles the deciding
player cannot see (the others' hands and the boneyard) are dealt differently,
consistently with everything that player saw: the same commands are replayed
on the new deal (they must all stay legal), the player's view must come out
the same, and every bot, given the same decision generator, must choose the
same command. Only the hidden tiles changed, so a bot that peeked would differ.
"""

from __future__ import annotations

import random

import pytest

from core.bots import LEVELS, make_bot
from core.bots.base import decision_rng
from core.bots.mexican_train.heuristic import TrainExpertBot
from core.commands import Draw, Play
from core.errors import IllegalMove
from core.mexican_train.engine import MexicanTrainGame
from core.tiles import Tile

OPTIONS = {"set": 9, "players": 3, "rounds": 1}


def bot_for(level: str):
    if level == "expert":
        return TrainExpertBot(deterministic=True, max_worlds=4)
    return make_bot("mexican_train", level)


def recorded_game(seed: int):
    """A game of standard bots: its round preset and every command, in order."""
    g = MexicanTrainGame(OPTIONS, seed=seed)
    g.start()
    bot = make_bot("mexican_train", "standard")
    commands = []
    while not g.is_over:
        p = g.current_player
        command = bot.choose(g.view(p), g.legal_actions(), decision_rng(seed, p, len(commands)))
        commands.append(command)
        g.apply(command)
    preset = MexicanTrainGame.deals_from_record([e.to_record() for e in g.history])[0]
    return preset, commands


def replay(seed: int, preset: dict, commands) -> MexicanTrainGame | None:
    g = MexicanTrainGame(OPTIONS, seed=seed, deals=[preset])
    g.start()
    try:
        for command in commands:
            g.apply(command)
    except IllegalMove:
        return None
    return g


def hidden_positions(preset: dict, g: MexicanTrainGame, player: int, drawn: int):
    """Where the tiles ``player`` cannot see now sit in the deal: ("hand", q, j) or
    ("boneyard", j)."""
    view = g.view(player)
    visible = set(view.hand) | {t for tr in view.trains for t in tr.tiles} | {view.engine}
    places = []
    for q, hand in enumerate(preset["hands"]):
        if q == player:
            continue
        places += [("hand", q, j) for j, t in enumerate(hand) if t not in visible]
    places += [("boneyard", j) for j, t in enumerate(preset["boneyard"]) if t not in visible]
    return places


def get(preset, place) -> Tile:
    return preset["hands"][place[1]][place[2]] if place[0] == "hand" else \
        preset["boneyard"][place[1]]


def put(preset, place, t: Tile) -> None:
    if place[0] == "hand":
        preset["hands"][place[1]][place[2]] = t
    else:
        preset["boneyard"][place[1]] = t


def redeal(preset: dict, places, rng: random.Random, how: str, drawn: int) -> dict:
    new = {**preset, "hands": [list(h) for h in preset["hands"]],
           "boneyard": list(preset["boneyard"])}
    if how == "boneyard":          # the order of the undrawn boneyard
        chosen = [p for p in places if p[0] == "boneyard" and p[1] >= drawn]
    elif how == "swap":            # two hidden tiles trade places
        chosen = rng.sample(places, 2) if len(places) >= 2 else []
    else:                          # every hidden tile anywhere hidden
        chosen = list(places)
    tiles = [get(preset, p) for p in chosen]
    rng.shuffle(tiles)
    for p, t in zip(chosen, tiles):
        put(new, p, t)
    return new


@pytest.mark.parametrize("seed", [3, 8])
def test_train_bots_choices_do_not_depend_on_hidden_tiles(seed):
    preset, commands = recorded_game(seed)
    bots = {level: bot_for(level) for level in LEVELS}
    rng = random.Random(seed)
    compared = 0
    others_differ = 0
    decisions = [d for d, c in enumerate(commands) if isinstance(c, Play)]
    for d in decisions[::3]:
        player = commands[d].player
        original = replay(seed, preset, commands[:d])
        view, legal = original.view(player), original.legal_actions()
        if len([c for c in legal if isinstance(c, Play)]) < 2:
            continue
        drawn = sum(isinstance(c, Draw) for c in commands[:d])
        places = hidden_positions(preset, original, player, drawn)
        expected = {level: bot.choose(view, legal, decision_rng(seed, player, d))
                    for level, bot in bots.items()}
        for how in ("boneyard", "swap", "swap", "all"):
            alt = redeal(preset, places, rng, how, drawn)
            g = replay(seed, alt, commands[:d])
            if g is None:
                continue               # that deal is not consistent with the game so far
            assert g.view(player) == view
            assert g.legal_actions() == legal
            if any(sorted(g.view(q).hand) != sorted(original.view(q).hand)
                   for q in range(g.n) if q != player):
                others_differ += 1
            for level, bot in bots.items():
                got = bot.choose(g.view(player), g.legal_actions(),
                                 decision_rng(seed, player, d))
                assert got == expected[level], (level, d, how)
            compared += 1
    assert compared >= 8
    assert others_differ >= 3
