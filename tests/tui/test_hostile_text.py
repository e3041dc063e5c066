"""Text is text: names, fields, file names and record contents from people and files are
shown as plain text on every screen, never parsed as markup and never let through as
terminal escapes, and bounded in length."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from core.errors import RecordError
from core.records import RecordWriter, parse_record
from core.registry import game_class
from core.simulate import LegalMoveBot
from core.text import MAX_NAME, plain, player_name

ROOT = Path(__file__).resolve().parents[2]

# Markup that would crash a markup parser ([/]), run an action on a click, or make a link;
# an OSC that retitles the terminal, an OSC 52 clipboard write, and a clear-screen.
HOSTILE = [
    "[/]",
    "[@click=app.screenshot('authorized_keys','~/.ssh')]x[/]",
    "[link=x:y]z\x1b]0;pwned\x07",
    "\x1b]52;c;ZXZpbA==\x07\x1b[2Jwipe",
]
ESCAPES = ("\x1b", "\x07", "\x9b", "\x9d")


def _decisions(game: Any, count: int, rng: random.Random) -> None:
    bot = LegalMoveBot()
    game.start()
    for _ in range(count):
        if game.is_over:
            return
        game.apply(bot.choose(None, game.legal_actions(), rng))


def hostile_save(folder: Path, game_name: str, *, moves: int = 6, finish: bool = False,
                 file_name: str | None = None) -> Path:
    """A record of ``game_name`` whose players carry hostile names (the human's too)."""
    options: dict[str, Any] = {"players": 4, "rounds": 2} if game_name == "mexican_train" else {}
    game = game_class(game_name)(options=options, seed=7)
    players = [{"name": HOSTILE[i % len(HOSTILE)], "kind": "human" if i == 0 else "bot",
                "level": None if i == 0 else "easy"} for i in range(game.num_players)]
    rng = random.Random(3)
    _decisions(game, 100_000 if finish else moves, rng)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / (file_name or f"{game_name}-hostile.jsonl")
    with RecordWriter(path, game.header(players)) as writer:
        writer.append(game.history)
    return path


def screen_text(app: Any) -> str:
    return app.export_screenshot()


def assert_clean(app: Any) -> str:
    text = screen_text(app)
    for escape in ESCAPES:
        assert escape not in text, f"{escape!r} reached the screen"
    return text


# -- the core's safe text ------------------------------------------------------------

def test_plain_replaces_every_control_character_with_a_visible_stand_in():
    shown = plain("a\x1b]0;x\x07b\x9bc\u202ed\ud800e")
    assert shown == "a\u241b]0;x\u2407b\ufffdc\ufffdd\ufffde"
    assert plain("a\x1bb", ascii_only=True) == "a^[b"
    assert all(32 <= ord(c) < 127 for c in plain("é\x07ü\x1b", ascii_only=True))


def test_plain_bounds_the_length_with_an_ellipsis():
    assert plain("x" * 1000, 10) == "x" * 9 + "\u2026"
    assert len(player_name("y" * 500)) == MAX_NAME
    assert player_name("   ") == "?"


def test_the_record_reader_refuses_a_name_past_its_limit(tmp_path):
    path = hostile_save(tmp_path, "moon")
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["players"][1]["name"] = "n" * 100_000
    lines[0] = json.dumps(header)
    with pytest.raises(RecordError, match=r"players\[1\]\.name is 100000 characters long"):
        parse_record("\n".join(lines) + "\n", str(path))


def test_a_record_error_never_carries_an_escape():
    data = '{"record": 1, "game": "moon\x1b]0;t\x07"}\n'
    with pytest.raises(RecordError) as caught:
        parse_record(data, "bad\x1b[2J.jsonl")
    for escape in ESCAPES:
        assert escape not in str(caught.value)


# -- the command line ----------------------------------------------------------------------

@pytest.mark.parametrize("command", ["replay", "resume"])
def test_the_command_line_quotes_a_hostile_file_name_without_its_escapes(tmp_path, command):
    path = tmp_path / "x\x1b]0;pwned\x07.jsonl"
    path.write_text('{"record": 1, "game": "moon\x1b[2J"}\n')
    result = subprocess.run([sys.executable, "-m", "tui.cli", command, str(path)], cwd=ROOT,
                            capture_output=True, text=True, timeout=60,
                            env={"PATH": "/usr/bin:/bin", "DOMINOES_DATA_DIR": str(tmp_path)})
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    for escape in ESCAPES:
        assert escape not in result.stderr


# -- every screen that shows a name ----------------------------------------------------------

@pytest.mark.parametrize("game_name", ["moon", "texas42", "mexican_train"])
async def test_hostile_names_in_a_save_show_as_text_on_every_screen(tmp_path, game_name):
    from tests.tui_pilot import make_app, play_to_game_over, settle
    from tui.screens.game_base import GameScreen
    hostile_save(tmp_path / "saves", game_name)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = assert_clean(app)
        assert "Resume" in text
        await pilot.press("g")                  # the saved games list
        await pilot.pause()
        assert_clean(app)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("r")                  # resume it: the table shows every seat
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        text = assert_clean(app)
        assert "[/]" in text or "\u241b" in text
        for key in ("g", "question_mark"):      # the log and help
            await pilot.press(key)
            await pilot.pause()
            assert_clean(app)
            await pilot.press("escape")
            await pilot.pause()
        await play_to_game_over(pilot)          # every dialog, summary and the game over
        assert_clean(app)


@pytest.mark.parametrize("game_name", ["moon", "texas42", "mexican_train"])
async def test_hostile_names_in_a_replayed_record_show_as_text(tmp_path, game_name):
    from tests.tui_pilot import make_app
    path = hostile_save(tmp_path / "elsewhere", game_name, finish=True)
    app = make_app(tmp_path, mode="replay", record_path=path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert_clean(app)
        for key in ("G", "g", "right", "right", "n", "n"):
            await pilot.press(key)
            await pilot.pause()
            assert_clean(app)


async def test_a_hostile_save_file_name_does_not_crash_the_title(tmp_path):
    from tests.tui_pilot import make_app
    saves_dir = tmp_path / "saves"
    hostile_save(saves_dir, "moon", file_name="[link=x:y]z.jsonl")
    (saves_dir / "[b]\x1b]0;t\x07.jsonl").write_text("not a record\n")
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert_clean(app)
        assert any("[b]" in said for said in app.save_messages)
        await pilot.press("g")
        await pilot.pause()
        assert_clean(app)


async def test_markup_typed_into_a_setup_field_is_shown_as_typed_and_does_nothing(tmp_path):
    from textual.widgets import Input, Static

    from tests.tui_pilot import make_app
    app = make_app(tmp_path, game="moon")
    clicks: list[str] = []
    app.action_screenshot = lambda *a, **k: clicks.append("screenshot")  # type: ignore
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        field = next(w for w in app.screen.query(Input) if w.id != "seed")
        for attack in ("[/]", "[@click=app.screenshot('authorized_keys','~/.ssh')]x"):
            field.value = attack
            await app.screen.run_action("start")
            await pilot.pause()
            error = app.screen.query_one("#setup-error", Static)
            assert attack in str(error.render())
            await pilot.click("#setup-error")
            await pilot.pause()
        assert clicks == []


def test_no_renderable_in_tui_is_built_from_an_f_string_with_markup():
    """The audit, kept: every ``Static``/``Label``/``update`` fed an f-string shows it as
    ``Text`` (a name or a field could be in it). Notifications need no check: the app's
    ``notify`` always shows plain text."""
    import re
    offenders = []
    for path in (ROOT / "tui").rglob("*.py"):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if re.search(r"(update|Static|Label)\(f[\"']", line) \
                    and "markup=False" not in line and "Text(" not in line:
                offenders.append(f"{path.relative_to(ROOT)}:{number}")
    assert offenders == []


async def test_the_screenshot_action_writes_only_into_the_data_directory(tmp_path):
    from tests.tui_pilot import make_app
    home = tmp_path / "home"
    (home / ".ssh").mkdir(parents=True)
    keys = home / ".ssh" / "authorized_keys"
    keys.write_text("ssh-ed25519 AAAA friend\n")
    app = make_app(tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.run_action(f"app.screenshot('authorized_keys', '{home / '.ssh'}')")
        await app.run_action("app.simulate_key('q')")
        await pilot.pause()
        assert app.is_running
    assert keys.read_text() == "ssh-ed25519 AAAA friend\n"
    shots = list((tmp_path / "data" / "screenshots").glob("dominoes-*.svg"))
    assert len(shots) == 1 and "<svg" in shots[0].read_text()
