"""A protocol client: connect to the table server, send requests, read its messages.

Used by ``dominoes tables``/``dominoes join`` and the app's shared tables; the
tests drive servers with it too. Every message received is checked as a JSON
object of at most :data:`~tui.play.tables.protocol.MAX_LINE` bytes; what a view
holds is read back with :func:`tui.play.tables.wire.decode`.

No Textual here.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from tui.play.tables.protocol import MAX_LINE, PROTOCOL_VERSION, ProtocolError, encode_message

__all__ = ["TableClient"]


class TableClient:
    """One connection. ``messages`` queues everything the server sends, in order."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.messages: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.identity: str | None = None
        self._reading: asyncio.Task[None] | None = None
        self.closed = asyncio.Event()

    @classmethod
    async def connect(cls, path: Path, *, player: str | None = None, name: str | None = None,
                      timeout: float = 10.0) -> TableClient:
        """Connect and say hello; raises ``OSError`` or :class:`ProtocolError`."""
        reader, writer = await asyncio.wait_for(
            asyncio.open_unix_connection(str(path), limit=MAX_LINE + 1), timeout)
        client = cls(reader, writer)
        client._reading = asyncio.get_running_loop().create_task(client._read())
        client.send("hello", version=PROTOCOL_VERSION, player=player, name=name,
                    client="dominoes")
        welcome = await client.expect("welcome", timeout=timeout)
        client.identity = welcome["identity"]
        return client

    async def _read(self) -> None:
        try:
            while True:
                line = await self.reader.readline()
                if not line:
                    break
                try:
                    message = json.loads(line)
                except ValueError:
                    continue
                if isinstance(message, dict) and isinstance(message.get("type"), str):
                    await self.messages.put(message)
        except (ConnectionError, ValueError):
            pass
        finally:
            self.closed.set()

    def send(self, kind: str, **fields: Any) -> None:
        self.writer.write(encode_message(kind, **fields))

    def send_raw(self, data: bytes) -> None:
        """Bytes as they are (tests of a server's defences)."""
        self.writer.write(data)

    async def receive(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next message; ``TimeoutError`` if none comes, ``ConnectionError`` once the
        server has hung up and nothing is left."""
        if self.messages.empty() and self.closed.is_set():
            raise ConnectionError("the table server hung up")
        getter = asyncio.ensure_future(self.messages.get())
        closed = asyncio.ensure_future(self.closed.wait())
        try:
            done, _ = await asyncio.wait({getter, closed}, timeout=timeout,
                                         return_when=asyncio.FIRST_COMPLETED)
        finally:
            closed.cancel()
        if getter in done:
            return getter.result()
        getter.cancel()
        if closed in done and self.messages.empty():
            raise ConnectionError("the table server hung up")
        if not done:
            raise TimeoutError("no message from the table server")
        return await self.messages.get()

    async def expect(self, kind: str, timeout: float = 10.0, **match: Any) -> dict[str, Any]:
        """The next message of ``kind`` (with fields equal to ``match``), skipping others;
        an ``error`` in between raises :class:`ProtocolError`."""
        while True:
            message = await self.receive(timeout)
            if message["type"] == "error" and kind != "error":
                raise ProtocolError(str(message.get("code")), str(message.get("message")))
            if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
                return message

    async def request(self, kind: str, reply: str, timeout: float = 10.0,
                      **fields: Any) -> dict[str, Any]:
        self.send(kind, **fields)
        return await self.expect(reply, timeout)

    async def close(self) -> None:
        self.writer.close()
        try:
            await self.writer.wait_closed()
        except (ConnectionError, OSError):
            pass
        if self._reading is not None:
            self._reading.cancel()
            await asyncio.gather(self._reading, return_exceptions=True)
