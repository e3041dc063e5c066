"""The screens read cleanly: no words running together, no key cut off, ASCII when asked.

* The trick table's caption ("Trick 3") and the seats' words ("North", "East ◆ 2 marks",
  "sits out (Nel-O)") keep a blank cell between them and are not cut, at every table
  size a terminal of 80 columns or more gives (Moon's three seats, 42's four).
* Every footer names each working key as "key label", entries two spaces apart (one,
  or a second row, only when they would not fit otherwise), all inside 80 columns.
* In the ASCII tile style the footers, the status line and the dialogs' hints are ASCII.
* The hub's header and train rows keep their spaces; every flag starts under "Flags".
* Screenshots keep their spaces in every SVG renderer (librsvg drops those that begin
  a ``<text>`` unless told ``xml:space="preserve"``).
"""

from __future__ import annotations

import html
import json
import re
from typing import Any, Callable

import pytest
from textual.widgets._footer import FooterKey

from core.commands import Bid, Play
from core.records import parse_record
from core.registry import game_class
from core.simulate import simulate
from core.tiles import Tile
from tests.tui_pilot import game_screen, make_app, settle
from tui.app import keep_svg_spaces
from tui.keys import ascii_keys, key_display
from tui.play.session import GameSession, default_seats
from tui.screens.game_base import GameScreen
from tui.screens.replay import replay_screen
from tui.screens.walkthrough import WalkthroughIntro, start_walkthrough
from tui.widgets.canvas import Canvas
from tui.widgets.keys_footer import KeysFooter, plan_rows
from tui.widgets.status_line import StatusLine
from tui.widgets.train_line import TrainLine, column_titles
from tui.widgets.trick_area import MAX_TABLE_HEIGHT, MAX_TABLE_WIDTH, SeatPlace, TrickScene, draw_table

SIZE = (80, 24)


# -- helpers ------------------------------------------------------------------------------

def screen_lines(app) -> list[str]:
    """The whole screen as text, one string per row (what a terminal shows)."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    return ["".join(segment.text for strip in row for segment in strip) for row in update.strips]


def drive(name: str, seed: int, until: Callable[[Any], bool], options: dict | None = None,
          human_bids_high: bool = False) -> Any:
    """Play a fixed policy on the core until ``until(game)``: the last legal tile, a middle
    bid (seat 0 bids high when ``human_bids_high``, the others pass), else the first choice."""
    game = game_class(name)(options=options or {}, seed=seed)
    game.start()
    for _ in range(5000):
        if until(game):
            return game
        legal = game.legal_actions()
        plays = [c for c in legal if isinstance(c, Play)]
        bids = [c for c in legal if isinstance(c, Bid)]
        if plays:
            command = plays[-1]
        elif bids and human_bids_high:
            real = [c for c in bids if c.bid is not None and not c.plunge]
            command = (real[min(len(real) - 1, 2)] if game.current_player == 0 and real
                       else next((c for c in bids if c.bid is None), bids[0]))
        elif bids:
            command = bids[len(bids) // 2]
        else:
            command = legal[0]
        game.apply(command)
    raise AssertionError("never reached")


def human_to(phase: str, tricks: int = 0) -> Callable[[Any], bool]:
    def check(game: Any) -> bool:
        view = game.view(0)
        return (game.current_player == 0 and game.phase == phase
                and len(getattr(view, "tricks", ())) >= tricks
                and (phase != "play" or tricks == 0 or bool(view.current_trick)))
    return check


def table_app(tmp_path, game: Any, style: str = "numerals", **kwargs: Any):
    """An app showing ``game``'s table (standard bots, instant) once its run starts."""
    app = make_app(tmp_path, save_games=False, **kwargs)
    app.preferences.settings.tile_style = style
    session = GameSession(game, default_seats(game.num_players, level="easy"))
    return app, session


async def show_table(pilot, app, session) -> GameScreen:
    from tui.app import screen_for
    await pilot.pause()
    app.push_screen(screen_for(session))
    await settle(pilot)
    return game_screen(app)


