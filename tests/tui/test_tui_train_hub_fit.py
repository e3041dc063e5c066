"""The Mexican Train hub at every table size on an 80×24 terminal.

For 2, 4, 8 and 12 players on double-12 and double-15 sets (12 players only on
double-15: double-12 seats at most 8), with long trains after many turns: your
train and the Mexican train are on screen, the other trains are reached by the
scroll keys the footer shows, every tile of a long hand has a key shown under it
and is chosen (and played) by that key, the news shows whole items only, and the
hand's pip total and every player's score are on screen. States come from a
seeded random policy on the core (seat 0 is the human), so nothing depends on
the bots.
"""

from __future__ import annotations

import random
import re
from typing import Any, Callable

import pytest

from core.commands import Draw, Pass, Play
from core.mexican_train.engine import MexicanTrainGame
from core.mexican_train.trains import MEXICAN
from core.tiles import Tile, double_set, pip_total
from tests.tui.test_tui_train import HubHost, hub_session
from tests.tui_pilot import settle
from tui.app import DominoesApp
from tui.play.session import GameSession, Seat
from tui.screens.game_base import GameScreen
from tui.screens.train_hub import TrainHubScreen
from tui.screens.walkthrough import WalkthroughMixin
from tui.widgets.hub_hand import NO_KEY, TILE_KEYS, HubHand, tile_key
from tui.widgets.train_line import COUNT_WIDTH, NAME_WIDTH, SCORE_WIDTH, TrainLine

SIZE = (80, 24)
TABLES = [(2, 12), (4, 12), (8, 12), (2, 15), (4, 15), (8, 15), (12, 15)]
TABLE_IDS = [f"{players}p-double{top}" for players, top in TABLES]


# -- reaching a table ------------------------------------------------------------------
def random_game(options: dict[str, Any], until: Callable[[MexicanTrainGame], bool],
                seeds: range = range(60), limit: int = 4000) -> MexicanTrainGame:
    """The first seeded game whose random play reaches seat 0's turn with ``until``."""
    for seed in seeds:
        game = MexicanTrainGame(seed=seed, options=options)
        game.start()
        rng = random.Random(seed)
        for _ in range(limit):
            if game.is_over:
                break
            if game.current_player == 0 and until(game):
                return game
            game.apply(rng.choice(game.legal_actions()))
    raise AssertionError(f"no game reaches that moment: {options}")


def can_play(game: MexicanTrainGame) -> bool:
    return any(isinstance(c, Play) for c in game.legal_actions())


def long_trains(players: int) -> Callable[[MexicanTrainGame], bool]:
    """Many turns in: plenty of tiles laid, one train long enough to be cut ("…+N"); at 12
    players a hand on two rows too (10+ tiles), the most crowded screen."""
    def check(game: MexicanTrainGame) -> bool:
        view = game.view(0)
        laid = [len(t.tiles) for t in view.trains]
        return (can_play(game) and sum(laid) >= 2 * players + 6 and max(laid) >= 8
                and (players < 12 or len(view.hand) >= 10))
    return check


