"""Where games are saved: one game record (JSON Lines) per game, never lost.

The data directory (platformdirs; ``DOMINOES_DATA_DIR`` overrides it) holds:

* ``saves/``: games in progress. Every game the app starts is written there as
  it goes by an ``Autosave``: each batch of events is flushed *and* fsynced
  before the next move, so kill -9, a hang-up (dropped SSH), Ctrl+C or a power
  cut loses at most the move being made. A save is locked (``flock``) while a
  window plays it, so two windows never write one game.
* ``history/``: finished games (``<name>.jsonl``) and abandoned ones
  (``<name>.abandoned.jsonl``), the newest :data:`HISTORY_CAP` kept.
* ``broken/``: saves that cannot be read back (truncated, malformed, an unknown
  record version, oversized, an illegal move) and whatever in ``saves/`` is not a
  file to read (a named pipe, a device, a directory, a link to nothing), moved
  aside -- never deleted -- each with a ``.txt`` note naming the file, line and
  fault. Such files are looked at with ``lstat`` and opened only as regular files,
  without blocking.

:func:`scan_saves` sorts the saves folder at start-up. Writing a game as it is
played is :mod:`tui.play.autosave`'s (``Autosave``, ``new_session``,
``resume_session``): a full or unwritable disk never stops a game there; it says
once that the game cannot be saved, and play goes on.

Records are read as data only (JSON, through ``core.records``). No Textual here.
"""

from __future__ import annotations

import json
import os
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.registry import GAME_INFO, GAME_TITLES
from core.text import player_name

APP_NAME = "dominoes"


def data_dir() -> Path:
    override = os.environ.get("DOMINOES_DATA_DIR")
    if override:
        return Path(override)
    from platformdirs import user_data_path
    return user_data_path(APP_NAME)


def saves_dir(base: Path | None = None) -> Path:
    return (base or data_dir()) / "saves"


def new_save_path(game_name: str, seed: int, base: Path | None = None) -> Path:
    """A fresh file name for a new game: ``<game>-<date>-<time>-<seed>.jsonl``."""
    folder = saves_dir(base)
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{game_name}-{stamp}-{seed}.jsonl"
    n = 2
    while os.path.lexists(path):
        path = folder / f"{game_name}-{stamp}-{seed}-{n}.jsonl"
        n += 1
    return path


def open_for_reading(path: Path) -> Any:
    """A regular file opened for reading (binary), never a named pipe or a device: those
    raise ``OSError`` without blocking (``core.records.open_regular``)."""
    from core.records import open_regular
    return open(open_regular(os.fspath(path)), "rb")


def is_finished(path: Path) -> bool:
    """Whether the record at ``path`` ends with a ``game_end`` line (reads only its tail)."""
    try:
        with open_for_reading(path) as f:
            f.seek(0, os.SEEK_END)
            size = f.tell()
            f.seek(max(0, size - 4096))
            tail = f.read().decode("utf-8", errors="replace")
    except OSError:
        return True
    for line in reversed(tail.strip().splitlines()):
        try:
            return json.loads(line).get("event") == "game_end"
        except (ValueError, AttributeError):
            return False
    return True


def latest_save(base: Path | None = None) -> Path | None:
    """The most recently played save of a game still in progress, if any.

    Looks at every save first (:func:`scan_saves`): broken ones are moved aside
    and finished ones moved to the history on the way.
    """
    latest = scan_saves(base).latest
    return latest.path if latest is not None else None


# -- the folders -------------------------------------------------------------------

HISTORY_CAP = 200
"""Finished (and abandoned) games kept in ``history/``; older ones are removed first."""

SAVE_MAX_BYTES = 20 * 1024 * 1024
"""A save larger than this is refused (moved aside), whatever it holds."""

ABANDONED_SUFFIX = ".abandoned"


def history_dir(base: Path | None = None) -> Path:
    return (base or data_dir()) / "history"


def broken_dir(base: Path | None = None) -> Path:
    return (base or data_dir()) / "broken"


