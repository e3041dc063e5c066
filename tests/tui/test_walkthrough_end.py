"""The end of the guided hand: the walkthrough's closing page comes straight after the
hand, never the ordinary game's hand summary ("next hand", "the game is saved", a ``q`` that
quits), and its keys do what it says: ``x`` back to the title, Enter a real game."""

from __future__ import annotations

import pytest

from tests.tui_pilot import game_screen, make_app, settle
from tui.screens.game_base import GameScreen
from tui.screens.summary import HandSummaryScreen
from tui.screens.title import TitleScreen
from tui.screens.walkthrough import WalkthroughDone, WalkthroughIntro, WalkthroughMixin

GAMES = ("moon", "texas42", "mexican_train")
ORDINARY_WORDS = ("next hand", "next round", "the game is saved", "q quits")


async def walk_with_a(pilot, app, game: str) -> list[str]:
    """Start the walkthrough of ``game`` from the title (its number, then w) and make every
    move with ``a`` (the suggested move) until the closing page shows; returns the names of
    the screens met on top, in order (each once per change)."""
    await pilot.press(str(GAMES.index(game) + 1), "w")
    met: list[str] = []
    for _ in range(800):
        await settle(pilot)
        screen = app.screen
        name = type(screen).__name__
        if not met or met[-1] != name:
            met.append(name)
        if isinstance(screen, WalkthroughDone):
            return met
        if isinstance(screen, HandSummaryScreen):
            return met                          # the defect: the caller fails on it
        if isinstance(screen, WalkthroughIntro):
            await pilot.press("enter")
        elif isinstance(screen, GameScreen):
            assert isinstance(screen, WalkthroughMixin)
            if screen.waiting_for_key:
                await pilot.press("space")
            elif screen.session.is_human_turn() and "a" in screen.active_bindings:
                await pilot.press("a")
            else:
                await pilot.pause(0.02)         # a trick on view for the pause, or the bots
        else:
            raise AssertionError(f"unexpected screen {name} (met {met})")
    raise AssertionError(f"the walkthrough did not end (met {met})")


def screen_text(app) -> str:
    """What the terminal shows, one line per row (the screen's composited strips)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def assert_closing_page(app, met: list[str]) -> None:
    assert "HandSummaryScreen" not in met, met
    assert isinstance(app.screen, WalkthroughDone), met
    assert not any(isinstance(s, HandSummaryScreen) for s in app.screen_stack)
    shown = screen_text(app)
    assert "Walkthrough done" in shown
    page = str(app.screen.query_one("#page-text").render())
    assert "Press Enter to play a real game" in page and "x to go back" in page
    for words in ORDINARY_WORDS:
        assert words not in shown, words
    assert "x" in app.screen.active_bindings and "enter" in app.screen.active_bindings


@pytest.mark.parametrize("game", GAMES)
async def test_the_guided_hand_ends_on_its_closing_page_and_x_leaves(tmp_path, game):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        met = await walk_with_a(pilot, app, game)
        assert_closing_page(app, met)
        guided = game_screen(app)
        assert guided.guide.finished
        await pilot.press("x")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        assert not guided.is_attached
    assert not (tmp_path / "saves").exists() or not list((tmp_path / "saves").iterdir())


async def test_enter_on_the_closing_page_starts_a_real_game(tmp_path):
    """Texas 42, as reported: after the last trick (held on view for the trick pause, as in a
    game) the closing page; Enter plays a real game of 42, not the walkthrough again."""
    app = make_app(tmp_path, trick_pause=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        met = await walk_with_a(pilot, app, "texas42")
        assert_closing_page(app, met)
        guided = game_screen(app)
        await pilot.press("enter")
        await settle(pilot)
        real = game_screen(app)
        assert real is not guided and not guided.is_attached
        assert not isinstance(real, WalkthroughMixin)
        assert real.session.game.name == "texas42"


async def test_when_tricks_wait_for_a_key_space_then_the_closing_page(tmp_path):
    """With the trick pause set to "until a key", Space after the last trick brings the
    closing page (no summary in between)."""
    app = make_app(tmp_path, trick_pause=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        met = await walk_with_a(pilot, app, "moon")
        assert_closing_page(app, met)
