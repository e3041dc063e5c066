"""The table server with protocol clients in one process: open, join, play, leave,
come back, restart -- and clients that try what they must not."""

from __future__ import annotations

import asyncio
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from core.commands import Bid
from core.records import read_record, replay
from core.registry import game_class
from tui.play.tables.client import TableClient
from tui.play.tables.protocol import MAX_LINE, ProtocolError
from tui.play.tables.server import TableServer
from tui.play.tables.wire import command_line, decode


@pytest.fixture
def where(tmp_path_factory):
    # Unix socket paths are short (108 bytes): a short folder of its own.
    import tempfile
    folder = Path(tempfile.mkdtemp(prefix="dt-", dir="/tmp"))
    yield folder / "s.sock", tmp_path_factory.mktemp("server")
    for item in folder.iterdir():
        item.unlink()
    folder.rmdir()


async def serve(where, **kwargs: Any) -> TableServer:
    path, data = where
    server = TableServer(path, data, bot_delay=0, seed=kwargs.pop("seed", 1), **kwargs)
    await server.start()
    return server


async def player(where, who: str) -> TableClient:
    return await TableClient.connect(where[0], player=who, name=who.capitalize())


HAND_ENDS: list[tuple[int, Any]] = []       # (seat, its view as a hand ended), as play_out saw


async def updates_until_turn(client: TableClient, table: str, seat: int) -> dict[str, Any]:
    """Read updates until it is ``seat``'s turn (or the game is over); the last one."""
    while True:
        message = await client.expect("update", table=table)
        if message["to_act"] == seat or message["state"] == "over":
            return message


async def play_out(client: TableClient, table: str, seat: int, rng: random.Random,
                   first: dict[str, Any] | None = None, *, decisions: int | None = None) -> dict[str, Any]:
    """Play ``seat`` by random legal moves from the views received."""
    message = first or await updates_until_turn(client, table, seat)
    made = 0
    while message["state"] != "over":
        if "hand_end_view" in message:
            HAND_ENDS.append((seat, decode(message["hand_end_view"])))
        if message["to_act"] == seat:
            view = decode(message["view"])
            assert view.player == seat
            client.send("command", table=table, line=command_line(rng.choice(view.legal)))
            made += 1
            if decisions is not None and made >= decisions:
                return message
        message = await updates_until_turn(client, table, seat)
    return message


async def test_two_people_and_two_bots_play_a_42_game_each_seeing_only_their_hand(where):
    server = await serve(where)
    try:
        alice, bob = await player(where, "alice"), await player(where, "bob")
        alice.send("open", game="texas42", options={"target": "marks:1"},
                   seats=[{"kind": "me"}, {"kind": "bot", "level": "easy"}, {"kind": "open"},
                          {"kind": "bot", "level": "easy"}])
        joined = await alice.expect("joined")
        name = joined["table"]
        assert joined["seat"] == 0 and name.endswith("-42")
        listed = await bob.request("list", "tables")
        assert [t["table"] for t in listed["tables"]] == [name]
        assert listed["tables"][0]["free"] == [2]
        bob.send("join", table=name)
        assert (await bob.expect("joined"))["seat"] == 2
        # Only the host starts.
        bob.send("start", table=name)
        with pytest.raises(ProtocolError) as refused:
            await bob.expect("update", table=name, state="playing")
        assert refused.value.code == "not_host"
        alice.send("start", table=name)
        first_a = await alice.expect("update", table=name, state="playing")
        deal = next(line for line in first_a["lines"] if line["event"] == "deal")
        assert deal["hands"][0] is not None and deal["hands"][1:] == [None, None, None]
        assert sorted(str(t) for t in decode(first_a["view"]).hand) == sorted(deal["hands"][0])
        results = await asyncio.gather(
            play_out(alice, name, 0, random.Random(1), first_a),
            play_out(bob, name, 2, random.Random(2)))
        for result in results:
            assert result["state"] == "over"
            assert result["record"][-1]["event"] == "game_end"
        # The record on the server is a whole game that replays.
        finished = list((where[1] / "finished").glob(f"{name}-*.jsonl"))
        assert len(finished) == 1
        record = read_record(finished[0])
        assert replay(record).is_over
        assert [p["kind"] for p in record.header["players"]] == ["human", "bot", "human", "bot"]
        assert record.header["players"][0]["name"] == "Alice"
        await alice.close()
        await bob.close()
    finally:
        await server.close()


