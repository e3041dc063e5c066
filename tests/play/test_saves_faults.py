"""Saves that never claim more than they keep: a torn last line anywhere (a deal line
too), a full disk and its recovery, a save deleted or replaced under a running game,
the lock covering abandon, and files in saves/ that are no saves (named pipes,
devices, links to nothing, directories). Pilot tests check what the screens say."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from core.errors import RecordError
from core.records import dumps_line, parse_record, read_record, record_lines, replay
from core.registry import game_class
from tests.play.test_kill_resume import drive
from tui.play import saves
from tui.play.autosave import new_session, resume_session
from tui.play.saves import SaveInUse, archive, is_locked, load_save, scan_saves
from tui.play.session import Seat

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "fixtures" / "saves"


def full_record(tmp: Path, game: str, seed: int, options: dict | None = None) -> bytes:
    """A whole game played by bots through the app's autosave: its finished record (with
    ``options``, trumps are named by leading a tile whenever the rules allow it)."""
    data = tmp / f"full-{game}-{seed}"
    if options is None:
        drive(data, game, seed, 0.0)
    else:
        cls = game_class(game)(options=options, seed=seed)
        seats = [Seat(f"Bot {i + 1}", "bot", "easy") for i in range(cls.num_players)]
        session = new_session(cls, seats, data)
        session.start()
        while not cls.is_over:
            player = session.current_player
            legal = cls.legal_actions()
            leads = [c for c in legal if type(c).__name__ == "Play"]
            if cls.phase == "trump" and leads:
                session.submit(leads[0])
                continue
            session.submit(session.bot_for(player).choose(
                cls.view(player), legal, session.bot_rng(player)))
    (finished,) = list((data / "history").glob("*.jsonl"))
    return finished.read_bytes()


def put_save(data: Path, name: str, content: bytes) -> Path:
    folder = data / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(content)
    return path


def bot_move(session) -> None:
    game = session.game
    player = game.current_player
    session.submit(session.bot_for(player).choose(game.view(player), game.legal_actions(),
                                                  session.bot_rng(player)))


def bot_session(tmp: Path, game: str = "moon", seed: int = 5, options: dict | None = None,
                said: list | None = None):
    cls = game_class(game)(options=options or {"target": 7}, seed=seed)
    seats = [Seat(f"Bot {i + 1}", "bot", "easy") for i in range(cls.num_players)]
    session = new_session(cls, seats, tmp, on_failure=(said.append if said is not None
                                                       else None))
    session.start()
    return session


def whole_record(session) -> bytes:
    """What a save holding every event of the session's game reads, byte for byte."""
    header = session.record_writer.header
    lines = [header] + [e.to_record() for e in session.game.history]
    return "".join(dumps_line(line) + "\n" for line in lines).encode("utf-8")


# -- a torn last line, inside a deal line too ----------------------------------------------

TORN_GAMES = [("moon", 7), ("texas42", 101)]


