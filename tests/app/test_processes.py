"""Processes that end: no terminal, files that are not files, games that cannot end, signals.

* Without a terminal (standard input ``/dev/null``, output a pipe) the app is
  never started: one line, status 2, within seconds (it used to spin a core).
* ``replay`` / ``resume`` of a FIFO or a device: one line, status 2, no hang.
* ``simulate`` whose game cannot end within its decision limit: one line,
  status 2, and ``--out`` leaves no file (an earlier one stays as it was).
* ``arena --budget`` / ``--jobs`` out of range: one line, status 2.
* The real app in a pseudo-terminal (``TERM=xterm``), told to go by SIGTERM or
  SIGHUP: it exits at once, turns mouse reporting off and leaves the alternate
  screen, and the game in play keeps its save exactly; a terminal that hangs up
  without a signal (the app not in its session) ends the app too.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import shutil
import signal
import stat
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from tests.play.test_kill_resume import check_prefix, check_state, drive, reference
from tui import cli

ROOT = Path(__file__).resolve().parents[2]
VALID_SAVE = ROOT / "tests" / "fixtures" / "records" / "valid_save.jsonl"
QUICK = 10.0          # seconds within which a refusal must come (it takes well under one)


def env_for(data: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT), DOMINOES_DATA_DIR=str(data),
                DOMINOES_CONFIG_DIR=str(data / "config"), TERM="xterm",
                TEXTUAL_ANIMATIONS="none")


def one_line(err: bytes | str, prefix: str = "dominoes: ") -> str:
    text = err.decode("utf-8") if isinstance(err, bytes) else err
    assert text.count("\n") == 1 and text.endswith("\n"), text
    assert text.startswith(prefix) and "Traceback" not in text, text
    return text


def run_cli(args: list[str], data: Path, **streams) -> tuple[subprocess.CompletedProcess, float]:
    streams.setdefault("stdin", subprocess.DEVNULL)
    streams.setdefault("stdout", subprocess.PIPE)
    streams.setdefault("stderr", subprocess.PIPE)
    started = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "tui.cli", *args], cwd=ROOT,
                            env=env_for(data), timeout=60, **streams)
    return result, time.monotonic() - started


# -- no terminal ---------------------------------------------------------------------------

@pytest.mark.parametrize("args", [[], ["--no-mouse"], ["resume"], ["resume", "SAVE"],
                                  ["replay", "SAVE"]], ids=" ".join)
def test_without_a_terminal_the_app_says_so_and_exits_2(tmp_path, args):
    save = tmp_path / "game.jsonl"
    shutil.copyfile(VALID_SAVE, save)
    args = [str(save) if a == "SAVE" else a for a in args]
    result, took = run_cli(args, tmp_path / "data")
    assert result.returncode == 2
    assert took < QUICK
    assert result.stdout == b""
    err = one_line(result.stderr)
    assert "the game needs a terminal" in err and "standard input" in err
    assert save.read_bytes() == VALID_SAVE.read_bytes()
    assert not list((tmp_path / "data").glob("saves/*"))      # no game was started


def test_replay_with_its_output_piped_says_so_and_exits_2(tmp_path):
    """Keys from a terminal, but standard output a pipe (``dominoes replay X | less``)."""
    master, slave = pty.openpty()
    try:
        result, took = run_cli(["replay", str(VALID_SAVE)], tmp_path, stdin=slave, stderr=slave)
        os.close(slave)
        slave = -1
        said = read_all(master)
    finally:
        if slave >= 0:
            os.close(slave)
        os.close(master)
    assert result.returncode == 2 and took < QUICK
    assert result.stdout == b""
    err = one_line(said.decode("utf-8").replace("\r\n", "\n"))
    assert "standard output is not one" in err


def read_all(fd: int, limit: float = 5.0) -> bytes:
    chunks = []
    end = time.monotonic() + limit
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if not ready:
            break
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    return b"".join(chunks)


def test_the_terminal_check_names_every_stream_that_is_not_one(monkeypatch):
    class Stream:
        def __init__(self, fd):
            self.fd = fd

        def fileno(self):
            return self.fd

    master, slave = pty.openpty()
    try:
        with open(os.devnull, "rb") as null:
            monkeypatch.setattr(sys, "__stdin__", Stream(slave))
            monkeypatch.setattr(sys, "__stdout__", Stream(slave))
            monkeypatch.setattr(sys, "__stderr__", Stream(slave))
            assert cli.terminal_problem() is None
            monkeypatch.setattr(sys, "__stdout__", Stream(null.fileno()))
            assert "standard output is not one" in cli.terminal_problem()
            monkeypatch.setattr(sys, "__stdin__", None)
            assert ("standard input and standard output are not terminals"
                    in cli.terminal_problem())
    finally:
        os.close(master)
        os.close(slave)


# -- records that are not files ------------------------------------------------------------

@pytest.mark.parametrize("command", ["replay", "resume"])
@pytest.mark.parametrize("kind", ["fifo", "device", "link to a fifo"])
def test_a_record_that_is_not_a_file_is_refused_at_once(tmp_path, command, kind):
    if kind == "device":
        path, words = Path("/dev/zero"), "is a character device, not a record file"
    else:
        fifo = tmp_path / "game.jsonl"
        os.mkfifo(fifo)
        path, words = fifo, "is a named pipe (FIFO), not a record file"
        if kind == "link to a fifo":
            path = tmp_path / "link.jsonl"
            path.symlink_to(fifo)
    result, took = run_cli([command, str(path)], tmp_path / "data")
    assert result.returncode == 2 and took < QUICK
    assert result.stdout == b""
    assert one_line(result.stderr) == f"dominoes: {path}: {words}\n"
    if kind != "device":
        assert stat.S_ISFIFO(os.stat(path).st_mode)          # left as it was


def test_a_directory_is_refused_before_it_is_opened(tmp_path, capsys):
    assert cli.main(["resume", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"dominoes: {tmp_path}: is a directory, not a record file\n"


# -- simulate: a game that cannot end, and --out ------------------------------------------

FAR = ["simulate", "--game", "texas42", "--seed", "1", "--option", "target=marks:100000"]


@pytest.fixture
def short_limit(monkeypatch):
    """A decision limit the far target cannot be reached in, quickly (the real one,
    500 000 decisions, takes some twenty seconds to run out)."""
    import core.simulate
    monkeypatch.setattr(core.simulate, "MAX_DECISIONS", 400)


def test_simulate_that_cannot_end_is_one_line_and_leaves_no_file(tmp_path, capsys,
                                                                 short_limit):
    out = tmp_path / "game.jsonl"
    assert cli.main([*FAR, "--out", str(out)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    err = one_line(captured.err)
    assert "Texas 42 was not over after 400 decisions" in err
    assert "target=marks:100000" in err and "nothing was written" in err
    assert list(tmp_path.iterdir()) == []                   # no record, no temporary file


def test_simulate_that_cannot_end_keeps_an_earlier_file(tmp_path, capsys, short_limit):
    out = tmp_path / "game.jsonl"
    out.write_text("an earlier record\n")
    assert cli.main([*FAR, "--out", str(out)]) == 2
    assert out.read_text() == "an earlier record\n"
    assert list(tmp_path.iterdir()) == [out]


def test_simulate_to_standard_output_that_cannot_end_prints_nothing(capsysbinary, short_limit):
    assert cli.main(FAR) == 2
    captured = capsysbinary.readouterr()
    assert captured.out == b""
    one_line(captured.err.decode())


def test_an_interrupted_simulate_leaves_no_file(tmp_path, monkeypatch):
    import core.simulate

    def interrupted(game, rng, *args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(core.simulate, "play_out", interrupted)
    out = tmp_path / "game.jsonl"
    assert cli.main(["simulate", "--game", "moon", "--seed", "2", "--out", str(out)]) == 130
    assert list(tmp_path.iterdir()) == []


def test_simulate_replaces_a_file_whole_and_keeps_its_permissions(tmp_path):
    out = tmp_path / "game.jsonl"
    out.write_text("old\n")
    out.chmod(0o600)
    assert cli.main(["simulate", "--game", "moon", "--seed", "2", "--out", str(out)]) == 0
    assert out.read_text().startswith('{"record":1,"game":"moon"')
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    assert list(tmp_path.iterdir()) == [out]


def test_simulate_through_a_link_writes_the_file_it_points_to(tmp_path):
    real = tmp_path / "real.jsonl"
    real.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    assert cli.main(["simulate", "--game", "moon", "--seed", "2", "--out", str(link)]) == 0
    assert link.is_symlink() and real.read_text().startswith('{"record":1')
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.jsonl", "real.jsonl"]


def test_simulate_into_a_fifo_writes_through_it_and_leaves_it_a_fifo(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    assert cli.main(["simulate", "--game", "moon", "--seed", "2", "--out", str(fifo)]) == 0
    reader.join(10)
    expected = tmp_path / "expected.jsonl"
    assert cli.main(["simulate", "--game", "moon", "--seed", "2", "--out", str(expected)]) == 0
    assert got == [expected.read_bytes()]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["expected.jsonl", "pipe"]


# -- arena flags -----------------------------------------------------------------------------

ARENA = ["arena", "--game", "moon", "--a", "easy", "--b", "easy", "--deals", "1", "--quiet"]


def cpus() -> int:
    from core.arena import usable_cpus
    return usable_cpus()


@pytest.mark.parametrize("flags,words", [
    (["--budget", "nan"], "--budget must be a positive number of seconds from 0.01 to 30, "
                          "not nan"),
    (["--budget", "inf"], "not inf"),
    (["--budget=-inf"], "not -inf"),
    (["--budget", "1e400"], "not inf"),
    (["--budget", "0"], "not 0"),
    (["--budget", "0.001"], "not 0.001"),
    (["--budget", "30.5"], "not 30.5"),
    (["--budget", "soon"], "invalid float value: 'soon'"),
    (["--jobs", "0"], "--jobs must be at least 1"),
    (["--jobs", "CPUS+1"], "--jobs must be at most CPUS (the CPUs this machine lets it use)"),
    (["--jobs", "1000000"], "not 1000000"),
    (["--jobs", "two"], "invalid int value: 'two'"),
])
def test_arena_flags_out_of_range_are_one_line_exit_2(capsys, flags, words):
    n = cpus()
    flags = [f.replace("CPUS+1", str(n + 1)) for f in flags]
    words = words.replace("CPUS", str(n))
    assert cli.main([*ARENA, *flags]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    err = one_line(captured.err, "dominoes arena: ")
    assert words in err


@pytest.mark.parametrize("flags", [["--budget", "0.01"], ["--budget", "30"], ["--jobs", "CPUS"]])
def test_arena_flags_at_the_ends_of_their_range_are_taken(flags):
    from core.arena import build_parser, settings_from_args
    flags = [f.replace("CPUS", str(cpus())) for f in flags]
    settings = settings_from_args(build_parser().parse_args([*ARENA[1:], *flags]))
    assert settings.budget == (float(flags[1]) if flags[0] == "--budget" else None)


# -- the real app in a terminal, told to go ------------------------------------------------

def _take_terminal() -> None:
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class AppInTerminal:
    """``dominoes ARGS`` in a pseudo-terminal of 100x30 (its controlling terminal, as in a
    terminal window or over SSH, unless ``controlling`` is False); its output is kept."""

    def __init__(self, args: list[str], data: Path, *, controlling: bool = True) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tui.cli", *args], stdin=slave, stdout=slave, stderr=slave,
            cwd=ROOT, env=env_for(data), start_new_session=True,
            preexec_fn=_take_terminal if controlling else None)
        os.close(slave)
        self.master = master
        self.output = bytearray()
        self._stop = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while not self._stop.is_set():
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if not ready:
                continue
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            self.output.extend(data)

    def type(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def wait_for_output(self, text: bytes, limit: float = 30.0) -> None:
        end = time.monotonic() + limit
        while text not in self.output and time.monotonic() < end:
            assert self.proc.poll() is None, self.screen_text()
            time.sleep(0.05)
        assert text in self.output, self.screen_text()

    def wait(self, limit: float = 10.0) -> float | None:
        """Seconds until the app ended; None (and it is killed) if it did not in ``limit``."""
        started = time.monotonic()
        try:
            self.proc.wait(timeout=limit)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None
        time.sleep(0.2)                    # the last of its output
        return time.monotonic() - started

    def hang_up(self) -> None:
        """Close the terminal's other end, as a closed window or a dropped link does."""
        self._stop.set()
        self._reader.join()
        os.close(self.master)
        self.master = -1

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self._stop.set()
        self._reader.join()
        if self.master >= 0:
            os.close(self.master)
            self.master = -1

    def screen_text(self) -> str:
        return bytes(self.output[-3000:]).decode("utf-8", "replace")


