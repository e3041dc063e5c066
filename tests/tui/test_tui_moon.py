"""Three-Player Moon through the UI: whole games by keys, the table's contents, refusals."""

from __future__ import annotations

from core.commands import Play
from tests.tui_pilot import game_screen, make_app, play_to_game_over, record_lines, settle
from tui.screens.trick_table import TrickTableScreen
from tui.widgets.hand import HandView
from tui.widgets.scoreboard import Scoreboard
from tui.widgets.status_line import StatusLine
from tui.widgets.trick_area import TrickArea

MOON_SHORT = {"target": 7}
EASY = ["human", "easy", "easy"]


async def test_moon_complete_game_by_keys_only(tmp_path):
    app = make_app(tmp_path, game="moon", options=MOON_SHORT, levels=EASY)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")                      # quick game: Moon is highlighted
        seen = await play_to_game_over(pilot)
        session = game_screen(app).session
        assert session.game.is_over
        assert seen.get("TrickTableScreen:play", 0) >= 7   # the human played every trick
        assert seen.get("BiddingDialog", 0) >= 1
    lines = record_lines(tmp_path)
    assert lines[0]["game"] == "moon" and lines[0]["options"]["target"] == 7
    assert lines[0]["players"][0]["kind"] == "human"
    assert lines[-1]["event"] == "game_end"
    assert max(lines[-1]["scores"]) >= 7


async def test_moon_illegal_tile_shows_reason_and_changes_nothing(tmp_path):
    app = make_app(tmp_path, game="moon", options=MOON_SHORT, levels=EASY)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        for _ in range(400):
            await settle(pilot)
            screen = app.screen
            if not isinstance(screen, TrickTableScreen):
                await pilot.press("enter")
                continue
            view = screen.session.view()
            playable = {c.tile for c in view.legal if isinstance(c, Play)}
            illegal = [i for i, t in enumerate(view.hand) if t not in playable]
            if screen.session.is_human_turn() and view.phase == "play" and illegal:
                break
            await pilot.press("enter")
        else:
            raise AssertionError("never held a tile that may not be played")
        before = screen.session.game.state_key()
        index = illegal[0]
        await pilot.press(str(index + 1))
        hand = screen.query_one(HandView)
        assert hand.selected_tile == view.hand[index]
        await pilot.press("enter")
        await pilot.pause()
        status = screen.query_one(StatusLine)
        assert "must follow" in status.error or "closest to 7" in status.error
        assert "Not allowed" in str(status.render())
        assert screen.session.game.state_key() == before
        # The reason lasts until the next key; a legal tile after it is accepted.
        await pilot.press("right")
        await pilot.pause()
        assert status.error == ""
        assert hand.selected_tile in playable
        await pilot.press("enter")
        await pilot.pause()
        assert status.error == ""
        assert screen.session.game.state_key() != before


async def test_moon_table_shows_contract_trick_and_last_trick(tmp_path):
    app = make_app(tmp_path, game="moon", options=MOON_SHORT, levels=EASY)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        # Play on until a trick has been completed in this hand and it is our lead/turn.
        for _ in range(400):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, TrickTableScreen):
                view = screen.session.view()
                if view.tricks and screen.session.is_human_turn() and view.phase == "play":
                    break
            await pilot.press("enter")
        else:
            raise AssertionError("no trick was completed")
        board = str(screen.query_one(Scoreboard).render())
        assert "Bid:" in board and "Trumps:" in board and "first to 7" in board
        area = screen.query_one(TrickArea)
        assert area.scene is not None and len(area.scene.seats) == 3
        await pilot.press("l")
        await pilot.pause()
        last = view.tricks[-1]
        assert area.scene.title == f"Last trick ({last.number})"
        assert {p.tile for p in area.scene.seats} == {t for _, t in last.plays}
        assert any(p.flag == "★ won" and p.tile is not None for p in area.scene.seats)
        await pilot.press("l")
        await pilot.pause()
        assert not area.scene.title.startswith("Last trick")


async def test_moon_finished_trick_waits_for_a_key_when_set(tmp_path):
    app = make_app(tmp_path, game="moon", options=MOON_SHORT, levels=EASY, trick_pause=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        for _ in range(400):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, TrickTableScreen) and screen.waiting_for_key:
                break
            if isinstance(screen, TrickTableScreen) and not screen.session.is_human_turn():
                raise AssertionError("a bot is to move but nothing waits")
            await pilot.press("enter")
        else:
            raise AssertionError("no trick ended before a bot's lead")
        index = screen.session.decision_index
        scene = screen.query_one(TrickArea).scene
        assert "won it" in " ".join(scene.caption)          # the finished trick is on view
        assert "Space" in str(screen.query_one(StatusLine).render())
        await pilot.pause(0.1)
        assert screen.session.decision_index == index        # nobody moved meanwhile
        await pilot.press("space")
        await settle(pilot)
        # Play goes on: a bot leads, or (after the hand's last trick) the summary shows.
        assert (screen.session.decision_index > index
                or type(app.screen).__name__ == "HandSummaryScreen")
        assert not screen.waiting_for_key
