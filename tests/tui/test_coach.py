"""The coach in the app: from the hand summary and the replay viewer, in a worker with a
progress bar, its report kept, nothing of the game changed; ASCII; a snapshot at 80x24."""

from __future__ import annotations

import json
import threading
import time
from typing import Any, Callable

from textual.app import App
from textual.widgets import ProgressBar

from core.coach import CoachBudget, CoachCancelled
from core.records import parse_record
from core.registry import HAND_END_KINDS
from core.replay import replay_record
from core.simulate import simulate
from tests.tui.test_ascii_style import not_ascii, screen_rows
from tests.tui.test_replay_viewer import ViewerApp, record_of
from tests.tui.test_score_sheet import to_summary
from tests.tui_pilot import game_screen, make_app, settle
from tui.app import AppLook
from tui.screens import coach as coach_module
from tui.screens.coach import (
    CoachScreen,
    hand_ends,
    kept_reports,
    pick_hand,
    request_for_replay,
    request_from,
)
from tui.screens.replay import ReplayScreen

SIZE = (80, 24)
TINY = CoachBudget(samples=2, nodes=2000)
EASY3 = ["human", "easy", "easy"]


class Gate:
    """Holds every coach analysis until opened; counts them and keeps how each ended."""

    def __init__(self, monkeypatch: Any) -> None:
        self.open = threading.Event()
        self.started = 0
        self.ended: list[str] = []
        original: Callable[[CoachScreen], Any] = CoachScreen._analyse

        def held(screen: CoachScreen) -> Any:
            self.started += 1
            self.open.wait(20)
            try:
                report = original(screen)
            except CoachCancelled:
                self.ended.append("cancelled")
                raise
            self.ended.append("done")
            return report

        monkeypatch.setattr(CoachScreen, "_analyse", held)


async def wait_until(pilot: Any, ready: Callable[[], bool], seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while not ready():
        assert time.monotonic() < end, "waited too long"
        await pilot.pause(0.02)


def coach_app(tmp_path: Any, game: str, options: dict[str, Any], levels: list[str]) -> Any:
    app = make_app(tmp_path, game=game, options=options, levels=levels)
    app.coach_budget = TINY
    return app


# -- picking the hand ----------------------------------------------------------------------

def test_the_hand_shown_or_the_last_finished_before_it_is_picked():
    record = simulate("moon", 4, {"target": 7})
    header, lines = record[0], record[1:]
    hands = hand_ends(lines)
    assert len(hands) >= 2 and all(end > start for _, start, end in hands[:-1])
    (one, start1, end1), (two, start2, end2) = hands[0], hands[1]
    assert (one, two) == (1, 2)
    assert pick_hand(lines, start1) is None                 # nothing dealt yet
    assert pick_hand(lines, start1 + 3) == (1, end1)        # hand 1 under way: hand 1
    assert pick_hand(lines, start2 + 2) == (2, end2)        # hand 2 under way: hand 2
    assert pick_hand(lines[:start2 + 2]) == (1, end1)       # hand 2 unfinished: hand 1
    request = request_from(header, lines, 0, end=lines[end1])
    assert not isinstance(request, str)
    assert request.hand == 1 and request.lines[-1] == lines[end1]
    assert request.title == "Coach — hand 1"


# -- from the hand summary ---------------------------------------------------------------

async def test_summary_key_opens_the_coach_with_progress_then_its_report(tmp_path, monkeypatch):
    gate = Gate(monkeypatch)
    app = coach_app(tmp_path, "moon", {"target": 7}, EASY3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        summary = await to_summary(pilot)
        session = game_screen(app).session
        before = session.game.state_key()
        history = len(session.game.history)
        assert "c" in {key for key, b in summary.active_bindings.items() if b.enabled}
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CoachScreen) and screen.busy
        assert screen.request.title == "Coach — hand 1" and screen.request.seat == 0
        assert screen.query_one("#coach-progress", ProgressBar).display
        assert not screen.query_one("#coach-body").display
        gate.open.set()
        await wait_until(pilot, lambda: not screen.busy)
        assert screen.query_one("#coach-progress", ProgressBar).total   # fed by progress()
        text = screen.plain_text()
        assert "Par (every hand open, perfect play)" in text
        assert "Trick " in text and " played " in text             # a play is named
        assert "sampled deals" in text
        assert screen.query_one("#coach-body").display
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is summary
        # Again: the kept report at once, no new analysis.
        await pilot.press("c")
        await pilot.pause()
        again = app.screen
        assert isinstance(again, CoachScreen) and again is not screen
        assert not again.started and not again.busy and gate.started == 1
        assert again.plain_text() == text
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is summary
        assert session.game.state_key() == before and len(session.game.history) == history


async def test_closing_mid_analysis_cancels_it_and_leaves_the_game_unchanged(tmp_path,
                                                                              monkeypatch):
    gate = Gate(monkeypatch)
    app = make_app(tmp_path, game="moon", options={"target": 7}, levels=EASY3)
    app.coach_budget = CoachBudget(seconds=30)   # still working when closed
    progressed = threading.Event()
    original_progress = CoachScreen._progress

    def progress(screen: CoachScreen, done: int, total: int) -> None:
        original_progress(screen, done, total)
        progressed.set()

    monkeypatch.setattr(CoachScreen, "_progress", progress)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        summary = await to_summary(pilot)
        session = game_screen(app).session
        before = session.game.state_key()
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CoachScreen)
        gate.open.set()
        await wait_until(pilot, progressed.is_set)
        assert screen.busy
        started = time.monotonic()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is summary and screen.stop.is_set()
        await wait_until(pilot, lambda: bool(gate.ended), 10)
        assert gate.ended == ["cancelled"]
        assert time.monotonic() - started < 10
        assert not kept_reports(app)                          # nothing kept from it
        assert session.game.state_key() == before
        await pilot.press("enter")                            # the game goes on
        await settle(pilot)
        assert app.screen is not summary


