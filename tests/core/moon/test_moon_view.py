"""What a Moon player may see: their own tiles and the table, never others' hands,
the widow or the discard (the bidder alone sees the widow it took and its discard)."""

from __future__ import annotations

import dataclasses
import random

from core.commands import Bid, Discard, NameTrump
from core.game import Phase
from core.moon.engine import MoonGame, MoonView
from core.tiles import Tile, parse_tile


def tiles_shown(view: MoonView) -> set[Tile]:
    """Every tile anywhere in a view."""
    found: set[Tile] = set()

    def walk(value):
        if isinstance(value, Tile):
            found.add(value)
        elif isinstance(value, (tuple, list)):
            for v in value:
                walk(v)
        elif dataclasses.is_dataclass(value):
            for f in dataclasses.fields(value):
                walk(getattr(value, f.name))

    for f in dataclasses.fields(view):
        walk(getattr(view, f.name))
    return found


def test_moon_view_shows_own_hand_and_public_table_only():
    game = MoonGame(seed=21)
    game.start()
    rng = random.Random(21)
    for _ in range(400):
        if game.is_over:
            break
        state = game.state_key()
        played = {parse_tile(t) for trick in state["tricks"] for _, t in trick[2]}
        played |= {parse_tile(t) for _, t in state["current_trick"]}
        for p in range(3):
            view = game.view(p)
            own = {parse_tile(t) for t in state["hands"][p]}
            allowed = own | played
            if p == state["bidder"]:
                allowed |= {parse_tile(state["widow"])}
                if state["discard"]:
                    allowed |= {parse_tile(state["discard"])}
            assert tiles_shown(view) <= allowed
            assert set(view.hand) == own
            assert view.hand_counts == tuple(len(h) for h in state["hands"])
            assert view.scores == tuple(state["scores"])
            assert view.legal == (tuple(game.legal_actions()) if p == game.current_player
                                  else ())
        game.apply(rng.choice(game.legal_actions()))


def test_moon_view_table_state_through_a_hand():
    deal = {"first_bidder": 1,
            "hands": [["6-6", "6-5", "6-4", "6-3", "5-5", "4-4", "3-3"],
                      ["6-2", "6-1", "5-4", "5-3", "2-2", "1-1", "0-0"],
                      ["5-2", "5-1", "4-3", "4-2", "4-1", "3-2", "3-1"]],
            "widow": "2-1"}
    game = MoonGame(seed=0, deals=[deal])
    game.start()
    view = game.view(2)
    assert (view.player, view.phase, view.to_act, view.hand_number, view.first_bidder) == \
        (2, Phase.BID, 1, 1, 1)
    assert (view.bidder, view.bid, view.trump, view.mode, view.leader) == (None,) * 5
    assert view.hand == tuple(parse_tile(t) for t in deal["hands"][2])
    assert view.target == 21 and view.options == MoonGame.option_table.defaults()
    assert view.high_bid is None
    game.apply(Bid(1, 5))
    assert game.view(0).high_bid == 5
    game.apply(Bid(2, None))
    game.apply(Bid(0, 6))
    view0, view1 = game.view(0), game.view(1)
    assert view0.hand_counts == (8, 7, 7) and len(view0.hand) == 8
    assert view0.widow_taken == parse_tile("2-1") and view1.widow_taken is None
    game.apply(Discard(0, parse_tile("3-3")))
    game.apply(NameTrump(0, "6"))
    view1 = game.view(1)
    assert (view1.phase, view1.bidder, view1.bid, view1.trump, view1.leader, view1.to_act) == \
        (Phase.PLAY, 0, 6, "6", 0, 0)
    assert view1.mode.trump == "6" and view1.discard is None
    assert game.view(0).discard == parse_tile("3-3")
    assert view1.current_trick == () and view1.tricks == () and view1.tricks_won == (0, 0, 0)
