"""Play aids through the UI: undo/redo, hints, the play-by-play log, the hand review."""

from __future__ import annotations

import threading

from core.commands import Play
from core.records import read_record, replay
from core.undo import rebuild
from tests.tui_pilot import make_app, settle
from tui.screens.game_base import GameScreen
from tui.screens.hand_review import HandReviewScreen
from tui.screens.hint import Hint, HintRow, HintScreen
from tui.screens.log import LogScreen
from tui.screens.summary import HandSummaryScreen

EASY3 = ["human", "easy", "easy"]
MOON = {"target": 7}
SMALL_HINTS = {"samples": 4, "nodes": 2000}


def the_save(tmp_path):
    saves = list((tmp_path / "saves").glob("*.jsonl"))
    assert len(saves) == 1, saves
    return saves[0]


async def to_human_play(pilot, *, min_plays_in_hand: int = 0, min_choices: int = 1,
                        limit: int = 300):
    """Answer dialogs with Enter and play on until it is the human's turn to play a tile
    with at least ``min_plays_in_hand`` tiles of this hand already played by the human
    and at least ``min_choices`` tiles to choose from."""
    app = pilot.app
    for _ in range(limit):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, GameScreen):
            session = screen.session
            if screen.waiting_for_key:
                await pilot.press("space")
                continue
            view = session.view()
            if session.is_human_turn() and view.phase == "play":
                mine = sum(1 for tr in view.tricks for p, _ in tr.plays if p == view.player)
                mine += sum(1 for p, _ in view.current_trick if p == view.player)
                if mine >= min_plays_in_hand and len(view.legal) >= min_choices:
                    return screen
        await pilot.press("enter")
    raise AssertionError("never reached the human's turn to play")


async def play_tile(pilot, screen, tile) -> None:
    """Choose ``tile`` in the hand by its number key and play it with Enter."""
    index = list(screen.session.view().hand).index(tile)
    await pilot.press(str(index + 1), "enter")