async def test_a_seat_sees_its_own_hand_and_a_watcher_none(where):
    server = await serve(where)
    try:
        alice, carol = await player(where, "alice"), await player(where, "carol")
        alice.send("open", game="moon", seats=[{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}],
                   name="elm-moon")
        await alice.expect("joined")
        alice.send("start", table="elm-moon")
        first = await alice.expect("update", table="elm-moon", state="playing")
        carol.send("join", table="elm-moon", watch=True)
        assert (await carol.expect("joined"))["seat"] is None
        seen = await carol.expect("update", table="elm-moon")
        public = decode(seen["view"])               # the table as everyone may see it
        assert public.hand == () and public.legal == () and public.widow_taken is None
        assert public.hand_counts == decode(first["view"]).hand_counts
        deal = next(line for line in seen["lines"] if line["event"] == "deal")
        assert deal["hands"] == [None, None, None] and deal["widow"] is None
        mine = next(line for line in first["lines"] if line["event"] == "deal")
        assert mine["hands"][0] is not None and mine["widow"] is None
        assert decode(first["view"]).hand
    finally:
        await server.close()


async def test_a_hostile_client_is_refused_and_the_others_play_on(where):
    server = await serve(where)
    try:
        alice, mallory = await player(where, "alice"), await player(where, "mallory")
        alice.send("open", game="texas42", name="oak-42",
                   seats=[{"kind": "me"}, {"kind": "bot", "level": "easy"}, {"kind": "open"},
                          {"kind": "bot", "level": "easy"}])
        await alice.expect("joined")
        mallory.send("join", table="oak-42", seat=2)
        await mallory.expect("joined")
        alice.send("start", table="oak-42")
        message = await alice.expect("update", table="oak-42", state="playing")
        while message["to_act"] != 0:                 # mallory plays fair until alice's turn
            if message["to_act"] == 2:
                turn = await updates_until_turn(mallory, "oak-42", 2)
                mallory.send("command", table="oak-42",
                             line=command_line(decode(turn["view"]).legal[0]))
            message = await alice.expect("update", table="oak-42")
        state = server.tables["oak-42"].game.state_key()

        async def refused(data: dict[str, Any] | bytes, code: str) -> None:
            if isinstance(data, bytes):
                mallory.send_raw(data)
            else:
                mallory.send(**data)
            error = await mallory.expect("error")
            assert error["code"] == code, error
            assert server.tables["oak-42"].game.state_key() == state

        legal = decode(message["view"]).legal
        # Acting for alice's seat, in alice's name or her turn, is refused.
        await refused({"kind": "command", "table": "oak-42", "line": command_line(legal[0])},
                      "not_your_seat")
        await refused({"kind": "command", "table": "oak-42",
                       "line": {"event": "bid", "player": 2, "bid": 30}}, "not_your_turn")
        await refused({"kind": "command", "table": "oak-42",
                       "line": {"event": "play", "player": 2, "tile": "9-9"}}, "malformed")
        await refused({"kind": "command", "table": "oak-42", "line": {"event": "hand_end"}},
                      "malformed")
        await refused({"kind": "command", "table": "nowhere", "line": {}}, "no_table")
        await refused(b"{not json\n", "malformed")
        await refused(b"[1, 2]\n", "malformed")
        await refused(b'{"type": "command", "table": "oak-42", "line": {}, "as": 0}\n',
                      "malformed")
        await refused(b'{"type": "view", "seat": 0}\n', "unknown_type")
        await refused(b'{"type": "hello", "version": 1, "player": "alice"}\n', "greeted")
        await refused(b"x" * (MAX_LINE + 10) + b"\n", "too_big")
        # After all that, alice plays on as before.
        alice.send("command", table="oak-42", line=command_line(legal[0]))
        after = await alice.expect("update", table="oak-42")
        assert after["position"] > message["position"]
        # A flood is cut off; alice is not.
        for _ in range(400):
            mallory.send_raw(b'{"type": "ping", "x": 1}\n')
        with pytest.raises(ConnectionError):
            while True:
                await mallory.receive(5)
        assert (await alice.request("ping", "pong"))["type"] == "pong"
    finally:
        await server.close()


