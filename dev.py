#!/usr/bin/env python3
"""Set up and run the project with nothing but Python 3.11+.

    python3 dev.py play [ARGS...]   create .venv if needed, install, start the game
    python3 dev.py test [ARGS...]   create .venv if needed, install with test extras, run the
                                    checks (ruff, mypy, lint-imports), then pytest with ARGS
    python3 dev.py check            the checks only

Each check prints one line; a failed check fails the command, but pytest still
runs so that every failure shows at once.

The virtual environment lives in ``.venv`` next to this file and is reused; it
is reinstalled when ``pyproject.toml`` changes.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")


def ensure_env(extras: str) -> None:
    if sys.version_info < (3, 11):  # noqa: UP036  (dev.py may be started by an older python3)
        sys.exit("dominoes needs Python 3.11 or newer")
    if not PY.exists():
        print("Creating .venv ...", file=sys.stderr)
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / f".installed-{extras or 'base'}"
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == digest:
        return
    target = f".[{extras}]" if extras else "."
    print(f"Installing {target} into .venv ...", file=sys.stderr)
    subprocess.run([str(PY), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                    "-e", target], cwd=ROOT, check=True)
    stamp.write_text(digest)


CHECKS = (
    ("ruff", ["ruff", "check", "--output-format", "concise", "."]),
    ("mypy", ["mypy"]),  # files and settings: [tool.mypy] in pyproject.toml
    ("lint-imports", ["lint-imports", "--no-cache"]),  # contracts: [tool.importlinter]
)


def run_checks() -> bool:
    """Run each check, print one line per check (and the output of a failed one)."""
    passed = True
    for name, command in CHECKS:
        started = time.monotonic()
        result = subprocess.run([str(BIN / command[0]), *command[1:]], cwd=ROOT,
                                capture_output=True, text=True)
        seconds = time.monotonic() - started
        if result.returncode == 0:
            print(f"{name}: ok ({seconds:.1f}s)", flush=True)
            continue
        passed = False
        output = (result.stdout + result.stderr).rstrip()
        print(output, flush=True)
        last = output.splitlines()[-1] if output else f"exit status {result.returncode}"
        print(f"{name}: FAILED: {last} ({seconds:.1f}s)", flush=True)
    return passed


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("play", "test", "check"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "play":
        ensure_env("")
        return subprocess.call([str(BIN / "dominoes"), *rest], cwd=ROOT)
    ensure_env("test")
    checked = run_checks()
    if command == "check":
        return 0 if checked else 1
    tested = subprocess.call([str(PY), "-m", "pytest", *rest], cwd=ROOT)
    return tested or (0 if checked else 1)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
