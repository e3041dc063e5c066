"""The app shell: quick game, title and setup, settings, help, the too-small notice,
preferences, saving/resuming/replaying, bots in workers, the mouse."""

from __future__ import annotations

import json
import random

from textual.widgets import Input, Select

from core.commands import Play
from core.moon.options import MOON_OPTIONS
from core.simulate import simulate
from tests.tui_pilot import game_screen, make_app, record_lines, settle
from tui.app import DominoesApp
from tui.messages import BotThinking, GameUpdated
from tui.play.preferences import Preferences
from tui.play.session import GameSession, LegalMoveBot, Seat, make_bot_for
from tui.screens.help import HelpScreen
from tui.screens.settings import SettingsScreen
from tui.screens.setup import SetupScreen
from tui.screens.title import TitleScreen
from tui.screens.too_small import TooSmallScreen
from tui.screens.trick_table import TrickTableScreen
from tui.widgets.hand import HandView
from tui.widgets.status_line import StatusLine

EASY3 = ["human", "easy", "easy"]


# -- quick game ------------------------------------------------------------------

async def test_quick_game_in_two_key_presses(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("down", "enter")          # Texas 42 is under Moon
        await settle(pilot)
        screen = game_screen(app)
        assert screen.session.game.name == "texas42"
        assert screen.session.game.history            # dealt and under way
        assert [s.kind for s in screen.session.seats] == ["human", "bot", "bot", "bot"]
        assert all(s.level == "standard" for s in screen.session.seats[1:])


async def test_quick_game_uses_last_setup_and_highlights_last_game(tmp_path):
    app = make_app(tmp_path, game="texas42", options={"target": "marks:3", "nello": True},
                   levels=["human", "easy", "expert", "easy"])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.highlighted_game == "texas42"
        await pilot.press("enter")
        await settle(pilot)
        session = game_screen(app).session
        assert session.game.options["target"] == "marks:3" and session.game.options["nello"]
        assert [s.level for s in session.seats] == [None, "easy", "expert", "easy"]


async def test_broken_remembered_options_fall_back_to_defaults(tmp_path):
    app = make_app(tmp_path, game="moon", options={"target": 3, "bogus": 1})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        assert game_screen(app).session.game.options == MOON_OPTIONS.defaults()


# -- setup -----------------------------------------------------------------------

async def test_setup_starts_the_game_with_the_chosen_settings(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("e")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen) and setup.game_name == "moon"
        target = setup.query_one("#opt-target", Input)
        assert target.value == "21"                   # the default preselected
        target.value = "9"
        setup.query_one("#opt-all_pass", Select).value = "redeal"
        setup.query_one("#seat-2", Select).value = "expert"
        setup.query_one("#seed", Input).value = "4242"
        await pilot.press("f5")
        await settle(pilot)
        session = game_screen(app).session
        assert session.game.options == {**MOON_OPTIONS.defaults(), "all_pass": "redeal",
                                        "target": 9}
        assert session.game.seed == 4242
        assert [s.level for s in session.seats] == [None, "standard", "expert"]
    saved = json.loads((tmp_path / "preferences.json").read_text())
    assert saved["games"]["moon"]["options"] == {**MOON_OPTIONS.defaults(), "all_pass": "redeal",
                                                  "target": 9}
    assert saved["games"]["moon"]["levels"] == ["human", "standard", "expert"]


async def test_setup_refuses_a_bad_value_with_the_cores_reason(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("e")
        await pilot.pause()
        setup = app.screen
        setup.query_one("#opt-target", Input).value = "3"
        await pilot.press("f5")
        await pilot.pause()
        assert app.screen is setup
        error = str(setup.query_one("#setup-error").render())
        assert "target" in error and "out of range" in error


async def test_setup_lists_every_rules_setting_with_its_help(tmp_path):
    from core.texas42.engine import Texas42Game
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "e")
        await pilot.pause()
        setup = app.screen
        helps = [str(w.render()) for w in setup.query(".setup-help")]
        for spec in Texas42Game.option_table.specs:
            assert setup.query_one(f"#opt-{spec.name}")
            assert any(spec.help[:30] in h for h in helps)
        assert setup.query_one("#opt-target", Input).value == "marks:7"
        assert setup.query_one("#opt-nello", Select).value is False
        assert [setup.query_one(f"#seat-row-{i}").display for i in range(5)] == [
            True, True, True, True, False]


async def test_setup_mexican_train_offers_only_sets_the_draw_table_allows(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3", "e")
        await pilot.pause()
        setup = app.screen
        assert setup.game_name == "mexican_train"
        setup.query_one("#opt-players", Select).value = 10
        await pilot.pause()
        sets = setup.query_one("#opt-set", Select)
        assert [v for _, v in sets._options if v is not Select.BLANK] == [15, 18]
        assert sets.value == 15
        assert sum(setup.query_one(f"#seat-row-{i}").display for i in range(12)) == 10
        setup.query_one("#opt-players", Select).value = 3
        await pilot.pause()
        assert [v for _, v in sets._options if v is not Select.BLANK] == [9, 12, 15]


# -- help, settings, too small ----------------------------------------------------

async def test_help_opens_with_f1_and_question_mark(tmp_path):
    app = make_app(tmp_path, game="moon", levels=EASY3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("q")
        await pilot.press("enter")
        await settle(pilot)
        screen = game_screen(app)
        index = screen.session.decision_index
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = str(app.screen.query_one("#help-text").render())
        assert "Three-Player Moon in short" in text and "last trick" in text
        assert "shoot the moon" in text.lower()
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
        assert screen.session.decision_index == index


async def test_settings_change_is_used_and_saved(tmp_path):
    app = make_app(tmp_path, game="moon", levels=EASY3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        settings = app.screen
        assert isinstance(settings, SettingsScreen)
        settings.query_one("#set-tile_style", Select).value = "ascii"
        settings.query_one("#set-trick_pause", Select).value = "key"
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert app.tile_style == "ascii"
        assert app.has_class("-ascii")
    fresh = make_app(tmp_path)        # the real delays come from the saved settings
    saved = Preferences.load(tmp_path / "preferences.json")
    assert saved.settings.tile_style == "ascii" and saved.settings.trick_pause == "key"
    assert DominoesApp(preferences=saved).trick_pause is None
    assert fresh.bot_delay == 0.0


async def test_settings_by_keys_only(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        # Bot speed is focused: open it, move to "slow", choose.
        await pilot.press("enter", "end", "enter")
        await pilot.pause()
        assert app.preferences.settings.bot_speed == "slow"
        assert app.bot_delay == 0.0          # injected by the test; the setting is kept


async def test_too_small_notice_comes_and_goes_without_losing_the_game(tmp_path):
    app = make_app(tmp_path, game="texas42", levels=["human", "easy", "easy", "easy"])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        screen = game_screen(app)
        before = screen.session.game.state_key()
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#too-small-text").render())
        assert "at least 80×24" in text and "70×20" in text
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        await settle(pilot)
        assert not isinstance(app.screen, TooSmallScreen)
        assert game_screen(app) is screen
        assert screen.session.game.state_key() == before


async def test_too_small_at_start(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


# -- the play loop -------------------------------------------------------------------

async def test_bots_move_in_workers_and_post_game_updates(tmp_path):
    from core.moon.engine import MoonGame
    messages: list = []
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), message_hook=messages.append) as pilot:
        await pilot.pause()
        session = GameSession(MoonGame(options={"target": 7}, seed=11),
                              [Seat("You", "human"), Seat("B", "bot", "easy"),
                               Seat("C", "bot", "easy")])
        app.push_screen(TrickTableScreen(session))
        for _ in range(60):
            await settle(pilot)                 # bots run until the human must decide
            if session.game.view(0).tricks:
                break
            await pilot.press("enter")
        thinking = [m.player for m in messages if isinstance(m, BotThinking)]
        updates = [m for m in messages if isinstance(m, GameUpdated)]
        assert {1, 2} <= set(thinking) and None in thinking
        assert len(updates) >= session.decision_index
        assert {k for m in updates for k in m.kinds} >= {"deal", "bid", "play", "trick"}
        assert session.is_human_turn()
        assert not [w for w in app.workers if w.group == "bots" and not w.is_finished]


async def test_bot_rng_is_per_decision_and_fallback_bot_is_legal():
    from core.moon.engine import MoonGame
    session = GameSession(MoonGame(seed=9), [Seat("You", "human"), Seat("W", "bot", "easy"),
                                             Seat("E", "bot", "easy")])
    session.start()
    a = session.bot_rng(1).random()
    assert a == random.Random(f"9:1:{session.decision_index}").random()
    assert session.bot_rng(2).random() != a
    bot = LegalMoveBot()
    legal = session.game.legal_actions()
    assert bot.choose(None, legal, random.Random(1)) in legal
    assert hasattr(make_bot_for("moon", "easy"), "choose")


async def test_mouse_click_chooses_then_plays(tmp_path):
    app = make_app(tmp_path, game="moon", levels=EASY3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        for _ in range(60):
            await settle(pilot)
            screen = app.screen
            if (isinstance(screen, TrickTableScreen) and screen.session.is_human_turn()
                    and screen.session.view().phase == "play"):
                break
            await pilot.press("enter")
        view = screen.session.view()
        playable = [i for i, t in enumerate(view.hand)
                    if any(isinstance(c, Play) and c.tile == t for c in view.legal)]
        hand = screen.query_one(HandView)
        other = next(i for i in range(len(view.hand)) if i != hand.cursor)
        target = next((i for i in playable if i != other), playable[0])

        def middle_of(i: int, raised: bool) -> tuple[int, int]:
            # padding-left 1; border-top 1, then a mark row unless the tile is raised
            return (1 + i * 10 + 4, 2 if raised else 3)

        index = screen.session.decision_index
        await pilot.click(HandView, offset=middle_of(other, raised=False))
        await pilot.pause()
        assert hand.cursor == other                             # a click chooses
        assert screen.session.decision_index == index
        if target != other:
            await pilot.click(HandView, offset=middle_of(target, raised=False))
            await pilot.pause()
            assert hand.cursor == target
        await pilot.click(HandView, offset=middle_of(target, raised=True))   # again: plays
        await pilot.pause()
        assert screen.session.decision_index > index        # played (bots may follow at once)
        assert view.hand[target] not in screen.session.view().hand


# -- saving, quitting, resuming, replaying ----------------------------------------------

async def test_quit_leaves_at_once_and_the_game_resumes_where_it_was(tmp_path):
    app = make_app(tmp_path, game="moon", options={"target": 7}, levels=EASY3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        plays = 0
        for _ in range(100):
            await settle(pilot)
            screen = app.screen
            if (isinstance(screen, TrickTableScreen) and screen.session.is_human_turn()
                    and screen.session.view().phase == "play"):
                plays += 1
                if plays == 3:
                    break
            await pilot.press("enter")
        state = screen.session.game.state_key()
        index = screen.session.decision_index
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0
    lines = record_lines(tmp_path)
    assert lines[-1]["event"] != "game_end"
    resumed = make_app(tmp_path, mode="resume")
    async with resumed.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        session = game_screen(resumed).session
        assert session.decision_index == index
        key = session.game.state_key()
        assert {k: v for k, v in key.items() if k != "rng"} == {
            k: v for k, v in state.items() if k != "rng"}


async def test_replay_plays_a_record_back_to_its_end(tmp_path):
    from tui.screens.replay import ReplayScreen
    lines = simulate("moon", 3, {"target": 7})
    path = tmp_path / "game.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    app = make_app(tmp_path, mode="replay", record_path=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)        # the replay viewer (tests/test_replay_viewer.py)
        assert screen.model.lines == lines[1:]
        await pilot.press("G")                         # to the end
        assert screen.position == screen.model.length
        assert sum(len(screen.model.events(i)) for i in range(screen.position + 1)) \
            == len(lines) - 1                          # every line of the record, in steps
        assert screen.model.table(screen.position).over
        assert "REPLAY" in screen.query_one("#replay-header").render().plain


async def test_status_line_marks_a_refusal_in_words():
    status = StatusLine()
    status.error = "You must follow sixes: you hold 6-4."
    text = str(status.render())
    assert text.startswith("Not allowed:") and "6-4" in text


# -- expert thinking time ------------------------------------------------------------------

def test_seat_bots_are_made_with_the_expert_thinking_time():
    assert make_bot_for("texas42", "expert", 0.2).budget_s == 0.2
    assert make_bot_for("moon", "no-such-level").level == "standard"   # a record from elsewhere
    assert make_bot_for("moon", "legal-move").level == "legal-move"    # `dominoes simulate`
    from core.registry import game_class
    game = game_class("moon")(options={}, seed=4)
    game.start()
    session = GameSession(game, [Seat("You", "human"), Seat("B", "bot", "expert"),
                                 Seat("C", "bot", "expert")])
    session.bot_budget = 0.2
    first = session.bot_for(1)
    assert first.budget_s == 0.2 and session.bot_for(1) is first
    session.bot_budget = 1.0                       # the setting changed: new bots use it
    assert session.bot_for(1).budget_s == 1.0


async def test_the_expert_thinking_setting_reaches_the_table(tmp_path):
    app = make_app(tmp_path, game="moon", levels=EASY3)
    app.preferences.settings.expert_time = "deep"
    assert app.expert_budget == 1.0
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        session = game_screen(app).session
        for _ in range(50):                        # until a bot has moved
            if session.bot_budget is not None:
                break
            await pilot.press("enter")
            await settle(pilot)
        assert session.bot_budget == 1.0
