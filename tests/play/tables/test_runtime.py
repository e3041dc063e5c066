"""Where the table server's socket goes without ``XDG_RUNTIME_DIR`` (a plain SSH login
often has none): platformdirs' fallback, used without a word of warning, and only as a
folder of the user's own that nobody else may read (mode 0700), since several people
share one host."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from tui.play.tables.runtime import socket_path

ROOT = Path(__file__).resolve().parents[3]

pytestmark = pytest.mark.skipif(not hasattr(os, "geteuid"), reason="Unix runtime folders")


@pytest.fixture
def no_runtime_dir(monkeypatch) -> Iterator[Path]:
    """No ``XDG_RUNTIME_DIR`` and no ``DOMINOES_SERVER``; the temporary folder (where
    platformdirs falls back to ``runtime-<uid>``) is a short one of the test's own."""
    folder = Path(tempfile.mkdtemp(prefix="dr-", dir="/tmp"))
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    monkeypatch.delenv("DOMINOES_SERVER", raising=False)
    monkeypatch.setenv("TMPDIR", str(folder))
    monkeypatch.setattr(tempfile, "tempdir", None)         # gettempdir() reads TMPDIR again
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def fallback_in(folder: Path) -> Path:
    """The fallback runtime folder in ``folder``, or skip where the platform's own
    (``/run/user/<uid>``) is used instead."""
    base = socket_path().parent.parent
    if base != folder / f"runtime-{os.geteuid()}":
        pytest.skip(f"the runtime folder here is {base}, not the temporary fallback")
    return base


def dominoes(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tui.cli", *args], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


def test_dominoes_tables_prints_no_warning_without_xdg_runtime_dir(no_runtime_dir):
    env = dict(os.environ, PYTHONPATH=str(ROOT), HOME=str(no_runtime_dir),
               DOMINOES_SERVER_DATA=str(no_runtime_dir / "data"))
    for args, said in ((("tables",), "No table server is running"),
                       (("tables", "--json"), "[]")):
        listed = dominoes(*args, env=env)
        assert listed.returncode == 0, listed.stderr
        assert listed.stderr == ""                          # no RuntimeDirWarning
        assert listed.stdout.startswith(said)


def test_the_socket_is_found_without_a_warning_in_the_app_either(no_runtime_dir):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        path = socket_path()
    assert [str(w.message) for w in caught] == []
    assert path.name == "tables.sock" and path.parent.name == "dominoes"


def test_a_fallback_folder_others_may_read_is_made_the_users_alone(no_runtime_dir):
    """An earlier run made ``runtime-<uid>`` with the umask's 0755: it becomes 0700."""
    base = no_runtime_dir / f"runtime-{os.geteuid()}"
    base.mkdir(mode=0o755)
    os.chmod(base, 0o755)
    assert fallback_in(no_runtime_dir) == base
    assert base.stat().st_mode & 0o777 == 0o700


def test_the_server_makes_the_fallback_folders_the_users_alone(no_runtime_dir):
    """The first server on a host without ``XDG_RUNTIME_DIR`` makes ``runtime-<uid>`` and
    ``dominoes/`` in it, each 0700 whatever the umask."""
    from tui.play.tables.server import TableServer
    base = fallback_in(no_runtime_dir)
    assert not base.exists()
    path = socket_path()
    old = os.umask(0o022)
    try:
        async def run() -> None:
            server = TableServer(path, no_runtime_dir / "data", bot_delay=0, seed=1)
            await server.start()
            try:
                for folder in (base, path.parent, no_runtime_dir / "data" / "tables"):
                    assert folder.stat().st_mode & 0o777 == 0o700, folder
                assert path.stat().st_mode & 0o777 == 0o600
            finally:
                await server.close()
        asyncio.run(run())
    finally:
        os.umask(old)


def test_a_fallback_that_is_not_the_users_own_is_refused_in_one_line(no_runtime_dir):
    """Anyone may make ``/tmp/runtime-<uid>`` first (a link to a folder of theirs): the
    socket never goes there, and ``dominoes tables`` says so in one line."""
    base = fallback_in(no_runtime_dir)
    elsewhere = no_runtime_dir / "theirs"
    elsewhere.mkdir(mode=0o700)
    base.symlink_to(elsewhere)
    with pytest.raises(OSError, match="XDG_RUNTIME_DIR"):
        socket_path()
    env = dict(os.environ, PYTHONPATH=str(ROOT), HOME=str(no_runtime_dir))
    listed = dominoes("tables", env=env)
    assert listed.returncode == 2
    lines = listed.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("dominoes: ") and "Traceback" not in listed.stderr


def test_private_folder_makes_every_missing_folder_0700(tmp_path):
    from tui.play.tables.runtime import private_folder
    old = os.umask(0o022)
    try:
        private_folder(tmp_path / "a" / "b" / "c")
        private_folder(tmp_path / "a" / "b" / "c")                # already there: fine
    finally:
        os.umask(old)
    for folder in (tmp_path / "a", tmp_path / "a" / "b", tmp_path / "a" / "b" / "c"):
        assert folder.stat().st_mode & 0o777 == 0o700
