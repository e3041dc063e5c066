"""Game records (``docs/record-format.md``, version 1): write, read, replay.

A record is JSON Lines: a header, then one line per event, in order.

- :class:`RecordWriter` writes the header and then, as the game goes, each
  batch of events; it flushes after every batch (and ``os.fsync``\\ s when asked),
  so a save is never more than a partial last line behind the game.
- :func:`read_record` reads and checks a file's *shape* (size, JSON, header) and
  raises :class:`~core.errors.RecordError` naming the file and line.
- :func:`replay` rebuilds the game: it feeds every decision line to the engine
  and checks every event the engine emits against the record's next line.

Decided where the format leaves room:

- Unknown ``event`` kinds are ignored, like unknown fields: a line whose kind
  this version of the format does not list is skipped (unless the engine emits
  that kind at that very point, then it is checked like any other line).
  ``shaker_draw`` lines (optional) are not replayed: the engine does not draw
  again for a preset deal; they are kept in the replayed game's history as
  :class:`RecordedLine`\\ s, so the history still gives back the record.
- The events a move causes normally follow its line; when they come first
  (Texas 42's "first tile led names trumps": trump line, then the play), the
  replayer looks ahead to the move's line.
- Blank lines are ignored; a UTF-8 byte order mark before the header is allowed.
- A last line with no newline that is not valid JSON is a "truncated last line"
  (a save cut short by a crash); ``allow_truncated=True`` drops it instead.
- A save may end inside the batch of lines one decision wrote (a crash, a full
  disk): the replay goes on from the last whole decision. A last ``hand_start``
  whose ``deal`` line was lost is dealt again by the engine -- from the seeded
  generator, which a replay consumes exactly as the live game did (the engines
  shuffle even for a preset deal), so it is the very deal that was lost. Engine
  lines written ahead of a decision whose own line was lost (Texas 42's trump
  named by the first tile, before the play) are left unplayed (``Record.unplayed``).
- Only regular files are read: a named pipe, a device or a directory is refused
  without being opened for reading in a way that could block.
- Files over :data:`MAX_BYTES` (checked with ``stat`` before reading) or with
  more than :data:`MAX_LINES` lines are refused.

Nothing from a file is ever evaluated or imported: lines go through
``json.loads`` and the engine's own ``command_from_record``/``deals_from_record``.
"""

from __future__ import annotations

import copy
import errno
import io
import json
import os
import re
import stat
from collections import deque
from dataclasses import dataclass, field
from typing import IO, Any, Iterable

from core.errors import DominoError, IllegalMove, OptionError, RecordError
from core.events import Event
from core.game import Game
from core.registry import GAME_INFO, GAME_NAMES, HAND_START_KINDS, game_class
from core.text import MAX_NAME_IN_RECORD

RECORD_VERSION = 1
MAX_BYTES = 20 * 1024 * 1024
MAX_LINES = 200_000

# The event kinds of version 1, per game (docs/record-format.md).
KNOWN_KINDS: dict[str, frozenset[str]] = {name: info.event_kinds
                                           for name, info in GAME_INFO.items()}
SKIPPED_KINDS = frozenset({"shaker_draw"})
PLAYER_KINDS = ("human", "bot")


def dumps_line(obj: dict[str, Any]) -> str:
    """One record line (without the newline): compact, key order kept, UTF-8 text."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _as_line(item: Event | dict[str, Any]) -> dict[str, Any]:
    return item.to_record() if isinstance(item, Event) else item


def record_lines(game: Game, players: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The game's record so far as dicts: header, then every event of its history."""
    return [game.header(players)] + [event.to_record() for event in game.history]


# -- writing ------------------------------------------------------------------

