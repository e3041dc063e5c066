"""The app's line to the table server: requests, and server messages as Textual messages.

One :class:`TableLink` per app, made on first use (``app.table_link``). It
connects through :func:`tui.play.tables.runtime.ensure_server` (starting a
server when none answers), says hello as ``DOMINOES_PLAYER`` (the SSH wrapper's
player identity) with the player's name, and reads the server in a Textual
worker of the app. Every message it reads is either the reply a pending
:meth:`request` waits for, or posted as a :class:`TableMessage` to the screen
that :meth:`listen` named (else the app): ``update``, ``notice``, an ``error``
nobody asked for, the server hanging up (``{"type": "closed"}``).

Everything the server sends is data from outside: screens show its names and
texts as plain text (``core.text.plain``), bounded.
"""

from __future__ import annotations

import asyncio
import os
from collections import deque
from pathlib import Path
from typing import Any

from textual.message import Message
from textual.message_pump import MessagePump

from tui.play.tables.client import TableClient
from tui.play.tables.protocol import ProtocolError

__all__ = ["TableLink", "TableLinkError", "TableMessage"]


class TableMessage(Message):
    """A message from the table server (``payload``: the checked JSON object)."""

    def __init__(self, payload: dict[str, Any]) -> None:
        super().__init__()
        self.payload = payload

    @property
    def kind(self) -> str:
        return str(self.payload.get("type", ""))


class TableLinkError(Exception):
    """The server refused a request, or cannot be reached: ``code`` and a sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class TableLink:
    """The connection, its reader worker, and who hears what it reads."""

    def __init__(self, app: Any, path: Path | None = None, *, name: str | None = None,
                 player: str | None = None) -> None:
        self.app = app
        self.path = path
        self.name = name
        self.player = player if player is not None else os.environ.get("DOMINOES_PLAYER")
        self.client: TableClient | None = None
        self.identity: str | None = None
        self._listener: MessagePump | None = None
        self._waiting: deque[tuple[set[str], asyncio.Future[dict[str, Any]]]] = deque()

    @property
    def connected(self) -> bool:
        return self.client is not None and not self.client.closed.is_set()

    async def connect(self) -> None:
        """Connect (starting a server if none answers); :class:`TableLinkError` if not."""
        if self.connected:
            return
        from tui.play.tables.runtime import ensure_server, socket_path
        try:
            path = self.path or socket_path()
            path = await asyncio.to_thread(ensure_server, path)
            self.client = await TableClient.connect(path, player=self.player, name=self.name)
        except (OSError, TimeoutError, ConnectionError) as exc:
            raise TableLinkError("unreachable", f"The table server cannot be reached: {exc}"
                                 ) from None
        except ProtocolError as exc:
            raise TableLinkError(exc.code, exc.reason) from None
        self.identity = self.client.identity
        self.app.run_worker(self._read(self.client), group="table-link", exit_on_error=False)

    def listen(self, target: MessagePump | None) -> None:
        """Send what the server says to ``target`` from now on (``None``: the app)."""
        self._listener = target

    async def _read(self, client: TableClient) -> None:
        while True:
            try:
                message = await client.receive(timeout=3600)
            except TimeoutError:
                continue
            except ConnectionError:
                self._fail_waiting(TableLinkError("closed", "The table server hung up."))
                self._post({"type": "closed"})
                return
            if self._resolve(message):
                continue
            self._post(message)

    def _resolve(self, message: dict[str, Any]) -> bool:
        kind = message.get("type")
        for entry in list(self._waiting):
            kinds, future = entry
            if future.done():
                self._waiting.remove(entry)
                continue
            if kind in kinds:
                self._waiting.remove(entry)
                future.set_result(message)
                return True
            if kind == "error":
                self._waiting.remove(entry)
                future.set_exception(TableLinkError(str(message.get("code")),
                                                    str(message.get("message"))))
                return True
        return False

    def _fail_waiting(self, error: TableLinkError) -> None:
        while self._waiting:
            _, future = self._waiting.popleft()
            if not future.done():
                future.set_exception(error)

    def _post(self, message: dict[str, Any]) -> None:
        target = self._listener            # a screen not yet running queues it till it runs
        if target is None or not target.post_message(TableMessage(message)):
            self.app.post_message(TableMessage(message))   # it has closed: the app hears it

    def send(self, kind: str, **fields: Any) -> None:
        """Send a message whose answer (an ``update``, an ``error``) comes as a
        :class:`TableMessage`; :class:`TableLinkError` when not connected."""
        if not self.connected or self.client is None:
            raise TableLinkError("closed", "Not connected to the table server.")
        self.client.send(kind, **fields)

    async def request(self, kind: str, reply: str | set[str], timeout: float = 10.0,
                      **fields: Any) -> dict[str, Any]:
        """Send and wait for the reply of type ``reply`` (an ``error`` raises
        :class:`TableLinkError`)."""
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting.append(({reply} if isinstance(reply, str) else set(reply), future))
        self.send(kind, **fields)
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise TableLinkError("timeout", "The table server did not answer.") from None

    async def close(self) -> None:
        client, self.client = self.client, None
        if client is not None:
            await client.close()
