"""Where the table server listens and keeps its files, and starting it on demand.

The socket is ``dominoes/tables.sock`` in the user's runtime directory
(platformdirs: ``$XDG_RUNTIME_DIR`` on Linux), or the path in ``DOMINOES_SERVER``.
Without ``XDG_RUNTIME_DIR`` (a plain SSH login often has none) platformdirs falls
back to ``/run/user/<uid>`` or ``runtime-<uid>`` in the temporary folder, and says
so with a warning; that fallback is used silently, and only as a folder of the
user's own with mode 0700 (:func:`runtime_dir`), never one another user made.
The server's records live in ``tables/`` of the data directory of the account
that runs it (``DOMINOES_SERVER_DATA`` overrides). Both are made readable by that
account only (:func:`private_folder`).

No Textual here.
"""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
import time
import warnings
from pathlib import Path

__all__ = ["ensure_server", "private_folder", "runtime_dir", "server_answers",
           "server_data_dir", "socket_path"]


def socket_path() -> Path:
    """The table server's socket; ``OSError`` (with a sentence) when the user has no
    private runtime directory to put it in."""
    override = os.environ.get("DOMINOES_SERVER")
    if override:
        return Path(override)
    return runtime_dir() / "tables.sock"


def runtime_dir() -> Path:
    """``dominoes/`` in the user's runtime directory, as platformdirs finds it, without
    its warning about a missing ``XDG_RUNTIME_DIR`` (printed over the app's screen or
    ``dominoes tables``). A fallback folder that exists must be a folder (not a link) of
    this user's; one others may read (an earlier run made it 0755) is made 0700."""
    from platformdirs import user_runtime_path
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            folder = user_runtime_path("dominoes")
    except OSError as exc:         # platformdirs refuses the fallback (not the user's own...)
        raise OSError(f"no private runtime directory for the table server's socket ({exc}); "
                      "set XDG_RUNTIME_DIR or DOMINOES_SERVER") from None
    xdg = os.environ.get("XDG_RUNTIME_DIR", "").strip()
    if xdg and Path(xdg) in folder.parents:
        return folder                  # the session's own runtime directory
    base = folder.parent
    try:
        info = base.lstat()
    except FileNotFoundError:
        return folder                  # the server makes it, 0700 (private_folder)
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode) \
            or info.st_uid != os.geteuid():
        raise OSError(f"{base} is not a folder of this user's own, so the table server's "
                      "socket cannot go there; set XDG_RUNTIME_DIR or DOMINOES_SERVER")
    if stat.S_IMODE(info.st_mode) != 0o700:
        os.chmod(base, 0o700)
    return folder


def private_folder(folder: Path) -> None:
    """Make ``folder`` with every missing folder above it, each with mode 0700 whatever
    the umask (``Path.mkdir(parents=True)`` gives the ones above the umask's 0755)."""
    missing: list[Path] = []
    while not os.path.lexists(folder):
        missing.append(folder)
        if folder.parent == folder:
            break
        folder = folder.parent
    for made in reversed(missing):
        try:
            made.mkdir(mode=0o700)
        except FileExistsError:
            continue                   # made meanwhile: left as its maker made it
        os.chmod(made, 0o700)


def server_data_dir() -> Path:
    override = os.environ.get("DOMINOES_SERVER_DATA")
    if override:
        return Path(override)
    from platformdirs import user_data_path
    return user_data_path("dominoes") / "server"


def server_answers(path: Path, timeout: float = 1.0) -> bool:
    """Whether a server accepts connections at ``path``."""
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    probe.settimeout(timeout)
    try:
        probe.connect(str(path))
        return True
    except OSError:
        return False
    finally:
        probe.close()


def ensure_server(path: Path | None = None, wait: float = 10.0) -> Path:
    """The socket of a running server, starting one in the background if none answers.
    Raises ``OSError`` when none comes up within ``wait`` seconds."""
    path = path or socket_path()
    if server_answers(path):
        return path
    env = dict(os.environ, DOMINOES_SERVER=str(path))
    subprocess.Popen([sys.executable, "-m", "tui.cli", "serve"], env=env,
                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if server_answers(path, 0.2):
            return path
        time.sleep(0.05)
    raise OSError(f"the table server did not start at {path}")
