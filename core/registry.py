"""The games by name: ``"moon"``, ``"texas42"``, ``"mexican_train"`` → their Game class.

The engine modules are imported on first use, so looking a name up (or listing
the names) costs nothing and the registry never imports more than it needs.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from core.errors import OptionError
from core.game import Game

# name → (module, class), in the order the games are offered.
_WHERE: dict[str, tuple[str, str]] = {
    "moon": ("core.moon.engine", "MoonGame"),
    "texas42": ("core.texas42.engine", "Texas42Game"),
    "mexican_train": ("core.mexican_train.engine", "MexicanTrainGame"),
}

GAME_NAMES: tuple[str, ...] = tuple(_WHERE)


class _Games(Mapping[str, type[Game]]):
    """A read-only ``dict``-like mapping whose classes are imported when first asked for."""

    def __init__(self) -> None:
        self._loaded: dict[str, type[Game]] = {}

    def __getitem__(self, name: str) -> type[Game]:
        cls = self._loaded.get(name)
        if cls is None:
            module_name, class_name = _WHERE[name]
            cls = getattr(importlib.import_module(module_name), class_name)
            self._loaded[name] = cls
        return cls

    def __iter__(self) -> Iterator[str]:
        return iter(_WHERE)

    def __len__(self) -> int:
        return len(_WHERE)

    def __contains__(self, name: object) -> bool:
        return name in _WHERE

    def __repr__(self) -> str:
        return f"GAMES({', '.join(_WHERE)})"


GAMES: Mapping[str, type[Game]] = _Games()


def game_class(name: str) -> type[Game]:
    """The Game class called ``name``; :class:`OptionError` for an unknown name."""
    if not isinstance(name, str) or name not in _WHERE:
        raise OptionError(f"unknown game {name!r} (games: {', '.join(GAME_NAMES)})")
    return GAMES[name]