async def check_footer(pilot, app) -> list[str]:
    """Every key the active screen's footer must show is there, inside the screen, reading
    "key label"; entries are the plan's gap apart (one space only when two would not fit).
    Returns the footer's rows as the screen shows them. Waits for the footer's layout
    first (polled: a busy machine lays it out late)."""
    for _ in range(250):
        keys = app.screen.query(FooterKey)
        if keys and all(k.region.height == 1 for k in keys):
            break
        await pilot.pause(0.02)
    footer = app.screen.query_one(KeysFooter)
    lines = screen_lines(app)
    width = app.size.width
    wanted = [(e.display, e.binding.description) for e in footer.entries()]
    keys = sorted(footer.query(FooterKey), key=lambda k: (k.region.y, k.region.x))
    assert sorted((k.key_display, k.description) for k in keys) == sorted(wanted)
    for key in keys:
        region = key.region
        assert 0 <= region.x and region.right <= width and region.height == 1, key
        assert lines[region.y][region.x:region.right] == f"{key.key_display} {key.description}"
    for before, after in zip(keys, keys[1:]):
        if before.region.y == after.region.y:
            assert after.region.x - before.region.right == footer.plan.gap >= 1
    widths = [len(d) + 1 + len(label) for d, label in wanted]
    if footer.plan.gap == 1 or len(footer.plan.rows) > 1:       # only when two spaces overflow
        assert sum(widths) + 2 * (len(widths) - 1) > width
    rows = sorted({k.region.y for k in keys})
    return [lines[y].rstrip() for y in rows]


# -- 1. the trick table's words never touch -----------------------------------------------

def words_are_whole_and_apart(canvas: Canvas, texts: list[str]) -> None:
    """Each text is on the canvas, whole, with a blank cell (or the edge) on each side."""
    rows = ["".join(chars) for chars in canvas.chars]
    for text in texts:
        found = [(y, row.find(text)) for y, row in enumerate(rows) if text in row]
        assert found, f"{text!r} is cut or missing:\n" + "\n".join(rows)
        for y, x in found:
            row = rows[y]
            assert x == 0 or row[x - 1] == " ", f"{text!r} touches the left:\n{row}"
            end = x + len(text)
            assert end == len(row) or row[end] == " ", f"{text!r} touches the right:\n{row}"


SEATS_42 = (SeatPlace("You", "", None, "▶ your turn", True),
            SeatPlace("West", "", Tile(6, 4), "▶ led"),
            SeatPlace("North", "◆ 2 marks", Tile(5, 5)),
            SeatPlace("East", "", None, "sits out (Nel-O)"))
SEATS_MOON = (SeatPlace("You", "◆ 21", None, "▶ your turn", True),
              SeatPlace("West", "", Tile(1, 1), "▶ led"),
              SeatPlace("East", "◆ shoot the moon", Tile(4, 3)))


@pytest.mark.parametrize("style", ["numerals", "pips", "ascii"])
@pytest.mark.parametrize("seats", [SEATS_42, SEATS_MOON], ids=["texas42", "moon"])
def test_trick_caption_and_seat_words_keep_a_space_at_every_table_size(style, seats):
    """80 columns leave the table 48 cells (80 - scoreboard 30 - padding 2); from 64 it
    stops growing. Every size in between, in every tile style, with captions as long as
    they come (a won trick with its points, follow-me trumps)."""
    scene = TrickScene(seats, ("North won it (+10)", "Trumps: follow-me"), "Trick 7")
    for width in range(48, MAX_TABLE_WIDTH + 1):
        for height in range(12, MAX_TABLE_HEIGHT + 1):
            canvas = Canvas(width, height)
            draw_table(canvas, scene, style)
            texts = ["Trick 7", *(s.name + (" " + s.detail if s.detail else "") for s in seats),
                     *(s.flag for s in seats if s.flag)]
            words_are_whole_and_apart(canvas, texts)
            top = "".join(canvas.chars[0])
            assert top.startswith("Trick 7 " if len(seats) == 4 else " ")


