"""The coach for Mexican Train: the seat's turns where another tile or train would have
shed more pips or kept a longer chain on its own train."""

from __future__ import annotations

import random
from dataclasses import dataclass

from core.bots.mexican_train.heuristic import TrainExpertBot, table_from_view
from core.bots.mexican_train.planning import best_chain, tile_points, train_index
from core.coach.common import (
    CancelCheck,
    Clock,
    CoachBudget,
    DecisionPoint,
    Progress,
    ReplayedHands,
    check,
    report,
    seeded,
)
from core.commands import Play
from core.wording import plural

CHAIN_NODES = 4000


@dataclass(frozen=True)
class Choice:
    """One way to play a turn's tile: what it sheds and the chain it leaves."""

    tile: str
    train: int | str
    shed: int          # the tile's pips (the double-blank as the settings count it)
    chain: int         # tiles of the longest chain left from the seat's own train's end
    edge: float | None = None   # the expert's expected pips edge over the table (if asked)


@dataclass(frozen=True)
class TurnNote:
    """A turn where ``better`` beats ``played``: at least as many pips shed and as long
    a chain kept, and more of one of them."""

    index: int
    turn: int          # the seat's turn number in the round, 1-based
    played: Choice
    better: Choice
    pips: int          # more pips shed by ``better``
    chain: int         # longer chain kept by ``better``
    line: str


@dataclass(frozen=True)
class RoundReport:
    """A Mexican Train round analysed for ``seat``: ``lines`` is the whole text."""

    game: str
    hand: int
    seat: int
    turns: tuple[TurnNote, ...]
    analysed: int
    lines: tuple[str, ...]


def _train_words(train: int | str, seat: int, names: list[str]) -> str:
    if train == "mexican":
        return "the Mexican train"
    if train == seat:
        return "your train"
    return f"{names[int(train)]}'s train"


def choices(point: DecisionPoint) -> list[Choice]:
    """Every play open at ``point`` with the pips it sheds and the chain it leaves."""
    view = point.view
    table, _ = table_from_view(view)
    me = point.player
    n = table.n
    blank = int(view.options.get("double_blank", 50))
    out = []
    for c in point.legal:
        if not isinstance(c, Play) or c.train is None:
            continue
        k = train_index(c.train, n)
        end = table.end(me)
        if k == me:
            end = c.tile.low if c.tile.high == end else c.tile.high
        rest = list(view.hand)
        rest.remove(c.tile)
        chain = len(best_chain(end, rest, CHAIN_NODES))
        out.append(Choice(str(c.tile), c.train, tile_points(c.tile, blank), chain))
    return out


def analyse_turn(point: DecisionPoint, turn: int, names: list[str]) -> TurnNote | None:
    options = choices(point)
    if len(options) < 2:
        return None
    command = point.command
    assert isinstance(command, Play)
    played = next(o for o in options if o.tile == str(command.tile) and o.train == command.train)
    better = [o for o in options if o.shed >= played.shed and o.chain >= played.chain
              and (o.shed > played.shed or o.chain > played.chain)]
    if not better:
        return None
    best = max(better, key=lambda o: (o.chain - played.chain + (o.shed - played.shed) / 10,
                                      o.shed))
    pips = best.shed - played.shed
    chain = best.chain - played.chain
    gains = []
    if pips:
        gains.append(f"sheds {plural(pips, 'pip')} more")
    if chain:
        gains.append(f"keeps a chain {plural(chain, 'tile')} longer "
                     f"({best.chain} against {played.chain})")
    line = (f"Turn {turn}, you played {played.tile} on "
            f"{_train_words(played.train, point.player, names)}: {best.tile} on "
            f"{_train_words(best.train, point.player, names)} {' and '.join(gains)}.")
    return TurnNote(point.index, turn, played, best, pips, chain, line)


def analyse_train_round(replayed: ReplayedHands, hand: int, seat: int, rng: random.Random,
                        budget: CoachBudget, progress: Progress | None,
                        cancel: CancelCheck | None, expert: bool = True) -> RoundReport:
    """Every turn of ``seat`` in round ``hand``; with ``expert``, each turn found also
    gets the expert's expected pips edge of both plays (sampled from the seat's view)."""
    points = [p for p in replayed.hand(hand) if p.player == seat]
    turns = []
    turn = 0
    last: int | None = None
    for p in points:
        if last is None or p.index != last + 1:
            turn += 1
        last = p.index
        turns.append((turn, p))
    plays = [(t, p) for t, p in turns if isinstance(p.command, Play)
             and sum(1 for c in p.legal if isinstance(c, Play)) > 1]
    total = len(plays)
    clock = Clock(budget, max(1, total))
    rng_for = seeded(rng)
    report(progress, 0, total)
    found: list[TurnNote] = []
    for done, (t, p) in enumerate(plays, start=1):
        check(cancel)
        note = analyse_turn(p, t, replayed.names)
        if note is not None and expert:
            note = _with_edges(note, p, rng_for(p.index), budget, clock.share())
        else:
            clock.share()
        if note is not None:
            found.append(note)
        report(progress, done, total)
    lines = [f"Round {hand}: {plural(len(found), 'turn')} where another play shed more pips "
             "or kept a longer chain." if found else
             f"Round {hand}: no turn where another tile or train shed more pips or kept a "
             "longer chain."]
    lines.extend(f"  {n.line}" for n in found)
    return RoundReport(replayed.game, hand, seat, tuple(found), len(plays), tuple(lines))


def _with_edges(note: TurnNote, point: DecisionPoint, rng: random.Random, budget: CoachBudget,
                seconds: float) -> TurnNote:
    bot = (TrainExpertBot(samples=budget.samples) if budget.samples is not None
           else TrainExpertBot(budget_s=seconds))
    rows = bot.explain(point.view, list(point.legal), rng)
    edge = {(str(r.command.tile), r.command.train): r for r in rows
            if isinstance(r.command, Play) and r.figure is not None}
    a = edge.get((note.played.tile, note.played.train))
    b = edge.get((note.better.tile, note.better.train))
    if a is None or b is None or a.figure is None or b.figure is None:
        return note
    played = Choice(**{**note.played.__dict__, "edge": a.figure})
    better = Choice(**{**note.better.__dict__, "edge": b.figure})
    # Shedding more now is not always better (a tile kept may shed more later, or block
    # the table): where the expert expects more from the play made, the line says so.
    if f"{a.figure:+.1f}" == f"{b.figure:+.1f}":
        verdict = f"the expert expects the same from both: {a.figure:+.1f} pips against the table"
    elif b.figure > a.figure:
        verdict = (f"the expert agrees: {b.figure:+.1f} pips against the table for it, "
                   f"{a.figure:+.1f} for yours")
    else:
        verdict = (f"but the expert expects more from yours: {a.figure:+.1f} pips against "
                   f"the table for yours, {b.figure:+.1f} for it")
    line = note.line[:-1] + f"; {verdict} ({b.deals} sampled deals)."
    return TurnNote(note.index, note.turn, played, better, note.pips, note.chain, line)
