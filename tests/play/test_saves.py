"""Saves: broken ones moved aside with their file and line, finished ones kept as history,
the Resume offer, abandoning, a full or unwritable disk, one window per game, and the
command line refusing a bad record before any screen opens."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from core.records import read_record, replay
from core.registry import game_class
from tui.play import saves
from tui.play.autosave import Autosave, new_session, resume_session
from tui.play.saves import HISTORY_CAP, SAVE_MAX_BYTES, SaveInUse, archive, history, load_save, scan_saves
from tui.play.session import Seat

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "fixtures" / "saves"

# fixture → (line named in the message, or None, and words of the fault)
BROKEN = {
    "broken_empty.jsonl": (None, "empty file"),
    "broken_truncated_header.jsonl": (1, "truncated last line"),
    "broken_truncated_middle.jsonl": (5, "malformed JSON"),
    "broken_malformed.jsonl": (7, "malformed JSON"),
    "broken_unknown_version.jsonl": (1, "unknown record version 2"),
    "broken_unknown_game.jsonl": (1, 'unknown game "dominoes_deluxe"'),
    "broken_illegal_move.jsonl": (11, "illegal move: You do not hold 6-6"),
    "broken_not_utf8.jsonl": (2, "not UTF-8 text"),
    "broken_pickle.jsonl": (1, "truncated last line"),
}
RESUMABLE = ["moon_save.jsonl", "texas42_save.jsonl", "mexican_train_save.jsonl",
             "cut_last_write.jsonl"]


def put(data: Path, *names: str) -> list[Path]:
    folder = data / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name in names:
        target = folder / name
        shutil.copyfile(CORPUS / name, target)
        out.append(target)
    return out


# -- broken saves: message with file and line, moved aside, never deleted -------------------

@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_save_is_named_with_its_line_and_moved_aside(tmp_path, name):
    (path,) = put(tmp_path, name)
    original = path.read_bytes()
    scan = scan_saves(tmp_path)
    assert scan.resumable == [] and scan.archived == []
    (broken,) = scan.broken
    line, words = BROKEN[name]
    assert str(path) in broken.reason and words in broken.reason
    if line is not None:
        assert f"line {line}:" in broken.reason
    assert not path.exists()
    assert broken.moved_to == tmp_path / "broken" / name
    assert broken.moved_to.read_bytes() == original                 # moved, untouched
    note = broken.moved_to.with_name(name + ".txt").read_text()
    assert words in note
    message = broken.message()
    assert name in message and str(broken.moved_to) in message


def test_an_oversized_save_is_refused_without_reading_it(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    huge = folder / "moon-huge.jsonl"
    with open(huge, "wb") as f:
        f.truncate(SAVE_MAX_BYTES + 1)               # sparse: no time spent writing
    started = time.monotonic()
    scan = scan_saves(tmp_path)
    assert time.monotonic() - started < 2
    (broken,) = scan.broken
    assert "file too large" in broken.reason and str(huge) in broken.reason
    assert (tmp_path / "broken" / "moon-huge.jsonl").stat().st_size == SAVE_MAX_BYTES + 1


def test_the_whole_corpus_at_once_leaves_only_good_games_to_resume(tmp_path):
    put(tmp_path, *BROKEN, *RESUMABLE, "finished.jsonl")
    scan = scan_saves(tmp_path)
    assert sorted(b.path.name for b in scan.broken) == sorted(BROKEN)
    assert sorted(i.path.name for i in scan.resumable) == sorted(RESUMABLE)
    assert [p.name for p in scan.archived] == ["finished.jsonl"]
    assert sorted(p.name for p in (tmp_path / "saves").iterdir()) == sorted(RESUMABLE)
    again = scan_saves(tmp_path)          # a second look finds nothing more to move
    assert again.broken == [] and again.archived == []


def test_a_name_already_taken_in_broken_is_not_overwritten(tmp_path):
    put(tmp_path, "broken_malformed.jsonl")
    scan_saves(tmp_path)
    put(tmp_path, "broken_malformed.jsonl")
    scan_saves(tmp_path)
    assert sorted(p.name for p in (tmp_path / "broken").glob("*.jsonl")) == [
        "broken_malformed-2.jsonl", "broken_malformed.jsonl"]


# -- resuming ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", RESUMABLE)
def test_resume_goes_on_at_the_exact_position_and_the_record_stays_whole(tmp_path, name):
    (path,) = put(tmp_path, name)
    record, game = load_save(path)
    state = game.state_key()
    session = resume_session(path, tmp_path)
    assert session.game.state_key() == state
    assert [s.kind for s in session.seats] == [p["kind"] for p in record.header["players"]]
    assert [s.level for s in session.seats[1:]] == [p["level"] for p in
                                                    record.header["players"][1:]]
    assert session.decision_index == sum(
        1 for line in record.lines if game_class(record.game).command_from_record(line))
    assert session.start() == []                       # already started: nothing new
    for _ in range(3):
        command = session.game.legal_actions()[0]
        session.submit(command)
    session.close()
    again = read_record(path)                          # whole lines only: no cut line left
    assert not again.truncated and not again.finished
    assert replay(again).state_key() == session.game.state_key()


def test_the_resume_offer_shows_game_players_score_and_when(tmp_path):
    (path,) = put(tmp_path, "texas42_save.jsonl")
    os.utime(path, (time.time() - 3 * 3600, time.time() - 3 * 3600))
    (info,) = scan_saves(tmp_path).resumable
    assert info.game == "texas42" and info.players == ("You", "West", "North", "East")
    assert info.human
    text = info.summary()
    assert text.startswith("Texas 42 · hand 2 · You & North 0, West & East 1")
    assert text.endswith("last played 3 hours ago")


def test_saves_are_offered_newest_first(tmp_path):
    older, newer = put(tmp_path, "moon_save.jsonl", "mexican_train_save.jsonl")
    os.utime(older, (1_000_000, 1_000_000))
    assert [i.path for i in scan_saves(tmp_path).resumable] == [newer, older]
    assert saves.latest_save(tmp_path) == newer


def test_a_finished_game_is_moved_to_the_history_as_it_ends(tmp_path):
    game = game_class("moon")(options={"target": 7}, seed=3)
    seats = [Seat("Bot 1", "bot", "easy"), Seat("Bot 2", "bot", "easy"),
             Seat("Bot 3", "bot", "easy")]
    session = new_session(game, seats, tmp_path)
    path = session.record_writer.path
    session.start()
    while not game.is_over:
        session.submit(game.legal_actions()[0])
    assert not path.exists()
    (finished,) = history(tmp_path)
    assert finished.name == path.name
    assert replay(read_record(finished)).is_over
    assert scan_saves(tmp_path).resumable == []


def test_the_history_keeps_only_the_newest_records(tmp_path):
    folder = tmp_path / "history"
    folder.mkdir()
    for n in range(HISTORY_CAP + 5):
        old = folder / f"moon-{n:04d}.jsonl"
        old.write_text("{}\n")
        os.utime(old, (1_000_000 + n, 1_000_000 + n))
    (path,) = put(tmp_path, "finished.jsonl")
    moved = archive(path, tmp_path)
    kept = history(tmp_path)
    assert len(kept) == HISTORY_CAP and kept[0] == moved
    assert not (folder / "moon-0000.jsonl").exists()            # the oldest went first
    assert (folder / f"moon-{HISTORY_CAP + 4:04d}.jsonl").exists()


def test_abandoning_moves_the_save_to_the_history_marked_abandoned(tmp_path):
    (path,) = put(tmp_path, "moon_save.jsonl")
    original = path.read_bytes()
    moved = archive(path, tmp_path, abandoned=True)
    assert moved == tmp_path / "history" / "moon_save.abandoned.jsonl"
    assert moved.read_bytes() == original and not path.exists()
    assert scan_saves(tmp_path).resumable == []


# -- the disk failing -----------------------------------------------------------------------

def test_an_unwritable_data_directory_plays_on_and_says_so(tmp_path):
    blocked = tmp_path / "not-a-directory"
    blocked.write_text("a file where the data directory should be")
    said = []
    game = game_class("texas42")(seed=5)
    seats = [Seat("You", "human")] + [Seat(f"B{i}", "bot", "easy") for i in range(3)]
    session = new_session(game, seats, blocked, on_failure=said.append)
    assert session.record_writer.failed and session.save_problem == said[0]
    assert len(said) == 1 and said[0].startswith("This game cannot be saved")
    session.start()
    session.submit(game.legal_actions()[0])            # plays on
    assert len(said) == 1 and session.save_problem      # still not saved, told once
    assert session.unsaved_moves == 1
    assert blocked.read_text() == "a file where the data directory should be"


def test_a_full_disk_mid_game_is_told_once_and_the_game_goes_on(tmp_path, monkeypatch):
    said = []
    game = game_class("mexican_train")(options={"players": 2, "set": 9}, seed=2)
    seats = [Seat("You", "human"), Seat("Bot", "bot", "easy")]
    session = new_session(game, seats, tmp_path, on_failure=said.append)
    save = session.record_writer
    session.start()
    kept = save.path.read_bytes()

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    for _ in range(4):
        session.submit(game.legal_actions()[0])
    assert said == [save.failed] and "No space left on device" in said[0]
    assert save.path.read_bytes() == kept           # what was saved before is kept, whole


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_dev_full_gives_the_same_message():
    from core.records import RecordWriter
    said = []
    stream = open("/dev/full", "w")
    writer = RecordWriter(stream, None, fsync=True)
    save = Autosave(writer, Path("/dev/full"), None, on_failure=said.append)
    save.append([{"event": "pass", "player": 0}])
    save.append([{"event": "pass", "player": 1}])          # not told twice
    try:
        stream.close()
    except OSError:
        pass
    assert save.failed and "No space left on device" in save.failed and said == [save.failed]


# -- one window per game ----------------------------------------------------------------------

def test_a_game_open_in_another_window_is_not_offered_nor_resumed_twice(tmp_path):
    (path,) = put(tmp_path, "moon_save.jsonl")
    first = resume_session(path, tmp_path)
    scan = scan_saves(tmp_path)
    assert scan.in_use == [path] and scan.resumable == [] and scan.broken == []
    with pytest.raises(SaveInUse):
        resume_session(path, tmp_path)
    first.close()
    assert [i.path for i in scan_saves(tmp_path).resumable] == [path]


# -- the command line -----------------------------------------------------------------------

def run_cli(*args: str, data: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), DOMINOES_DATA_DIR=str(data),
               DOMINOES_CONFIG_DIR=str(data / "config"))
    return subprocess.run([sys.executable, "-m", "tui.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, timeout=60, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("command", ["resume", "replay"])
@pytest.mark.parametrize("name", ["broken_illegal_move.jsonl", "broken_truncated_middle.jsonl",
                                  "broken_unknown_version.jsonl", "broken_pickle.jsonl"])
def test_a_bad_file_on_the_command_line_is_one_line_exit_2_and_left_alone(tmp_path, command,
                                                                           name):
    target = tmp_path / name
    shutil.copyfile(CORPUS / name, target)
    before = target.read_bytes()
    result = run_cli(command, str(target), data=tmp_path / "data")
    assert result.returncode == 2
    err = result.stderr.decode()
    line, words = BROKEN[name]
    assert err.count("\n") == 1 and err.startswith(f"dominoes: {target}, line {line}: ")
    assert words in err and result.stdout == b""          # no screen was drawn
    assert target.read_bytes() == before


def test_a_huge_file_on_the_command_line_is_refused_within_seconds(tmp_path):
    big = tmp_path / "big.jsonl"
    with open(big, "wb") as f:
        f.write((CORPUS / "moon_save.jsonl").read_bytes())
        f.truncate(SAVE_MAX_BYTES * 3)
    long = tmp_path / "long.jsonl"
    filler = b'{"event":"comment","text":"' + b"x" * 60 + b'"}\n'
    with open(long, "wb") as f:               # just under the size limit: read and checked
        f.write((CORPUS / "moon_save.jsonl").read_bytes())
        f.write(filler * ((SAVE_MAX_BYTES - 4096) // len(filler)))
    for path, words in ((big, "file too large"), (long, "too many lines")):
        started = time.monotonic()
        result = run_cli("replay", str(path), data=tmp_path / "data")
        assert time.monotonic() - started < 10
        assert result.returncode == 2 and words in result.stderr.decode()


def test_a_finished_game_cannot_be_resumed_but_can_be_replayed_checks(tmp_path):
    target = tmp_path / "done.jsonl"
    shutil.copyfile(CORPUS / "finished.jsonl", target)
    result = run_cli("resume", str(target), data=tmp_path / "data")
    assert result.returncode == 2 and "the game is over" in result.stderr.decode()


def test_resuming_a_game_open_in_another_window_is_one_line_exit_2(tmp_path):
    (path,) = put(tmp_path, "moon_save.jsonl")
    session = resume_session(path, tmp_path)          # this process plays it
    try:
        result = run_cli("resume", str(path), data=tmp_path)
    finally:
        session.close()
    assert result.returncode == 2
    assert result.stderr.decode() == f"dominoes: {path}: the game is open in another window\n"


# -- in the app -------------------------------------------------------------------------------

async def test_the_app_starts_with_broken_saves_moved_aside_and_says_which(tmp_path):
    from tests.tui_pilot import make_app
    from tui.screens.title import TitleScreen
    put(tmp_path, "broken_illegal_move.jsonl", "broken_unknown_version.jsonl")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert len(app.save_messages) == 2
        said = " ".join(app.save_messages)
        assert "broken_illegal_move.jsonl, line 11: illegal move" in said
        assert "broken_unknown_version.jsonl, line 1: unknown record version 2" in said
        notice = str(app.screen.query_one("#title-notice").render())
        assert "broken_unknown_version.jsonl" in notice or "broken_illegal_move.jsonl" in notice
        assert not app.screen.query_one("#title-resume").display     # nothing to resume
    assert sorted(p.name for p in (tmp_path / "broken").glob("*.jsonl")) == [
        "broken_illegal_move.jsonl", "broken_unknown_version.jsonl"]


async def test_the_title_offers_resume_and_r_goes_on_at_the_exact_position(tmp_path):
    from tests.tui_pilot import game_screen, make_app, settle
    (path,) = put(tmp_path, "moon_save.jsonl")
    _, saved = load_save(path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        offer = str(app.screen.query_one("#title-resume").render())
        assert "Resume Three-Player Moon · hand 1" in offer and "You 0, West 0, East 0" in offer
        await pilot.press("r")
        await settle(pilot)
        session = game_screen(app).session
        assert session.record_writer.path == path
        history_len = len(saved.history)
        assert [e.to_record() for e in session.game.history[:history_len]] == [
            e.to_record() for e in saved.history]
        assert session.game.options == saved.options
        assert [s.level for s in session.seats] == [None, "easy", "easy"]


@pytest.mark.parametrize("choice", ["a", "k", "c", "r"])
async def test_a_new_game_with_one_unfinished_asks_first(tmp_path, choice):
    from tests.tui_pilot import game_screen, make_app, settle
    from tui.screens.resume import UnfinishedGameDialog
    from tui.screens.title import TitleScreen
    (path,) = put(tmp_path, "texas42_save.jsonl")
    app = make_app(tmp_path, game="moon", options={"target": 7}, seed=99)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")                      # quick game: Moon
        await pilot.pause()
        assert isinstance(app.screen, UnfinishedGameDialog)
        await pilot.press(choice)
        await settle(pilot)
        if choice == "c":
            assert isinstance(app.screen, TitleScreen) and path.exists()
            return
        session = game_screen(app).session
        if choice == "r":
            assert session.game.name == "texas42" and session.record_writer.path == path
            return
        assert session.game.name == "moon" and session.game.seed == 99
    if choice == "a":
        assert not path.exists()
        assert (tmp_path / "history" / "texas42_save.abandoned.jsonl").exists()
    else:
        assert path.exists()
    assert len(list((tmp_path / "saves").glob("moon-*.jsonl"))) == 1


async def test_an_unwritable_data_directory_still_plays_and_says_it_is_not_saved(tmp_path):
    from tests.tui_pilot import game_screen, make_app, settle
    blocked = tmp_path / "blocked"
    blocked.write_text("not a directory")
    app = make_app(tmp_path, game="moon", options={"target": 7})
    app.save_dir = blocked
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        screen = game_screen(app)
        session = screen.session
        assert session.record_writer.failed and session.game.history
        assert any(m.startswith("This game cannot be saved") for m in app.save_messages)
        assert screen.query_one("#save-problem").display


async def test_the_saved_games_list_resumes_watches_and_abandons(tmp_path):
    from tests.tui_pilot import game_screen, make_app, settle
    from tui.screens.replay import ReplayScreen
    from tui.screens.resume import SavedGamesScreen
    older, newer = put(tmp_path, "moon_save.jsonl", "mexican_train_save.jsonl")
    os.utime(older, (time.time() - 100, time.time() - 100))
    put(tmp_path, "finished.jsonl")                  # moved to the history at start
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SavedGamesScreen)
        assert [kind for kind, _ in screen.entries] == ["save", "save", "history"]
        await pilot.press("down", "down", "v")         # the finished game, in the viewer
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen.model.game == "moon"
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("home")
        screen.query_one("#saves-list").highlighted = 1
        await pilot.press("a", "y")                    # abandon the older (Moon) save, asked first
        await pilot.pause()
        assert not older.exists()
        assert [kind for kind, _ in screen.entries] == ["save", "history", "history"]
        screen.query_one("#saves-list").highlighted = 0
        await pilot.press("enter")                     # resume the Mexican Train game
        await settle(pilot)
        assert game_screen(app).session.record_writer.path == newer


def test_undo_rewrites_the_autosave_which_stays_locked_and_ends_in_the_history(tmp_path):
    from tui.play.saves import is_locked
    game = game_class("moon")(options={"target": 7}, seed=21)
    seats = [Seat("You", "human"), Seat("West", "bot", "easy"), Seat("East", "bot", "easy")]
    session = new_session(game, seats, tmp_path)
    save = session.record_writer
    session.start()

    def step() -> None:
        g = session.game
        player = g.current_player
        if session.is_human_turn():
            session.submit(g.legal_actions()[-1])
        else:
            session.submit(session.bot_for(player).choose(g.view(player), g.legal_actions(),
                                                          session.bot_rng(player)))

    human_moves = 0
    while human_moves < 3:
        human_moves += session.is_human_turn()
        step()
    assert session.undo()
    assert session.record_writer is save and save.failed is None
    record = read_record(save.path)
    assert record.header.get("undo_used") is True
    assert [l for l in record.lines] == [e.to_record() for e in session.game.history]
    assert is_locked(save.path)                        # still one window per game
    while not session.game.is_over:
        step()
    assert not save.path.exists()
    (finished,) = history(tmp_path)
    assert replay(read_record(finished)).is_over


def test_a_record_resumed_from_elsewhere_finishes_where_it_is(tmp_path):
    elsewhere = tmp_path / "elsewhere" / "my-game.jsonl"
    elsewhere.parent.mkdir()
    shutil.copyfile(CORPUS / "moon_save.jsonl", elsewhere)
    data = tmp_path / "data"
    session = resume_session(elsewhere, data)
    while not session.game.is_over:
        session.submit(session.game.legal_actions()[0])
    assert elsewhere.exists() and read_record(elsewhere).finished
    assert history(data) == []
