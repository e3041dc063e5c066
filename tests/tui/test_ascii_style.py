"""The ASCII tile style: nothing outside printable ASCII anywhere on screen.

The style is for terminals without Unicode, so in it every cell of every screen --
borders, rules, separators, scroll bars, drop-down arrows, footers, notifications,
text -- must be printable ASCII (0x20-0x7E). These tests open the app in that style
at 80x24 and visit every screen: the title and what it opens (setup, settings and a
drop-down, statistics, saved games, help, the unfinished-game question, the guided
hand from its offer to its end), a whole game of each of the three games (the trick
table and the hub, the bid / widow / trump dialogs, hint, log, hand review, last
trick, stacks, the hand summary, the score sheet, game over), the replay viewer of
the finished record, a notification and the too-small notice. Each screen's text is
read cell by cell as the compositor renders it (what a screenshot shows), and a
failure names the screen, the characters and the rows they are on.

Switching the style in the settings must switch back and forth: the default style's
borders and scroll bars come back.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from textual.scrollbar import ScrollBarRender
from textual.widgets import Select

from tests.tui_pilot import game_screen, make_app, settle
from tui.screens.game_base import GameScreen, QuitUnsavedDialog
from tui.screens.hint import HintScreen, compute_hint

SIZE = (80, 24)
SCREEN_DIALOGS = {"BiddingDialog", "WidowDialog", "TrumpDialog"}
GAMES = {
    "moon": ({"target": 7}, ["human", "easy", "easy"]),
    "texas42": ({"target": "marks:2"}, ["human", "easy", "easy", "easy"]),
    "mexican_train": ({"players": 3, "set": 9, "rounds": 2}, ["human", "easy", "easy"]),
}


# -- reading the screen --------------------------------------------------------------------

def screen_rows(app: Any) -> list[str]:
    """The whole screen as text, one string per row, as the compositor renders it for the
    terminal and for screenshots (the screens under a dialog included)."""
    update = app.screen._compositor.render_update(full=True,
                                                  screen_stack=app._background_screens)
    return ["".join(segment.text for strip in row for segment in strip)
            for row in update.strips]


def not_ascii(rows: list[str]) -> dict[str, list[tuple[int, int]]]:
    """Every character outside printable ASCII, with the (column, row) cells it is in."""
    found: dict[str, list[tuple[int, int]]] = {}
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            if not " " <= char <= "~":
                found.setdefault(char, []).append((x, y))
    return found


def describe(where: str, rows: list[str], found: dict[str, list[tuple[int, int]]]) -> str:
    chars = ", ".join(f"{char!r} U+{ord(char):04X} x{len(cells)} at {cells[0]}"
                      for char, cells in found.items())
    ys = sorted({y for cells in found.values() for _, y in cells})
    shown = "\n".join(f"    {y:2}|{rows[y].rstrip()}" for y in ys[:6])
    return f"{where}: {chars}\n{shown}"


class Survey:
    """Looks at screens one after another and keeps what is not ASCII, screen by screen."""

    def __init__(self, pilot: Any) -> None:
        self.pilot = pilot
        self.app = pilot.app
        self.seen: list[str] = []
        self.faults: dict[tuple[str, str], str] = {}

    async def look(self, where: str) -> None:
        """Let the screen settle, then read it (``where`` names it in a failure)."""
        await settle(self.pilot)
        await self.pilot.pause(0.06)            # the screen-switch delay, then a layout
        await self.pilot.pause()
        name = f"{where} [{type(self.app.screen).__name__}]"
        self.seen.append(name)
        rows = screen_rows(self.app)
        found = not_ascii(rows)
        for _ in range(100 if self.app.tile_style == "ascii" else 0):
            if not found:               # a footer recomposes after a refresh, which on a
                break                   # loaded machine can come a few frames later
            await self.pilot.pause(0.01)
            rows = screen_rows(self.app)
            found = not_ascii(rows)
        if found:
            key = (name, "".join(sorted(found)))
            self.faults.setdefault(key, describe(name, rows, found))

    def check(self, *must_see: str) -> None:
        for wanted in must_see:
            assert any(wanted in name for name in self.seen), \
                f"never reached {wanted}; saw {self.seen}"
        assert not self.faults, ("not ASCII in the ASCII style:\n"
                                 + "\n".join(self.faults.values()))

    async def press(self, *keys: str) -> None:
        await self.pilot.press(*keys)
        await settle(self.pilot)


def ascii_app(tmp_path: Path, **kwargs: Any) -> Any:
    app = make_app(tmp_path, **kwargs)
    app.preferences.settings.tile_style = "ascii"
    app.preferences.settings.expert_time = "quick"
    return app


def has_binding(app: Any, action: str) -> str | None:
    """The key of the active screen's binding for ``action`` (None if it has none)."""
    for key, active in app.screen.active_bindings.items():
        if active.binding.action == action and active.enabled:
            return key
    return None


