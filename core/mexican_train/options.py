"""Mexican Train settings and the draw table (``docs/rules/mexican-train.md``).

``TILES_PER_PLAYER[set][players]`` is the number of tiles each player draws; a
game offers only the set/player-count pairs that have a number there.
"""

from __future__ import annotations

from typing import Any

from core.errors import OptionError
from core.options import OptionSpec, OptionTable, parse_bool, parse_int

SETS: tuple[int, ...] = (12, 9, 15, 18)   # the order the rules list them; 12 is the default

TILES_PER_PLAYER: dict[int, dict[int, int]] = {
    9: {2: 15, 3: 13, 4: 10},
    12: {2: 16, 3: 16, 4: 15, 5: 14, 6: 12, 7: 10, 8: 9},
    15: {2: 15, 3: 15, 4: 15, 5: 15, 6: 15, 7: 13, 8: 13, 9: 11, 10: 11, 11: 11, 12: 11},
    18: {9: 11, 10: 11, 11: 11, 12: 11},
}

MIN_PLAYERS = 2
MAX_PLAYERS = 12


def sets_for_players(players: int) -> tuple[int, ...]:
    """The sets (highest doubles) a game of ``players`` may use, ascending."""
    return tuple(s for s in sorted(TILES_PER_PLAYER) if players in TILES_PER_PLAYER[s])


def players_for_set(set_: int) -> tuple[int, ...]:
    """The player counts the draw table allows for a double-``set_`` set."""
    return tuple(sorted(TILES_PER_PLAYER.get(set_, {})))


def max_rounds(set_: int) -> int:
    """A full game: one round per double of the set (13 for double-12)."""
    return set_ + 1


def _parse_rounds(raw: Any) -> int | None:
    if raw is None or (isinstance(raw, str) and raw.strip().lower() in ("", "all", "full")):
        return None
    return parse_int(1)(raw)


def _parse_set(raw: Any) -> int:
    if isinstance(raw, bool):
        raise ValueError(f"{raw!r} is not a set")
    text = str(raw).strip().lower()
    if text.startswith("double-"):
        text = text[len("double-"):]
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"{raw!r} is not one of 12, 9, 15, 18") from None
    if value not in TILES_PER_PLAYER:
        raise ValueError(f"{raw!r} is not one of 12, 9, 15, 18")
    return value


def _parse_double_blank(raw: Any) -> int:
    if isinstance(raw, bool):
        raise ValueError(f"{raw!r} is not 50 or 0")
    try:
        value = int(str(raw).strip())
    except ValueError:
        raise ValueError(f"{raw!r} is not 50 or 0") from None
    if value not in (50, 0):
        raise ValueError(f"{raw!r} is not 50 or 0")
    return value


OPTIONS = OptionTable((
    OptionSpec("set", 12, "Highest double of the set: 12 (default), 9, 15 or 18.",
               choices=SETS, parse=_parse_set),
    OptionSpec("players", 4, "Number of players, 2-12 as the draw table allows for the set "
               "(double-9: 2-4, double-12: 2-8, double-15: 2-12, double-18: 9-12).",
               parse=parse_int(MIN_PLAYERS, MAX_PLAYERS)),
    OptionSpec("rounds", None, "Rounds played, from the highest engine down (default: one per "
               "double of the set, e.g. 13 with double-12; fewer allowed).",
               parse=_parse_rounds),
    OptionSpec("first_turn", "one", "Tiles on a player's first turn of a round: one (default), "
               "or build (as many as fit on their own train).", choices=("one", "build")),
    OptionSpec("doubles_any_order", False, "Open doubles may be satisfied in any order "
               "(the seed's variation); default off: the oldest first.",
               choices=(False, True), parse=parse_bool),
    OptionSpec("double_blank", 50, "What the double-blank left in hand scores: 50 (default) or 0.",
               choices=(50, 0), parse=_parse_double_blank),
))


def check_options(options: dict[str, Any]) -> dict[str, Any]:
    """Check the set/players pair and the rounds; fill ``rounds`` when it is the default.

    Returns the same dict (updated). Raises :class:`OptionError` with a clear message.
    """
    set_, players = options["set"], options["players"]
    allowed = players_for_set(set_)
    if players not in allowed:
        sets = ", ".join(f"double-{s}" for s in sets_for_players(players)) or "none"
        raise OptionError(f"players: a double-{set_} set is played by {allowed[0]}-{allowed[-1]} "
                          f"players, not {players} (sets for {players} players: {sets})")
    top = max_rounds(set_)
    if options["rounds"] is None:
        options["rounds"] = top
    elif options["rounds"] > top:
        raise OptionError(f"rounds: a double-{set_} game has at most {top} rounds, "
                          f"not {options['rounds']}")
    return options
