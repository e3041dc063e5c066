#!/usr/bin/env python3
"""Write ``screenshots/<screen>.svg`` for every screen of the app, for each game.

    python scripts/make_screenshots.py [--out DIR] [--size 80x24] [--only NAME ...] [--text]

Each picture is taken inside ``App.run_test`` with ``app.save_screenshot``. The
games are brought to each decision by driving the core directly with a fixed
policy (seeded, so the pictures are the same every run and do not depend on
how the bots play). ``--text`` also writes a plain-text copy (``.txt``) of each.
Preferences and saves go to a temporary directory: your own are never touched.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Awaitable, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core.commands import Bid, Play  # noqa: E402
from core.registry import game_class  # noqa: E402
from tui.app import DominoesApp  # noqa: E402
from tui.play.preferences import Preferences  # noqa: E402
from tui.play.session import GameSession, default_seats  # noqa: E402

Setup = Callable[[Any, DominoesApp], Awaitable[None]]


# -- bringing a game to a decision ----------------------------------------------------

def drive(game: Any, until: Callable[[Any], bool], *, human_bids_high: bool = False,
          limit: int = 5000) -> Any:
    """Apply a fixed policy until ``until(game)``: plays the last legal tile, bids in the
    middle (seat 0 bids as high as it may when ``human_bids_high``), else the first choice."""
    game.start()
    for _ in range(limit):
        if until(game):
            return game
        if game.is_over:
            raise RuntimeError("the game ended before the wanted moment")
        legal = game.legal_actions()
        plays = [c for c in legal if isinstance(c, Play)]
        if plays:
            command = plays[-1]
        elif game.phase == "bid":
            bids = [c for c in legal if isinstance(c, Bid)]
            if human_bids_high:
                real = [c for c in bids if c.bid is not None and not c.plunge]
                if game.current_player == 0 and real:
                    command = real[min(len(real) - 1, 2)]
                else:
                    command = next((c for c in bids if c.bid is None), bids[0])
            else:
                command = bids[len(bids) // 2]
        else:
            command = legal[0]
        game.apply(command)
    raise RuntimeError("no such moment")


def human_turn(phase: str, tricks: int = 0) -> Callable[[Any], bool]:
    def check(game: Any) -> bool:
        if game.current_player != 0 or game.phase != phase:
            return False
        view = game.view(0)
        return len(getattr(view, "tricks", ())) >= tricks and (
            phase != "play" or not hasattr(view, "current_trick") or bool(view.current_trick)
            or tricks == 0)
    return check


def new_game(name: str, seed: int, options: dict[str, Any] | None = None) -> Any:
    return game_class(name)(options=options or {}, seed=seed)


def session(game: Any) -> GameSession:
    return GameSession(game, default_seats(game.num_players, level="standard"))


def game_screen_for(sess: GameSession) -> Any:
    from tui.app import screen_for
    return screen_for(sess)


def first_event(game: Any, kind: str) -> dict[str, Any]:
    return next(e.to_record() for e in game.history if e.kind == kind)


# -- the shots -----------------------------------------------------------------------------

async def at_title(pilot: Any, app: DominoesApp) -> None:
    await pilot.pause()


def press(*keys: str) -> Setup:
    async def setup(pilot: Any, app: DominoesApp) -> None:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        from textual.widgets import Input
        for field in app.screen.query(Input):
            field.cursor_blink = False
        await pilot.pause()
    return setup


def show(make: Callable[[DominoesApp], Any]) -> Setup:
    async def setup(pilot: Any, app: DominoesApp) -> None:
        await pilot.pause()
        app.push_screen(make(app))
        for _ in range(4):
            await pilot.pause()
    return setup


def table(name: str, seed: int, until: Callable[[Any], bool], options: dict | None = None,
          **kw: Any) -> Setup:
    """The game screen at a human decision (a dialog opens by itself when one is due)."""
    return show(lambda app: game_screen_for(session(drive(new_game(name, seed, options), until,
                                                          **kw))))


def then_keys(setup: Setup, *keys: str) -> Setup:
    async def run(pilot: Any, app: DominoesApp) -> None:
        await setup(pilot, app)
        await pilot.press(*keys)
        for _ in range(3):
            await pilot.pause()
    return run


def hand_summary(name: str, seed: int, kind: str, options: dict | None = None) -> Setup:
    def make(app: DominoesApp) -> Any:
        from tui.screens.summary import HandSummaryScreen
        game = drive(new_game(name, seed, options),
                     lambda g: any(e.kind == kind for e in g.history))
        from core.score_sheet import hand_lines
        names = [seat.name for seat in default_seats(game.num_players)]
        record = first_event(game, kind)
        return HandSummaryScreen(name, record, game.view(0), names=names,
                                 lines=hand_lines(game.history, record))
    return show(make)


def coach(name: str, seed: int) -> Setup:
    """The coach's report on the first hand of a game (its analysis worked out first)."""
    async def setup(pilot: Any, app: DominoesApp) -> None:
        from core.coach import CoachBudget
        from tui.screens.coach import CoachScreen, request_from
        game = drive(new_game(name, seed), lambda g: any(e.kind in ("hand_end", "round_end")
                                                           for e in g.history))
        players = [{"name": seat.name, "kind": "human" if i == 0 else "bot", "level": None
                    if i == 0 else "standard"}
                   for i, seat in enumerate(default_seats(game.num_players))]
        request = request_from(game.header(players), game.history, 0)
        assert not isinstance(request, str), request
        await pilot.pause()
        app.push_screen(CoachScreen(request, budget=CoachBudget(samples=8)))
        await pilot.pause()
        await app.workers.wait_for_complete()
        for _ in range(4):
            await pilot.pause()
    return setup


