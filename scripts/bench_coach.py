#!/usr/bin/env python3
"""How long the coach takes over one hand (Mexican Train: one round), per game.

    python scripts/bench_coach.py [--hands 10] [--seconds 8] [--game NAME ...]

Each game's first ``--hands`` hands are played by the standard bots (seeds 0, 1, …,
one hand a seed), then analysed for seat 0 at the coach's default budget (or
``--seconds`` for the whole hand). Prints the median, p95 and max seconds, and how
many decisions each analysis looked at. Run it when the machine is otherwise idle.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.bots import make_bot  # noqa: E402
from core.bots.base import decision_rng, percentile  # noqa: E402
from core.coach import CoachBudget, analyse  # noqa: E402
from core.records import record_lines  # noqa: E402
from core.registry import HAND_END_KINDS, game_class  # noqa: E402

GAMES = ("moon", "texas42", "mexican_train")


def one_hand(name: str, seed: int) -> list[dict]:
    """The record lines (header first) of one hand played by the standard bots."""
    game = game_class(name)(seed=seed)
    game.start()
    bot = make_bot(name, "standard")
    k = 0
    while not any(e.to_record().get("event") in HAND_END_KINDS for e in game.history):
        player = game.current_player
        assert player is not None
        game.apply(bot.choose(game.view(player), game.legal_actions(),
                              decision_rng(seed, player, k)))
        k += 1
    lines = record_lines(game)
    end = next(i for i, line in enumerate(lines) if line.get("event") in HAND_END_KINDS)
    return lines[:end + 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--game", action="append", choices=GAMES)
    args = parser.parse_args()
    budget = CoachBudget() if args.seconds is None else CoachBudget(seconds=args.seconds)
    print(f"python {platform.python_version()}, budget {budget.seconds:g} s a hand")
    for name in args.game or GAMES:
        times, counts = [], []
        for seed in range(args.hands):
            lines = one_hand(name, seed)
            started = time.perf_counter()
            report = analyse(lines[0], lines[1:], 0, rng=random.Random(seed), budget=budget)
            times.append(time.perf_counter() - started)
            counts.append(report.analysed)
        ordered = sorted(times)
        print(f"{name:14} hands {len(times):3}  median {statistics.median(ordered):6.2f} s  "
              f"p95 {percentile(ordered, 0.95):6.2f} s  max {ordered[-1]:6.2f} s  "
              f"decisions/hand {statistics.mean(counts):5.1f}")


if __name__ == "__main__":
    main()
