"""Shared tables in the app, keyboard only: open a table, a friend joins, start it,
play the whole game on the same screens as a solo game; join from the list; leave."""

from __future__ import annotations

import asyncio
import random

from tests.tui_pilot import DIALOG_SCREENS, make_app, move_key, table_server, wait_for
from tui.play.tables.client import TableClient
from tui.play.tables.server import TableServer
from tui.play.tables.wire import command_line, decode
from tui.screens.game_base import GameScreen
from tui.screens.shared_game import SharedTable
from tui.screens.tables import OpenTableScreen, TablesScreen, WaitingRoomScreen


async def friend(server: TableServer, table: str, seat: int | None = None) -> TableClient:
    bob = await TableClient.connect(server.path, player="bob", name="Bob")
    bob.send("join", table=table, **({"seat": seat} if seat is not None else {}))
    await bob.expect("joined")
    return bob


async def friend_plays(bob: TableClient, table: str, seat: int) -> None:
    rng = random.Random(2)
    while True:
        update = await bob.expect("update", table=table, timeout=60)
        while not bob.messages.empty():               # act on the newest update only
            queued = bob.messages.get_nowait()
            if queued["type"] == "update":
                update = queued
        print("bob got", update["to_act"], update["position"], update["seat"], flush=True)
        if update["state"] == "over":
            return
        if update["to_act"] == seat:
            bob.send("command", table=table,
                     line=command_line(rng.choice(decode(update["view"]).legal)))


async def play_shared_game(pilot, limit: int = 6000) -> dict[str, int]:
    """Play our seat with keys until the game-over screen, waiting for the others."""
    app = pilot.app
    seen: dict[str, int] = {}
    for _ in range(limit):
        await pilot.pause(0.01)            # (a bare pause waits for animations to end)
        screen = app.screen
        name = type(screen).__name__
        if name == "GameOverScreen":
            return seen
        seen[name] = seen.get(name, 0) + 1
        if name in DIALOG_SCREENS:
            await pilot.press("enter")
        elif isinstance(screen, GameScreen):
            key = move_key(screen)
            if key is None:
                await pilot.pause(0.02)        # another seat decides, at the server
                continue
            await pilot.press(key)
        else:
            await pilot.pause(0.02)
    screen = app.game_screen
    remote = screen.session.remote if screen is not None else None
    raise AssertionError(f"the shared game did not end: {seen}; at {type(app.screen).__name__}: "
                         f"to act {remote and remote.to_act}, seat {remote and remote.seat}, "
                         f"waiting {screen and screen.session.awaiting}, "
                         f"lines {remote and remote.position}, {screen and screen.status.error}")


async def test_open_a_42_table_a_friend_joins_and_the_game_is_played_to_its_end(
        tmp_path, monkeypatch):
    async with table_server(tmp_path, monkeypatch) as server:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("2", "o")                     # Texas 42, a shared table
            await wait_for(pilot, lambda: isinstance(app.screen, OpenTableScreen), "open screen")
            await pilot.press("enter")                       # Texas 42: you, bot, a person, bot
            await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen), "waiting room")
            room = app.screen
            name = room.table
            assert name in server.tables and server.tables[name].seats[0].identity == "ann"
            bob = await friend(server, name)
            await wait_for(pilot, lambda: "Bob" in " ".join(room.notices), "Bob's arrival told")
            playing = asyncio.ensure_future(friend_plays(bob, name, 2))
            await pilot.press("s")
            await wait_for(pilot, lambda: isinstance(app.screen, (SharedTable, GameScreen))
                           or type(app.screen).__name__ in DIALOG_SCREENS, "the game screen")
            shown = await play_shared_game(pilot)
            assert shown.get("SharedTrickTable", 0) > 0
            await asyncio.wait_for(playing, 30)
            table = server.tables[name]
            assert table.state == "over"
            await bob.close()


async def carol_opens_elm_moon(server: TableServer, pilot) -> TableClient:
    """Carol opens elm-moon (one seat open) and sits at it; the app's list (j) shows it."""
    carol = await TableClient.connect(server.path, player="carol", name="Carol")
    carol.send("open", game="moon", name="elm-moon",
               seats=[{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "level": "easy"}])
    await carol.expect("joined")
    await pilot.pause()
    await pilot.press("j")
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, TablesScreen) and app.screen.tables,
                   "the list of tables")
    return carol


async def test_the_host_sees_who_sits_down_and_a_guest_is_told_when_the_table_closes(
        tmp_path, monkeypatch):
    async with table_server(tmp_path, monkeypatch) as server:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            carol = await carol_opens_elm_moon(server, pilot)
            await carol.expect("update", table="elm-moon")
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen), "waiting room")
            # the host's waiting room learns who sat down (its seats, not only a notice)
            update = await carol.expect("update", table="elm-moon", timeout=5)
            assert update["seats"][1]["kind"] == "human", update["seats"]
            carol.send("leave", table="elm-moon")               # the host leaves: it closes
            await wait_for(pilot, lambda: isinstance(app.screen, TablesScreen),
                           "back on the list")
            await wait_for(pilot, lambda: app.screen.tables == [], "the list afresh")
            await carol.close()