def game_over(name: str, seed: int, options: dict | None = None) -> Setup:
    def make(app: DominoesApp) -> Any:
        from tui.screens.summary import GameOverScreen
        game = played_by_bots(name, seed, options)
        return GameOverScreen(name, first_event(game, "game_end"),
                              default_seats(game.num_players, level="standard"))
    return show(make)


def played_by_bots(name: str, seed: int, options: dict | None = None) -> Any:
    """A whole game as people would see one: standard bots in every seat (random legal
    moves make Moon scores like -617), each seat's decisions from its own seeded rng."""
    import random

    from core.bots import make_bot
    game = new_game(name, seed, options)
    game.start()
    bots = [make_bot(name, "standard") for _ in range(game.num_players)]
    rngs = [random.Random(f"screenshot:{seed}:{p}") for p in range(game.num_players)]
    for _ in range(100_000):
        if game.is_over:
            return game
        player = game.current_player
        game.apply(bots[player].choose(game.view(player), game.legal_actions(), rngs[player]))
    raise RuntimeError("the game did not end")


def stacks(seed: int) -> Setup:
    def make(app: DominoesApp) -> Any:
        from tui.screens.stacks import StacksScreen
        game = drive(new_game("texas42", seed), human_turn("play", 3))
        return StacksScreen(game.view(0), [s.name for s in default_seats(4)])
    return show(make)


def help_for(name: str | None) -> Setup:
    def make(app: DominoesApp) -> Any:
        from tui.screens.help import HelpScreen
        return HelpScreen(name)
    return show(make)


MT = {"players": 4, "rounds": 2}


def well_into_round_2(game: Any) -> bool:
    """Seat 0 to play in round 2, with a hand past ten tiles (letter keys), many trains
    started and long ones: the crowded table the 12-player hub must still fit."""
    if game.current_player != 0 or game.round_number != 2:
        return False
    view = game.view(0)
    return (any(isinstance(c, Play) for c in view.legal) and len(view.hand) >= 12
            and sum(len(t.tiles) for t in view.trains) >= 24
            and sum(1 for t in view.trains if t.tiles) >= 7)