async def back_to(survey: Survey, screen: Any, key: str = "escape") -> None:
    for _ in range(5):
        if survey.app.screen is screen:
            return
        await survey.press(key)
    assert survey.app.screen is screen, f"did not get back to {screen}: {survey.seen[-3:]}"


# -- the title and what it opens --------------------------------------------------------------

async def test_title_setup_settings_help_saves_and_too_small_are_ascii(tmp_path):
    app = ascii_app(tmp_path, game="moon", options={"target": 7})
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        survey = Survey(pilot)
        await survey.look("title")
        title = app.screen
        for key, where in (("e", "setup"), ("question_mark", "help"), ("t", "statistics"),
                           ("g", "saved games (none)")):
            await survey.press(key)
            await survey.look(where)
            if where == "help":
                await survey.press("end")
                await survey.look("help, scrolled")
            await back_to(survey, title, "escape" if key != "question_mark" else "q")
        await survey.press("s")
        await survey.look("settings")
        app.screen.query_one("#set-tile_style", Select).focus()
        await survey.press("enter")                       # the drop-down open
        await survey.look("settings, a drop-down open")
        await survey.press("escape")
        await back_to(survey, title, "q")
        app.notify("A notification: saved games moved aside.")
        await survey.look("title with a notification")
        app.clear_notifications()

        await survey.press("enter")                        # a game, left unfinished
        table = game_screen(app)
        await survey.look("moon table")
        thinking = threading.Event()

        def slow_hint(*args: Any) -> Any:                 # the expert thinks until told
            thinking.wait(10)
            return compute_hint(*args)

        app.animation_level = "full"                      # the spinner's dots, not "Loading..."
        app.push_screen(HintScreen.for_session(table.session, {"budget_s": 0.05},
                                               compute=slow_hint))
        await survey.look("hint, the expert thinking")
        assert app.screen.query_one("#hint-spinner").display
        thinking.set()
        await app.workers.wait_for_complete()
        await back_to(survey, table, "escape")
        table.workers.cancel_group(table, "bots")     # left as q leaves it, the app kept
        table.session.close()
        while app.screen is not title:
            await app.pop_screen()
        app.refresh_saves()
        title.saves_changed()
        await survey.look("title offering to resume")
        await survey.press("g")
        await survey.look("saved games (unfinished)")
        await back_to(survey, title, "q")
        await survey.press("enter")                        # the unfinished-game question
        await survey.look("unfinished game question")
        await back_to(survey, title, "c")

        app.push_screen(QuitUnsavedDialog("The disk is full: the game is not being saved.",
                                          3, None))
        await survey.look("quit unsaved question")
        await back_to(survey, title, "n")

        await pilot.resize_terminal(60, 20)
        await survey.look("too small (60x20)")
        await pilot.resize_terminal(*SIZE)
        await survey.look("title again")
    survey.check("setup", "help, scrolled", "statistics", "drop-down", "notification", "thinking",
                 "resume", "unfinished game question", "too small")


