"""The bot registry: one bot per game and level.

    bot = make_bot("mexican_train", "expert")
    command = bot.choose(view, legal, decision_rng(seed, player, index))

Bot classes are imported lazily, so the registry works for whichever games'
bots are installed.
"""

from __future__ import annotations

import importlib

from core.bots.base import Bot, Budget, DecisionTimer, decision_rng
from core.errors import OptionError
from core.registry import GAME_NAMES

LEVELS = ("easy", "standard", "expert")
GAMES = GAME_NAMES

_CLASSES: dict[str, dict[str, tuple[str, str]]] = {     # game: level: (module, class)
    "moon": {"easy": ("core.bots.moon.heuristic", "MoonEasyBot"),
             "standard": ("core.bots.moon.heuristic", "MoonStandardBot"),
             "expert": ("core.bots.moon.expert", "MoonExpertBot")},
    "texas42": {"easy": ("core.bots.texas42.heuristic", "Texas42EasyBot"),
                "standard": ("core.bots.texas42.heuristic", "Texas42StandardBot"),
                "expert": ("core.bots.texas42.expert", "Texas42ExpertBot")},
    "mexican_train": {"easy": ("core.bots.mexican_train.heuristic", "TrainEasyBot"),
                      "standard": ("core.bots.mexican_train.heuristic", "TrainStandardBot"),
                      "expert": ("core.bots.mexican_train.heuristic", "TrainExpertBot")},
}


def bot_class(game: str, level: str) -> type:
    """The class of ``game``'s bot at ``level``; OptionError if there is none."""
    if game not in _CLASSES:
        raise OptionError(f"unknown game {game!r} (games: {', '.join(GAMES)})")
    if level not in LEVELS:
        raise OptionError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")
    module_name, name = _CLASSES[game][level]
    try:
        module = importlib.import_module(module_name)
        cls: type = getattr(module, name)
        return cls
    except (ImportError, AttributeError) as exc:
        raise OptionError(f"no {level} bot for {game} is installed ({exc})") from None


def make_bot(game: str, level: str, budget_s: float | None = None) -> Bot:
    """A new bot for ``game`` ("moon", "texas42", "mexican_train") at ``level``.

    ``budget_s`` is the thinking time per decision for bots that search (the
    expert); ``None`` keeps the bot's default.
    """
    bot: Bot = bot_class(game, level)(budget_s=budget_s)
    return bot


__all__ = ["LEVELS", "GAMES", "Bot", "Budget", "DecisionTimer", "bot_class", "decision_rng",
           "make_bot"]