@pytest.mark.parametrize("game, seed", TORN_GAMES)
def test_a_deal_line_torn_at_any_byte_loses_only_that_line(tmp_path, monkeypatch, game, seed):
    """Cut the save inside the first deal line and inside a later hand's deal line, at
    every byte: it resumes at the last whole decision, the engine deals that hand again
    from the seeded generator -- the very deal that was lost -- and the save is whole."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)     # hundreds of resumes: no syncing
    full = full_record(tmp_path, game, seed)
    lines = full.splitlines(keepends=True)
    deals = [i for i, line in enumerate(lines) if b'"event":"deal"' in line]
    assert len(deals) >= 2, "the game should last more than one hand"
    data = tmp_path / "data"
    for at in (deals[0], deals[-1]):
        before = b"".join(lines[:at])
        fresh = replay(parse_record(before + lines[at], "reference"))
        for cut in range(len(lines[at])):          # 0: cut just before the line
            path = put_save(data, f"{game}-cut.jsonl", before + lines[at][:cut])
            record, resumed = load_save(path)
            assert record.lines == [json.loads(line) for line in lines[1:at]] or cut == len(
                lines[at]) - 1
            assert resumed.state_key() == fresh.state_key(), (at, cut)
            session = resume_session(path, data)
            session.close()
            assert path.read_bytes() == before + lines[at], (at, cut)   # dealt again, whole
            path.unlink()


def test_a_play_lost_after_its_first_tile_trump_line_resumes_before_it(tmp_path):
    """Texas 42 with trumps named by the first tile led: the trump line is written ahead
    of its play. A save cut inside (or before) that play resumes before the decision,
    and the orphan trump line does not stay in the file."""
    options = {"trump_by_first_tile": True}
    full = full_record(tmp_path, "texas42", 3, options)
    lines = full.splitlines(keepends=True)
    ahead = [i for i, line in enumerate(lines) if b'"first_tile":true' in line]
    assert ahead, "some bidder should lead to name trumps"
    at = ahead[0]
    data = tmp_path / "data"
    fresh = replay(parse_record(b"".join(lines[:at]), "reference"))
    for cut in (0, 1, len(lines[at + 1]) // 2, len(lines[at + 1]) - 2):
        path = put_save(data, "texas42-cut.jsonl", b"".join(lines[:at + 1]) + lines[at + 1][:cut])
        record, game = load_save(path)
        assert record.unplayed == 1 and game.state_key() == fresh.state_key()
        session = resume_session(path, data)
        assert path.read_bytes() == b"".join(lines[:at])            # the orphan line is gone
        for _ in range(6):
            bot_move(session)
        session.close()
        assert replay(read_record(path)).state_key() == session.game.state_key()
        path.unlink()


def test_a_stray_engine_line_at_the_end_is_still_refused():
    """Only lines that some legal move writes ahead of itself are left unplayed; any other
    last line out of place is a fault, named with its line."""
    game = game_class("moon")(options={"target": 7}, seed=3)
    game.start()
    text = "".join(dumps_line(line) + "\n" for line in record_lines(game))
    text += dumps_line({"event": "trick", "number": 1, "leader": 0, "tiles": [],
                        "winner": 0}) + "\n"
    with pytest.raises(RecordError) as err:
        replay(parse_record(text, "stray.jsonl"))
    assert err.value.line == 4 and "trick" in err.value.fault


# -- a full disk: told, kept whole, saved again when there is room -----------------------------

class TornWrites:
    """A write hook: the save's stream writes half of what it is given, then the disk is
    full (as a real full disk tears a batch)."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text):
        self.stream.write(text[:len(text) // 2])
        self.stream.flush()
        raise OSError(errno.ENOSPC, "No space left on device")

    def __getattr__(self, name):
        return getattr(self.stream, name)


def test_a_full_disk_keeps_the_last_whole_batch_and_saves_all_again_with_room(tmp_path,
                                                                          monkeypatch):
    said: list[str] = []
    session = bot_session(tmp_path, said=said)
    save = session.record_writer
    for _ in range(5):
        bot_move(session)
    kept = save.path.read_bytes()
    old = time.time() - 600
    os.utime(save.path, (old, old))                  # the last whole batch: 10 minutes ago
    save.writer._stream = TornWrites(save.writer._stream)
    bot_move(session)                                # half a batch reaches the disk
    assert said == [save.failed] and "No space left on device" in said[0]
    assert session.save_problem == save.failed and session.unsaved_moves == 1
    assert save.path.read_bytes() == kept            # cut back to its last whole line
    assert abs(save.path.stat().st_mtime - old) < 1  # and to its time: not "just now"

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)           # everything fails now, rewrites too
    for _ in range(3):
        bot_move(session)
    assert said == [save.failed] and session.unsaved_moves == 4      # told once
    assert save.path.read_bytes() == kept
    assert not [p for p in save.path.parent.iterdir() if p.name.startswith(".saving-")]
    monkeypatch.undo()                               # room again
    bot_move(session)
    assert save.failed is None and session.save_problem == "" and session.unsaved_moves == 0
    assert save.path.read_bytes() == whole_record(session)     # the whole game, rewritten
    assert is_locked(save.path)                      # still one window per game
    for _ in range(3):
        bot_move(session)                            # and it goes on appending
    assert save.path.read_bytes() == whole_record(session)
    session.close()
    assert replay(read_record(save.path)).state_key() == session.game.state_key()


def test_an_fsync_that_fails_is_a_failure_not_a_saved_line(tmp_path, monkeypatch):
    said: list[str] = []
    session = bot_session(tmp_path, said=said)
    kept = session.record_writer.path.read_bytes()

    def io_error(fd):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "fsync", io_error)
    bot_move(session)
    assert said and "Input/output error" in said[0]
    assert session.record_writer.path.read_bytes() == kept