class RecordWriter:
    """Write a record as the game goes.

    ``target`` is a path (the file is created or overwritten) or an open stream
    (text or binary; it is left open on :meth:`close`). ``header`` is written
    at once, unless it is ``None`` (see :meth:`append_to`).
    """

    def __init__(self, target: str | os.PathLike[str] | IO[Any],
                 header: dict[str, Any] | None, fsync: bool = False, *,
                 exclusive: bool = False) -> None:
        self.fsync = fsync
        if isinstance(target, (str, os.PathLike)):
            self.path: str | None = os.fspath(target)
            self._stream: IO[Any] = open(self.path, "x" if exclusive else "w",
                                         encoding="utf-8", newline="\n")
            self._owns = True
        else:
            self.path = getattr(target, "name", None) if isinstance(
                getattr(target, "name", None), str) else None
            self._stream = target
            self._owns = False
        mode = getattr(self._stream, "mode", "")
        self._binary = isinstance(self._stream, (io.RawIOBase, io.BufferedIOBase)) or (
            isinstance(mode, str) and "b" in mode)
        if header is not None:
            self._write([header])

    @classmethod
    def append_to(cls, path: str | os.PathLike[str], fsync: bool = False) -> RecordWriter:
        """Continue an existing record (a resumed save) at its end.

        A partial last line (no newline: the write was cut short) is cut off
        first, so the next line starts cleanly; a last line that is whole but for its
        newline (the write was cut just before it) is kept and given its newline.
        """
        with open(path, "rb+") as raw:
            cut = partial_line_start(raw)
            if cut is not None:
                raw.seek(cut)
                if _whole_line(raw.read(MAX_BYTES)):
                    raw.seek(0, os.SEEK_END)
                    raw.write(b"\n")
                else:
                    raw.truncate(cut)
        writer = cls.__new__(cls)
        writer.fsync = fsync
        writer.path = os.fspath(path)
        writer._stream = open(writer.path, "a", encoding="utf-8", newline="\n")
        writer._owns = True
        writer._binary = False
        return writer

    def append(self, events: Iterable[Event | dict[str, Any]]) -> None:
        """Write one line per event (Event objects or record dicts), then flush."""
        self._write([_as_line(e) for e in events])

    def _write(self, lines: list[dict[str, Any]]) -> None:
        if not lines:
            return
        text = "".join(dumps_line(line) + "\n" for line in lines)
        self._stream.write(text.encode("utf-8") if self._binary else text)
        self._stream.flush()
        if self.fsync:
            try:
                fd = self._stream.fileno()
            except (AttributeError, io.UnsupportedOperation, ValueError):
                return                   # an in-memory stream: nothing to sync
            try:
                os.fsync(fd)
            except OSError as exc:
                # A pipe or a terminal cannot be synced; a disk that fails (full, an
                # I/O error) must say so: the line may not be kept.
                if exc.errno not in _CANNOT_SYNC:
                    raise

    def fileno(self) -> int:
        """The file descriptor written to (``OSError`` for a stream without one)."""
        try:
            return self._stream.fileno()
        except (AttributeError, io.UnsupportedOperation, ValueError) as exc:
            raise OSError(f"no file descriptor: {exc}") from None

    def close(self) -> None:
        if self._owns and not self._stream.closed:
            self._stream.close()

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_CANNOT_SYNC = {getattr(errno, name) for name in ("EINVAL", "EROFS", "ENOTSUP", "EOPNOTSUPP",
                                                   "EBADF", "ESPIPE") if hasattr(errno, name)}


def partial_line_start(raw: IO[bytes]) -> int | None:
    """Where a partial last line of the open binary file ``raw`` begins (the byte after the
    last newline), or ``None`` when the file is empty or ends with a newline. Reads only
    as far back as that newline."""
    end = raw.seek(0, os.SEEK_END)
    if end == 0:
        return None
    raw.seek(end - 1)
    if raw.read(1) == b"\n":
        return None
    position = end
    while position > 0:
        start = max(0, position - 65536)
        raw.seek(start)
        chunk = raw.read(position - start)
        newline = chunk.rfind(b"\n")
        if newline >= 0:
            return start + newline + 1
        position = start
    return 0


def _whole_line(data: bytes) -> bool:
    """Whether ``data`` (a last line without its newline) is a whole record line."""
    try:
        return isinstance(json.loads(data.decode("utf-8")), dict)
    except (ValueError, RecursionError):
        return False


# -- reading ------------------------------------------------------------------

