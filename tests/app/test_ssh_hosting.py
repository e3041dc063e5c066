"""Hosting the game over OpenSSH: the sshd_config snippet and the forced command.

``contrib/sshd_dominoes.conf`` is validated by the real ``sshd`` (``sshd -t``) in a
throwaway configuration that Includes it, and its effect read back with
``sshd -T -C user=...``: the account gets the forced command and no forwarding of
any kind, every other account keeps the host's settings (a Match block in an
included file ends with that file). Skipped, with the reason, where no ``sshd``
is installed. ``contrib/dominoes-shell`` (the forced command) runs here with a
stand-in for the game. The end-to-end login is ``scripts/check_ssh_hosting.sh``.
"""

from __future__ import annotations

import os
import pty
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SNIPPET = ROOT / "contrib" / "sshd_dominoes.conf"
WRAPPER = ROOT / "contrib" / "dominoes-shell"
SSHD = shutil.which("sshd") or next(
    (p for p in ("/usr/sbin/sshd", "/usr/local/sbin/sshd") if os.access(p, os.X_OK)), None)
NOBODY = 65534

needs_sshd = pytest.mark.skipif(
    SSHD is None or shutil.which("ssh-keygen") is None,
    reason="OpenSSH server not installed (apt-get install openssh-server) -- "
           "the snippet cannot be validated here")

ACCOUNT_SETTINGS = [
    "forcecommand /usr/local/bin/dominoes-shell /opt/dominoes/bin/dominoes",
    "permittty yes",
    "disableforwarding yes",
    "allowtcpforwarding no",
    "allowstreamlocalforwarding no",
    "allowagentforwarding no",
    "x11forwarding no",
    "permittunnel no",
    "permitopen none",
    "permitlisten none",
    "permituserrc no",
    "exposeauthinfo yes",
    "passwordauthentication no",
]


# -- sshd -t / sshd -T on a throwaway configuration ---------------------------------------

class SshdConfig:
    """A folder with a host key, a copy of the snippet and a main config that Includes it.

    As root without ``/run/sshd`` (sshd's privilege-separation directory, made by
    the service when it starts), sshd refuses even ``-t``; then it runs as nobody,
    which needs none, with the folder readable to it.
    """

    def __init__(self, snippet_text: str) -> None:
        self.as_nobody = os.geteuid() == 0 and not Path("/run/sshd").is_dir()
        self.dir = Path(tempfile.mkdtemp(prefix="dominoes-sshd-test-"))
        self.dir.chmod(0o755)
        key = self.dir / "host_key"
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)],
                       check=True, capture_output=True)
        (self.dir / "dominoes.conf").write_text(snippet_text)
        (self.dir / "sshd_config").write_text(
            "Port 2222\n"
            "ListenAddress 127.0.0.1\n"
            f"HostKey {key}\n"
            f"Include {self.dir / 'dominoes.conf'}\n"
            # global settings after the Include: still global, not the Match block's
            "X11Forwarding yes\n"
            "Subsystem sftp internal-sftp\n")
        for path in self.dir.iterdir():
            path.chmod(0o600 if path == key else 0o644)
            if self.as_nobody:
                os.chown(path, NOBODY, -1)

    def sshd(self, *args: str) -> subprocess.CompletedProcess[str]:
        extra = {"user": NOBODY, "group": NOBODY} if self.as_nobody else {}
        return subprocess.run([str(SSHD), "-f", str(self.dir / "sshd_config"), *args],
                              capture_output=True, text=True, timeout=30, **extra)

    def effective(self, user: str) -> set[str]:
        result = self.sshd("-T", "-C", f"user={user},host=client.example,addr=127.0.0.1")
        assert result.returncode == 0, result.stderr
        return set(result.stdout.splitlines())

    def remove(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture
def shipped_config():
    config = SshdConfig(SNIPPET.read_text())
    yield config
    config.remove()


@needs_sshd
def test_snippet_passes_sshd_t(shipped_config):
    result = shipped_config.sshd("-t")
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip() == ""


@needs_sshd
def test_snippet_forces_the_game_and_forbids_forwarding_for_the_account(shipped_config):
    settings = shipped_config.effective("dominoes")
    missing = [s for s in ACCOUNT_SETTINGS if s not in settings]
    assert not missing, f"sshd -T for the dominoes account lacks {missing}"
    assert "acceptenv COLORTERM" in settings and "acceptenv NO_COLOR" in settings


@needs_sshd
def test_snippet_leaves_every_other_account_alone(shipped_config):
    settings = shipped_config.effective("alice")
    assert "forcecommand none" in settings
    assert "x11forwarding yes" in settings            # the host's own setting, after the Include
    assert "allowtcpforwarding yes" in settings
    assert "subsystem sftp internal-sftp" in settings


@needs_sshd
def test_a_broken_snippet_is_caught_by_sshd_t():
    """The validation can fail: a directive sshd refuses inside a Match block."""
    broken = SNIPPET.read_text().replace("    PermitTTY yes\n", "    PermitTTY yes\n    Port 2022\n")
    assert broken != SNIPPET.read_text()
    config = SshdConfig(broken)
    try:
        result = config.sshd("-t")
    finally:
        config.remove()
    assert result.returncode != 0
    assert "Port" in result.stderr and "Match" in result.stderr


def test_snippet_is_a_match_block_for_the_dominoes_account():
    lines = [line.strip() for line in SNIPPET.read_text().splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    assert lines[0] == "Match User dominoes"          # everything else belongs to the block
    assert sum(line.startswith("Match ") for line in lines) == 1
    assert any(line.startswith("ForceCommand /usr/local/bin/dominoes-shell ") for line in lines)


# -- the forced command ----------------------------------------------------------------------

FAKE_GAME = """#!/bin/sh
for arg in "$@"; do printf '%s\\n' "$arg"; done > "$CAPTURE/args"
env > "$CAPTURE/env"
"""


@pytest.fixture
def fake_game(tmp_path: Path) -> Path:
    game = tmp_path / "fake-dominoes"
    game.write_text(FAKE_GAME)
    game.chmod(0o755)
    return game


def run_wrapper(tmp_path: Path, game: Path, *, tty: bool = True,
                **env: str) -> tuple[int, str, dict[str, str] | None, list[str] | None]:
    """Run the wrapper as sshd would; returns (status, output, the game's env, its args)."""
    capture = tmp_path / "capture"
    shutil.rmtree(capture, ignore_errors=True)
    capture.mkdir()
    environ = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path / "home"),
               "USER": "dominoes", "TERM": "xterm", "CAPTURE": str(capture), **env}
    (tmp_path / "home").mkdir(exist_ok=True)
    if tty:
        master, slave = pty.openpty()
        proc = subprocess.Popen(["/bin/sh", "-c", f"{WRAPPER} {game}"], stdin=slave,
                                stdout=slave, stderr=slave, env=environ, start_new_session=True)
        os.close(slave)
        chunks = []
        while True:
            try:
                data = os.read(master, 4096)
            except OSError:               # EIO: the terminal's other end has closed
                break
            if not data:
                break
            chunks.append(data)
        os.close(master)
        status = proc.wait(timeout=10)
        output = b"".join(chunks).decode(errors="replace")
    else:
        result = subprocess.run(["/bin/sh", "-c", f"{WRAPPER} {game}"], env=environ,
                                stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                timeout=10)
        status, output = result.returncode, result.stdout + result.stderr
    game_env = None
    if (capture / "env").exists():
        game_env = dict(line.split("=", 1) for line in (capture / "env").read_text().splitlines()
                        if "=" in line)
    args = (capture / "args").read_text().splitlines() if (capture / "args").exists() else None
    return status, output, game_env, args


