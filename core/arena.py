"""The bot arena: duplicate matches between two bot levels.

    dominoes arena --game G --a LEVEL --b LEVEL [--deals N] [--seed S]
                   [--option NAME=VALUE ...] [--players N] [--records DIR]
                   [--json] [--budget SECONDS] [--jobs J] [--quiet] [--hands N]
                   [--card-play]
    dominoes arena --from-records DIR [DIR ...] [--json]

Duplicate play: every deal is played once per seating, so each level gets the
same tiles from the same seats and the luck of the deal cancels.

* ``--deals N`` is the number of deals, that is of game seeds. Each seed is a
  whole game, played once per seating: Texas 42 twice (A's team in seats 0 and
  2, then in 1 and 3), Moon three times (A in each seat against two B's),
  Mexican Train once per player (A in each seat against B's). So N deals are
  2N, 3N or players x N games. A game seed fixes every shuffle of the game
  (engines draw their deals from the seeded generator alone), so hand ``k`` of
  a seed is the same deal in every seating; deal ``d`` uses seed
  ``S * 1_000_000 + d``.
* Win rate: A's share of the games won (a tie shares the win), against the
  baseline 1/2 (42), 1/3 (Moon), 1/players (Mexican Train). Use
  ``--option rounds=N`` for short Mexican Train games.
* Score edge, per hand (round), over the hands every seating of a deal reached:
  42: points A's team took minus B's team; Moon: A's hand score minus the
  average of the two B's; Mexican Train: the B's average points left minus A's.
  Positive always means A played better.
* ``--hands N`` stops every game after N hands (rounds): short games measure
  the per-hand edge over many more deals in the same time. A game so cut short
  is won by whoever leads after its last hand (42: marks or points; Moon: the
  highest score; Mexican Train: the lowest), ties sharing the win.
* ``--card-play`` (Texas 42): card play only, bids and trumps by fixed rules
  (:mod:`core.arena_card_play`).
* ``--from-records DIR ...`` plays nothing: it reads the records an earlier
  ``--records DIR`` run wrote (several runs' directories merge into one
  match) and prints the same summary, without decision times, which records
  do not hold.
* 95% intervals are over deals (see :mod:`core.arena_stats`). Decision times
  per level: p50, p95 and max in milliseconds.

Bots see only their views; each decision's generator is
``decision_rng(game_seed, player, i)`` with ``i`` the game's decision count.
``--budget`` is from 0.01 to 30 seconds a decision and ``--jobs`` at most the
CPUs the process may use. Errors print one line and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Sequence

from core import arena_stats
from core.arena_card_play import CardPlayOnly
from core.bots import LEVELS, make_bot
from core.bots.base import DecisionTimer, decision_rng
from core.errors import DominoError, RecordError
from core.registry import GAME_NAMES, HAND_END_KINDS, game_class

MAX_DECISIONS = 200_000
BUDGET_MIN, BUDGET_MAX = 0.01, 30.0
"""The range of ``--budget``: seconds a searching bot may think per decision."""
TOTALS = {"texas42": ("totals", max), "moon": ("scores", max), "mexican_train": ("scores", min)}
SEED_STRIDE = 1_000_000


class ArenaError(Exception):
    """A misuse of the arena: reported in one line, exit status 2."""


# -- seatings and measures, per game ----------------------------------------------------

def seatings(game: str, players: int) -> list[tuple[str, ...]]:
    """Who sits where in each game of a deal: a tuple of "a"/"b" per seat."""
    if game == "texas42":
        return [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    return [tuple("a" if seat == s else "b" for seat in range(players)) for s in range(players)]


def baseline(game: str, players: int) -> float:
    return 0.5 if game == "texas42" else 1.0 / players


def _a_side(game: str, seating: Sequence[str]) -> list[int]:
    """A's seats, or for Texas 42 A's team (0 or 1) as the record names it."""
    seats = [i for i, side in enumerate(seating) if side == "a"]
    if game == "texas42":
        return [seats[0] % 2]
    return seats


def hand_edges(game: str, seating: Sequence[str], lines: Sequence[dict[str, Any]]) -> list[float]:
    """A's edge in each finished hand (round) of a game record's event lines."""
    a = [i for i, side in enumerate(seating) if side == "a"]
    b = [i for i, side in enumerate(seating) if side == "b"]
    out: list[float] = []
    for line in lines:
        kind = line.get("event")
        if game == "mexican_train" and kind == "round_end":
            points = line["points"]
            out.append(sum(points[i] for i in b) / len(b) - sum(points[i] for i in a) / len(a))
        elif game == "moon" and kind == "hand_end":
            delta = line["delta"]
            out.append(sum(delta[i] for i in a) / len(a) - sum(delta[i] for i in b) / len(b))
        elif game == "texas42" and kind == "hand_end":
            team = a[0] % 2
            points = line["points"]
            out.append(points[team] - points[1 - team])
    return out


# -- playing ------------------------------------------------------------------------------

@dataclass
class Settings:
    game: str
    a: str
    b: str
    deals: int
    seed: int
    options: dict[str, Any]
    budget: float | None
    records: str | None
    jobs: int
    players: int
    hands: int | None = None
    card_play: bool = False


@dataclass
class DealResult:
    """One deal's games: A's share and hand edges per seating, decision times."""

    seed: int
    shares: list[float] = field(default_factory=list)
    edges: list[list[float]] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)
    kinds: dict[str, dict[str, list[float]]] = field(default_factory=dict)
    games: int = 0


def play_game(settings: Settings, seed: int, seating: Sequence[str], timer: DecisionTimer,
              record_path: str | None = None) -> list[dict[str, Any]]:
    """Play one whole game; returns its record (header first)."""
    cls = game_class(settings.game)
    game = cls(options=settings.options, seed=seed)
    levels = {"a": settings.a, "b": settings.b}
    bots = [make_bot(settings.game, levels[side], settings.budget) for side in seating]
    if settings.card_play:
        bots = [CardPlayOnly(bot) for bot in bots]
    game.start()
    decisions = 0
    hands = 0
    while not game.is_over:
        if decisions >= MAX_DECISIONS:
            raise RuntimeError(f"{settings.game} seed {seed}: not over after {decisions} decisions")
        p = game.current_player
        assert p is not None      # the game is not over
        legal = game.legal_actions()
        command = timer.choose(bots[p], game.view(p), legal, decision_rng(seed, p, decisions))
        events = game.apply(command)
        decisions += 1
        hands += sum(1 for e in events if e.kind in HAND_END_KINDS)
        if settings.hands is not None and hands >= settings.hands:
            break
    players = [{"name": f"{side.upper()} ({levels[side]})", "kind": "bot", "level": levels[side]}
               for side in seating]
    header = game.header(players)
    lines = [e.to_record() for e in game.history]
    if record_path is not None:
        _write_record(record_path, header, game.history)
    return [header] + lines


def _write_record(path: str, header: dict[str, Any], history: list[Any]) -> None:
    try:
        from core.records import RecordWriter
    except ImportError:       # pragma: no cover - records.py is part of the product
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            for line in [header] + [e.to_record() for e in history]:
                f.write(json.dumps(line, separators=(",", ":")) + "\n")
        return
    with RecordWriter(path, header) as writer:
        writer.append(history)


def play_deal(settings: Settings, index: int) -> DealResult:
    """Every seating of deal ``index``."""
    seed = settings.seed * SEED_STRIDE + index
    result = DealResult(seed)
    timer = DecisionTimer()
    for s, seating in enumerate(seatings(settings.game, settings.players)):
        path = None
        if settings.records:
            path = os.path.join(settings.records, f"{settings.game}-{seed}-seating{s}.jsonl")
        record = play_game(settings, seed, seating, timer, path)
        _add_game(result, settings.game, seating, record[1:])
    result.times = timer.times
    result.kinds = timer.kinds
    return result


def game_winner(game: str, lines: Sequence[dict[str, Any]]) -> Any:
    """The game's winner, or for a game cut short, who leads after its last hand
    (a list when tied; ``None`` before any hand ended)."""
    end = next((line for line in reversed(lines) if line.get("event") == "game_end"), None)
    if end is not None:
        return end.get("winner")
    last = next((line for line in reversed(lines) if line.get("event") in HAND_END_KINDS), None)
    if last is None:
        return None
    key, best = TOTALS[game]
    totals = last[key]
    top = best(totals)
    leaders = [i for i, v in enumerate(totals) if v == top]
    return leaders[0] if len(leaders) == 1 else leaders


def _add_game(result: DealResult, game: str, seating: Sequence[str],
              lines: Sequence[dict[str, Any]]) -> None:
    winner = game_winner(game, lines)
    result.shares.append(arena_stats.win_share(winner, _a_side(game, seating)))
    result.edges.append(hand_edges(game, seating, lines))
    result.games += 1


def _play_deal_job(args: tuple[Settings, int]) -> DealResult:
    settings, index = args
    try:
        return play_deal(settings, index)
    except (ArenaError, DominoError, OSError):
        raise
    except Exception as exc:      # a bot or engine fault: name the deal that shows it
        seed = settings.seed * SEED_STRIDE + index
        raise ArenaError(f"deal {index} (game seed {seed}) failed: "
                         f"{type(exc).__name__}: {exc}") from None


def run(settings: Settings, progress: bool = False) -> dict[str, Any]:
    """Play the whole match and return the summary (the ``--json`` object)."""
    if settings.records:
        os.makedirs(settings.records, exist_ok=True)
    per_game = len(seatings(settings.game, settings.players))
    total = settings.deals * per_game
    results: list[DealResult] = []
    started = time.perf_counter()

    def tick(done: int) -> None:
        if progress:
            elapsed = time.perf_counter() - started
            width = 30
            filled = int(width * done / max(total, 1))
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games "
                             f"{elapsed:6.1f}s")
            sys.stderr.flush()

    tick(0)
    jobs = [(settings, d) for d in range(settings.deals)]
    if settings.jobs > 1 and settings.deals > 1:
        context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        with context.Pool(min(settings.jobs, settings.deals)) as pool:
            for result in pool.imap_unordered(_play_deal_job, jobs):
                results.append(result)
                tick(sum(r.games for r in results))
    else:
        for job in jobs:
            results.append(_play_deal_job(job))
            tick(sum(r.games for r in results))
    if progress:
        sys.stderr.write("\n")
    results.sort(key=lambda r: r.seed)
    return summarise(settings, results)


def summarise(settings: Settings, results: Sequence[DealResult]) -> dict[str, Any]:
    rate, lo, hi = arena_stats.duplicate_win_rate([r.shares for r in results])
    edge, elo, ehi = arena_stats.duplicate_edge([r.edges for r in results])
    timer = DecisionTimer()
    for r in results:
        part = DecisionTimer()
        part.times, part.kinds = r.times, r.kinds
        timer.merge(part)
    return {
        "game": settings.game,
        "a": settings.a,
        "b": settings.b,
        "deals": settings.deals,
        "games": sum(r.games for r in results),
        "players": settings.players,
        "hands": settings.hands,
        "options": settings.options,
        "win_rate_a": round(rate, 4),
        "win_rate_ci95": [round(lo, 4), round(hi, 4)],
        "baseline": round(baseline(settings.game, settings.players), 4),
        "score_edge_a": round(edge, 3),
        "score_edge_ci95": [round(elo, 3), round(ehi, 3)],
        "decision_ms": timer.summary_ms(),
        "decision_ms_by_kind": timer.kinds_ms(),
    }


def from_records(directories: Sequence[str]) -> dict[str, Any]:
    """The summary of the games recorded in ``directories`` (see ``--from-records``)."""
    from core.records import read_record
    by_seed: dict[int, DealResult] = {}
    game: str | None = None
    a: Any = None             # the levels as the records name them
    b: Any = None
    options: dict[str, Any] = {}
    players = 0
    for directory in directories:
        if not os.path.isdir(directory):
            raise ArenaError(f"{directory}: not a directory")
        for name in sorted(os.listdir(directory)):
            if not name.endswith(".jsonl"):
                continue
            path = os.path.join(directory, name)
            try:
                record = read_record(path)
            except RecordError as exc:
                raise ArenaError(str(exc)) from None
            header = record.header
            seating = tuple(p.get("name", "?")[:1].lower() for p in header["players"])
            if set(seating) != {"a", "b"}:
                raise ArenaError(f"{path}: not an arena record (players are not A and B)")
            levels = {side: p.get("level") for side, p in zip(seating, header["players"])}
            if game is None:
                game, a, b = header["game"], levels["a"], levels["b"]
                options, players = dict(header.get("options", {})), len(seating)
            elif (header["game"], levels["a"], levels["b"]) != (game, a, b):
                raise ArenaError(f"{path}: another match ({header['game']}, "
                                 f"{levels['a']} against {levels['b']})")
            seed = int(header["seed"])
            result = by_seed.setdefault(seed, DealResult(seed))
            _add_game(result, game, seating, record.lines)
    if game is None:
        raise ArenaError("no arena records (*.jsonl) in " + ", ".join(directories))
    settings = Settings(game=game, a=a, b=b, deals=len(by_seed), seed=0, options=options,
                        budget=None, records=None, jobs=1, players=players)
    return summarise(settings, sorted(by_seed.values(), key=lambda r: r.seed))


# -- the command line ------------------------------------------------------------------------

UNITS = {"texas42": "points per hand (A's team minus B's)",
         "moon": "points per hand (A minus the B's average)",
         "mexican_train": "pips per round (the B's average left minus A's)"}


def format_report(summary: dict[str, Any]) -> str:
    game = summary["game"]
    title = game_class(game).title
    hands = summary.get("hands")
    cut = "" if not hands else f", each cut after {hands} hand{'s' if hands > 1 else ''}"
    lines = [f"{title}: A = {summary['a']}, B = {summary['b']}, {summary['players']} players, "
             f"{summary['deals']} deals ({summary['games']} games{cut})"]
    lo, hi = summary["win_rate_ci95"]
    lines.append(f"  A's win rate   {summary['win_rate_a']:.3f}  (95% CI {lo:.3f} to {hi:.3f}; "
                 f"baseline {summary['baseline']:.3f})")
    elo, ehi = summary["score_edge_ci95"]
    lines.append(f"  A's score edge {summary['score_edge_a']:+.2f} {UNITS[game]}  "
                 f"(95% CI {elo:+.2f} to {ehi:+.2f})")
    if not summary["decision_ms"]:
        lines.append("  decision times: not in records")
        return "\n".join(lines)
    lines.append("  decision time (ms):")
    kinds = summary.get("decision_ms_by_kind", {})
    for level, t in summary["decision_ms"].items():
        lines.append(f"    {level:<9} p50 {t['p50']:8.2f}  p95 {t['p95']:8.2f}  "
                     f"max {t['max']:8.2f}")
        for kind, k in kinds.get(level, {}).items():
            if len(kinds[level]) > 1:
                label = "plays" if kind == "play" else "bids etc."
                lines.append(f"      {label:<9} p50 {k['p50']:8.2f}  p95 {k['p95']:8.2f}  "
                             f"max {k['max']:8.2f}")
    return "\n".join(lines)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise ArenaError(message)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="dominoes arena", description="Duplicate matches between two bot levels.",
                epilog="N deals = N game seeds, each played once per seating (42: 2, Moon: 3, "
                       "Mexican Train: one per player).")
    p.add_argument("--game", choices=GAME_NAMES)
    p.add_argument("--a", choices=LEVELS, help="level of bot A (measured)")
    p.add_argument("--b", choices=LEVELS, help="level of bot B (opponents)")
    p.add_argument("--deals", type=int, default=20, help="number of deals (game seeds); default 20")
    p.add_argument("--seed", type=int, default=1, help="base seed; default 1")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a rules setting, by its name in the rules file (repeatable)")
    p.add_argument("--players", type=int, default=None, help="Mexican Train: number of players")
    p.add_argument("--records", metavar="DIR", help="write each game's record to DIR")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--budget", type=float, default=None, metavar="SECONDS",
                   help=f"thinking time per decision for searching bots "
                        f"({BUDGET_MIN:g} to {BUDGET_MAX:g})")
    p.add_argument("--jobs", type=int, default=min(2, usable_cpus()),
                   help="worker processes, at most the CPUs (default: up to 2)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--hands", type=int, default=None, metavar="N",
                   help="stop every game after N hands (rounds); default: whole games")
    p.add_argument("--card-play", action="store_true",
                   help="Texas 42: card play only (everyone passes, the shaker bids 30, "
                        "trumps: the bidder's longest suit)")
    p.add_argument("--from-records", nargs="+", metavar="DIR", default=None,
                   help="summarise the records of earlier --records runs instead of playing")
    return p


def usable_cpus() -> int:
    """The CPUs this process may run on (``--jobs`` is at most that)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def settings_from_args(args: argparse.Namespace) -> Settings:
    missing = [f"--{name}" for name in ("game", "a", "b") if getattr(args, name) is None]
    if missing:
        raise ArenaError("the following arguments are required: " + ", ".join(missing))
    if args.hands is not None and args.hands < 1:
        raise ArenaError("--hands must be at least 1")
    if args.deals < 1:
        raise ArenaError("--deals must be at least 1")
    if args.jobs < 1:
        raise ArenaError("--jobs must be at least 1")
    cpus = usable_cpus()
    if args.jobs > cpus:
        raise ArenaError(f"--jobs must be at most {cpus} (the CPUs this machine lets it use), "
                         f"not {args.jobs}")
    if args.budget is not None and not (math.isfinite(args.budget)
                                        and BUDGET_MIN <= args.budget <= BUDGET_MAX):
        raise ArenaError(f"--budget must be a positive number of seconds from {BUDGET_MIN:g} "
                         f"to {BUDGET_MAX:g}, not {args.budget:g}")
    options: dict[str, Any] = {}
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise ArenaError(f"--option wants NAME=VALUE, not {item!r}")
        options[name.strip()] = value.strip()
    cls = game_class(args.game)
    if args.players is not None:
        if args.game != "mexican_train":
            fixed = cls(options=options).num_players
            if args.players != fixed:
                raise ArenaError(f"{cls.title} is played by {fixed} players, not {args.players}")
        else:
            options["players"] = args.players
    probe = cls(options=options)          # checks every setting (OptionError)
    if args.card_play and (args.game != "texas42" or probe.options.get("all_pass") != "forced_30"):
        raise ArenaError("--card-play is for Texas 42 with all_pass=forced_30 (the shaker's "
                         "forced 30 is the hand's bid)")
    return Settings(game=args.game, a=args.a, b=args.b, deals=args.deals, seed=args.seed,
                    options=dict(probe.options), budget=args.budget, records=args.records,
                    jobs=args.jobs, players=probe.num_players, hands=args.hands,
                    card_play=args.card_play)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["arena"]:
        argv = argv[1:]
    parser = build_parser()
    if any(a in ("-h", "--help") for a in argv):
        parser.print_help()
        return 0
    try:
        args = parser.parse_args(argv)
        if args.from_records is not None:
            summary = from_records(args.from_records)
            print(json.dumps(summary) if args.json else format_report(summary))
            return 0
        settings = settings_from_args(args)
        for level in (settings.a, settings.b):
            make_bot(settings.game, level, settings.budget)      # fail early if missing
        games = settings.deals * len(seatings(settings.game, settings.players))
        progress = not args.quiet and (sys.stderr.isatty() or games >= 50)
        summary = run(settings, progress=progress)
    except KeyboardInterrupt:
        print("\ndominoes arena: interrupted", file=sys.stderr)
        return 130
    except (ArenaError, DominoError, OSError) as exc:
        message = exc.reason if isinstance(exc, DominoError) else str(exc)
        if isinstance(exc, OSError) and exc.filename:
            message = f"{exc.strerror}: {exc.filename}"
        print(f"dominoes arena: error: {message}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary))
    else:
        print(format_report(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