def file_kind(mode: int) -> str:
    """What a file that is not a regular file is, in words ("a named pipe (FIFO)")."""
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device file"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def open_regular(name: str) -> int:
    """Open ``name`` for reading as a file descriptor, refusing anything but a regular
    file without blocking (a named pipe would wait for a writer; a device may do
    anything when read): ``stat`` first, then ``O_NONBLOCK`` and ``fstat`` again.
    Raises ``OSError``; :class:`NotARegularFile` names what it is."""
    mode = os.stat(name).st_mode
    if not stat.S_ISREG(mode):
        raise NotARegularFile(file_kind(mode))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(name, flags)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotARegularFile(file_kind(mode))
    except BaseException:
        os.close(fd)
        raise
    return fd


class NotARegularFile(OSError):
    """A path that names a directory, a named pipe, a device or a socket."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind


@dataclass
class Record:
    """A record read from a file: its header, its event lines, where it came from.

    ``line_numbers[i]`` is the file's (1-based) line number of ``lines[i]``.
    ``truncated`` is true when a partial last line was dropped. ``unplayed`` is set
    by :func:`replay`: how many last lines it left unplayed because the decision they
    were written ahead of was lost (0 for a whole record).
    """

    header: dict[str, Any]
    lines: list[dict[str, Any]]
    path: str | None = None
    line_numbers: list[int] = field(default_factory=list)
    truncated: bool = False
    unplayed: int = 0

    def __post_init__(self) -> None:
        if not self.line_numbers:
            self.line_numbers = list(range(2, len(self.lines) + 2))

    @property
    def game(self) -> str:
        game: str = self.header["game"]
        return game

    @property
    def finished(self) -> bool:
        """True when the record holds a ``game_end`` line (a finished game, not a save)."""
        return any(line.get("event") == "game_end" for line in self.lines)


def read_record(path: str | os.PathLike[str], max_bytes: int = MAX_BYTES,
                max_lines: int = MAX_LINES, allow_truncated: bool = False) -> Record:
    """Read and check a record file; :class:`RecordError` names the file and line."""
    name = os.fspath(path)
    try:
        fd = open_regular(name)
        size = os.fstat(fd).st_size
        if size > max_bytes:
            os.close(fd)
            raise RecordError(f"file too large ({size} bytes; the limit is {max_bytes})", name)
        with open(fd, "rb") as f:
            data = f.read(max_bytes + 1)
    except FileNotFoundError:
        raise RecordError("no such file", name) from None
    except IsADirectoryError:
        raise RecordError("is a directory, not a record file", name) from None
    except NotARegularFile as exc:
        if exc.kind == "a directory":
            raise RecordError("is a directory, not a record file", name) from None
        raise RecordError(f"is {exc.kind}, not a record file", name) from None
    except PermissionError:
        raise RecordError("permission denied", name) from None
    except OSError as exc:
        raise RecordError(f"cannot read: {exc.strerror or exc}", name) from None
    if len(data) > max_bytes:
        raise RecordError(f"file too large (over {max_bytes} bytes)", name)
    return parse_record(data, name, max_lines=max_lines, allow_truncated=allow_truncated)


def parse_record(data: bytes | str, path: str | None = None, *, max_lines: int = MAX_LINES,
                 allow_truncated: bool = False) -> Record:
    """Check and parse a record held in memory (see :func:`read_record`)."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if not data.strip():
        raise RecordError("empty file (not a game record)", path)
    raw_lines = data.split(b"\n")
    ends_with_newline = raw_lines[-1] == b""
    if ends_with_newline:
        raw_lines.pop()
    if len(raw_lines) > max_lines:
        raise RecordError(f"too many lines ({len(raw_lines)}; the limit is {max_lines})", path)
    last = len(raw_lines)
    parsed: list[tuple[int, dict[str, Any]]] = []
    truncated = False
    for number, raw in enumerate(raw_lines, start=1):
        if not raw.strip():
            continue
        try:
            text = raw.decode("utf-8")
            value = json.loads(text)
        except (ValueError, RecursionError) as exc:
            if number == last and not ends_with_newline:
                if allow_truncated and parsed:
                    truncated = True
                    break
                raise RecordError("truncated last line (the game was not saved completely)",
                                  path, number) from None
            if isinstance(exc, UnicodeDecodeError):
                raise RecordError("not UTF-8 text", path, number) from None
            reason = (exc.msg if isinstance(exc, json.JSONDecodeError) else
                      "too deeply nested" if isinstance(exc, RecursionError) else str(exc))
            raise RecordError(f"malformed JSON ({reason})", path, number) from None
        if not isinstance(value, dict):
            raise RecordError(f"not a JSON object (found {_json_type(value)})", path, number)
        parsed.append((number, value))
    if not parsed:
        raise RecordError("empty file (not a game record)", path)
    header_line, header = parsed[0]
    _check_header(header, path, header_line)
    lines, numbers = [], []
    for number, line in parsed[1:]:
        kind = line.get("event")
        if "record" in line and "event" not in line:
            raise RecordError("a second header (records cannot be joined)", path, number)
        if not isinstance(kind, str) or not kind:
            raise RecordError('no "event" field (every line after the header names its event)',
                              path, number)
        lines.append(line)
        numbers.append(number)
    return Record(header, lines, path, numbers, truncated)


