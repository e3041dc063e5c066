"""Texas 42 through the UI: a whole game by keys, partners, count, stacks, Nel-O."""

from __future__ import annotations

from core.commands import MARK, Bid, NameTrump
from core.texas42.engine import Texas42Game
from tests.tui_pilot import game_screen, make_app, play_to_game_over, record_lines, settle
from tui.play.session import GameSession, Seat
from tui.screens.trick_table import TrickTableScreen
from tui.widgets.scoreboard import Scoreboard
from tui.widgets.trick_area import TrickArea

EASY4 = ["human", "easy", "easy", "easy"]


async def test_texas42_complete_game_by_keys_only(tmp_path):
    app = make_app(tmp_path, game="texas42", options={"target": "marks:1"}, levels=EASY4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")                      # quick game: 42 is highlighted
        seen = await play_to_game_over(pilot)
        assert game_screen(app).session.game.is_over
        assert seen.get("TrickTableScreen:play", 0) >= 1
        assert seen.get("BiddingDialog", 0) >= 1
    lines = record_lines(tmp_path)
    assert lines[0]["game"] == "texas42" and lines[0]["options"]["target"] == "marks:1"
    assert lines[-1]["event"] == "game_end"
    assert max(lines[-1]["scores"]) >= 1


async def test_texas42_table_shows_partner_count_and_stacks(tmp_path):
    app = make_app(tmp_path, game="texas42", options={}, levels=EASY4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
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
        names = [p.name for p in screen.query_one(TrickArea).scene.seats]
        assert names == ["You", "West", "North", "East"]
        board = str(screen.query_one(Scoreboard).render())
        assert "You & North" in board and "West & East" in board
        assert "Count still out:" in board and "Points: us" in board and "Tricks: us" in board
        played = [t for tr in view.tricks for _, t in tr.plays] + [t for _, t in view.current_trick]
        from core.texas42.scoring import count_of
        assert f"Count still out: {35 - sum(count_of(t) for t in played)}" in board
        await pilot.press("t")
        await pilot.pause()
        assert type(app.screen).__name__ == "StacksScreen"
        text = str(app.screen.query_one("#stacks-text").render())
        assert "Us (You & North)" in text and "Them (West & East)" in text
        first = view.tricks[0]
        assert " ".join(f"[{t.high}|{t.low}]" for _, t in first.plays) in text
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is screen


def _nello_session() -> GameSession:
    """A 42 game where seat 0 (the human) has bid 2 marks and declared Nel-O."""
    game = Texas42Game(options={"nello": True}, seed=5)
    game.start()
    while game.phase == "bid":
        p = game.current_player
        game.apply(Bid(p, 2 * MARK) if p == 0 else Bid(p, None))
    assert game.view(0).bidder == 0, "seat 0 must win the bid for this test"
    game.apply(NameTrump(0, "nello"))
    seats = [Seat("You", "human"), Seat("West", "bot", "easy"), Seat("North", "bot", "easy"),
             Seat("East", "bot", "easy")]
    return GameSession(game, seats)


async def test_texas42_nello_partner_shown_sitting_out(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(TrickTableScreen(_nello_session()))
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TrickTableScreen)
        scene = screen.query_one(TrickArea).scene
        assert scene.seats[2].flag == "sits out (Nel-O)"
        board = str(screen.query_one(Scoreboard).render())
        assert "North sits out (Nel-O)" in board
        assert "Trumps: Nel-O" in board