async def test_undo_takes_back_the_humans_move_and_bots_replay_the_same_way(tmp_path):
    app = make_app(tmp_path, game="moon", options=MOON, levels=EASY3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = await to_human_play(pilot, min_plays_in_hand=1)
        session = screen.session
        k = session.decision_index
        before = session.game.state_key()
        hand = list(session.view().hand)
        await pilot.press("enter")                  # play a tile; the bots answer
        screen = await to_human_play(pilot)
        mine = next(t for t in hand if t not in session.view().hand)
        after, index_after = session.game.state_key(), session.decision_index
        assert index_after > k + 1
        await pilot.press("u")
        await settle(pilot)
        # Back to the human's decision: the state of a game replayed to that point.
        assert session.decision_index == k
        assert session.game.state_key() == before
        assert session.game.state_key() == rebuild(session.game, k).state_key()
        assert session.undo_used
        # The save is the undone prefix, still a valid record, and marked.
        record = read_record(the_save(tmp_path))
        assert record.header["undo_used"] is True
        assert replay(record).state_key() == before
        # Redo brings the same moves back.
        await pilot.press("r")
        await settle(pilot)
        assert session.decision_index == index_after
        assert session.game.state_key() == after
        assert replay(read_record(the_save(tmp_path))).state_key() == after
        # Undo again, then the same tile by hand: the bots answer exactly as before.
        await pilot.press("u")
        await settle(pilot)
        assert session.decision_index == k
        await play_tile(pilot, screen, mine)
        await to_human_play(pilot)
        assert session.decision_index == index_after
        assert session.game.state_key() == after
        assert replay(read_record(the_save(tmp_path))).state_key() == after
        assert not session.can_redo()


async def test_undo_stops_at_the_start_of_the_hand_and_can_be_turned_off(tmp_path):
    app = make_app(tmp_path, game="moon", options=MOON, levels=EASY3)
    app.preferences.settings.undo = False
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = await to_human_play(pilot, min_plays_in_hand=1)
        await pilot.press("enter")
        screen = await to_human_play(pilot)
        session = screen.session
        state = session.game.state_key()
        await pilot.press("u")
        await settle(pilot)
        assert session.game.state_key() == state        # the setting is off: nothing
        assert not session.undo_used
        app.preferences.settings.undo = True
        screen.refresh_bindings()
        for _ in range(10):
            if not session.can_undo():
                break
            if app.screen is not screen:
                await pilot.press("escape")             # back from a dialog to the table
                await pilot.pause()
            await pilot.press("u")
            await settle(pilot)
        assert not session.can_undo()
        assert session.decision_index >= session.hand_floor()
        # Undo went back to the human's first decision of the hand (its bid).
        assert session.game.phase == "bid" and session.is_human_turn()
        if app.screen is not screen:
            await pilot.press("escape")
            await pilot.pause()
        # Nothing left to take back: the footer stops offering u, and u changes nothing.
        assert not screen.check_action("undo", ())
        index = session.decision_index
        await pilot.press("u")
        await pilot.pause()
        assert session.decision_index == index


async def test_hint_shows_the_experts_choice_with_a_reason_and_changes_nothing(tmp_path):
    app = make_app(tmp_path, game="moon", options=MOON, levels=EASY3)
    app.hint_bot_options = SMALL_HINTS
    release = threading.Event()

    def slow(game_name, view, legal, rng, options, names):
        release.wait(5)
        return Hint(legal[0], [HintRow(legal[0], "Play it", "because the test says so")])

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = await to_human_play(pilot, min_choices=2)
        session = screen.session
        state, index = session.game.state_key(), session.decision_index
        await pilot.press("h")
        await pilot.pause()
        hint_screen = app.screen
        assert isinstance(hint_screen, HintScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert hint_screen.hint is not None
        text = hint_screen.plain_text()
        assert "Suggestion: Play " in text
        assert "sampled deals" in text and "%" in text
        assert hint_screen.hint.best in session.view().legal
        await pilot.press("h")
        await pilot.pause()
        assert app.screen is screen
        assert session.game.state_key() == state and session.decision_index == index
        # While the expert thinks, a spinner shows and the screen still answers keys.
        app.push_screen(HintScreen.for_session(session, compute=slow))
        await pilot.pause()
        waiting = app.screen
        assert waiting.busy
        assert waiting.query_one("#hint-thinking").display
        assert waiting.query_one("#hint-spinner").display
        await pilot.press("down")
        await pilot.pause()
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not waiting.busy and not waiting.query_one("#hint-thinking").display
        assert "because the test says so" in waiting.plain_text()
        await pilot.press("escape")
        await pilot.pause()
        # Turned off in the settings: no hint.
        app.preferences.settings.hints = False
        await pilot.press("h")
        await pilot.pause()
        assert app.screen is screen
        assert screen.check_action("hint", ()) is False      # not offered in the footer
        assert session.game.state_key() == state


async def test_log_in_words_then_the_hand_review_from_the_summary(tmp_path):
    app = make_app(tmp_path, game="moon", options=MOON, levels=EASY3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = await to_human_play(pilot, min_plays_in_hand=2)
        session = screen.session
        names = [s.name for s in session.seats]
        await pilot.press("g")
        await pilot.pause()
        log = app.screen
        assert isinstance(log, LogScreen)
        text = str(log.query_one("#log-text").render())
        view = session.view()
        plays = [(p, t) for tr in view.tricks for p, t in tr.plays] + list(view.current_trick)
        for p, t in plays:
            assert any(f"{names[p]} {verb} {t}" in text
                       for verb in ("led", "played", "trumped with")), (p, t)
        for tr in view.tricks:
            assert f"{names[tr.winner]} won trick {tr.number}." in text
        assert "You were dealt" in text
        # Nothing hidden: a tile another player holds and has not played is never named.
        deal = next(e for e in reversed(session.game.history) if e.kind == "deal")
        played = {t for _, t in plays}
        words = set(text.replace(".", " ").replace(",", " ").split())
        for p, tiles in enumerate(deal.hands):
            if p != view.player:
                assert not {str(t) for t in tiles if t not in played} & words
        await pilot.press("g")
        await pilot.pause()
        assert app.screen is screen
        # Play to the end of the hand; the summary offers the review.
        for _ in range(400):
            await settle(pilot)
            if isinstance(app.screen, HandSummaryScreen):
                break
            if isinstance(app.screen, GameScreen) and app.screen.waiting_for_key:
                await pilot.press("space")
            else:
                await pilot.press("enter")
        else:
            raise AssertionError("no hand summary")
        summary = app.screen
        await pilot.press("v")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, HandReviewScreen)
        hand = review.lines
        deal = next(l for l in hand if l["event"] == "deal")
        text = review.plain_text()
        for tiles in deal["hands"]:
            for t in tiles:
                assert t in text
        assert "Widow" in text and deal["widow"] in text
        widow = next(l for l in hand if l["event"] == "widow")
        assert f"laid {widow['discarded']} aside" in text
        assert "Tricks" in text and "Won by" in text
        tricks = [l for l in hand if l["event"] == "trick"]
        assert len(tricks) == 7
        for trick in tricks:
            assert f"{names[trick['winner']]} won trick {trick['number']}." in text
        await pilot.press("v")
        await pilot.pause()
        assert app.screen is summary


async def test_undo_and_log_at_the_mexican_train_hub(tmp_path):
    app = make_app(tmp_path, game="mexican_train",
                   options={"players": 3, "rounds": 1, "set": 9},
                   levels=["human", "easy", "easy"])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = None
        for _ in range(60):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, GameScreen) and screen.session.is_human_turn():
                break
            await pilot.press("enter")
        session = screen.session
        view = session.view()
        k, before = session.decision_index, session.game.state_key()
        command = next((c for c in view.legal if isinstance(c, Play)), view.legal[0])
        assert screen.submit_human(command)
        await settle(pilot)
        assert session.decision_index > k
        await pilot.press("u")
        await settle(pilot)
        assert session.decision_index == k and session.game.state_key() == before
        assert read_record(the_save(tmp_path)).header["undo_used"] is True
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        text = str(app.screen.query_one("#log-text").render())
        assert "Round 1: the engine is 9-9" in text
        assert "You drew " in text


async def test_hint_opens_from_the_bid_dialog_and_the_dialog_stays(tmp_path):
    from tui.screens.bidding import BiddingDialog
    app = make_app(tmp_path, game="moon", options=MOON, levels=EASY3)
    app.hint_bot_options = SMALL_HINTS
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        for _ in range(40):                         # until the human's bid dialog shows
            await settle(pilot)
            if isinstance(app.screen, BiddingDialog):
                break
            await pilot.press("enter")
        dialog = app.screen
        assert isinstance(dialog, BiddingDialog)
        session = next(s for s in app.screen_stack if isinstance(s, GameScreen)).session
        index = session.decision_index
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HintScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "Suggestion: " in app.screen.plain_text()
        await pilot.press("h")                      # closes the hint: back to the same dialog
        await pilot.pause()
        assert app.screen is dialog and session.decision_index == index


async def test_hint_thinks_as_long_as_the_expert_thinks_setting_says(tmp_path):
    app = make_app(tmp_path, game="moon", options=MOON, levels=EASY3)
    app.preferences.settings.expert_time = "quick"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await to_human_play(pilot, min_choices=2)
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HintScreen)
        assert app.screen.bot_options == {"budget_s": 0.2}
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "Suggestion: " in app.screen.plain_text()