def _json_type(value: Any) -> str:
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    return "a number"


def _check_header(header: dict[str, Any], path: str | None, number: int) -> None:
    def fault(text: str) -> RecordError:
        return RecordError(text, path, number)

    if "record" not in header:
        raise fault('not a game record header (no "record" field)')
    version = header["record"]
    if type(version) is not int or version != RECORD_VERSION:
        raise fault(f"unknown record version {json.dumps(version)} "
                    f"(this program reads version {RECORD_VERSION})")
    game = header.get("game")
    if game not in GAME_NAMES:
        raise fault(f"unknown game {json.dumps(game)} (games: {', '.join(GAME_NAMES)})")
    seed = header.get("seed")
    if type(seed) is not int:
        raise fault("bad header: seed must be a whole number")
    players = header.get("players")
    if not isinstance(players, list) or not players:
        raise fault("bad header: players must be a list of players")
    for i, player in enumerate(players):
        if not isinstance(player, dict):
            raise fault(f"bad header: players[{i}] is not an object")
        if not isinstance(player.get("name"), str):
            raise fault(f"bad header: players[{i}].name must be a string")
        if len(player["name"]) > MAX_NAME_IN_RECORD:
            raise fault(f"bad header: players[{i}].name is {len(player['name'])} characters "
                        f"long (the limit is {MAX_NAME_IN_RECORD})")
        if player.get("kind") not in PLAYER_KINDS:
            raise fault(f'bad header: players[{i}].kind must be "human" or "bot"')
        level = player.get("level")
        if level is not None and not isinstance(level, str):
            raise fault(f"bad header: players[{i}].level must be a string or null")
    options = header.get("options", {})
    if not isinstance(options, dict):
        raise fault("bad header: options must be an object")
    try:
        cls = game_class(game)
        probe = cls(options=options, seed=seed)
    except OptionError as exc:
        raise fault(f"bad header: options: {exc}") from None
    except (ValueError, TypeError) as exc:
        raise fault(f"bad header: options: {exc}") from None
    if len(players) != probe.num_players:
        raise fault(f"bad header: {len(players)} players listed, "
                    f"but this {cls.title} game has {probe.num_players}")


# -- replaying ----------------------------------------------------------------

