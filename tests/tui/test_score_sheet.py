"""The hand summaries, the score sheet and the game-over screen, through the app.

* 42's summary lists each team's tricks and count tiles, and points that are the
  record's hand_end points; Moon's says made or set and by how much; Mexican Train's
  lists the pips left with the double-blank as the setting counts it.
* The score sheet (``=`` on the table, the hub, a summary and the game over) has one
  row per hand_end / round_end line of the record, with its totals.
* The last hand's summary says "see the result"; the game over offers a new game
  (the setup), a rematch or the title, and ``q`` there goes back to the title.
* Player names are shown as plain text everywhere on these screens.
"""

from __future__ import annotations

import io
from types import SimpleNamespace
from typing import Any

from rich.console import Console
from textual.widgets import Static

from core.summaries import texas42_hand
from tests.tui_pilot import (
    DIALOG_SCREENS,
    game_screen,
    make_app,
    move_key,
    play_to_game_over,
    record_lines,
    settle,
)
from tui.screens.game_base import GameScreen
from tui.screens.score_sheet import ScoreSheetScreen
from tui.screens.setup import SetupScreen
from tui.screens.summary import GameOverScreen, HandSummaryScreen
from tui.screens.title import TitleScreen

SIZE = (80, 24)
EASY3 = ["human", "easy", "easy"]
EASY4 = ["human", "easy", "easy", "easy"]


def text_of(screen: Any, selector: str, width: int = 200) -> str:
    """The plain text a Static shows (Rich tables included), wide enough for a table row
    to stay on one line."""
    console = Console(width=width, file=io.StringIO(), color_system=None, record=True)
    console.print(screen.query_one(selector, Static).content)
    return console.export_text()


def screen_lines(app: Any) -> list[str]:
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    return ["".join(segment.text for strip in row for segment in strip) for row in update.strips]


async def to_summary(pilot: Any, max_steps: int = 2000) -> HandSummaryScreen:
    """Play the human seat with keys until a hand summary shows."""
    app = pilot.app
    for _ in range(max_steps):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, HandSummaryScreen):
            return screen
        if type(screen).__name__ in DIALOG_SCREENS:
            await pilot.press("enter")
        elif isinstance(screen, GameScreen):
            key = move_key(screen)
            if key is not None:
                await pilot.press(key)
        else:
            raise AssertionError(f"unexpected screen {type(screen).__name__}")
    raise AssertionError("no hand summary")


def team_rows(table: str) -> list[list[str]]:
    """The 42 summary table's rows, one list of lines per team (a team's line, then one
    line for each further count tile it won)."""
    rows: list[list[str]] = []
    for line in table.splitlines()[2:]:
        if not line.strip():
            continue
        if "&" in line:
            rows.append([line])
        elif rows:
            rows[-1].append(line)
    return rows


def hands_of(lines: list[dict]) -> list[list[dict]]:
    from core.narration import split_hands
    return [h for h in split_hands(lines) if any(l["event"] in ("hand_end", "round_end")
                                                  for l in h)]


# -- the hand summaries ------------------------------------------------------------------