async def test_a_client_cannot_take_another_identity_or_read_others_views(where):
    # The hosting account's own processes may name their player (the SSH wrapper does);
    # a table seat is bound to that identity, and updates go only to their owner.
    server = await serve(where)
    try:
        alice = await player(where, "alice")
        alice.send("open", game="moon", name="fir-moon",
                   seats=[{"kind": "me"}, {"kind": "open"}, {"kind": "bot"}])
        await alice.expect("joined")
        bob = await player(where, "bob")
        bob.send("join", table="fir-moon", seat=0)                # alice's seat
        assert (await bob.expect("error"))["code"] == "seat_taken"
        bob.send("join", table="fir-moon")
        assert (await bob.expect("joined"))["seat"] == 1
        alice.send("start", table="fir-moon")
        for client, seat in ((alice, 0), (bob, 1)):
            message = await client.expect("update", table="fir-moon", state="playing")
            assert message["seat"] == seat and decode(message["view"]).player == seat
        eve = await player(where, "eve")
        eve.send("command", table="fir-moon", line={"event": "bid", "player": 1, "bid": None})
        assert (await eve.expect("error"))["code"] == "not_seated"
    finally:
        await server.close()


async def test_a_dropped_player_is_held_then_a_bot_plays_then_they_retake_the_seat(where):
    server = await serve(where, hold_seconds=0.3)
    try:
        alice = await player(where, "alice")
        alice.send("open", game="texas42", name="ash-42",
                   seats=[{"kind": "me"}, {"kind": "bot", "level": "easy"}, {"kind": "open"},
                          {"kind": "bot", "level": "easy"}])
        await alice.expect("joined")
        bob = await player(where, "bob")
        bob.send("join", table="ash-42")
        await bob.expect("joined")
        alice.send("start", table="ash-42")
        bob_plays = asyncio.ensure_future(play_out(bob, "ash-42", 2, random.Random(9)))
        await play_out(alice, "ash-42", 0, random.Random(3), decisions=2)
        bob_plays.cancel()
        table = server.tables["ash-42"]
        await alice.close()                         # alice's terminal dies
        await asyncio.sleep(0.05)
        assert not table.seats[0].connected
        assert not table.bot_plays(0)               # held: the game waits for her
        notices = []
        while len(notices) < 2:
            message = await bob.receive()
            if message["type"] == "notice":
                notices.append(message["text"])
        assert "Alice went" in notices[0] and "a bot plays seat 1" in notices[1]
        # Bob plays on with a bot in alice's seat.
        await play_out(bob, "ash-42", 2, random.Random(4), decisions=3)
        moved = len(table.game.history)
        alice = await player(where, "alice")
        alice.send("join", table="ash-42")
        back = await alice.expect("joined")
        assert back["seat"] == 0
        update = await alice.expect("update", table="ash-42")
        kinds = [line["event"] for line in update["lines"]]       # the whole game so far
        assert {"hand_start", "deal"} <= set(kinds) and len(kinds) >= moved
        assert decode(update["view"]).player == 0
        assert table.seats[0].connected and not table.bot_plays(0)
        assert len(table.game.history) >= moved
        HAND_ENDS.clear()
        await asyncio.gather(play_out(alice, "ash-42", 0, random.Random(5), update),
                             play_out(bob, "ash-42", 2, random.Random(6)))
        assert table.state == "over"
        # Each hand's end reached each player as their own view of it.
        assert {seat for seat, _ in HAND_ENDS} == {0, 2}
        assert all(view.player == seat and not view.current_trick for seat, view in HAND_ENDS)
    finally:
        await server.close()


async def test_a_restarted_server_resumes_the_table_exactly(where):
    server = await serve(where, hold_seconds=30)
    alice = await player(where, "alice")
    alice.send("open", game="mexican_train", name="oak-train", options={"set": 9, "rounds": 1},
               seats=[{"kind": "me"}, {"kind": "bot", "level": "easy"},
                      {"kind": "bot", "level": "easy"}])
    await alice.expect("joined")
    alice.send("start", table="oak-train")
    await play_out(alice, "oak-train", 0, random.Random(7), decisions=3)
    await alice.close()
    await server.close()
    state = server.tables["oak-train"].game.state_key()      # as the server left it
    history = len(server.tables["oak-train"].game.history)
    # A torn last line (a crash mid-write) is taken back to the last whole line.
    record = where[1] / "tables" / "oak-train.jsonl"
    with open(record, "a") as stream:
        stream.write('{"event": "pla')
    server = await serve(where, hold_seconds=30)
    try:
        table = server.tables["oak-train"]
        assert table.state == "playing" and len(table.game.history) == history
        assert table.game.state_key() == state
        assert not table.seats[0].connected
        alice = await player(where, "alice")
        alice.send("join", table="oak-train")
        assert (await alice.expect("joined"))["seat"] == 0
        final = await play_out(alice, "oak-train", 0, random.Random(8))
        assert final["state"] == "over"
        finished = next((where[1] / "finished").glob("oak-train-*.jsonl"))
        assert replay(read_record(finished)).is_over
    finally:
        await server.close()


