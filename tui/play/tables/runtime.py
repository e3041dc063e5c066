"""Where the table server listens and keeps its files, and starting it on demand.

The socket is ``dominoes/tables.sock`` in the user's runtime directory
(platformdirs: ``$XDG_RUNTIME_DIR`` on Linux), or the path in ``DOMINOES_SERVER``.
The server's records live in ``tables/`` of the data directory of the account
that runs it (``DOMINOES_SERVER_DATA`` overrides). Both are made readable by that
account only.

No Textual here.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

__all__ = ["ensure_server", "server_answers", "server_data_dir", "socket_path"]


def socket_path() -> Path:
    override = os.environ.get("DOMINOES_SERVER")
    if override:
        return Path(override)
    from platformdirs import user_runtime_path
    return user_runtime_path("dominoes") / "tables.sock"


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
