"""Helpers for the Texas 42 tests: preset deals, and driving a game to a given point.

The helpers are checked here too, so a broken helper cannot hide a broken test.
"""

from __future__ import annotations

from typing import Any

import pytest

from core.commands import MARK, Bid, NameTrump, Play
from core.game import Phase
from core.texas42.engine import Texas42Game
from core.tiles import Tile, double_set, parse_tile

# Seat 0 holds every six; the others hold the rest in order.
SIXES = ["6-6 6-5 6-4 6-3 6-2 6-1 6-0",
         "5-5 5-4 5-3 5-2 5-1 5-0 4-4",
         "4-3 4-2 4-1 4-0 3-3 3-2 3-1",
         "3-0 2-2 2-1 2-0 1-1 1-0 0-0"]


def tiles(text: str) -> list[Tile]:
    return [parse_tile(x, 6) for x in text.split()]


def preset(hands: list[str], shaker: int = 3) -> dict[str, Any]:
    return {"hand": 1, "shaker": shaker, "hands": [tiles(h) for h in hands]}


def rotate(hands: list[str], seat: int) -> list[str]:
    """The same deal with hand 0 moved to ``seat`` (and the others after it)."""
    return [hands[(p - seat) % 4] for p in range(4)]


def game_with(hands: list[str], shaker: int = 3, *, extra: list[dict] | None = None,
              seed: int = 1, **options: Any) -> Texas42Game:
    """A started game whose first hand is ``hands`` (then ``extra`` presets, then live)."""
    deals = [preset(hands, shaker)] + list(extra or [])
    game = Texas42Game(options=options, seed=seed, deals=deals)
    game.start()
    return game


def bids(game: Texas42Game, *values: int | None | str) -> list:
    """Bid for the next players in turn. "plunge" is a Plunge; "m2" is 2 marks."""
    events = []
    for value in values:
        plunge = value == "plunge"
        if plunge:
            value = 4 * MARK
        elif isinstance(value, str):
            value = int(value[1:]) * MARK
        events += game.apply(Bid(game.current_player, value, plunge))
    return events


def win_auction(game: Texas42Game, bid: int | str, trump: str | None = None) -> list:
    """The first bidder bids ``bid``, the rest pass; the bidder names ``trump``."""
    events = bids(game, bid, None, None, None)
    if trump is not None:
        events += game.apply(NameTrump(game.current_player, trump))
    return events


def play_first_legal(game: Texas42Game, until=lambda events: False) -> list:
    """Each player plays their highest legal tile until ``until(events)`` or the hand ends."""
    events: list = []
    hand = game.hand_number
    while game.phase == Phase.PLAY and game.hand_number == hand:
        legal = game.legal_actions()
        events += game.apply(legal[0])
        if until(events):
            break
    return events


def lead_in_order(game: Texas42Game, leader: int, order: list[str]) -> list:
    """``leader`` leads ``order`` tile by tile; everyone else plays their highest legal tile."""
    events: list = []
    for text in order:
        if game.phase != Phase.PLAY:
            break
        assert game.current_player == leader
        events += game.apply(Play(leader, parse_tile(text, 6)))
        while game.phase == Phase.PLAY and game.current_player != leader and \
                len(game.current) > 0:
            events += game.apply(game.legal_actions()[0])
    return events


def of_kind(events: list, kind: str) -> list:
    return [e for e in events if e.kind == kind]


def refused(game: Texas42Game, command: Any, error: type[Exception],
            text: str | None = None) -> str:
    """Apply ``command``, which must raise ``error`` (with reason ``text`` when given) and
    leave the game's state as it was; the reason given."""
    before = game.state_key()
    with pytest.raises(error) as info:
        game.apply(command)
    assert game.state_key() == before
    reason: str = getattr(info.value, "reason", str(info.value))
    if text is not None:
        assert reason == text
    return reason


def test_texas42_support_sixes_deal_is_the_whole_set():
    dealt = [t for hand in SIXES for t in tiles(hand)]
    assert sorted(dealt) == sorted(double_set(6))


def test_texas42_support_game_with_uses_the_preset():
    game = game_with(SIXES, shaker=2)
    view = game.view(0)
    assert view.shaker == 2 and view.hand == tuple(tiles(SIXES[0]))
    assert game.current_player == 3
