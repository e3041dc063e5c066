"""The core stays headless: no Textual, no Rich, no global randomness; simulate stays light."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "core"
UI_PACKAGES = ("textual", "rich")


def run_python(code: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def core_module_names() -> list[str]:
    names = []
    for path in sorted(CORE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join(parts))
    return names


def test_core_and_every_core_module_import_without_textual_or_rich():
    names = core_module_names()
    assert {"core", "core.records", "core.registry", "core.simulate", "core.bots"} <= set(names)
    code = f"""
import importlib, json, sys
for name in {names!r}:
    importlib.import_module(name)
import core.registry
for name in core.registry.GAMES:
    core.registry.GAMES[name]          # the engines the registry loads lazily
print(json.dumps({{"loaded": sorted(m for m in sys.modules
                                     if m.split(".")[0] in {UI_PACKAGES!r})}}))
"""
    assert run_python(code) == {"loaded": []}


def test_simulate_through_the_command_line_never_loads_textual(tmp_path):
    out = tmp_path / "game.jsonl"
    code = f"""
import json, sys
from tui.cli import main
status = main(["simulate", "--game", "texas42", "--seed", "2", "--out", {str(out)!r}])
print(json.dumps({{"status": status, "loaded": sorted(
    m for m in sys.modules if m.split(".")[0] in {UI_PACKAGES!r} or m == "tui.app")}}))
"""
    assert run_python(code) == {"status": 0, "loaded": []}
    assert out.read_text(encoding="utf-8").startswith('{"record":1,"game":"texas42"')


def test_tui_package_init_stays_empty():
    assert (ROOT / "tui" / "__init__.py").read_text(encoding="utf-8").strip() == ""


def _imports(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append(node.module)
    return found


def test_core_source_never_names_textual_or_rich():
    offenders = []
    for path in sorted(CORE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for module in _imports(tree):
            if module.split(".")[0] in UI_PACKAGES:
                offenders.append(f"{path.relative_to(ROOT)} imports {module}")
    assert offenders == []


def test_core_uses_no_global_random_functions():
    """Chance only from an injected random.Random: never random.shuffle(...) and friends."""
    offenders = []
    for path in sorted(CORE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id == "random" and node.attr not in ("Random",)):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} random.{node.attr}")
            if isinstance(node, ast.ImportFrom) and node.module == "random":
                bad = [a.name for a in node.names if a.name != "Random"]
                if bad:
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} from random "
                                     f"import {', '.join(bad)}")
    assert offenders == []
