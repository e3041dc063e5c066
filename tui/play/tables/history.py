"""A shared game, once over, in the player's own history (so their statistics count it).

The server sends the finished record with the game's last update; it is written
to ``history/`` of the player's data directory as ``shared-<table>-<seed>.jsonl``,
its header marked with the player's ``seat`` (``core.statistics`` counts that
seat). The record is checked (read and replayed) before it is kept: the server is
trusted no more than a file.

No Textual here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.records import RecordWriter, dumps_line, parse_record, replay
from tui.play.saves import history_dir, rotate_history

__all__ = ["keep_finished_record"]


def keep_finished_record(record: list[dict[str, Any]], base: Path | None, seat: int | None,
                         table: str) -> Path:
    """Write ``record`` (header first) into the history; raises ``ValueError`` (a
    :class:`~core.errors.RecordError`) for a record that does not replay to its end,
    ``OSError`` when it cannot be written."""
    header = dict(record[0])
    if seat is not None:
        header["seat"] = seat
    lines = record[1:]
    text = "".join(dumps_line(line) + "\n" for line in [header, *lines])
    parsed = parse_record(text, f"shared table {table}")
    if not replay(parsed).is_over:
        raise ValueError("the game in it is not over")
    folder = history_dir(base)
    folder.mkdir(parents=True, exist_ok=True)
    safe = "".join(c for c in table if c.isalnum() or c == "-")[:32] or "table"
    path = folder / f"shared-{safe}-{header.get('seed', 0)}.jsonl"
    number = 2
    while path.exists():
        path = folder / f"shared-{safe}-{header.get('seed', 0)}-{number}.jsonl"
        number += 1
    with RecordWriter(path, header, fsync=True, exclusive=True) as writer:
        writer.append(lines)
    rotate_history(base)
    return path