def test_a_game_that_could_not_be_saved_from_the_start_is_saved_when_it_can(tmp_path):
    blocked = tmp_path / "data"
    blocked.write_text("a file where the data directory should be")
    said: list[str] = []
    session = bot_session(blocked, said=said)
    assert session.save_problem and len(said) == 1
    bot_move(session)
    blocked.unlink()                                 # the data directory can be made now
    bot_move(session)
    save = session.record_writer
    assert session.save_problem == "" and save.path.parent == blocked / "saves"
    assert save.path.read_bytes() == whole_record(session)
    session.close()


def test_a_game_whose_end_is_saved_late_still_moves_to_the_history(tmp_path, monkeypatch):
    session = bot_session(tmp_path)
    save = session.record_writer

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    while not session.game.is_over:
        bot_move(session)
    assert save.failed and save.path.exists() and save.finished_path is None
    monkeypatch.undo()
    assert session.save_now()                        # what quitting tries first
    assert not save.path.exists() and save.finished_path is not None
    assert replay(read_record(save.finished_path)).is_over


# -- a save deleted or replaced under a running game ------------------------------------------

@pytest.mark.parametrize("how", ["deleted", "replaced", "moved"])
def test_a_save_deleted_or_replaced_under_the_game_is_written_anew(tmp_path, how):
    said: list[str] = []
    session = bot_session(tmp_path, said=said)
    save = session.record_writer
    for _ in range(3):
        bot_move(session)
    if how == "deleted":
        save.path.unlink()
    elif how == "replaced":
        other = save.path.with_name("other.tmp")
        other.write_text('{"record":1,"game":"moon"}\n')
        os.replace(other, save.path)
    else:
        save.path.rename(tmp_path / "elsewhere.jsonl")
    bot_move(session)
    assert said == [] and session.save_problem == ""
    assert save.path.read_bytes() == whole_record(session)
    assert is_locked(save.path)
    bot_move(session)
    assert save.path.read_bytes() == whole_record(session)
    session.close()


# -- one window per game: the lock covers abandon ---------------------------------------------

def test_a_game_open_in_another_window_cannot_be_abandoned(tmp_path):
    (tmp_path / "saves").mkdir()
    path = tmp_path / "saves" / "moon_save.jsonl"
    shutil.copyfile(CORPUS / "moon_save.jsonl", path)
    scan = scan_saves(tmp_path)                      # this window saw it free
    assert [i.path for i in scan.resumable] == [path]
    other = resume_session(path, tmp_path)           # another window starts playing it
    try:
        assert scan.resumable == [] and scan.in_use == [path]     # looked at again
        with pytest.raises(SaveInUse):
            archive(path, tmp_path, abandoned=True)
        assert path.exists() and not (tmp_path / "history").exists()
        bot_move(other) if other.is_bot_turn() else other.submit(
            other.game.legal_actions()[0])
        assert other.record_writer.failed is None
        assert replay(read_record(path)).state_key() == other.game.state_key()
    finally:
        other.close()
    moved = archive(path, tmp_path, abandoned=True)  # free again: it can be abandoned
    assert moved == tmp_path / "history" / "moon_save.abandoned.jsonl"


# -- files in saves/ that are no saves ------------------------------------------------------------

def special_files(folder: Path, outside: Path) -> dict[str, str]:
    """Make one of each in ``folder``; name -> words of the reason expected."""
    folder.mkdir(parents=True, exist_ok=True)
    made = {}
    os.mkfifo(folder / "pipe.jsonl")
    made["pipe.jsonl"] = "a named pipe (FIFO), not a saved game"
    (folder / "folder.jsonl").mkdir()
    (folder / "folder.jsonl" / "inside.jsonl").write_text("{}\n")
    made["folder.jsonl"] = "a directory, not a saved game"
    os.symlink(outside / "missing.jsonl", folder / "dangling.jsonl")
    made["dangling.jsonl"] = "a link to a file that does not exist"
    os.mkfifo(outside / "far-pipe")
    os.symlink(outside / "far-pipe", folder / "to-pipe.jsonl")
    made["to-pipe.jsonl"] = "a link to a named pipe (FIFO)"
    if os.path.exists("/dev/null"):
        os.symlink("/dev/null", folder / "to-device.jsonl")
        made["to-device.jsonl"] = "a link to a device file"
    try:
        os.mknod(folder / "device.jsonl", 0o600 | 0o020000, os.makedev(1, 3))  # like /dev/null
        made["device.jsonl"] = "a device file, not a saved game"
    except (PermissionError, AttributeError, OSError):
        pass                                          # needs root: the link above stands in
    return made


