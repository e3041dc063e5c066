"""Abandoning a game in the saved games asks first: ``a`` opens a small question naming the
game (in plain text: its names and its file name come from a file), ``y`` or Enter abandon
it, ``n`` or Escape keep it; keys typed in one burst act in the order typed."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from tests.tui.test_hostile_text import HOSTILE, assert_clean, hostile_save
from tests.tui.test_key_bursts import burst
from tests.tui_pilot import make_app
from tui.widgets.keys_footer import KeysFooter

SAVES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"


def two_saves(tmp_path: Path) -> tuple[Path, Path]:
    """A Mexican Train save (the newer: first in the list) and a Moon save (second)."""
    folder = tmp_path / "saves"
    folder.mkdir()
    older, newer = folder / "moon_save.jsonl", folder / "mexican_train_save.jsonl"
    for path in (older, newer):
        shutil.copyfile(SAVES / path.name, path)
    os.utime(older, (time.time() - 100, time.time() - 100))
    return older, newer


def abandoned(tmp_path: Path, path: Path) -> Path:
    return tmp_path / "history" / path.name.replace(".jsonl", ".abandoned.jsonl")


def screen_lines(app) -> list[str]:
    """What the terminal shows, row by row."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


async def open_saved_games(pilot):
    await pilot.pause()
    await pilot.press("g")
    await pilot.pause()
    screen = pilot.app.screen
    assert type(screen).__name__ == "SavedGamesScreen"
    assert [kind for kind, _ in screen.entries] == ["save", "save"]
    return screen


async def ask_about_the_moon_save(pilot):
    """Open the saved games, highlight the Moon save (the second row) and press a."""
    screen = await open_saved_games(pilot)
    await pilot.press("down")
    await pilot.press("a")
    await pilot.pause()
    return screen


async def test_a_asks_first_naming_the_game_with_its_keys_on_screen(tmp_path):
    older, _ = two_saves(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await ask_about_the_moon_save(pilot)
        dialog = app.screen
        assert type(dialog).__name__ == "AbandonGameDialog"
        assert older.exists() and not abandoned(tmp_path, older).exists()
        shown = "\n".join(screen_lines(app))
        assert "Abandon this game?" in shown
        assert "Three-Player Moon" in shown and "moon_save.jsonl" in shown
        assert "y  Abandon it" in shown and "n  Keep it" in shown
        footer = {(entry.binding.key, entry.binding.description)
                  for entry in dialog.query_one(KeysFooter).entries()}
        assert ("y", "Abandon it") in footer and ("n", "Keep it") in footer


@pytest.mark.parametrize("keys", [("n",), ("escape",), ("down", "enter")])
async def test_n_escape_or_the_keep_line_keep_the_game(tmp_path, keys):
    older, _ = two_saves(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ask_about_the_moon_save(pilot)
        await pilot.press(*keys)
        await pilot.pause()
        assert app.screen is screen
        assert older.exists() and not abandoned(tmp_path, older).exists()
        assert [kind for kind, _ in screen.entries] == ["save", "save"]
        assert screen.query_one("#saves-list").highlighted == 1     # still on the Moon save
        await pilot.press("a", "y")                                  # asked again: abandoned
        await pilot.pause()
        assert not older.exists() and abandoned(tmp_path, older).exists()


@pytest.mark.parametrize("key", ["y", "enter"])
async def test_y_or_enter_abandons_the_game_into_the_history(tmp_path, key):
    older, newer = two_saves(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await ask_about_the_moon_save(pilot)
        await pilot.press(key)
        await pilot.pause()
        assert app.screen is screen
        assert not older.exists() and abandoned(tmp_path, older).exists()
        assert newer.exists()
        assert [kind for kind, _ in screen.entries] == ["save", "history"]
        shown = "\n".join(screen_lines(app))
        assert "(abandoned)" in shown


@pytest.mark.parametrize(("keys", "gone"), [
    (("a", "y"), "newer"),                  # the first row, abandoned
    (("a", "n"), None),                     # kept
    (("down", "a", "y"), "older"),          # the row ↓ reached
    (("down", "a", "escape", "a", "y"), "older"),
    (("a", "down", "enter"), None),         # ↓ in the question: Enter keeps
])
async def test_keys_typed_in_one_burst_act_in_order(tmp_path, keys, gone):
    older, newer = two_saves(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved_games(pilot)
        await burst(pilot, *keys)
        await pilot.pause()
        assert app.screen is screen
        for name, path in (("older", older), ("newer", newer)):
            assert path.exists() == (name != gone), name
            assert abandoned(tmp_path, path).exists() == (name == gone), name


async def test_the_question_shows_hostile_names_and_file_names_as_text(tmp_path):
    path = hostile_save(tmp_path / "saves", "moon", file_name="[link=x:y]z[b].jsonl")
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        assert type(app.screen).__name__ == "AbandonGameDialog"
        shown = assert_clean(app)                 # no escape reached the screen
        lines = "\n".join(screen_lines(app))
        assert "[link=x:y]z[b].jsonl" in lines    # the file name, as it is
        assert HOSTILE[0] in lines                # a player called "[/]", as typed
        assert "Abandon this game?" in lines and shown
        await pilot.press("n")
        await pilot.pause()
        assert path.exists()
