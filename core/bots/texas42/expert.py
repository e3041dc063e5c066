"""The Texas 42 expert: determinized search scoring the points taken.

It deals the unseen tiles many times consistently with the view (shown voids;
the bidding), solves each deal open-handed scoring the points taken, and picks
the best average; bids and trumps are simulated the same way, two tricks deep.
A Plunge or a Splash is valued with the partner naming trumps and leading: a
Plunge with doubles as trumps, a Splash with the best of doubles and the
bidder's own best suits. Under ``all_pass = reshake`` the shaker's pass throws
the hand in, worth nothing to either side.
The budget, ``choose`` and the tie-break are
:class:`~core.bots.trick.expert.TrickExpertBot`'s.
"""

from __future__ import annotations

import math
import random
from typing import Callable, Hashable, Sequence

from core.bots.base import Rated, percent
from core.bots.texas42.heuristic import (
    UNIVERSE,
    Texas42RulesOfThumbBot,
    active_seats,
    bids_in,
    contract_of,
    hidden_of,
    rated_trumps,
)
from core.bots.trick import evaluation as ev
from core.bots.trick.expert import TrickExpertBot
from core.bots.trick.sampling import Group, Slot, evaluate
from core.bots.trick.solver import COUNT_POINTS, INDEX, TILES, mask_of, tables_for, tiles_of
from core.bots.trick.view import played_by
from core.commands import MARK, Bid, Command, NameTrump, Play
from core.game import Phase
from core.texas42.bidding import MIN_BID, NELLO_MIN_BID, PLUNGE_BID, is_mark_bid, marks_of
from core.texas42.scoring import partner_of, team_of
from core.texas42.view import Texas42View
from core.tiles import Tile
from core.tricks.play import TrumpMode

TILE_POINTS = tuple(COUNT_POINTS.get(t, 0) for t in TILES)
DECIDE_DEPTH = 2          # tricks searched per deal for a bid or trump (then a guess)
MARK_DISCOUNT = 0.7       # open-hand samples overrate taking all seven tricks
POINT_BID_MARGIN = 0.15   # ... and making a point bid (measured against the standard bot)
PASS_VALUE = {"partner": 0.3, "opponent": -0.3, "nobody": -0.1}   # marks, roughly
OVER_PARTNER = 0.4        # the cost of taking the bid from a partner
SPLASH_KEY = "splash:"    # a group key: a Splash played with the trump after it

Deal = dict[Slot, int]    # a sampled deal: each hidden seat's tile mask
Score = Callable[[int], float]


