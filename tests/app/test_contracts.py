"""The architecture's import contracts are written down where lint-imports reads them."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def contracts() -> dict[str, dict]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    return {contract["name"]: contract for contract in config["contracts"]}


def test_core_stays_free_of_the_ui():
    forbidden = {name: c for name, c in contracts().items() if c["type"] == "forbidden"}
    core = [c for c in forbidden.values() if c["source_modules"] == ["core"]]
    assert core and {"tui", "textual", "rich"} <= set(core[0]["forbidden_modules"])


def test_tui_sits_on_core():
    assert any(c["type"] == "layers" and c["layers"] == ["tui", "core"] for c in contracts().values())


def test_the_games_and_their_bots_stay_apart():
    independent = [set(c["modules"]) for c in contracts().values() if c["type"] == "independence"]
    assert {"core.moon", "core.texas42", "core.mexican_train"} in independent
    assert {"core.bots.moon", "core.bots.texas42", "core.bots.mexican_train"} in independent


def test_the_play_modules_stay_free_of_textual():
    assert any(c["type"] == "forbidden" and c["source_modules"] == ["tui.play"]
               and {"textual", "rich"} <= set(c["forbidden_modules"]) for c in contracts().values())


def test_the_checks_pin_their_tools():
    text = (ROOT / "pyproject.toml").read_text()
    for tool in ("ruff==", "mypy==", "import-linter=="):
        assert f'"{tool}' in text
