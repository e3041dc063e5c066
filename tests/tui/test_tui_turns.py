"""The human's turn at the table: one hand ends before the next begins, and keys typed
ahead of the turn (while bots played) never make the human's decision."""

from __future__ import annotations

import random

import pytest
from textual import events
from textual._time import get_time

from core.registry import game_class
from core.simulate import LegalMoveBot
from tests.tui_pilot import DIALOG_SCREENS, game_screen, make_app, move_key, record_lines, settle
from tui.screens.game_base import GameScreen

SHORT = {"moon": {"target": 7}, "texas42": {"target": "marks:2"},
         "mexican_train": {"players": 3, "set": 9, "rounds": 2}}
LEVELS = {"moon": ["human", "easy", "easy"], "texas42": ["human", "easy", "easy", "easy"],
          "mexican_train": ["human", "easy", "easy"]}


# -- the core keeps the picture of a hand as it ended ----------------------------------

@pytest.mark.parametrize("name", ["moon", "texas42", "mexican_train"])
def test_the_view_as_a_hand_ended_is_kept_until_the_next_command(name):
    game = game_class(name)(options={}, seed=5)
    game.start()
    rng, bot = random.Random(2), LegalMoveBot()
    for _ in range(20_000):
        events = game.apply(bot.choose(None, game.legal_actions(), rng))
        kinds = [e.kind for e in events]
        if "hand_end" in kinds or "round_end" in kinds:
            break
        assert game.hand_end_view(0) is None
    else:
        raise AssertionError("no hand ended")
    if game.is_over:
        pytest.skip("the first hand ended the game")
    ended = events[kinds.index("hand_end" if "hand_end" in kinds else "round_end")]
    for player in range(game.num_players):
        then, now = game.hand_end_view(player), game.view(player)
        assert then is not None and then.player == player
        hand_number = "round_number" if name == "mexican_train" else "hand_number"
        assert getattr(then, hand_number) + 1 == getattr(now, hand_number)
    scores = ended.to_record().get("totals") or ended.to_record().get("scores")
    then = game.hand_end_view(0)
    assert list(getattr(then, "totals", None) or then.scores) == list(scores)
    game.apply(bot.choose(None, game.legal_actions(), rng))
    assert game.hand_end_view(0) is None


# -- at the table: the last trick, the summary, and only then the next deal -------------

@pytest.mark.parametrize("name", ["moon", "texas42", "mexican_train"])
async def test_one_hand_ends_before_the_next_begins(tmp_path, name):
    app = make_app(tmp_path, game=name, options=SHORT[name], levels=LEVELS[name],
                   trick_pause=None)                   # the last trick waits for Space
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(name, SHORT[name], LEVELS[name], seed=3)
        for _ in range(3000):
            await settle(pilot)
            screen = app.screen
            if type(screen).__name__ == "HandSummaryScreen":
                break
            if type(screen).__name__ in DIALOG_SCREENS:
                await pilot.press("enter")
                continue
            table = game_screen(app)
            if table.showing_hand_end:
                # The hand that ended is on the table: its number, not the next deal.
                view = table.shown_view()
                now = table.session.view()
                assert view is not now
                header = _header_text(table)
                assert f"hand {now.hand_number}" not in header if name != "mexican_train" \
                    else f"round {now.round_number}" not in header
                status = str(table.status.render())
                assert "bid" not in status.lower() or "Trick over" in status
                assert not table.session.is_human_turn() or not table.check_action(
                    "decide", ())
            await _move(pilot, table)
        else:
            raise AssertionError("no hand summary came")
        table = game_screen(app)
        assert table.showing_hand_end                   # still the old hand behind it
        await pilot.press("enter")                      # dismiss: now the next deal shows
        await settle(pilot)
        table = game_screen(app)
        assert not table.showing_hand_end


def _header_text(table: GameScreen) -> str:
    for selector in ("#table-header", "#hub-header"):
        found = table.query(selector)
        if found:
            return str(found.first().render())
    return ""


async def _move(pilot, table: GameScreen) -> None:
    key = move_key(table)
    if key is None:
        await pilot.pause()
    else:
        await pilot.press(key)


# -- keys typed ahead ---------------------------------------------------------------------

def _stale_key(key: str, when: float) -> events.Key:
    event = events.Key(key, None if len(key) > 1 else key)
    event.time = when
    return event


async def _to_human_play(pilot, app) -> GameScreen:
    for _ in range(3000):
        await settle(pilot)
        screen = app.screen
        if type(screen).__name__ in DIALOG_SCREENS:
            await pilot.press("enter")
            continue
        table = game_screen(app)
        if table.session.is_human_turn() and table.session.view().phase == "play":
            return table
        await _move(pilot, table)
    raise AssertionError("the human never had a tile to play")