def _same(a: Any, b: Any) -> bool:
    """JSON equality that keeps true apart from 1 and false from 0."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return bool(a == b)


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


@dataclass(frozen=True)
class RecordedLine(Event):
    """An optional record line the engine does not emit when replaying (``shaker_draw``,
    written live but not re-drawn from a preset), kept in the replayed game's history
    at its place so that the history still gives back the record line for line."""

    line: dict[str, Any]

    @property
    def kind(self) -> str:  # type: ignore[override]
        return str(self.line.get("event", ""))

    def to_record(self) -> dict[str, Any]:
        return dict(self.line)


# What an engine's record parsing may raise on a malformed line.
_MALFORMED = (ValueError, KeyError, TypeError, IndexError, AttributeError)


class _Replayer:
    def __init__(self, record: Record) -> None:
        self.record = record
        self.path = record.path
        game = record.header.get("game")
        if game not in GAME_NAMES:
            raise RecordError(f"unknown game {json.dumps(game)} (games: {', '.join(GAME_NAMES)})",
                              record.path, 1)
        self.cls = game_class(game)

    def fault(self, index: int | None, text: str) -> RecordError:
        number = self.record.line_numbers[index] if index is not None else None
        return RecordError(text, self.path, number)

    def deals(self) -> list[dict[str, Any]]:
        """The per-hand presets, from the lines of the kinds this game knows."""
        known = KNOWN_KINDS[self.record.game]
        index = [i for i, line in enumerate(self.record.lines) if line["event"] in known]
        index = index[:_dealt_end([self.record.lines[i]["event"] for i in index])]
        lines = [self.record.lines[i] for i in index]
        try:
            return self.cls.deals_from_record(lines)
        except _MALFORMED as exc:
            reason = _reason(exc)
        # Name the line: engines say "line K: ..." counting the lines they were given.
        match = re.match(r"line (\d+): (.*)$", reason, re.DOTALL)
        if match and 1 <= int(match.group(1)) <= len(lines):
            at = index[int(match.group(1)) - 1]
            raise self.fault(at, _bad(self.record.lines[at]["event"], match.group(2))) from None
        # Otherwise the first whole hand whose lines make it fail.
        for k, line in enumerate(lines):
            if line["event"] != "deal":
                continue
            try:
                self.cls.deals_from_record(lines[:k + 1])
            except _MALFORMED:
                raise self.fault(index[k], f"bad deal: {reason}") from None
        raise self.fault(None, f"bad deal: {reason}")

    def decision(self, i: int, game: Game) -> tuple[int, Any]:
        """The next decision line from ``i`` on (engine lines may come before it) and its command.

        Usually line ``i`` itself; but a decision's own events may come first
        (Texas 42's "first tile led names trumps": the trump line, then the play).
        """
        lines, known = self.record.lines, KNOWN_KINDS[self.record.game]
        for j in range(i, len(lines)):
            kind = lines[j]["event"]
            if kind in SKIPPED_KINDS or kind not in known:
                continue
            try:
                command = self.cls.command_from_record(lines[j])
            except _MALFORMED as exc:
                raise self.fault(j, _bad(kind, _reason(exc))) from None
            if command is not None:
                return j, command
            if kind == "game_end":
                break
        kind = lines[i]["event"]
        raise self.fault(i, f'the record has "{kind}" here, but the game waits for '
                            f"player {game.current_player} ({game.phase})")

    def run(self) -> Game:
        header = self.record.header
        _check_header(header, self.path, 1)   # again, for a Record not made by read_record
        self.record.unplayed = 0
        game = self.cls(options=header.get("options") or {}, seed=header["seed"],
                        deals=self.deals())
        known = KNOWN_KINDS[self.record.game]
        pending: deque[dict[str, Any]] = deque(e.to_record() for e in self._start(game))
        lines = self.record.lines
        applied = -1      # the last decision line applied
        matched = 0       # engine events matched so far
        kept: list[tuple[int, dict[str, Any]]] = []  # optional lines the engine did not emit
        for i, line in enumerate(lines):
            kind = line["event"]
            # An optional kind the engine emitted but the record left out: nothing to check.
            while pending and pending[0]["event"] in SKIPPED_KINDS and pending[0]["event"] != kind:
                pending.popleft()
                matched += 1
            if kind in SKIPPED_KINDS and not (pending and pending[0]["event"] == kind):
                kept.append((matched, line))
                continue
            if pending:
                if kind not in known and pending[0]["event"] != kind:
                    continue  # an unknown kind: ignored
                self.check(i, pending.popleft(), line)
                matched += 1
                continue
            if kind not in known:
                continue
            if game.is_over:
                raise self.fault(i, f'"{kind}" after the end of the game')
            if i <= applied:
                raise self.fault(i, f'the game gives no "{kind}" here')
            if self.written_ahead(i, game):
                self.record.unplayed = len(lines) - i   # their decision's line was lost
                break
            j, command = self.decision(i, game)
            try:
                events = game.apply(command)
            except IllegalMove as exc:
                raise self.fault(j, f"illegal move: {exc.reason}") from None
            except (DominoError, *_MALFORMED) as exc:
                raise self.fault(j, f"cannot replay this move: {_reason(exc)}") from None
            applied = j
            pending.extend(e.to_record() for e in events)
            if not pending:
                raise self.fault(i, f'the game gives no event for this "{kind}"')
            self.check(i, pending.popleft(), line)
            matched += 1
        for offset, (position, line) in enumerate(kept):
            game.history.insert(position + offset, RecordedLine(dict(line)))
        return game

    def written_ahead(self, i: int, game: Game) -> bool:
        """Whether the lines from ``i`` to the end are the first lines of a decision's
        batch, written ahead of the decision's own line, which was lost (a save cut in
        the middle of that batch): no decision line among them, and some legal move
        gives exactly these lines first."""
        tail = self.record.lines[i:]
        known = KNOWN_KINDS[self.record.game]
        for line in tail:
            kind = line["event"]
            if kind in SKIPPED_KINDS or kind not in known:
                return False
            try:
                if self.cls.command_from_record(line) is not None:
                    return False
            except _MALFORMED:
                return False
        try:
            legal = list(game.legal_actions())
        except (DominoError, *_MALFORMED):
            return False
        for command in legal:
            try:
                events = copy.deepcopy(game).apply(command)
            except Exception:  # noqa: BLE001 - a move that cannot be tried does not match
                continue
            given = [e.to_record() for e in events]
            if len(given) > len(tail) and all(
                    expected["event"] == line["event"] and all(
                        _same(line[key], value) for key, value in expected.items() if key in line)
                    for expected, line in zip(given, tail)):
                return True
        return False

    def _start(self, game: Game) -> list[Event]:
        try:
            return game.start()
        except (DominoError, *_MALFORMED) as exc:
            first = next((i for i, l in enumerate(self.record.lines)
                          if l.get("event") in ("deal", "hand_start", "round_start")), None)
            raise self.fault(first, f"cannot deal: {_reason(exc)}") from None

    def check(self, index: int, expected: dict[str, Any], line: dict[str, Any]) -> None:
        kind = line["event"]
        if expected["event"] != kind:
            raise self.fault(index, f'the record has "{kind}" here, but the game gives '
                                    f'"{expected["event"]}"')
        for key, value in expected.items():
            if key in line and not _same(line[key], value):
                raise self.fault(index, f"{kind}: the record says {key} {_short(line[key])}, "
                                        f"but the game gives {_short(value)}")


def _dealt_end(kinds: list[str]) -> int:
    """How many of a record's lines (their kinds) give the deals: all of them, unless the
    last hand's start has no ``deal`` line after it (the batch was cut before it was
    written): then the lines before that start -- the engine deals that hand itself."""
    starts = [k for k, kind in enumerate(kinds) if kind in HAND_START_KINDS]
    if starts and "deal" not in kinds[starts[-1] + 1:]:
        return starts[-1]
    return len(kinds)


def _bad(kind: str, reason: str) -> str:
    """ "bad play line: ..." unless the engine's reason already names the line."""
    return reason if reason.startswith(f"{kind} line") else f"bad {kind} line: {reason}"


def _reason(exc: BaseException) -> str:
    if isinstance(exc, DominoError):
        return exc.reason
    if isinstance(exc, KeyError):
        return f"missing field {exc.args[0]!r}" if exc.args else "missing field"
    return str(exc) or type(exc).__name__


def replay(record: Record) -> Game:
    """Rebuild the game a record describes, checking every line on the way.

    The game is built from the header (missing options take their defaults),
    with the record's deals as presets; each decision line is applied as a
    command and every event the engine emits must match the record's next line
    (same kind, equal values on the fields both have). A record without
    ``game_end`` gives the game in progress, ready to be played on; when it ends
    in the middle of a batch, the game is at its last whole decision (the lines
    left unplayed are counted in ``record.unplayed``).
    Raises :class:`RecordError` naming the file and line of the first fault.
    """
    return _Replayer(record).run()


def load_game(path: str | os.PathLike[str], **read_options: Any) -> tuple[Record, Game]:
    """Read and replay a record file in one step."""
    record = read_record(path, **read_options)
    return record, replay(record)
