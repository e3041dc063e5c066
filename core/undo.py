"""Taking moves back: rebuild a game at an earlier decision, and the undo/redo timeline.

A game is a pure function of its seed, its settings and the decisions applied
to it, so "the game as it was before decision k" is rebuilt by replaying the
first k decisions into a fresh game (the deals taken from the history as
presets, so a game resumed from a record rebuilds the same way)::

    earlier = rebuild(game, k)          # a new Game; ``game`` is untouched

:class:`Timeline` keeps the bookkeeping of undo and redo for one table:

* **undo** goes back to the human's previous decision point -- the latest
  decision made by a human seat -- taking back that decision and every bot
  decision after it; it is repeatable back to the start of the current
  hand/round, never further;
* the decisions taken back are kept as the **future**: redo re-applies them up
  to the next human decision point. While the future lasts, a bot about to
  decide is given its recorded decision (:meth:`Timeline.planned`), so undoing
  and playing the same move again brings the same bot replies (no fishing for
  other bot plays, whatever the bots' clocks did); the human making a different
  move clears the future.

Records: :func:`rewrite_record` replaces a save file with the undone prefix
atomically (temporary file, ``fsync``, ``os.replace``). A game that used undo
is marked in the record **header** with the extra field ``"undo_used": true``
(written by the first rewrite; extra header fields are allowed by the format).

Pure Python; no Textual.
"""

from __future__ import annotations

import json
import os
import tempfile
from typing import Any, Iterable

from core.commands import Command
from core.events import Event
from core.game import Game
from core.registry import HAND_START_KINDS

UNDO_FIELD = "undo_used"


# -- reading decisions out of a history ----------------------------------------------

def decisions(game: Game) -> list[Command]:
    """Every decision applied to ``game`` so far, in order (from its history)."""
    from_record = type(game).command_from_record
    out: list[Command] = []
    for event in game.history:
        command = from_record(event.to_record())
        if command is not None:
            out.append(command)
    return out


def count_decisions(game: Game) -> int:
    """How many decisions ``game``'s history holds (for a game rebuilt from a record
    too: a line that reads as no command, or as a malformed one, counts as none)."""
    from_record = type(game).command_from_record
    count = 0
    for event in game.history:
        try:
            if from_record(event.to_record()) is not None:
                count += 1
        except ValueError:
            continue
    return count


def hand_floor(game: Game) -> int:
    """How many decisions were applied before the current hand/round started."""
    from_record = type(game).command_from_record
    count = floor = 0
    for event in game.history:
        line = event.to_record()
        if line.get("event") in HAND_START_KINDS:
            floor = count
        elif from_record(line) is not None:
            count += 1
    return floor


def rebuild(game: Game, count: int, commands: list[Command] | None = None) -> Game:
    """A new game equal to ``game`` as it was after its first ``count`` decisions.

    ``commands`` are the game's decisions (``decisions(game)`` when omitted). The
    new game has the same class, settings and seed, and the hands dealt so far as
    presets, so its ``state_key()`` and history are exactly those the original had
    at that point. (The game must draw its chance from ``random.Random(seed)``,
    as every game the app starts does.)
    """
    if commands is None:
        commands = decisions(game)
    if not 0 <= count <= len(commands):
        raise ValueError(f"cannot rebuild at decision {count}: the game has {len(commands)}")
    cls = type(game)
    lines = [event.to_record() for event in game.history]
    fresh = cls(options=dict(game.options), seed=game.seed,
                deals=cls.deals_from_record(lines))
    fresh.start()
    for command in commands[:count]:
        fresh.apply(command)
    fresh.history = _with_optional_lines(game.history, fresh.history)
    return fresh


def _with_optional_lines(original: list[Event], rebuilt: list[Event]) -> list[Event]:
    """``rebuilt`` with the optional lines a preset deal does not emit again (42's
    first-shaker draw) put back where ``original`` has them."""
    from core.records import SKIPPED_KINDS

    merged: list[Event] = []
    j = 0
    for event in original:
        if j == len(rebuilt):
            break
        if event.to_record() == rebuilt[j].to_record():
            merged.append(rebuilt[j])
            j += 1
        elif event.kind in SKIPPED_KINDS:
            merged.append(event)
        else:
            raise RuntimeError(f"the rebuilt game differs from the original at {event.kind!r}")
    merged.extend(rebuilt[j:])
    return merged


