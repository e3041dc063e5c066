"""Kill a game in the middle (SIGKILL, SIGHUP), resume it, and check nothing was lost.

A driver process plays a whole game with bots in every seat through the app's own
session and autosave code (``tui.play.autosave``: ``new_session`` / ``resume_session``,
the same calls the app makes), a few milliseconds per move. The test kills it at
a random moment, then checks:

* the save holds a prefix of the uninterrupted game's record (nothing invented,
  nothing reordered; at most a partial last line, which is dropped);
* the game read back from the save has the same state as a fresh replay of the
  uninterrupted record cut to the same number of events;
* resumed (and sometimes killed again), the game plays on to the very same end:
  the finished record, moved to ``history/``, is byte for byte the
  uninterrupted one.

A last trial does the same with the real app (``dominoes resume``) in a
pseudo-terminal, hung up the way a dropped SSH connection hangs it up.

Run as a script, this file is the driver::

    python tests/test_kill_resume.py DATA_DIR GAME SEED DELAY [SAVE_TO_RESUME]
"""

from __future__ import annotations

import fcntl
import json
import os
import random
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

GAMES = {
    "moon": {"target": 7},
    "texas42": {"target": "marks:2"},
    "mexican_train": {"rounds": 2, "players": 3},
}
LEVEL = "easy"


# -- the driver (runs in the child process) ----------------------------------------------

def drive(data: Path, game_name: str, seed: int, delay: float,
          resume: Path | None = None) -> None:
    """Play to the end with bots in every seat, saving as the app does."""
    from core.registry import game_class
    from tui.play.autosave import new_session, resume_session
    from tui.play.session import Seat

    if resume is not None:
        session = resume_session(resume, data)
    else:
        game = game_class(game_name)(options=GAMES[game_name], seed=seed)
        seats = [Seat(f"Bot {i + 1}", "bot", LEVEL) for i in range(game.num_players)]
        session = new_session(game, seats, data)
    session.start()
    game = session.game
    while not game.is_over:
        player = session.current_player
        command = session.bot_for(player).choose(game.view(player), game.legal_actions(),
                                                 session.bot_rng(player))
        session.submit(command)
        if delay:
            time.sleep(delay)
    session.close()


# -- helpers for the test ----------------------------------------------------------------

def spawn(data: Path, game: str, seed: int, delay: float,
          resume: Path | None = None) -> subprocess.Popen:
    args = [sys.executable, __file__, str(data), game, str(seed), str(delay)]
    if resume is not None:
        args.append(str(resume))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, start_new_session=True)


def reference(tmp: Path, game: str, seed: int) -> bytes:
    """The uninterrupted game's record, played in this process."""
    data = tmp / f"ref-{game}-{seed}"
    drive(data, game, seed, 0.0)
    (finished,) = list((data / "history").glob("*.jsonl"))
    return finished.read_bytes()


def only_save(data: Path) -> Path | None:
    saves = list((data / "saves").glob("*.jsonl"))
    assert len(saves) <= 1, saves
    return saves[0] if saves else None


def wait_for_save(proc: subprocess.Popen, data: Path, limit: float = 20.0) -> Path | None:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        save = only_save(data)
        if save is not None and save.stat().st_size > 0:
            return save
        if proc.poll() is not None:
            return None
        time.sleep(0.01)
    return None


def kill(proc: subprocess.Popen, sig: int) -> None:
    try:
        os.killpg(proc.pid, sig)
    except ProcessLookupError:
        pass
    proc.wait(timeout=20)


def check_prefix(save: Path, full: bytes) -> int:
    """The save is the uninterrupted record cut short; returns its complete lines."""
    data = save.read_bytes()
    complete = data[:data.rfind(b"\n") + 1]
    assert full.startswith(complete), f"{save} is not a prefix of the uninterrupted record"
    partial = data[len(complete):]
    assert full[len(complete):].startswith(partial)
    return complete.count(b"\n")


def check_state(save: Path, full: bytes, lines: int) -> None:
    """The game read back equals a fresh replay of the same number of events."""
    from core.records import parse_record, replay
    from tui.play.saves import load_save

    _, game = load_save(save)
    text = b"".join(full.splitlines(keepends=True)[:lines])
    fresh = replay(parse_record(text, "reference"))
    assert game.state_key() == fresh.state_key()
    assert game.current_player == fresh.current_player


