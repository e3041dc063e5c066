"""The game registry: each game's GameInfo is complete and agrees with its engine."""

from __future__ import annotations

import dataclasses
import inspect
import subprocess
import sys

import pytest

from core.bots.base import Bot
from core.commands import MARK
from core.errors import OptionError
from core.game import Game
from core.registry import (
    GAME_INFO,
    GAME_NAMES,
    GAME_TITLES,
    GAMES,
    HAND_END_KINDS,
    HAND_START_KINDS,
    GameInfo,
    game_class,
    game_info,
    seat_names,
)
from core.simulate import LegalMoveBot, simulate_game

SHORT = {"moon": {"target": 7}, "texas42": {"target": "marks:1"}, "mexican_train": {"rounds": 2}}


def test_the_games_in_the_order_they_are_offered():
    assert GAME_NAMES == ("moon", "texas42", "mexican_train")
    assert tuple(GAME_INFO) == GAME_NAMES == tuple(GAMES) == tuple(GAME_TITLES)
    assert len(GAMES) == 3 and "moon" in GAMES and "chess" not in GAMES


@pytest.mark.parametrize("name", GAME_NAMES)
def test_info_is_complete(name):
    info = game_info(name)
    assert isinstance(info, GameInfo) and info.name == name
    for field in dataclasses.fields(GameInfo):
        value = getattr(info, field.name)
        if field.name != "teams":
            assert value not in (None, "", (), frozenset()), field.name
    assert info.blurb.endswith(".")
    assert info.table in ("tricks", "hub")
    assert info.min_players <= info.default_players <= info.max_players
    assert info.hand_word in ("hand", "round")
    assert info.hand_start == f"{info.hand_word}_start"
    assert info.hand_end == f"{info.hand_word}_end"
    assert {info.hand_start, info.hand_end, "deal", "play", "game_end"} <= info.event_kinds
    assert GAME_TITLES[name] == info.title


@pytest.mark.parametrize("name", GAME_NAMES)
def test_info_agrees_with_the_engine(name):
    info = GAME_INFO[name]
    cls = game_class(name)
    assert cls is GAMES[name] is info.game_class
    assert issubclass(cls, Game) and not inspect.isabstract(cls)
    assert cls.name == name
    assert cls.title == info.title
    assert info.option_table is cls.option_table
    game = cls(seed=1)
    assert game.num_players == info.default_players
    assert len(info.seat_names()) == info.default_players
    # the record contract is the engine's own
    assert cls.deals_from_record([]) == []
    assert cls.command_from_record({"event": info.hand_start}) is None


@pytest.mark.parametrize("name", GAME_NAMES)
def test_player_counts_are_the_option_tables(name):
    info = GAME_INFO[name]
    table = info.option_table
    if info.fixed_players:
        assert "players" not in table.by_name
        assert list(info.players) == [info.default_players]
        return
    spec = table.by_name["players"]
    assert spec.default == info.default_players
    assert spec.coerce(info.min_players) == info.min_players
    assert spec.coerce(info.max_players) == info.max_players
    for outside in (info.min_players - 1, info.max_players + 1):
        with pytest.raises(OptionError):
            spec.coerce(outside)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_game_gives_only_the_kinds_its_info_names(name):
    info = GAME_INFO[name]
    game = simulate_game(name, 3, SHORT[name])
    kinds = [e.kind for e in game.history]
    assert set(kinds) <= info.event_kinds
    assert kinds.count(info.hand_start) == kinds.count(info.hand_end) >= 1
    assert kinds[-1] == "game_end"
    assert info.hand_start in HAND_START_KINDS and info.hand_end in HAND_END_KINDS
    other = {"hand": "round", "round": "hand"}[info.hand_word]
    assert f"{other}_start" not in kinds and f"{other}_end" not in kinds


def test_tables_teams_and_scoring_direction():
    assert {n: i.table for n, i in GAME_INFO.items()} == {
        "moon": "tricks", "texas42": "tricks", "mexican_train": "hub"}
    assert GAME_INFO["texas42"].teams == ((0, 2), (1, 3))
    assert GAME_INFO["moon"].teams == () and GAME_INFO["mexican_train"].teams == ()
    assert [n for n, i in GAME_INFO.items() if i.low_score_wins] == ["mexican_train"]


def test_texas42_teams_are_the_engines():
    from core.texas42.scoring import partner_of, team_of
    for number, team in enumerate(GAME_INFO["texas42"].teams):
        assert all(team_of(seat) == number for seat in team)
        assert partner_of(team[0]) == team[1]


def test_seat_names():
    assert seat_names(3) == ("You", "West", "East")
    assert seat_names(4) == ("You", "West", "North", "East")
    assert seat_names(2) == ("You", "Player 2")
    assert seat_names(6)[-1] == "Player 6" and len(seat_names(12)) == 12
    assert GAME_INFO["moon"].seat_names() == ("You", "West", "East")
    assert GAME_INFO["mexican_train"].seat_names(5) == seat_names(5)


def test_unknown_games():
    for bad in ("chess", "", None, 3):
        with pytest.raises(OptionError, match="unknown game"):
            game_info(bad)
        with pytest.raises(OptionError, match="unknown game"):
            game_class(bad)


def test_the_shared_definitions():
    assert MARK == 42
    assert isinstance(LegalMoveBot(), Bot)
    assert HAND_START_KINDS == frozenset({"hand_start", "round_start"})
    assert HAND_END_KINDS == frozenset({"hand_end", "round_end"})
    from core import arena, narration, records, undo
    assert narration.HAND_ENDS is HAND_END_KINDS and narration.words.MARK is MARK
    assert records.HAND_START_KINDS is HAND_START_KINDS
    assert records.KNOWN_KINDS == {n: i.event_kinds for n, i in GAME_INFO.items()}
    assert not hasattr(arena, "HAND_ENDS") and not hasattr(undo, "HAND_STARTS")


def test_reading_the_registry_imports_no_engine():
    code = ("import sys; from core.registry import GAME_INFO, GAME_TITLES; "
            "[(i.title, i.seat_names()) for i in GAME_INFO.values()]; "
            "print(sorted(m for m in sys.modules if m.endswith('.engine')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
