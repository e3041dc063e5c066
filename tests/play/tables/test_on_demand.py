"""The app starts the table server on demand: the first table opened finds none at the
socket, starts ``dominoes serve`` in the background, and reaches it. (Every other test
runs with that start switched off: tests/conftest.py.)"""

from __future__ import annotations

import os
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from tui.play.tables.runtime import server_answers

ROOT = Path(__file__).resolve().parents[3]

pytestmark = pytest.mark.skipif(not hasattr(socket, "SO_PEERCRED"), reason="needs SO_PEERCRED")


def server_pid(path: Path) -> int:
    """The process id of whatever listens at ``path`` (read from the socket itself)."""
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        probe.connect(str(path))
        pid, _, _ = struct.unpack("3i", probe.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED,
                                                          struct.calcsize("3i")))
        return pid
    finally:
        probe.close()


def test_the_first_table_starts_a_server_in_the_background_that_then_answers():
    folder = Path(tempfile.mkdtemp(prefix="do-", dir="/tmp"))
    path = folder / "s.sock"
    env = dict(os.environ, DOMINOES_SERVER=str(path), DOMINOES_SERVER_DATA=str(folder / "data"),
               PYTHONPATH=str(ROOT))
    assert not server_answers(path)
    started = subprocess.run(
        [sys.executable, "-c", "from tui.play.tables.runtime import ensure_server; "
                               "print(ensure_server())"],
        env=env, capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert started.returncode == 0, started.stderr
    assert started.stdout.strip() == str(path)
    pid = None
    try:
        assert server_answers(path)            # still there once the app's process is gone
        pid = server_pid(path)
        assert pid != os.getpid()
        again = subprocess.run(                # a second app finds it and starts none
            [sys.executable, "-c", "from tui.play.tables.runtime import ensure_server; "
                                   "print(ensure_server())"],
            env=env, capture_output=True, text=True, timeout=60, cwd=ROOT)
        assert again.returncode == 0 and server_pid(path) == pid
        assert os.stat(path).st_mode & 0o777 == 0o600
    finally:
        if pid is None and server_answers(path):
            pid = server_pid(path)
        if pid is not None:
            os.kill(pid, signal.SIGTERM)
            deadline = time.monotonic() + 10
            while server_answers(path) and time.monotonic() < deadline:
                time.sleep(0.05)
        for item in sorted(folder.rglob("*"), reverse=True):
            item.unlink() if not item.is_dir() else item.rmdir()
        folder.rmdir()


def test_the_server_stops_by_itself_once_the_host_has_left_the_table_and_gone():
    """A player's steps against a real ``dominoes serve`` (``--idle 1`` for the
    test): open a table, leave it from the waiting room, quit the app. The table is no
    longer listed and the server process ends by itself."""
    import asyncio

    from tui.play.tables.client import TableClient

    folder = Path(tempfile.mkdtemp(prefix="do-", dir="/tmp"))
    path = folder / "s.sock"
    env = dict(os.environ, DOMINOES_SERVER=str(path), DOMINOES_SERVER_DATA=str(folder / "data"),
               PYTHONPATH=str(ROOT))
    server = subprocess.Popen([sys.executable, "-m", "tui.cli", "serve", "--idle", "1"],
                              env=env, cwd=ROOT, stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              start_new_session=True)

    async def open_and_leave() -> list[dict]:
        ann = await TableClient.connect(path, player="ann")
        ann.send("open", game="texas42", name="heron-42",
                 seats=[{"kind": "me"}, {"kind": "bot"}, {"kind": "open"}, {"kind": "bot"}])
        await ann.expect("joined")
        ann.send("leave", table="heron-42")
        await ann.expect("left")
        listing = (await ann.request("list", "tables"))["tables"]
        await ann.close()                       # the app quits
        return listing

    try:
        deadline = time.monotonic() + 30
        while not server_answers(path, 0.2):
            assert server.poll() is None and time.monotonic() < deadline, "no server came up"
            time.sleep(0.05)
        assert asyncio.run(open_and_leave()) == []
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            raise AssertionError("the server was still running 20 s after the last table "
                                 "closed and the last app went") from None
        assert server.returncode == 0 and not path.exists()
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=10)
        if server.stderr is not None:
            server.stderr.close()
        for item in sorted(folder.rglob("*"), reverse=True):
            item.unlink() if not item.is_dir() else item.rmdir()
        folder.rmdir()
