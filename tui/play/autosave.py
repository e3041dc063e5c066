"""The autosave: a game's record written as it is played, and how sessions start and resume.

:class:`Autosave` is the record writer the app gives every game: each batch of
events is flushed and fsynced before the next move; a failing disk is told once
and never stops the game, and saving starts again by itself -- the whole record
rewritten -- as soon as the disk lets it; the finished record moves to ``history/``.
:func:`new_session` and :func:`resume_session` are the one way the app -- and
the kill/resume test's headless driver -- start a saved game and go on with one.

A save never claims more than it keeps: when a write fails, the file is cut back
to its last whole batch and its time set back to when that batch was written, so
the Resume offer shows the position the file really holds, and when.

No Textual here.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Iterable

from tui.play.saves import SaveInUse, archive, load_save, lock_save, new_save_path, saves_dir

__all__ = ["Autosave", "SaveInUse", "missing_events", "new_session", "resume_session",
           "seats_from_header"]


def _as_line(item: Any) -> dict[str, Any]:
    return item if isinstance(item, dict) else item.to_record()


def _ends_game(lines: list[dict[str, Any]]) -> bool:
    return any(line.get("event") == "game_end" for line in lines)


class Autosave:
    """The game's record, written as it happens: every batch of events is flushed and
    fsynced before the next move.

    It never raises. When the disk fails (full, read-only, gone), ``failed`` says
    why, ``on_failure`` is told once, and the game plays on: the autosave keeps the
    whole record (``lines``) and, at every later batch (or :meth:`save_now`), tries to
    write it all again; when that works, ``failed`` is ``None`` again. A save deleted
    or replaced under the game is noticed at the next batch and written anew. When
    the ``game_end`` line is written, the record is closed and moved to ``history/``.
    """

    def __init__(self, writer: Any, path: Path, base: Path | None = None,
                 on_failure: Callable[[str], None] | None = None, *,
                 lines: list[dict[str, Any]] | None = None) -> None:
        self.writer = writer
        self.path = Path(path)
        self.base = base
        self.on_failure = on_failure
        self.failed: str | None = None
        self.finished_path: Path | None = None
        self._lock: Any = None
        self.lines: list[dict[str, Any]] | None = list(lines) if lines is not None else None
        """The header and every event so far: what the save must hold (``None``: not kept,
        so a failure cannot be mended)."""
        self.saved_lines = len(self.lines) if self.lines is not None else 0
        """How many of ``lines`` the file holds, whole."""
        self.saved_at: float | None = None
        """When the file last held ``saved_lines`` lines (its modification time then)."""
        self._saved_id: tuple[int, int] | None = None     # the file then: device, inode
        self._saved_size: int | None = None
        self._unnamed = False                             # no file was ever made for it
        self._mtime_before: float | None = None           # the file's time before a write

    # -- making one -------------------------------------------------------------------
    @classmethod
    def create(cls, game: Any, players: list[dict[str, Any]], base: Path | None = None,
               on_failure: Callable[[str], None] | None = None) -> Autosave:
        """A new save for ``game``, its header written at once. When the data directory
        cannot be written, ``on_failure`` is told why and the save starts failed: it
        is written as soon as the disk lets it."""
        from core.records import RecordWriter
        header = game.header(players)
        save = cls(None, _fallback_path(game.name, game.seed, base), base, on_failure,
                   lines=[header])
        save.saved_lines = 0
        try:
            save.path = new_save_path(game.name, game.seed, base)
            writer = RecordWriter(save.path, None, fsync=True, exclusive=True)
        except OSError as exc:
            save._unnamed = True
            save._fail(exc)
            return save
        try:
            writer.append([header])
        except (OSError, ValueError) as exc:
            _close_quietly(writer)
            _remove_quietly(save.path)            # it holds nothing: no empty save left
            save._unnamed = True
            save._fail(exc)
            return save
        save.writer = writer
        save._lock = lock_save(save.path)
        save._mark_saved()
        return save

    @classmethod
    def resume(cls, path: Path, game: Any, record: Any, base: Path | None = None,
               on_failure: Callable[[str], None] | None = None) -> Autosave:
        """Go on writing the save at ``path`` (read and replayed into ``game``).

        A partial last line is cut off; events the replayed game holds beyond the
        record's last line (a batch cut short by a crash: the rest of it, or a deal
        lost with its line, dealt again) are written first, so the record and the game
        agree again. When they cannot simply be added (engine lines left over from a
        decision whose line was lost), or the save in the saves folder is a link, the
        whole record is written anew, as a file of its own (a link is never written
        through). Raises :class:`SaveInUse` when another window holds the save; when
        it cannot be written, ``on_failure`` is told and the save starts failed.
        """
        from core.records import RecordWriter
        path = Path(path)
        lock = lock_save(path)                       # SaveInUse when another window has it
        lines = [dict(record.header)] + [e.to_record() for e in game.history]
        save = cls(None, path, base, on_failure, lines=lines)
        save._lock = lock
        missing = missing_events(record, game)
        linked = save.in_saves_folder and path.is_symlink()
        try:
            if missing is None or linked:
                save._write_whole()
            else:
                save.writer = RecordWriter.append_to(path, fsync=True)
                save.saved_lines = len(lines) - len(missing)
                save._note_file()
                if missing:
                    save.writer.append(missing)
                save._mark_saved()
        except (OSError, ValueError) as exc:
            save._fail(exc)
        return save

    # -- writing --------------------------------------------------------------------------
    @property
    def header(self) -> dict[str, Any] | None:
        return self.lines[0] if self.lines else None

    @property
    def unsaved_lines(self) -> list[dict[str, Any]]:
        """The lines the game has that the file does not hold (after a failure)."""
        if self.lines is None or self.failed is None:
            return []
        return self.lines[self.saved_lines:]

    def append(self, events: Iterable[Any]) -> None:
        new = [_as_line(e) for e in events]
        if not new or self.finished_path is not None:
            return
        if self.lines is not None:
            self.lines.extend(new)
        if self.failed is not None:
            self._retry()
        elif self.writer is None or self._replaced():
            if self.lines is not None:
                try:
                    self._write_whole()              # deleted or replaced: written anew
                except OSError as exc:
                    self._fail(exc)
        else:
            try:
                self.writer.append(new)
                self._mark_saved()
            except (OSError, ValueError) as exc:     # ValueError: the stream was closed
                self._fail(exc)
        if _ends_game(new):
            self.finish()

    def save_now(self) -> bool:
        """Write the whole game now if the save is behind (a failure, a file gone); True
        when the file holds every line of the game."""
        if self.failed is not None:
            return self._retry()
        if self.writer is not None and self._replaced():
            try:
                self._write_whole()
            except OSError as exc:
                self._fail(exc)
                return False
        return True

    def rewrite(self, header: dict[str, Any], events: Iterable[Any]) -> bool:
        """Replace the record with ``header`` and ``events`` (after an undo), atomically,
        and go on appending to it. False when the disk refused (``failed`` says why;
        the game plays on and is saved again when the disk lets it)."""
        self.lines = [dict(header)] + [_as_line(e) for e in events]
        try:
            self._write_whole()
        except OSError as exc:
            self._fail(exc)
            return False
        self.failed = None
        return True

    def _retry(self) -> bool:
        if self.lines is None:
            return False
        try:
            self._write_whole()
        except OSError:
            return False                             # still failing: told once already
        self.failed = None
        if _ends_game(self.lines[-1:]):
            self.finish()                            # its end is saved now: to the history
        return True

    def _replaced(self) -> bool:
        """Whether the file at ``path`` is no longer the one being written (deleted,
        moved, or another file put in its place)."""
        if self.writer is None:
            return self.lines is not None
        try:
            own = os.fstat(self.writer.fileno())
        except (OSError, AttributeError):
            return False                             # a stream without a file: nothing to see
        try:
            now = os.stat(self.path)
        except OSError:
            return True
        self._mtime_before = now.st_mtime            # to set back if this write fails
        return (now.st_dev, now.st_ino) != (own.st_dev, own.st_ino)

    def _write_whole(self) -> None:
        """Write every line to a new file, synced, locked, then moved over ``path`` in one
        step (a crash leaves the old save or the new one, never a mix; a link at
        ``path`` is replaced, not written through). Raises ``OSError``."""
        from core.records import RecordWriter, dumps_line
        assert self.lines is not None
        if self._unnamed:
            header = self.lines[0]
            self.path = new_save_path(str(header.get("game")), int(header.get("seed", 0)),
                                      self.base)
        folder = self.path.parent
        if self.in_saves_folder:
            folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".saving-", suffix=".tmp", dir=folder)
        lock = None
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
                f.write("".join(dumps_line(line) + "\n" for line in self.lines))
                f.flush()
                os.fsync(f.fileno())
            lock = lock_save(Path(tmp))              # locked before it is in place
            os.replace(tmp, self.path)
        except BaseException:
            if lock is not None:
                lock.close()
            _remove_quietly(Path(tmp))
            raise
        _sync_folder(folder)
        _close_quietly(self.writer)
        if self._lock is not None:
            self._lock.close()
        self._lock = lock
        self._unnamed = False
        self.writer = RecordWriter.append_to(self.path, fsync=True)
        self._mark_saved()

    def _mark_saved(self) -> None:
        """The file holds every line now: remember its size, identity and time."""
        self.saved_lines = len(self.lines) if self.lines is not None else self.saved_lines + 1
        self._note_file()

    def _note_file(self) -> None:
        try:
            st = os.fstat(self.writer.fileno())
        except (OSError, AttributeError):
            self.saved_at = time.time()
            return
        self._saved_id = (st.st_dev, st.st_ino)
        self._saved_size = st.st_size
        self.saved_at = st.st_mtime

    def _fail(self, exc: BaseException) -> None:
        first = self.failed is None
        self.failed = _failure_text(exc)
        _close_quietly(self.writer)
        self.writer = None
        self._cut_back()
        if first and self.on_failure is not None:
            self.on_failure(self.failed)

    def _cut_back(self) -> None:
        """After a failed write: cut the file back to its last whole batch (a part of a
        line written before the disk filled is not kept) and set its time back to
        when that batch was written -- it holds that position, and no later one."""
        if self._saved_size is None or self._saved_id is None:
            return
        try:
            st = os.stat(self.path)
            if (st.st_dev, st.st_ino) != self._saved_id:
                return                               # another file now: not ours to cut
            if st.st_size > self._saved_size:
                os.truncate(self.path, self._saved_size)
            if self._mtime_before is not None:
                self.saved_at = self._mtime_before
            if self.saved_at is not None:
                os.utime(self.path, (self.saved_at, self.saved_at))
        except OSError:
            pass

    # -- ending -------------------------------------------------------------------------
    @property
    def in_saves_folder(self) -> bool:
        """A save of the data directory (not a file named on the command line)."""
        try:
            return self.path.parent.resolve() == saves_dir(self.base).resolve()
        except OSError:
            return False

    def finish(self) -> None:
        """The game is over: close the record and move it to the history (a file named
        on the command line, outside the saves folder, stays where it is). A game whose
        end could not be written stays in the saves folder as far as it was saved."""
        _close_quietly(self.writer)
        self.writer = None
        if (self.failed is None and self.finished_path is None
                and os.path.lexists(self.path) and self.in_saves_folder):
            self.finished_path = archive(self.path, self.base, held=self._lock is not None)
        self._release()

    def close(self) -> None:
        _close_quietly(self.writer)
        self.writer = None
        self._release()

    def _release(self) -> None:
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    def abandon(self) -> Path | None:
        """Stop saving and move the record to the history, marked abandoned."""
        _close_quietly(self.writer)
        self.writer = None
        moved = None
        if os.path.lexists(self.path):
            moved = archive(self.path, self.base, abandoned=True, held=self._lock is not None)
        self._release()
        return moved


def _fallback_path(game_name: str, seed: int, base: Path | None) -> Path:
    """The name a new save would get, made without touching the disk."""
    return saves_dir(base) / f"{game_name}-{time.strftime('%Y%m%d-%H%M%S')}-{seed}.jsonl"


def _close_quietly(writer: Any) -> None:
    if writer is None:
        return
    try:
        writer.close()
    except (OSError, ValueError):
        pass


def _remove_quietly(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _failure_text(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        reason = exc.strerror or str(exc)
        where = f" ({exc.filename})" if getattr(exc, "filename", None) else ""
    else:
        reason, where = str(exc), ""
    return (f"This game cannot be saved: {reason}{where}. Play on: it is saved again, "
            "whole, once the disk lets it.")


def missing_events(record: Any, game: Any) -> list[Any] | None:
    """Events of the replayed ``game`` after the record's last line (a batch cut short),
    to add to the file; ``None`` when the file cannot simply be added to (lines of it
    were left unplayed), so the whole record must be written anew. Lines of kinds this
    version does not know are kept where they are."""
    from core.records import KNOWN_KINDS
    if getattr(record, "unplayed", 0):
        return None
    history = list(game.history)
    known = KNOWN_KINDS.get(record.game, frozenset())
    matched = 0
    for line in record.lines:
        kind = line.get("event")
        if matched < len(history) and getattr(history[matched], "kind", None) == kind:
            matched += 1
        elif kind not in known:
            continue
        else:
            return None
    return history[matched:]


# -- sessions: what the app and the kill/resume driver start and continue ---------------

def seats_from_header(header: dict[str, Any], num_players: int) -> list[Any]:
    """The seats a record's header describes (humans, and bots at their levels)."""
    from tui.play.session import Seat, SeatKind
    players = header.get("players") or []
    seats = []
    for i in range(num_players):
        p = players[i] if i < len(players) and isinstance(players[i], dict) else {}
        kind: SeatKind = "human" if p.get("kind") == "human" else "bot"
        seats.append(Seat(str(p.get("name") or f"Player {i + 1}"), kind,
                          None if kind == "human" else (p.get("level") or "standard")))
    return seats


def new_session(game: Any, seats: list[Any], base: Path | None = None,
                on_failure: Callable[[str], None] | None = None, *, save: bool = True) -> Any:
    """A session for a new game, saved as it goes (unless ``save`` is False). When the
    disk refuses, ``on_failure`` is told, the game plays on, and it is saved as soon
    as the disk lets it."""
    from tui.play.session import GameSession
    writer = (Autosave.create(game, [s.to_record() for s in seats], base, on_failure)
              if save else None)
    return GameSession(game, seats, record_writer=writer)


def resume_session(path: Path, base: Path | None = None,
                   on_failure: Callable[[str], None] | None = None, *,
                   save: bool = True) -> Any:
    """A session going on with the save at ``path``: same hands, turn, bots, settings,
    scores. Raises ``RecordError`` for a save that cannot be read back, ``ValueError``
    for a finished game, :class:`SaveInUse` when another window plays it."""
    from tui.play.session import GameSession
    path = Path(path)
    record, game = load_save(path)
    if game.is_over:
        raise ValueError(f"{path}: the game is over; nothing to resume")
    seats = seats_from_header(record.header, game.num_players)
    writer = Autosave.resume(path, game, record, base, on_failure) if save else None
    return GameSession(game, seats, record_writer=writer)