# -- the guided hand ------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["moon", "texas42", "mexican_train"])
async def test_guided_hand_from_offer_to_end_is_ascii(tmp_path, game):
    app = ascii_app(tmp_path, game=game, offer_walkthroughs=True, save_games=False)
    async with app.run_test(size=SIZE) as pilot:
        survey = Survey(pilot)
        await survey.press("enter")
        await survey.look("guided hand offer")
        await survey.press("g")
        await survey.look("guided hand intro")
        await survey.press("enter")
        toggled = False
        for step in range(200):
            await survey.look(f"guided hand step {step}")
            name = type(app.screen).__name__
            if name == "WalkthroughDone":
                break
            if name in SCREEN_DIALOGS | {"HandSummaryScreen"}:
                await survey.press("enter")
            elif isinstance(app.screen, GameScreen):
                screen = app.screen
                if screen.waiting_for_key:
                    await survey.press("space")
                elif step >= 1 and not toggled:
                    toggled = True
                    await survey.press("e")                    # the scores instead of the guide
                    await survey.look("guided hand, scores shown")
                    await survey.press("e")
                else:
                    await survey.press("a")
                    if app.screen is screen and not screen.session.is_bot_turn():
                        await survey.press("b" if screen.session.view().phase != "play"
                                           else "enter")
            else:
                await survey.press("enter")
        await survey.look("guided hand done")
    survey.check("offer", "intro", "scores shown", "WalkthroughDone")


# -- a whole game of each ----------------------------------------------------------------------

async def visit_aids(survey: Survey, game: str, visited: set[str]) -> None:
    """At the human's turn: the hint, the log (and its hand review), the last trick, the
    stacks -- each once, when it has something to show."""
    app = survey.app
    screen = app.screen
    view = screen.session.view()
    tricks = len(getattr(view, "tricks", ()) or ())
    wanted = [("h", "hint"), ("g", "log")]
    if game != "mexican_train" and tricks:
        wanted += [("l", "last trick"), ("t", "stacks")]
    if game == "mexican_train":
        wanted += [("right_square_bracket", "trains scrolled")]
    for key, what in wanted:
        if what in visited or (what == "hint" and not screen.session.is_human_turn()):
            continue
        if what == "log" and not tricks and game != "mexican_train":
            continue
        visited.add(what)
        await survey.press(key)
        if what == "hint":
            for _ in range(100):                        # the hint samples deals first
                await app.workers.wait_for_complete()
                await survey.pilot.pause(0.05)
                if not app.screen.query("#hint-thinking") or \
                        not app.screen.query_one("#hint-thinking").display:
                    break
        await survey.look(f"{game} {what}")
        if what == "log" and has_binding(app, "review"):
            await survey.press("v")
            await survey.look(f"{game} log, hand review")
            await back_to(survey, app.screen_stack[-2], "v")
        if what in ("last trick", "trains scrolled"):
            await survey.press("l" if what == "last trick" else "left_square_bracket")
        await back_to(survey, screen, "escape")


async def visit_summary(survey: Survey, game: str, final: bool) -> None:
    app = survey.app
    summary = app.screen
    where = f"{game} {'game over' if final else 'hand summary'}"
    await survey.look(where)
    if has_binding(app, "review"):
        await survey.press("v")
        await survey.look(f"{where}, hand review")
        await survey.press("pagedown")
        await survey.look(f"{where}, hand review scrolled")
        await back_to(survey, summary, "v")
    sheet = has_binding(app, "score_sheet")
    if sheet:
        await survey.press(sheet)
        await survey.look(f"{where}, score sheet")
        await back_to(survey, summary, "escape")


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_whole_game_then_statistics_saves_and_replay_are_ascii(tmp_path, game):
    options, levels = GAMES[game]
    app = ascii_app(tmp_path, game=game, options=options, levels=levels)
    async with app.run_test(size=SIZE) as pilot:
        survey = Survey(pilot)
        await survey.press("enter")
        visited: set[str] = set()
        summaries = 0
        for step in range(3000):
            await settle(pilot)
            screen = app.screen
            name = type(screen).__name__
            if name == "GameOverScreen":
                await visit_summary(survey, game, final=True)
                break
            if name == "HandSummaryScreen":
                if summaries < 2:
                    await visit_summary(survey, game, final=False)
                summaries += 1
                await survey.press("enter")
            elif name in SCREEN_DIALOGS:
                if name not in visited:
                    visited.add(name)
                    await survey.look(f"{game} {name}")
                    if "dialog hint" not in visited:
                        visited.add("dialog hint")
                        await survey.press("h")                   # the dialog's hint
                        await app.workers.wait_for_complete()
                        await survey.look(f"{game} {name} hint")
                        await back_to(survey, screen, "escape")
                if name == "BiddingDialog" and "bid high" not in visited:
                    visited.add("bid high")               # the widow and trumps follow
                    await survey.press("m")
                await survey.press("enter")
            elif isinstance(screen, GameScreen):
                session = screen.session
                if screen.waiting_for_key:
                    await survey.press("space")
                elif session.is_human_turn():
                    view = session.view()
                    if view.phase == "play" or game == "mexican_train":
                        if step % 7 == 0 or "table" not in visited:
                            visited.add("table")
                            await survey.look(f"{game} table, {view.phase}")
                        await visit_aids(survey, game, visited)
                    if game == "mexican_train":
                        active = screen.active_bindings
                        await survey.press("d" if "d" in active else "p" if "p" in active
                                           else "enter")
                    else:
                        await survey.press("enter" if view.phase == "play" else "b")
                else:
                    raise AssertionError(f"stuck on {name}")
            else:
                raise AssertionError(f"unexpected screen {name}")
        else:
            raise AssertionError("the game did not end")
        await survey.press("t")                                 # back to the title
        await survey.look("title after the game")
        title = app.screen
        await survey.press("t")
        for page in "1234":
            await survey.press(page)
            await survey.look(f"statistics page {page}")
        await back_to(survey, title, "q")
        await survey.press("g")
        await survey.look("saved games (the finished game)")
        await survey.press("enter")                             # watch it
        await survey.look(f"{game} replay")
        for key in ("right", "right", "down", "n", "end"):
            await survey.press(key)
            await survey.look(f"{game} replay after {key}")
    wanted = [f"{game} table", "hint", "log", "hand summary", "game over", "statistics page 4",
              "saved games", "replay after end"]
    if game != "mexican_train":
        wanted += ["last trick", "BiddingDialog", "TrumpDialog"]
    if game == "texas42":
        wanted += ["stacks"]
    if game == "moon":
        wanted += ["WidowDialog"]
    survey.check(*wanted)


