"""A whole game played headless by simple legal-move bots, for records, tests and benchmarks.

Every seat is a :class:`LegalMoveBot`: it picks uniformly among the legal
commands with its own generator, ``random.Random(f"simulate:{seed}")``, apart
from the game's. So the same game name, seed and options always give the same
game, event for event.

One exception keeps such games finite: in Moon under ``moon = points`` a bid of 21
made at random almost always fails (-21) and a made one no longer ends the game, so
every score drifts down and no game reaches its target; there the bots bid 21 only
when it is the one bid left (:func:`random_choices`).
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from core.commands import Bid, Command
from core.game import Game
from core.registry import game_class

# Far more decisions than any real game takes (a double-18 Mexican Train for 12
# players over 19 rounds is a few thousand); a game still going is a bug.
MAX_DECISIONS = 500_000
BOT_LEVEL = "legal-move"
MOON_BID = 21          # Moon's bid of all the tricks


class LegalMoveBot:
    """Any legal command, uniformly at random."""

    level = BOT_LEVEL

    def choose(self, view: Any, legal: Sequence[Command], rng: random.Random) -> Command:
        return legal[rng.randrange(len(legal))]


def random_choices(game: Game, legal: Sequence[Command]) -> Sequence[Command]:
    """The commands a legal-move bot picks among (see the module's note on Moon)."""
    if game.name == "moon" and game.options.get("moon") == "points":
        kept = [c for c in legal if not (isinstance(c, Bid) and c.bid == MOON_BID)]
        return kept or legal
    return legal


def bot_players(count: int) -> list[dict[str, Any]]:
    """The record header's ``players`` for ``count`` legal-move bots."""
    return [{"name": f"Bot {i + 1}", "kind": "bot", "level": BOT_LEVEL} for i in range(count)]


class GameNotOver(RuntimeError):
    """The game was still going after the decision limit: its settings (a far target)
    ask for a longer game than a simulation plays."""

    def __init__(self, game_name: str, decisions: int) -> None:
        super().__init__(f"{game_name}: not over after {decisions} decisions")
        self.game_name = game_name
        self.decisions = decisions


def play_out(game: Game, rng: random.Random, bot: LegalMoveBot | None = None,
             max_decisions: int | None = None) -> Game:
    """Play ``game`` (started or not) to its end with ``bot`` in every seat.

    Raises :class:`GameNotOver` after ``max_decisions`` (default
    :data:`MAX_DECISIONS`) decisions without an end.
    """
    bot = bot or LegalMoveBot()
    limit = MAX_DECISIONS if max_decisions is None else max_decisions
    game.start()
    for _ in range(limit):
        if game.is_over:
            return game
        legal = game.legal_actions()
        if not legal:
            raise RuntimeError(f"{game.name}: no legal command for player "
                               f"{game.current_player} in phase {game.phase}")
        game.apply(bot.choose(None, random_choices(game, legal), rng))
    if game.is_over:
        return game
    raise GameNotOver(game.name, limit)


def bot_rng(seed: int) -> random.Random:
    """The bots' generator for a simulated game of ``seed`` (apart from the game's own)."""
    return random.Random(f"simulate:{seed}")


def new_game(game_name: str, seed: int, options: dict[str, Any] | None = None) -> Game:
    """A game of ``game_name``, not started; unknown names or settings raise OptionError."""
    return game_class(game_name)(options=options or {}, seed=seed)


def simulate_game(game_name: str, seed: int, options: dict[str, Any] | None = None) -> Game:
    """Play a whole game of ``game_name``; returns the finished game (its history is the record)."""
    return play_out(new_game(game_name, seed, options), bot_rng(seed))


def simulate(game_name: str, seed: int, options: dict[str, Any] | None = None,
             players: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The record (header, then every event, as dicts) of a whole simulated game.

    ``options`` are rules settings by name (strings are parsed as on the
    command line; unknown names or values raise :class:`~core.errors.OptionError`).
    ``players`` is the header's list of players (default: legal-move bots).
    """
    game = new_game(game_name, seed, options)
    if players is None:
        players = bot_players(game.num_players)
    elif len(players) != game.num_players:
        raise ValueError(f"{game.title} has {game.num_players} players, "
                         f"{len(players)} given")
    play_out(game, bot_rng(seed))
    return [game.header(players)] + [event.to_record() for event in game.history]