async def test_trick_table_caption_and_north_apart_from_80_columns_up(tmp_path):
    """On the real screen: "Trick 3" and "North" never touch, "East ◆ 2 marks" is whole,
    and the footer follows every new width."""
    game = drive("texas42", 12, human_to("play", 2))
    app, session = table_app(tmp_path, game)
    async with app.run_test(size=SIZE) as pilot:
        await show_table(pilot, app, session)
        for width, height in [(80, 24), (81, 24), (90, 24), (99, 26), (100, 30), (120, 36),
                              (160, 48), (200, 60)]:
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            lines = screen_lines(app)
            row = next(line for line in lines if "Trick 3" in line)
            assert re.search(r"Trick 3 +North", row), row
            assert any("East ◆ 2 marks" in line for line in lines)
            await pilot.pause()
            footer = " ".join(await check_footer(pilot, app))
            for entry in ("⏎ Play", "1-9 Tile", "? Help", "s Settings", "q Quit", "u Undo",
                          "h Hint", "g Log", "l Last trick", "t Stacks"):
                assert entry in footer, (width, footer)


# -- 2 and 3. footers: "key label", two spaces apart, inside the screen, ASCII when asked ----

def entries(footer: list[str]) -> list[str]:
    """The footer's "key label" entries, row by row (one or two spaces apart): two words
    each, but for the three-word "l Last trick" and "<- ->/1-9 Tile"."""
    out: list[str] = []
    for row in footer:
        words = row.split()
        while words:
            size = 3 if words[:2] == ["l", "Last"] or words[0] == "<-" else 2
            out.append(" ".join(words[:size]))
            words = words[size:]
    return out


def assert_ascii(lines: list[str]) -> None:
    for line in lines:
        assert line.isascii(), f"not ASCII: {line!r}"


def test_footer_plan_uses_two_spaces_then_one_then_a_second_row():
    assert plan_rows([10, 10, 10], 34) == (2, ((0, 1, 2),))
    assert plan_rows([10, 10, 10], 33) == (1, ((0, 1, 2),))
    assert plan_rows([10, 10, 10], 31) == (2, ((0, 1), (2,)))
    assert plan_rows([10, 10, 10], 33, tight_first=False) == (2, ((0, 1), (2,)))


def test_key_names_are_capitalised_and_ascii_in_the_ascii_style():
    assert key_display("⏎/space") == "⏎/Space"
    assert key_display("⏎/space", ascii_only=True) == "Enter/Space"
    assert key_display("←→/1-9", ascii_only=True) == "<- ->/1-9"
    assert key_display("esc") == "Esc"
    assert ascii_keys("choose a tile (← → or 1-9); ↑↓ move") == \
        "choose a tile (<- -> or 1-9); Up/Down move"
    assert ascii_keys("←↑↓→ or type a bid") == "arrows or type a bid"


@pytest.mark.parametrize("style", ["numerals", "ascii"])
async def test_table_footers_read_key_label_two_spaces_apart(tmp_path, style):
    """42 (the most keys) and the hub at a play: the exact footer; then after an undo
    (redo joins in) every key still shows inside 80 columns."""
    game = drive("texas42", 12, human_to("play", 2))
    app, session = table_app(tmp_path, game, style)
    async with app.run_test(size=SIZE) as pilot:
        screen = await show_table(pilot, app, session)
        footer = await check_footer(pilot, app)
        enter = "Enter" if style == "ascii" else "⏎"
        assert entries(footer) == [f"{enter} Play", "1-9 Tile", "? Help", "s Settings",
                                   "q Quit", "u Undo", "h Hint", "g Log", "= Scores",
                                   "l Last trick", "t Stacks"]
        status = str(screen.query_one(StatusLine).render())
        arrows = "<- ->" if style == "ascii" else "← →"
        assert status == f"Your turn: choose a tile ({arrows} or 1-9), Enter plays it."
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        assert screen.session.can_redo()
        footer = await check_footer(pilot, app)
        assert "r Redo" in " ".join(footer)
        if style == "ascii":
            assert_ascii(footer + [str(screen.query_one(StatusLine).render())])


@pytest.mark.parametrize("style", ["numerals", "ascii"])
async def test_hub_footer_and_hints(tmp_path, style):
    game = drive("mexican_train", 7, human_to("play"), {"players": 4, "rounds": 2})
    app, session = table_app(tmp_path, game, style)
    async with app.run_test(size=SIZE) as pilot:
        screen = await show_table(pilot, app, session)
        footer = await check_footer(pilot, app)
        if style == "ascii":
            assert entries(footer) == ["Enter Play", "<- ->/1-9 Tile", "Tab/m/y Train",
                                       "? Help", "s Settings", "q Quit", "h Hint", "g Log",
                                       "= Scores"]
            assert_ascii([str(screen.query_one(StatusLine).render())])
        else:
            assert entries(footer) == ["⏎ Play", "←→/1-9 Tile", "Tab/m/y Train", "? Help",
                                       "s Settings", "q Quit", "h Hint", "g Log", "= Scores"]