def in_time(work, limit: float = 10.0):
    """Run ``work`` in a thread; fail (instead of hanging) if it blocks."""
    out: dict = {}

    def run():
        try:
            out["value"] = work()
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            out["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(limit)
    assert not thread.is_alive(), "it blocked on a file in saves/"
    if "error" in out:
        raise out["error"]
    return out.get("value")


def test_special_files_in_saves_are_reported_and_moved_aside_without_blocking(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    made = special_files(tmp_path / "saves", outside)
    shutil.copyfile(CORPUS / "moon_save.jsonl", tmp_path / "saves" / "good.jsonl")
    scan = in_time(lambda: scan_saves(tmp_path))
    assert [i.path.name for i in scan.resumable] == ["good.jsonl"]
    reasons = {b.path.name: b for b in scan.broken}
    assert sorted(reasons) == sorted(made)
    for name, words in made.items():
        broken = reasons[name]
        assert words in broken.reason and str(tmp_path / "saves" / name) in broken.reason
        assert broken.moved_to == tmp_path / "broken" / name
        assert os.path.lexists(broken.moved_to)
        assert words in (tmp_path / "broken" / f"{name}.txt").read_text()
        assert name in broken.message()
    assert sorted(p.name for p in (tmp_path / "saves").iterdir()) == ["good.jsonl"]
    assert (tmp_path / "broken" / "folder.jsonl" / "inside.jsonl").exists()   # moved whole
    assert (outside / "far-pipe").exists()                  # what a link named is left alone
    again = in_time(lambda: scan_saves(tmp_path))
    assert again.broken == []


def test_a_named_pipe_is_refused_as_a_record_without_blocking(tmp_path):
    pipe = tmp_path / "game.jsonl"
    os.mkfifo(pipe)
    with pytest.raises(RecordError) as err:
        in_time(lambda: read_record(pipe))
    assert "named pipe" in err.value.fault
    assert in_time(lambda: saves.lock_save(pipe)) is None
    assert in_time(lambda: saves.is_locked(pipe)) is False
    assert in_time(lambda: saves.record_game(pipe)) is None
    env = dict(os.environ, PYTHONPATH=str(ROOT), DOMINOES_DATA_DIR=str(tmp_path / "data"),
               DOMINOES_CONFIG_DIR=str(tmp_path / "config"))
    for command in ("replay", "resume"):
        result = subprocess.run([sys.executable, "-m", "tui.cli", command, str(pipe)],
                                cwd=ROOT, env=env, capture_output=True, timeout=60,
                                stdin=subprocess.DEVNULL)
        assert result.returncode == 2
        assert result.stderr.decode().count("\n") == 1 and "named pipe" in result.stderr.decode()


def test_a_link_out_of_the_data_directory_is_read_but_never_written_through(tmp_path):
    outside = tmp_path / "elsewhere" / "mine.jsonl"
    outside.parent.mkdir()
    shutil.copyfile(CORPUS / "moon_save.jsonl", outside)
    before = outside.read_bytes()
    data = tmp_path / "data"
    (data / "saves").mkdir(parents=True)
    link = data / "saves" / "linked.jsonl"
    os.symlink(outside, link)
    (info,) = scan_saves(data).resumable
    assert info.path == link
    session = resume_session(link, data)
    for _ in range(4):
        if session.is_bot_turn():
            bot_move(session)
        else:
            session.submit(session.game.legal_actions()[0])
    session.close()
    assert outside.read_bytes() == before                 # the file it named is untouched
    assert not link.is_symlink() and link.is_file()        # the save is a file of its own now
    assert replay(read_record(link)).state_key() == session.game.state_key()


# -- what the screens say -------------------------------------------------------------------------

def summary_hint(app) -> str:
    return str(app.screen.query_one("#dialog-hint").render())


async def test_the_screens_say_a_game_is_not_saved_and_quitting_asks(tmp_path, monkeypatch):
    from tests.tui_pilot import game_screen, make_app, settle
    from tui.screens.game_base import QuitUnsavedDialog
    from tui.screens.summary import HandSummaryScreen
    from tui.screens.too_small import TooSmallScreen
    from tui.widgets.keys_footer import KeysFooter

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    app = make_app(tmp_path, game="moon", options={"target": 7}, levels=["human", "easy",
                                                                           "easy"])
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        screen = game_screen(app)
        notice = screen.query_one("#save-problem")
        assert not notice.display
        save = screen.session.record_writer
        kept = save.path.read_bytes()
        monkeypatch.setattr(os, "fsync", full)
        for _ in range(200):                           # play on until a move fails to save
            await settle(pilot)
            if screen.session.save_problem:
                break
            await pilot.press("enter")
        await settle(pilot)
        assert screen.session.save_problem
        assert notice.display
        shown = str(notice.render())
        assert "NOT SAVED" in shown and "No space left on device" in shown
        assert save.path.read_bytes() == kept            # its last whole batch
        # Quitting asks first; "n" plays on.
        while not isinstance(app.screen, type(screen)):
            await pilot.press("enter")
            await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitUnsavedDialog)
        body = str(app.screen.body())
        assert "No space left on device" in body and "lost" in body
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and app.is_running
        # The too-small notice does not promise a save either.
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#too-small-text").render())
        assert "NOT being saved" in text and "the game is saved" not in text
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        # A hand summary says it too: no "q quits (the game is saved)" beside the notice.
        for _ in range(400):
            await settle(pilot)
            if isinstance(app.screen, HandSummaryScreen):
                break
            await pilot.press("enter")
        assert isinstance(app.screen, HandSummaryScreen)
        assert "NOT being saved" in summary_hint(app)
        assert "the game is saved" not in summary_hint(app)
        labels = [e.binding.description for e in app.screen.query_one(KeysFooter).entries()]
        assert "Quit (saved)" not in labels and "Quit" in labels
        await pilot.press("enter")
        await settle(pilot)
        # Room again: the next move saves the whole game and the notice goes.
        monkeypatch.undo()
        for _ in range(200):
            await settle(pilot)
            if not screen.session.save_problem:
                break
            await pilot.press("enter")
        await settle(pilot)
        assert not screen.session.save_problem and not notice.display
        assert any("Saving works again" in m for m in app.save_messages)
        assert save.path.read_bytes() == whole_record(screen.session)
        while not isinstance(app.screen, type(screen)):
            await pilot.press("enter")
            await settle(pilot)
        await pilot.press("q")                         # saved: quits at once
        await pilot.pause()
    assert app.return_code == 0


async def test_quitting_an_unsaved_game_with_y_keeps_the_older_save(tmp_path, monkeypatch):
    from tests.tui_pilot import game_screen, make_app, settle
    from tui.screens.game_base import QuitUnsavedDialog

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    app = make_app(tmp_path, game="moon", options={"target": 7})
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        screen = game_screen(app)
        path = screen.session.record_writer.path
        kept = path.read_bytes()
        monkeypatch.setattr(os, "fsync", full)
        while not screen.session.save_problem:
            await pilot.press("enter")
            await settle(pilot)
        while app.screen is not screen:
            await pilot.press("enter")
            await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitUnsavedDialog)
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0
    assert path.read_bytes() == kept                    # the older position, whole


async def test_a_title_stops_offering_a_game_another_window_plays(tmp_path, monkeypatch):
    from tests.tui_pilot import make_app
    from tui.screens import title
    from tui.screens.resume import SavedGamesScreen
    monkeypatch.setattr(title, "OFFER_CHECK_SECONDS", 0.1)
    (tmp_path / "saves").mkdir()
    path = tmp_path / "saves" / "moon_save.jsonl"
    shutil.copyfile(CORPUS / "moon_save.jsonl", path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        offer = app.screen.query_one("#title-resume")
        assert offer.display and "Three-Player Moon" in str(offer.render())
        other = resume_session(path, tmp_path)          # another window plays it now
        try:
            await pilot.pause(0.4)
            assert not offer.display
            assert app.unfinished_save() is None
            app.abandon_save(path)                       # as the saved-games list would
            await pilot.pause()
            assert path.exists()
            assert "open in another window" in app.save_messages[-1]
            await pilot.press("g")
            await pilot.pause()
            assert isinstance(app.screen, SavedGamesScreen)
            assert [kind for kind, _ in app.screen.entries] == []
            await pilot.press("q")
            await pilot.pause()
        finally:
            other.close()
        await pilot.pause(0.4)
        assert offer.display                            # free again: offered again
