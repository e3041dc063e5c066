"""Short table names to pass on by word of mouth: ``oak-42``, ``wren-moon``, ``fir-train``."""

from __future__ import annotations

import random

__all__ = ["table_name"]

WORDS = ("oak", "elm", "ash", "fir", "yew", "bay", "fig", "pine", "lark", "wren", "owl", "jay",
         "hawk", "kite", "teal", "dove", "swan", "crow", "finch", "robin", "heron", "birch",
         "maple", "cedar", "alder", "rowan", "hazel", "holly", "aspen", "willow", "acorn", "moss")
SUFFIX = {"moon": "moon", "texas42": "42", "mexican_train": "train"}


def table_name(game: str, rng: random.Random, taken: set[str]) -> str:
    """A name not in ``taken``: a word and the game, with a number once the words run out."""
    suffix = SUFFIX.get(game, "table")
    words = list(WORDS)
    rng.shuffle(words)
    for word in words:
        name = f"{word}-{suffix}"
        if name not in taken:
            return name
    number = 2
    while True:
        name = f"{rng.choice(WORDS)}-{suffix}-{number}"
        if name not in taken:
            return name
        number += 1