async def test_train_round_summary_opens_the_coach_on_the_round(tmp_path):
    app = coach_app(tmp_path, "mexican_train", {"players": 3, "set": 9, "rounds": 2}, EASY3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        summary = await to_summary(pilot)
        before = game_screen(app).session.game.state_key()
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CoachScreen)
        assert screen.request.title == "Coach — round 1"
        await wait_until(pilot, lambda: not screen.busy)
        assert screen.report is not None and not screen.failure
        assert screen.plain_text().startswith("Round 1")
        await pilot.press("c")                                 # c closes it too
        await pilot.pause()
        assert app.screen is summary
        assert game_screen(app).session.game.state_key() == before


# -- from the replay viewer ------------------------------------------------------------------

async def test_replay_key_opens_the_coach_for_the_hand_shown():
    record = record_of("texas42", {"target": "marks:2"}, 6)
    app = ViewerApp(record)
    app.coach_budget = TINY          # what the app reads (tests: little work)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen)
        await pilot.press("n", "right", "right")              # into hand 2
        position = viewer.position
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CoachScreen)
        assert screen.request.title == "Coach — hand 2" and screen.request.seat == 0
        await wait_until(pilot, lambda: not screen.busy)
        assert "sampled deals" in screen.plain_text() and not screen.failure
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is viewer and viewer.position == position
        await pilot.press("c")                                # kept: at once
        await pilot.pause()
        assert isinstance(app.screen, CoachScreen) and not app.screen.started


def test_replay_request_follows_the_first_human_seat():
    lines = simulate("moon", 2, {"target": 7}, players=[
        {"name": "Ann", "kind": "bot", "level": "easy"},
        {"name": "Me", "kind": "human", "level": None},
        {"name": "Bo", "kind": "bot", "level": "easy"}])
    record = parse_record("".join(json.dumps(line) + "\n" for line in lines), "g.jsonl")
    model = replay_record(record)
    request = request_for_replay(model, model.hand_stops[0])
    assert not isinstance(request, str) and request.seat == 1 and request.hand == 1
    assert isinstance(request_for_replay(model, 0), str)      # nothing dealt yet


