"""Settings profiles: each sets the settings it names, leaves players/set/target alone,
and every profile is a legal set of settings for its game."""

from __future__ import annotations

import pytest

from core.profiles import (
    CUSTOM,
    EVERYTHING_ON,
    HOUSE_DEFAULTS,
    TOURNAMENT,
    profile_names,
    profile_of,
    profile_options,
)
from core.registry import GAME_NAMES, game_class


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_every_profile_is_a_legal_game_and_is_recognised(game_name):
    for name in profile_names(game_name)[:-1]:
        options = profile_options(game_name, name)
        game = game_class(game_name)(options=options, seed=1)
        assert profile_of(game_name, dict(game.options)) == name
        assert not {"players", "set", "rounds", "target"} & set(options)


def test_house_defaults_are_the_rules_defaults():
    for game_name in GAME_NAMES:
        defaults = game_class(game_name).option_table.defaults()
        assert profile_of(game_name, defaults) == HOUSE_DEFAULTS


def test_tournament_42_is_straight_with_reshake():
    options = profile_options("texas42", TOURNAMENT)
    assert options["all_pass"] == "reshake"
    assert not any(options[k] for k in ("nello", "sevens", "plunge", "splash"))
    assert profile_names("texas42") == [HOUSE_DEFAULTS, TOURNAMENT, EVERYTHING_ON, CUSTOM]


def test_everything_on_turns_on_the_house_rules_and_one_change_is_custom():
    moon = profile_options("moon", EVERYTHING_ON)
    assert moon["widow"] == "optional" and moon["min_bid"] == 3 and moon["moon"] == "points"
    assert profile_of("moon", {**moon, "target": 11}) == EVERYTHING_ON   # target is kept
    assert profile_of("moon", {**moon, "widow": "none"}) == CUSTOM
    with pytest.raises(KeyError):
        profile_options("moon", TOURNAMENT)
