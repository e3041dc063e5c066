"""A history (events or record lines) cut into hands and rounds."""

from __future__ import annotations

from typing import Any, Iterable

from core.events import Event
from core.registry import HAND_END_KINDS, HAND_START_KINDS

HAND_ENDS = HAND_END_KINDS     # the name this package has always offered


def as_line(item: Event | dict[str, Any]) -> dict[str, Any]:
    """A record line (dict) for an event or a line."""
    return item.to_record() if isinstance(item, Event) else dict(item)


def split_hands(items: Iterable[Event | dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The lines grouped per hand (Moon, 42) or round (Mexican Train), in order.

    Each group starts at its ``hand_start``/``round_start``; lines before the first
    one (42's first-shaker draw) belong to the first hand, ``game_end`` to the last.
    A header line (``record``) is skipped.
    """
    groups: list[list[dict[str, Any]]] = []
    before: list[dict[str, Any]] = []
    for item in items:
        line = as_line(item)
        kind = line.get("event")
        if kind is None:
            continue
        if kind in HAND_START_KINDS:
            groups.append(before + [line])
            before = []
        elif groups:
            groups[-1].append(line)
        else:
            before.append(line)
    if before:
        groups.append(before)
    return groups


def current_hand(items: Iterable[Event | dict[str, Any]]) -> list[dict[str, Any]]:
    """The lines of the hand/round in progress (the last one)."""
    groups = split_hands(items)
    return groups[-1] if groups else []


def last_finished_hand(items: Iterable[Event | dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The lines of the last hand/round that has ended, or ``None``."""
    for group in split_hands(items)[::-1]:
        if any(line.get("event") in HAND_END_KINDS for line in group):
            return group
    return None


# -- small words -----------------------------------------------------------------------