def _free_name(folder: Path, name: str) -> Path:
    """``folder/name``, or ``folder/<stem>-2<suffix>`` … when that is taken."""
    path = folder / name
    stem, suffix = os.path.splitext(name)
    n = 2
    while os.path.lexists(path) or os.path.lexists(f"{path}.txt"):
        path = folder / f"{stem}-{n}{suffix}"
        n += 1
    return path


def _move(path: Path, folder: Path, name: str | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    target = _free_name(folder, name or path.name)
    os.replace(path, target)
    return target


# -- what a save holds -----------------------------------------------------------------

@dataclass(frozen=True)
class SaveInfo:
    """An unfinished game found in the saves folder, for the Resume offer."""

    path: Path
    game: str
    players: tuple[str, ...]
    human: bool
    scores: tuple[int, ...]
    hand: int
    modified: float

    @property
    def title(self) -> str:
        return GAME_TITLES.get(self.game, self.game)

    def score_text(self) -> str:
        info = GAME_INFO.get(self.game)
        teams = info.teams if info is not None else ()
        if (teams and len(self.scores) == len(teams)
                and len(self.players) == sum(len(team) for team in teams)):
            return ", ".join(" & ".join(self.players[p] for p in team) + f" {score}"
                             for team, score in zip(teams, self.scores))
        return ", ".join(f"{name} {score}" for name, score in zip(self.players, self.scores))

    @property
    def unit(self) -> str:
        """What the game is played in: "hand", "round"."""
        info = GAME_INFO.get(self.game)
        return info.hand_word if info is not None else "hand"

    def headline(self, now: float | None = None) -> str:
        """Game, hand and when: ``Texas 42 · hand 3 · last played 2 hours ago``."""
        return f"{self.title} · {self.unit} {self.hand} · last played {when(self.modified, now)}"

    def summary(self, now: float | None = None) -> str:
        """One line: game, hand, scores (so the players), when last played."""
        return (f"{self.title} · {self.unit} {self.hand} · {self.score_text()} · "
                f"last played {when(self.modified, now)}")




def when(timestamp: float, now: float | None = None) -> str:
    """"just now", "5 minutes ago", "yesterday 21:04", "3 Mar 2025 21:04"."""
    now = time.time() if now is None else now
    ago = max(0.0, now - timestamp)
    if ago < 60:
        return "just now"
    if ago < 3600:
        minutes = int(ago // 60)
        return f"{minutes} minute{'s' if minutes != 1 else ''} ago"
    if ago < 12 * 3600:
        hours = int(ago // 3600)
        return f"{hours} hour{'s' if hours != 1 else ''} ago"
    stamp = time.localtime(timestamp)
    today = time.localtime(now)
    clock = time.strftime("%H:%M", stamp)
    if stamp.tm_yday == today.tm_yday and stamp.tm_year == today.tm_year:
        return f"today {clock}"
    if ago < 36 * 3600:
        return f"yesterday {clock}"
    return time.strftime("%d %b %Y %H:%M", stamp).lstrip("0")


def record_game(path: Path) -> str | None:
    """The game a record file holds, from its header line alone (``None`` if unreadable)."""
    try:
        with open_for_reading(path) as f:
            first = f.readline(64 * 1024)
        header = json.loads(first.decode("utf-8"))
    except (OSError, ValueError):
        return None
    game = header.get("game") if isinstance(header, dict) else None
    return game if isinstance(game, str) else None


def save_info(path: Path, record: Any, game: Any) -> SaveInfo:
    """What the Resume offer shows about a save (from its replayed game)."""
    players = tuple(player_name(p.get("name") or f"Player {i + 1}")
                    for i, p in enumerate(record.header.get("players") or []))
    human = any(p.get("kind") == "human" for p in record.header.get("players") or [])
    scores: tuple[int, ...] = ()
    hand = 0
    for line in record.lines:
        kind = line.get("event")
        if kind in ("hand_start", "round_start"):
            hand = int(line.get("hand", line.get("round", hand + 1)) or 0)
        elif kind == "hand_end" and isinstance(line.get("totals"), list):
            scores = tuple(line["totals"])
        elif kind in ("hand_end", "round_end") and isinstance(line.get("scores"), list):
            scores = tuple(line["scores"])
    if not scores:
        info = GAME_INFO.get(record.game)
        scores = (0,) * (info.score_count(len(players)) if info is not None else len(players))
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = time.time()
    return SaveInfo(path, record.game, players, human, scores, hand, modified)


# -- reading saves back ------------------------------------------------------------------

def load_save(path: Path, max_bytes: int = SAVE_MAX_BYTES) -> tuple[Any, Any]:
    """Read and replay a save: ``(record, game)``; a fault raises ``RecordError``.

    A last line cut short (a crash in the middle of a write) is dropped: the
    game goes on from the move before it.
    """
    from core.records import read_record, replay
    record = read_record(path, max_bytes=max_bytes, allow_truncated=True)
    return record, replay(record)


@dataclass(frozen=True)
class BrokenSave:
    """A save that could not be read, and where it went."""

    path: Path
    reason: str              # "<file>, line N: <fault>"
    moved_to: Path | None

    def message(self) -> str:
        if self.moved_to is None:
            return f"A saved game cannot be read: {self.reason} (it could not be moved aside)."
        return (f"A saved game cannot be read: {self.reason}. "
                f"It was moved to {self.moved_to}.")


@dataclass
class SaveScan:
    """What :func:`scan_saves` found: games to resume (newest first), broken saves moved
    aside, finished games moved to the history, saves open in another window."""

    found: list[SaveInfo] = field(default_factory=list)
    broken: list[BrokenSave] = field(default_factory=list)
    archived: list[Path] = field(default_factory=list)
    in_use: list[Path] = field(default_factory=list)

    @property
    def resumable(self) -> list[SaveInfo]:
        """The games found to resume, newest first, that can still be resumed *now*: a
        save gone since the scan is left out, and one another window has started to
        play since is left out and counted ``in_use`` (checked at every look)."""
        games = []
        for info in self.found:
            if not os.path.lexists(info.path):
                continue
            if is_locked(info.path):
                if info.path not in self.in_use:
                    self.in_use.append(info.path)
                continue
            games.append(info)
        return games

    @property
    def latest(self) -> SaveInfo | None:
        games = self.resumable
        return games[0] if games else None


def move_aside(path: Path, reason: str, base: Path | None = None) -> Path | None:
    """Move a broken save into ``broken/`` (never deleted) with a note of what is wrong."""
    try:
        target = _move(Path(path), broken_dir(base))
    except OSError:
        return None
    try:
        note = target.with_name(target.name + ".txt")
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
        with open(os.open(note, flags, 0o644), "w", encoding="utf-8") as f:
            f.write(f"{reason}\n")
    except OSError:
        pass
    return target


def archive(path: Path, base: Path | None = None, *, abandoned: bool = False,
            cap: int = HISTORY_CAP, held: bool = False) -> Path | None:
    """Move a save into ``history/`` (``<name>.abandoned.jsonl`` when abandoned), then
    keep only the newest ``cap`` records there; ``None`` when it cannot be moved.

    The save's lock is taken for the move (unless the caller ``held`` it already):
    a game another window is playing raises :class:`SaveInUse` and stays where it is.
    """
    path = Path(path)
    name = path.name
    if abandoned:
        stem, suffix = os.path.splitext(name)
        name = f"{stem}{ABANDONED_SUFFIX}{suffix}"
    lock = None if held else lock_save(path)          # SaveInUse: another window plays it
    try:
        target = _move(path, history_dir(base), name)
    except OSError:
        return None
    finally:
        if lock is not None:
            lock.close()
    rotate_history(base, cap)
    return target


def history(base: Path | None = None) -> list[Path]:
    """The records in ``history/``, newest first."""
    try:
        paths = list(history_dir(base).glob("*.jsonl"))
    except OSError:
        return []
    files = []
    for p in paths:
        try:
            files.append((p.lstat().st_mtime, p))
        except OSError:
            continue
    return [p for _, p in sorted(files, key=lambda item: (item[0], item[1].name), reverse=True)]


def broken_saves(base: Path | None = None) -> list[Path]:
    """The saves moved aside into ``broken/`` (their notes left out)."""
    try:
        return sorted(broken_dir(base).glob("*.jsonl"))
    except OSError:
        return []


def rotate_history(base: Path | None = None, cap: int = HISTORY_CAP) -> list[Path]:
    """Remove the oldest records of ``history/`` beyond the newest ``cap``; returns them."""
    removed = []
    for old in history(base)[cap:]:
        try:
            old.unlink()
            removed.append(old)
        except OSError:
            pass
    return removed


def scan_saves(base: Path | None = None, max_bytes: int = SAVE_MAX_BYTES) -> SaveScan:
    """Look at every save: broken ones are moved aside, finished ones to the history,
    the others are offered for resuming (newest first). Never raises for a file."""
    from core.errors import RecordError
    scan = SaveScan()
    folder = saves_dir(base)
    try:
        paths = sorted(folder.glob("*.jsonl"))
    except OSError:
        return scan
    found = []
    for path in paths:
        try:
            special = not_a_save_file(path)
        except FileNotFoundError:
            continue                               # gone since the listing
        if special is not None:
            reason = f"{path}: {special}, not a saved game"
            scan.broken.append(BrokenSave(path, reason, move_aside(path, reason, base)))
            continue
        # A game another window plays is read (to offer it once it is free) but never
        # moved: what looks wrong in it may be the other window's write in progress.
        in_use = is_locked(path)
        if in_use:
            scan.in_use.append(path)
        try:
            record, game = load_save(path, max_bytes)
        except RecordError as exc:
            if not in_use:
                scan.broken.append(BrokenSave(path, str(exc), move_aside(path, str(exc), base)))
            continue
        except Exception as exc:  # a bug in an engine must not stop the app starting
            if not in_use:
                reason = f"{path}: cannot be replayed ({type(exc).__name__}: {exc})"
                scan.broken.append(BrokenSave(path, reason, move_aside(path, reason, base)))
            continue
        if game.is_over:
            if not in_use:
                try:
                    moved = archive(path, base)
                except SaveInUse:
                    moved = None
                if moved is not None:
                    scan.archived.append(moved)
            continue
        found.append(save_info(path, record, game))
    scan.found = sorted(found, key=lambda info: (info.modified, info.path.name),
                        reverse=True)
    return scan


def not_a_save_file(path: Path) -> str | None:
    """What an entry of ``saves/`` is when it is no file to read a game from ("a named
    pipe (FIFO)", "a link to nothing"), from ``lstat``/``stat`` alone (nothing is
    opened); ``None`` for a regular file or a link to one. A link is read through but
    never written through (the autosave writes a file of its own in its place)."""
    from core.records import file_kind
    mode = os.lstat(path).st_mode
    if stat.S_ISLNK(mode):
        try:
            target = os.stat(path).st_mode
        except OSError:
            return "a link to a file that does not exist"
        return None if stat.S_ISREG(target) else f"a link to {file_kind(target)}"
    return None if stat.S_ISREG(mode) else file_kind(mode)


# -- one window per game: the save's lock -------------------------------------------------

def lock_save(path: Path) -> Any:
    """Hold an exclusive lock on a save while its game is played (one window per game).

    Returns the open lock file (keep it; closing it releases the lock), ``None``
    when locking is not possible here; raises :class:`SaveInUse` when taken.
    """
    try:
        import fcntl
    except ImportError:          # not POSIX: no locking
        return None
    try:
        handle = open_for_reading(path)
    except OSError:
        return None
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        raise SaveInUse(f"{path} is open in another window") from None
    except OSError:
        handle.close()
        return None
    return handle


def is_locked(path: Path) -> bool:
    """Whether another process has this save open for writing (a game in play)."""
    try:
        import fcntl
    except ImportError:
        return False
    try:
        with open_for_reading(path) as f:
            try:
                fcntl.flock(f.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
            except BlockingIOError:
                return True
            except OSError:
                return False
            fcntl.flock(f.fileno(), fcntl.LOCK_UN)
    except OSError:
        return False
    return False


class SaveInUse(Exception):
    """The save is open in another window (another process is playing it)."""