def one_trial(tmp: Path, n: int, game: str, seed: int, full: bytes, rng: random.Random) -> str:
    data = tmp / f"trial-{n}"
    first = signal.SIGKILL if n % 2 == 0 else signal.SIGHUP
    proc = spawn(data, game, seed, delay=0.01)
    save = wait_for_save(proc, data)
    assert save is not None, proc.stderr.read().decode() if proc.stderr else ""
    time.sleep(rng.uniform(0.0, 0.6))
    kill(proc, first)
    killed = []
    if proc.returncode == 0 or not save.exists():
        # The game ended before the kill (or the kill landed while it was closing, after
        # the finished record had moved to the history): nothing to resume.
        finished = list((data / "history").glob("*.jsonl"))
        assert len(finished) == 1 and finished[0].read_bytes() == full
        return "finished before the kill"
    killed.append(first.name)
    lines = check_prefix(save, full)
    check_state(save, full, lines)
    # Resume; half the time kill it again, then resume to the end.
    if rng.random() < 0.5:
        proc = spawn(data, game, seed, delay=0.01, resume=save)
        time.sleep(rng.uniform(0.5, 1.2))
        kill(proc, signal.SIGHUP if first == signal.SIGKILL else signal.SIGKILL)
        if proc.returncode != 0 and save.exists():       # else it finished first
            killed.append("again")
            lines = check_prefix(save, full)
            check_state(save, full, lines)
    if save.exists():
        proc = spawn(data, game, seed, delay=0.0, resume=save)
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err.decode()
    assert not save.exists()
    finished = list((data / "history").glob("*.jsonl"))
    assert len(finished) == 1
    assert finished[0].read_bytes() == full
    return " + ".join(killed)


TRIALS = 16