async def test_join_a_table_from_the_list_and_leave_it(tmp_path, monkeypatch):
    async with table_server(tmp_path, monkeypatch) as server:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            carol = await carol_opens_elm_moon(server, pilot)
            listing = app.screen
            assert listing.tables[0]["table"] == "elm-moon"
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen), "waiting room")
            assert server.tables["elm-moon"].seat_of("ann") == 1
            assert not app.screen.check_action("start", ())        # only the host starts
            carol.send("start", table="elm-moon")
            await wait_for(pilot, lambda: isinstance(app.game_screen, SharedTable), "the game")
            screen = app.game_screen
            assert isinstance(screen, SharedTable)
            assert not screen.check_action("undo", ())
            view = screen.session.view()
            assert view.player == 1 and len(view.hand) in (7, 8)
            screen.action_quit_game()
            await wait_for(pilot, lambda: type(app.screen).__name__ == "TitleScreen", "the title")
            await wait_for(pilot, lambda: server.tables["elm-moon"].bot_plays(1), "a bot plays")
            await carol.close()


def test_a_table_from_the_server_is_shown_as_plain_text():
    from tui.screens.tables import table_label
    label = table_label({"table": "oak-42", "game": "texas42", "state": "waiting", "free": [2],
                         "seats": [{"kind": "human", "name": "[b]Eve[/b]\x1b[2J" + "x" * 80,
                                    "connected": True},
                                   {"kind": "bot", "level": "[red]expert"}, {"kind": "open"},
                                   {"kind": "open"}]})
    text = label.plain
    assert "[b]Eve[/b]" in text and "\x1b" not in text      # shown as typed, never markup
    assert "x" * 60 not in text                       # a name is cut to 40 characters


async def test_a_table_is_opened_with_the_settings_and_hints_chosen_on_its_screen(
        tmp_path, monkeypatch):
    from textual.widgets import Input

    from tui.screens.setup import TableSettingsScreen
    async with table_server(tmp_path, monkeypatch) as server:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("o")
            await wait_for(pilot, lambda: isinstance(app.screen, OpenTableScreen), "open screen")
            opening = app.screen
            while opening.game != "moon":
                await pilot.press("g")
            assert "Settings: the game's defaults" in str(opening.query_one("#tables-list")
                                                          .get_option_at_index(1).prompt)
            await pilot.press("e")
            await wait_for(pilot, lambda: isinstance(app.screen, TableSettingsScreen),
                           "the table's settings")
            settings = app.screen
            assert not settings.query("#seed")                  # no deal number: the server's
            assert not any(row.display for row in settings.query(".seat-row"))
            settings.query_one("#opt-target", Input).value = "11"
            await pilot.press("f5")
            await wait_for(pilot, lambda: app.screen is opening, "back to the table's screen")
            assert opening.options["target"] == 11
            assert "target 11" in str(opening.query_one("#tables-list")
                                      .get_option_at_index(1).prompt)
            await pilot.press("h")                              # hints off for everyone
            assert opening.hints is False
            opening.query_one("#tables-list").highlighted = opening.FIRST_SEAT_ROW
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen), "waiting room")
            table = server.tables[app.screen.table]
            assert table.options["target"] == 11 and table.hints is False
            assert app.preferences.choices("moon").options["target"] == 11   # remembered


async def test_a_table_opened_and_left_in_the_app_is_closed(tmp_path, monkeypatch):
    """A player's steps: o, Enter (the waiting room), l. The table is no longer
    listed, for the app or anyone else, and the server keeps no file of it."""
    async with table_server(tmp_path, monkeypatch) as server:
        app = make_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("2", "o")
            await wait_for(pilot, lambda: isinstance(app.screen, OpenTableScreen), "open screen")
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen), "waiting room")
            name = app.screen.table
            assert name in server.tables
            await pilot.press("l")
            await wait_for(pilot, lambda: not isinstance(app.screen, WaitingRoomScreen),
                           "out of the waiting room")
            await wait_for(pilot, lambda: not server.tables, "the table closed")
            assert not list((server.tables_dir).glob("*.json"))
            eve = await TableClient.connect(server.path, player="eve")
            assert (await eve.request("list", "tables"))["tables"] == []
            await eve.close()
            for _ in range(5):
                if type(app.screen).__name__ == "TitleScreen":
                    break
                await pilot.press("escape")
                await pilot.pause(0.05)
            await pilot.press("j")
            await wait_for(pilot, lambda: isinstance(app.screen, TablesScreen), "the list")
            await pilot.pause(0.2)
            assert app.screen.tables == []
