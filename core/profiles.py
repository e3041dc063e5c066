"""Settings profiles: a game's rules settings chosen in one step on the setup screen.

Each game has ``house defaults`` (every setting at the rules' default) and
``everything on`` (every house rule and variant the game has, turned on); Texas 42
also has ``tournament`` (straight 42: no Nel-O, Sevens, Plunge or Splash, and a hand
all four pass is reshaken). A profile names only the settings it changes; the rest
stay at their defaults, and the count of players, the set, the rounds and the target
are never a profile's business (they stay as chosen). Settings that match no profile
are ``custom``. Each profile is described in ``docs/rules/``.
"""

from __future__ import annotations

from typing import Any

from core.registry import game_class

HOUSE_DEFAULTS = "house defaults"
TOURNAMENT = "tournament"
EVERYTHING_ON = "everything on"
CUSTOM = "custom"

PROFILES: dict[str, dict[str, dict[str, Any]]] = {
    "moon": {
        HOUSE_DEFAULTS: {},
        EVERYTHING_ON: {"min_bid": 3, "widow": "optional", "trumps_before_widow": True,
                        "moon": "points"},
    },
    "texas42": {
        HOUSE_DEFAULTS: {},
        TOURNAMENT: {"all_pass": "reshake", "nello": False, "sevens": False, "plunge": False,
                     "splash": False, "trump_by_first_tile": False},
        EVERYTHING_ON: {"nello": True, "sevens": True, "plunge": True, "splash": True},
    },
    "mexican_train": {
        HOUSE_DEFAULTS: {},
        EVERYTHING_ON: {"first_turn": "build", "doubles_any_order": True},
    },
}

KEPT = frozenset({"players", "set", "rounds", "target"})
"""Settings a profile leaves as they are (how many play, how long, with what)."""


def profile_names(game_name: str) -> list[str]:
    """The profiles of ``game_name``, then ``custom``."""
    return [*PROFILES.get(game_name, {HOUSE_DEFAULTS: {}}), CUSTOM]


def profile_options(game_name: str, profile: str) -> dict[str, Any]:
    """Every setting a profile decides (all but :data:`KEPT`), with its value."""
    table = game_class(game_name).option_table
    chosen = PROFILES.get(game_name, {}).get(profile)
    if chosen is None:
        raise KeyError(f"{game_name} has no profile {profile!r}")
    return {spec.name: chosen.get(spec.name, spec.default)
            for spec in table.specs if spec.name not in KEPT}


def profile_of(game_name: str, options: dict[str, Any]) -> str:
    """The profile the settings ``options`` (missing ones at their defaults) match, or
    ``custom``."""
    table = game_class(game_name).option_table
    values = {spec.name: options.get(spec.name, spec.default) for spec in table.specs}
    for name in PROFILES.get(game_name, {}):
        wanted = profile_options(game_name, name)
        if all(values.get(key) == value for key, value in wanted.items()):
            return name
    return CUSTOM