async def test_ascii_style_dialogs_summary_and_switching_style_in_play(tmp_path):
    """Moon in the ASCII style: the bidding, widow and trump dialogs (footer and hint) are
    ASCII; switching the style in the settings renames the keys of the table below."""
    game = drive("moon", 4, human_to("bid"))
    app, session = table_app(tmp_path, game, "ascii")
    async with app.run_test(size=SIZE) as pilot:
        await show_table(pilot, app, session)
        seen = set()
        for _ in range(12):
            await settle(pilot)
            name = type(app.screen).__name__
            if name not in {"BiddingDialog", "WidowDialog", "TrumpDialog"} or name in seen:
                break
            seen.add(name)
            lines = await check_footer(pilot, app)
            hint = str(app.screen.query_one("#dialog-hint").render())
            assert_ascii(lines + [hint])
            assert "Enter" in lines[0]
            if name == "BiddingDialog":                  # bid high: the widow and trumps follow
                await pilot.press("m", "enter")
            else:
                await pilot.press("enter")
        assert seen == {"BiddingDialog", "WidowDialog", "TrumpDialog"}
        screen = game_screen(app)
        assert_ascii(await check_footer(pilot, app))
        await pilot.press("s")                           # settings: tile style back to numerals
        await pilot.pause()
        app.preferences.settings.tile_style = "numerals"
        app.apply_settings()
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        assert (await check_footer(pilot, app))[0].startswith("⏎ Play  1-9 Tile")


async def test_walkthrough_footer_takes_a_second_row_rather_than_cut_keys(tmp_path):
    """The guided hand adds three keys (a, e, x) to a full table footer: a second row takes
    them rather than cutting any off; the table above still has its room."""
    app = make_app(tmp_path, save_games=False)
    app.preferences.settings.tile_style = "ascii"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start_walkthrough(app, "texas42")
        await pilot.pause()
        assert isinstance(app.screen, WalkthroughIntro)
        assert_ascii(await check_footer(pilot, app))
        await pilot.press("enter")
        for _ in range(80):                  # on to a play once a trick is taken (l, t join in)
            await settle(pilot)
            screen = game_screen(app)
            view = screen.session.view()
            if app.screen is screen and view.phase == "play" and view.tricks \
                    and screen.session.is_human_turn():
                break
            await pilot.press("a" if app.screen is screen else "enter")
        lines = await check_footer(pilot, app)
        assert_ascii(lines)
        assert len(lines) == 2
        text = " ".join(lines)
        for entry in ("a Suggested", "e Guide", "x Leave", "Enter Play", "q Quit"):
            assert entry in text
        assert screen.query_one("#trick-area").size.height >= 12


async def test_waiting_for_space_footer_shows_continue(tmp_path):
    """With "after a trick: wait for a key", Space Continue joins a full 42 footer."""
    game = drive("texas42", 12, human_to("play", 2))
    app, session = table_app(tmp_path, game, "ascii", trick_pause=None)
    async with app.run_test(size=SIZE) as pilot:
        screen = await show_table(pilot, app, session)
        for _ in range(40):
            if screen.waiting_for_key:
                break
            await pilot.press("enter" if session.is_human_turn() else "space")
            await settle(pilot)
        assert screen.waiting_for_key
        lines = await check_footer(pilot, app)
        assert_ascii(lines)
        assert "Space Continue" in lines[0]


class Unfinished:
    """Stands for an unfinished save (the title offers it: "r Resume")."""

    def headline(self) -> str:
        return "Texas 42 · hand 3 · last played 2 hours ago"

    def score_text(self) -> str:
        return "You & North 2 · West & East 1"


async def test_title_footer_with_resume_shows_every_key(tmp_path):
    app = make_app(tmp_path, save_games=False)
    app.unfinished_save = lambda: Unfinished()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        text = " ".join(await check_footer(pilot, app))
        assert "r Resume" in text and "q Quit" in text and "⏎ Play now" in text