def screen_lines(app: Any) -> list[str]:
    """The whole screen as text, one string per row (what a terminal shows)."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    return ["".join(segment.text for strip in row for segment in strip) for row in update.strips]


def shown_row(app: Any, line: TrainLine) -> str | None:
    """The screen row showing ``line`` in full, if it is on screen (not scrolled away)."""
    text = line.render().plain.rstrip()
    return next((row for row in screen_lines(app) if text and text in row), None)


async def open_hub(pilot: Any) -> TrainHubScreen:
    await pilot.pause()
    await pilot.pause()
    hub = pilot.app.hub
    assert hub is not None
    return hub


# -- 1. your train and the Mexican train stay on screen; the others scroll --------------
@pytest.mark.parametrize("players,top", TABLES, ids=TABLE_IDS)
async def test_own_and_mexican_trains_stay_on_screen_and_the_others_scroll_into_view(
        players, top):
    game = random_game({"players": players, "set": top, "rounds": 1}, long_trains(players))
    view = game.view(0)
    app = HubHost(hub_session(game))
    async with app.run_test(size=SIZE) as pilot:
        hub = await open_hub(pilot)
        pinned = {0: hub.line_for(0), MEXICAN: hub.line_for(MEXICAN)}

        def check_pinned() -> None:
            for key, line in pinned.items():
                region = line.region
                assert region.height == 1 and region.width > 0, key
                assert 0 <= region.y and region.bottom <= SIZE[1] - 2   # above status+footer
                assert region.x >= 0 and region.right <= SIZE[0]
                row = shown_row(app, line)
                assert row is not None, f"train {key} is not on screen"
                name = "Mexican" if key == MEXICAN else "You"
                assert name in row and f"→ {view.train(key).open_end}" in row

        check_pinned()
        assert any("…+" in line.render().plain for line in hub.query(TrainLine))  # cut short
        others = [k for k in hub.line_order() if k not in pinned]
        seen = {k for k in others if shown_row(app, hub.line_for(k)) is not None}
        scrolls = hub.others.max_scroll_y > 0
        footer = "\n".join(screen_lines(app)[-2:])
        assert ("[/] Trains" in footer) == scrolls          # the scroll keys, when needed
        if players == 12:
            assert scrolls                                  # 11 others cannot all fit
        for _ in range(len(others)):
            if seen == set(others):
                break
            await pilot.press("right_square_bracket")
            await pilot.pause()
            seen |= {k for k in others if shown_row(app, hub.line_for(k)) is not None}
            check_pinned()
        assert seen == set(others), f"never on screen: {set(others) - seen}"
        if scrolls:
            assert hub.others.scroll_y == hub.others.max_scroll_y
            await pilot.press("left_square_bracket", "pageup", "pageup")
            await pilot.pause()
            assert hub.others.scroll_y == 0
            check_pinned()
            await pilot.press("pagedown")
            await pilot.pause()
            assert hub.others.scroll_y > 0


async def test_choosing_a_train_out_of_sight_scrolls_it_into_view():
    def last_train(game: MexicanTrainGame) -> bool:        # Player 12's, last of the list
        return len(game.view(0).hand) >= 10 and any(
            isinstance(c, Play) and c.train == 11 for c in game.legal_actions())

    game = random_game({"players": 12, "set": 15, "rounds": 1}, last_train)
    play = next(c for c in game.legal_actions() if isinstance(c, Play) and c.train == 11)
    app = HubHost(hub_session(game))
    async with app.run_test(size=SIZE) as pilot:
        hub = await open_hub(pilot)
        assert shown_row(app, hub.line_for(play.train)) is None     # out of sight at first
        hand = hub.query_one(HubHand)
        await pilot.press(tile_key(hand.tiles.index(play.tile)))
        for _ in range(14):
            if hub.selected_train == play.train:
                break
            await pilot.press("tab")
        assert hub.selected_train == play.train
        await pilot.pause()
        row = shown_row(app, hub.line_for(play.train))
        assert row is not None and "▶" in row
        for key in (0, MEXICAN):
            assert shown_row(app, hub.line_for(key)) is not None


# -- 2. every tile has a key, shown under it --------------------------------------------
def test_tile_keys_are_distinct_and_no_key_of_the_hub_uses_them():
    assert len(set(TILE_KEYS)) == len(TILE_KEYS) >= 30
    assert TILE_KEYS[:10] == "1234567890"
    taken: set[str] = set()
    for binding in [*TrainHubScreen.BINDINGS, *GameScreen.BINDINGS,
                    *WalkthroughMixin.GUIDE_BINDINGS, *DominoesApp.BINDINGS]:
        for key in binding.key.split(","):
            taken.add(key.strip())
    letters = [k for k in TILE_KEYS if k.isalpha()]
    assert not taken & set(letters), taken & set(letters)
    assert all(k.isascii() and k.isprintable() for k in TILE_KEYS)
    assert tile_key(len(TILE_KEYS)) == NO_KEY and tile_key(0) == "1" and tile_key(10) == "b"


@pytest.mark.parametrize("players,top", TABLES, ids=TABLE_IDS)
async def test_every_tile_of_a_long_hand_is_chosen_by_the_key_shown_under_it(players, top):
    game = random_game({"players": players, "set": top, "rounds": 1}, can_play)
    app = HubHost(hub_session(game))
    async with app.run_test(size=SIZE) as pilot:
        hub = await open_hub(pilot)
        hand = hub.query_one(HubHand)
        big = tuple(double_set(top)[-20:])                 # 20 tiles, all playable
        hand.show(big, big, max_pip=top)
        await pilot.pause()
        assert hand.region.bottom <= SIZE[1] - 2          # above the status line and footer
        text = hand.render().plain.split("\n")
        labels = " ".join(text[1::2])
        for index, tile in enumerate(big):
            key = TILE_KEYS[index]
            assert f"[{key}]" in labels
            await pilot.press(key)
            assert hand.selected_tile == tile, (index, key)
        await pilot.press("1")
        assert hand.selected_tile == big[0]


async def test_a_tile_past_the_tenth_is_played_by_its_letter_key():
    def letter_tile_fits(game: MexicanTrainGame) -> bool:
        view = game.view(0)
        plays = {c.tile for c in game.legal_actions() if isinstance(c, Play)}
        return len(view.hand) >= 15 and any(t in plays for t in view.hand[10:])

    for top in (12, 15):
        game = random_game({"players": 2, "set": top, "rounds": 1}, letter_tile_fits)
        view = game.view(0)
        plays = [c for c in view.legal if isinstance(c, Play)]
        index = next(i for i, t in enumerate(view.hand) if i >= 10 and
                     any(c.tile == t for c in plays))
        tile = view.hand[index]
        train = next(c.train for c in plays if c.tile == tile)
        app = HubHost(hub_session(game))
        async with app.run_test(size=SIZE) as pilot:
            hub = await open_hub(pilot)
            key = TILE_KEYS[index]
            assert key.isalpha()
            labels = " ".join(hub.query_one(HubHand).render().plain.split("\n")[1::2])
            assert f"[{key}]" in labels                     # shown under the tile
            await pilot.press(key)
            assert hub.query_one(HubHand).selected_tile == tile
            for _ in range(14):
                if hub.selected_train == train:
                    break
                await pilot.press("tab")
            count = len(game.history)
            await pilot.press("enter")
            await pilot.pause()
            played = [e for e in game.history[count:] if e.kind == "play"]
            assert played and played[0].player == 0 and played[0].tile == tile


async def test_a_hand_longer_than_the_keys_is_walked_tile_by_tile_with_the_arrows():
    game = random_game({"players": 2, "set": 15, "rounds": 1}, can_play)
    app = HubHost(hub_session(game))
    async with app.run_test(size=SIZE) as pilot:
        hub = await open_hub(pilot)
        hand = hub.query_one(HubHand)
        big = tuple(double_set(15)[:len(TILE_KEYS) + 3])
        hand.show(big, big[:2], max_pip=15)              # most of them not playable
        await pilot.pause()
        labels = hand.render().plain.split("\n")[1::2]
        assert f" {NO_KEY} " in labels[-1]              # no key: marked, reached by the arrows
        await pilot.press(TILE_KEYS[-1])
        assert hand.cursor == len(TILE_KEYS) - 1
        for step in range(1, 4):
            await pilot.press("right")
            assert hand.cursor == len(TILE_KEYS) - 1 + step
        assert hand.region.bottom <= SIZE[1] - 2


# -- 3. the news shows whole items only ---------------------------------------------------
LONG_NAME = "Bartholomew Fitzgerald-Montgomery III"    # with " #n": 40 characters, the most


def long_named_seats(players: int) -> list[Seat]:
    return [Seat(f"{LONG_NAME} #{i + 1}", "human" if i == 0 else "bot",
                 None if i == 0 else "easy") for i in range(players)]


def check_news(app: Any, hub: TrainHubScreen) -> int:
    """The news line holds whole items, newest first, and shows every cell of them."""
    news = hub.query_one("#hub-news")
    plain = str(news.render())
    if not hub._news:
        return 0
    assert plain.startswith("Latest: ")
    items = plain[len("Latest: "):].split(" · ")
    newest = list(reversed(hub._news))
    assert items == newest[:len(items)], (items, newest)
    assert "…" not in plain
    rows = screen_lines(app)[news.region.y:news.region.bottom]
    assert " ".join(" ".join(rows).split()) == " ".join(plain.split())   # nothing cut off
    room = news.content_size.width
    if len(items) > 1:
        assert len(rows) == 1 and len(plain) <= room      # more items only when they fit
    if len(plain) > room:
        assert len(items) == 1 and len(rows) >= 2         # the newest alone, wrapped
    assert news.region.bottom <= hub.query_one(HubHand).region.y
    return len(rows)


async def test_news_never_cuts_an_item_and_wraps_one_too_long_for_a_line():
    game = random_game({"players": 4, "set": 12, "rounds": 1}, lambda g: True)
    app = HubHost(GameSession(game, long_named_seats(4)))
    wrapped = 0
    async with app.run_test(size=SIZE) as pilot:
        hub = await open_hub(pilot)
        for _ in range(25):
            await settle(pilot)
            if game.is_over or type(app.screen).__name__ != "TrainHubScreen":
                break
            check_news(app, hub)
            legal = game.legal_actions()
            key = ("d" if any(isinstance(c, Draw) for c in legal) else
                   "p" if any(isinstance(c, Pass) for c in legal) else "enter")
            await pilot.press(key)
            await pilot.pause()
            wrapped = max(wrapped, check_news(app, hub))
        assert wrapped == 2                    # a long-named move, whole, on two rows
        for _key, line in ((0, hub.line_for(0)), (MEXICAN, hub.line_for(MEXICAN))):
            assert shown_row(app, line) is not None


# -- 4. the pip total and every score -----------------------------------------------------
def score_column(text: str) -> str:
    start = 3 + NAME_WIDTH + COUNT_WIDTH
    return text[start:start + SCORE_WIDTH].strip()


@pytest.mark.parametrize("players,top", [(2, 12), (4, 15), (8, 12), (12, 15)],
                         ids=["2p-double12", "4p-double15", "8p-double12", "12p-double15"])
async def test_pip_total_and_every_running_score_are_shown(players, top):
    def in_round_2(game: MexicanTrainGame) -> bool:
        return game.round_number == 2 and any(game.scores)

    game = random_game({"players": players, "set": top, "rounds": 2}, in_round_2)
    view = game.view(0)
    app = HubHost(hub_session(game))
    async with app.run_test(size=SIZE) as pilot:
        hub = await open_hub(pilot)
        lines = screen_lines(app)
        title = next(row for row in lines if "Your hand:" in row)
        pips = pip_total(view.hand)
        assert f"{len(view.hand)} tiles, {pips} pips" in title or \
            f"{len(view.hand)} tile, {pips} pip" in title
        assert (f"(counts {view.hand_points})" in title) == (view.hand_points != pips)
        titles = next(row for row in lines if "Flags" in row)
        assert "Score" in titles
        for key in hub.line_order():
            text = hub.line_for(key).render().plain
            assert score_column(text) == ("" if key == MEXICAN else str(view.scores[key]))
        for key in (0, MEXICAN):
            assert shown_row(app, hub.line_for(key)) is not None


async def test_a_double_blank_in_hand_shows_what_the_hand_counts():
    def holds_double_blank(game: MexicanTrainGame) -> bool:
        return Tile(0, 0) in game.view(0).hand

    game = random_game({"players": 3, "set": 12, "rounds": 1}, holds_double_blank)
    view = game.view(0)
    assert view.hand_points == pip_total(view.hand) + 50
    app = HubHost(hub_session(game))
    async with app.run_test(size=SIZE) as pilot:
        await open_hub(pilot)
        title = next(row for row in screen_lines(app) if "Your hand:" in row)
        assert f"{pip_total(view.hand)} pips (counts {view.hand_points})" in title


# -- 5. the ASCII style ------------------------------------------------------------------
async def test_the_12_player_hub_in_the_ascii_style_is_printable_ascii_only():
    game = random_game({"players": 12, "set": 15, "rounds": 1}, long_trains(12))
    app = HubHost(hub_session(game), tile_style="ascii")
    async with app.run_test(size=SIZE) as pilot:
        hub = await open_hub(pilot)
        assert hub.others.max_scroll_y > 0
        for _ in range(2):
            for row in screen_lines(app):
                assert re.fullmatch(r"[\x20-\x7e]*", row), row
            await pilot.press("right_square_bracket")
            await pilot.pause()