def prepare_data(tmp_path: Path, bot_speed: str = "instant") -> Path:
    data = tmp_path / "data"
    (data / "config").mkdir(parents=True)
    (data / "config" / "preferences.json").write_text(json.dumps({
        "settings": {"bot_speed": bot_speed, "trick_pause": "none"},
        "walkthroughs_offered": ["moon", "texas42", "mexican_train"]}))
    return data


def only_save(data: Path) -> Path | None:
    saves = list((data / "saves").glob("*.jsonl"))
    assert len(saves) <= 1, saves
    return saves[0] if saves else None


def wait_until_settled(data: Path, app: AppInTerminal, limit: float = 30.0) -> Path:
    """The save of the game the app started, once the bots are done and it is the
    player's turn (the file has not changed for a second)."""
    end = time.monotonic() + limit
    last, since = None, time.monotonic()
    while time.monotonic() < end:
        assert app.proc.poll() is None, app.screen_text()
        save = only_save(data)
        now = save.read_bytes() if save is not None else None
        if now != last:
            last, since = now, time.monotonic()
        elif now and time.monotonic() - since > 1.0:
            return save
        time.sleep(0.05)
    raise AssertionError("the game never waited for the player")


def assert_terminal_put_back(output: bytes) -> None:
    """After the app last entered the alternate screen and turned mouse reporting on,
    it turned mouse reporting off and left the alternate screen."""
    entered = output.rfind(b"\x1b[?1049h")
    assert entered >= 0, "the app never drew"
    assert output.rfind(b"\x1b[?1049l") > entered, "the alternate screen was not left"
    mouse_on = output.rfind(b"\x1b[?1000h")
    assert mouse_on >= 0
    assert output.rfind(b"\x1b[?1000l") > mouse_on, "mouse reporting was left on"
    assert output.rfind(b"\x1b[?1003l") > output.rfind(b"\x1b[?1003h")