def auth_info(tmp_path: Path, name: str, key: str) -> str:
    path = tmp_path / f"auth-{name}"
    path.write_text(f"publickey ssh-ed25519 {key}\n")
    return str(path)


def test_wrapper_starts_the_game_in_a_terminal(tmp_path, fake_game):
    status, _, env, args = run_wrapper(tmp_path, fake_game)
    assert status == 0
    assert args == []                                  # no arguments: the title screen
    assert env is not None and env["PYTHONUTF8"] == "1"


def test_wrapper_ignores_the_requested_command(tmp_path, fake_game):
    marker = tmp_path / "violated"
    status, output, env, args = run_wrapper(
        tmp_path, fake_game, SSH_ORIGINAL_COMMAND=f"touch {marker}; id; rm -rf ~")
    assert status == 0 and env is not None
    assert not marker.exists() and "uid=" not in output
    assert args == []
    assert (tmp_path / "home").is_dir()


def test_wrapper_takes_no_mouse_from_the_requested_command(tmp_path, fake_game):
    for words in ("no-mouse", "dominoes --no-mouse", "--no-mouse *"):
        _, _, _, args = run_wrapper(tmp_path, fake_game, SSH_ORIGINAL_COMMAND=words)
        assert args == ["--no-mouse"], words


def test_wrapper_without_a_terminal_only_says_how_to_connect(tmp_path, fake_game):
    status, output, env, args = run_wrapper(tmp_path, fake_game, tty=False,
                                            SSH_ORIGINAL_COMMAND="id")
    assert status == 1
    assert "ssh -t dominoes@" in output
    assert env is None and args is None                # the game never started


def test_wrapper_gives_each_key_its_own_saves(tmp_path, fake_game):
    def data_dirs(auth: str | None) -> tuple[str, str]:
        extra = {"SSH_USER_AUTH": auth} if auth else {}
        _, _, env, _ = run_wrapper(tmp_path, fake_game, **extra)
        assert env is not None
        # The player's identity at shared tables is the folder's name: one per key.
        assert env["DOMINOES_DATA_DIR"].endswith("/" + env["DOMINOES_PLAYER"] + "/data")
        return env["DOMINOES_DATA_DIR"], env["DOMINOES_CONFIG_DIR"]

    alice = data_dirs(auth_info(tmp_path, "a", "AAAAC3NzaC1lZDI1NTE5AAAAIAlice"))
    alice_again = data_dirs(auth_info(tmp_path, "a2", "AAAAC3NzaC1lZDI1NTE5AAAAIAlice"))
    bob = data_dirs(auth_info(tmp_path, "b", "AAAAC3NzaC1lZDI1NTE5AAAAIBob"))
    nobody_known = data_dirs(None)
    players = str(tmp_path / "home" / "players")
    assert alice == alice_again
    assert alice[0] != bob[0] and alice[1] != bob[1]
    for data, config in (alice, bob, nobody_known):
        assert data.startswith(players + "/") and config.startswith(players + "/")
    assert nobody_known[0] == f"{players}/shared/data"
    assert Path(alice[0]).parent.is_dir()


def test_wrapper_sets_a_terminal_type_when_none_came(tmp_path, fake_game):
    _, _, env, _ = run_wrapper(tmp_path, fake_game, TERM="")
    assert env is not None and env["TERM"] == "xterm"
    _, _, env, _ = run_wrapper(tmp_path, fake_game, TERM="xterm-256color")
    assert env is not None and env["TERM"] == "xterm-256color"
