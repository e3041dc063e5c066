"""The coach for the trick games (Three-Player Moon, Texas 42): par, costly plays, bids."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Sequence

from core.bots.base import Rated
from core.bots.moon import heuristic as moon_h
from core.bots.moon.expert import MoonExpertBot
from core.bots.texas42 import heuristic as t42_h
from core.bots.texas42.expert import Texas42ExpertBot
from core.bots.trick import evaluation as ev
from core.bots.trick.sampling import Outcome, SearchBudget, evaluate
from core.bots.trick.solver import (
    INDEX,
    TILES,
    SearchAborted,
    TrickSolver,
    mask_of,
    tables_for,
)
from core.coach.common import (
    DECIDE_WEIGHT,
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
from core.commands import Bid, Discard, NameTrump, Play
from core.game import Phase
from core.texas42.bidding import encode_bid
from core.texas42.scoring import team_of
from core.tricks.play import TrumpMode
from core.wording import is_you, possessive, says

TOP_PLAYS = 3              # costly plays named per side
OTHER_TRUMPS = 3           # par from the deal: the bidder's likeliest other trumps solved ...
OTHER_TRUMP_NODES = 300_000   # ... each up to this many nodes (about half a second)
MIN_DROP = {"points": 2.0, "tricks": 0.25}


@dataclass(frozen=True)
class Par:
    """The hand with every hand open (double-dummy), from the first lead.

    ``value``: what the bidder's side takes with perfect play by everyone under the
    contract as played (``unit``: "points" in 42, "tricks" in Moon and in 42's
    Nel-O/Sevens); ``taken``: what it actually took; ``made``: whether ``value``
    makes the bid. ``best_trump``/``best_value``: the trump (among those the bidder
    could name) whose perfect play gives the bidder's side most, with the bidder's
    hand and the lead as they were (``None`` when not comparable: Nel-O).
    """

    bidder: int
    bid: Any
    trump: str
    value: int
    taken: int
    made: bool
    unit: str
    best_trump: str | None
    best_value: int | None
    lines: tuple[str, ...]


@dataclass(frozen=True)
class PlayNote:
    """One play as its player saw it: the expected result of each choice over the same
    sampled deals (that player's hand and the public history only).

    ``expected``/``best_expected``: the value the player's side looks at (42 point
    contracts: its own expected points; otherwise the bidder's expected tricks) after
    the play made and after the best one; ``drop``: what the play cost that side (>= 0,
    in ``unit``); ``good``: +1 when a higher ``expected`` is better for the player.
    """

    index: int
    player: int
    trick: int
    tile: str
    best_tile: str
    expected: float
    best_expected: float
    drop: float
    unit: str
    good: int
    deals: int
    bidder_side: bool
    line: str


@dataclass(frozen=True)
class DecisionNote:
    """A bid, discard or trump of the analysed seat against the expert's choice."""

    index: int
    kind: str                # "bid", "discard", "trump"
    made: str                # what was done, in words
    expert: str              # what the expert would do
    chance: float | None     # the expert choice's chance (0..1) of making the contract
    made_chance: float | None
    figure: str              # the expert's figure for its choice, as a hint shows it
    deals: int
    agrees: bool
    line: str


@dataclass(frozen=True)
class HandReport:
    """A trick game's hand analysed for ``seat``: ``lines`` is the whole text."""

    game: str
    hand: int
    seat: int
    par: Par | None
    decisions: tuple[DecisionNote, ...]
    our_plays: tuple[PlayNote, ...]      # the seat's side's costliest plays
    their_plays: tuple[PlayNote, ...]    # the other side's
    analysed: int
    lines: tuple[str, ...] = field(default=())


# -- helpers -----------------------------------------------------------------------------

def _side_of(game: str, player: int, bidder: int) -> bool:
    if game == "texas42":
        return team_of(player) == team_of(bidder)
    return player == bidder


def _side_words(game: str, seat: int, bidder: int | None, names: list[str]
                ) -> tuple[tuple[str, str], tuple[str, str]]:
    """The headings of the seat's side's costly plays and the other side's (each: with
    plays, without). 42 has partnerships; Moon has the bidder against the two others."""
    if game == "texas42" or bidder is None:
        return (("Your side's costliest plays:", "Your side made no costly play."),
                ("The other side's costliest plays:", "The other side made no costly play."))
    def named(p: int) -> str:
        return "you" if is_you(names[p]) else names[p]

    defenders = " and ".join(sorted((named(p) for p in range(len(names)) if p != bidder),
                                    key=lambda n: n != "you"))
    bidder_words = (f"The bidder's ({named(bidder)}) costliest plays:",
                    f"The bidder ({named(bidder)}) made no costly play.")
    defender_words = (f"The defenders' ({defenders}) costliest plays:",
                      f"The defenders ({defenders}) made no costly play.")
    if seat == bidder:
        return (("Your costliest plays (the bidder's):", "You made no costly play."),
                defender_words)
    return defender_words, bidder_words


def _contract(game: str, view: Any) -> tuple[int, Any, str]:
    if game == "texas42":
        bidder, bid = t42_h.contract_of(view)
    else:
        bidder, bid = moon_h.contract_of(view)
    return bidder, bid, str(view.trump if game == "texas42" else view.mode.trump)


def _setup(game: str, trump: str, bidder: int, view: Any
           ) -> tuple[tuple[int, ...], list[int], Sequence[int] | None, bool, TrumpMode]:
    if game == "texas42":
        seats, side, points, misere = Texas42ExpertBot._setup(trump, bidder, view.sitting_out)
        return seats, side, points, misere, ev.mode_for(trump, view.options, "texas42")
    return (0, 1, 2), [1 if p == bidder else 0 for p in range(3)], None, False, TrumpMode(trump)


def _points_contract(game: str, trump: str) -> bool:
    return game == "texas42" and trump not in ("nello", "sevens")


def _past(game: str, view: Any, bidder: int, trump: str) -> tuple[int, int]:
    """(value so far, tricks so far) of the bidder's side."""
    if game == "moon":
        return view.tricks_won[bidder], view.tricks_won[bidder]
    bt = team_of(bidder)
    if trump == "nello":
        won = sum(1 for tr in view.tricks if tr.winner == bidder)
        return won, won
    tricks = sum(1 for tr in view.tricks if team_of(tr.winner) == bt)
    return (tricks if trump == "sevens" else view.points[bt]), tricks


def _made(game: str, bid: Any, trump: str, value: int) -> bool:
    if game == "moon":
        from core.moon.view import tricks_needed
        return value >= tricks_needed(bid)
    return Texas42ExpertBot._made(trump, bid, 0, 0, value)


def _bid_words(game: str, command: Any) -> str:
    if isinstance(command, Bid):
        if command.bid is None:
            return "pass"
        if game == "texas42":
            value = encode_bid(command.bid)
            if isinstance(value, dict):
                marks = f"{value['marks']} marks" if value["marks"] > 1 else "1 mark"
                if command.plunge or command.splash:
                    return f"call {'Plunge' if command.plunge else 'Splash'} ({marks})"
                return f"bid {marks}"
            return f"bid {value}"
        from core.moon.view import MOON
        return "shoot the moon" if command.bid == MOON else f"bid {command.bid}"
    if isinstance(command, NameTrump):
        return f"name {_trump_words(command.trump)}"
    if isinstance(command, Discard):
        return f"lay aside {command.tile}"
    if isinstance(command, Play):
        return f"lead {command.tile} ({_trump_words(str(command.tile.high))} become trumps)"
    return str(command)


# -- par -------------------------------------------------------------------------------

def solve_open(game: str, hands: Sequence[Sequence[Any]], leader: int, bidder: int,
               trump: str, view: Any, trick: Sequence[tuple[int, Any]] = (),
               node_limit: int | None = None) -> int:
    """The double-dummy value for the bidder's side from this position: every hand
    open, perfect play (the bots' own :class:`TrickSolver`, searched to the end; past
    ``node_limit`` nodes it raises :class:`~core.bots.trick.solver.SearchAborted`)."""
    seats, side, points, misere, mode = _setup(game, trump, bidder, view)
    masks = [mask_of(hands[p]) if p in seats else 0 for p in range(len(hands))]
    masks += [0] * (4 - len(masks))
    solver = TrickSolver(tables_for(mode), seats, side, points, 1, misere=misere,
                         node_limit=node_limit)
    return solver.solve(masks, leader, tuple((p, INDEX[t]) for p, t in trick))


def open_move_values(game: str, hands: Sequence[Sequence[Any]], to_act: int, bidder: int,
                     trump: str, view: Any, trick: Sequence[tuple[int, Any]] = ()
                     ) -> dict[str, int]:
    """Per legal tile of ``to_act`` (as written, "6-4"), the double-dummy value for the
    bidder's side from this position (the trick on the table included)."""
    seats, side, points, misere, mode = _setup(game, trump, bidder, view)
    masks = [mask_of(hands[p]) if p in seats else 0 for p in range(len(hands))]
    masks += [0] * (4 - len(masks))
    solver = TrickSolver(tables_for(mode), seats, side, points, 1, misere=misere)
    values = solver.move_values(masks, to_act, tuple((p, INDEX[t]) for p, t in trick))
    return {str(TILES[t]): v for t, v in values.items()}


def hand_par(game: str, points: list[DecisionPoint], end: dict[str, Any] | None,
             names: Sequence[str]) -> Par | None:
    """The par of one hand from its decision points (``None`` if no tile was played)."""
    first = next((p for p in points if isinstance(p.command, Play) and p.phase == Phase.PLAY),
                 None)
    if first is None:
        return None
    view = first.view
    bidder, bid, trump = _contract(game, view)
    leader = first.player
    trick = tuple(view.current_trick)
    value = solve_open(game, first.open_hands, leader, bidder, trump, view, trick)
    unit = "points" if _points_contract(game, trump) else "tricks"
    last = points[-1].view
    taken = _taken(game, end, bidder, trump, last)
    best_trump: str | None = None
    best_value: int | None = None
    if trump != "nello":
        named = next((p for p in points if p.phase == Phase.TRUMP and p.player == bidder), None)
        offered = {c.trump for c in (named.legal if named else ()) if
                   isinstance(c, NameTrump) and c.trump not in ("nello", "sevens")}
        bidder_hand = list(first.open_hands[bidder])
        ranked = ev.rank_trumps(bidder_hand, sorted(offered), view.options, game,
                                t42_h.UNIVERSE if game == "texas42" else moon_h.UNIVERSE)
        options = [trump] + [t for t, _ in ranked if t != trump][:OTHER_TRUMPS]
        if trick:      # 42: the lead named trumps, so it is on the table already
            options = [trump]
        for t in options:
            if _points_contract(game, t) != _points_contract(game, trump):
                continue
            try:
                v = value if t == trump else solve_open(game, first.open_hands, leader,
                                                        bidder, t, view, (),
                                                        node_limit=OTHER_TRUMP_NODES)
            except SearchAborted:
                continue
            if best_value is None or v > best_value:
                best_trump, best_value = t, v
    made = _made(game, bid, trump, value)
    who = names[bidder]
    subject = (f"{possessive(who, start=True)} side" if game == "texas42" else who)
    contract = _bid_words(game, Bid(bidder, bid)) if bid is not None else "the contract"
    contract = ("the moon" if contract == "shoot the moon"
                else f"the bid of {contract.removeprefix('bid ')}")
    early = " (the hand stopped early)" if end is not None and end.get("ended_early") else ""
    text = [f"Par (every hand open, perfect play): {says(subject, 'takes')} {value} {unit} "
            f"under {_trump_words(trump)}, {'enough for' if made else 'short of'} {contract}"]
    took = "it" if game == "texas42" else ("you" if is_you(who) else who)
    text[0] += f"; {took} took {taken}{early}."
    if best_trump is not None and best_value is not None and best_trump != trump \
            and best_value > value:
        text.append(f"From the deal: {_trump_words(best_trump)} would take {best_value} "
                    f"{unit}.")
    return Par(bidder, bid, trump, value, taken, made, unit, best_trump, best_value,
               tuple(text))


def _trump_words(trump: str) -> str:
    return {"nello": "Nel-O", "sevens": "Sevens"}.get(trump) or TrumpMode(trump).describe()


def _taken(game: str, end: dict[str, Any] | None, bidder: int, trump: str, last: Any) -> int:
    if end is not None:
        if game == "texas42" and "points" in end and _points_contract(game, trump):
            return int(end["points"][team_of(bidder)])
        tricks = end.get("tricks") or end.get("tricks_won")
        if isinstance(tricks, list) and len(tricks) > bidder:
            won = tricks[bidder]
            return int(won if isinstance(won, int) else len(won))
    return _past(game, last, bidder, trump)[0]


# -- plays -----------------------------------------------------------------------------

def _search_budget(budget: CoachBudget, seconds: float) -> SearchBudget:
    if budget.samples is not None:
        return SearchBudget(samples=budget.samples, nodes=budget.nodes)
    return SearchBudget(seconds=seconds, min_samples=6, max_samples=64)


def analyse_play(game: str, point: DecisionPoint, rng: random.Random, search: SearchBudget,
                 names: Sequence[str]) -> PlayNote | None:
    """The play at ``point`` against its player's other choices, from that player's view."""
    view = point.view
    command = point.command
    assert isinstance(command, Play)
    bidder, bid, trump = _contract(game, view)
    past, past_tricks = _past(game, view, bidder, trump)
    moves = {INDEX[c.tile]: c for c in point.legal if isinstance(c, Play)}
    if len(moves) < 2:
        return None
    trick = tuple((p, INDEX[t]) for p, t in view.current_trick)
    me = point.player
    candidates: dict[int, Any] = {t: t for t in moves}
    out: Outcome
    if game == "texas42":
        bot42 = Texas42ExpertBot()
        group = bot42._group(view, trump, bid, bidder, me, view.hand, trick=trick,
                             moves=candidates, past=past, past_tricks=past_tricks)
        out = evaluate(t42_h.hidden_of(view), [group], rng, search, bot42._weight(view))
    else:
        moon = MoonExpertBot()
        group = moon._group(view, moon_h.trumps_of(view), view.hand, me, float, trick=trick,
                            moves=candidates)
        out = evaluate(moon_h.hidden_of(view), [group], rng, search, moon._weight(view))
    ours = _side_of(game, me, bidder)
    points_contract = _points_contract(game, trump)
    unit = "points" if points_contract else "tricks"

    def shown(t: int) -> float:
        vals = out.values.get(t) or [0]
        v = past + sum(vals) / len(vals)
        return 42 - v if points_contract and not ours else v

    good = 1 if (points_contract or ours) else -1
    if trump == "nello" and not points_contract:
        good = -1 if ours else 1
    values = {t: shown(t) for t in moves}
    best = max(values, key=lambda t: good * values[t])
    played = INDEX[command.tile]
    drop = good * (values[best] - values[played])
    if best == played or drop <= 1e-9:
        best = played
        drop = 0.0
    who = names[me]
    number = len(view.tricks) + 1
    if points_contract:
        subject = f"{possessive(who, start=False)} side's expected points"
        if is_you(who):
            subject = "your side's expected points"
    elif ours and game == "moon":
        subject = f"{possessive(who)} expected tricks"
    else:
        subject = f"{possessive(names[bidder])} expected tricks"
    moved = "fell" if values[played] < values[best] else "rose"
    fmt = "{:.0f}" if points_contract else "{:.1f}"
    line = (f"Trick {number}, {'you played' if is_you(who) else says(who, 'played')} "
            f"{TILES[played]}: {subject} {moved} from "
            f"{fmt.format(values[best])} to {fmt.format(values[played])}; "
            f"{TILES[best]} kept {fmt.format(values[best])} ({out.samples} sampled deals "
            f"from {possessive(who)} view).")
    if best == played:
        line = (f"Trick {number}, {'you played' if is_you(who) else says(who, 'played')} "
                f"{TILES[played]}: as good as any choice ({subject} "
                f"{fmt.format(values[played])}, {out.samples} sampled deals).")
    return PlayNote(point.index, me, number, str(TILES[played]), str(TILES[best]),
                    round(values[played], 2), round(values[best], 2), round(drop, 2), unit,
                    good, out.samples, ours, line)


# -- bids, discards, trumps -----------------------------------------------------------------

def _expert(game: str, budget: CoachBudget, seconds: float) -> Any:
    cls = Texas42ExpertBot if game == "texas42" else MoonExpertBot
    if budget.samples is not None:
        return cls(samples=budget.samples, nodes=budget.nodes)
    return cls(budget_s=max(0.01, seconds / 4))


def _chance(row: Rated) -> float | None:
    if row.chance is not None:
        return row.chance
    if row.unit == "%" and row.figure is not None:
        return row.figure / 100
    return None


def analyse_decision(game: str, point: DecisionPoint, rng: random.Random, budget: CoachBudget,
                     seconds: float) -> DecisionNote | None:
    """A bid, discard or trump against what the expert would choose from the same view."""
    if len(point.legal) < 2:
        return None
    kind = {Phase.BID: "bid", Phase.WIDOW: "discard", Phase.TRUMP: "trump"}.get(point.phase)
    if kind is None:
        return None
    rows = _expert(game, budget, seconds).explain(point.view, list(point.legal), rng)
    top = rows[0]
    mine = next((r for r in rows if r.command == point.command), None)
    agrees = top.command == point.command
    chance = _chance(top)
    made_chance = _chance(mine) if mine is not None else None
    expert = _bid_words(game, top.command)
    made = _bid_words(game, point.command)
    odds = f", making it in {chance * 100:.0f}% of {top.deals} sampled deals" \
        if chance is not None else ""
    label = {"bid": "Bid", "discard": "Widow", "trump": "Trumps"}[kind]
    if agrees:
        line = f"{label}: the expert would also {expert}{odds}."
    else:
        yours = f" (yours: {made_chance * 100:.0f}%)" if made_chance is not None else ""
        line = f"{label}: you chose to {made}; the expert would {expert}{odds}{yours}."
    return DecisionNote(point.index, kind, made, expert, chance, made_chance, top.shown(),
                        top.deals, agrees, line)


# -- the whole hand ------------------------------------------------------------------------

def analyse_trick_hand(replayed: ReplayedHands, hand: int, seat: int, rng: random.Random,
                       budget: CoachBudget, progress: Progress | None,
                       cancel: CancelCheck | None, everyone: bool) -> HandReport:
    game = replayed.game
    points = replayed.hand(hand)
    names = replayed.names
    plays = [p for p in points if isinstance(p.command, Play) and p.phase == Phase.PLAY
             and (everyone or p.player == seat)
             and sum(1 for c in p.legal if isinstance(c, Play)) > 1]
    decide = [p for p in points if p.player == seat and p.phase in (
        Phase.BID, Phase.WIDOW, Phase.TRUMP) and len(p.legal) > 1]
    total = len(plays) + len(decide) + 1
    # the par's solves are not on the clock, but the time they take is counted
    clock = Clock(budget, len(plays) + DECIDE_WEIGHT * len(decide))
    rng_for = seeded(rng)
    done = 0
    report(progress, done, total)
    check(cancel)
    par = hand_par(game, points, replayed.ends.get(hand), names)
    done += 1
    report(progress, done, total)
    notes: list[DecisionNote] = []
    for p in decide:
        check(cancel)
        note = analyse_decision(game, p, rng_for(p.index), budget, clock.share(DECIDE_WEIGHT))
        if note is not None:
            notes.append(note)
        done += 1
        report(progress, done, total)
    played: list[PlayNote] = []
    for p in plays:
        check(cancel)
        pn = analyse_play(game, p, rng_for(p.index), _search_budget(budget, clock.share()),
                          names)
        if pn is not None:
            played.append(pn)
        done += 1
        report(progress, done, total)
    bidder = par.bidder if par is not None else None
    we = _side_of(game, seat, bidder) if bidder is not None else True
    costly = sorted((n for n in played if n.drop >= MIN_DROP[n.unit]),
                    key=lambda n: (-n.drop, n.index))
    ours = tuple(n for n in costly if n.bidder_side == we)[:TOP_PLAYS]
    theirs = tuple(n for n in costly if n.bidder_side != we)[:TOP_PLAYS]
    lines: list[str] = []
    if par is not None:
        lines.extend(par.lines)
    lines.extend(n.line for n in notes)
    (we_said, we_none), (they_said, they_none) = _side_words(game, seat, bidder, names)
    lines.append(we_said if ours else we_none)
    lines.extend(f"  {n.line}" for n in sorted(ours, key=lambda n: n.index))
    lines.append(they_said if theirs else they_none)
    lines.extend(f"  {n.line}" for n in sorted(theirs, key=lambda n: n.index))
    return HandReport(game, hand, seat, par, tuple(notes), ours, theirs, len(plays),
                      tuple(lines))