async def test_the_server_stops_by_itself_when_idle(where):
    server = await serve(where, idle_seconds=0.2)
    client = await player(where, "alice")
    await client.close()
    await asyncio.wait_for(server.stopped.wait(), 5)
    assert not where[0].exists()


def test_the_socket_and_the_records_are_the_accounts_alone(where):
    async def run() -> None:
        server = await serve(where)
        try:
            assert os.stat(where[0]).st_mode & 0o777 == 0o600
            assert os.stat(where[1] / "tables").st_mode & 0o077 == 0
        finally:
            await server.close()
    asyncio.run(run())


def test_a_group_may_reach_the_socket_but_never_the_records(where):
    """``dominoes serve --group G``: the socket and its folder are G's too (its members
    connect as their own users); the records stay the hosting account's alone."""
    gid = os.getgid()                        # a group this account is in, for the test

    async def run() -> None:
        server = await serve(where, group=gid)
        try:
            socket_info, folder_info = os.stat(where[0]), os.stat(where[0].parent)
            assert socket_info.st_mode & 0o777 == 0o660 and socket_info.st_gid == gid
            assert folder_info.st_mode & 0o777 == 0o750 and folder_info.st_gid == gid
            assert os.stat(where[1] / "tables").st_mode & 0o077 == 0
            alice = await player(where, "alice")
            assert alice.identity                                 # still served
            await alice.close()
        finally:
            await server.close()
    asyncio.run(run())


def test_serve_names_an_unknown_group_in_a_sentence():
    from tui.play.tables.commands import ServeError, group_id
    with pytest.raises(ServeError, match="no group 'no-such-group-here'"):
        group_id("no-such-group-here")
    assert group_id(str(os.getgid())) == os.getgid()


def test_the_views_and_commands_travel_whole():
    from tui.play.tables.wire import encode
    for name, options in (("moon", {}), ("texas42", {"nello": True, "sevens": True}),
                          ("mexican_train", {"players": 4, "rounds": 1})):
        game = game_class(name)(options=options, seed=3)
        game.start()
        rng = random.Random(3)
        for _ in range(120):                     # every kind of decision, a few hands' worth
            if game.is_over:
                break
            view = game.view(game.current_player)
            assert decode(json.loads(json.dumps(encode(view)))) == view
            command = rng.choice(game.legal_actions())
            line = json.loads(json.dumps(command_line(command)))
            assert type(game).command_from_record(line) == command
            game.apply(command)


async def test_a_tables_hints_setting_is_told_to_its_seats_and_kept_over_a_restart(where):
    server = await serve(where)
    alice = await player(where, "alice")
    alice.send("open", game="moon", name="elm-nohint", aids={"hints": False},
               seats=[{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "level": "easy"}])
    joined = await alice.expect("joined")
    assert joined["aids"] == {"hints": False}
    alice.send("open", game="moon", name="elm-hint",
               seats=[{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "level": "easy"}])
    assert (await alice.expect("joined"))["aids"] == {"hints": True}
    alice.send("open", game="moon", aids={"hints": "yes"},
               seats=[{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "level": "easy"}])
    assert (await alice.expect("error"))["code"] == "bad_aids"
    await server.close()                # the server goes down with alice still there (had
    await alice.close()                 # she gone first, her waiting tables closed with her)
    server = await serve(where)
    try:
        assert server.tables["elm-nohint"].hints is False
        assert server.tables["elm-hint"].hints is True
    finally:
        await server.close()


