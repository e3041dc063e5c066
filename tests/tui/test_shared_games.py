"""Whole games at a shared table, two people in two apps and a bot, played by keys:
Three-Player Moon (bids, the widow, trumps) and Mexican Train (the hub); each app
shows its own hand only, and the finished game goes into each player's history.
A third app watches a table in play; hints follow the table's setting."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

from core.statistics import human_seat
from tests.tui_pilot import DIALOG_SCREENS, make_app, move_key, table_server, wait_for
from tui.app import DominoesApp
from tui.play.tables.client import TableClient
from tui.play.tables.server import TableServer
from tui.play.tables.wire import command_line, decode
from tui.screens.game_base import GameScreen
from tui.screens.shared_game import SharedTable, shared_screen, shared_session
from tui.screens.tables import TablesScreen, WaitingRoomScreen
from tui.tables_link import TableLink
from tui.widgets.hand_base import HandBase

DECISION_DIALOGS = DIALOG_SCREENS - {"HandSummaryScreen"}


def person_app(tmp_path: Path, server: TableServer, player: str, name: str) -> DominoesApp:
    """An app of its own (its own saves and history) for ``player`` at the server."""
    app = make_app(tmp_path / player)
    app.animation_level = "none"
    app._table_link = TableLink(app, server.path, name=name, player=player)
    return app


async def open_table(app: DominoesApp, pilot: Any, game: str, name: str,
                     seats: list[dict[str, Any]], options: dict[str, Any]) -> dict[str, Any]:
    """Open a table with house options through the app's link (the open screen offers the
    game's defaults only), then its waiting room, as the app shows one."""
    with app._context():
        await app.table_link.connect()
        joined = await app.table_link.request("open", "joined", game=game, name=name,
                                              seats=seats, options=options)
        app.push_screen(WaitingRoomScreen(joined))
    await wait_for(pilot, lambda: isinstance(app.screen, WaitingRoomScreen), "the waiting room")
    return joined


async def join_from_list(app: DominoesApp, pilot: Any, key: str = "enter") -> None:
    """``j`` on the title screen, then Enter (join) or ``w`` (watch) on the only table."""
    await tap(app, pilot, "j")
    await wait_for(pilot, lambda: isinstance(app.screen, TablesScreen) and app.screen.tables,
                   "the list of tables")
    await tap(app, pilot, key)


def hand_widget(screen: GameScreen) -> HandBase:
    return screen.query_one(HandBase)


def own_hand_shown(app: DominoesApp, server: TableServer, table: str, seat: int) -> bool | None:
    """At this seat's decision (the server waits for it): the hand row holds exactly the
    seat's own hand as the server has it. None when it is not the moment to look."""
    screen = app.game_screen
    game = server.tables[table]
    if not isinstance(screen, SharedTable) or game.to_act != seat or screen.showing_hand_end:
        return None
    shown = sorted(hand_widget(screen).tiles)
    return shown == sorted(game.game.view(seat).hand)


async def play_by_keys(app: DominoesApp, pilot: Any, server: TableServer, table: str,
                       seat: int, limit: int = 8000) -> dict[str, int]:
    """Play this app's seat with keys until its game-over screen shows; counts what was
    pressed where, and checks the hand row at every decision."""
    seen: dict[str, int] = {}
    stamp, steady = None, 0
    with app._context():
        for _ in range(limit):
            await pilot.pause(0.01)            # (a bare pause waits for animations to end)
            screen = app.screen
            name = type(screen).__name__
            if name == "GameOverScreen":
                return seen
            now = _stamp(app)                  # act on what has been on screen a moment:
            stamp, steady = now, (steady + 1 if now == stamp else 0)   # (fresh keys only)
            if steady < 2:
                continue
            if name in DIALOG_SCREENS:
                if name in DECISION_DIALOGS:
                    mine = own_hand_shown(app, server, table, seat)
                    if mine is not None:
                        assert mine, f"seat {seat}: the hand row is not the seat's own hand"
                        seen["hand checked"] = seen.get("hand checked", 0) + 1
                seen[name] = seen.get(name, 0) + 1
                if not await tap(app, pilot, "enter"):
                    seen[f"{name}: enter not taken"] = seen.get(f"{name}: enter not taken", 0) + 1
            elif isinstance(screen, GameScreen):
                key = move_key(screen)
                if key is None:                # another seat decides, at the server
                    if str(screen.status.prompt).startswith("Waiting for "):
                        seen["told whose turn"] = seen.get("told whose turn", 0) + 1
                    continue
                if key != "space":
                    mine = own_hand_shown(app, server, table, seat)
                    if mine is not None:
                        assert mine, f"seat {seat}: the hand row is not the seat's own hand"
                        seen["hand checked"] = seen.get("hand checked", 0) + 1
                    seen[f"key {key}"] = seen.get(f"key {key}", 0) + 1
                if not await tap(app, pilot, key):
                    seen[f"{key} not taken"] = seen.get(f"{key} not taken", 0) + 1
        game_screen: Any = app.game_screen
        remote = game_screen.session.remote if game_screen is not None else None
        raise AssertionError(f"seat {seat}: the game did not end: {seen}; "
                             f"on {type(app.screen).__name__}, to act "
                             f"{remote and remote.to_act}, server {server.tables[table].to_act}")


