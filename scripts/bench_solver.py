#!/usr/bin/env python3
"""How fast the double-dummy solver solves a whole hand, per game.

    python scripts/bench_solver.py [--deals 30] [--seed 1] [--game moon|texas42 ...]
                                   [--values]

Each deal is dealt from ``random.Random(seed)``: Texas 42's 28 tiles in four
hands of 7, Moon's 22 in three hands of 7 (the widow left out). Seat 0 bids and
names the trump its hand rates best (the rule-of-thumb rating the bots use);
with every hand open, :class:`~core.bots.trick.solver.TrickSolver` then solves
the hand from the first lead (seat 0 leads) to the end: 42 the points the
bidders take, Moon the tricks the bidder takes. Prints, per game, the solve
rate (search nodes a second over all deals) and the median, p95 and max time of
one complete solve, by the wall clock and by the process's CPU time (steadier when
other work shares the machine); ``--values`` also prints each deal's value (for checking
that two versions of the solver agree). Run it when the machine is otherwise
idle (the figures scale with the CPU share it gets).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.bots.base import percentile  # noqa: E402
from core.bots.trick import evaluation as ev  # noqa: E402
from core.bots.trick.solver import COUNT_POINTS, TILES, TrickSolver, mask_of, tables_for  # noqa: E402
from core.tiles import double_set, moon_set  # noqa: E402

GAMES = ("texas42", "moon")
TRUMPS = ("6", "5", "4", "3", "2", "1", "0", "doubles", "none")
TILE_POINTS = tuple(COUNT_POINTS.get(t, 0) for t in TILES)


def deal_position(game: str, rng: random.Random) -> tuple[TrickSolver, list[int], str]:
    """A fresh solver and the open hands of one dealt hand (seat 0 bids and leads)."""
    if game == "texas42":
        tiles = list(double_set(6))
        rng.shuffle(tiles)
        hands = [tiles[i * 7:(i + 1) * 7] for i in range(4)]
        trump = ev.rank_trumps(hands[0], TRUMPS, {}, "texas42", tiles)[0][0]
        mode = ev.mode_for(trump, {}, "texas42")
        solver = TrickSolver(tables_for(mode), (0, 1, 2, 3), [1, 0, 1, 0], TILE_POINTS, 1)
    else:
        tiles = list(moon_set())
        rng.shuffle(tiles)
        hands = [tiles[i * 7:(i + 1) * 7] for i in range(3)]
        trump = ev.rank_trumps(hands[0], TRUMPS, {}, "moon", tiles)[0][0]
        mode = ev.mode_for(trump, {}, "moon")
        solver = TrickSolver(tables_for(mode), (0, 1, 2), [1, 0, 0], None, 1)
    return solver, [mask_of(h) for h in hands], trump


def bench(game: str, deals: int, seed: int) -> dict[str, object]:
    rng = random.Random(f"{seed}:{game}")
    times: list[float] = []
    cpu_times: list[float] = []
    nodes = 0
    values: list[tuple[str, int, int]] = []
    for _ in range(deals):
        solver, hands, trump = deal_position(game, rng)
        started, cpu = time.perf_counter(), time.process_time()
        value = solver.solve(hands, 0)
        times.append(time.perf_counter() - started)
        cpu_times.append(time.process_time() - cpu)
        nodes += solver.nodes
        values.append((trump, value, solver.nodes))
    ordered, cpu_ordered = sorted(times), sorted(cpu_times)
    return {"game": game, "deals": deals, "nodes": nodes, "seconds": sum(times),
            "rate": nodes / max(1e-9, sum(times)), "median": statistics.median(ordered),
            "p95": percentile(ordered, 0.95), "max": ordered[-1], "values": values,
            "cpu": sum(cpu_times), "cpu_rate": nodes / max(1e-9, sum(cpu_times)),
            "cpu_median": statistics.median(cpu_ordered),
            "cpu_p95": percentile(cpu_ordered, 0.95)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--values", action="store_true", help="print each deal's value")
    args = parser.parse_args()
    print(f"python {platform.python_version()}, {args.deals} deals a game, seed {args.seed}; "
          "whole hand solved from the first lead, all hands open")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{os.cpu_count()} CPUs, load {load:.2f} at the start; wall clock, then CPU time "
          "(steadier on a shared machine)")
    print(f"{'game':8} {'deals':>5} {'nodes':>10} {'nodes/s':>9} {'median s':>9} "
          f"{'p95 s':>7} {'max s':>7} {'total s':>8} | {'cpu n/s':>9} {'cpu med':>8} "
          f"{'cpu p95':>8} {'cpu tot':>8}")
    for game in args.game or GAMES:
        r = bench(game, args.deals, args.seed)
        print(f"{game:8} {r['deals']:5} {r['nodes']:10} {r['rate']:9.0f} {r['median']:9.3f} "
              f"{r['p95']:7.3f} {r['max']:7.3f} {r['seconds']:8.2f} | {r['cpu_rate']:9.0f} "
              f"{r['cpu_median']:8.3f} {r['cpu_p95']:8.3f} {r['cpu']:8.2f}")
        if args.values:
            print("  values (trump, value, nodes):", r["values"])


if __name__ == "__main__":
    main()
