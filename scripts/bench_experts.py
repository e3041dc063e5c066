#!/usr/bin/env python3
"""How long the trick-game experts take to decide, per kind of decision.

    python scripts/bench_experts.py [--hands 10] [--seed 0] [--game moon|texas42 ...]
                                    [--budget SECONDS]

Every seat is the expert at its default thinking time (``--budget`` sets another
play budget); each game's first ``--hands`` hands (seeds ``seed``, ``seed + 1``, …,
one hand a seed) are played to their end, and every decision is timed as the
arena times it (:class:`~core.bots.base.DecisionTimer`: the whole ``choose``).
Prints p50, p95 and max milliseconds per kind: ``play`` (a tile played), ``bid``
(every decision before the play: bids, trumps, the widow, discards) and, within
``bid``, each command kind. The targets at the default setting: plays p95 at
most 500 ms, bids at most 1500 ms. The figures scale with the CPU share the
process gets: run it when the machine is otherwise idle.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.bots import Bot, make_bot  # noqa: E402
from core.bots.base import DecisionTimer, decision_kind, decision_rng, percentiles_ms  # noqa: E402
from core.registry import HAND_END_KINDS, game_class  # noqa: E402

GAMES = ("moon", "texas42")
PLAY_P95_MS = 500.0
BID_MAX_MS = 1500.0


def one_hand(name: str, seed: int, budget: float | None,
             timer: DecisionTimer, by_command: dict[str, list[float]]) -> None:
    """Play one hand with the expert in every seat, timing each decision."""
    game = game_class(name)(seed=seed)
    game.start()
    bots: dict[int, Bot] = {}
    k = 0
    while not any(e.to_record().get("event") in HAND_END_KINDS for e in game.history):
        player = game.current_player
        assert player is not None
        bot = bots.setdefault(player, make_bot(name, "expert", budget))
        view, legal = game.view(player), game.legal_actions()
        started = time.perf_counter()
        command = bot.choose(view, legal, decision_rng(seed, player, k))
        took = time.perf_counter() - started
        timer.add(name, took, decision_kind(command))
        by_command.setdefault(type(command).__name__, []).append(took)
        game.apply(command)
        k += 1


def row(label: str, values: list[float], limit: str = "") -> str:
    p = percentiles_ms(values)
    return (f"  {label:12} n {len(values):4}  p50 {p['p50']:7.0f}  p95 {p['p95']:7.0f}  "
            f"max {p['max']:7.0f} ms  {limit}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--budget", type=float, default=None,
                        help="play budget in seconds (default: the expert's own)")
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"python {platform.python_version()}, {os.cpu_count()} CPUs, load {load:.2f}, "
          f"{args.hands} hands a game, expert in every seat, budget "
          f"{'default' if args.budget is None else f'{args.budget:g} s'}")
    for name in args.game or GAMES:
        timer = DecisionTimer()
        by_command: dict[str, list[float]] = {}
        started = time.perf_counter()
        for seed in range(args.seed, args.seed + args.hands):
            one_hand(name, seed, args.budget, timer, by_command)
        kinds = timer.kinds.get(name, {})
        print(f"{name} ({time.perf_counter() - started:.0f} s)")
        plays, bids = kinds.get("play", []), kinds.get("bid", [])
        if plays:
            p95 = percentiles_ms(plays)["p95"]
            print(row("play", plays, f"p95 target {PLAY_P95_MS:.0f}: "
                                     f"{'ok' if p95 <= PLAY_P95_MS else 'OVER'}"))
        if bids:
            top = percentiles_ms(bids)["max"]
            print(row("bid (all)", bids, f"max target {BID_MAX_MS:.0f}: "
                                         f"{'ok' if top <= BID_MAX_MS else 'OVER'}"))
        for kind, values in sorted(by_command.items()):
            if kind != "Play":
                print(row(f"  {kind}", values))


if __name__ == "__main__":
    main()
