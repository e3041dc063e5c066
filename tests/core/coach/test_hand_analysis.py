"""The coach: planted blunders are named, par is the solver's, nothing changes, by seed."""

from __future__ import annotations

import copy
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from planted import planted, planted_train  # noqa: E402

from core.bots.texas42.expert import TILE_POINTS  # noqa: E402
from core.bots.trick.solver import TrickSolver, mask_of, tables_for  # noqa: E402
from core.coach import (  # noqa: E402
    CoachBudget,
    CoachCancelled,
    HandReport,
    RoundReport,
    analyse,
)
from core.commands import Play  # noqa: E402
from core.game import Phase  # noqa: E402
from core.records import Record, replay  # noqa: E402
from core.registry import game_class  # noqa: E402
from core.texas42.scoring import team_of  # noqa: E402
from core.tricks.play import TrumpMode  # noqa: E402
from core.undo import decisions  # noqa: E402

FEW = CoachBudget(samples=6, nodes=4000)
FEW42 = CoachBudget(samples=4, nodes=2000)


def _hand(name: str, seed: int) -> tuple[list[dict], int, str, str]:
    got = planted(name, seed)
    assert got is not None
    return got


@pytest.fixture(scope="module")
def texas42() -> tuple[list[dict], int, str, HandReport]:
    """A 42 hand with a planted blunder, analysed once for the tests that read it."""
    lines, trick, tile, _ = _hand("texas42", 34)
    report = analyse(lines[0], lines[1:], 0, rng=random.Random(3), budget=FEW42)
    assert isinstance(report, HandReport)
    return lines, trick, tile, report


def test_texas42_planted_blunder_is_named_with_its_drop(
        texas42: tuple[list[dict], int, str, HandReport]) -> None:
    lines, trick, tile, report = texas42
    note = next(n for n in report.our_plays if n.trick == trick)
    assert note.tile == tile and note.player == 0
    assert note.unit == "points" and note.drop >= 10
    assert note.best_expected - note.expected == pytest.approx(note.drop, abs=0.02)
    assert f"Trick {trick}, you played {tile}" in note.line
    assert "fell from" in note.line and "4 sampled deals" in note.line
    assert any(note.line in line for line in report.lines)


def test_moon_planted_blunder_is_named_with_its_drop() -> None:
    lines, trick, tile, _ = _hand("moon", 7)
    report = analyse(lines[0], lines[1:], 0, rng=random.Random(3), budget=FEW)
    assert isinstance(report, HandReport)
    note = next(n for n in report.our_plays if n.trick == trick)
    assert note.tile == tile and note.unit == "tricks" and note.drop >= 0.5
    assert f"Trick {trick}, you played {tile}" in note.line
    # Moon has no partnerships: the bidder plays against the two defenders
    text = "\n".join(report.lines)
    assert "side's" not in text and "side made" not in text, text
    bidder = report.par.bidder if report.par is not None else None
    mine = "Your costliest plays (the bidder's):" if bidder == 0 else "The defenders' (you and"
    assert mine in text, text


def test_par_is_the_solvers_value_from_the_first_lead(
        texas42: tuple[list[dict], int, str, HandReport]) -> None:
    lines, _, _, report = texas42
    header = lines[0]
    assert report.par is not None
    cls = game_class("texas42")
    game = cls(options=header["options"], seed=header["seed"],
               deals=cls.deals_from_record(lines[1:]))
    game.start()
    for command in decisions(replay(Record(header, lines[1:]))):
        if isinstance(command, Play) and game.phase == Phase.PLAY:
            break
        game.apply(command)
    view = game.view(0)
    bidder, trump = view.bidder, view.trump
    side = [1 if team_of(p) == team_of(bidder) else 0 for p in range(4)]
    solver = TrickSolver(tables_for(TrumpMode(trump)), (0, 1, 2, 3), side, TILE_POINTS, 1)
    hands = [mask_of(game.view(p).hand) for p in range(4)]
    assert game.current_player is not None
    assert report.par.value == solver.solve(hands, game.current_player)
    assert report.par.bidder == bidder and report.par.trump == trump
    assert report.par.best_value is not None and report.par.best_value >= report.par.value
    assert report.lines[0].startswith("Par (every hand open, perfect play)")


def test_the_input_is_left_unchanged() -> None:
    lines, *_ = _hand("moon", 0)
    before = copy.deepcopy(lines)
    analyse(lines[0], lines[1:], 0, rng=random.Random(2), budget=FEW)
    assert lines == before


def test_same_seed_same_report() -> None:
    lines, *_ = _hand("moon", 0)
    a = analyse(lines[0], lines[1:], 0, rng=random.Random(9), budget=FEW)
    b = analyse(lines[0], lines[1:], 0, rng=random.Random(9), budget=FEW)
    assert a == b


def test_bids_and_trumps_are_set_against_the_expert() -> None:
    lines, *_ = _hand("moon", 0)
    report = analyse(lines[0], lines[1:], 0, rng=random.Random(9), budget=FEW)
    assert isinstance(report, HandReport)
    kinds = [n.kind for n in report.decisions]
    assert "bid" in kinds and "trump" in kinds
    bid = next(n for n in report.decisions if n.kind == "bid")
    assert bid.chance is not None and 0 <= bid.chance <= 1 and bid.deals == 6
    assert bid.line.startswith("Bid: ")


def test_progress_runs_to_the_total_and_cancel_stops() -> None:
    lines, *_ = _hand("moon", 0)
    seen: list[tuple[int, int]] = []
    analyse(lines[0], lines[1:], 0, rng=random.Random(1), budget=FEW,
            progress=lambda done, total: seen.append((done, total)))
    assert seen[0][0] == 0 and seen[-1][0] == seen[-1][1] > 2
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    calls = []

    def cancel() -> bool:
        calls.append(1)
        return len(calls) > 2

    with pytest.raises(CoachCancelled):
        analyse(lines[0], lines[1:], 0, rng=random.Random(1), budget=FEW, cancel=cancel)


def test_mexican_train_planted_turn_is_found() -> None:
    got = planted_train(0)
    assert got is not None
    lines, turn, tile, better = got
    before = copy.deepcopy(lines)
    report = analyse(lines[0], lines[1:], 0, rng=random.Random(4),
                     budget=CoachBudget(samples=4))
    assert isinstance(report, RoundReport)
    note = next(n for n in report.turns if n.turn == turn)
    assert note.played.tile == tile and note.pips >= 5 and note.chain >= 0
    assert note.better.shed - note.played.shed == note.pips
    assert f"Turn {turn}, you played {tile}" in note.line
    assert "pips more" in note.line and "4 sampled deals" in note.line
    for n in report.turns:           # the line never claims the opposite of the figures
        assert n.played.edge is not None and n.better.edge is not None
        same = f"{n.better.edge:+.1f}" == f"{n.played.edge:+.1f}"
        agrees = n.better.edge > n.played.edge and not same
        assert ("the expert agrees" in n.line) == agrees, n.line
        assert ("expects more from yours" in n.line) == (not agrees and not same), n.line
        assert ("the same from both" in n.line) == same, n.line
    assert lines == before
    again = analyse(lines[0], lines[1:], 0, rng=random.Random(4), budget=CoachBudget(samples=4))
    assert again == report
