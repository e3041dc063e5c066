"""The monkey: thousands of random keys, clicks and resizes on every screen of each game.

Seeded (the inputs; bot threads still make timing vary). The app runs headless with
instant bots and its data in a private folder. Keys come in bursts, as over SSH.
When the monkey quits the app (``q``), the app is started again -- playing,
resuming the saved game (``dominoes resume``) or watching a record (``dominoes
replay``) -- and the monkey goes on. The test fails on any unhandled exception (``run_test``
re-raises it), on a
bot worker that failed, and at the end on any record (saved, finished or
abandoned) that no longer replays, or on any save moved aside as broken.
"""

from __future__ import annotations

import asyncio
import os
import random
import time
import unicodedata
from pathlib import Path

import pytest
import textual.app
import textual.pilot
from textual import events
from textual.errors import NoWidget
from textual.keys import REPLACED_KEYS, _get_unicode_name_from_key
from textual.pilot import OutOfBounds
from textual.worker import WorkerState

from core.records import read_record, replay
from tests.tui_pilot import make_app

EVENTS_PER_GAME = int(os.environ.get("MONKEY_EVENTS", 700))
"""Events per game: about 30 ms of CPU each (Textual redrawing), so 3 × 700 stay near a
minute. ``MONKEY_EVENTS=5000`` for a longer soak."""
SIZES = [(80, 24), (100, 30), (120, 40), (79, 23), (60, 20), (40, 12), (80, 24), (90, 26)]
KEYS = (list("abcdefghijklmnoprstuvwxyz") + list("0123456789") +
        ["enter"] * 12 + ["space"] * 6 + ["left", "right", "up", "down"] * 4 +
        ["escape"] * 3 + ["tab", "shift+tab", "backspace", "home", "end", "pageup", "pagedown",
         "question_mark", "f1", "plus", "minus", "G", "N", "T"])
SEEDS = {"moon": 11, "texas42": 42, "mexican_train": 7}
GAMES = [
    ("moon", {"target": 7}, ["human", "easy", "easy"]),
    ("texas42", {"target": "marks:2", "nello": True, "sevens": True, "plunge": True},
     ["human", "easy", "easy", "easy"]),
    ("mexican_train", {"rounds": 2, "players": 3, "set": 9}, ["human", "easy", "easy"]),
]


def send_key(app, key: str) -> None:
    """Queue a key press as the terminal driver would (what ``Pilot.press`` sends, without
    its wait for the machine to go idle after every key)."""
    original = REPLACED_KEYS.get(key, key)
    try:
        char = unicodedata.lookup(_get_unicode_name_from_key(original))
    except KeyError:
        char = key if len(key) == 1 else None
    event = events.Key(key, char)
    event.set_sender(app)
    app._driver.send_message(event)


def failed_workers(app) -> list:
    return [w for w in app.workers if w.state == WorkerState.ERROR]


async def monkey_run(tmp_path: Path, game: str, options: dict, levels: list[str],
                     seed: int, events: int) -> dict:
    rng = random.Random(seed)
    screens: set[str] = set()
    done = 0
    starts = 0
    while done < events:
        # Started again the ways a player does: play, resume (`dominoes resume`), or
        # watch a record (`dominoes replay FILE`).
        records = sorted([*tmp_path.glob("saves/*.jsonl"), *tmp_path.glob("history/*.jsonl")])
        roll = rng.random()
        mode = ("play" if starts == 0 or roll < 0.3 else
                "replay" if roll < 0.55 and records else "resume")
        app = make_app(tmp_path, game=game, options=options, levels=levels,
                       seed=rng.randrange(1, 10_000), mode=mode,
                       record_path=rng.choice(records) if mode == "replay" else None)
        starts += 1
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            if mode == "play":
                await pilot.press("enter")          # the game under test, then anything goes
            while done < events and not app._exit:
                screens.update(type(screen).__name__ for screen in app.screen_stack)
                roll = rng.random()
                if roll < 0.006:
                    done += 1
                    await pilot.press("q")
                elif roll < 0.85:
                    # A burst of keys as fast as a player mashing them, then let it settle.
                    for _ in range(rng.randint(1, 6)):
                        send_key(app, rng.choice(KEYS))
                        done += 1
                    await pilot.pause()
                elif roll < 0.96:
                    done += 1
                    width, height = app.size
                    try:
                        await pilot.click(offset=(rng.randrange(max(1, width)),
                                                  rng.randrange(max(1, height))))
                    except (NoWidget, OutOfBounds):
                        pass      # the pilot found nothing to click there (not the app's fault)
                else:
                    done += 1
                    await pilot.resize_terminal(*rng.choice(SIZES))
                assert not failed_workers(app), failed_workers(app)[0].error
            if not app._exit:
                screens.add(type(app.screen).__name__)
                await pilot.pause(0.01)     # let the last keys land before the test closes it
                await pilot.pause()
    return {"events": done, "starts": starts, "screens": screens}


