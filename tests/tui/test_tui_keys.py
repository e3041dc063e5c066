"""Keys every screen honours: Ctrl+C quits as q does (the game saved first), and the
settings screen has a footer like every other screen."""

from __future__ import annotations

from core.records import read_record, replay
from tests.tui_pilot import game_screen, make_app, settle
from tui.play.saves import is_locked


async def test_ctrl_c_on_the_title_quits(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert app.return_code == 0


async def test_ctrl_c_in_a_game_quits_with_the_game_saved(tmp_path):
    app = make_app(tmp_path, game="moon", options={"target": 7},
                   levels=["human", "easy", "easy"])
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game("moon", {"target": 7}, ["human", "easy", "easy"], seed=3)
        await settle(pilot)
        session = game_screen(app).session
        path = session.record_writer.path
        moves = len(session.game.history)
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert app.return_code == 0
    assert not is_locked(path)                          # the save was closed, not left open
    game = replay(read_record(path, allow_truncated=True))
    assert len(game.history) == moves


async def test_the_settings_screen_shows_its_keys(tmp_path):
    from tui.widgets.keys_footer import KeysFooter
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        await pilot.pause()
        footer = app.screen.query_one(KeysFooter)
        shown = {(e.display, e.binding.description) for e in footer.entries()}
        assert ("Esc/q", "Close") in shown and ("Enter", "Change") in shown
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"


async def test_the_help_scrolls_with_the_keys_its_last_line_names(tmp_path):
    from textual.containers import VerticalScroll

    from tests.tui_pilot import make_app
    from tui.screens.help import HelpScreen
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "PgDn scroll" in str(app.screen.query_one("#help-hint").render())
        body = app.screen.query_one("#help-body", VerticalScroll)
        for key in ("down", "pagedown"):
            before = body.scroll_y
            await pilot.press(key)
            await pilot.pause()
            assert body.scroll_y > before, key
        text = str(app.screen.query_one("#help-text").render())
        assert "open a shared table" in text
