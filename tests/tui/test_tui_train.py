"""The Mexican Train hub: a whole game by keys, big tables that still fit, and the hub's keys.

States are reached by driving the core with a seeded random policy until the
human seat (0) must decide, so what is tested does not depend on the bots.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Callable

from textual.app import App

from core.commands import Draw, Pass, Play
from core.mexican_train.engine import MexicanTrainGame
from core.tiles import Tile, double_set
from tests.tui_pilot import game_screen, make_app, record_lines, settle
from tui.app import AppLook
from tui.play.session import GameSession, default_seats
from tui.screens.train_hub import TrainHubScreen
from tui.widgets.hub_hand import HubHand
from tui.widgets.status_line import StatusLine
from tui.widgets.train_line import TrainLine, TrainRow, fit_tiles, render_train_line
from tui.widgets.train_tile import ASCII, UNICODE

STYLES = Path(__file__).resolve().parents[2] / "styles"


class HubHost(AppLook, App):
    """A bare app for the hub: instant bots, no pause after tricks."""

    ENABLE_COMMAND_PALETTE = False
    CSS_PATH = [STYLES / "train_hub.tcss", STYLES / "dialogs.tcss"]
    bot_delay = 0.0
    trick_pause = 0.0

    def __init__(self, session: GameSession, tile_style: str = "numerals") -> None:
        super().__init__()
        self.session = session
        self.tile_style = tile_style
        self.hub: TrainHubScreen | None = None

    def on_mount(self) -> None:
        self.hub = TrainHubScreen(self.session)
        self.push_screen(self.hub)


def game_at(options: dict[str, Any], seed: int,
            until: Callable[[MexicanTrainGame], bool] = lambda g: True,
            limit: int = 3000) -> MexicanTrainGame | None:
    """Play a seeded random policy until seat 0 must decide and ``until(game)`` holds."""
    game = MexicanTrainGame(seed=seed, options=options)
    game.start()
    rng = random.Random(seed)
    for _ in range(limit):
        if game.is_over:
            return None
        if game.current_player == 0 and until(game):
            return game
        game.apply(rng.choice(game.legal_actions()))
    return None


def find_game(options: dict[str, Any], until: Callable[[MexicanTrainGame], bool]
              ) -> MexicanTrainGame:
    for seed in range(200):
        game = game_at(options, seed, until)
        if game is not None:
            return game
    raise AssertionError("no such position found")


def tile_with_two_trains(game: MexicanTrainGame) -> bool:
    plays = [c for c in game.legal_actions() if isinstance(c, Play)]
    return any(sum(1 for c in plays if c.tile == p.tile) >= 2 for p in plays)


def hub_session(game: MexicanTrainGame) -> GameSession:
    return GameSession(game, default_seats(game.num_players, level="easy"))


def line_texts(hub: TrainHubScreen) -> list[str]:
    return [line.render().plain for line in hub.query(TrainLine)]


# -- a whole game ----------------------------------------------------------------------
async def test_mexican_train_complete_game_by_keys_only(tmp_path):
    app = make_app(tmp_path)
    keys: dict[str, int] = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.start_game("mexican_train", {"players": 2, "set": 9, "rounds": 1},
                       ["human", "easy"], seed=11)
        for _ in range(1500):
            await settle(pilot)
            screen = app.screen
            name = type(screen).__name__
            if name == "GameOverScreen":
                break
            if name == "HandSummaryScreen":
                key = "enter"
            else:
                assert isinstance(screen, TrainHubScreen), name
                assert screen.session.is_human_turn()
                active = screen.active_bindings
                key = "d" if "d" in active else "p" if "p" in active else "enter"
            keys[key] = keys.get(key, 0) + 1
            await pilot.press(key)
        else:
            raise AssertionError("the game did not end")
        assert game_screen(app).session.game.is_over
        assert "wins" in str(app.screen.query_one("#gameover-headline").render()) or \
            "tie" in str(app.screen.query_one("#gameover-headline").render())
        await pilot.press("q")
    lines = record_lines(tmp_path)
    assert lines[0]["game"] == "mexican_train" and lines[0]["players"][0]["kind"] == "human"
    assert sum(1 for line in lines if line.get("event") == "round_end") == 1
    assert lines[-1]["event"] == "game_end"
    human_plays = [line for line in lines if line.get("event") == "play" and line["player"] == 0]
    assert len(human_plays) >= 5 and keys.get("enter", 0) >= len(human_plays)


# -- fitting big tables ------------------------------------------------------------------
def assert_fits(hub: TrainHubScreen, width: int, height: int) -> None:
    for line in hub.query(TrainLine):
        assert line.render().cell_len <= line.size.width
    hand = hub.query_one(HubHand)
    assert hand.region.bottom <= height and hand.region.right <= width
    rows = -(-len(hand.tiles) // hand.per_row())
    assert hand.size.height == 2 * rows


async def test_hub_with_8_players_fits_80x24():
    game = find_game({"players": 8, "set": 12},
                     lambda g: sum(len(t.tiles) for t in g.view(0).trains) >= 20)
    app = HubHost(hub_session(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        hub = app.hub
        assert_fits(hub, 80, 24)
        assert hub.others.max_scroll_y == 0                # all nine trains in sight
        texts = line_texts(hub)
        # your train and the Mexican train first (pinned), then the others in turn order
        assert len(texts) == 9 and texts[1].strip().startswith("Mexican")
        assert hub.line_order() == [0, "mexican", *range(1, 8)]
        names = [s.name for s in hub.session.seats]
        view = game.view(0)
        for key, text in zip(hub.line_order(), texts):
            state = view.train(key)
            assert (names[key] if key != "mexican" else "Mexican") in text
            assert f"→ {state.open_end}" in text


async def test_hub_with_12_players_fits_a_larger_terminal_and_scrolls_at_80x24():
    game = find_game({"players": 12, "set": 18},
                     lambda g: max(len(t.tiles) for t in g.view(0).trains) >= 15)
    app = HubHost(hub_session(game), tile_style="ascii")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        hub = app.hub
        assert_fits(hub, 120, 40)
        assert hub.others.max_scroll_y == 0
        texts = line_texts(hub)
        assert len(texts) == 13
        assert all(text.isascii() for text in texts)
        assert any("...+" in text for text in texts)       # a long train, compressed
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert_fits(hub, 80, 24)
        trains = hub.others
        assert trains.max_scroll_y > 0 and trains.show_vertical_scrollbar   # scrolls, visibly
        assert any("...+" in text for text in line_texts(hub))


def test_long_train_line_shows_the_newest_tiles_and_counts_the_rest():
    tiles = double_set(12)
    pairs, end = [], 12
    for t in tiles:
        if t.has(end) and (t.high, t.low) not in pairs and len(pairs) < 25:
            pairs.append((end, t.other(end)))
            end = t.other(end)
    row = TrainRow(3, "Player 4", 7, True, True, tuple(pairs), end, turn=True,
                   last_tile=False, double="open", selected=True, fits=True)
    for glyphs, more in ((UNICODE, "…+"), (ASCII, "...+")):
        text = render_train_line(row, 78, glyphs).plain
        assert len(text) <= 78
        assert more in text and text.rstrip().endswith("OPEN DOUBLE")
        newest = f"[{pairs[-1][0]}{glyphs.bar}{pairs[-1][1]}]"
        assert newest in text
        shown = text.count("[")
        hidden = int(text.split(more)[1].split()[0])
        assert shown + hidden == len(pairs)
    assert render_train_line(row, 78, ASCII).plain.isascii()
    assert fit_tiles(((1, 2), (2, 3)), 40, UNICODE) == "[1│2][2│3]"


async def test_a_hand_of_16_double_18_tiles_takes_two_rows_at_80_columns():
    game = find_game({"players": 9, "set": 18}, lambda g: True)
    app = HubHost(hub_session(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hand = app.hub.query_one(HubHand)
        big = tuple(Tile(18, n) for n in range(16))
        hand.show(big, big[:3], max_pip=18)
        await pilot.pause()
        assert hand.per_row() >= 8 and hand.size.height == 4
        text = hand.render().plain
        assert "[18│15]" in text and "[1]" in text


# -- the hub's keys ------------------------------------------------------------------------
async def test_hub_offers_only_the_legal_moves_and_plays_by_keys():
    game = find_game({"players": 3, "set": 12}, tile_with_two_trains)
    view = game.view(0)
    legal = [c for c in view.legal if isinstance(c, Play)]
    app = HubHost(hub_session(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hub = app.hub
        hand = hub.query_one(HubHand)
        assert hand.playable == {c.tile for c in legal}
        assert "d" not in hub.active_bindings and "p" not in hub.active_bindings
        tile = next(t for t in view.hand
                    if len([c for c in legal if c.tile == t]) >= 2)
        await pilot.press(str(view.hand.index(tile) + 1))
        targets = [c.train for c in legal if c.tile == tile]
        assert hub.selected_train in targets
        marked = [t for t in line_texts(hub) if t[1] == "+"]
        assert len(marked) == len(targets)
        first = hub.selected_train
        await pilot.press("tab")
        assert hub.selected_train != first and hub.selected_train in targets
        await pilot.press("shift+tab")
        assert hub.selected_train == first
        chosen = hub.selected_train
        await pilot.press("enter")
        await pilot.pause()
        events = [line for line in game.history[-12:] if line.kind == "play" and line.player == 0]
        assert events and events[-1].tile == tile and events[-1].train == chosen


async def test_keys_typed_ahead_in_one_burst_play_the_tile_chosen_before_enter():
    """`2 Enter 3 Enter` typed together (a slow SSH link bunches keys up) plays tile 2:
    the keys after Enter move the hand's choice on before the screen acts on Enter."""
    from textual import events

    def two_playable_tiles(g: MexicanTrainGame) -> bool:
        tiles = {c.tile for c in g.legal_actions() if isinstance(c, Play)}
        return sum(1 for t in g.view(0).hand[:9] if t in tiles) >= 2

    game = find_game({"players": 3, "set": 12}, two_playable_tiles)
    view = game.view(0)
    playable = {c.tile for c in view.legal if isinstance(c, Play)}
    first, second = [i for i, t in enumerate(view.hand[:9]) if t in playable][:2]
    app = HubHost(hub_session(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause(0.05)        # keys from before the turn began make no move
        plays_before = len(game.history)
        for key in (str(second + 1), "enter", str(first + 1), "enter"):
            app.post_message(events.Key(key, "\r" if key == "enter" else key))
        for _ in range(8):
            await pilot.pause()
        mine = [e for e in game.history[plays_before:] if e.kind == "play" and e.player == 0]
        assert mine and mine[0].tile == view.hand[second], (mine, view.hand[second])


async def test_hub_shows_the_core_reason_for_a_refused_play():
    def unplayable_in_reach(g: MexicanTrainGame) -> bool:
        legal = g.legal_actions()
        tiles = {c.tile for c in legal if isinstance(c, Play)}
        return bool(tiles) and any(t not in tiles for t in g.view(0).hand[:10])

    game = find_game({"players": 3, "set": 12}, unplayable_in_reach)
    view = game.view(0)
    playable = {c.tile for c in view.legal}
    app = HubHost(hub_session(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hub = app.hub
        before = game.state_key()
        index = next(i for i, t in enumerate(view.hand[:10]) if t not in playable)
        await pilot.press("1234567890"[index])
        assert hub.query_one(HubHand).selected_tile == view.hand[index]
        await pilot.press("y", "enter")
        await pilot.pause()
        status = hub.query_one(StatusLine)
        assert status.error and "Not allowed" in str(status.render())
        assert game.state_key() == before
        # a reason longer than the line wraps onto the next rather than being cut off
        status.error = "You must satisfy an open double first (12-12 on East's train or " \
                       "9-9 on the Mexican train): no other train may be played on until it is."
        await pilot.pause()
        assert status.size.height == 2 and hub.size.height == 24
        status.error = ""
        await pilot.pause()
        assert status.size.height == 1


async def test_draw_or_pass_while_a_tile_fits_says_why_and_changes_nothing():
    game = find_game({"players": 3, "set": 12},
                     lambda g: any(isinstance(c, Play) for c in g.legal_actions()))
    app = HubHost(hub_session(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause(0.05)          # keys from before the turn began make no move
        hub = app.hub
        before = game.state_key()
        for key in ("d", "p"):
            await pilot.press(key)
            await pilot.pause()
            assert "you must play" in hub.query_one(StatusLine).error, key
            assert game.state_key() == before
        await pilot.press("right")                        # the reason lasts until a key
        assert hub.query_one(StatusLine).error == ""


async def test_hub_draw_and_pass_keys_work_only_when_they_are_the_legal_moves():
    game = find_game({"players": 3, "set": 9},
                     lambda g: any(isinstance(c, Draw) for c in g.legal_actions()))
    app = HubHost(hub_session(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hub = app.hub
        assert "d" in hub.active_bindings and "p" not in hub.active_bindings
        assert "enter" not in hub.active_bindings
        assert "Press d to draw" in hub.query_one(StatusLine).prompt
        before = game.state_key()
        await pilot.press("p", "enter", "tab", "m")       # none of these means anything now
        await pilot.pause()
        assert game.state_key() == before
        count = len(game.history)
        await pilot.press("d")
        await pilot.pause()
        assert game.history[count].kind == "draw" and game.history[count].player == 0
    game = find_game({"players": 2, "set": 9},
                     lambda g: any(isinstance(c, Pass) for c in g.legal_actions()))
    app = HubHost(hub_session(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hub = app.hub
        assert "p" in hub.active_bindings and "d" not in hub.active_bindings
        count = len(game.history)
        await pilot.press("d")
        assert len(game.history) == count
        await pilot.press("p")
        await pilot.pause()
        assert any(e.kind == "pass" and e.player == 0 for e in game.history[count:])


async def test_hub_marks_an_open_double_by_text_and_shape():
    game = find_game({"players": 4, "set": 12}, lambda g: bool(g.view(0).blocking_doubles))
    view = game.view(0)
    key, tile = view.blocking_doubles[0]
    app = HubHost(hub_session(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hub = app.hub
        banner = str(hub.query_one("#hub-doubles").render())
        assert f"◆ OPEN DOUBLE {tile}" in banner
        keys = hub.train_keys
        text = line_texts(hub)[keys.index(key)]
        assert "◆ OPEN DOUBLE" in text
        for c in view.legal:
            if isinstance(c, Play):
                assert c.train == key


async def test_hub_mouse_chooses_a_train_and_a_second_click_plays():
    game = find_game({"players": 3, "set": 12}, tile_with_two_trains)
    view = game.view(0)
    plays = [c for c in view.legal if isinstance(c, Play)]
    tile = next(p.tile for p in plays if sum(1 for c in plays if c.tile == p.tile) >= 2)
    app = HubHost(hub_session(game))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hub = app.hub
        hand = hub.query_one(HubHand)
        column = view.hand.index(tile)
        await pilot.click(hand, offset=((column % hand.per_row()) * hand.cell_width + 2,
                                        2 * (column // hand.per_row())))
        assert hand.selected_tile == tile
        targets = [c.train for c in plays if c.tile == tile]
        other = next(k for k in targets if k != hub.selected_train)
        line = hub.line_for(other)
        await pilot.click(line, offset=(20, 0))
        assert hub.selected_train == other
        count = len(game.history)
        await pilot.click(line, offset=(20, 0))
        await pilot.pause()
        played = [e for e in game.history[count:] if e.kind == "play"]
        assert played and played[0].player == 0 and played[0].train == other
        assert played[0].tile == tile