def test_killed_games_resume_exactly_where_they_were_and_end_the_same(tmp_path):
    rng = random.Random(20240601)
    plan = [(n, list(GAMES)[n % 3], 100 + n // 3) for n in range(TRIALS)]
    fulls = {(g, s): reference(tmp_path, g, s) for _, g, s in plan}
    # Same seed and bots, same game: the reference is reproducible.
    g, s = plan[0][1], plan[0][2]
    assert reference(tmp_path / "again", g, s) == fulls[(g, s)]
    seeds = [rng.randrange(2**32) for _ in plan]
    with ThreadPoolExecutor(max_workers=4) as pool:
        outcomes = list(pool.map(
            lambda item: one_trial(tmp_path, item[0][0], item[0][1], item[0][2],
                                   fulls[(item[0][1], item[0][2])], random.Random(item[1])),
            zip(plan, seeds)))
    killed = [o for o in outcomes if o != "finished before the kill"]
    print(f"\nkill/resume trials: {len(outcomes)} ({len(killed)} killed mid-game): {outcomes}")
    assert len(killed) >= TRIALS // 2


def test_a_batch_cut_short_is_completed_on_resume(tmp_path):
    """A kill in the middle of writing a batch leaves whole lines of it; resuming
    writes the rest of the batch before going on."""
    full = reference(tmp_path, "moon", 7)
    lines = full.splitlines(keepends=True)
    trick = next(i for i, line in enumerate(lines) if b'"event":"hand_end"' in line)
    data = tmp_path / "cut"
    (data / "saves").mkdir(parents=True)
    save = data / "saves" / "moon-cut.jsonl"
    save.write_bytes(b"".join(lines[:trick]) + lines[trick][:17])   # hand_end cut mid-line
    drive(data, "moon", 7, 0.0, resume=save)
    (finished,) = list((data / "history").glob("*.jsonl"))
    assert finished.read_bytes() == full


@pytest.mark.parametrize("game, seed", [("moon", 7), ("texas42", 101)])
def test_a_deal_line_cut_short_is_dealt_again_and_the_game_ends_the_same(tmp_path, game, seed):
    """A kill in the middle of a later hand's deal line: the save resumes before the deal,
    the engine deals that hand again from the seeded generator, and the game played on
    to its end is, byte for byte, the uninterrupted one."""
    full = reference(tmp_path, game, seed)
    lines = full.splitlines(keepends=True)
    deal = [i for i, line in enumerate(lines) if b'"event":"deal"' in line][-1]
    data = tmp_path / "cut"
    (data / "saves").mkdir(parents=True)
    save = data / "saves" / f"{game}-cut.jsonl"
    save.write_bytes(b"".join(lines[:deal]) + lines[deal][:len(lines[deal]) // 2])
    drive(data, game, seed, 0.0, resume=save)
    (finished,) = list((data / "history").glob("*.jsonl"))
    assert finished.read_bytes() == full


# -- the real app in a terminal ------------------------------------------------------------

def run_app_in_pty(data: Path, save: Path) -> tuple[int, int]:
    """``dominoes resume SAVE`` in a pseudo-terminal of 80x24; returns (pid, master fd)."""
    import pty

    env = dict(os.environ, PYTHONPATH=str(ROOT), DOMINOES_DATA_DIR=str(data),
               DOMINOES_CONFIG_DIR=str(data / "config"), TERM="xterm-256color",
               TEXTUAL_ANIMATIONS="none")
    pid, fd = pty.fork()
    if pid == 0:                                   # the child: the app, as over SSH
        try:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
            os.chdir(ROOT)
            os.execve(sys.executable, [sys.executable, "-m", "tui.cli", "resume", str(save)],
                      env)
        finally:
            os._exit(127)

    def drain() -> None:                           # read the screen so the app never blocks
        while True:
            try:
                if not os.read(fd, 65536):
                    break
            except OSError:
                break

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    return pid, fd


def wait_exit(pid: int, limit: float = 20.0) -> int:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        time.sleep(0.02)
    os.kill(pid, signal.SIGKILL)
    return os.waitpid(pid, 0)[1]


@pytest.mark.parametrize("how", ["hang-up", "SIGKILL"])
def test_the_real_app_cut_off_in_a_terminal_loses_nothing(tmp_path, how):
    """The app itself (``dominoes resume``, bots in every seat at "fast" speed) in a
    pseudo-terminal: hung up as a dropped SSH connection hangs it up (the terminal
    closed: SIGHUP), or killed; the save is still a prefix of the game and plays on
    to the same end."""
    game, seed = "texas42", 7
    full = reference(tmp_path, game, seed)
    data = tmp_path / "data"
    (data / "saves").mkdir(parents=True)
    (data / "config").mkdir()
    (data / "config" / "preferences.json").write_text(json.dumps(
        {"settings": {"bot_speed": "fast", "trick_pause": "none"}}))
    lines = full.splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if b'"event":"bid"' in line)
    save = data / "saves" / f"{game}-pty.jsonl"
    save.write_bytes(b"".join(lines[:start + 1]))
    before = save.stat().st_size
    pid, fd = run_app_in_pty(data, save)
    try:
        end = time.monotonic() + 30
        while save.stat().st_size <= before + 200 and time.monotonic() < end:
            time.sleep(0.05)                       # the app resumed and the bots are playing
        assert save.stat().st_size > before, "the app did not play on"
        time.sleep(random.Random(how).uniform(0.2, 0.8))
        if how == "hang-up":
            os.close(fd)                           # the terminal goes away: SIGHUP
            fd = -1
        else:
            os.kill(pid, signal.SIGKILL)
        status = wait_exit(pid)
        if how == "hang-up":          # ended by the hang-up itself, not by wait_exit's kill
            assert not (os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL)
    finally:
        if fd >= 0:
            os.close(fd)
    if not save.exists():                          # the game ended before the cut
        assert list((data / "history").glob("*.jsonl"))[0].read_bytes() == full
        return
    count = check_prefix(save, full)
    assert count > start + 1                       # moves were made, and kept
    check_state(save, full, count)
    drive(data, game, seed, 0.0, resume=save)      # on to the end
    (finished,) = list((data / "history").glob("*.jsonl"))
    assert finished.read_bytes() == full


if __name__ == "__main__":
    data_dir, game_name, seed_text, delay_text = sys.argv[1:5]
    resume_path = Path(sys.argv[5]) if len(sys.argv) > 5 else None
    drive(Path(data_dir), game_name, int(seed_text), float(delay_text), resume_path)