def where_they_are(server: TableServer, table: str, *apps: DominoesApp) -> str:
    """Each app's screen, whose turn it thinks it is and what it waits for, and the server's."""
    parts = [f"server: to act {server.tables[table].to_act}, "
             f"position {len(server.tables[table].game.history)}"]
    for app in apps:
        screen: Any = app.game_screen
        session: Any = screen.session if screen is not None else None
        parts.append(f"{type(app.screen).__name__}: " + (
            f"to act {session.remote.to_act}, position {session.remote.position}, "
            f"awaiting {session.awaiting}, waiting for key {screen.waiting_for_key}, "
            f"prompt {str(screen.status.prompt)!r}, error {str(screen.status.error)!r}"
            if session is not None else "no game screen"))
    return "; ".join(parts)


_CHARS = {"enter": "\r", "space": " ", "escape": "\x1b"}


def _stamp(app: DominoesApp) -> tuple[Any, ...]:
    screen = app.game_screen
    session: Any = screen.session if screen is not None else None
    return (id(app.screen), session and session.awaiting, session and session.remote.position,
            screen is not None and screen.waiting_for_key)


async def tap(app: DominoesApp, pilot: Any, key: str) -> bool:
    """Press ``key`` and wait until the app has taken it (its screen or game moved on),
    at most half a second. (``pilot.press`` waits for the whole process to idle: with two apps
    and a server in it, that is most of a second a key.)"""
    from textual import events
    before = _stamp(app)
    event = events.Key(key, _CHARS.get(key, key if len(key) == 1 else None))
    event.set_sender(app)
    assert app._driver is not None
    app._driver.send_message(event)
    for _ in range(50):
        await pilot.pause(0.01)
        if _stamp(app) != before:
            return True
    return False


def kept_records(app_dir: Path) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    out = []
    for path in sorted((app_dir / "history").glob("shared-*.jsonl")):
        lines = [json.loads(line) for line in path.read_text().splitlines()]
        out.append((lines[0], lines[1:]))
    return out


async def two_people_play(tmp_path: Path, monkeypatch: Any, game: str, table: str,
                          options: dict[str, Any], seats: list[dict[str, Any]] | None = None,
                          bob_seat: int = 1) -> dict[str, dict[str, int]]:
    """Ann opens ``table`` (seat 1), Bob joins it from the list (the free seat,
    ``bob_seat``), bots take the others (``seats``; default: Ann, Bob, an easy bot); both
    play it by keys to its end and leave the game-over screen with ``t``."""
    seats = seats or [{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "level": "easy"}]
    async with table_server(tmp_path, monkeypatch, seed=7) as server:
        ann = person_app(tmp_path, server, "ann", "Ann")
        bob = person_app(tmp_path, server, "bob", "Bob")
        async with ann.run_test(size=(80, 24)) as ann_pilot, \
                bob.run_test(size=(80, 24)) as bob_pilot:
            await ann_pilot.pause()
            await open_table(ann, ann_pilot, game, table, seats, options)
            with bob._context():
                await join_from_list(bob, bob_pilot)
                await wait_for(bob_pilot, lambda: isinstance(bob.screen, WaitingRoomScreen),
                               "Bob's waiting room")
            assert server.tables[table].seat_of("bob") == bob_seat
            with ann._context():
                await wait_for(ann_pilot,
                               lambda: server.tables[table].seats[bob_seat].kind == "human",
                               "Bob seated")
                await tap(ann, ann_pilot, "s")
            try:
                shown = await asyncio.wait_for(asyncio.gather(
                    play_by_keys(ann, ann_pilot, server, table, 0),
                    play_by_keys(bob, bob_pilot, server, table, bob_seat)), 120)
            except TimeoutError:
                where = where_they_are(server, table, ann, bob)
                raise AssertionError(f"the game did not end: {where}") from None
            assert server.tables[table].state == "over"
            for app, pilot in ((ann, ann_pilot), (bob, bob_pilot)):
                with app._context():
                    screen = app.game_screen
                    assert isinstance(screen, SharedTable) and screen.shared.remote.is_over
                    assert screen.shared.remote.record, "the finished record came with the end"
                    await tap(app, pilot, "t")
                    await wait_for(pilot, lambda app=app: type(app.screen).__name__
                                   == "TitleScreen", "the title after the game")
        for who, seat in (("ann", 0), ("bob", bob_seat)):
            kept = kept_records(tmp_path / who)
            assert len(kept) == 1, f"{who}'s history: {kept}"
            header, lines = kept[0]
            assert header["game"] == game and header["seat"] == seat
            assert human_seat(header) == seat
            assert any(line.get("event") == "game_end" for line in lines)
        return {"ann": shown[0], "bob": shown[1]}


