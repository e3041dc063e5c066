"""A shared table's session in the app: built from the server's updates only, it
sends its decisions and runs no bot, and its history is the lines the seat may read."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest

from core.errors import NotYourTurn
from tui.play.tables.client import TableClient
from tui.play.tables.remote import RemoteGame, RemoteSession, seats_of
from tui.play.tables.server import TableServer


async def test_a_remote_session_plays_a_whole_game_from_updates(tmp_path):
    folder = Path(tempfile.mkdtemp(prefix="dr-", dir="/tmp"))
    server = TableServer(folder / "s.sock", tmp_path, bot_delay=0, seed=5)
    await server.start()
    try:
        client = await TableClient.connect(folder / "s.sock", player="ann", name="Ann")
        client.send("open", game="texas42", name="oak-42", options={"target": "marks:1"},
                    seats=[{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"},
                           {"kind": "me"}, {"kind": "bot", "level": "easy"}])
        joined = await client.expect("joined")
        game = RemoteGame(joined, joined["seat"])
        sent = []

        def send(line):
            sent.append(line)
            client.send("command", table="oak-42", line=line)

        session = RemoteSession(game, seats_of(joined, 2), send)
        assert [s.name for s in session.seats][2] == "You" and session.viewer() == 2
        assert not session.can_undo() and not session.is_bot_turn()
        client.send("start", table="oak-42")
        rng = random.Random(1)
        while not game.is_over:
            update = await client.expect("update", table="oak-42")
            session.receive(update)
            if session.is_human_turn():
                command = rng.choice(game.legal_actions())
                assert session.submit(command) == []
                assert not session.is_human_turn()          # waiting for the server
                with pytest.raises(NotYourTurn):
                    session.submit(command)
        truth = server.tables["oak-42"].game
        assert len(game.history) == len(truth.history)
        assert all(line.to_record() == real.to_record() or line.to_record()["event"] == "deal"
                   for line, real in zip(game.history, truth.history))
        assert game.record is not None and game.record[0]["game"] == "texas42"
        assert len(sent) >= 7
        await client.close()
    finally:
        await server.close()
        for item in folder.iterdir():
            item.unlink()
        folder.rmdir()