@pytest.mark.parametrize("name", ["moon", "texas42", "mexican_train"])
async def test_keys_typed_while_bots_played_do_not_make_the_move(tmp_path, name):
    app = make_app(tmp_path, game=name, options=SHORT[name], levels=LEVELS[name])
    async with app.run_test(size=(80, 24)) as pilot:
        before_turn = get_time()
        app.start_game(name, SHORT[name], LEVELS[name], seed=4)
        table = await _to_human_play(pilot, app)
        # A new decision of the human's: keys stamped before it began reach the app now
        # (as they do when a bot kept the app busy) and must make no move.
        index = table.session.decision_index
        history = len(table.session.game.history)
        for key in ("1", "right", "enter", "space", "d", "p", "enter"):
            app.post_message(_stale_key(key, before_turn))
        await pilot.pause()
        await settle(pilot)
        assert table.session.decision_index == index
        assert len(table.session.game.history) == history
        await pilot.press(move_key(table) or "enter")
        await settle(pilot)
        assert table.session.decision_index > index or table.status.error
    assert record_lines(tmp_path)


@pytest.mark.parametrize("name", ["moon", "texas42", "mexican_train"])
async def test_an_enter_typed_twice_plays_once_and_says_nothing(tmp_path, name):
    """The second Enter of a quick double press reaches the table once the bots play: it
    is dropped, not refused with the core's "It is Player 2's turn" (which used to stay
    on screen into the human's next turn)."""
    app = make_app(tmp_path, game=name, options=SHORT[name], levels=LEVELS[name])
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(name, SHORT[name], LEVELS[name], seed=4)
        table = await _to_human_play(pilot, app)
        await pilot.pause(0.05)          # keys from before the turn began make no move
        index = table.session.decision_index
        key = move_key(table) or "enter"
        keys = (key, "enter") if key != "enter" else ("enter",)
        for key in (*keys, "enter", "enter"):
            app.post_message(events.Key(key, "\r" if key == "enter" else key))
        for _ in range(6):
            await pilot.pause()
            assert "turn" not in table.status.error, table.status.error
        assert table.session.decision_index > index
        await settle(pilot)
        assert "turn" not in table.status.error, table.status.error


@pytest.mark.parametrize("name", ["moon", "texas42"])
async def test_q_in_a_bidding_or_widow_dialog_quits_with_the_game_saved(tmp_path, name):
    app = make_app(tmp_path, game=name, options=SHORT[name], levels=LEVELS[name])
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(name, SHORT[name], LEVELS[name], seed=4)
        for _ in range(200):
            await settle(pilot)
            if type(app.screen).__name__ in DIALOG_SCREENS:
                break
            await pilot.pause()
        assert type(app.screen).__name__ in DIALOG_SCREENS, app.screen
        decisions = game_screen(app).session.decision_index
        await pilot.pause(0.05)          # keys from before the dialog appeared are dropped
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code == 0
    lines = record_lines(tmp_path)
    assert lines and len([line for line in lines if line.get("event") == "bid"]) <= decisions


async def test_a_click_from_before_the_turn_plays_no_tile(tmp_path):
    from tui.widgets.hand import HandView
    app = make_app(tmp_path, game="moon", options=SHORT["moon"], levels=LEVELS["moon"])
    async with app.run_test(size=(80, 24)) as pilot:
        before_turn = get_time()
        app.start_game("moon", SHORT["moon"], LEVELS["moon"], seed=4)
        table = await _to_human_play(pilot, app)
        index = table.session.decision_index
        hand = table.query_one(HandView)
        x, y = next((x, y) for y in range(hand.size.height) for x in range(hand.size.width)
                    if hand.index_at(x, y) == hand.cursor)
        for _ in range(2):          # a click on the chosen tile plays it, when it counts
            gutter = hand.gutter
            click = events.Click(hand, x + gutter.left, y + gutter.top, 0, 0, 1, False, False,
                                 False, screen_x=hand.content_region.x + x,
                                 screen_y=hand.content_region.y + y)
            click.time = before_turn
            hand.post_message(click)
            await pilot.pause()
        await settle(pilot)
        assert table.session.decision_index == index


async def test_keys_that_make_no_move_still_work_when_typed_ahead(tmp_path):
    app = make_app(tmp_path, game="moon", options=SHORT["moon"], levels=LEVELS["moon"])
    async with app.run_test(size=(80, 24)) as pilot:
        before_turn = get_time()
        app.start_game("moon", SHORT["moon"], LEVELS["moon"], seed=4)
        await _to_human_play(pilot, app)
        app.post_message(_stale_key("question_mark", before_turn))
        await pilot.pause()
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"


def test_the_keys_that_make_no_move_are_known_on_every_table():
    from tui.screens.train_hub import TrainHubScreen
    from tui.screens.trick_table import TrickTableScreen
    hub, table = TrainHubScreen.free_keys(), TrickTableScreen.free_keys()
    for keys in (hub, table):
        assert {"q", "question_mark", "h", "g", "u", "s", "equals_sign"} <= keys
        assert not {"enter", "space", "b", "d", "p", "1"} & keys
    assert {"right_square_bracket", "left_square_bracket"} <= hub
    assert {"l", "t"} <= table