async def test_two_people_and_a_bot_play_a_whole_game_of_moon_by_keys(tmp_path, monkeypatch):
    shown = await two_people_play(tmp_path, monkeypatch, "moon", "elm-moon", {"target": 7})
    for who, seen in shown.items():
        assert seen.get("BiddingDialog", 0) > 0, (who, seen)       # each bid with the dialog
        assert seen.get("key enter", 0) > 0, (who, seen)            # and played tiles
        assert seen.get("hand checked", 0) > 0, (who, seen)
        assert seen.get("told whose turn", 0) > 0, (who, seen)      # "Waiting for Bob ..."
    assert sum(seen.get("TrumpDialog", 0) for seen in shown.values()) > 0, shown


async def test_two_partners_and_two_bots_play_a_whole_game_of_42_by_keys(tmp_path, monkeypatch):
    shown = await two_people_play(
        tmp_path, monkeypatch, "texas42", "oak-42", {"target": "marks:1"},
        [{"kind": "me"}, {"kind": "bot", "level": "easy"}, {"kind": "open"},
         {"kind": "bot", "level": "easy"}], bob_seat=2)
    for who, seen in shown.items():
        assert seen.get("BiddingDialog", 0) > 0, (who, seen)
        assert seen.get("key enter", 0) > 0, (who, seen)
        assert seen.get("hand checked", 0) > 0, (who, seen)


async def test_two_people_and_a_bot_play_a_whole_game_of_mexican_train_by_keys(
        tmp_path, monkeypatch):
    shown = await two_people_play(tmp_path, monkeypatch, "mexican_train", "oak-train",
                                  {"set": 9, "rounds": 1})
    for who, seen in shown.items():
        assert seen.get("key enter", 0) > 0, (who, seen)            # tiles played at the hub
        assert seen.get("hand checked", 0) > 0, (who, seen)


# -- hints follow the table ----------------------------------------------------------

def joined_summary(hints: bool | None) -> dict[str, Any]:
    summary: dict[str, Any] = {
        "table": "elm-moon", "game": "moon", "state": "playing", "host": "ann", "seat": 0,
        "options": {"target": 7}, "free": [], "to_act": 0,
        "seats": [{"kind": "human", "name": "ann", "connected": True},
                  {"kind": "human", "name": "Bob", "connected": True},
                  {"kind": "bot", "level": "easy", "connected": False}]}
    if hints is not None:
        summary["aids"] = {"hints": hints}
    return summary


def first_update(seat: int = 0) -> dict[str, Any]:
    from tui.play.tables.table import Seat, Table
    table = Table("elm-moon", "moon", {"target": 7},
                  [Seat("human", identity="ann"), Seat("human", identity="bob"), Seat("bot")],
                  host="ann", seed=3)
    table.start("ann")
    while (acting := table.to_act) != seat and acting is not None:   # the first legal move
        table.apply(acting, table.game.legal_actions()[0])
    return table.update_for(seat, table.history_for(seat))


class _Link:
    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    def send(self, kind: str, **fields: Any) -> None:
        self.sent.append((kind, fields))

    def listen(self, target: Any) -> None:
        pass


