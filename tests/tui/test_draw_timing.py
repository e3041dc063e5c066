"""A game screen whose update comes before its table's widgets are all mounted (a busy
machine, a shared table's update right behind the screen) draws the table once they
are, and keeps playing; a widget that never comes is still a fault."""

from __future__ import annotations

import pytest
from textual.css.query import NoMatches

from tests.tui_pilot import game_screen, make_app, settle
from tui.messages import GameUpdated
from tui.screens import game_base


async def test_an_update_before_the_widgets_are_there_is_drawn_when_they_are(tmp_path):
    app = make_app(tmp_path, game="texas42", levels=["human", "easy", "easy", "easy"])
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game("texas42", {}, ["human", "easy", "easy", "easy"], seed=3)
        await settle(pilot)
        screen = game_screen(app)
        drawn = []
        original = screen.refresh_view

        def refresh_view(view, events):
            drawn.append(list(events))
            if len(drawn) <= 2:
                raise NoMatches("No nodes match 'Scoreboard'")   # not mounted yet
            original(view, events)

        screen.refresh_view = refresh_view
        screen.post_message(GameUpdated([]))
        for _ in range(6):
            await pilot.pause()
        assert len(drawn) == 3 and app.return_code is None and app.screen is not None
        assert game_screen(app) is screen


async def test_a_widget_that_never_comes_is_still_a_fault(tmp_path, monkeypatch):
    monkeypatch.setattr(game_base, "DRAW_TRIES", 2)
    app = make_app(tmp_path, game="texas42", levels=["human", "easy", "easy", "easy"])
    with pytest.raises(NoMatches):
        async with app.run_test(size=(80, 24)) as pilot:
            app.start_game("texas42", {}, ["human", "easy", "easy", "easy"], seed=3)
            await settle(pilot)
            screen = game_screen(app)

            def refresh_view(view, events):
                raise NoMatches("No nodes match 'Scoreboard'")

            screen.refresh_view = refresh_view
            screen.post_message(GameUpdated([]))
            for _ in range(10):
                await pilot.pause()
