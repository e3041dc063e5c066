"""Statistics for the bot arena: win shares, score edges and their 95% intervals.

A duplicate arena plays each deal (game seed) once per seating, so the
seatings of one deal share its luck. The unit of independent evidence is the
deal, not the game: every interval here is taken over per-deal averages
(Student's t), which credits the luck the seat swaps cancel and does not treat
the games of one deal as independent. With a single deal (or, for a win rate, no
spread at all between deals) there is nothing to spread over, and the games
(or hands) are treated as independent instead: Wilson's interval for a win
rate, a t interval for hands.
"""

from __future__ import annotations

import math
from typing import Sequence

# Two-sided 95% quantiles of Student's t by degrees of freedom (1..30); beyond, 1.96.
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def t95(df: int) -> float:
    if df < 1:
        return math.inf
    if df <= len(_T95):
        return _T95[df - 1]
    if df <= 60:
        return 2.000 + (2.042 - 2.000) * (60 - df) / 30
    if df <= 120:
        return 1.980 + (2.000 - 1.980) * (120 - df) / 60
    return 1.96


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def mean_ci95(values: Sequence[float]) -> tuple[float, float, float]:
    """``(mean, lo, hi)``: the mean of ``values`` and its 95% t interval.

    With fewer than two values the interval is the single value itself.
    """
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    m = mean(values)
    if n == 1:
        return m, m, m
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    half = t95(n - 1) * math.sqrt(var / n)
    return m, m - half, m + half


def wilson_ci95(successes: float, trials: int) -> tuple[float, float]:
    """Wilson's 95% interval for a proportion (``successes`` may be fractional: shared wins)."""
    if trials <= 0:
        return 0.0, 1.0
    z = 1.96
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def win_share(winner: object, seats: Sequence[int]) -> float:
    """A's share of one game's win: ``winner`` is a seat/team or a list of tied ones;
    ``seats`` are A's seats (or team). Ties share the win equally."""
    winners = list(winner) if isinstance(winner, (list, tuple)) else [winner]
    if not winners or winners == [None]:
        return 0.0
    mine = sum(1 for w in winners if w in seats)
    return mine / len(winners)


def duplicate_win_rate(shares_by_deal: Sequence[Sequence[float]]) -> tuple[float, float, float]:
    """A's win rate over all games and its 95% interval over deals.

    ``shares_by_deal[d]`` holds A's share of each game (one per seating) of deal ``d``.
    """
    games = [s for deal in shares_by_deal for s in deal]
    if not games:
        return 0.0, 0.0, 0.0
    rate = mean(games)
    per_deal = [mean(deal) for deal in shares_by_deal if deal]
    if len(per_deal) >= 2 and len(set(per_deal)) > 1:
        _, lo, hi = mean_ci95(per_deal)
        lo, hi = max(0.0, lo), min(1.0, hi)
    else:       # one deal, or no spread between deals to measure: as independent games
        lo, hi = wilson_ci95(sum(games), len(games))
    return rate, min(lo, rate), max(hi, rate)


def duplicate_edge(
        edges_by_deal: Sequence[Sequence[Sequence[float]]]) -> tuple[float, float, float]:
    """A's score edge per hand and its 95% interval over deals.

    ``edges_by_deal[d][s]`` lists A's edge in each hand of deal ``d`` played in
    seating ``s``. Only the hands every seating of the deal reached are compared
    (hand ``k`` is the same deal in every seating), so luck cancels; a deal's
    value is the mean over those hands and seatings.
    """
    per_deal: list[float] = []
    hands: list[float] = []
    for seatings in edges_by_deal:
        if not seatings:
            continue
        common = min(len(e) for e in seatings)
        if common == 0:
            continue
        values = [e[k] for e in seatings for k in range(common)]
        hands.extend(values)
        per_deal.append(mean(values))
    if not per_deal:
        return 0.0, 0.0, 0.0
    if len(per_deal) >= 2:
        m, lo, hi = mean_ci95(per_deal)
        return m, lo, hi
    return mean_ci95(hands)
