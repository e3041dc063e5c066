"""The app as the game screens' host: the game in play is known without searching the
screens, a change of a setting reaches the screens as a message, a bare app gets
defaults, and a footer is built once for a screen's first frame."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Select

from tests.tui_pilot import make_app, settle
from tui.host import GameHost, HostDefaults, game_host
from tui.messages import PreferencesChanged
from tui.screens.game_base import GameScreen, unsaved_game
from tui.screens.score_sheet import game_in_play
from tui.screens.settings import SettingsScreen
from tui.screens.title import TitleScreen
from tui.widgets.keys_footer import KeysFooter

EASY3 = ["human", "easy", "easy"]


async def test_the_game_in_play_is_the_mounted_game_screen(tmp_path):
    app = make_app(tmp_path, game="moon", levels=EASY3, save_games=False)
    assert isinstance(app, GameHost) and game_host(app) is app
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.game_screen is None and game_in_play(app) is None
        await pilot.press("enter")
        await settle(pilot)
        screen = app.game_screen
        assert isinstance(screen, GameScreen)
        assert game_in_play(app) is screen.session
        assert unsaved_game(app) is None            # saved (here: not saving at all)
        app.push_screen(SettingsScreen())          # a dialog on top: still the game in play
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen) and app.game_screen is screen
        await pilot.press("escape")
        await pilot.pause()
        app.return_to_title()
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert app.game_screen is None and game_in_play(app) is None


async def test_a_changed_setting_reaches_the_game_under_the_settings(tmp_path):
    app = make_app(tmp_path, game="moon", levels=EASY3, save_games=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        told: list[tuple[str, object]] = []
        redrawn: list[str] = []
        original = screen.settings_changed

        def settings_changed() -> None:
            redrawn.append(app.tile_style)
            original()

        screen.settings_changed = settings_changed  # type: ignore[method-assign]
        post = screen.post_message

        def post_message(message):
            if isinstance(message, PreferencesChanged):
                told.append((message.name, message.value))
            return post(message)

        screen.post_message = post_message  # type: ignore[method-assign]
        app.push_screen(SettingsScreen())          # over the table (and its bidding dialog)
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#set-tile_style", Select).value = "ascii"
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)        # still open over the game
        assert ("tile_style", "ascii") in told
        assert redrawn == ["ascii"]                          # once, in the new style
        assert screen in app.screen_stack[:-1]


async def test_a_changed_setting_redraws_the_title(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        banner = app.screen.query_one("#title-banner")
        before = str(banner.render())
        app.preferences.settings.tile_style = "ascii"
        app.apply_settings()
        await pilot.pause()
        after = str(banner.render())
        assert after != before and "+---+---+" in after


def test_a_bare_app_gets_defaults():
    app = App()
    host = game_host(app)
    assert isinstance(host, HostDefaults) and game_host(app) is host
    assert host.bot_delay == 0.0 and host.trick_pause == 0.0
    assert host.expert_budget is None and host.hint_bot_options is None
    assert host.settings.undo and host.settings.hints
    assert host.game_screen is None


async def test_the_title_footer_is_built_once(tmp_path, monkeypatch):
    built: list[KeysFooter] = []
    compose = KeysFooter.compose

    def counted(self):
        built.append(self)
        return compose(self)

    monkeypatch.setattr(KeysFooter, "compose", counted)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        footer = app.screen.query_one(KeysFooter)
        assert built == [footer]
        shown = [key.description for key in footer.query("FooterKey")]
        assert "Play now" in shown and "Quit" in shown
