#!/usr/bin/env python3
"""Set up and run the project with nothing but Python 3.11+.

    python3 dev.py play [ARGS...]   create .venv if needed, install, start the game
    python3 dev.py test [ARGS...]   create .venv if needed, install with test extras, run pytest

The virtual environment lives in ``.venv`` next to this file and is reused; it
is reinstalled when ``pyproject.toml`` changes.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
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


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("play", "test"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "play":
        ensure_env("")
        return subprocess.call([str(BIN / "dominoes"), *rest], cwd=ROOT)
    ensure_env("test")
    return subprocess.call([str(PY), "-m", "pytest", *rest], cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
