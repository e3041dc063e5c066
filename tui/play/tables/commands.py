"""``dominoes serve`` and ``dominoes tables``: the table server, and what it holds.

    dominoes serve [--idle SECONDS] [--hold SECONDS]   run the server (the app starts it
                                                       on demand; this runs it in front)
    dominoes tables [--json]                           the open tables of the running server

No Textual here.
"""

from __future__ import annotations

import asyncio
import json
import logging
import signal
import sys
from pathlib import Path
from typing import Any

from core.text import plain
from tui.play.tables.runtime import server_answers, server_data_dir, socket_path

__all__ = ["run_serve", "run_tables", "tables_text"]


class ServeError(Exception):
    """Why the server cannot run (one line)."""


def group_id(name: str) -> int:
    """The id of the group ``name`` (a name or a number); :class:`ServeError` if none."""
    import grp
    try:
        return grp.getgrnam(name).gr_gid if not name.isdigit() else grp.getgrgid(int(name)).gr_gid
    except KeyError:
        raise ServeError(f"there is no group {name[:32]!r} on this host") from None


def run_serve(idle: float, hold: float, bot_delay: float, group: str | None = None) -> int:
    from tui.play.tables.server import TableServer
    gid = group_id(group) if group is not None else None
    path = _socket()
    if server_answers(path):
        raise ServeError(f"a table server already answers at {path}")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)

    async def serve() -> None:
        server = TableServer(path, server_data_dir(), hold_seconds=hold, idle_seconds=idle,
                             bot_delay=bot_delay, group=gid)
        try:
            await server.start()
        except OSError as exc:
            raise ServeError(f"cannot listen at {path}: {exc.strerror or exc}") from None
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, lambda: loop.create_task(server.close()))
        await server.stopped.wait()

    asyncio.run(serve())
    return 0


def _socket() -> Path:
    """The server's socket; :class:`ServeError` when there is no private place for it."""
    try:
        return socket_path()
    except OSError as exc:
        raise ServeError(str(exc)) from None


async def _list(path: Path) -> list[dict[str, Any]]:
    from tui.play.tables.client import TableClient
    client = await TableClient.connect(path, timeout=5)
    try:
        reply = await client.request("list", "tables", timeout=5)
    finally:
        await client.close()
    tables: list[dict[str, Any]] = reply.get("tables", [])
    return tables


def tables_text(tables: list[dict[str, Any]]) -> str:
    """The tables, one line each: name, game, state, seats (plain text only)."""
    if not tables:
        return "No open tables."
    lines = []
    for table in tables:
        seats = []
        for index, seat in enumerate(table.get("seats", [])):
            kind = seat.get("kind")
            if kind == "human":
                who = plain(seat.get("name") or "?", 24)
                who += "" if seat.get("connected") else " (away)"
            elif kind == "bot":
                who = f"bot ({plain(seat.get('level') or 'standard', 12)})"
            else:
                who = "open"
            seats.append(f"{index + 1}: {who}")
        lines.append(f"{plain(table.get('table', '?'), 32):<14} {plain(table.get('title', ''), 20):<18} "
                     f"{plain(table.get('state', ''), 10):<8} " + ", ".join(seats))
    return "\n".join(lines)


def run_tables(as_json: bool) -> int:
    path = _socket()
    if not server_answers(path):
        if as_json:
            print("[]")
        else:
            print("No table server is running (opening a table in the app starts one).")
        return 0
    try:
        tables = asyncio.run(_list(path))
    except (OSError, TimeoutError, ConnectionError) as exc:
        raise ServeError(f"the table server did not answer: {exc}") from None
    if as_json:
        print(json.dumps(tables, indent=2))
    else:
        print(tables_text(tables))
    return 0
