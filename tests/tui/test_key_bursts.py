"""Keys that arrive in one burst (typed ahead, pasted, or bunched up by a slow SSH link)
act in the order they were typed: Enter acts on the choice the keys before it made.

``pilot.press`` waits for each key to be handled before sending the next, so these
tests post the keys to the app all at once, as a terminal's input does.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest
from textual import events

from tests.tui_pilot import game_screen, make_app, settle, table_server, wait_for
from tui.screens.tables import OpenTableScreen, WaitingRoomScreen
from tui.widgets.keys_footer import KeysFooter

SAVES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"
CHARACTERS = {"enter": "\r", "space": " "}


async def burst(pilot, *keys: str) -> None:
    """Post ``keys`` to the app in one go, then let it handle them."""
    for key in keys:
        character = CHARACTERS.get(key, key if len(key) == 1 else None)
        pilot.app.post_message(events.Key(key, character))
    for _ in range(6):
        await pilot.pause()


@pytest.mark.parametrize(("keys", "game"), [(("3", "enter"), "mexican_train"),
                                          (("down", "enter"), "texas42")])
async def test_keys_then_enter_on_the_title_start_the_game_they_picked(tmp_path, keys, game):
    app = make_app(tmp_path, game="moon")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await burst(pilot, *keys)
        await settle(pilot)
        assert game_screen(app).session.game.name == game


async def test_the_title_footer_still_shows_enter_to_play(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        footer = app.screen.query_one(KeysFooter)
        assert ("Play now" in {e.binding.description for e in footer.entries()
                               if e.binding.key == "enter"})


async def test_down_then_enter_in_the_saved_games_resumes_the_save_reached(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    older, newer = (folder / "moon_save.jsonl", folder / "mexican_train_save.jsonl")
    for path in (older, newer):
        shutil.copyfile(SAVES / path.name, path)
    os.utime(older, (time.time() - 100, time.time() - 100))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        assert type(app.screen).__name__ == "SavedGamesScreen"
        await burst(pilot, "down", "enter")                  # the second: the older, Moon
        await settle(pilot)
        assert game_screen(app).session.record_writer.path == older


async def test_g_then_enter_opens_a_table_of_the_game_g_chose(tmp_path, monkeypatch):
    async with table_server(tmp_path, monkeypatch) as server:
        app = make_app(tmp_path, game="moon")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("o")
            await wait_for(pilot, lambda: isinstance(app.screen, OpenTableScreen), "open screen")
            assert app.screen.game == "moon"
            await burst(pilot, "g", "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen), "waiting room")
            assert server.tables[app.screen.table].game.name == "texas42"


async def test_right_arrow_changes_the_seat_on_the_open_table_screen(tmp_path, monkeypatch):
    async with table_server(tmp_path, monkeypatch):
        app = make_app(tmp_path, game="moon")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("o")
            await wait_for(pilot, lambda: isinstance(app.screen, OpenTableScreen), "open screen")
            opening = app.screen
            listing = opening.query_one("#tables-list")
            listing.highlighted = opening.FIRST_SEAT_ROW + 1
            await pilot.pause()
            before = str(listing.get_option_at_index(opening.FIRST_SEAT_ROW + 1).prompt)
            await pilot.press("right")
            after = str(listing.get_option_at_index(opening.FIRST_SEAT_ROW + 1).prompt)
            assert after != before


@pytest.mark.parametrize(("start", "keys", "end"), [("123", ("backspace", "7"), "127"),
                                                  ("0", ("backspace", "9", "9"), "99"),
                                                  ("12", ("left", "5", "end", "3"), "1523")])
async def test_editing_keys_in_a_setup_field_act_in_the_order_typed(tmp_path, start, keys, end):
    from textual.widgets import Input
    app = make_app(tmp_path, game="mexican_train")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        field = app.screen.query_one("#opt-rounds", Input)
        field.focus()
        await pilot.pause()
        await pilot.press("ctrl+u", *start)        # typed in, one key at a time
        assert field.value == start
        await burst(pilot, *keys)
        assert field.value == end
