"""The Three-Player Moon expert: determinized search.

It deals the unseen tiles many times consistently with the view (shown voids;
the bidding), solves each deal open-handed, and picks the choice with the best
average; bids, the widow discard and trumps are chosen the same way. The
budget, ``choose`` and the tie-break are :class:`~core.bots.trick.expert.TrickExpertBot`'s.

House options: a made moon is worth the game (``moon = instant``) or only +21
(``points``), so it is bid less eagerly then; under ``widow = optional`` it
compares, over sampled deals, keeping the 7 tiles with taking the widow (and the
best discard for each sampled widow), and leaves the widow face down when keeping
is at least as good; with ``trumps_before_widow`` it names trumps from the 7
tiles, and its bids plan the trump before the widow is seen.
"""

from __future__ import annotations

import math
import random
from typing import Callable, Hashable, Sequence

from core.bots.base import Rated, percent
from core.bots.moon.heuristic import (
    MoonStandardBot,
    best_discard,
    best_rating,
    bids_in,
    contract_of,
    discard_plans,
    hidden_of,
    plan_trumps,
    tiles_in,
    trumps_of,
    trumps_offered,
    universe_of,
)
from core.bots.trick import evaluation as ev
from core.bots.trick.expert import TrickExpertBot
from core.bots.trick.sampling import Group, Slot, evaluate
from core.bots.trick.solver import INDEX, TILES, mask_of, tables_for, tiles_of
from core.bots.trick.view import played_by
from core.commands import Command, Discard, Draw, NameTrump, Pass, Play
from core.game import Phase
from core.moon.view import MOON as MOON_BID
from core.moon.view import MoonView, tricks_needed
from core.tiles import Tile
from core.tricks.play import TrumpMode

MOON_WIN_VALUE = 40       # a made moon wins the game at once (moon = instant)
MOON_DISCOUNT = 0.6       # open-hand samples overrate a moon (the bidder sees all)

Deal = dict[Slot, int]    # a sampled deal: each hidden slot's tile mask