# -- switching the style back and forth ----------------------------------------------------------

async def test_switching_the_style_in_the_settings_switches_borders_and_scroll_bars(tmp_path):
    """Numerals -> ASCII -> numerals in the settings (on the settings screen itself, a
    scrolling one): the box-drawing borders and the block scroll bars go and come back."""
    app = make_app(tmp_path, save_games=False)
    async with app.run_test(size=SIZE) as pilot:
        survey = Survey(pilot)
        await survey.press("s")
        select = app.screen.query_one("#set-tile_style", Select)

        def bars() -> list[type]:
            return [widget.vertical_scrollbar.renderer for widget in app.screen.walk_children()
                    if widget.show_vertical_scrollbar]

        def box_drawing() -> bool:
            return any("\u2500" <= char <= "\u259f" for row in screen_rows(app) for char in row)

        await survey.look("settings, numerals")
        assert box_drawing()
        assert bars() and all(renderer is ScrollBarRender for renderer in bars())
        for style in ("ascii", "numerals", "ascii"):
            select.value = style
            await survey.look(f"settings, switched to {style}")
            assert app.tile_style == style and app.has_class("-ascii") == (style == "ascii")
            if style == "ascii":
                rows = screen_rows(app)
                assert not not_ascii(rows), describe("settings in ascii", rows,
                                                     not_ascii(rows))
                assert all(renderer is not ScrollBarRender for renderer in bars())
            else:
                assert box_drawing()
                assert all(renderer is ScrollBarRender for renderer in bars())
        select.focus()
        await survey.press("enter")                     # its drop-down, in ASCII now
        await survey.look("settings, the tile styles open")
        rows = screen_rows(app)
        assert "numerals  |6|4|" in "\n".join(rows)
        assert not not_ascii(rows), describe("drop-down in ascii", rows, not_ascii(rows))
        await survey.press("escape")
        await survey.press("q")
        await survey.look("title, ascii")
        rows = screen_rows(app)
        assert not not_ascii(rows), describe("title after switching", rows, not_ascii(rows))
        app.preferences.settings.tile_style = "numerals"
        app.apply_settings()
        await survey.look("title, numerals")
        assert box_drawing()


