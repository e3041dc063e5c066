"""Helpers for the TUI pilot tests: an app with instant bots and private files, and
a driver that plays the human seat with keys only."""

from __future__ import annotations

import contextlib
import json
import tempfile
from pathlib import Path
from typing import Any, AsyncIterator, Callable

from textual.worker import WorkerCancelled, WorkerFailed, WorkerState

from tui.app import DominoesApp
from tui.play.preferences import Preferences
from tui.screens.game_base import GameScreen

DIALOG_SCREENS = {"BiddingDialog", "WidowDialog", "WidowChoiceDialog", "TrumpDialog",
                  "HandSummaryScreen"}


def make_app(tmp_path: Path, *, game: str | None = None, options: dict[str, Any] | None = None,
             levels: list[str] | None = None, seed: int = 1, **kwargs: Any) -> DominoesApp:
    """An app with instant bots, no trick pause, preferences and saves under ``tmp_path``."""
    prefs = Preferences(path=tmp_path / "preferences.json")
    if game is not None:
        prefs.last_game = game
        choices = prefs.choices(game)
        choices.options = dict(options or {})
        choices.levels = list(levels or [])
    kwargs.setdefault("bot_delay", 0.0)
    kwargs.setdefault("trick_pause", 0.0)
    kwargs.setdefault("seed_source", lambda: seed)
    return DominoesApp(preferences=prefs, save_dir=tmp_path, **kwargs)


def bot_workers(app: DominoesApp) -> list:
    return [w for w in app.workers if w.group == "bots"
            and w.state in (WorkerState.PENDING, WorkerState.RUNNING)]


async def settle(pilot: Any, limit: int = 400) -> None:
    """Wait until no bot is thinking and no bot move is about to start."""
    app = pilot.app
    for _ in range(limit):
        await pilot.pause()
        busy = bot_workers(app)
        if busy:
            try:
                await app.workers.wait_for_complete(busy)
            except (WorkerCancelled, WorkerFailed):
                pass
            continue
        screen = app.screen
        if (isinstance(screen, GameScreen) and screen.session.is_bot_turn()
                and not screen.waiting_for_key):
            continue
        return
    raise AssertionError("the app never settled")


def move_key(screen: GameScreen) -> str | None:
    """The key that makes the human's move now on a game screen (Space after a trick;
    at the hub draw, pass or play the chosen tile; at the trick table play the chosen
    tile or open the due dialog), or None when it is not the human's turn."""
    session = screen.session
    if screen.waiting_for_key:
        return "space"
    if not session.is_human_turn():
        return None
    if session.game.name == "mexican_train":
        active = screen.active_bindings
        return "d" if "d" in active else "p" if "p" in active else "enter"
    return "enter" if session.view().phase == "play" else "b"


def game_screen(app: DominoesApp) -> GameScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, GameScreen):
            return screen
    raise AssertionError(f"no game screen in {app.screen_stack}")


async def play_to_game_over(pilot: Any, max_steps: int = 3000,
                            dialog_keys: dict[str, tuple[str, ...]] | None = None
                            ) -> dict[str, int]:
    """Play the human seat with keys only until the game-over screen shows
    (``dialog_keys``: the keys pressed in a dialog, by its class name; else Enter).

    Returns how many times each screen needed a key (to check the human really played).
    """
    app = pilot.app
    seen: dict[str, int] = {}
    for _ in range(max_steps):
        await settle(pilot)
        screen = app.screen
        name = type(screen).__name__
        if name == "GameOverScreen":
            return seen
        seen[name] = seen.get(name, 0) + 1
        if name in DIALOG_SCREENS:
            await pilot.press(*(dialog_keys or {}).get(name, ("enter",)))
        elif isinstance(screen, GameScreen):
            key = move_key(screen)
            if key is None:
                session = screen.session
                raise AssertionError(f"stuck on {name}: phase {session.game.phase}, "
                                     f"player {session.current_player}")
            if key != "space":
                what = (key if screen.session.game.name == "mexican_train"
                        else str(screen.session.view().phase))
                seen[f"{name}:{what}"] = seen.get(f"{name}:{what}", 0) + 1
            await pilot.press(key)
        else:
            raise AssertionError(f"unexpected screen {name}")
    raise AssertionError("the game did not end")


def record_lines(tmp_path: Path) -> list[dict[str, Any]]:
    """The lines of the only record under ``tmp_path`` (a save, or a finished game,
    which is moved to ``history/`` as it ends)."""
    saves = [*(tmp_path / "saves").glob("*.jsonl"), *(tmp_path / "history").glob("*.jsonl")]
    assert len(saves) == 1, saves
    return [json.loads(line) for line in saves[0].read_text().splitlines()]


@contextlib.asynccontextmanager
async def table_server(tmp_path: Path, monkeypatch: Any, seed: int = 4) -> AsyncIterator[Any]:
    """A table server of its own (instant bots) in a short folder (a Unix socket's path
    is at most 108 bytes), the apps pointed at it as the player "ann"."""
    from tui.play.tables.server import TableServer
    folder = Path(tempfile.mkdtemp(prefix="dp-", dir="/tmp"))
    path = folder / "s.sock"
    monkeypatch.setenv("DOMINOES_SERVER", str(path))
    monkeypatch.setenv("DOMINOES_PLAYER", "ann")
    server = TableServer(path, tmp_path / "server", bot_delay=0, seed=seed)
    await server.start()
    try:
        yield server
    finally:
        await server.close()
        for item in folder.iterdir():
            item.unlink()
        folder.rmdir()


async def wait_for(pilot: Any, test: Callable[[], Any], what: str, limit: int = 1500,
                   step: float = 0.01) -> None:
    """Poll ``test`` every ``step`` seconds of the pilot until it holds (at most ``limit``
    times); else fail naming ``what`` and the screen on top."""
    for _ in range(limit):
        if test():
            return
        await pilot.pause(step)
    raise AssertionError(f"never: {what} (on {type(pilot.app.screen).__name__})")

