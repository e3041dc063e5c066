"""Compare two arena runs on the same deals game by game (tuning aid).

    .venv/bin/python scripts/mt_paired.py DIR_X DIR_Y

Both directories hold ``--records`` of the same match on the same seeds. Prints
each run's win rate for A and the mean paired difference (X - Y) with its
standard error over deals.
"""

from __future__ import annotations

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from core import arena_stats  # noqa: E402
from core.arena import _a_side, game_winner  # noqa: E402
from core.records import read_record  # noqa: E402


def shares(directory: str) -> dict[str, float]:
    out = {}
    for name in sorted(os.listdir(directory)):
        if name.endswith(".jsonl"):
            record = read_record(os.path.join(directory, name))
            seating = tuple(p["name"][:1].lower() for p in record.header["players"])
            winner = game_winner(record.header["game"], record.lines)
            out[name] = arena_stats.win_share(winner, _a_side(record.header["game"], seating))
    return out


def main(argv: list[str]) -> int:
    x, y = shares(argv[0]), shares(argv[1])
    common = sorted(set(x) & set(y))
    deals: dict[str, list[float]] = {}
    for name in common:
        deals.setdefault(name.rsplit("-seating", 1)[0], []).append(x[name] - y[name])
    d = [sum(v) / len(v) for v in deals.values()]
    m = sum(d) / len(d)
    se = math.sqrt(sum((v - m) ** 2 for v in d) / (len(d) - 1) / len(d)) if len(d) > 1 else 0.0
    wx = sum(x[n] for n in common) / len(common)
    wy = sum(y[n] for n in common) / len(common)
    same = sum(1 for n in common if x[n] == y[n])
    print(f"{len(common)} games, {len(d)} deals: X {wx:.3f}  Y {wy:.3f}  "
          f"X-Y {m:+.3f} (se {se:.3f}); same outcome in {same}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