def train_hub(seed: int, options: dict[str, Any], until: Callable[[Any], bool]) -> Setup:
    """The hub at a human decision reached by a seeded random policy (the fixed policy of
    :func:`drive` lays every tile on the Mexican train, an unlikely table)."""
    import random

    def make(app: DominoesApp) -> Any:
        game = new_game("mexican_train", seed, options)
        game.start()
        rng = random.Random(seed)
        for _ in range(5000):
            if until(game):
                return game_screen_for(session(game))
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        raise RuntimeError("no such moment")
    return show(make)


_SERVERS: list[Any] = []
_CLIENTS: list[Any] = []


async def _table_server() -> Any:
    """A table server of the screenshots' own (a throwaway socket and folder), the app
    pointed at it as the player "ann"."""
    import os
    import tempfile

    from tui.play.tables.server import TableServer
    folder = Path(tempfile.mkdtemp(prefix="ds-", dir="/tmp"))
    os.environ["DOMINOES_SERVER"] = str(folder / "s.sock")
    os.environ["DOMINOES_PLAYER"] = "ann"
    os.environ["DOMINOES_NAME"] = "Ann"
    server = TableServer(folder / "s.sock", folder / "data", bot_delay=0, seed=3)
    await server.start()
    _SERVERS.append(server)
    return server


async def _friends_tables(server: Any) -> None:
    """Two tables opened by friends: a 42 table waiting for a partner, a Moon game in play."""
    from tui.play.tables.client import TableClient
    bob = await TableClient.connect(server.path, player="bob", name="Bob")
    bob.send("open", game="texas42", name="oak-42",
             seats=[{"kind": "me"}, {"kind": "bot", "level": "expert"}, {"kind": "open"},
                    {"kind": "bot", "level": "expert"}])
    await bob.expect("joined")
    cleo = await TableClient.connect(server.path, player="cleo", name="Cleo")
    cleo.send("open", game="moon", name="elm-moon",
              seats=[{"kind": "me"}, {"kind": "bot", "level": "standard"},
                     {"kind": "bot", "level": "standard"}])
    await cleo.expect("joined")
    cleo.send("start", table="elm-moon")
    await cleo.expect("update", table="elm-moon")
    _CLIENTS.extend([bob, cleo])                  # still at their tables for the picture


def shared(*keys: str, friends: bool = False) -> Setup:
    """A shared-table screen: the app at a table server of its own, then ``keys``."""
    async def setup(pilot: Any, app: DominoesApp) -> None:
        server = await _table_server()
        if friends:
            await _friends_tables(server)
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            for _ in range(30):                 # the server answers between the keys
                await pilot.pause(0.02)
    return setup


