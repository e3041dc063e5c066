"""Head-to-head of two trick-game bot levels on the same deals (Moon or Texas 42).

    .venv/bin/python scripts/bot_duel_tricks.py --game texas42 --deals 100 --a expert --b standard

Texas 42: each deal is played as one hand twice, level A holding seats 0 and 2, then
seats 1 and 3 (same tiles in the same seats), so both teams get both hands. Reported:
points taken per hand, bids made, marks won. Moon: each deal is played three times, A in
each seat in turn against two B players; reported: A's and B's score per hand.
Decision times (p50/p95/max, ms) are printed per level and decision kind.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from core.bots.base import decision_rng, percentiles_ms  # noqa: E402
from core.bots.moon.expert import MoonExpertBot  # noqa: E402
from core.bots.moon.heuristic import MoonEasyBot, MoonStandardBot  # noqa: E402
from core.bots.texas42.expert import Texas42ExpertBot  # noqa: E402
from core.bots.texas42.heuristic import Texas42EasyBot, Texas42StandardBot  # noqa: E402
from core.moon.engine import MoonGame  # noqa: E402
from core.texas42.engine import Texas42Game  # noqa: E402


def make(game: str, level: str, args):
    classes = {"moon": (MoonEasyBot, MoonStandardBot, MoonExpertBot),
               "texas42": (Texas42EasyBot, Texas42StandardBot, Texas42ExpertBot)}[game]
    if level == "expert":
        if args.samples or args.nodes:
            return classes[2](samples=args.samples, nodes=args.nodes)
        return classes[2](budget_s=args.budget)
    return {"easy": classes[0], "standard": classes[1]}[level]()


def play_hand(game, bots, seed, times, levels):
    """Play ``game``'s first hand out; decision times go to ``times``."""
    for i in range(1000):
        p = game.current_player
        view = game.view(p)
        started = time.perf_counter()
        command = bots[p].choose(view, list(view.legal), decision_rng(seed, p, i))
        times.setdefault((levels[p], view.phase), []).append(time.perf_counter() - started)
        for event in game.apply(command):
            if event.kind == "hand_end":
                return event
    raise RuntimeError("the hand did not end")


def duel_42(args, times):
    a_points, b_points, a_marks, b_marks = [], [], 0, 0
    bids = {"A": [0, 0], "B": [0, 0]}
    for d in range(args.deals):
        seed = args.seed + d
        for a_team in (0, 1):
            levels = [args.a if p % 2 == a_team else args.b for p in range(4)]
            bots = [make("texas42", lv, args) for lv in levels]
            game = Texas42Game({"play_out": True}, seed=seed)
            game.start()
            end = play_hand(game, bots, seed, times, levels)
            a_points.append(end.points[a_team])
            b_points.append(end.points[1 - a_team])
            a_marks += end.marks[a_team]
            b_marks += end.marks[1 - a_team]
            who = "A" if end.bidder % 2 == a_team else "B"
            bids[who][0] += 1
            bids[who][1] += bool(end.made)
        if args.verbose:
            print(f"deal {d}: A {sum(a_points)} B {sum(b_points)}", flush=True)
    n = len(a_points)
    diffs = [a - b for a, b in zip(a_points, b_points)]
    print(f"Texas 42, {args.deals} deals x 2 seatings: {args.a} (A) vs {args.b} (B)")
    print(f"  points per hand: A {sum(a_points) / n:.2f}  B {sum(b_points) / n:.2f}  "
          f"A-B {statistics.mean(diffs):+.2f} +- {statistics.stdev(diffs) / n ** 0.5:.2f}")
    print(f"  marks: A {a_marks}  B {b_marks}")
    for who in "AB":
        won, made = bids[who]
        print(f"  {who} won the bid {won} times, made {made}")


def duel_moon(args, times):
    a_score, b_score, n = 0.0, 0.0, 0
    for d in range(args.deals):
        seed = args.seed + d
        for seat in range(3):
            levels = [args.a if p == seat else args.b for p in range(3)]
            bots = [make("moon", lv, args) for lv in levels]
            game = MoonGame(seed=seed)
            game.start()
            end = play_hand(game, bots, seed, times, levels)
            a_score += end.delta[seat]
            b_score += sum(end.delta[p] for p in range(3) if p != seat) / 2
            n += 1
        if args.verbose:
            print(f"deal {d}: A {a_score:.1f} B {b_score:.1f}", flush=True)
    print(f"Moon, {args.deals} deals x 3 seats: {args.a} (A) vs two {args.b} (B)")
    print(f"  score per hand: A {a_score / n:+.2f}  B (each) {b_score / n:+.2f}")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("texas42", "moon"), default="texas42")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--a", default="expert", choices=("easy", "standard", "expert"))
    parser.add_argument("--b", default="standard", choices=("easy", "standard", "expert"))
    parser.add_argument("--budget", type=float, default=None, help="expert seconds per play")
    parser.add_argument("--samples", type=int, default=None, help="deterministic expert")
    parser.add_argument("--nodes", type=int, default=None, help="deterministic expert")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    times: dict = {}
    (duel_42 if args.game == "texas42" else duel_moon)(args, times)
    print("  decision times (ms):")
    for (level, phase), values in sorted(times.items()):
        stats = percentiles_ms(values)
        print(f"    {level:8} {phase:6} n={len(values):5}  p50 {stats['p50']:8.1f}  "
              f"p95 {stats['p95']:8.1f}  max {stats['max']:8.1f}")


if __name__ == "__main__":
    main()
