"""Whole games with the house rules on, played from the app by keys: every dialog the
settings bring (Moon's optional widow, a shorter bid list, fewer trump choices) opens,
takes the key and the game reaches its end."""

from __future__ import annotations

from tests.tui_pilot import make_app, play_to_game_over, record_lines

MOON_HOUSE = {"target": 7, "min_bid": 3, "widow": "optional", "trumps_before_widow": True,
              "moon": "points", "doubles_trump": False, "no_trumps": False}


async def test_a_moon_game_with_every_house_option_plays_to_its_end_by_keys(tmp_path):
    app = make_app(tmp_path, game="moon", options=MOON_HOUSE, levels=["human", "easy", "easy"],
                   seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        seen = await play_to_game_over(pilot, dialog_keys={"BiddingDialog": ("7", "enter")})
    assert seen.get("WidowChoiceDialog", 0) > 0, seen
    assert seen.get("BiddingDialog", 0) > 0 and seen.get("TrumpDialog", 0) > 0


async def test_the_setup_profiles_set_the_settings_and_follow_them(tmp_path):
    from textual.widgets import Label, Select

    from tests.tui_pilot import game_screen, settle
    from tui.screens.setup import SetupScreen
    app = make_app(tmp_path, game="texas42", levels=["human", "easy", "easy", "easy"])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("e")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        # settings and their values are named in words, not by their record names
        labels = [str(label.render()) for label in setup.query(".setup-label").results(Label)]
        assert {"Follow-me doubles", "Trump by first tile", "Nel-O", "Nel-O doubles",
                "All pass"} <= set(labels), labels
        assert not [text for text in labels if "_" in text]
        doubles = setup.query_one("#opt-nello_doubles", Select)
        assert ("own suit", "own_suit") in [(str(p), v) for p, v in doubles._options]
        assert doubles.value == "own_suit"           # the value itself is the record's
        profile = setup.query_one("#profile", Select)
        assert profile.value == "house defaults"
        profile.value = "tournament"
        await pilot.pause()
        assert setup.query_one("#opt-all_pass", Select).value == "reshake"
        assert setup.query_one("#opt-nello", Select).value is False
        setup.query_one("#opt-sevens", Select).value = True       # one change: custom
        await pilot.pause()
        assert profile.value == "custom"
        setup.query_one("#opt-sevens", Select).value = False      # and back
        await pilot.pause()
        assert profile.value == "tournament"
        profile.value = "everything on"
        await pilot.pause()
        assert all(setup.query_one(f"#opt-{name}", Select).value is True
                   for name in ("nello", "sevens", "plunge", "splash"))
        await pilot.press("f5")
        await settle(pilot)
        options = game_screen(app).session.game.options
        assert options["splash"] and options["plunge"] and options["all_pass"] == "forced_30"
    again = make_app(tmp_path)                       # remembered like any other choice
    again.preferences = app.preferences
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.press("e")
        await pilot.pause()
        assert again.screen.query_one("#profile", Select).value == "everything on"


async def test_a_42_game_with_splash_and_reshake_plays_to_its_end_by_keys(tmp_path, monkeypatch):
    from core.bots.texas42.heuristic import Texas42EasyBot
    from core.commands import Bid
    first_hands = {"left": 2}                       # everyone passes the first two hands

    choose = Texas42EasyBot.choose

    def passes_at_first(self, view, legal, rng):
        if first_hands["left"] and any(isinstance(c, Bid) and c.bid is None for c in legal):
            if view.player == view.shaker:
                first_hands["left"] -= 1
            return next(c for c in legal if isinstance(c, Bid) and c.bid is None)
        return choose(self, view, legal, rng)
    monkeypatch.setattr(Texas42EasyBot, "choose", passes_at_first)
    options = {"target": "marks:2", "splash": True, "plunge": True, "nello": True,
               "sevens": True, "all_pass": "reshake"}
    app = make_app(tmp_path, game="texas42", options=options,
                   levels=["human", "easy", "easy", "easy"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        told: list[str] = []
        notify = app.notify
        monkeypatch.setattr(app, "notify", lambda text, **kw: (told.append(text), notify(text, **kw)))
        seen = await play_to_game_over(pilot, dialog_keys={"BiddingDialog": ("p",)})
    assert any("Everyone passed: the hand is thrown in" in text for text in told), told
    assert seen.get("BiddingDialog", 0) > 0 and seen.get("TrickTableScreen:play", 0) > 0
    lines = record_lines(tmp_path)
    assert lines[0]["options"]["splash"] is True and lines[-1]["event"] == "game_end"
    assert any(line.get("event") == "reshake" for line in lines)     # all passed, shaken again
