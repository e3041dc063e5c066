"""The table server: ``dominoes serve``. It owns the shared games.

Clients connect through a Unix socket (:func:`tui.play.tables.runtime.socket_path`)
and speak the protocol of docs/protocol.md. The server applies every command
(the engine decides; a client acts only for the seat its identity holds), runs
the bots, sends each seat its own view, writes every game's record as it goes and
resumes unfinished tables from those records when it starts again.

Who a client is comes from the socket itself (the peer's user, ``SO_PEERCRED``);
only a process of the server's own account -- the SSH hosting wrapper starts the
app under it for every player -- may name a player of its own in ``hello``.

A client is cut off when it floods (more than :data:`BURST` messages at once, or a
sustained :data:`RATE` a second) or stops reading; a malformed or oversized
message is answered with an error and changes nothing.

A table lasts while someone is left for it (:meth:`TableServer._settle`): a table
still waiting closes when its host leaves it or goes (the host's connection closes;
a table resumed after a restart gives its host ``hold_seconds`` to come back); a
table in play closes when every person seated at it has left on purpose and nobody
watches (a person whose connection dropped may come back, so their table plays on);
a finished table goes once nobody is at it. The server stops by itself after
``idle_seconds`` with no table left and nobody connected.

No Textual here: asyncio, one task per connection and one per table whose bots
are thinking (a bot's choice is made in a worker thread), each kept and cancelled
on close.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import pwd
import random
import re
import socket
import struct
import time
from pathlib import Path
from typing import Any

from core.bots import make_bot
from core.bots.base import decision_rng
from core.errors import DominoError, OptionError, RecordError
from core.records import RecordWriter, read_record, replay
from core.registry import GAME_INFO
from core.text import player_name
from core.undo import count_decisions
from tui.play.tables.names import table_name
from tui.play.tables.protocol import (
    MAX_LINE,
    PROTOCOL_VERSION,
    ProtocolError,
    encode_message,
    read_message,
    valid_table_name,
)
from tui.play.tables.runtime import private_folder
from tui.play.tables.table import SEAT_KINDS, Seat, Table, TableError

__all__ = ["TableServer"]

log = logging.getLogger("dominoes.serve")

RATE = 50.0          # messages a second a client may keep sending
BURST = 200          # messages at once
ERROR_COST = 5       # a refused message counts as this many
MAX_BUFFERED = 4 * 1024 * 1024   # bytes waiting for a client that does not read
MAX_TABLES = 200
HELLO_SECONDS = 10.0
_PLAYER = re.compile(r"^[A-Za-z0-9._-]{1,64}$")


def peer_user(sock: socket.socket | None) -> tuple[int | None, str]:
    """The user id and name of the process at the other end of a Unix socket."""
    if sock is None or not hasattr(socket, "SO_PEERCRED"):
        return None, "unknown"
    creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    _pid, uid, _gid = struct.unpack("3i", creds)
    try:
        return uid, pwd.getpwuid(uid).pw_name
    except KeyError:
        return uid, f"uid{uid}"


class Connection:
    """One client: who it is, where it sits, and its flood allowance."""

    def __init__(self, server: TableServer, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter) -> None:
        self.server = server
        self.reader = reader
        self.writer = writer
        self.uid, self.identity = peer_user(writer.get_extra_info("socket"))
        self.name = self.identity
        self.tables: set[str] = set()
        self.hosting: set[str] = set()     # the tables this connection opened
        self.tokens = float(BURST)
        self.refilled = time.monotonic()
        self.closed = False

    def spend(self, cost: float) -> bool:
        now = time.monotonic()
        self.tokens = min(float(BURST), self.tokens + (now - self.refilled) * RATE)
        self.refilled = now
        self.tokens -= cost
        return self.tokens >= 0

    def send(self, kind: str, **fields: Any) -> None:
        if self.closed:
            return
        try:
            data = encode_message(kind, **fields)
        except ProtocolError as exc:
            data = encode_message("error", code=exc.code, message=exc.reason)
        transport = self.writer.transport
        if transport.is_closing():
            self.closed = True
            return
        if transport.get_write_buffer_size() + len(data) > MAX_BUFFERED:
            log.warning("%s does not read its messages: cut off", self.identity)
            self.close()
            return
        self.writer.write(data)

    def error(self, code: str, message: str) -> None:
        self.send("error", code=code, message=message)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.writer.close()


class TableServer:
    """Tables by name, the connections, the bots. ``data``: where records are kept."""

    def __init__(self, path: Path, data: Path, *, hold_seconds: float = 60.0,
                 bot_delay: float = 0.4, idle_seconds: float = 300.0,
                 bot_budget: float | None = None, seed: int | None = None,
                 group: int | None = None) -> None:
        self.path = Path(path)
        self.group = group             # a group whose members may connect too (their own user)
        self.data = Path(data)
        self.hold_seconds = hold_seconds
        self.bot_delay = bot_delay
        self.idle_seconds = idle_seconds
        self.bot_budget = bot_budget
        self.rng = random.Random(seed) if seed is not None else random.SystemRandom()
        self.tables: dict[str, Table] = {}
        self.writers: dict[str, RecordWriter] = {}
        self.connections: set[Connection] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._drivers: dict[str, asyncio.Task[None]] = {}
        self._timers: list[asyncio.TimerHandle] = []
        self._server: asyncio.AbstractServer | None = None
        self._idle_since = time.monotonic()
        self._closing = False
        self.stopped = asyncio.Event()

    def _open_to_group(self, gid: int) -> None:
        """Let the members of ``gid`` reach the socket (each is known by their own user,
        from the socket): the socket 0660 and its folder 0750, both of that group. The
        records stay the hosting account's alone."""
        os.chown(self.path, -1, gid)
        os.chmod(self.path, 0o660)
        folder = self.path.parent
        info = folder.stat()
        if info.st_uid == os.getuid() and not info.st_mode & 0o002:   # never /tmp itself
            os.chown(folder, -1, gid)
            os.chmod(folder, 0o750)

    # -- folders ---------------------------------------------------------------------
    @property
    def tables_dir(self) -> Path:
        return self.data / "tables"

    @property
    def finished_dir(self) -> Path:
        return self.data / "finished"

    @property
    def abandoned_dir(self) -> Path:
        return self.data / "abandoned"

    # -- running -------------------------------------------------------------------
    async def start(self) -> None:
        """Listen on the socket (only this account may connect) and resume saved tables."""
        for folder in (self.path.parent, self.tables_dir, self.finished_dir):
            private_folder(folder)
        self.resume_tables()
        with contextlib.suppress(FileNotFoundError):
            if self.path.is_socket():
                self.path.unlink()          # the caller made sure no server answers there
        old = os.umask(0o177)
        try:
            self._server = await asyncio.start_unix_server(self._client, path=str(self.path))
        finally:
            os.umask(old)
        os.chmod(self.path, 0o600)
        if self.group is not None:
            self._open_to_group(self.group)
        self.start_bots()
        self._spawn(self._watch_idle())
        log.info("serving on %s", self.path)

    async def close(self) -> None:
        """Stop listening, cut every client, finish writing; idempotent."""
        self._closing = True
        if self._server is not None:
            self._server.close()
            self._server = None
        for timer in self._timers:
            timer.cancel()
        for connection in list(self.connections):
            connection.close()
        me = asyncio.current_task()
        tasks = [t for t in list(self._tasks) + list(self._drivers.values()) if t is not me]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for writer in self.writers.values():
            writer.close()
        self.writers.clear()
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        self.stopped.set()

    def _spawn(self, coroutine: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _watch_idle(self) -> None:
        while True:
            await asyncio.sleep(min(1.0, max(0.05, self.idle_seconds / 4)))
            busy = self.connections or any(t.state != "over" for t in self.tables.values())
            now = time.monotonic()
            if busy:
                self._idle_since = now
            elif now - self._idle_since >= self.idle_seconds:
                log.info("no table and nobody for %.0f s: stopping", self.idle_seconds)
                self._spawn(self.close())
                return

    # -- a client ---------------------------------------------------------------
    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        connection = Connection(self, reader, writer)
        self.connections.add(connection)
        try:
            await self._converse(connection)
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            self.connections.discard(connection)
            connection.close()
            self._gone(connection)

    async def _lines(self, connection: Connection) -> Any:
        """The client's lines; an oversized one is answered and skipped to its end."""
        buffer = b""
        skipping = False
        while not connection.closed:
            chunk = await connection.reader.read(65536)
            if not chunk:
                return
            buffer += chunk
            while True:
                end = buffer.find(b"\n")
                if end < 0:
                    if len(buffer) > MAX_LINE:
                        if not skipping:
                            yield None
                        skipping = True
                        buffer = b""
                    break
                line, buffer = buffer[:end], buffer[end + 1:]
                if skipping:
                    skipping = False
                    continue
                yield line

    async def _converse(self, connection: Connection) -> None:
        greeted = False
        lines = self._lines(connection)
        while not connection.closed:
            try:
                if greeted:
                    raw = await lines.__anext__()
                else:
                    raw = await asyncio.wait_for(lines.__anext__(), HELLO_SECONDS)
            except (StopAsyncIteration, TimeoutError):
                return
            if raw is None:
                problem: ProtocolError | None = ProtocolError(
                    "too_big", f"a message is at most {MAX_LINE} bytes")
                message: dict[str, Any] = {}
            else:
                try:
                    message = read_message(raw)
                    problem = None
                except ProtocolError as exc:
                    problem = exc
            if not connection.spend(ERROR_COST if problem else 1):
                connection.error("flood", "too many messages: disconnected")
                return
            if problem is not None:
                connection.error(problem.code, problem.reason)
                continue
            if not greeted:
                if message["type"] != "hello":
                    connection.error("hello_first", "say hello first")
                    continue
                greeted = self._hello(connection, message)
                if not greeted:
                    return
                continue
            try:
                self._handle(connection, message)
            except ProtocolError as exc:
                if not connection.spend(ERROR_COST):
                    connection.error("flood", "too many refused messages: disconnected")
                    return
                connection.error(exc.code, exc.reason)

    def _hello(self, connection: Connection, message: dict[str, Any]) -> bool:
        if message["version"] != PROTOCOL_VERSION:
            connection.error("version", f"this server speaks protocol version {PROTOCOL_VERSION}")
            return False
        player = message.get("player")
        if player is not None and connection.uid == os.getuid():
            if not _PLAYER.match(player):
                connection.error("malformed", "a player is 1-64 letters, digits, '.', '_' or '-'")
                return False
            connection.identity = player
        name = message.get("name")
        connection.name = player_name(name) if isinstance(name, str) else connection.identity
        connection.send("welcome", version=PROTOCOL_VERSION, identity=connection.identity,
                        name=connection.name)
        return True

    def _handle(self, connection: Connection, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "hello":
            raise ProtocolError("greeted", "hello is said once, first")
        if kind == "ping":
            connection.send("pong")
        elif kind == "list":
            connection.send("tables", tables=[t.public() for t in self.tables.values()])
        elif kind == "open":
            self._open(connection, message)
        elif kind == "join":
            self._join(connection, self._table(message["table"]), message.get("seat"),
                       bool(message.get("watch", False)))
        elif kind == "start":
            table = self._table(message["table"])
            table.start(connection.identity, bool(message.get("bots_fill", True)))
            self._begin(table)
        elif kind == "leave":
            table = self._table(message["table"])
            self._leave(connection, table)
        elif kind == "command":
            table = self._table(message["table"])
            if table.name not in connection.tables:
                raise TableError("not_seated", f"you are not at table {table.name}")
            table.command(connection.identity, message["line"])
            self._changed(table)

    def _table(self, name: str) -> Table:
        table = self.tables.get(name)
        if table is None:
            raise TableError("no_table", f"no table called {name[:32]!r}")
        return table

    # -- tables ------------------------------------------------------------------
    def _open(self, connection: Connection, message: dict[str, Any]) -> None:
        if sum(1 for t in self.tables.values() if t.state != "over") >= MAX_TABLES:
            raise TableError("too_many", "this server has as many tables as it takes")
        game = message["game"]
        if game not in GAME_INFO:
            raise TableError("bad_game", f"unknown game {game[:32]!r}")
        name = message.get("name") or table_name(game, self.rng, set(self.tables))
        if not valid_table_name(name) or name in self.tables:
            raise TableError("bad_name", f"{name[:32]!r} is taken or not a table name "
                                         "(a-z, 0-9 and -, up to 32)")
        seats: list[Seat] = []
        me = None
        for index, spec in enumerate(message["seats"]):
            if not isinstance(spec, dict) or spec.get("kind") not in SEAT_KINDS + ("me",):
                raise TableError("bad_seats", f"seat {index}: kind is human, me, bot or open")
            if spec["kind"] == "me":
                if me is not None:
                    raise TableError("bad_seats", "only one seat is yours")
                me = index
                seats.append(Seat("open"))
            elif spec["kind"] == "bot":
                level = spec.get("level", "standard")
                if level not in ("easy", "standard", "expert"):
                    raise TableError("bad_seats", f"seat {index}: no bot level {str(level)[:20]!r}")
                seats.append(Seat("bot", level=level))
            else:
                seats.append(Seat("open"))
        options = dict(message.get("options") or {})
        if not GAME_INFO[game].fixed_players:          # the seats say how many play
            options.setdefault("players", len(seats))
        level = message.get("level", "standard")
        aids = message.get("aids") or {}
        if not isinstance(aids, dict) or not isinstance(aids.get("hints", True), bool):
            raise TableError("bad_aids", "aids is an object: {\"hints\": true or false}")
        try:
            table = Table(name, game, options, seats, host=connection.identity,
                          seed=self.rng.randrange(2 ** 31), level=level,
                          hold_seconds=self.hold_seconds, hints=aids.get("hints", True))
        except OptionError as exc:
            raise TableError("bad_options", str(exc)[:300]) from None
        self.tables[name] = table
        connection.hosting.add(name)
        self._keep(table)
        if me is not None:
            self._join(connection, table, me, False)
        else:
            connection.send("opened", **table.public())
        self._notice(table, f"{connection.name} opened table {name}")

    def _join(self, connection: Connection, table: Table, seat: int | None, watch: bool) -> None:
        if watch and table.seat_of(connection.identity) is None:
            table.watchers.add(connection.identity)
            connection.tables.add(table.name)
            connection.send("joined", seat=None, **table.public())
            connection.send("update", **table.update_for(None, table.history_for(None)))
            return
        back = table.seat_of(connection.identity) is not None and table.state != "waiting"
        chosen = table.take_seat(connection.identity, seat)
        table.seats[chosen].name = connection.name
        connection.tables.add(table.name)
        connection.send("joined", seat=chosen, **table.public())
        connection.send("update", **table.update_for(chosen, table.history_for(chosen)))
        self._notice(table, f"{connection.name} {'is back' if back else 'sat down'} "
                            f"in seat {chosen + 1}")
        self._seats_told(table, connection)
        self._keep(table)
        self._kick(table)

    def _seats_told(self, table: Table, mover: Connection) -> None:
        """A waiting table's seats changed (``mover`` sat down or left): everyone else at
        it gets an ``update`` with the seats, so their waiting rooms show who sits where."""
        if table.state != "waiting":
            return          # in play, the seats travel with the next move's update
        for connection in list(self.connections):
            if connection is not mover and table.name in connection.tables:
                connection.send("update", **table.update_for(
                    table.seat_of(connection.identity), []))

    def _leave(self, connection: Connection, table: Table) -> None:
        connection.tables.discard(table.name)
        seat = table.went(connection.identity, left=True)    # left on purpose: no hold
        connection.send("left", table=table.name)
        if table.state == "waiting" and connection.identity == table.host:
            self._close(table, f"{connection.name} left: table {table.name} is closed")
            return
        if seat is not None:
            self._notice(table, f"{connection.name} left seat {seat + 1}"
                         + (": a bot plays it" if table.state == "playing" else ""))
            if table.state == "playing":
                self._kick(table)
            self._seats_told(table, connection)
        if not self._settle(table, connection.name):
            self._keep(table)

    def _gone(self, connection: Connection) -> None:
        """A connection closed: its seats are held, then played by bots; a table it
        opened that has not started closes with it (see :meth:`_settle`)."""
        for name in sorted(connection.tables | connection.hosting):
            table = self.tables.get(name)
            if table is None:
                continue
            if name in connection.tables and not any(
                    c.identity == connection.identity and name in c.tables
                    for c in self.connections):     # else: still here on another line
                seat = table.went(connection.identity)
                if seat is not None and table.state == "playing" and not self._closing:
                    self._notice(table, f"{connection.name} went: seat {seat + 1} is held "
                                        f"for {self.hold_seconds:.0f} s")
                    self._timers.append(asyncio.get_running_loop().call_later(
                        self.hold_seconds + 0.01, self._held_over, table.name, seat))
            if not self._settle(table, connection.name):
                self._keep(table)

    def _held_over(self, name: str, seat: int) -> None:
        table = self.tables.get(name)
        if table is not None and table.state == "playing" and table.bot_plays(seat):
            self._notice(table, f"a bot plays seat {seat + 1} until its player is back")
            self._changed(table)

    # -- tables that close -------------------------------------------------------------
    def _host_here(self, table: Table) -> bool:
        """Whether the host is still at the table (or on the line that opened it)."""
        return any(c.identity == table.host and (table.name in c.tables or table.name in c.hosting)
                   for c in self.connections)

    def _settle(self, table: Table, who: str) -> bool:
        """After someone (``who``) left or went: close the table if nobody is left for it
        (see the module's notes). Whether it closed. Never while the server stops."""
        if self._closing or self.tables.get(table.name) is not table:
            return False
        if table.state == "waiting" and not self._host_here(table):
            self._close(table, f"{who} went: table {table.name} is closed")
        elif table.deserted:
            self._close(table, f"{who} left, and nobody is left: table {table.name} is closed")
        elif table.state == "over" and not any(table.name in c.tables for c in self.connections):
            self._close(table, "")
        else:
            return False
        return True

    def _unclaimed(self, name: str) -> None:
        """The hold after a restart is over: a waiting table whose host is not back closes."""
        table = self.tables.get(name)
        if table is not None and table.state == "waiting":
            self._settle(table, "the host")

    def _close(self, table: Table, text: str) -> None:
        """Take ``table`` away: its bots stop, its files go (an unfinished game's record is
        kept in ``abandoned/``), and whoever is still at it is told and sent ``left``."""
        name = table.name
        if self.tables.get(name) is not table:
            return
        del self.tables[name]
        driver = self._drivers.pop(name, None)
        if driver is not None and driver is not asyncio.current_task():
            driver.cancel()
        writer = self.writers.pop(name, None)
        if writer is not None:
            writer.close()
            with contextlib.suppress(OSError):
                self.abandoned_dir.mkdir(exist_ok=True, mode=0o700)
                os.replace(self.tables_dir / f"{name}.jsonl",
                           self.abandoned_dir / f"{name}-{table.seed}.jsonl")
        with contextlib.suppress(OSError):
            (self.tables_dir / f"{name}.json").unlink()
        for connection in list(self.connections):
            connection.hosting.discard(name)
            if name in connection.tables:
                connection.tables.discard(name)
                if text:
                    connection.send("notice", table=name, text=text)
                connection.send("left", table=name)
        log.info("closed table %s (%s)", name, table.state)

    def _begin(self, table: Table) -> None:
        path = self.tables_dir / f"{table.name}.jsonl"
        writer = RecordWriter(path, table.game.header(table.players_header()), fsync=True)
        self.writers[table.name] = writer
        self._notice(table, "the game begins")
        self._changed(table)

    # -- after every change --------------------------------------------------------
    def _changed(self, table: Table) -> None:
        lines = table.new_lines()
        writer = self.writers.get(table.name)
        if writer is not None and lines:
            writer.append(lines)
        for connection in list(self.connections):
            if table.name not in connection.tables:
                continue
            seat = table.seat_of(connection.identity)
            update = table.update_for(seat, lines)
            if table.state == "over" and writer is not None and seat is not None:
                update["record"] = [table.game.header(table.players_header())] + \
                    [event.to_record() for event in table.game.history]
            connection.send("update", **update)
        if table.state == "over":
            self._finish(table)
        self._keep(table)
        self._kick(table)
        if table.state == "over":
            self._settle(table, "")          # nobody at it any more: it goes

    def _finish(self, table: Table) -> None:
        writer = self.writers.pop(table.name, None)
        if writer is None:
            return
        writer.close()
        source = self.tables_dir / f"{table.name}.jsonl"
        with contextlib.suppress(OSError):
            os.replace(source, self.finished_dir / f"{table.name}-{table.seed}.jsonl")
        with contextlib.suppress(OSError):
            (self.tables_dir / f"{table.name}.json").unlink()

    def _notice(self, table: Table, text: str) -> None:
        for connection in self.connections:
            if table.name in connection.tables:
                connection.send("notice", table=table.name, text=text)

    def _keep(self, table: Table) -> None:
        """Write what resuming the table needs beside its record (not once it is over)."""
        if table.state == "over" or self.tables.get(table.name) is not table:
            return                          # over, or closed
        data = table.to_json()
        path = self.tables_dir / f"{table.name}.json"
        temporary = path.with_suffix(".json.tmp")
        temporary.write_text(json.dumps(data))
        os.replace(temporary, path)

    # -- bots ------------------------------------------------------------------------
    def _kick(self, table: Table) -> None:
        """Start the table's bot driver if a bot is to act and none is thinking."""
        if self._closing or self.tables.get(table.name) is not table:
            return
        seat = table.to_act
        if seat is None or not table.bot_plays(seat):
            return
        running = self._drivers.get(table.name)
        if running is not None and not running.done():
            return
        task = asyncio.get_running_loop().create_task(self._drive(table))
        self._drivers[table.name] = task

    async def _drive(self, table: Table) -> None:
        while True:
            seat = table.to_act
            if seat is None or not table.bot_plays(seat):
                return
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            before = len(table.game.history)
            if table.to_act != seat or not table.bot_plays(seat):
                continue
            bot = make_bot(table.game_name, table.bot_level(seat), self.bot_budget)
            view = table.game.view(seat)
            legal = table.game.legal_actions()
            rng = decision_rng(table.seed, seat, count_decisions(table.game))
            command = await asyncio.to_thread(bot.choose, view, legal, rng)
            if len(table.game.history) != before or table.to_act != seat \
                    or not table.bot_plays(seat):
                continue                    # the player came back and moved first
            try:
                table.apply(seat, command)
            except (TableError, DominoError) as exc:      # a bot's fault: never a stuck table
                log.error("bot at %s seat %d: %s", table.name, seat, exc)
                return
            self._changed(table)

    # -- resuming --------------------------------------------------------------------
    def resume_tables(self) -> None:
        """Every unfinished table of a former run, from its record: humans are away (their
        seats held), bots as they were; a record that does not replay is set aside."""
        for meta_path in sorted(self.tables_dir.glob("*.json")):
            try:
                meta = json.loads(meta_path.read_text())
                self._resume(meta)
            except (OSError, ValueError, KeyError, TypeError, DominoError) as exc:
                log.error("cannot resume %s: %s", meta_path.name, exc)
                with contextlib.suppress(OSError):
                    os.replace(meta_path, meta_path.with_suffix(".broken"))

    def _resume(self, meta: dict[str, Any]) -> None:
        name = meta["table"]
        if not valid_table_name(name):
            raise ValueError(f"bad table name {name!r}")
        seats = [Seat(s["kind"], level=s.get("level", "standard"), identity=s.get("identity"),
                      name=player_name(s.get("name") or s.get("identity"))
                      if s.get("name") or s.get("identity") else None)   # a bot: "Bot N"
                 for s in meta["seats"]]
        table = Table(name, meta["game"], meta["options"], seats, host=meta["host"],
                      seed=int(meta["seed"]), level=meta.get("level", "standard"),
                      hold_seconds=self.hold_seconds, hints=meta.get("hints") is not False)
        record_path = self.tables_dir / f"{name}.jsonl"
        if meta["state"] == "playing" and record_path.exists():
            try:
                record = read_record(record_path, allow_truncated=True)
                game = replay(record)
            except RecordError as exc:
                raise ValueError(str(exc)) from None
            table.game = game
            table.state = "over" if game.is_over else "playing"
            table.sent = len(game.history)
            now = table.clock()
            for seat in table.seats:
                if seat.kind == "human":
                    seat.connected = False
                    seat.held_until = now + self.hold_seconds
            temporary = record_path.with_suffix(".jsonl.tmp")   # whole lines only, then append
            with RecordWriter(temporary, record.header, fsync=True) as rewrite:
                rewrite.append(record.lines)
            os.replace(temporary, record_path)
            self.writers[name] = RecordWriter.append_to(record_path, fsync=True)
        else:
            for index, seat in enumerate(table.seats):     # a table still being set up
                if seat.kind == "human":
                    table.seats[index] = Seat("open")
        self.tables[name] = table
        log.info("resumed table %s (%s)", name, table.state)

    def start_bots(self) -> None:
        """After resuming: bots whose turn it is start thinking; held seats wait, and so
        does a table still waiting, for its host to come back (:meth:`_unclaimed`)."""
        for table in self.tables.values():
            if table.state == "waiting":
                self._timers.append(asyncio.get_running_loop().call_later(
                    self.hold_seconds + 0.01, self._unclaimed, table.name))
            for seat, chair in enumerate(table.seats):
                if chair.kind == "human" and not chair.connected:
                    self._timers.append(asyncio.get_running_loop().call_later(
                        self.hold_seconds + 0.01, self._held_over, table.name, seat))
            self._kick(table)
