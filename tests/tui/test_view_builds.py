"""The game screens build the player's view once per change of the game, not once per
widget or per key check: one human play and the bots' replies cost at most one view
of the human seat per event batch (one :class:`~tui.messages.GameUpdated`)."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from core.game import Game
from core.mexican_train.engine import MexicanTrainGame
from core.moon.engine import MoonGame
from core.texas42.engine import Texas42Game
from tests.tui_pilot import make_app, move_key, settle
from tui.messages import GameUpdated
from tui.play.session import GameSession, default_seats
from tui.screens.game_base import GameScreen
from tui.screens.train_hub import TrainHubScreen
from tui.screens.trick_table import TrickTableScreen


def at_human_lead(game: Game) -> Game:
    """``game`` advanced (every seat playing its first legal move) to the human seat
    leading a trick (Mexican Train: its turn) with the hand far from over, so that
    its play is answered by every other seat."""
    game.start()
    for _ in range(2000):
        view = game.view(0)
        if game.current_player == 0 and game.phase == "play" and (
                not hasattr(view, "current_trick")
                or (not view.current_trick and len(view.tricks) < 4)):
            return game
        game.apply(game.legal_actions()[0])
    raise AssertionError("the human seat never came to lead")


class ViewCounter:
    """Counts the views of one seat the app builds (calls from ``tui`` code only: the
    core's own views, such as the picture kept as a hand ends, are not the screen's)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, game_cls: type[Game],
                 seat: int = 0) -> None:
        self.count = 0
        self.on = False
        original = game_cls.view

        def view(game: Any, player: int) -> Any:
            caller = sys._getframe(1).f_globals.get("__name__", "")
            if self.on and player == seat and caller.startswith("tui."):
                self.count += 1
            return original(game, player)

        monkeypatch.setattr(game_cls, "view", view)


async def measure(tmp_path: Any, monkeypatch: pytest.MonkeyPatch, game: Game,
                  screen_cls: type[GameScreen]) -> tuple[int, int, int]:
    """(views of the human seat built, event batches, check_action calls) for one human
    move and the bots' replies, up to the human's next decision."""
    counter = ViewCounter(monkeypatch, type(game))
    checks = [0]
    original_check = screen_cls.check_action

    def check_action(screen: Any, action: str, parameters: tuple[object, ...]) -> Any:
        checks[0] += counter.on
        return original_check(screen, action, parameters)

    monkeypatch.setattr(screen_cls, "check_action", check_action)
    batches: list[GameUpdated] = []

    def hook(message: Any) -> None:
        if counter.on and isinstance(message, GameUpdated):
            batches.append(message)

    session = GameSession(game, default_seats(game.num_players, level="easy"))
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 30), message_hook=hook) as pilot:
        await pilot.pause()
        screen = screen_cls(session)
        app.push_screen(screen)
        await settle(pilot)
        assert app.screen is screen and session.is_human_turn()
        before = session.decision_index
        key = move_key(screen)
        assert key is not None
        counter.on = True
        await pilot.press(key)
        await settle(pilot)
        await pilot.pause()
        counter.on = False
        assert session.decision_index > before + 1, "the bots replied"
        assert session.is_human_turn()
    return counter.count, len(batches), checks[0]


GAMES = [
    ("moon", lambda: MoonGame(options={"target": 21}, seed=3), TrickTableScreen),
    ("texas42", lambda: Texas42Game(seed=4), TrickTableScreen),
    ("mexican_train", lambda: MexicanTrainGame(options={"players": 4}, seed=6), TrainHubScreen),
]


@pytest.mark.parametrize("name,make,screen_cls", GAMES, ids=[g[0] for g in GAMES])
async def test_one_view_per_event_batch(tmp_path, monkeypatch, name, make, screen_cls):
    views, batches, checks = await measure(tmp_path, monkeypatch, at_human_lead(make()),
                                           screen_cls)
    print(f"{name}: {views} views of the human seat, {batches} event batches, "
          f"{checks} check_action calls")
    assert batches >= (3 if name == "moon" else 4)    # the human's play, every bot's
    assert views <= batches
