"""The autosave: a game's record written as it is played, and how sessions start and resume.

:class:`Autosave` is the record writer the app gives every game: each batch of
events is flushed and fsynced before the next move; a failing disk is told once
and never stops the game; the finished record moves to ``history/``.
:func:`new_session` and :func:`resume_session` are the one way the app -- and
the kill/resume test's headless driver -- start a saved game and go on with one.

No Textual here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable

from tui.saves import SaveInUse, archive, load_save, lock_save, new_save_path, saves_dir

__all__ = ["Autosave", "SaveInUse", "missing_events", "new_session", "resume_session",
           "seats_from_header"]


class Autosave:
    """The game's record, written as it happens: every batch of events is flushed and
    fsynced before the next move. It never raises: when the disk fails (full,
    read-only, gone), ``failed`` says why, ``on_failure`` is told once, and the game
    plays on unsaved. When the ``game_end`` line is written, the record is closed and
    moved to ``history/``.
    """

    def __init__(self, writer: Any, path: Path, base: Path | None = None,
                 on_failure: Callable[[str], None] | None = None) -> None:
        self.writer = writer
        self.path = Path(path)
        self.base = base
        self.on_failure = on_failure
        self.failed: str | None = None
        self.finished_path: Path | None = None
        self._lock: Any = None

    @classmethod
    def create(cls, game: Any, players: list[dict[str, Any]], base: Path | None = None,
               on_failure: Callable[[str], None] | None = None) -> "Autosave | None":
        """A new save for ``game`` (its header written at once), or ``None`` if the data
        directory cannot be written (``on_failure`` is told why)."""
        from core.records import RecordWriter
        try:
            path = new_save_path(game.name, game.seed, base)
            writer = RecordWriter(path, game.header(players), fsync=True)
        except OSError as exc:
            if on_failure is not None:
                on_failure(_failure_text(exc))
            return None
        save = cls(writer, path, base, on_failure)
        save._lock = lock_save(path)
        return save

    @classmethod
    def resume(cls, path: Path, game: Any, record: Any, base: Path | None = None,
               on_failure: Callable[[str], None] | None = None) -> "Autosave | None":
        """Go on writing the save at ``path`` (read and replayed into ``game``).

        A partial last line is cut off; events the replayed game holds beyond the
        record's last line (a batch cut short by a crash) are written first, so the
        record and the game agree again. Raises :class:`SaveInUse` when another
        window holds the save; returns ``None`` when it cannot be written.
        """
        from core.records import RecordWriter
        lock = lock_save(Path(path))                 # SaveInUse when another window has it
        try:
            writer = RecordWriter.append_to(path, fsync=True)
        except OSError as exc:
            if lock is not None:
                lock.close()
            if on_failure is not None:
                on_failure(_failure_text(exc))
            return None
        save = cls(writer, Path(path), base, on_failure)
        save._lock = lock
        missing = missing_events(record, game)
        if missing:
            save.append(missing)
        return save

    def append(self, events: Iterable[Any]) -> None:
        events = list(events)
        if self.failed is None and self.writer is not None:
            try:
                self.writer.append(events)
            except (OSError, ValueError) as exc:   # ValueError: the stream was closed
                self._fail(exc)
        if any(getattr(e, "kind", None) == "game_end" or
               (isinstance(e, dict) and e.get("event") == "game_end") for e in events):
            self.finish()

    def rewrite(self, header: dict[str, Any], events: Iterable[Any]) -> bool:
        """Replace the record with ``header`` and ``events`` (after an undo), atomically
        (``core.undo.rewrite_record``), and go on appending to it. False when the disk
        refused (``failed`` says why; the game plays on unsaved)."""
        from core.records import RecordWriter
        from core.undo import rewrite_record
        if self.failed is not None:
            return False
        self.close()                    # releases the lock: the file is replaced below
        try:
            rewrite_record(self.path, header, events)
            self.writer = RecordWriter.append_to(self.path, fsync=True)
        except OSError as exc:
            self._fail(exc)
            return False
        self._lock = lock_save(self.path)
        return True

    def _fail(self, exc: BaseException) -> None:
        self.failed = _failure_text(exc)
        try:
            self.writer.close()
        except OSError:
            pass
        if self.on_failure is not None:
            self.on_failure(self.failed)

    @property
    def in_saves_folder(self) -> bool:
        """A save of the data directory (not a file named on the command line)."""
        return self.path.parent.resolve() == saves_dir(self.base).resolve()

    def finish(self) -> None:
        """The game is over: close the record and move it to the history (a file named
        on the command line, outside the saves folder, stays where it is)."""
        self.close()
        if (self.failed is None and self.finished_path is None and self.path.exists()
                and self.in_saves_folder):
            self.finished_path = archive(self.path, self.base)

    def close(self) -> None:
        if self.writer is not None:
            try:
                self.writer.close()
            except OSError:
                pass
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    def abandon(self) -> Path | None:
        """Stop saving and move the record to the history, marked abandoned."""
        self.close()
        if self.path.exists():
            return archive(self.path, self.base, abandoned=True)
        return None


def _failure_text(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        reason = exc.strerror or str(exc)
        where = f" ({exc.filename})" if getattr(exc, "filename", None) else ""
        return (f"This game cannot be saved: {reason}{where}. "
                "You can play on; it will not be saved.")
    return f"This game cannot be saved: {exc}. You can play on; it will not be saved."


def missing_events(record: Any, game: Any) -> list[Any]:
    """Events of the replayed ``game`` after the record's last line (a cut batch)."""
    history = list(game.history)
    count = len(record.lines)
    if len(history) <= count:
        return []
    recorded = [line.get("event") for line in record.lines]
    if [getattr(e, "kind", None) for e in history[:count]] != recorded:
        return []
    return history[count:]


# -- sessions: what the app and the kill/resume driver start and continue ---------------

def seats_from_header(header: dict[str, Any], num_players: int) -> list[Any]:
    """The seats a record's header describes (humans, and bots at their levels)."""
    from tui.session import Seat
    players = header.get("players") or []
    seats = []
    for i in range(num_players):
        p = players[i] if i < len(players) and isinstance(players[i], dict) else {}
        kind = "human" if p.get("kind") == "human" else "bot"
        seats.append(Seat(str(p.get("name") or f"Player {i + 1}"), kind,
                          None if kind == "human" else (p.get("level") or "standard")))
    return seats


def new_session(game: Any, seats: list[Any], base: Path | None = None,
                on_failure: Callable[[str], None] | None = None, *, save: bool = True) -> Any:
    """A session for a new game, saved as it goes (unless ``save`` is False or the disk
    refuses: then ``on_failure`` is told and the game plays unsaved)."""
    from tui.session import GameSession
    writer = (Autosave.create(game, [s.to_record() for s in seats], base, on_failure)
              if save else None)
    return GameSession(game, seats, record_writer=writer)


def resume_session(path: Path, base: Path | None = None,
                   on_failure: Callable[[str], None] | None = None, *,
                   save: bool = True) -> Any:
    """A session going on with the save at ``path``: same hands, turn, bots, settings,
    scores. Raises ``RecordError`` for a save that cannot be read back, ``ValueError``
    for a finished game, :class:`SaveInUse` when another window plays it."""
    from tui.session import GameSession
    path = Path(path)
    record, game = load_save(path)
    if game.is_over:
        raise ValueError(f"{path}: the game is over; nothing to resume")
    seats = seats_from_header(record.header, game.num_players)
    writer = Autosave.resume(path, game, record, base, on_failure) if save else None
    return GameSession(game, seats, record_writer=writer)