def test_moons_widow_choice_travels_as_a_decision_line():
    """``widow = optional``: the bidder takes the widow with ``{"event": "draw"}`` (a
    decision with no record line of its own) or leaves it with ``{"event": "pass"}``."""
    from tui.play.tables.table import Seat, Table
    for event, held in (("draw", 8), ("pass", 7)):
        table = Table("elm-widow", "moon", {"widow": "optional"},
                      [Seat("open"), Seat("open"), Seat("open")], host="a", seed=5)
        for who in "abc":
            table.take_seat(who)
        table.start("a", False)
        while table.game.phase == "bid":
            seat = table.game.current_player
            bid = 5 if not table.game.view(seat).bids else None
            table.command("abc"[seat], command_line(Bid(seat, bid)))
        bidder = table.game.current_player
        assert table.game.view(bidder).choosing_widow
        with pytest.raises(Exception, match="seat"):
            table.command("abc"[(bidder + 1) % 3], {"event": event, "player": bidder})
        table.command("abc"[bidder], {"event": event, "player": bidder})
        view = table.game.view(bidder)
        assert not view.choosing_widow and len(view.hand) == held


# -- tables that close: the host goes, the last person leaves, the game ends -------------

async def until(test: Any, what: str, limit: float = 5.0) -> None:
    """Wait (in the server's own loop) until ``test()`` holds; else fail naming ``what``."""
    end = asyncio.get_running_loop().time() + limit
    while not test():
        if asyncio.get_running_loop().time() > end:
            raise AssertionError(f"never: {what}")
        await asyncio.sleep(0.02)


async def listed(client: TableClient) -> list[str]:
    return [t["table"] for t in (await client.request("list", "tables"))["tables"]]


async def open_heron(client: TableClient) -> None:
    """``client`` opens heron-42, a 42 table with one open seat, and sits at it."""
    client.send("open", game="texas42", name="heron-42",
                seats=[{"kind": "me"}, {"kind": "bot"}, {"kind": "open"}, {"kind": "bot"}])
    await client.expect("joined")


async def test_a_waiting_table_closes_when_its_host_leaves_it(where):
    """A player's steps: o, Enter (the waiting room), l. The table is gone from the
    list and from the server's files; whoever sat down is told, and may go."""
    server = await serve(where)
    try:
        alice, bob = await player(where, "alice"), await player(where, "bob")
        await open_heron(alice)
        bob.send("join", table="heron-42")
        await bob.expect("joined")
        assert (where[1] / "tables" / "heron-42.json").exists()
        alice.send("leave", table="heron-42")
        await alice.expect("left", table="heron-42")
        notice = await bob.expect("notice", table="heron-42", timeout=5)
        while "closed" not in notice["text"]:
            notice = await bob.expect("notice", table="heron-42", timeout=5)
        assert "Alice" in notice["text"]
        await bob.expect("left", table="heron-42")
        assert await listed(bob) == []
        assert "heron-42" not in server.tables
        assert not (where[1] / "tables" / "heron-42.json").exists()
        bob.send("join", table="heron-42")                  # nothing left to join
        assert (await bob.expect("error"))["code"] == "no_table"
        await alice.close()
        await bob.close()
    finally:
        await server.close()


async def test_a_guest_leaving_a_waiting_table_only_frees_the_seat(where):
    server = await serve(where)
    try:
        alice, bob = await player(where, "alice"), await player(where, "bob")
        alice.send("open", game="moon", name="wren-moon",
                   seats=[{"kind": "me"}, {"kind": "open"}, {"kind": "bot"}])
        await alice.expect("joined")
        bob.send("join", table="wren-moon")
        await bob.expect("joined")
        bob.send("leave", table="wren-moon")
        await bob.expect("left")
        assert await listed(alice) == ["wren-moon"]
        assert server.tables["wren-moon"].free_seats() == [1]
        await alice.close()
        await bob.close()
    finally:
        await server.close()


async def test_a_waiting_table_closes_when_its_hosts_app_is_gone(where):
    """Quitting or killing the app without leaving: the connection closes, the table with it."""
    server = await serve(where)
    try:
        alice, bob = await player(where, "alice"), await player(where, "bob")
        await open_heron(alice)
        bob.send("open", game="moon", name="bob-moon",          # a table of no seat of his own
                 seats=[{"kind": "open"}, {"kind": "open"}, {"kind": "bot"}])
        await bob.expect("opened")
        await alice.close()
        await until(lambda: "heron-42" not in server.tables, "alice's table closed")
        assert await listed(bob) == ["bob-moon"]
        assert not (where[1] / "tables" / "heron-42.json").exists()
        await bob.close()
        await until(lambda: not server.tables, "bob's table closed")
    finally:
        await server.close()