class MoonExpertBot(TrickExpertBot):
    """Determinized search scoring the bidder's tricks (see the module docstring);
    ``budget_s``, ``samples`` and ``nodes`` as for :class:`TrickExpertBot`."""

    standard_bot = MoonStandardBot
    analysers = {**TrickExpertBot.analysers, Phase.WIDOW: "_analyse_widow"}

    # -- scoring
    @staticmethod
    def _bidder_score(tricks: int, bid: int, moon_value: float = MOON_WIN_VALUE) -> float:
        made = tricks >= tricks_needed(bid)
        if bid == MOON_BID:
            base = moon_value if made else -MOON_BID
        else:
            base = bid if made else -bid
        return base + 0.15 * tricks

    @staticmethod
    def _moon_value(view: MoonView) -> float:
        """What a made moon is worth: the game (instant), or only its 21 points."""
        return MOON_WIN_VALUE if view.options.get("moon", "instant") == "instant" else MOON_BID

    def _weight(self, view: MoonView) -> Callable[[Deal], float] | None:
        """Soft inference from the bidding: how plausible a sampled deal is."""
        played = played_by(view)
        claims = [(p, b) for p, b, forced in view.bids
                  if p != view.player and b is not None and not forced]
        passes = [p for p, b, _ in view.bids if p != view.player and b is None]
        if view.phase != Phase.BID:
            passes = []
        if not claims and not passes:
            return None
        mode = view.mode

        def weight(deal: Deal) -> float:
            w = 1.0
            for p, b in claims:
                hand = tiles_of(deal.get(p, 0)) + played.get(p, [])
                if mode is not None and p == view.bidder:
                    rating = ev.estimate_tricks(hand, mode, universe_of(view))
                else:
                    rating = best_rating(hand[:7])[1]
                short = tricks_needed(b) - 2.0 - rating
                if short > 0:
                    w *= math.exp(-short)
            for p in passes:
                if best_rating(tiles_of(deal.get(p, 0)))[1] >= 4.5:
                    w *= 0.4
            return w

        return weight

    def _group(self, view: MoonView, mode: TrumpMode, my_hand: Sequence[Tile], to_act: int,
               score: Callable[[int], float], trick: Sequence[tuple[int, int]] = (),
               moves: dict[int, Hashable] | None = None, key: Hashable = None) -> Group:
        me = view.player
        my_mask = mask_of(my_hand)
        bidder = view.bidder if view.bidder is not None else me

        def hands(deal: Deal) -> list[int]:
            return [my_mask if p == me else deal.get(p, 0) for p in range(3)]

        return Group(tables=tables_for(mode), seats=(0, 1, 2),
                     side=[1 if p == bidder else 0 for p in range(3)], hands=hands,
                     to_act=to_act, score=score, trick=trick, moves=moves, key=key)

    # -- plays
    def _analyse_plays(self, view: MoonView, legal: list[Command],
                       rng: random.Random) -> list[Rated]:
        me = view.player
        bidder, bid = contract_of(view)
        past = view.tricks_won[bidder]
        sign = 1.0 if me == bidder else -1.0
        moves = {INDEX[c.tile]: c for c in legal if isinstance(c, Play)}
        trick = tuple((p, INDEX[t]) for p, t in view.current_trick)
        candidates: dict[int, Hashable] = {t: t for t in moves}
        worth = self._moon_value(view)
        group = self._group(view, trumps_of(view), view.hand, me,
                            lambda v: sign * self._bidder_score(past + v, bid, worth),
                            trick=trick, moves=candidates)
        out = evaluate(hidden_of(view), [group], rng, self._budget(False), self._weight(view))
        need = tricks_needed(bid)
        result = []
        for t, c in moves.items():
            vals = out.values.get(t, [])
            rate = sum(1 for v in vals if past + v >= need) / max(1, len(vals))
            who = "you make" if me == bidder else "the bidder makes"
            result.append(Rated(c, out.mean(t), f"{who} {need} in {percent(rate)}% of "
                                                f"{out.samples} sampled deals",
                                percent(rate), "%", 1 if me == bidder else -1, out.samples))
        return result

    # -- the widow
    def _analyse_widow(self, view: MoonView, legal: list[Command],
                       rng: random.Random) -> list[Rated]:
        if any(isinstance(c, (Draw, Pass)) for c in legal):
            return self._analyse_take_or_leave(view, legal, rng)
        return self._analyse_discards(view, legal, rng)

    def _analyse_take_or_leave(self, view: MoonView, legal: list[Command],
                               rng: random.Random) -> list[Rated]:
        """Keep the 7 tiles, or take the widow (seen on each sampled deal, with the best
        discard and trumps for it): the sampled value of each."""
        me = view.player
        _, bid = contract_of(view)
        worth = self._moon_value(view)
        universe = universe_of(view)
        trumps = plan_trumps(view)
        keep_trump = view.trump or best_rating(view.hand, trumps, universe)[0]
        cache: dict[int, tuple[str, int]] = {}

        def taken(deal: Deal) -> tuple[str, int]:
            widow = deal.get("widow", 0)
            if widow not in cache:
                eight = list(view.hand) + [TILES[widow.bit_length() - 1]]
                d, trump, _ = discard_plans(eight, trumps, universe)[0]
                cache[widow] = (trump, mask_of([t for t in eight if t != d]))
            return cache[widow]

        groups = [self._group(view, TrumpMode(keep_trump), view.hand, me,
                              lambda v: self._bidder_score(v, bid, worth), key=("keep",))]
        for trump in trumps:
            g = self._group(view, TrumpMode(trump), view.hand, me,
                            lambda v: self._bidder_score(v, bid, worth), key=("take", trump))
            g.hands = lambda deal: [taken(deal)[1] if p == me else deal.get(p, 0)
                                    for p in range(3)]
            g.active = lambda deal, trump=trump: taken(deal)[0] == trump
            groups.append(g)
        out = evaluate(hidden_of(view), groups, rng, self._budget(True))
        need = tricks_needed(bid)
        keep_vals = out.values.get(("keep",), [])
        take_vals = [v for trump in trumps for v in out.values.get(("take", trump), [])]

        def rated(command: Command, vals: Sequence[int], what: str) -> Rated:
            n = max(1, len(vals))
            value = sum(self._bidder_score(v, bid, worth) for v in vals) / n
            rate = sum(1 for v in vals if v >= need) / n
            return Rated(command, value, f"{what}: makes {need} in {percent(rate)}% of "
                                         f"{out.samples} sampled deals",
                         percent(rate), "%", 1, out.samples)

        # near ties go to the standard bot's rule (keep when no tile could add a trump)
        return [rated(Draw(me), take_vals, "take the widow"),
                rated(Pass(me), keep_vals, "keep the 7 tiles")]

    def _analyse_discards(self, view: MoonView, legal: list[Command],
                          rng: random.Random) -> list[Rated]:
        me = view.player
        _, bid = contract_of(view)
        worth = self._moon_value(view)
        tiles = tiles_in(legal)
        plans = discard_plans(tiles, plan_trumps(view), universe_of(view))
        chosen: dict[Tile, str] = {}
        for d, trump, _ in plans:
            chosen.setdefault(d, trump)
        groups: list[Group] = []
        for d, trump in chosen.items():
            rest = [t for t in tiles if t != d]
            groups.append(self._group(view, TrumpMode(trump), rest, me,
                                      lambda v: self._bidder_score(v, bid, worth),
                                      key=(d, trump)))
        out = evaluate(hidden_of(view), groups, rng, self._budget(True))
        need = tricks_needed(bid)
        result = []
        for c in [c for c in legal if isinstance(c, Discard)]:
            key = (c.tile, chosen[c.tile])
            vals = out.values.get(key, [])
            rate = sum(1 for v in vals if v >= need) / max(1, len(vals))
            named = TrumpMode(key[1]).describe()
            then = "then " if view.trump is None else ""
            result.append(Rated(c, out.mean(key), f"{then}{named}: makes {need} in "
                                                  f"{percent(rate)}% of {out.samples} "
                                                  "sampled deals",
                                percent(rate), "%", 1, out.samples))
        return result

    # -- trumps
    def _analyse_trumps(self, view: MoonView, legal: list[Command],
                        rng: random.Random) -> list[Rated]:
        me = view.player
        _, bid = contract_of(view)
        worth = self._moon_value(view)
        names = [c for c in legal if isinstance(c, NameTrump)]
        groups = [self._group(view, TrumpMode(c.trump), view.hand, me,
                              lambda v: self._bidder_score(v, bid, worth), key=c.trump)
                  for c in names]
        out = evaluate(hidden_of(view), groups, rng, self._budget(True))
        need = tricks_needed(bid)
        result = []
        for c in names:
            vals = out.values.get(c.trump, [])
            rate = sum(1 for v in vals if v >= need) / max(1, len(vals))
            result.append(Rated(c, out.mean(c.trump),
                                f"makes {need} in {percent(rate)}% of {out.samples} "
                                "sampled deals", percent(rate), "%", 1, out.samples))
        return result

    # -- bids
    def _analyse_bids(self, view: MoonView, legal: list[Command],
                      rng: random.Random) -> list[Rated]:
        me = view.player
        universe = universe_of(view)
        ranked = ev.rank_trumps(view.hand, trumps_offered(view), {}, "moon", universe)
        candidates = [t for t, _ in ranked[:3]]
        hidden = hidden_of(view)
        plans: dict[str, dict[int, tuple[int, float]]] = {t: {} for t in candidates}
        blind = bool(view.options.get("trumps_before_widow", False))

        def hand_for(trump: str) -> Callable[[Deal], list[int]]:
            mode = TrumpMode(trump)
            cache = plans[trump]

            def hands(deal: Deal) -> list[int]:
                widow = deal.get("widow", 0)
                if widow not in cache:
                    if widow:
                        w = TILES[widow.bit_length() - 1]
                        eight = list(view.hand) + [w]
                        d, rating = best_discard(eight, mode, universe)
                        cache[widow] = (mask_of([t for t in eight if t != d]), rating)
                    else:                             # widow = none: the 7 tiles dealt
                        cache[widow] = (mask_of(view.hand),
                                        ev.estimate_tricks(view.hand, mode, universe))
                mine = cache[widow][0]
                return [mine if p == me else deal.get(p, 0) for p in range(3)]
            return hands

        def pick(deal: Deal) -> str:
            """The trump the bidder names on this deal, having seen the widow (with
            trumps_before_widow: the one the 7 tiles rate best)."""
            if blind:
                return candidates[0]
            for trump in candidates:
                hand_for(trump)(deal)
            widow = deal.get("widow", 0)
            return max(candidates, key=lambda t: plans[t][widow][1])

        groups: list[Group] = []
        for trump in candidates:
            g = self._group(view, TrumpMode(trump), view.hand, me, float, key=trump)
            g.side = [1 if p == me else 0 for p in range(3)]
            g.hands = hand_for(trump)
            g.active = lambda deal, trump=trump: pick(deal) == trump
            groups.append(g)
        out = evaluate(hidden, groups, rng, self._budget(True), self._weight(view))
        tricks = [next(iter(d.values())) for d in out.per_deal if d]
        n = max(1, len(tricks))
        result = []
        pass_value = 1.0
        for c in bids_in(legal):
            if c.bid is None:
                result.append(Rated(c, pass_value, "defend: about a trick a hand",
                                    round(pass_value, 1), "points", 1, len(tricks)))
                continue
            need = tricks_needed(c.bid)
            rate = sum(1 for t in tricks if t >= need) / n
            # open-hand play flatters the bidder: discount the sampled rate
            if need < 7:
                sure = (rate + sum(1 for t in tricks if t >= need + 1) / n) / 2
            else:
                sure = rate * MOON_DISCOUNT
            if c.bid == MOON_BID:
                moon_value = self._moon_value(view)
                value = sure * moon_value - (1 - sure) * MOON_BID
                if moon_value == MOON_WIN_VALUE:
                    worth = f"{MOON_WIN_VALUE} made (it wins the game), -{MOON_BID} set"
                else:
                    worth = f"+{MOON_BID} made, -{MOON_BID} set"
            else:
                value = c.bid * (2 * sure - 1)
                worth = f"+{c.bid} made, -{c.bid} set"
            why = f"makes {need} in {percent(rate)}% of {n} sampled deals"
            if percent(sure) != percent(rate):
                why += f", counted as {percent(sure)}% (open hands flatter the bidder)"
            result.append(Rated(c, value, f"{why}; {worth}", round(value, 1), "points", 1,
                                len(tricks), rate))
        return result