async def hint_key_at(tmp_path: Path, hints: bool | None, own_setting: bool) -> tuple[bool, str]:
    """Whether the hint key works on a shared game screen whose table says ``hints``
    (None: the server said nothing), with the player's own setting ``own_setting``."""
    app = make_app(tmp_path)
    app.hint_bot_options = {"samples": 2, "nodes": 400}      # a quick expert
    app.settings.hints = own_setting
    link = _Link()
    app._table_link = link                       # type: ignore[assignment]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        joined = joined_summary(hints)
        update = first_update()
        session = shared_session(link, joined, 0, update)
        screen = shared_screen(session)
        app.push_screen(screen)
        await wait_for(pilot, lambda: session.is_human_turn() and screen.is_mounted
                       and app.screen is not None, "our turn")
        works = bool(screen.check_action("hint", ()))
        screen.action_hint()
        if works:                                 # the hint of this seat's own decision
            await wait_for(pilot, lambda: type(app.screen).__name__ == "HintScreen",
                           "the hint")
            hint: Any = app.screen
            await wait_for(pilot, lambda: not hint.busy, "the hint worked out", limit=3000)
            assert hint.plain_text() and not hint.failure, hint.plain_text()
            await tap(app, pilot, "escape")
        return works, str(screen.status.error)


async def test_hints_follow_the_tables_setting_not_the_players(tmp_path):
    off, said = await hint_key_at(tmp_path / "a", False, own_setting=True)
    assert not off and "without hints" in said
    assert (await hint_key_at(tmp_path / "b", True, own_setting=False))[0]
    assert (await hint_key_at(tmp_path / "c", None, own_setting=True))[0]   # absent: on


def test_the_tables_aids_are_read_from_the_joined_summary_and_each_update():
    from tui.play.tables.remote import RemoteGame
    game = RemoteGame(joined_summary(None), 0)
    assert game.hints
    game = RemoteGame(joined_summary(False), 0)
    assert not game.hints
    update = first_update()
    game.receive({**update, "aids": {"hints": True}})
    assert game.hints
    game.receive(update)                        # an update without aids changes nothing
    assert game.hints
    game.receive({**update, "aids": {"hints": "no"}})      # not a bool: not taken
    assert game.hints


