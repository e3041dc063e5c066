"""How often the bots defending a moon set it (Three-Player Moon, a bid of 21).

    .venv/bin/python scripts/moon_defence.py --deals 60 --budget 0.1 --defenders standard,expert

Deals are Moon games dealt from seeds ``--seed * 1_000_000 + k``. On each, the player
whose seven tiles and the widow rate best (the best discard and trumps, by the
rule-of-thumb rating the bots use) shoots the moon when that rating is at least
``--min-rating`` (other deals are skipped); the others pass. The bidder is the expert
(``--budget`` seconds a play, three times that for the discard and trumps): it takes
the widow, discards and names trumps once per deal; then the hand is played once for
each defender level in ``--defenders``, both defenders at that level against the same
bidder's hand, discard and trumps.

Printed: per level, the moons set (the bidder took fewer than 7 tricks) with Wilson's
95% interval; then, for each level after the first, its set rate minus the first
level's with a 95% interval over the paired deals. The machine is shared: the run is
one process; keep ``--deals`` small (a deal takes a few seconds with expert defenders).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from core.arena_stats import mean_ci95, wilson_ci95  # noqa: E402
from core.bots import LEVELS, make_bot  # noqa: E402
from core.bots.base import decision_rng  # noqa: E402
from core.bots.moon.heuristic import discard_plans  # noqa: E402
from core.commands import Bid  # noqa: E402
from core.game import Phase  # noqa: E402
from core.moon.engine import MoonGame  # noqa: E402
from core.moon.view import MOON  # noqa: E402

SEED_STRIDE = 1_000_000
OPTIONS = {"all_pass": "redeal"}      # the third bidder may shoot the moon too


def moon_bidder(game: MoonGame, min_rating: float) -> int | None:
    """The player whose hand and the widow rate best, if that rating reaches ``min_rating``.

    (The script looks at every hand to pick the deal; the bots never do.)"""
    ratings = [discard_plans(game._hands[p] + [game._widow])[0][2] for p in range(3)]
    best = max(range(3), key=lambda p: ratings[p])
    return best if ratings[best] >= min_rating else None


def prepared(seed: int, bidder: int, expert) -> tuple[MoonGame, list]:
    """The deal with the moon bid, the widow discard and trumps done; the commands."""
    game = MoonGame(OPTIONS, seed=seed)
    game.start()
    commands = []
    i = 0
    while game.phase != Phase.PLAY:
        p = game.current_player
        view = game.view(p)
        if game.phase == Phase.BID:
            command = Bid(p, MOON if p == bidder else None)
        else:
            command = expert.choose(view, list(view.legal), decision_rng(seed, p, i))
        game.apply(command)
        commands.append(command)
        i += 1
    return game, commands


def play_out(seed: int, commands: list, bidder: int, expert, defender) -> bool:
    """Replay ``commands``, play the hand out; whether the moon was set."""
    game = MoonGame(OPTIONS, seed=seed)
    game.start()
    for c in commands:
        game.apply(c)
    i = len(commands)
    while game.phase == Phase.PLAY:
        p = game.current_player
        view = game.view(p)
        bot = expert if p == bidder else defender
        for event in game.apply(bot.choose(view, list(view.legal), decision_rng(seed, p, i))):
            if event.kind == "hand_end":
                return not event.made
        i += 1
    raise RuntimeError("the hand did not end")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=40, help="moon deals to play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=0.1,
                        help="expert thinking time per play (bidder and expert defenders)")
    parser.add_argument("--min-rating", type=float, default=5.5,
                        help="the bidder's hand rating (tricks) a moon deal needs")
    parser.add_argument("--defenders", default="standard,expert",
                        help="comma-separated defender levels")
    args = parser.parse_args(argv)
    levels = [x.strip() for x in args.defenders.split(",") if x.strip()]
    bad = [x for x in levels if x not in LEVELS]
    if bad or not levels or args.deals < 1:
        print(f"unknown defender level(s): {', '.join(bad)}" if bad else
              "give at least one deal and one defender level", file=sys.stderr)
        return 2
    expert = make_bot("moon", "expert", args.budget)
    defenders = {lv: make_bot("moon", lv, args.budget) for lv in levels}
    sets: dict[str, list[int]] = {lv: [] for lv in levels}
    started = time.perf_counter()
    k = 0
    played = 0
    while played < args.deals:
        seed = args.seed * SEED_STRIDE + k
        k += 1
        game = MoonGame(OPTIONS, seed=seed)
        game.start()
        bidder = moon_bidder(game, args.min_rating)
        if bidder is None:
            continue
        _, commands = prepared(seed, bidder, expert)
        for lv in levels:
            sets[lv].append(int(play_out(seed, commands, bidder, expert, defenders[lv])))
        played += 1
        print(f"\r{played}/{args.deals} deals", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    elapsed = time.perf_counter() - started
    print(f"{played} moon deals (of {k} dealt, bidder rating >= {args.min_rating}), "
          f"expert bidder at --budget {args.budget}, {elapsed:.0f} s")
    for lv in levels:
        n, s = len(sets[lv]), sum(sets[lv])
        lo, hi = wilson_ci95(s, n)
        print(f"  {lv:<8} defenders set {s}/{n} = {s / n:.0%}  [95%: {lo:.0%}, {hi:.0%}]")
    first = levels[0]
    for lv in levels[1:]:
        diffs = [b - a for a, b in zip(sets[first], sets[lv])]
        m, lo, hi = mean_ci95(diffs)
        if not math.isfinite(lo):
            lo = hi = m
        print(f"  {lv} minus {first}: {m * 100:+.1f} points of percentage "
              f"[95%: {lo * 100:+.1f}, {hi * 100:+.1f}] over the same deals")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