async def test_switching_the_style_under_a_game_switches_the_table(tmp_path):
    """A game in the default style, the style switched in its settings: the table under
    them is ASCII once they close, and box drawing again after switching back."""
    app = make_app(tmp_path, game="texas42", save_games=False,
                   levels=["human", "easy", "easy", "easy"])
    async with app.run_test(size=SIZE) as pilot:
        survey = Survey(pilot)
        await survey.press("enter")
        for _ in range(20):                                 # to the table, dialogs closed
            if isinstance(app.screen, GameScreen):
                break
            await survey.press("p" if type(app.screen).__name__ == "BiddingDialog" else "enter")
        table = game_screen(app)
        await back_to(survey, table, "t")
        for style, box in (("ascii", False), ("numerals", True), ("ascii", False)):
            await survey.press("s")
            app.screen.query_one("#set-tile_style", Select).value = style
            await survey.press("q")
            await survey.look(f"table, switched to {style}")
            for _ in range(200):            # the footer recomposes after a refresh: on a
                rows = screen_rows(app)     # loaded machine that can come a frame later
                found = not_ascii(rows)
                if app.screen is table and bool(found) == box:
                    break
                await pilot.pause(0.01)
            assert bool(found) == box, describe(f"table in {style}", rows, found)


# -- the helper every screen's text goes through ------------------------------------------------

def test_as_shown_puts_text_groups_and_tables_in_ascii_and_keeps_styles():
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from tui.keys import as_shown, ascii_text

    class Look:
        tile_style = "ascii"

    assert ascii_text("Texas 42 · hand 3 — ←→ or 1-9, ¼× ❚❚ paused…") == \
        "Texas 42 - hand 3 - <- -> or 1-9, 1/4x || paused..."
    assert ascii_text("José ☃\nnext") == "Jos? ?\nnext"
    text = Text("You · 12")
    text.stylize("bold", 0, 3)
    text.append(" ▶ led", style="italic")
    shown = as_shown(Look(), text)
    assert shown.plain == "You - 12 > led"
    assert [(s.start, s.end, s.style) for s in shown.spans] == [(0, 3, "bold"),
                                                                 (8, 14, "italic")]
    table = Table("Who", "Tiles", title="Tricks (▶ led)")
    table.add_row("▶ You", Text("6-4 · 5-5", style="bold"))
    group = as_shown(Look(), Group(Text("Round 1 · engine 12"), table))
    head, shown_table = group.renderables
    assert head.plain == "Round 1 - engine 12" and shown_table.title == "Tricks (> led)"
    cells = [cell for column in shown_table.columns for cell in column.cells]
    assert cells[0] == "> You" and cells[1].plain == "6-4 - 5-5"

    class Default:
        tile_style = "numerals"

    assert as_shown(Default(), text) is text and as_shown(Default(), "a · b") == "a · b"


# -- shared tables and the house rules' dialogs ------------------------------------------------

async def test_shared_tables_their_settings_and_the_widow_choice_are_ascii(tmp_path, monkeypatch):
    from tests.tui_pilot import table_server
    from tui.play.tables.client import TableClient
    from tui.screens.widow import WidowChoiceDialog
    async with table_server(tmp_path, monkeypatch) as server:
        bob = await TableClient.connect(server.path, player="bob", name="Bob")
        bob.send("open", game="moon", name="elm-moon",
                 seats=[{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "level": "easy"}])
        await bob.expect("joined")
        app = ascii_app(tmp_path / "app")
        async with app.run_test(size=SIZE) as pilot:
            survey = Survey(pilot)
            title = app.screen
            await survey.press("j")
            for _ in range(100):
                if getattr(app.screen, "tables", None):
                    break
                await pilot.pause(0.02)
            await survey.look("the list of tables")
            await back_to(survey, title, "q")
            await survey.press("o")
            await survey.look("open a table")
            await survey.press("e")
            await survey.look("the table's settings")
            await survey.press("escape")
            await survey.press("enter")
            for _ in range(100):
                if type(app.screen).__name__ == "WaitingRoomScreen":
                    break
                await pilot.pause(0.02)
            await survey.look("the waiting room")
            from core.commands import Bid
            from core.moon.engine import MoonGame
            game = MoonGame(seed=3, options={"widow": "optional"})
            game.start()
            for bid in (5, None, None):
                game.apply(Bid(game.current_player, bid))
            app.push_screen(WidowChoiceDialog(game.view(game.current_player),
                                              game.legal_actions()))
            await survey.look("the widow choice")
        await bob.close()
    survey.check("list of tables", "open a table", "table's settings", "waiting room",
                 "widow choice")
