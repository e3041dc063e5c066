"""Suite-wide settings.

Property tests run derandomized in CI (``CI=true``) so a run is reproducible:
the same commit always explores the same examples. Locally they explore freely.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _no_table_server_of_the_users(monkeypatch):
    """No test reaches or starts the player's own table server: the socket and the
    server's files point into a throwaway folder (a test that wants a server sets its
    own), and an app in the test process does not start one in the background (a key
    such as ``o`` or ``j`` pressed by a test then gets the "cannot reach" message)."""
    folder = Path(tempfile.mkdtemp(prefix="dt-", dir="/tmp"))
    monkeypatch.setenv("DOMINOES_SERVER", str(folder / "s.sock"))
    monkeypatch.setenv("DOMINOES_SERVER_DATA", str(folder / "server"))
    from tui.play.tables import runtime

    def no_background_server(path=None, wait=10.0):
        path = path or runtime.socket_path()
        if runtime.server_answers(path):
            return path
        raise OSError(f"no table server answers at {path} (tests start none in the background)")
    monkeypatch.setattr(runtime, "ensure_server", no_background_server)
    yield
    import shutil
    shutil.rmtree(folder, ignore_errors=True)