# -- how it looks ---------------------------------------------------------------------------

class CoachHost(AppLook, App):
    """Opens the coach on a simulated game's first hand, on a blank app."""

    ENABLE_COMMAND_PALETTE = False

    def __init__(self, game: str, options: dict[str, Any], tile_style: str = "numerals",
                 budget: CoachBudget = TINY) -> None:
        super().__init__()
        self.tile_style = tile_style
        self.budget = budget
        lines = simulate(game, 5, options, players=[
            {"name": name, "kind": "human" if i == 0 else "bot", "level": None}
            for i, name in enumerate(["You", "West", "North", "East"][:3 if game == "moon"
                                                                       else 4])])
        end = next(line for line in lines[1:] if line.get("event") in HAND_END_KINDS)
        request = request_from(lines[0], lines[1:], 0, end=end)      # the first hand
        assert not isinstance(request, str)
        self.request = request

    def on_mount(self) -> None:
        self.push_screen(CoachScreen(self.request, budget=self.budget))


async def _finished(pilot: Any) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()


def test_snapshot_coach_report_at_80x24(snap_compare):
    app = CoachHost("texas42", {"target": "marks:2"})
    assert snap_compare(app, terminal_size=SIZE, run_before=_finished)


async def test_ascii_style_coach_working_and_done_is_all_ascii(monkeypatch):
    gate = Gate(monkeypatch)
    app = CoachHost("moon", {"target": 7}, tile_style="ascii")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CoachScreen) and screen.busy
        screen.query_one("#coach-progress", ProgressBar).update(total=10, progress=4)
        await pilot.pause()
        rows = screen_rows(app)
        assert not not_ascii(rows), not_ascii(rows)
        assert "Coach - hand 1" in rows[1]
        gate.open.set()
        await wait_until(pilot, lambda: not screen.busy)
        await pilot.pause()
        rows = screen_rows(app)
        assert not not_ascii(rows), not_ascii(rows)
        assert any("Par" in row for row in rows)


def test_module_loads_the_coach_only_when_it_runs():
    assert not hasattr(coach_module, "analyse")


def test_shared_table_uses_the_finished_record_and_the_players_own_seat():
    from types import SimpleNamespace

    from tui.play.tables.remote import SeenLine
    from tui.screens.coach import request_for_session
    record = simulate("moon", 4, {"target": 7})
    lines = record[1:]
    second_end = [i for _, _, i in hand_ends(lines)][1]
    seen = [SeenLine(dict(line)) for line in lines]
    game = SimpleNamespace(name="moon", history=seen, record=None)
    session = SimpleNamespace(game=game, viewer_seat=2, human=0)
    assert isinstance(request_for_session(session, lines[second_end]), str)  # not over yet
    game.record = record
    request = request_for_session(session, lines[second_end])
    assert not isinstance(request, str)
    assert request.seat == 2 and request.hand == 2
    assert request.lines[-1] == lines[second_end] and request.header == record[0]


async def test_leaving_the_app_mid_analysis_stops_it(monkeypatch):
    ended: list[float] = []
    original = CoachScreen._analyse

    def timed(screen: CoachScreen) -> Any:
        try:
            return original(screen)
        finally:
            ended.append(time.monotonic())

    monkeypatch.setattr(CoachScreen, "_analyse", timed)
    app = CoachHost("texas42", {"target": "marks:2"}, budget=CoachBudget(seconds=30))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, CoachScreen)
        bar = screen.query_one("#coach-progress", ProgressBar)
        await wait_until(pilot, lambda: bar.progress >= 1)       # well under way
        assert screen.busy
        left = time.monotonic()
    assert time.monotonic() - left < 5                            # the app did not wait 30 s
    for _ in range(100):
        if ended:
            break
        time.sleep(0.05)
    assert ended and ended[0] - left < 5