async def test_replay_footer_in_ascii(tmp_path):
    lines = simulate("texas42", 4, {"target": "marks:1"})
    record = parse_record("".join(json.dumps(line) + "\n" for line in lines), "game.jsonl")
    app = make_app(tmp_path, save_games=False)
    app.preferences.settings.tile_style = "ascii"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(replay_screen(record))
        await pilot.pause()
        await pilot.pause()
        footer = await check_footer(pilot, app)
        assert_ascii(footer + [str(app.screen.query_one("#replay-hint").render())])
        assert "-> Next" in footer[0] and "Down Trick" in footer[0]


# -- 4. the hub: spaces in the header and rows, flags under "Flags" -------------------------

async def test_hub_header_rows_and_flags_keep_their_spaces_and_columns(tmp_path):
    game = drive("mexican_train", 7, human_to("play"), {"players": 8, "rounds": 1})
    app, session = table_app(tmp_path, game)
    async with app.run_test(size=SIZE) as pilot:
        screen = await show_table(pilot, app, session)
        lines = screen_lines(app)
        header = lines[0]
        for joint in ("Mexican Train · round", "] · boneyard", "YOUR TURN · deal"):
            assert joint in header
        assert len(header.rstrip()) <= 80
        titles = next(line for line in lines if "Flags" in line)
        flags_at = titles.index("Flags")
        assert titles.index("Hand") < flags_at and column_titles() in titles
        rows = [lines[line.region.y] for line in screen.query(TrainLine)]
        flagged = 0
        for row in rows:
            assert re.search(r"(\(empty\)|\]) → \d+", row), row
            flags = row[flags_at:flags_at + 11]
            if flags.strip():
                flagged += 1
                assert flags[0] != " ", f"a flag not under 'Flags': {row!r}"
            assert row[flags_at - 1] == " "
        assert flagged >= 3                         # TURN, and the markers (Mexican, a player)
        legend, hand_title = lines[1], next(l for l in lines if "Your hand:" in l)
        assert legend.rstrip().endswith("LAST = one tile left")
        assert hand_title.rstrip().endswith("train")          # not cut off


# -- 5. screenshots keep their spaces in every renderer -------------------------------------

def rendered_like_librsvg(svg: str) -> list[str]:
    """The text of a Rich SVG screenshot laid out as librsvg does: each ``<text>`` at its x,
    with the spaces that begin or end it dropped unless ``xml:space="preserve"``."""
    preserve = bool(re.search(r'<svg[^>]*xml:space="preserve"', svg))
    rows: dict[float, dict[int, str]] = {}
    for x, y, body in re.findall(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)'
                                 r'</text>', svg):
        text = html.unescape(body).replace("\n", "")
        column = round(float(x) / 12.2)
        if not preserve:
            stripped = text.lstrip("\xa0 ")
            text = stripped.rstrip("\xa0 ")
        cells = rows.setdefault(float(y), {})
        for i, ch in enumerate(text):
            cells[column + i] = ch
    out = []
    for y in sorted(rows):
        cells = rows[y]
        out.append("".join(cells.get(i, " ") for i in range(max(cells, default=-1) + 1))
                   .replace("\xa0", " "))
    return out


def test_the_librsvg_model_shows_why_spaces_must_be_preserved():
    svg = ('<svg class="rich-terminal"><text class="a" x="12.2" y="44.4">Trick&#160;3</text>'
           '<text class="b" x="97.6" y="44.4">&#160;&#160;North</text></svg>')
    assert rendered_like_librsvg(svg) == [" Trick 3North"]
    assert rendered_like_librsvg(keep_svg_spaces(svg)) == [" Trick 3  North"]


async def test_screenshot_svg_reads_like_the_screen(tmp_path):
    game = drive("mexican_train", 7, human_to("play"), {"players": 4, "rounds": 2})
    app, session = table_app(tmp_path, game)
    async with app.run_test(size=SIZE) as pilot:
        await show_table(pilot, app, session)
        svg = app.export_screenshot()
        drawn = rendered_like_librsvg(svg)
        for line, shown in zip(screen_lines(app), drawn):
            assert shown.rstrip() == line.rstrip()
        assert any("(empty) → 12" in line for line in drawn)
        assert any(re.search("⏎ Play +←→/1-9 Tile", line) for line in drawn)