class Texas42ExpertBot(TrickExpertBot):
    """Determinized search over deals consistent with the view, scoring points taken.

    ``budget_s``: thinking time for a play (a bid or trump gets three times it,
    at most 2.5 s, over 12 to 48 deals searched two tricks deep); ``None``:
    0.5 s. ``samples``/``nodes``: a fixed amount of work instead of the clock
    (deterministic, for tests).
    """

    standard_bot = Texas42RulesOfThumbBot
    decide_depth = DECIDE_DEPTH
    decide_samples = (12, 48)
    # Fewer deals than this make the bid's odds too noisy: the best-looking of a few
    # noisy estimates overbids (measured at a fifth of the default budget on a busy
    # machine, the expert took 2/3 of the auctions and made 54% of them; with the
    # floor, 58%, and +6.4 instead of +3.5 points a hand on the same 60 deals).
    decide_floor = 16

    # -- the contract as a search problem
    @staticmethod
    def _setup(trump: str, bidder: int, sitting_out: int | None
               ) -> tuple[tuple[int, ...], list[int], tuple[int, ...] | None, bool]:
        """(seats, side, tile points, misère) for a contract."""
        if trump == "nello":
            seats = active_seats(partner_of(bidder))
            side = [1 if p == bidder else 0 for p in range(4)]
            return seats, side, None, True
        side = [1 if team_of(p) == team_of(bidder) else 0 for p in range(4)]
        seats = active_seats(sitting_out)
        if trump == "sevens":
            return seats, side, None, False
        return seats, side, TILE_POINTS, False

    @staticmethod
    def _scorer(view: Texas42View, trump: str, bid: int, bidder: int, past: int,
                past_tricks: int) -> Score:
        """Score of a future value for the deciding player (its team's gain, roughly)."""
        sign = 1.0 if team_of(view.player) == team_of(bidder) else -1.0
        target = view.target.kind
        marks = marks_of(bid)

        if trump == "nello":
            def nello_score(v: int) -> float:
                # the hand ends at the bidder's first trick: only making it counts
                return sign * (10.0 if past + v == 0 else -10.0) * marks
            return nello_score
        if trump == "sevens":
            def sevens_score(v: int) -> float:
                made = past_tricks + v == 7
                base = (10.0 if made else -10.0) * marks
                if target == "points":
                    base = (MARK if made else -MARK) * marks
                return sign * (base + 0.3 * v)
            return sevens_score
        if is_mark_bid(bid):
            def mark_score(v: int) -> float:
                total = past + v
                made = total == 42
                base = (10.0 if made else -10.0) * marks
                if target == "points":
                    base = (MARK if made else -MARK) * marks
                return sign * (base + 0.3 * total)
            return mark_score

        def point_score(v: int) -> float:
            total = past + v
            made = total >= bid
            if target == "points":
                gain = 2 * total - 42 if made else -(bid + 42 - total)
                return sign * gain
            return sign * (total + (8.0 if made else -8.0))
        return point_score

    def _group(self, view: Texas42View, trump: str, bid: int, bidder: int, to_act: int,
               my_hand: Sequence[Tile], trick: Sequence[tuple[int, int]] = (),
               moves: dict[int, Hashable] | None = None, key: Hashable = None, past: int = 0,
               past_tricks: int = 0) -> Group:
        me = view.player
        mode = ev.mode_for(trump, view.options, "texas42")
        seats, side, points, misere = self._setup(trump, bidder, view.sitting_out)
        my_mask = mask_of(my_hand)

        def hands(deal: Deal) -> list[int]:
            return [my_mask if p == me else (deal.get(p, 0) if p in seats else 0)
                    for p in range(4)]

        return Group(tables=tables_for(mode), seats=seats, side=side, hands=hands,
                     to_act=to_act, score=self._scorer(view, trump, bid, bidder, past,
                                                       past_tricks),
                     trick=trick, moves=moves, key=key, tile_points=points, misere=misere,
                     static_leaves=True)

    def _weight(self, view: Texas42View) -> Callable[[Deal], float] | None:
        """Soft inference from the bidding: how plausible a sampled deal is."""
        played = played_by(view)
        claims = [(p, b) for p, b, plunge, forced in view.bids
                  if p != view.player and b is not None and not forced and not plunge
                  and b < MARK]
        caller = view.trump_caller if view.phase == Phase.PLAY else None
        if caller == view.player or view.trump in ("nello", "sevens", None):
            caller = None
        if not claims and caller is None:
            return None
        options, mode = view.options, view.mode

        def weight(deal: Deal) -> float:
            w = 1.0
            for p, b in claims:
                hand = tiles_of(deal.get(p, 0)) + played.get(p, [])
                if p == caller:
                    assert mode is not None  # the caller is known once trumps are named
                    rating = ev.estimate_tricks(hand, mode, UNIVERSE)
                else:
                    rating = rated_trumps(hand, options)[0][1]
                short = 2.0 + (b - 30) / 4.0 - rating
                if short > 0:
                    w *= math.exp(-1.5 * short)
            return w

        return weight

    # -- plays
    def _analyse_plays(self, view: Texas42View, legal: list[Command],
                       rng: random.Random) -> list[Rated]:
        me, trump = view.player, view.trump
        bidder, bid = contract_of(view)
        assert trump is not None  # trumps are named before play
        bt = team_of(bidder)
        if trump == "nello":
            past = sum(1 for tr in view.tricks if tr.winner == bidder)
            past_tricks = past
        else:
            past = view.points[bt]
            past_tricks = sum(1 for tr in view.tricks if team_of(tr.winner) == bt)
            if trump == "sevens":
                past = past_tricks
        moves = {INDEX[c.tile]: c for c in legal if isinstance(c, Play)}
        trick = tuple((p, INDEX[t]) for p, t in view.current_trick)
        candidates: dict[int, Hashable] = {t: t for t in moves}
        group = self._group(view, trump, bid, bidder, me, view.hand, trick=trick,
                            moves=candidates, past=past, past_tricks=past_tricks)
        out = evaluate(hidden_of(view), [group], rng, self._budget(False), self._weight(view))
        result = []
        for t, c in moves.items():
            vals = out.values.get(t, [])
            made = sum(1 for v in vals if self._made(trump, bid, past, past_tricks, v))
            rate = made / max(1, len(vals))
            ours = team_of(me) == bt
            mine = "your team makes" if ours else "the bidders make"
            avg = sum(vals) / max(1, len(vals))
            detail = (f", {past + avg:.0f} points" if trump not in ("nello", "sevens") else "")
            result.append(Rated(c, out.mean(t), f"{mine} the bid in {percent(rate)}% of "
                                                f"{out.samples} sampled deals{detail}",
                                percent(rate), "%", 1 if ours else -1, out.samples))
        return result

    @staticmethod
    def _made(trump: str, bid: int, past: int, past_tricks: int, v: int) -> bool:
        if trump == "nello":
            return past + v == 0
        if trump == "sevens":
            return past_tricks + v == 7
        if is_mark_bid(bid):
            return past + v == 42
        return past + v >= bid

    # -- trumps
    def _analyse_trumps(self, view: Texas42View, legal: list[Command],
                        rng: random.Random) -> list[Rated]:
        me = view.player
        bidder, bid = contract_of(view)
        names = [c for c in legal if isinstance(c, NameTrump)]
        groups = [self._group(view, c.trump, bid, bidder, me, view.hand, key=c.trump)
                  for c in names]
        out = evaluate(hidden_of(view), groups, rng, self._budget(True))
        result = []
        best_by_trump: dict[str, tuple[float, int]] = {}
        for c in names:
            vals = out.values.get(c.trump, [])
            made = sum(1 for v in vals if self._made(c.trump, bid, 0, 0, v))
            rate = made / max(1, len(vals))
            best_by_trump[c.trump] = (out.mean(c.trump), percent(rate))
            result.append(Rated(c, out.mean(c.trump), f"makes the bid in {percent(rate)}% of "
                                                      f"{out.samples} sampled deals",
                                percent(rate), "%", 1, out.samples))
        for lead in legal:
            if isinstance(lead, Play):
                trump = str(lead.tile.high)
                value, chance = best_by_trump.get(trump, (-1e9, 0))
                result.append(Rated(lead, value - 0.01,
                                    f"leads {lead.tile}: {TrumpMode(trump).describe()} become "
                                    f"trumps; makes the bid in {chance}% of {out.samples} "
                                    "sampled deals", chance, "%", 1, out.samples))
        return result

    # -- bids
    def _analyse_bids(self, view: Texas42View, legal: list[Command],
                      rng: random.Random) -> list[Rated]:
        me, options = view.player, view.options
        hand = view.hand
        bids = bids_in(legal)
        ranked = rated_trumps(hand, options)
        candidates = [t for t, _ in ranked[:3]]
        marks_legal = sorted(c.bid // MARK for c in bids if c.bid is not None
                             and c.bid >= MARK and not c.plunge and not c.splash)
        groups = [self._group(view, t, MIN_BID, me, me, hand, key=t) for t in candidates]
        if options.get("nello") and marks_legal and max(marks_legal) >= 2:
            groups.append(self._group(view, "nello", NELLO_MIN_BID, me, me, hand, key="nello"))
        if options.get("sevens") and marks_legal:
            groups.append(self._group(view, "sevens", MARK, me, me, hand, key="sevens"))
        plunge = [c for c in bids if c.plunge]
        if plunge:
            partner = partner_of(me)
            groups.append(self._group(view, "doubles", PLUNGE_BID, me, partner, hand,
                                      key="plunge"))
        splash = [c for c in bids if c.splash]
        splash_keys: list[str] = []
        if splash and splash[0].bid is not None:
            partner = partner_of(me)
            for t in dict.fromkeys(["doubles"] + [t for t in candidates[:2] if t != "none"]):
                splash_keys.append(SPLASH_KEY + t)
                groups.append(self._group(view, t, splash[0].bid, me, partner, hand,
                                          key=SPLASH_KEY + t))
        hidden = hidden_of(view)
        out = evaluate(hidden, groups, rng, self._budget(True), self._weight(view))
        n = max(1, out.samples)

        def rate(key: str, need: int) -> float:
            vals = out.values.get(key, [])
            if key == "nello":
                return sum(1 for v in vals if v == 0) / n
            if key == "sevens":
                return sum(1 for v in vals if v == 7) / n
            return sum(1 for v in vals if v >= need) / n

        target = view.target.kind
        partner_high = view.bidder is not None and view.bidder == partner_of(me)
        nobody = view.bidder is None
        unit, scale = ("points", 42.0) if target == "points" else ("marks", 1.0)

        def rated(c: Bid, value: float, gain: float, why: str, p: float | None = None,
                  counted: float | None = None) -> Rated:
            """A bid row: ``gain`` (expected marks, or points/42) is the figure shown;
            ``value`` adds the expert's tie-breaks to it."""
            if counted is not None and p is not None and percent(counted) != percent(p):
                why += f", counted as {percent(counted)}% (open hands flatter the bidder)"
            if partner_high and c.bid is not None:
                gain -= OVER_PARTNER
                value -= OVER_PARTNER
                why += f"; less {OVER_PARTNER * scale:g} {unit} for taking the bid from your " \
                       "partner"
            return Rated(c, value, why, round(gain * scale, 2 if unit == "marks" else 1), unit,
                         1, out.samples, p)

        result = []
        for c in bids:
            if c.bid is None:
                if view.pass_is_forced:
                    continue        # the shaker's pass is a forced 30: valued below
                if view.pass_reshakes:
                    result.append(rated(c, 0.0, 0.0, "pass: the hand is thrown in and "
                                                     "shaken again"))
                    continue
                value = PASS_VALUE[
                    "partner" if partner_high else ("nobody" if nobody else "opponent")]
                result.append(rated(c, value, value, "pass"))
                continue
            if c.plunge:
                p = rate("plunge", 42)
                gain = self._bid_value(target, c.bid, p * MARK_DISCOUNT, 42)
                result.append(rated(c, gain, gain, f"plunge: all seven tricks in {percent(p)}% "
                                                   f"of {n} sampled deals", p, p * MARK_DISCOUNT))
                continue
            if c.splash:
                best_k = max(splash_keys, key=lambda k: rate(k, 42))
                p = rate(best_k, 42)
                gain = self._bid_value(target, c.bid, p * MARK_DISCOUNT, 42)
                marks = c.bid // MARK
                label = TrumpMode(best_k[len(SPLASH_KEY):]).describe()
                result.append(rated(c, gain - 0.01 * marks, gain,
                                    f"splash, {label}: all seven tricks in {percent(p)}% of "
                                    f"{n} sampled deals", p, p * MARK_DISCOUNT))
                continue
            if c.bid < MARK:
                points = c.bid
                best_t = max(candidates, key=lambda t: rate(t, points))
                p = rate(best_t, c.bid)
                avg = self._avg(out.values.get(best_t, []))
                counted = max(0.0, p - POINT_BID_MARGIN)
                gain = self._bid_value(target, c.bid, counted, avg)
                # the same mark for less risk: prefer the lowest bid that does
                value = gain - 0.002 * (c.bid - MIN_BID)
                result.append(rated(c, value, gain, f"{TrumpMode(best_t).describe()}: makes "
                                                    f"{c.bid} in {percent(p)}% of {n} sampled "
                                                    "deals", p, counted))
                continue
            marks = c.bid // MARK
            keys = list(candidates)
            if marks >= 2 and "nello" in out.values:
                keys.append("nello")
            if "sevens" in out.values:
                keys.append("sevens")
            best_t = max(keys, key=lambda t: rate(t, 42) * self._discount(t))
            p = rate(best_t, 42)
            counted = p * self._discount(best_t)
            gain = self._bid_value(target, c.bid, counted, 42)
            label = {"nello": "Nel-O", "sevens": "Sevens"}.get(best_t) or \
                TrumpMode(best_t).describe()
            result.append(rated(c, gain - 0.01 * marks, gain,
                                f"{label}: makes {marks} mark{'s' if marks > 1 else ''} in "
                                f"{percent(p)}% of {n} sampled deals", p, counted))
        if not any(r.command.bid is None for r in result):
            for c in bids:
                if c.bid is None:
                    forced = [r for r in result if r.command.bid == MIN_BID]
                    if forced:
                        f = forced[0]
                        result.append(f._replace(command=c, value=f.value + 0.001,
                                                 reason="pass: the shaker then takes 30; "
                                                        + f.reason))
                    else:
                        result.append(rated(c, 0.001, 0.0, "pass: the shaker then takes 30"))
        return result

    @staticmethod
    def _discount(key: str) -> float:
        """Open-hand samples flatter an all-tricks contract; Sevens plays itself."""
        return 1.0 if key == "sevens" else MARK_DISCOUNT

    @staticmethod
    def _avg(vals: Sequence[int]) -> float:
        return sum(vals) / len(vals) if vals else 0.0

    @staticmethod
    def _bid_value(target: str, bid: int, p: float, avg_points: float) -> float:
        """Expected gain of a bid made with probability ``p`` (marks, or points/42)."""
        marks = marks_of(bid)
        if target == "points":
            if bid >= MARK:
                return marks * (2 * p - 1)
            made_gain = 2 * avg_points - 42
            set_loss = -(bid + 42 - avg_points)
            return (p * made_gain + (1 - p) * set_loss) / 42
        return marks * (2 * p - 1)


LATE_SAMPLES = 12          # the standard player's late-hand search: deals ...
LATE_NODES = 200_000       # ... and at most this many positions a deal (three tricks need far fewer)


def late_hand_play(view: Texas42View, legal: list[Command], rng: random.Random) -> Command:
    """The standard player's play with three tiles or fewer in hand: the best average
    over :data:`LATE_SAMPLES` deals of the unseen tiles, each solved to the end."""
    return Texas42ExpertBot(samples=LATE_SAMPLES, nodes=LATE_NODES).decide(view, legal, rng)