def assert_save_whole_and_free(save: Path) -> None:
    """A save the next window can take: whole lines, replays, not over, not locked."""
    from tui.play.saves import is_locked, load_save
    data = save.read_bytes()
    assert data.endswith(b"\n")
    record, game = load_save(save)
    assert not record.truncated and not game.is_over
    assert not is_locked(save)
    cli.check_record(str(save), resume=True)               # `dominoes resume SAVE` takes it


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_signal_puts_the_terminal_back_and_keeps_the_game_exactly(tmp_path, sig):
    """A new game (Enter on the title screen), the bots done, the player to move: the
    signal ends the app at once, the terminal as it was, the save byte for byte."""
    data = prepare_data(tmp_path)
    app = AppInTerminal([], data)
    try:
        app.wait_for_output(b"Play now")
        app.type(b"\r")
        save = wait_until_settled(data, app)
        before = save.read_bytes()
        app.proc.send_signal(sig)
        took = app.wait()
        assert took is not None, "the app did not end"
        assert took < 5.0
        assert app.proc.returncode == 128 + sig
        assert_terminal_put_back(bytes(app.output))
    finally:
        app.close()
    assert save.read_bytes() == before
    assert only_save(data) == save
    assert_save_whole_and_free(save)


def test_sigterm_while_the_bots_play_keeps_every_move_made(tmp_path):
    """An all-bot game resumed from its save, the bots playing: SIGTERM lands between two
    moves; the save holds whole lines only, the uninterrupted game cut short, and plays
    on from there to the very same end."""
    game, seed = "texas42", 7
    full = reference(tmp_path, game, seed)
    data = prepare_data(tmp_path, bot_speed="fast")
    lines = full.splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if b'"event":"bid"' in line)
    (data / "saves").mkdir()
    save = data / "saves" / f"{game}-term.jsonl"
    save.write_bytes(b"".join(lines[:start + 1]))
    before = save.stat().st_size
    app = AppInTerminal(["resume", str(save)], data)
    try:
        end = time.monotonic() + 30
        while save.stat().st_size <= before + 200 and time.monotonic() < end:
            assert app.proc.poll() is None, app.screen_text()
            time.sleep(0.05)
        assert save.stat().st_size > before, "the app did not play on"
        app.proc.send_signal(signal.SIGTERM)
        took = app.wait()
        assert took is not None and took < 5.0
        assert app.proc.returncode == 128 + signal.SIGTERM
        assert_terminal_put_back(bytes(app.output))
    finally:
        app.close()
    if not save.exists():                     # the game ended first
        assert list((data / "history").glob("*.jsonl"))[0].read_bytes() == full
        return
    assert_save_whole_and_free(save)
    count = check_prefix(save, full)
    assert count > start + 1
    check_state(save, full, count)
    drive(data, game, seed, 0.0, resume=save)
    (finished,) = list((data / "history").glob("*.jsonl"))
    assert finished.read_bytes() == full


