#!/usr/bin/env python3
"""How fast the rules engines run: whole random-play games per second, per game.

    python scripts/bench_engines.py [--seconds 3] [--game NAME ...]

Each game is played start to finish by the legal-move bots of ``core.simulate``
(seeds 0, 1, 2, … until the time is up), with the default settings unless
``--option``s are given. Also shown: decisions and events per second, and how
fast a finished game's record replays (read back and checked line by line).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.records import dumps_line, parse_record, record_lines, replay  # noqa: E402
from core.registry import GAME_NAMES, game_class  # noqa: E402
from core.simulate import simulate_game  # noqa: E402


def bench(name: str, seconds: float, options: dict) -> dict:
    cls = game_class(name)
    games = events = decisions = 0
    elapsed = 0.0
    texts = []
    while elapsed < seconds:
        start = time.perf_counter()
        game = simulate_game(name, games, options)
        elapsed += time.perf_counter() - start          # only the playing is timed
        games += 1
        events += len(game.history)
        decisions += sum(cls.command_from_record(e.to_record()) is not None for e in game.history)
        if len(texts) < 20:
            texts.append("".join(dumps_line(line) + "\n" for line in record_lines(game)))
    replay_start = time.perf_counter()
    for text in texts:
        replay(parse_record(text))
    replay_time = time.perf_counter() - replay_start
    return {"game": name, "games": games, "seconds": elapsed, "per_second": games / elapsed,
            "events": events / games, "decisions_per_second": decisions / elapsed,
            "events_per_second": events / elapsed, "replays_per_second": len(texts) / replay_time}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game (default 3)")
    parser.add_argument("--game", action="append", choices=GAME_NAMES,
                        help="only this game (repeatable; default: all three)")
    parser.add_argument("--option", action="append", default=[], metavar="GAME:NAME=VALUE",
                        help="a setting for one game, e.g. moon:target=7")
    args = parser.parse_args(argv)
    options: dict[str, dict[str, str]] = {name: {} for name in GAME_NAMES}
    for item in args.option:
        game, _, setting = item.partition(":")
        key, _, value = setting.partition("=")
        if game not in options or not key:
            parser.error(f"--option {item!r}: use GAME:NAME=VALUE")
        options[game][key] = value
    print(f"Python {platform.python_version()} on {platform.machine()}, "
          f"{args.seconds:g} s per game, legal-move bots, seeds from 0")
    print(f"{'game':<14}{'games':>7}{'games/s':>10}{'events/game':>13}{'decisions/s':>13}"
          f"{'events/s':>11}{'replays/s':>11}")
    for name in args.game or GAME_NAMES:
        row = bench(name, args.seconds, options[name])
        print(f"{name:<14}{row['games']:>7}{row['per_second']:>10.1f}{row['events']:>13.0f}"
              f"{row['decisions_per_second']:>13.0f}{row['events_per_second']:>11.0f}"
              f"{row['replays_per_second']:>11.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
