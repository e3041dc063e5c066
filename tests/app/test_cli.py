"""The ``dominoes`` command line: simulate, replay/resume hand-over, arena, every misuse."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from core.records import read_record, replay
from tui import cli

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "records"
VALID_SAVE = FIXTURES / "valid_save.jsonl"
BROKEN = FIXTURES / "illegal_move.jsonl"


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "tui.cli", *args], cwd=cwd, env=env,
                          capture_output=True, timeout=120)


# -- simulate ----------------------------------------------------------------------

SIMULATIONS = [
    ("moon", ["--option", "target=7"]),
    ("moon", ["--option", "all_pass=redeal", "--option", "target=7", "--players", "3"]),
    ("texas42", []),
    ("texas42", ["--option", "nello=true", "--option", "sevens=on", "--option", "plunge=yes",
                 "--option", "trump_by_first_tile=true", "--option", "follow_me_doubles=own_suit",
                 "--option", "nello_doubles=high", "--option", "sevens_free_play=true"]),
    ("texas42", ["--option", "target=points:150", "--option", "play_out=true",
                 "--option", "follow_me_doubles=low", "--players", "4"]),
    ("mexican_train", ["--option", "rounds=2"]),
    ("mexican_train", ["--players", "2", "--set", "9", "--option", "first_turn=build"]),
    ("mexican_train", ["--players", "12", "--set", "18", "--option", "rounds=1",
                       "--option", "doubles_any_order=true", "--option", "double_blank=0"]),
    ("mexican_train", ["--players", "7", "--set", "15", "--option", "rounds=1"]),
]


@pytest.mark.parametrize("game,extra", SIMULATIONS)
def test_simulate_writes_a_finished_record_that_replays(tmp_path, capsys, game, extra):
    out = tmp_path / "game.jsonl"
    assert cli.main(["simulate", "--game", game, "--seed", "3", *extra, "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""
    record = read_record(out)
    assert record.header["game"] == game and record.header["seed"] == 3
    assert record.finished
    assert replay(record).is_over
    options = record.header["options"]
    for flag, name in (("--players", "players"), ("--set", "set")):
        if flag in extra and game == "mexican_train":
            assert options[name] == int(extra[extra.index(flag) + 1])
    for i, arg in enumerate(extra):
        if arg == "--option":
            name = extra[i + 1].split("=")[0]
            assert name in options


def test_simulate_is_byte_identical_for_the_same_seed_and_settings(tmp_path):
    args = ["simulate", "--game", "mexican_train", "--players", "3", "--option", "rounds=2"]
    paths = [tmp_path / f"{n}.jsonl" for n in "abc"]
    assert cli.main([*args, "--seed", "77", "--out", str(paths[0])]) == 0
    assert cli.main([*args, "--seed", "77", "--out", str(paths[1])]) == 0
    assert cli.main([*args, "--seed", "78", "--out", str(paths[2])]) == 0
    assert paths[0].read_bytes() == paths[1].read_bytes()
    assert paths[0].read_bytes() != paths[2].read_bytes()
    # Standard output carries the very same bytes, from a separate process.
    result = run(*args, "--seed", "77")
    assert result.returncode == 0, result.stderr
    assert result.stdout == paths[0].read_bytes()


def test_simulate_without_a_seed_picks_one_and_records_it(capsysbinary):
    assert cli.main(["simulate", "--game", "texas42"]) == 0
    out = capsysbinary.readouterr().out.decode("utf-8")
    header = json.loads(out.splitlines()[0])
    assert isinstance(header["seed"], int)
    assert json.loads(out.splitlines()[-1])["event"] == "game_end"


# -- misuse: one line, status 2, no traceback ------------------------------------

MISUSES = [
    (["simulate"], "--game"),
    (["simulate", "--game", "chess"], "unknown game 'chess'"),
    (["simulate", "--game", "moon", "--seed", "abc"], "bad seed 'abc'"),
    (["simulate", "--game", "moon", "--seed", "1.5"], "bad seed '1.5'"),
    (["simulate", "--game", "moon", "--seed", "-3"], "bad seed '-3'"),
    (["simulate", "--game", "moon", "--bogus"], "unrecognized arguments: --bogus"),
    (["simulate", "--game", "moon", "--option", "jokers=1"], "unknown setting 'jokers'"),
    (["simulate", "--game", "moon", "--option", "target=3"], "target: 3 is out of range"),
    (["simulate", "--game", "moon", "--option", "all_pass=never"], "all_pass: 'never'"),
    (["simulate", "--game", "moon", "--option", "target"], "is not NAME=VALUE"),
    (["simulate", "--game", "moon", "--option", "target=8", "--option", "target=9"],
     "given twice"),
    (["simulate", "--game", "texas42", "--option", "target=goals:3"], "is not a target"),
    (["simulate", "--game", "texas42", "--option", "nello=maybe"], "nello"),
    (["simulate", "--game", "moon", "--players", "4"], "played by 3 players, not 4"),
    (["simulate", "--game", "texas42", "--players", "2"], "played by 4 players, not 2"),
    (["simulate", "--game", "moon", "--set", "9"], "--set is a Mexican Train setting"),
    (["simulate", "--game", "mexican_train", "--players", "9"],
     "a double-12 set is played by 2-8 players, not 9"),
    (["simulate", "--game", "mexican_train", "--players", "5", "--set", "9"],
     "a double-9 set is played by 2-4 players, not 5"),
    (["simulate", "--game", "mexican_train", "--players", "3", "--set", "18"],
     "a double-18 set is played by 9-12 players, not 3"),
    (["simulate", "--game", "mexican_train", "--players", "13", "--set", "15"], "players"),
    (["simulate", "--game", "mexican_train", "--set", "10"], "set: 10 is not one of"),
    (["simulate", "--game", "mexican_train", "--players", "two"], "--players must be a whole"),
    (["simulate", "--game", "mexican_train", "--option", "rounds=14"], "at most 13 rounds"),
    (["simulate", "--game", "mexican_train", "--players", "3", "--option", "players=4"],
     "disagree"),
    (["simulate", "--game", "moon", "--out", "/nonexistent-dir/x.jsonl"], "cannot write"),
    (["replay"], "FILE"),
    (["replay", "/nonexistent-dir/game.jsonl"], "/nonexistent-dir/game.jsonl: no such file"),
    (["resume", "/nonexistent-dir/game.jsonl"], "/nonexistent-dir/game.jsonl: no such file"),
    (["replay", str(BROKEN)], f"{BROKEN}, line 10: illegal move: You must follow sixes"),
    (["replay", str(FIXTURES / "truncated_last_line.jsonl")], "line 10: truncated last line"),
    (["resume", str(FIXTURES / "unknown_game.jsonl")], 'line 1: unknown game "chess"'),
    (["replay", str(FIXTURES)], "is a directory"),
    (["frobnicate"], "invalid choice: 'frobnicate'"),
    (["--frob"], "unrecognized arguments: --frob"),
    (["replay", str(VALID_SAVE), "extra"], "unrecognized arguments: extra"),
]


@pytest.mark.parametrize("argv,words", MISUSES, ids=[" ".join(a)[:60] for a, _ in MISUSES])
def test_every_misuse_prints_one_line_and_exits_2(capsys, argv, words):
    assert cli.main(argv) == 2        # an exception escaping main() would fail the test
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.endswith("\n")
    assert captured.err.startswith("dominoes: ")
    assert words in captured.err


@pytest.mark.parametrize("argv", [
    ["simulate", "--game", "chess"], ["simulate", "--game", "moon", "--seed", "x"],
    ["replay", str(BROKEN)], ["--frob"], ["simulate", "--game", "mexican_train",
                                           "--players", "9"]])
def test_misuse_from_the_shell_is_one_line_without_traceback(argv):
    result = run(*argv)
    err = result.stderr.decode("utf-8")
    assert result.returncode == 2, err
    assert result.stdout == b""
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("dominoes: ")


def test_resuming_a_finished_game_is_refused(tmp_path, capsys):
    out = tmp_path / "done.jsonl"
    assert cli.main(["simulate", "--game", "texas42", "--seed", "1", "--out", str(out)]) == 0
    assert cli.main(["resume", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == (f"dominoes: {out}: the game is over, nothing to resume "
                   f"(watch it with 'dominoes replay {out}')\n")


def test_version_and_help_exit_0(capsys):
    import tomllib
    with open(ROOT / "pyproject.toml", "rb") as f:
        expected = tomllib.load(f)["project"]["version"]
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out == f"dominoes {expected}\n"
    assert cli.main(["--help"]) == 0
    assert "simulate" in capsys.readouterr().out
    assert cli.main(["simulate", "--help"]) == 0
    text = capsys.readouterr().out
    for flag in ("--game", "--seed", "--players", "--set", "--option", "--out"):
        assert flag in text
    for setting in ("all_pass=force_last", "target=marks:7", "double_blank=50"):
        assert setting in text


# -- handing over to the app -------------------------------------------------------

@pytest.fixture
def in_a_terminal(monkeypatch):
    """As if the command ran in a terminal (under pytest its streams are not one)."""
    monkeypatch.setattr(cli, "terminal_problem", lambda: None)


@pytest.fixture
def fake_app(monkeypatch, in_a_terminal):
    calls = []
    module = types.ModuleType("tui.app")

    def run_app(mode="play", record_path=None, mouse=True):
        calls.append({"mode": mode, "record_path": record_path, "mouse": mouse})
        return 0

    module.run_app = run_app
    monkeypatch.setitem(sys.modules, "tui.app", module)
    return calls


@pytest.mark.parametrize("argv,call", [
    ([], {"mode": "play", "record_path": None, "mouse": True}),
    (["--no-mouse"], {"mode": "play", "record_path": None, "mouse": False}),
    (["replay", str(VALID_SAVE)], {"mode": "replay", "record_path": str(VALID_SAVE),
                                   "mouse": True}),
    (["replay", str(VALID_SAVE), "--no-mouse"],
     {"mode": "replay", "record_path": str(VALID_SAVE), "mouse": False}),
    (["--no-mouse", "resume", str(VALID_SAVE)],
     {"mode": "resume", "record_path": str(VALID_SAVE), "mouse": False}),
    (["resume"], {"mode": "resume", "record_path": None, "mouse": True}),
    # A save cut mid-line by a crash can be resumed (the app cuts the partial line off).
    (["resume", str(FIXTURES / "truncated_last_line.jsonl")],
     {"mode": "resume", "record_path": str(FIXTURES / "truncated_last_line.jsonl"),
      "mouse": True}),
])
def test_valid_commands_hand_over_to_the_app(fake_app, argv, call):
    assert cli.main(argv) == 0
    assert fake_app == [call]


@pytest.mark.parametrize("command", ["replay", "resume"])
def test_a_broken_record_never_reaches_the_app(fake_app, capsys, command):
    assert cli.main([command, str(BROKEN)]) == 2
    assert fake_app == []
    assert capsys.readouterr().err == (
        f"dominoes: {BROKEN}, line 10: illegal move: You must follow sixes: you hold 6-5, 6-1.\n")


def test_an_app_that_cannot_load_is_one_line(monkeypatch, capsys, in_a_terminal):
    monkeypatch.setitem(sys.modules, "tui.app", None)
    assert cli.main(["replay", str(VALID_SAVE)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("dominoes: the terminal app cannot start") and err.count("\n") == 1


@pytest.mark.parametrize("argv", [[], ["--no-mouse"], ["resume"], ["replay", str(VALID_SAVE)],
                                  ["resume", str(VALID_SAVE)]])
def test_without_a_terminal_the_app_is_never_started(fake_app, monkeypatch, capsys, argv):
    monkeypatch.setattr(cli, "terminal_problem", lambda: "the game needs a terminal, and "
                        "standard input is not one")
    assert cli.main(argv) == 2
    assert fake_app == []
    assert capsys.readouterr().err == ("dominoes: the game needs a terminal, and standard "
                                       "input is not one\n")


def test_a_bad_record_is_told_before_the_missing_terminal(capsys):
    assert cli.main(["replay", str(BROKEN)]) == 2        # no terminal under pytest either
    assert "illegal move" in capsys.readouterr().err


# -- arena ----------------------------------------------------------------------------

def test_arena_delegates_its_arguments(monkeypatch):
    seen = []
    module = types.ModuleType("core.arena")
    module.main = lambda argv: seen.append(list(argv)) or 3
    monkeypatch.setitem(sys.modules, "core.arena", module)
    assert cli.main(["arena", "--games", "4", "--help"]) == 3
    assert cli.main(["--no-mouse", "arena", "x"]) == 3
    assert seen == [["--games", "4", "--help"], ["x"]]


def test_a_missing_arena_is_said_clearly(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "core.arena", None)   # as if the module were absent
    assert cli.main(["arena", "--games", "2"]) == 2
    assert capsys.readouterr().err == (
        "dominoes: arena is not available: core.arena is missing from this installation\n")


def test_tables_without_a_server_says_so(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("DOMINOES_SERVER", str(tmp_path / "none.sock"))
    assert cli.main(["tables"]) == 0
    assert "No table server is running" in capsys.readouterr().out
    assert cli.main(["tables", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []


@pytest.mark.parametrize("argv", [["serve", "--idle", "x"], ["serve", "--hold", "-1"],
                                  ["serve", "--bot-delay", "1e9"]])
def test_serve_refuses_bad_times_in_one_line(capsys, argv):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "seconds" in err


def test_tables_lists_as_plain_text():
    from tui.play.tables.commands import tables_text
    text = tables_text([{"table": "oak-42", "title": "Texas 42", "state": "waiting",
                         "seats": [{"kind": "human", "name": "\x1b[31mBob[/b]", "connected": False},
                                   {"kind": "bot", "level": "expert"}, {"kind": "open"},
                                   {"kind": "open"}]}])
    assert "\x1b" not in text and "oak-42" in text and "(away)" in text and "3: open" in text


def test_join_refuses_a_bad_table_name_in_one_line(capsys):
    assert cli.main(["join", "Bad Name\x1b[2J"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a table name" in err and "\x1b" not in err


def test_join_opens_the_app_at_the_table(monkeypatch):
    seen = {}
    monkeypatch.setattr(cli, "run_app", lambda mode, path, mouse, join_table=None:
                        seen.update(mode=mode, table=join_table) or 0)
    assert cli.main(["join", "oak-42"]) == 0
    assert seen == {"mode": "join", "table": "oak-42"}