async def test_the_last_person_leaving_a_table_in_play_closes_it(where):
    """Nobody is left to play for: the bots stop, the table goes, its record is kept aside."""
    server = await serve(where)
    try:
        alice = await player(where, "alice")
        alice.send("open", game="moon", name="elm-moon",
                   seats=[{"kind": "me"}, {"kind": "bot", "level": "easy"},
                          {"kind": "bot", "level": "easy"}])
        await alice.expect("joined")
        alice.send("start", table="elm-moon")
        await play_out(alice, "elm-moon", 0, random.Random(1), decisions=1)
        alice.send("leave", table="elm-moon")
        await alice.expect("left", table="elm-moon")
        assert await listed(alice) == []
        assert "elm-moon" not in server.tables and not server._drivers
        assert not list((where[1] / "tables").iterdir())
        kept = list((where[1] / "abandoned").glob("elm-moon-*.jsonl"))
        assert len(kept) == 1 and read_record(kept[0], allow_truncated=True).header
    finally:
        await server.close()


async def test_a_table_in_play_stays_while_someone_may_come_back(where):
    """Leaving hands a seat to a bot; while another person plays or is away (their seat
    held, see README), the table goes on."""
    server = await serve(where, hold_seconds=30)
    try:
        alice, bob = await player(where, "alice"), await player(where, "bob")
        alice.send("open", game="moon", name="elm-moon",
                   seats=[{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "level": "easy"}])
        await alice.expect("joined")
        bob.send("join", table="elm-moon")
        await bob.expect("joined")
        alice.send("start", table="elm-moon")
        await alice.expect("update", table="elm-moon", state="playing")
        await bob.close()                                   # bob's line drops: held
        await until(lambda: not server.tables["elm-moon"].seats[1].connected, "bob away")
        alice.send("leave", table="elm-moon")
        await alice.expect("left", table="elm-moon")
        assert await listed(alice) == ["elm-moon"]          # bob may come back
        bob = await player(where, "bob")
        bob.send("join", table="elm-moon")
        assert (await bob.expect("joined"))["seat"] == 1
        bob.send("leave", table="elm-moon")
        await bob.expect("left")
        assert await listed(bob) == []                      # now nobody is left
        await alice.close()
        await bob.close()
    finally:
        await server.close()


async def test_a_finished_table_goes_once_nobody_is_at_it(where):
    server = await serve(where)
    try:
        alice = await player(where, "alice")
        alice.send("open", game="texas42", name="ash-42", options={"target": "marks:1"},
                   seats=[{"kind": "me"}, {"kind": "bot", "level": "easy"},
                          {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}])
        await alice.expect("joined")
        alice.send("start", table="ash-42")
        final = await play_out(alice, "ash-42", 0, random.Random(2))
        assert final["state"] == "over"
        assert "ash-42" in server.tables                    # the game-over screen is still up
        await alice.close()
        await until(lambda: not server.tables, "the finished table gone")
        assert len(list((where[1] / "finished").glob("ash-42-*.jsonl"))) == 1
    finally:
        await server.close()


async def test_the_server_stops_once_the_host_has_left_and_gone(where):
    """The README: the server "stops by itself when no table is left" (after ``--idle``
    seconds with no table and nobody connected)."""
    server = await serve(where, idle_seconds=0.3)
    alice = await player(where, "alice")
    await open_heron(alice)
    alice.send("leave", table="heron-42")
    await alice.expect("left")
    await alice.close()
    try:
        await asyncio.wait_for(server.stopped.wait(), 10)
    finally:
        await server.close()
    assert not where[0].exists()


async def test_a_waiting_table_resumed_without_its_host_closes_after_the_hold(where):
    server = await serve(where)
    alice = await player(where, "alice")
    alice.send("open", game="moon", name="elm-moon",
               seats=[{"kind": "me"}, {"kind": "open"}, {"kind": "bot"}])
    await alice.expect("joined")
    await server.close()                                    # the server goes down first
    await alice.close()
    server = await serve(where, hold_seconds=0.3, idle_seconds=60)
    try:
        assert "elm-moon" in server.tables                  # the host has a while to come back
        await until(lambda: not server.tables, "the hostless table closed")
        assert not (where[1] / "tables" / "elm-moon.json").exists()
    finally:
        await server.close()
