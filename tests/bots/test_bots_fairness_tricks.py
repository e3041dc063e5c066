"""Fairness of the Moon and Texas 42 bots: a bot's choice depends only on what its seat
may know. Two games whose deals differ only in tiles the deciding player cannot see
(others' hands, Moon's widow and discard) reach the same view; every level, given the
same generator, must then choose the same, for several kinds of decision."""

from __future__ import annotations

import random

import pytest

from core.bots.moon.expert import MoonExpertBot
from core.bots.moon.heuristic import MoonEasyBot, MoonStandardBot
from core.bots.moon.heuristic import hidden_of as moon_hidden
from core.bots.texas42.expert import Texas42ExpertBot
from core.bots.texas42.heuristic import Texas42EasyBot, Texas42StandardBot
from core.bots.texas42.heuristic import hidden_of as texas_hidden
from core.bots.trick.sampling import sample
from core.bots.trick.solver import tiles_of as tiles_in
from core.bots.trick.view import played_by
from core.commands import Discard
from core.game import Phase
from core.moon.engine import MoonGame
from core.texas42.engine import Texas42Game

FAST = dict(samples=2, nodes=800)
MOON_BOTS = {"easy": MoonEasyBot, "standard": MoonStandardBot,
             "expert": lambda: MoonExpertBot(**FAST)}
TEXAS_BOTS = {"easy": Texas42EasyBot, "standard": Texas42StandardBot,
              "expert": lambda: Texas42ExpertBot(**FAST)}


def reach(game, stop) -> tuple[list, int]:
    """Play standard bots until ``stop(game)``; the commands given, and who acts now."""
    bots = MoonStandardBot() if isinstance(game, MoonGame) else Texas42StandardBot()
    commands = []
    for i in range(200):
        if stop(game):
            return commands, game.current_player
        p = game.current_player
        command = bots.choose(game.view(p), game.legal_actions(), random.Random(i))
        game.apply(command)
        commands.append(command)
    raise AssertionError("the decision was never reached")


# -- Moon ---------------------------------------------------------------------------------

def moon_twin(game: MoonGame, commands: list, player: int, seed: int) -> MoonGame:
    """A game dealt differently where ``player`` cannot see, replayed to the same point."""
    view = game.view(player)
    deal = sample(moon_hidden(view), random.Random(seed))
    first = game.history[0]
    dealt = game.history[1]
    played = played_by(view)
    hands = {player: list(dealt.hands[player])}
    widow = None
    discard = None
    for p in range(3):
        if p == player:
            continue
        hands[p] = tiles_in(deal[p]) + played.get(p, [])
    if "widow" in deal:
        widow = tiles_in(deal["widow"])[0]
    bidder = view.bidder
    if bidder is not None and bidder != player:
        # the bidder's eight tiles: its hand, what it played, and the hidden discard
        eight = hands[bidder] + tiles_in(deal["discard"])
        discard = tiles_in(deal["discard"])[0]
        widow = random.Random(seed).choice(sorted(eight))
        hands[bidder] = [t for t in eight if t != widow]
    if bidder == player:
        widow = view.widow_taken
        hands[player] = list(dealt.hands[player])
    assert widow is not None
    preset = {"hand": 1, "first_bidder": first.first_bidder,
              "hands": [sorted(hands[p]) for p in range(3)], "widow": widow}
    twin = MoonGame(dict(game.options), seed=game.seed, deals=[preset])
    twin.start()
    for command in commands:
        if isinstance(command, Discard) and command.player != player:
            command = Discard(command.player, discard)
        twin.apply(command)
    return twin


def moon_stop(kind: str):
    def stop(game: MoonGame) -> bool:
        view = game.view(game.current_player)
        if kind == "bid":
            return view.phase == Phase.BID and len(view.bids) == 1
        if kind in ("widow", "trump"):
            return view.phase == kind
        if view.phase != Phase.PLAY:
            return False
        me = game.current_player
        if kind == "play_bidder":
            return me == view.bidder and len(view.tricks) == 2
        return me != view.bidder and len(view.tricks) == 1 and len(view.current_trick) == 1
    return stop


@pytest.mark.parametrize("kind", ["bid", "widow", "trump", "play_bidder", "play_defender"])
def test_moon_choice_ignores_what_the_player_cannot_see(kind):
    for seed in (1, 2):
        game = MoonGame(seed=seed)
        game.start()
        commands, player = reach(game, moon_stop(kind))
        twin = moon_twin(game, commands, player, seed + 100)
        view, twin_view = game.view(player), twin.view(player)
        assert view == twin_view
        assert twin.state_key()["hands"] != game.state_key()["hands"] or \
            twin.state_key()["widow"] != game.state_key()["widow"]
        for level, make in MOON_BOTS.items():
            a = make().choose(view, view.legal, random.Random(seed))
            b = make().choose(twin_view, twin_view.legal, random.Random(seed))
            assert a == b, (kind, level)


# -- Texas 42 -------------------------------------------------------------------------------

def texas_twin(game: Texas42Game, commands: list, player: int, seed: int) -> Texas42Game:
    view = game.view(player)
    deal = sample(texas_hidden(view), random.Random(seed))
    played = played_by(view)
    hands = []
    for p in range(4):
        if p == player:
            hands.append(list(game.dealt[p]))
        else:
            hands.append(tiles_in(deal[p]) + played.get(p, []))
    preset = {"hand": 1, "shaker": view.shaker, "hands": [sorted(h) for h in hands]}
    twin = Texas42Game(dict(game.options), seed=game.seed, deals=[preset])
    twin.start()
    for command in commands:
        twin.apply(command)
    return twin


def texas_stop(kind: str):
    def stop(game: Texas42Game) -> bool:
        view = game.view(game.current_player)
        if kind == "bid":
            return view.phase == Phase.BID and len(view.bids) == 2
        if kind == "trump":
            return view.phase == Phase.TRUMP
        if view.phase != Phase.PLAY:
            return False
        me = game.current_player
        if kind == "play_partner":
            return me == (view.bidder + 2) % 4 and len(view.tricks) == 1
        return me % 2 != view.bidder % 2 and len(view.tricks) == 2 and view.current_trick
    return stop


@pytest.mark.parametrize("options", [{}, {"nello": True, "sevens": True, "plunge": True}])
@pytest.mark.parametrize("kind", ["bid", "trump", "play_partner", "play_defender"])
def test_42_choice_ignores_what_the_player_cannot_see(kind, options):
    for seed in (3, 4):
        game = Texas42Game(dict(options, play_out=True), seed=seed)
        game.start()
        commands, player = reach(game, texas_stop(kind))
        twin = texas_twin(game, commands, player, seed + 100)
        view, twin_view = game.view(player), twin.view(player)
        assert view == twin_view
        assert twin.state_key()["hands"] != game.state_key()["hands"]
        for level, make in TEXAS_BOTS.items():
            a = make().choose(view, view.legal, random.Random(seed))
            b = make().choose(twin_view, twin_view.legal, random.Random(seed))
            assert a == b, (kind, level)
