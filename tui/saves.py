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
  record version, oversized, an illegal move), moved aside -- never deleted --
  each with a ``.txt`` note naming the file, line and fault.

:func:`scan_saves` sorts the saves folder at start-up. Writing a game as it is
played is :mod:`tui.autosave`'s (``Autosave``, ``new_session``,
``resume_session``): a full or unwritable disk never stops a game there; it says
once that the game cannot be saved, and play goes on.

Records are read as data only (JSON, through ``core.records``). No Textual here.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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
    while path.exists():
        path = folder / f"{game_name}-{stamp}-{seed}-{n}.jsonl"
        n += 1
    return path


def is_finished(path: Path) -> bool:
    """Whether the record at ``path`` ends with a ``game_end`` line (reads only its tail)."""
    try:
        with open(path, "rb") as f:
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
    while path.exists():
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
        return _TITLES.get(self.game, self.game)

    def score_text(self) -> str:
        if self.game == "texas42" and len(self.players) == 4 and len(self.scores) == 2:
            return (f"{self.players[0]} & {self.players[2]} {self.scores[0]}, "
                    f"{self.players[1]} & {self.players[3]} {self.scores[1]}")
        return ", ".join(f"{name} {score}" for name, score in zip(self.players, self.scores))

    def headline(self, now: float | None = None) -> str:
        """Game, hand and when: ``Texas 42 · hand 3 · last played 2 hours ago``."""
        unit = "round" if self.game == "mexican_train" else "hand"
        return f"{self.title} · {unit} {self.hand} · last played {when(self.modified, now)}"

    def summary(self, now: float | None = None) -> str:
        """One line: game, hand, scores (so the players), when last played."""
        unit = "round" if self.game == "mexican_train" else "hand"
        return (f"{self.title} · {unit} {self.hand} · {self.score_text()} · "
                f"last played {when(self.modified, now)}")


_TITLES = {"moon": "Three-Player Moon", "texas42": "Texas 42", "mexican_train": "Mexican Train"}


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
        with open(path, "rb") as f:
            first = f.readline(64 * 1024)
        header = json.loads(first.decode("utf-8"))
    except (OSError, ValueError):
        return None
    game = header.get("game") if isinstance(header, dict) else None
    return game if isinstance(game, str) else None


def save_info(path: Path, record: Any, game: Any) -> SaveInfo:
    """What the Resume offer shows about a save (from its replayed game)."""
    players = tuple(str(p.get("name") or f"Player {i + 1}")
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
        scores = (0,) * (2 if record.game == "texas42" else len(players))
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

    resumable: list[SaveInfo] = field(default_factory=list)
    broken: list[BrokenSave] = field(default_factory=list)
    archived: list[Path] = field(default_factory=list)
    in_use: list[Path] = field(default_factory=list)

    @property
    def latest(self) -> SaveInfo | None:
        return self.resumable[0] if self.resumable else None


def move_aside(path: Path, reason: str, base: Path | None = None) -> Path | None:
    """Move a broken save into ``broken/`` (never deleted) with a note of what is wrong."""
    try:
        target = _move(Path(path), broken_dir(base))
    except OSError:
        return None
    try:
        note = target.with_name(target.name + ".txt")
        note.write_text(f"{reason}\n", encoding="utf-8")
    except OSError:
        pass
    return target


def archive(path: Path, base: Path | None = None, *, abandoned: bool = False,
            cap: int = HISTORY_CAP) -> Path | None:
    """Move a save into ``history/`` (``<name>.abandoned.jsonl`` when abandoned), then
    keep only the newest ``cap`` records there."""
    path = Path(path)
    name = path.name
    if abandoned:
        stem, suffix = os.path.splitext(name)
        name = f"{stem}{ABANDONED_SUFFIX}{suffix}"
    try:
        target = _move(path, history_dir(base), name)
    except OSError:
        return None
    rotate_history(base, cap)
    return target


def history(base: Path | None = None) -> list[Path]:
    """The records in ``history/``, newest first."""
    try:
        files = [(p.stat().st_mtime, p) for p in history_dir(base).glob("*.jsonl")]
    except OSError:
        return []
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
        if not path.is_file():
            continue
        if is_locked(path):
            scan.in_use.append(path)
            continue
        try:
            record, game = load_save(path, max_bytes)
        except RecordError as exc:
            scan.broken.append(BrokenSave(path, str(exc), move_aside(path, str(exc), base)))
            continue
        except Exception as exc:  # a bug in an engine must not stop the app starting
            reason = f"{path}: cannot be replayed ({type(exc).__name__}: {exc})"
            scan.broken.append(BrokenSave(path, reason, move_aside(path, reason, base)))
            continue
        if game.is_over:
            moved = archive(path, base)
            if moved is not None:
                scan.archived.append(moved)
            continue
        found.append(save_info(path, record, game))
    scan.resumable = sorted(found, key=lambda info: (info.modified, info.path.name),
                            reverse=True)
    return scan


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
        handle = open(path, "rb")
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
        with open(path, "rb") as f:
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
