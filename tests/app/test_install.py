"""A real, non-editable install works from outside the checkout.

The package is built into a wheel from a copy of the project's files (so the
checkout gets no build/ or egg-info), installed with ``--no-deps`` into a fresh
virtual environment, and its ``dominoes`` script is run from a directory that
is not the checkout. ``simulate`` needs nothing but the package itself (no
Textual), so the installed command must give the very record the checkout gives.
Offline throughout: ``--no-build-isolation --no-index``; skipped, with the
reason, only when this Python has no setuptools to build with.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE_DIRS = ("core", "tui", "styles")
SIMULATE = ["simulate", "--game", "mexican_train", "--players", "3", "--option", "rounds=1",
            "--seed", "4"]

pytestmark = pytest.mark.slow


def _copy_project(dest: Path) -> None:
    dest.mkdir()
    shutil.copy2(ROOT / "pyproject.toml", dest / "pyproject.toml")
    shutil.copy2(ROOT / "README.md", dest / "README.md")    # the package's long description
    for name in PACKAGE_DIRS:
        shutil.copytree(ROOT / name, dest / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


def _sources(base: Path) -> set[str]:
    """Every module and stylesheet under ``base`` to ship, as paths relative to it."""
    found = set()
    for name in PACKAGE_DIRS:
        for path in (base / name).rglob("*"):
            if path.suffix in (".py", ".tcss") and "__pycache__" not in path.parts:
                found.add(path.relative_to(base).as_posix())
    return found


def _clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["PIP_NO_INPUT"] = "1"
    return env


def _offline_build_problem() -> str | None:
    """Why pip cannot build the wheel here without downloading anything, or None."""
    if importlib.util.find_spec("setuptools") is None:
        return "setuptools is not installed in this Python"
    from importlib.metadata import version
    major, minor = (int(p) for p in version("setuptools").split(".")[:2])
    if (major, minor) < (70, 1) and importlib.util.find_spec("wheel") is None:
        return (f"setuptools {major}.{minor} needs the wheel package to build wheels "
                "(install the test extras: setuptools>=70.1)")
    return None


def test_installed_dominoes_simulate_works_outside_the_checkout(tmp_path):
    problem = _offline_build_problem()
    if problem:
        pytest.skip(f"pip cannot build offline (--no-build-isolation): {problem}")
    src, wheels, env_dir, elsewhere = (tmp_path / n for n in ("src", "wheels", "venv", "away"))
    _copy_project(src)
    elsewhere.mkdir()
    env = _clean_env()

    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
         "-q", "-w", str(wheels), str(src)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert build.returncode == 0, build.stderr
    (wheel,) = wheels.glob("dominoes_tui-*.whl")

    # Everything the checkout ships is in the wheel (a package missing from
    # [tool.setuptools] packages, or a stylesheet left out, fails here).
    with zipfile.ZipFile(wheel) as archive:
        shipped = {n for n in archive.namelist() if n.endswith((".py", ".tcss"))}
        entry_points = next(archive.read(n).decode() for n in archive.namelist()
                            if n.endswith("entry_points.txt"))
    assert _sources(src) <= shipped, sorted(_sources(src) - shipped)
    assert "dominoes = tui.cli:main" in entry_points

    # A fresh environment; this pip installs into it (pip >= 22.3 has --python), which
    # spares the environment a pip of its own.
    from importlib.metadata import version
    own_pip = tuple(int(p) for p in version("pip").split(".")[:2]) >= (22, 3)
    venv.EnvBuilder(with_pip=not own_pip, clear=True).create(env_dir)
    bindir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = bindir / ("python.exe" if os.name == "nt" else "python")
    pip = ([sys.executable, "-m", "pip", "--python", str(python)] if own_pip
           else [str(python), "-m", "pip"])
    install = subprocess.run([*pip, "install", "--no-deps", "--no-index", "-q", str(wheel)],
                             cwd=elsewhere, env=env, capture_output=True, text=True, timeout=120)
    assert install.returncode == 0, install.stderr

    where = subprocess.run(
        [str(python), "-c", "import core, tui.cli; print(core.__file__); print(tui.cli.__file__)"],
        cwd=elsewhere, env=env, capture_output=True, text=True, timeout=60)
    assert where.returncode == 0, where.stderr
    for line in where.stdout.split():
        assert Path(line).resolve().is_relative_to(env_dir.resolve()), line

    script = bindir / ("dominoes.exe" if os.name == "nt" else "dominoes")
    result = subprocess.run([str(script), *SIMULATE], cwd=elsewhere, env=env,
                            capture_output=True, timeout=120)
    assert result.returncode == 0, result.stderr.decode()
    checkout = subprocess.run([sys.executable, "-m", "tui.cli", *SIMULATE], cwd=ROOT,
                              env=dict(env, PYTHONPATH=str(ROOT)), capture_output=True,
                              timeout=120)
    assert checkout.returncode == 0, checkout.stderr.decode()
    assert result.stdout == checkout.stdout
    assert result.stdout.startswith(b'{"record":1,"game":"mexican_train","seed":4,')
    assert b'"event":"game_end"' in result.stdout.splitlines()[-1]

    misuse = subprocess.run([str(script), "simulate", "--game", "chess"], cwd=elsewhere,
                            env=env, capture_output=True, text=True, timeout=60)
    assert misuse.returncode == 2 and misuse.stderr.startswith("dominoes: ")
    version = subprocess.run([str(script), "--version"], cwd=elsewhere, env=env,
                             capture_output=True, text=True, timeout=60)
    with open(ROOT / "pyproject.toml", "rb") as f:
        expected = tomllib.load(f)["project"]["version"]
    assert version.stdout.strip() == f"dominoes {expected}"
