"""Games built for the coach's tests: standard bots everywhere, and one planted blunder."""

from __future__ import annotations

from typing import Any

from core.bots.base import decision_rng
from core.bots.moon.heuristic import MoonStandardBot
from core.bots.texas42.heuristic import Texas42StandardBot
from core.bots.trick.evaluation import winning_play
from core.coach import open_move_values
from core.commands import Command, Play
from core.game import Game, Phase
from core.records import record_lines
from core.registry import HAND_END_KINDS, game_class
from core.tricks.count import COUNT

BOTS = {"texas42": Texas42StandardBot, "moon": MoonStandardBot}


def _blunder(game: Game, seat: int) -> tuple[Play, Play] | None:
    """At ``seat``'s turn as the trick's last player, with the opponents winning it:
    a tile that loses the trick although another legal tile wins it (the worst loser: a
    count tile if one can be thrown), and that winner."""
    view = game.view(seat)
    trick = list(view.current_trick)
    if len(trick) != game.num_players - 1 or view.mode is None:
        return None
    plays = [c for c in game.legal_actions() if isinstance(c, Play)]
    winners: list[Play] = []
    losers: list[Play] = []
    for c in plays:
        who = winning_play(trick + [(seat, c.tile)], view.mode)
        (winners if who is not None and who[0] == seat else losers).append(c)
    leading = winning_play(trick, view.mode)
    if leading is None or (game.name == "texas42" and leading[0] % 2 == seat % 2):
        return None
    if game.name == "moon" and seat != view.bidder and leading[0] != view.bidder:
        return None     # a fellow defender is winning it
    if not winners or not losers:
        return None
    hands = [game.view(p).hand for p in range(game.num_players)]
    assert view.bidder is not None
    trump = str(view.trump if game.name == "texas42" else view.mode.trump)
    if trump in ("nello", "sevens"):
        return None
    values = open_move_values(game.name, hands, seat, view.bidder, trump, view, trick)
    good = 1 if (seat % 2 == view.bidder % 2 if game.name == "texas42"
                 else seat == view.bidder) else -1
    loser = min(losers, key=lambda c: good * values[str(c.tile)])
    winner = max(winners, key=lambda c: good * values[str(c.tile)])
    need = 10 if game.name == "texas42" else 1
    if good * (values[str(winner.tile)] - values[str(loser.tile)]) < need:
        return None
    if game.name == "texas42" and sum(COUNT.get(t, 0) for _, t in trick) \
            + COUNT.get(loser.tile, 0) < 10:
        return None
    return loser, winner


def planted(name: str, seed: int, seat: int = 0, options: dict[str, Any] | None = None,
            ) -> tuple[list[dict[str, Any]], int, str, str] | None:
    """A one-hand record of ``name`` where ``seat`` throws away a sure trick: (record lines,
    trick number, tile thrown, a tile that won), or ``None`` if this deal gives none."""
    game = game_class(name)(options=options or {}, seed=seed)
    game.start()
    bot = BOTS[name]()
    planted_at: tuple[int, str, str] | None = None
    k = 0
    while not any(e.to_record().get("event") in HAND_END_KINDS for e in game.history):
        player = game.current_player
        assert player is not None
        command: Command | None = None
        if player == seat and planted_at is None and game.phase == Phase.PLAY:
            found = _blunder(game, seat)
            if found is not None:
                command = found[0]
                planted_at = (len(game.view(seat).tricks) + 1, str(found[0].tile),
                              str(found[1].tile))
        if command is None:
            command = bot.choose(game.view(player), game.legal_actions(),
                                 decision_rng(seed, player, k))
        game.apply(command)
        k += 1
    if planted_at is None:
        return None
    lines = record_lines(game)
    end = next(i for i, line in enumerate(lines) if line.get("event") in HAND_END_KINDS)
    return lines[:end + 1], *planted_at


def planted_train(seed: int, seat: int = 0, options: dict[str, Any] | None = None,
                  ) -> tuple[list[dict[str, Any]], int, str, str] | None:
    """A one-round Mexican Train record where ``seat``, at one turn, plays a tile that
    sheds fewer pips than another it could play without a shorter chain: (record lines,
    the seat's turn number, tile played, the better tile), or ``None``."""
    from core.bots.mexican_train.heuristic import TrainStandardBot
    from core.coach.common import DecisionPoint
    from core.coach.train import choices

    game = game_class("mexican_train")(options=options or {}, seed=seed)
    game.start()
    bot = TrainStandardBot()
    planted_at: tuple[int, str, str] | None = None
    k = 0
    turn = 0
    last_player: int | None = None
    while not any(e.to_record().get("event") in HAND_END_KINDS for e in game.history):
        player = game.current_player
        assert player is not None
        if player == seat and last_player != seat:
            turn += 1
        last_player = player
        legal = game.legal_actions()
        command: Command | None = None
        if player == seat and planted_at is None:
            point = DecisionPoint(k, 1, seat, game.phase, game.view(seat), tuple(legal),
                                  legal[0])
            options_now = choices(point)
            for worse in options_now:
                better = [o for o in options_now if o.chain >= worse.chain
                          and o.shed >= worse.shed + 5]
                if better:
                    command = next(c for c in legal if isinstance(c, Play)
                                   and str(c.tile) == worse.tile and c.train == worse.train)
                    planted_at = (turn, worse.tile, better[0].tile)
                    break
        if command is None:
            command = bot.choose(game.view(player), legal, decision_rng(seed, player, k))
        game.apply(command)
        k += 1
    if planted_at is None:
        return None
    lines = record_lines(game)
    end = next(i for i, line in enumerate(lines) if line.get("event") in HAND_END_KINDS)
    return lines[:end + 1], *planted_at
