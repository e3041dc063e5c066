"""The app's line to the table server: requests get their replies, everything else
reaches the listening screen as a TableMessage, a refusal is an error with its reason."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from textual.app import App

from tui.play.tables.server import TableServer
from tui.tables_link import TableLink, TableLinkError, TableMessage


class LinkApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.heard: list[dict] = []

    def on_table_message(self, message: TableMessage) -> None:
        self.heard.append(message.payload)


async def test_requests_replies_and_messages(tmp_path):
    folder = Path(tempfile.mkdtemp(prefix="dl-", dir="/tmp"))
    server = TableServer(folder / "s.sock", tmp_path, bot_delay=0, seed=2)
    await server.start()
    app = LinkApp()
    try:
        async with app.run_test() as pilot:
            link = TableLink(app, folder / "s.sock", name="Ann", player="ann")
            await link.connect()
            assert link.identity == "ann"
            assert (await link.request("list", "tables"))["tables"] == []
            joined = await link.request("open", "joined", game="moon", name="oak-moon",
                                        seats=[{"kind": "me"}, {"kind": "bot"}, {"kind": "bot"}])
            assert joined["seat"] == 0
            with pytest.raises(TableLinkError) as refused:
                await link.request("join", "joined", table="nowhere")
            assert refused.value.code == "no_table"
            link.send("start", table="oak-moon")
            for _ in range(100):
                if any(p["type"] == "update" and p["state"] == "playing" for p in app.heard):
                    break
                await pilot.pause(0.02)
            assert any(p["type"] == "update" and p["state"] == "playing" for p in app.heard)
            await server.close()
            for _ in range(100):
                if app.heard and app.heard[-1]["type"] == "closed":
                    break
                await pilot.pause(0.02)
            assert app.heard[-1] == {"type": "closed"}
            await link.close()
    finally:
        await server.close()
        for item in folder.iterdir():
            item.unlink()
        folder.rmdir()