def check_records(data: Path) -> int:
    """Every record left behind replays; nothing was moved aside as broken."""
    broken = list((data / "broken").glob("*")) if (data / "broken").exists() else []
    assert broken == [], [p.read_text() for p in broken if p.suffix == ".txt"]
    count = 0
    for folder in ("saves", "history"):
        for path in sorted((data / folder).glob("*.jsonl")) if (data / folder).exists() else []:
            replay(read_record(path))
            count += 1
    return count


async def _yield_once(*args, **kwargs) -> None:
    await asyncio.sleep(0)


@pytest.fixture
def quick_pilot(monkeypatch):
    """The pilot waits for every queued message after each action, but not for the whole
    machine to go idle (``wait_for_idle``): bot threads and a busy test machine would
    make that wait most of the test's time."""
    monkeypatch.setattr(textual.pilot, "wait_for_idle", _yield_once)
    monkeypatch.setattr(textual.app, "wait_for_idle", _yield_once)


@pytest.mark.parametrize("game,options,levels", GAMES, ids=[g[0] for g in GAMES])
async def test_monkey_never_crashes_the_app_nor_breaks_a_record(tmp_path, quick_pilot, game,
                                                                 options, levels):
    started = time.monotonic()
    result = await monkey_run(tmp_path, game, options, levels, seed=SEEDS[game],
                              events=EVENTS_PER_GAME)
    records = check_records(tmp_path)
    assert records >= 1
    assert {"TitleScreen", "HelpScreen"} <= result["screens"]
    assert any(name in result["screens"] for name in ("TrickTableScreen", "TrainHubScreen"))
    print(f"\nmonkey {game}: {result['events']} events, {result['starts']} app starts, "
          f"{records} records replayed, {time.monotonic() - started:.1f}s, "
          f"screens: {sorted(result['screens'])}")


async def test_page_keys_on_a_list_not_yet_drawn_do_nothing():
    """Found by the monkey: a Select opened and PgUp pressed in one burst of keys crashed
    Textual's OptionList (KeyError); tui.textual_fixes makes the key do nothing."""
    from textual.app import App
    from textual.widgets import OptionList

    import tui.app  # noqa: F401  (installs the work-arounds)

    class Lists(App):
        def compose(self):
            yield OptionList("a", "b", "c", id="shown")

    app = Lists()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        hidden = OptionList("x", "y", "z")
        hidden.highlighted = 1
        hidden.styles.height = 0
        await app.mount(hidden)
        hidden.action_page_up()           # no lines laid out: KeyError before the fix
        hidden.action_page_down()
        assert hidden.highlighted == 1
        shown = app.query_one("#shown", OptionList)
        shown.highlighted = 0
        shown.action_page_down()          # a drawn list still pages
        assert shown.highlighted == 2


async def test_a_stale_dismiss_leaves_the_screens_alone():
    """Found by the monkey: a button press queued for the game-over screen, arriving
    after a key had already closed it, dismissed it again -- popping the title, then
    "no screens on the stack". A screen no longer active now ignores dismiss."""
    from textual.app import App
    from textual.screen import ModalScreen

    import tui.app  # noqa: F401  (installs the work-arounds)

    closed = []

    class Dialog(ModalScreen[str]):
        pass

    class Host(App):
        def on_mount(self):
            self.push_screen(Dialog(), closed.append)

    app = Host()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        dialog = app.screen
        dialog.dismiss("first")
        await pilot.pause()
        depth = len(app.screen_stack)
        dialog.dismiss("again")           # stale: the dialog is gone
        await pilot.pause()
        assert len(app.screen_stack) == depth and closed == ["first"]


async def test_keys_typed_while_the_app_closes_are_dropped(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.exit(0)
        for key in ("enter", "x", "down", "q"):
            send_key(app, key)            # would reach a screen stack being emptied
        await pilot.pause()
    assert app.return_code == 0


async def test_a_key_typed_as_a_dialog_opens_waits_until_it_is_built(tmp_path):
    """Found by the monkey: Enter typed just as the bots opened the widow dialog ran the
    dialog's action before the dialog was built (NoMatches on its hand). A key for a
    screen not yet mounted now waits until it is."""
    from textual.binding import Binding
    from textual.screen import ModalScreen

    seen = []

    class Dialog(ModalScreen[None]):
        BINDINGS = [Binding("enter", "choose", "Choose", priority=True)]
        ready = False

        async def on_mount(self) -> None:
            await asyncio.sleep(0.2)      # a dialog still being built
            self.ready = True

        def action_choose(self):
            seen.append(self.ready)

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(Dialog())
        assert not app.screen.is_mounted
        key = events.Key("enter", "\r")
        key.set_sender(app)
        await app.on_event(key)           # the key arrives before the dialog is built
        for _ in range(250):              # polled: a loaded machine builds it late
            if seen:
                break
            await pilot.pause(0.02)
    assert seen == [True]