# -- the timeline -------------------------------------------------------------------------

class Timeline:
    """Undo/redo bookkeeping for one game: decisions done, decisions taken back.

    ``humans``: the seats whose decisions undo takes back (the rest are bots).
    Call :meth:`applied` after every decision the game accepts (human or bot).
    """

    def __init__(self, game: Game, humans: Iterable[int]) -> None:
        self.humans = frozenset(humans)
        self.done: list[Command] = decisions(game)
        self.future: list[Command] = []
        self.floor = hand_floor(game)
        self.used = False

    # -- keeping up with the game
    def applied(self, command: Command, events: Iterable[Event]) -> None:
        """``command`` was applied and gave ``events``."""
        if self.future:
            if self.future[0] == command:
                self.future.pop(0)
            else:
                self.future.clear()      # a new move: the old future is gone
        self.done.append(command)
        if any(getattr(e, "kind", "") in HAND_START_KINDS for e in events):
            self.floor = len(self.done)
            self.future.clear()

    def planned(self, player: int, index: int) -> Command | None:
        """The decision recorded for ``player`` at decision ``index``, if redo would make it."""
        if index != len(self.done) or not self.future:
            return None
        command = self.future[0]
        return command if getattr(command, "player", None) == player else None

    # -- undo
    def undo_point(self) -> int | None:
        """The decision index undo goes back to, or ``None`` (nothing to undo in this hand)."""
        for i in range(len(self.done) - 1, self.floor - 1, -1):
            if getattr(self.done[i], "player", None) in self.humans:
                return i
        return None

    @property
    def can_undo(self) -> bool:
        return self.undo_point() is not None

    def undo(self, game: Game) -> Game:
        """The game rebuilt at the undo point; the decisions taken back become the future."""
        point = self.undo_point()
        if point is None:
            raise ValueError("There is nothing to undo in this hand.")
        earlier = rebuild(game, point, self.done)
        self.future = self.done[point:] + self.future
        del self.done[point:]
        self.used = True
        return earlier

    # -- redo
    @property
    def can_redo(self) -> bool:
        return bool(self.future)

    def redo_commands(self) -> list[Command]:
        """The decisions redo applies: the next one and every bot decision after it,
        up to (not including) the next human decision."""
        if not self.future:
            return []
        out = [self.future[0]]
        for command in self.future[1:]:
            if getattr(command, "player", None) in self.humans:
                break
            out.append(command)
        return out


# -- the save file ------------------------------------------------------------------------

def read_header(path: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The first line of a record file as a dict, or ``None`` if unreadable."""
    try:
        with open(path, encoding="utf-8") as f:
            first = f.readline()
        header = json.loads(first)
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    return header if isinstance(header, dict) and "record" in header else None


def rewrite_record(path: str | os.PathLike[str], header: dict[str, Any],
                   events: Iterable[Event | dict[str, Any]]) -> None:
    """Replace the record at ``path`` with ``header`` and ``events``, atomically.

    Written to a temporary file in the same folder, flushed and ``fsync``\\ ed, then
    moved over ``path`` with ``os.replace``: a crash leaves the old or the new
    record, never a mix.
    """
    from core.records import dumps_line  # records imports the engines; keep it lazy

    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    lines = [header] + [e.to_record() if isinstance(e, Event) else e for e in events]
    fd, tmp = tempfile.mkstemp(prefix=".undo-", suffix=".jsonl.tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write("".join(dumps_line(line) + "\n" for line in lines))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def marked_header(header: dict[str, Any]) -> dict[str, Any]:
    """``header`` with ``"undo_used": true`` added (a copy)."""
    out = dict(header)
    out[UNDO_FIELD] = True
    return out
