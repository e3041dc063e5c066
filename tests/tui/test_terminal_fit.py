"""The app fits the terminals SSH players really have: 80×24 in 16 colours, NO_COLOR, 256 colours.

Textual picks its colour system once, when the App is created: its Rich console is
built with ``color_system=textual.constants.COLOR_SYSTEM`` (``TEXTUAL_COLOR_SYSTEM``,
read at import, default "auto") and a copy of ``os.environ`` without ``NO_COLOR``.
"auto" then follows Rich: ``COLORTERM=truecolor`` gives truecolor, ``TERM=*-256color``
256 colours, any other ``TERM`` (``xterm``, the Linux console) the 16 standard colours.
``NO_COLOR`` adds a line filter turning every colour into a grey. ``run_test`` keeps
all of this (the headless driver only writes nothing), so each case below sets the
environment as an SSH session would, checks the colour system Textual chose, and
renders the full frame to the escape codes a real terminal would receive.

Checked for the title, a table in play for each game (Moon and 42 first show the
bidding dialog over the table) and the too-small notice: no exception, no
traceback, only escape codes the colour system allows, and every letter and digit
readable (its foreground differs from its background once reduced to the
terminal's colours; under NO_COLOR the greys asked for also differ by a clear step).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import textual.constants
from rich.color import Color, ColorSystem
from rich.segment import Segment
from rich.style import Style

from tests.tui_pilot import DIALOG_SCREENS, make_app, settle
from tui.screens.game_base import GameScreen
from tui.screens.too_small import TooSmallScreen

SIZE = (80, 24)

# name -> (environment to set, environment to remove, the colour system Textual must pick)
MODES = {
    "16_colours": ({"TERM": "xterm"}, ("COLORTERM", "NO_COLOR"), "standard"),
    "no_color": ({"TERM": "xterm", "NO_COLOR": "1"}, ("COLORTERM",), "standard"),
    "256_colours": ({"TERM": "xterm-256color"}, ("COLORTERM", "NO_COLOR"), "256"),
}
SYSTEMS = {"standard": ColorSystem.STANDARD, "256": ColorSystem.EIGHT_BIT,
           "truecolor": ColorSystem.TRUECOLOR}
GAMES = ("moon", "texas42", "mexican_train")
EASY = {"moon": ["human", "easy", "easy"], "texas42": ["human", "easy", "easy", "easy"],
        "mexican_train": ["human", "easy", "easy", "easy"]}
"""Quick bots: these tests look at the screens, not at the play."""
MIN_GREY_STEP = 80
"""Under NO_COLOR, a letter's grey and its background's differ by at least this (of 255)."""

SGR = re.compile(r"\x1b\[([0-9;]*)m")


@pytest.fixture(params=sorted(MODES))
def mode(request, monkeypatch) -> str:
    """A terminal as an SSH session presents it (TEXTUAL_COLOR_SYSTEM left on "auto")."""
    setenv, unset, _ = MODES[request.param]
    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "auto")
    for name in unset:
        monkeypatch.delenv(name, raising=False)
    for name, value in setenv.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    return request.param


# -- looking at a frame ----------------------------------------------------------------

def frame(app) -> tuple[list[list[Segment]], str]:
    """The whole screen as segments per line, and as the bytes a terminal would get.

    Rich and Textual cache each Style's escape codes on the (shared, interned) Style
    itself, whatever the colour system; a real app has one colour system per process,
    but these tests run several in one, so the cache is emptied before rendering.
    """
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    lines = [[segment for strip in row for segment in strip] for row in update.strips]
    for line in lines:
        for segment in line:
            if segment.style is not None:
                segment.style._ansi = None
    return lines, update.render_segments(app.console)


def frame_text(lines: list[list[Segment]]) -> str:
    return "\n".join("".join(segment.text for segment in line) for line in lines)


def colours_of(style: Style) -> tuple[Color | None, Color | None]:
    fg, bg = style.color, style.bgcolor
    return (bg, fg) if style.reverse else (fg, bg)


def unreadable(lines: list[list[Segment]], system: ColorSystem, no_color: bool) -> list[str]:
    """Letters and digits whose colour is lost against their background."""
    def reduced(color: Color | None):
        if color is None or color.is_default:
            return None
        return color.downgrade(system).get_truecolor()

    faults = []
    for y, line in enumerate(lines):
        for segment in line:
            if segment.style is None or not any(ch.isalnum() for ch in segment.text):
                continue
            colours = colours_of(segment.style)
            fg, bg = (reduced(c) for c in colours)
            if fg is None or bg is None:
                continue                  # the terminal's own default colour: readable
            close = fg == bg
            if no_color:                  # the greys the app asks for, before the terminal
                grey_fg, grey_bg = (c.get_truecolor() for c in colours)  # type: ignore[union-attr]
                close = close or abs(grey_fg.red - grey_bg.red) < MIN_GREY_STEP
            if close:
                faults.append(f"line {y}: {segment.text.strip()!r} in {segment.style}")
    return faults


def check_frame(app, mode: str) -> str:
    """Every check on the current frame; returns its text."""
    _, _, system_name = MODES[mode]
    assert app.console.color_system == system_name, "Textual chose another colour system"
    assert app.no_color == (mode == "no_color")
    assert app._exception is None
    lines, ansi = frame(app)
    assert len(lines) == SIZE[1]
    text = frame_text(lines)
    assert "Traceback" not in text and "Error" not in text.split("\n")[0]
    codes = ";".join(SGR.findall(ansi)).split(";")
    if system_name == "standard":
        # 16 colours: 30-37/40-47 and the bright 90-97/100-107 only, never 38;5 or 38;2
        assert "38" not in codes and "48" not in codes, "an extended colour code in 16 colours"
        assert {c for c in codes if c} & {*map(str, range(30, 38)), *map(str, range(90, 98))}
    else:
        assert re.search(r"\x1b\[[0-9;]*38;5;\d+", ansi), "no 256-colour code at all"
        assert not re.search(r"[34]8;2;", ansi), "a truecolor code on a 256-colour terminal"
    if mode == "no_color":
        for line in lines:
            for segment in line:
                for color in colours_of(segment.style or Style()):
                    if color is not None and not color.is_default:
                        rgb = color.get_truecolor()
                        assert rgb.red == rgb.green == rgb.blue, f"{segment.text!r} is coloured"
    faults = unreadable(lines, SYSTEMS[system_name], no_color=mode == "no_color")
    assert not faults, "unreadable in " + mode + ":\n" + "\n".join(faults[:10])
    return text


async def wait_for_text(pilot, *texts: str, limit: int = 200) -> str:
    """The screen's text, once every one of ``texts`` is on it (the footer and the
    dialogs fill in a moment after a screen appears)."""
    for _ in range(limit):
        text = frame_text(frame(pilot.app)[0])
        if all(t in text for t in texts):
            return text
        await pilot.pause(0.02)
    raise AssertionError(f"never on the screen: {texts}\n{text}")


async def reach_table(pilot, game: str) -> None:
    """From the title, start ``game`` and answer dialogs until the human plays a tile."""
    app = pilot.app
    await pilot.press("enter")
    for _ in range(60):
        await settle(pilot)
        screen = app.screen
        if type(screen).__name__ in DIALOG_SCREENS:
            await pilot.press("enter")
            continue
        assert isinstance(screen, GameScreen), f"unexpected screen {type(screen).__name__}"
        if screen.waiting_for_key:
            await pilot.press("space")
            continue
        if screen.session.is_human_turn() and screen.session.view().phase == "play":
            return
        raise AssertionError(f"{game}: stuck in phase {screen.session.view().phase}")
    raise AssertionError(f"{game}: the human never got to play a tile")


# -- the checks ------------------------------------------------------------------------

async def test_title_fits_80x24(tmp_path: Path, mode: str):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_text(pilot, "D O M I N O E S", "Play now")   # the footer's keys too
        text = check_frame(app, mode)
        for title in ("Three-Player Moon", "Texas 42", "Mexican Train"):
            assert title in text


@pytest.mark.parametrize("game", GAMES)
async def test_game_screens_fit_80x24(tmp_path: Path, mode: str, game: str):
    app = make_app(tmp_path, game=game, levels=EASY[game], seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        await wait_for_text(pilot, "Your")               # the bidding dialog, or the train hub
        check_frame(app, mode)
        await reach_table(pilot, game)
        await settle(pilot)
        await wait_for_text(pilot, "Your turn", "Help")
        text = check_frame(app, mode)
        hand = app.screen.session.view().hand
        assert len(hand) >= 1
        if game == "mexican_train":
            assert "Your hand" in text
        else:
            shown = text.replace(" ", "")
            for tile in hand:                              # every tile of the hand is drawn
                assert any(f"{tile.high}{bar}{tile.low}" in shown for bar in "│┃|"), tile
            assert "Your turn" in text


async def test_smaller_than_80x24_shows_the_notice_and_restores(tmp_path: Path, mode: str):
    app = make_app(tmp_path, game="mexican_train", levels=EASY["mexican_train"], seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        table = app.screen
        assert isinstance(table, GameScreen)
        before = table.session.game.state_key()
        for small in ((79, 24), (80, 23), (60, 20)):       # one column, one line, far too small
            await pilot.resize_terminal(*small)
            await pilot.pause()
            assert isinstance(app.screen, TooSmallScreen), small
            await wait_for_text(pilot, "Enlarge the terminal to at least 80×24",
                                f"It is {small[0]}×{small[1]} now")
            assert app.console.color_system == MODES[mode][2]
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        await settle(pilot)
        assert app.screen is table
        assert table.session.game.state_key() == before
        await wait_for_text(pilot, "Your hand")
        check_frame(app, mode)


def test_readability_check_catches_colours_that_merge_in_16_colours():
    """Two dark shades distinct in truecolor become one of the 16 colours: caught."""
    style = Style(color="#1a1a2e", bgcolor="#101018")
    assert style.color != style.bgcolor
    lines = [[Segment("Pass", style)]]
    assert unreadable(lines, ColorSystem.STANDARD, no_color=False)
    assert not unreadable(lines, ColorSystem.TRUECOLOR, no_color=False)
    grey = [[Segment("Pass", Style(color="#505050", bgcolor="#202020"))]]
    assert unreadable(grey, ColorSystem.TRUECOLOR, no_color=True)
    assert not unreadable([[Segment("Pass", Style(color="#e0e0e0", bgcolor="#202020"))]],
                          ColorSystem.TRUECOLOR, no_color=True)