def _rng_command(update: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    return command_line(rng.choice(decode(update["view"]).legal))


async def plays_randomly(client: TableClient, table: str, seat: int) -> None:
    """A person of the test's own at the table: a random legal move on the newest update."""
    rng = random.Random(5)
    while True:
        update = await client.expect("update", table=table, timeout=60)
        while not client.messages.empty():
            queued = client.messages.get_nowait()
            if queued.get("type") == "update":
                update = queued
        if update["state"] == "over":
            return
        if update["to_act"] == seat:
            client.send("command", table=table, line=_rng_command(update, rng))


# -- watching --------------------------------------------------------------------------


async def plays_slowly(client: TableClient, table: str, seat: int, go: asyncio.Event) -> None:
    """A person of the test's own: once ``go`` is set, a random legal move on the newest
    update, a moment after it (so a watcher sees the table move)."""
    rng = random.Random(5)
    await go.wait()
    update: dict[str, Any] | None = None
    while True:
        if update is None or client.messages.empty():
            update = await client.expect("update", table=table, timeout=60)
        while not client.messages.empty():
            queued = client.messages.get_nowait()
            if queued.get("type") == "update":
                update = queued
        if update["state"] == "over":
            return
        if update["to_act"] == seat:
            await asyncio.sleep(0.03)
            client.send("command", table=table,
                        line=command_line(rng.choice(decode(update["view"]).legal)))
            update = None


async def watch(tmp_path: Path, monkeypatch: Any, game: str, table: str,
                options: dict[str, Any], lines: int) -> dict[str, Any]:
    """Carol plays ``table`` with two bots; Cat's app watches it from the list (``w``)
    for ``lines`` record lines, then leaves with ``q``. What Cat's screen showed."""
    seen: dict[str, Any] = {"prompts": set(), "scenes": set(), "positions": set(),
                            "summaries": 0, "hands": set(), "tops": set()}
    async with table_server(tmp_path, monkeypatch, seed=7) as server:
        carol = await TableClient.connect(server.path, player="carol", name="Carol")
        carol.send("open", game=game, name=table, options=options,
                   seats=[{"kind": "me"}, {"kind": "bot", "level": "easy"},
                          {"kind": "bot", "level": "easy"}])
        await carol.expect("joined")
        carol.send("start", table=table)
        go = asyncio.Event()
        playing = asyncio.ensure_future(plays_slowly(carol, table, 0, go))
        cat = person_app(tmp_path, server, "cat", "Cat")
        async with cat.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await join_from_list(cat, pilot, "w")
            await wait_for(pilot, lambda: isinstance(cat.game_screen, SharedTable),
                           "the watched table")
            screen = cat.game_screen
            assert isinstance(screen, SharedTable) and screen.watching
            assert server.tables[table].seat_of("cat") is None
            assert "cat" in server.tables[table].watchers
            go.set()
            start = screen.shared.remote.position
            for _ in range(3000):
                await pilot.pause(0.01)
                top = cat.screen
                seen["tops"].add(type(top).__name__)
                if type(top).__name__ in ("HandSummaryScreen", "GameOverScreen"):
                    seen["summaries"] += 1
                    if type(top).__name__ == "GameOverScreen":
                        break
                    await tap(cat, pilot, "enter")
                    continue
                if top is not screen:
                    continue
                seen["hands"].add(tuple(hand_widget(screen).tiles))
                seen["prompts"].add(str(screen.status.prompt))
                seen["positions"].add(screen.shared.remote.position)
                if game == "moon":
                    from tui.widgets.trick_area import TrickArea
                    seen["scenes"].add(repr(screen.query_one(TrickArea).scene))
                else:
                    from tui.widgets.train_line import TrainLine
                    seen["scenes"].add(repr([line.row for line in screen.query(TrainLine)]))
                assert not screen.shared.is_human_turn() and not screen.check_action("hint", ())
                if screen.shared.remote.position - start >= lines:
                    break
            await tap(cat, pilot, "q")
            await wait_for(pilot, lambda: type(cat.screen).__name__ == "TitleScreen",
                           "the title after watching")
            await wait_for(pilot, lambda: "cat" not in server.tables[table].watchers,
                           "the watcher gone from the table")
        await asyncio.wait_for(playing, 60)
        await carol.close()
        assert not kept_records(tmp_path / "cat"), "a watched game is not the watcher's"
    return seen


async def test_a_third_app_watches_a_moon_table_in_play(tmp_path, monkeypatch):
    seen = await watch(tmp_path, monkeypatch, "moon", "ash-moon", {"target": 7}, 60)
    assert seen["hands"] == {()}, seen["hands"]            # no hand row of anyone's
    assert all(p.startswith("Watching ash-moon") for p in seen["prompts"]), seen["prompts"]
    assert not any("your turn" in s.lower() for s in seen["scenes"])
    assert len(seen["positions"]) > 5 and len(seen["scenes"]) > 5     # it moved on screen
    assert seen["summaries"] > 0                         # the hands, once a hand is over
    assert not seen["tops"] & DECISION_DIALOGS, seen["tops"]          # never asked a thing


async def test_a_third_app_watches_a_mexican_train_table_in_play(tmp_path, monkeypatch):
    seen = await watch(tmp_path, monkeypatch, "mexican_train", "ash-train",
                       {"set": 9, "rounds": 1}, 25)
    assert seen["hands"] == {()}, seen["hands"]
    assert all(p.startswith("Watching ash-train") for p in seen["prompts"]), seen["prompts"]
    assert len(seen["positions"]) > 5 and len(seen["scenes"]) > 3


def test_a_server_that_sends_a_watcher_no_view_is_said_so_not_a_crash():
    joined = {**joined_summary(None), "seat": None}
    update = first_update()
    update.pop("view")
    update["seat"] = None
    try:
        shared_session(_Link(), joined, None, update)
    except ValueError as exc:
        assert "no view" in str(exc)
    else:
        raise AssertionError("a watcher's table without a view was shown")


def test_a_watchers_view_holds_no_hand_and_no_moves():
    from tui.play.tables.remote import RemoteGame, public_view
    update = first_update()
    view = decode(update["view"])
    assert view.hand and view.legal
    hidden = public_view(view)
    assert hidden.hand == () and hidden.legal == () and hidden.scores == view.scores
    game = RemoteGame({**joined_summary(None), "seat": None}, None)
    game.receive({**update, "seat": None, "record": [{"game": "moon"}]})   # sent as is
    assert game.view(0).hand == () and game.view(2).hand == ()
    assert game.legal_actions() == [] and game.record is None