SHOTS: dict[str, tuple[Setup, tuple[int, int] | None]] = {
    "title": (at_title, None),
    "setup-moon": (press("1", "e"), None),
    "setup-texas42": (press("2", "e"), None),
    "setup-mexican_train": (press("3", "e"), None),
    "settings": (press("s"), None),
    "help-title": (help_for(None), None),
    "help-moon": (help_for("moon"), None),
    "help-texas42": (help_for("texas42"), None),
    "help-mexican_train": (help_for("mexican_train"), None),
    "too-small": (at_title, (60, 20)),
    "moon-bidding": (table("moon", 4, human_turn("bid")), None),
    "moon-widow": (table("moon", 4, human_turn("widow"), human_bids_high=True), None),
    "moon-trump": (table("moon", 4, human_turn("trump"), human_bids_high=True), None),
    "moon-table": (table("moon", 12, human_turn("play", 2)), None),
    "moon-table-pips": (table("moon", 12, human_turn("play", 2)), None),
    "moon-table-wide": (table("moon", 12, human_turn("play", 3)), (120, 36)),
    "moon-last-trick": (then_keys(table("moon", 12, human_turn("play", 3)), "l"), None),
    "moon-hand-summary": (hand_summary("moon", 5, "hand_end"), None),
    "moon-game-over": (game_over("moon", 5), None),
    "texas42-bidding": (table("texas42", 8, human_turn("bid")), None),
    "texas42-trump": (table("texas42", 8, human_turn("trump"), human_bids_high=True), None),
    "texas42-table": (table("texas42", 12, human_turn("play", 2)), None),
    "texas42-table-ascii": (table("texas42", 12, human_turn("play", 2)), None),
    "texas42-table-wide": (table("texas42", 12, human_turn("play", 3)), (120, 36)),
    "texas42-stacks": (stacks(12), None),
    "texas42-hand-summary": (hand_summary("texas42", 5, "hand_end"), None),
    "texas42-game-over": (game_over("texas42", 5, {"target": "marks:2"}), None),
    "mexican_train-hub": (table("mexican_train", 7, human_turn("play"), MT), None),
    "mexican_train-hub-8-players": (table("mexican_train", 7, human_turn("play"),
                                          {"players": 8, "rounds": 1}), None),
    "mexican_train-hub-12-players": (train_hub(24, {"players": 12, "set": 15, "rounds": 2},
                                               well_into_round_2), (80, 24)),
    "mexican_train-round-summary": (hand_summary("mexican_train", 7, "round_end", MT), None),
    "mexican_train-game-over": (game_over("mexican_train", 7, MT), None),
    "moon-widow-choice": (table("moon", 4, human_turn("widow"), {"widow": "optional"},
                                human_bids_high=True), None),
    "texas42-coach": (coach("texas42", 5), None),
    "tables-join": (shared("j", friends=True), None),
    "tables-open": (shared("2", "o"), None),
    "tables-waiting-room": (shared("2", "o", "enter"), None),
}

STYLE_OF = {"moon-table-pips": "pips", "texas42-table-ascii": "ascii"}


def text_of(app: DominoesApp) -> str:
    from rich.console import Console
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens))
    return console.export_text(styles=False)


async def take(name: str, setup: Setup, size: tuple[int, int], out: Path, text: bool,
               home: Path) -> None:
    prefs = Preferences(path=home / f"{name}.json")
    prefs.settings.tile_style = STYLE_OF.get(name, "numerals")
    app = DominoesApp(preferences=prefs, bot_delay=0.0, trick_pause=0.0, save_games=False,
                      seed_source=lambda: 1)
    async with app.run_test(size=size) as pilot:
        await setup(pilot, app)
        await pilot.pause()
        app.save_screenshot(f"{name}.svg", str(out))
        if text:
            (out / f"{name}.txt").write_text(text_of(app), encoding="utf-8")
    while _CLIENTS:                                  # a shared-table screen's friends
        await _CLIENTS.pop().close()
    while _SERVERS:                                  # and its server
        await _SERVERS.pop().close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots")
    parser.add_argument("--size", default="80x24", help="terminal size, WxH (default 80x24)")
    parser.add_argument("--only", nargs="*", help="names of the screens to take")
    parser.add_argument("--text", action="store_true", help="also write plain-text copies")
    parser.add_argument("--list", action="store_true", help="list the screens and stop")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(SHOTS))
        return 0
    width, height = (int(n) for n in args.size.lower().split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
    failed = 0
    with tempfile.TemporaryDirectory() as home:
        os.environ["DOMINOES_CONFIG_DIR"] = home
        os.environ["DOMINOES_DATA_DIR"] = home
        for name, (setup, size) in SHOTS.items():
            if args.only and name not in args.only:
                continue
            try:
                asyncio.run(take(name, setup, size or (width, height), args.out, args.text,
                                 Path(home)))
                print(f"wrote {args.out / (name + '.svg')}")
            except Exception as exc:  # one broken screen must not stop the others
                failed += 1
                print(f"FAILED {name}: {type(exc).__name__}: {exc}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
