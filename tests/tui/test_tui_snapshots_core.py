"""Snapshots (80×24) of the title, setup, Moon and 42 tables, help, settings, too-small notice.

The tables are reached by driving the core directly with a fixed policy, so the
pictures do not depend on how the bots play. Plain ``def`` tests: snap_compare
runs its own event loop.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Input

from core.commands import Play
from core.moon.engine import MoonGame
from core.texas42.engine import Texas42Game
from tests.tui_pilot import make_app
from tui.play.session import GameSession, default_seats
from tui.screens.help import HelpScreen
from tui.screens.trick_table import TrickTableScreen

SIZE = (80, 24)


def session_at_human_play(game: Any, tricks_done: int) -> GameSession:
    """Play the first legal command everywhere until seat 0 must play, after ``tricks_done``
    tricks of the first hand and with a trick on the table."""
    game.start()
    while True:
        view = game.view(0)
        if (game.current_player == 0 and game.phase == "play"
                and len(view.tricks) >= tricks_done and view.current_trick):
            break
        legal = game.legal_actions()
        plays = [c for c in legal if isinstance(c, Play)]
        game.apply(plays[-1] if plays else legal[len(legal) // 2] if game.phase == "bid"
                   else legal[0])
    return GameSession(game, default_seats(game.num_players, level="easy"))


def table_app(tmp_path, session: GameSession, style: str = "numerals"):
    app = make_app(tmp_path, save_games=False)
    app.preferences.settings.tile_style = style

    async def run_before(pilot) -> None:
        await pilot.pause()
        app.push_screen(TrickTableScreen(session))
        await pilot.pause()
        await pilot.pause()

    return app, run_before


def test_snapshot_title(snap_compare, tmp_path):
    assert snap_compare(make_app(tmp_path), terminal_size=SIZE)


def test_snapshot_setup_texas42(snap_compare, tmp_path):
    async def run_before(pilot) -> None:
        await pilot.pause()
        await pilot.press("down", "e")
        await pilot.pause()
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False
        await pilot.pause()

    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, run_before=run_before)


def test_snapshot_moon_table(snap_compare, tmp_path):
    app, run_before = table_app(tmp_path, session_at_human_play(MoonGame(seed=12), 2))
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_texas42_table(snap_compare, tmp_path):
    app, run_before = table_app(tmp_path, session_at_human_play(Texas42Game(seed=12), 1))
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_texas42_table_ascii_wide(snap_compare, tmp_path):
    app, run_before = table_app(tmp_path, session_at_human_play(Texas42Game(seed=3), 2),
                                style="ascii")
    assert snap_compare(app, terminal_size=(110, 32), run_before=run_before)


def test_snapshot_help_moon(snap_compare, tmp_path):
    app = make_app(tmp_path)

    async def run_before(pilot) -> None:
        await pilot.pause()
        app.push_screen(HelpScreen("moon"))
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_settings(snap_compare, tmp_path):
    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, press=["s"])


def test_snapshot_too_small(snap_compare, tmp_path):
    assert snap_compare(make_app(tmp_path), terminal_size=(60, 20))


# -- the hand summary, the score sheet and the game over (driven on the core) -----------

def played_history(game: Any, until: str, seed: int = 1) -> list[dict[str, Any]]:
    """Easy bots in every seat (seeded) until an event of kind ``until``; the record
    lines so far."""
    import random

    from core.bots import make_bot
    rng = random.Random(seed)
    bot = make_bot(game.name, "easy")
    game.start()
    while True:
        player = game.current_player
        command = bot.choose(game.view(player), list(game.legal_actions()), rng)
        for event in game.apply(command):
            if event.kind == until:
                return [e.to_record() for e in game.history]


def modal_app(tmp_path, make_screen, style: str = "numerals"):
    app = make_app(tmp_path, save_games=False)
    app.preferences.settings.tile_style = style

    async def run_before(pilot) -> None:
        await pilot.pause()
        app.push_screen(make_screen())
        await pilot.pause()
        await pilot.pause()

    return app, run_before


def test_snapshot_texas42_summary_count_tiles(snap_compare, tmp_path):
    from tui.screens.summary import HandSummaryScreen
    game = Texas42Game(seed=8, options={"play_out": True})
    lines = played_history(game, "hand_end", seed=4)
    names = ["You", "West", "North", "East"]
    app, run_before = modal_app(tmp_path, lambda: HandSummaryScreen(
        "texas42", lines[-1], game.view(0), names=names, lines=lines))
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_moon_score_sheet_ascii(snap_compare, tmp_path):
    from tui.screens.score_sheet import ScoreSheetScreen
    game = MoonGame(seed=6, options={"target": 21})
    lines = played_history(game, "game_end", seed=2)
    app, run_before = modal_app(tmp_path, lambda: ScoreSheetScreen(
        "moon", lines, ["You", "West", "East"], game.options), style="ascii")
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_texas42_game_over_with_the_sheet(snap_compare, tmp_path):
    from tui.screens.summary import GameOverScreen
    game = Texas42Game(seed=3, options={"target": "marks:4"})
    lines = played_history(game, "game_end", seed=3)
    app, run_before = modal_app(tmp_path, lambda: GameOverScreen(
        "texas42", lines[-1], default_seats(4), lines=lines, options=game.options))
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_snapshot_train_round_summary_double_blank(snap_compare, tmp_path):
    from core.mexican_train.engine import MexicanTrainGame
    from tui.screens.summary import HandSummaryScreen
    game = MexicanTrainGame(seed=3, options={"players": 4, "rounds": 2})
    lines = played_history(game, "round_end", seed=3)        # North is left with the 0-0
    names = ["You", "West", "North", "East"]
    app, run_before = modal_app(tmp_path, lambda: HandSummaryScreen(
        "mexican_train", lines[-1], game.view(0), names=names, lines=lines))
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
