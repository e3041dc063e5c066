"""Snapshots of the dialogs, the summary and game-over screens, and the Mexican Train hub.

Every picture is of a position reached by driving the core directly (no bot
moves before the picture), on a bare host app. Plain ``def`` tests: snap_compare
runs its own event loop.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from textual.app import App

from core.commands import MARK
from core.mexican_train.engine import MexicanTrainGame
from core.moon.engine import MoonGame
from core.texas42.engine import Texas42Game
from tests.tui.test_tui_dialogs import (
    decision,
    doubles_of_first_bidder,
    moon_at_bid,
    moon_at_widow,
    play_until,
    texas42_at_bid,
    texas42_at_trump,
)
from tests.tui.test_tui_train import HubHost, find_game, hub_session
from tui.app import AppLook
from tui.play.session import default_seats
from tui.screens.bidding import BiddingDialog
from tui.screens.summary import GameOverScreen, HandSummaryScreen
from tui.screens.trump import TrumpDialog
from tui.screens.widow import WidowDialog

SIZE = (80, 24)
STYLES = Path(__file__).resolve().parents[2] / "styles"
NAMES3 = ["You", "West", "East"]
NAMES4 = ["You", "West", "North", "East"]


class ScreenHost(AppLook, App):
    """Opens one screen on a blank app."""

    ENABLE_COMMAND_PALETTE = False
    CSS_PATH = [STYLES / "dialogs.tcss"]
    # The trump dialog's expert: a fixed amount of work, so its highlight is repeatable.
    hint_bot_options = {"samples": 2, "nodes": 400}

    def __init__(self, make: Callable[[], Any], tile_style: str = "numerals") -> None:
        super().__init__()
        self.make = make
        self.tile_style = tile_style

    def on_mount(self) -> None:
        self.push_screen(self.make())


async def settle(pilot: Any) -> None:
    await pilot.pause()
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()      # the trump dialog's expert has answered
    await pilot.pause()


def test_snapshot_moon_bidding(snap_compare):
    view, legal = decision(moon_at_bid(1, [None]))
    app = ScreenHost(lambda: BiddingDialog(view, legal))
    assert snap_compare(app, terminal_size=SIZE, run_before=settle)


def test_snapshot_texas42_bidding_grid_every_bid_at_80x24(snap_compare):
    plunger = next(s for s in range(300) if doubles_of_first_bidder(s) >= 4)
    options = {"plunge": True, "nello": True, "sevens": True}
    view, legal = decision(texas42_at_bid(plunger, [], options))
    app = ScreenHost(lambda: BiddingDialog(view, legal))
    assert snap_compare(app, terminal_size=SIZE, press=["3", "5"], run_before=settle)


def test_snapshot_moon_widow(snap_compare):
    view, legal = decision(moon_at_widow())
    app = ScreenHost(lambda: WidowDialog(view, legal))
    assert snap_compare(app, terminal_size=SIZE, run_before=settle)


def test_snapshot_texas42_trump_with_variants_ascii(snap_compare):
    options = {"nello": True, "sevens": True, "trump_by_first_tile": True}
    view, legal = decision(texas42_at_trump(5, 2 * MARK, options))
    app = ScreenHost(lambda: TrumpDialog(view, legal), tile_style="ascii")
    assert snap_compare(app, terminal_size=SIZE, run_before=settle)


def test_snapshot_moon_hand_summary(snap_compare):
    game = MoonGame(seed=5)
    record = play_until(game, "hand_end")
    view = game.view(0)
    app = ScreenHost(lambda: HandSummaryScreen("moon", record, view, names=NAMES3))
    assert snap_compare(app, terminal_size=SIZE, run_before=settle)


def test_snapshot_texas42_hand_summary(snap_compare):
    game = Texas42Game(seed=5)
    record = play_until(game, "hand_end")
    view = game.view(0)
    app = ScreenHost(lambda: HandSummaryScreen("texas42", record, view, names=NAMES4))
    assert snap_compare(app, terminal_size=SIZE, run_before=settle)


def test_snapshot_train_round_summary(snap_compare):
    game = MexicanTrainGame(seed=5, options={"players": 4, "rounds": 2})
    record = play_until(game, "round_end")
    view = game.view(0)
    app = ScreenHost(lambda: HandSummaryScreen("mexican_train", record, view, names=NAMES4))
    assert snap_compare(app, terminal_size=SIZE, run_before=settle)


def test_snapshot_game_over_tie(snap_compare):
    record = {"event": "game_end", "winner": [0, 2], "scores": [40, 55, 40, 61]}
    app = ScreenHost(lambda: GameOverScreen("mexican_train", record, default_seats(4)))
    assert snap_compare(app, terminal_size=SIZE, run_before=settle)


def test_snapshot_train_hub_8_players(snap_compare):
    game = find_game({"players": 8, "set": 12},
                     lambda g: sum(len(t.tiles) for t in g.view(0).trains) >= 30
                     and bool(g.view(0).open_doubles))
    app = HubHost(hub_session(game))
    assert snap_compare(app, terminal_size=SIZE, run_before=settle)


def test_snapshot_train_hub_12_players_ascii_large(snap_compare):
    game = find_game({"players": 12, "set": 18},
                     lambda g: max(len(t.tiles) for t in g.view(0).trains) >= 15)
    app = HubHost(hub_session(game), tile_style="ascii")
    assert snap_compare(app, terminal_size=(120, 40), run_before=settle)
