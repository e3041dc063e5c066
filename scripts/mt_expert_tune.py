"""Run the arena with the Mexican Train expert's knobs changed (tuning aid).

    .venv/bin/python scripts/mt_expert_tune.py round_win_weight=10 override_z=0.5 -- \
        --game mexican_train --a expert --b standard --players 4 --hands 1 \
        --deals 50 --seed 100 --jobs 1 --quiet --records /tmp/run

Every ``NAME=VALUE`` before ``--`` sets a class attribute of
:class:`~core.bots.mexican_train.heuristic.TrainExpertBot` (a float) for this run
only; the rest goes to ``dominoes arena`` unchanged.
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from core import arena  # noqa: E402
from core.bots.mexican_train.heuristic import TrainExpertBot  # noqa: E402


def main(argv: list[str]) -> int:
    split = argv.index("--") if "--" in argv else -1
    for item in argv[:max(split, 0)]:
        name, _, value = item.partition("=")
        if not hasattr(TrainExpertBot, name):
            raise SystemExit(f"TrainExpertBot has no knob {name!r}")
        setattr(TrainExpertBot, name, float(value))
        print(f"TrainExpertBot.{name} = {value}")
    return arena.main(argv[split + 1:])


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