def test_a_terminal_that_hangs_up_without_a_signal_ends_the_app(tmp_path):
    """The app's terminal is not its controlling terminal, so closing it sends no
    SIGHUP; reads only find the end of the file. The app notices and ends (it used to
    spin a core for ever), and the game keeps its save."""
    data = prepare_data(tmp_path)
    app = AppInTerminal([], data, controlling=False)
    try:
        app.wait_for_output(b"Play now")
        app.type(b"\r")
        save = wait_until_settled(data, app)
        before = save.read_bytes()
        app.hang_up()
        took = app.wait()
        assert took is not None, "the app went on after its terminal hung up"
        assert took < 5.0
        assert app.proc.returncode == 128 + signal.SIGHUP
    finally:
        app.close()
    assert save.read_bytes() == before
    assert_save_whole_and_free(save)


def test_a_closed_terminal_window_ends_the_app_and_keeps_the_game(tmp_path):
    """The usual hang-up: the terminal (the app's controlling one) closes, SIGHUP comes."""
    data = prepare_data(tmp_path)
    app = AppInTerminal([], data)
    try:
        app.wait_for_output(b"Play now")
        app.type(b"\r")
        save = wait_until_settled(data, app)
        before = save.read_bytes()
        app.hang_up()
        took = app.wait()
        assert took is not None and took < 5.0
        assert app.proc.returncode == 128 + signal.SIGHUP
    finally:
        app.close()
    assert save.read_bytes() == before
    assert_save_whole_and_free(save)