async def test_42_summary_lists_count_tiles_and_sums_of_the_records_hand_end(tmp_path):
    app = make_app(tmp_path, game="texas42", options={"target": "marks:2"}, levels=EASY4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        checked = 0
        while True:
            summary = await to_summary(pilot)
            hand = hands_of(record_lines(tmp_path))[checked]
            end = next(l for l in hand if l["event"] == "hand_end")
            assert summary.record == end
            figures = texas42_hand(hand)
            table = text_of(summary, "#summary-table")
            rows = team_rows(table)
            assert len(rows) == 2
            for team, block in zip(figures.teams, rows):
                row = block[0]                      # the count tiles one a line below it
                assert team.points == end["points"][team.team]
                assert team.tricks == sum(1 for l in hand if l["event"] == "trick"
                                          and l["winner"] % 2 == team.team)
                shown = " | ".join(block)
                for tile, value in team.count:
                    assert f"{tile} {value}" in shown
                assert len(block) == max(1, len(team.count))
                if team.count_points:
                    assert f"{team.tricks}+{team.count_points}={team.points}" in row
                else:
                    assert f" {team.points} " in row and "none" in row
                assert row.split()[-1] == str(end["totals"][team.team])
            assert figures.bid_label in rows[figures.bid_team][0]
            assert "(bidders)" in rows[figures.bid_team][0]
            why = text_of(summary, "#summary-why")
            assert ("MADE" if end["made"] else "SET") in why
            hint = text_of(summary, "#dialog-hint")
            checked += 1
            if game_screen(app).session.game.is_over:
                assert "Enter or Space: see the result" in hint
                assert "next hand" not in hint
                assert "(the last)" in text_of(summary, "#dialog-title")
                await pilot.press("enter")
                await settle(pilot)
                assert isinstance(app.screen, GameOverScreen)
                break
            assert "Enter or Space: next hand" in hint
            await pilot.press("enter")
        assert checked >= 2


async def test_moon_summary_says_made_or_set_and_by_how_much(tmp_path):
    app = make_app(tmp_path, game="moon", options={"target": 7}, levels=EASY3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        summary = await to_summary(pilot)
        hand = hands_of(record_lines(tmp_path))[0]
        end = next(l for l in hand if l["event"] == "hand_end")
        need = 7 if end["bid"] == 21 else end["bid"]
        took = end["tricks"][end["bidder"]]
        why = text_of(summary, "#summary-why")
        if end["made"]:
            assert "MADE it" in why and f"{need} needed" in why
            if took > need and end["bid"] != 21:
                extra = took - need
                assert f"({extra} trick{'s' if extra > 1 else ''} over)" in why
        else:
            short = need - took
            assert f"SET by {short} trick{'s' if short > 1 else ''}" in why
        table = text_of(summary, "#summary-table")
        for p, name in enumerate(["You", "West", "East"]):
            row = next(line for line in table.splitlines() if line.strip().startswith(name))
            delta = end["delta"][p]
            assert row.split()[-3:] == [str(end["tricks"][p]),
                                        f"+{delta}" if delta > 0 else str(delta),
                                        str(end["scores"][p])]


def train_view(value: int) -> Any:
    return SimpleNamespace(options={"double_blank": value}, round_points=((0, 0),),
                           rounds=3, phase="play", player=0, hand_counts=(1, 1))


def train_lines(value: int) -> list[dict]:
    return [
        {"event": "round_start", "round": 1, "engine": "12-12", "first_player": 0},
        {"event": "deal", "hands": [["0-0", "6-1", "12-4"], ["5-5", "3-0"]],
         "boneyard": ["2-1"]},
        {"event": "play", "player": 0, "tile": "12-4", "train": 0},
        {"event": "draw", "player": 1, "tile": "2-1"},
        {"event": "play", "player": 1, "tile": "5-5", "train": "mexican"},
        {"event": "round_end", "out": None, "points": [value + 7, 6],
         "scores": [value + 7, 6]},
    ]


async def test_train_summary_pips_left_with_the_double_blank_setting(tmp_path):
    app = make_app(tmp_path, save_games=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for value in (50, 0):
            lines = train_lines(value)
            summary = HandSummaryScreen("mexican_train", lines[-1], train_view(value),
                                        names=["[b]Ann[/b]", "Bo"], lines=lines)
            app.push_screen(summary)
            await pilot.pause()
            why = text_of(summary, "#summary-why")
            assert f"the double-blank (0-0) counts {value}" in why
            table = text_of(summary, "#summary-table").splitlines()
            ann = next(line for line in table if line.startswith("[b]Ann[/b]"))
            assert ann.split()[1:5] == ["6-1", "0-0", "7", str(value + 7)]
            assert f"0-0 counts {value}" in ann
            bo = next(line for line in table if line.startswith("Bo"))
            assert bo.split()[1:5] == ["3-0", "2-1", "6", "6"] and "0-0" not in bo
            await pilot.press("enter")
            await pilot.pause()


async def test_train_round_summary_in_play_matches_the_round_end(tmp_path):
    app = make_app(tmp_path, game="mexican_train",
                   options={"players": 2, "rounds": 2, "double_blank": 0},
                   levels=["human", "easy"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        summary = await to_summary(pilot, 4000)
        end = next(l for l in record_lines(tmp_path) if l.get("event") == "round_end")
        assert "counts 0" in text_of(summary, "#summary-why")
        table = text_of(summary, "#summary-table").splitlines()
        for p, name in enumerate(["You", "Player 2"]):
            row = next(line for line in table if line.startswith(name + " "))
            cells = row[len(name):].split()
            numbers = [c for c in cells if c.isdigit()]
            assert numbers[-2:] == [str(end["points"][p]), str(end["scores"][p])]
        assert "next round" in text_of(summary, "#dialog-hint")


# -- the score sheet ---------------------------------------------------------------------

def sheet_rows(screen: ScoreSheetScreen) -> list[str]:
    return [line for line in text_of(screen, "#sheet-table").splitlines()
            if line.strip()[:1].isdigit()]


async def test_score_sheet_from_the_table_has_the_records_hands(tmp_path):
    app = make_app(tmp_path, game="moon", options={"target": 7}, levels=EASY3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        table = game_screen(app)
        await pilot.press("equals_sign")              # nothing scored yet
        await pilot.pause()
        if isinstance(app.screen, ScoreSheetScreen):
            assert "No hand has been scored yet." in text_of(app.screen, "#sheet-caption")
            await pilot.press("escape")
            await pilot.pause()
        summary = await to_summary(pilot)
        await pilot.press("equals_sign")              # from the summary
        await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, ScoreSheetScreen)
        ends = [l for l in record_lines(tmp_path) if l.get("event") == "hand_end"]
        rows = sheet_rows(sheet)
        assert len(rows) == len(sheet.sheet.rows) == len(ends) == 1
        names = ["You", "West", "East"]
        cells = rows[0].split()
        assert cells[1] == names[ends[0]["bidder"]]
        assert ("made" if ends[0]["made"] else "set") in cells
        for p in range(3):
            delta = ends[0]["delta"][p]
            assert f"{'+' if delta > 0 else ''}{delta} → {ends[0]['scores'][p]}" in rows[0]
        await pilot.press("q")                        # back to the summary, not out
        await pilot.pause()
        assert app.screen is summary
        await pilot.press("enter")
        seen = await play_to_game_over(pilot)
        assert seen.get("HandSummaryScreen", 0) >= 1
        over = app.screen
        lines = record_lines(tmp_path)
        ends = [l for l in lines if l.get("event") == "hand_end"]
        inline = [line for line in text_of(over, "#gameover-sheet").splitlines()
                  if line.strip()[:1].isdigit()]
        assert len(inline) == len(ends)
        await pilot.press("equals_sign")
        await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, ScoreSheetScreen)
        rows = sheet_rows(sheet)
        assert len(rows) == len(ends)
        for row, end in zip(rows, ends):
            assert row.split()[-1] == str(end["scores"][-1])
        assert tuple(lines[-1]["scores"]) == sheet.sheet.totals
        assert all(len(line) <= 80 for line in screen_lines(app))
        assert "Esc/q Close" in screen_lines(app)[-1]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is over
        assert table.is_attached


async def test_score_sheet_on_the_hub_per_round_pips_and_totals(tmp_path):
    app = make_app(tmp_path, game="mexican_train", options={"players": 3, "rounds": 2},
                   levels=["human", "easy", "easy"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await to_summary(pilot, 4000)
        await pilot.press("enter")                    # round 2 begins
        await settle(pilot)
        hub = game_screen(app)
        assert app.screen is hub
        await pilot.press("equals_sign")
        await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, ScoreSheetScreen)
        end = next(l for l in record_lines(tmp_path) if l.get("event") == "round_end")
        rows = sheet_rows(sheet)
        assert len(rows) == 1
        assert rows[0].split()[-3:] == [str(p) for p in end["points"]]
        total = next(line for line in text_of(sheet, "#sheet-table").splitlines()
                     if line.startswith("Total"))
        assert total.split()[1:] == [str(s) for s in end["scores"]]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is hub


async def test_score_sheet_names_are_plain_text_and_many_players_fit(tmp_path):
    app = make_app(tmp_path, save_games=False)
    app.preferences.settings.tile_style = "ascii"
    lines = [{"event": "round_start", "round": 1, "engine": "15-15", "first_player": 0},
             {"event": "round_end", "out": 3, "points": [100 + p for p in range(12)],
              "scores": [100 + p for p in range(12)]}]
    names = ["[red]Zed[/red]"] + [f"Player {i}" for i in range(2, 13)]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(ScoreSheetScreen("mexican_train", lines, names, {}))
        await pilot.pause()
        await pilot.pause()
        shown = screen_lines(app)
        assert any("1 [red]Zed[/red], 2 Player 2" in line for line in shown)
        row = next(line for line in shown if line.strip("|+ ").startswith("1  "))
        assert "111" in row and "100" in row           # all twelve columns in 80
        assert all(line.isascii() for line in shown)
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, ScoreSheetScreen)
        end = {"event": "hand_end", "bidder": 1, "bid": 5, "tricks": [1, 5, 1], "made": True,
               "delta": [1, 5, 1], "scores": [1, 5, 1]}
        hostile = ["[b]You[/b]", "[link=x]West[/link]", "East"]
        app.push_screen(ScoreSheetScreen("moon", [end], hostile, {}))
        await pilot.pause()
        await pilot.pause()
        shown = "\n".join(screen_lines(app))
        assert "[b]You[/b]" in shown and "[link=x]West[/link]" in shown   # heading and bidder
        assert shown.count("[link=x]West[/link]") == 2


# -- the game over -----------------------------------------------------------------------

async def game_over(tmp_path, pilot) -> GameOverScreen:
    await pilot.press("enter")
    await play_to_game_over(pilot)
    assert isinstance(pilot.app.screen, GameOverScreen)
    return pilot.app.screen


async def test_game_over_q_goes_to_the_title_and_the_app_runs_on(tmp_path):
    app = make_app(tmp_path, game="texas42", options={"target": "marks:1"}, levels=EASY4)
    async with app.run_test(size=SIZE) as pilot:
        over = await game_over(tmp_path, pilot)
        footer = screen_lines(app)[-1]
        for entry in ("n New game", "r Rematch", "t/q Title", "= Score sheet"):
            assert entry in footer
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        assert app.is_running and app.return_code is None
        assert not over.is_attached
        await pilot.press("e")                        # the title still answers keys
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


async def test_game_over_n_sets_up_a_new_game_r_rematches_t_title(tmp_path):
    app = make_app(tmp_path, game="moon", options={"target": 7}, levels=EASY3)
    async with app.run_test(size=SIZE) as pilot:
        first = game_screen(app) if False else None
        await game_over(tmp_path, pilot)
        first = game_screen(app)
        await pilot.press("r")                        # the same setup, a new game
        await settle(pilot)
        second = game_screen(app)
        assert second is not first and not second.session.game.is_over
        assert second.session.game.name == "moon" and second.session.game.options["target"] == 7
        await play_to_game_over(pilot)
        await pilot.press("n")                        # a new game: its setup first
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen) and app.screen.game_name == "moon"
        assert isinstance(app.screen_stack[-2], TitleScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("enter")
        await play_to_game_over(pilot)
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen) and app.is_running
