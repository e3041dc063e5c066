"""Three-Player Moon bots: easy (a beginner), standard (rules of thumb), expert (search).

Each bot answers ``choose(view, legal, rng)`` from a :class:`~core.moon_view.MoonView`
alone. Decisions: bid (or pass), the widow discard, trumps, and plays.

* Easy bids only on a long suit headed by its double, names its longest suit,
  and plays the obvious tile (win high, else throw low), sometimes any tile.
* Standard rates the hand (top trumps, trump length, walking doubles) to bid,
  discard and name trumps; in play the bidder draws trumps, a defender plays
  under a fellow defender's trick the bidder cannot beat, and everyone wins
  as cheaply as possible or throws the least useful tile.
* Expert deals the unseen tiles many times consistently with the view (shown
  voids; the bidding), solves each deal open-handed, and picks the choice with
  the best average; bids and trumps are chosen the same way.
"""

from __future__ import annotations

import math
import random
from typing import Any, Sequence

from ..commands import Bid, Command, Discard, NameTrump, Play
from ..game import Phase
from ..tiles import Tile, moon_set
from ..tricks import TrumpMode, follows, is_trump, rank, suit_led, TRUMP
from . import trick_eval as ev
from .trick_sampling import Group, Hidden, SearchBudget, evaluate, rank_with_tiebreak, voids
from .trick_solver import INDEX, TILES, mask_of, tables_for

UNIVERSE = tuple(moon_set())
TRUMPS = ("6", "5", "4", "3", "2", "1", "0", "doubles", "none")
MOON_BID = 21
DEFAULT_PLAY_S = 0.5      # seconds per play by default
DECIDE_FACTOR = 4         # a bid, discard or trump gets this many times the play budget ...
DECIDE_MAX_S = 2.5        # ... but never more than this
MOON_WIN_VALUE = 40       # a made moon wins the game at once
MOON_DISCOUNT = 0.6       # open-hand samples overrate a moon (the bidder sees all)


def tricks_needed(bid: int) -> int:
    return 7 if bid == MOON_BID else bid


# -- what a Moon player knows ----------------------------------------------------

def played_tiles(view) -> list[Tile]:
    out = [t for tr in view.tricks for _, t in tr.plays]
    out.extend(t for _, t in view.current_trick)
    return out


def unseen_tiles(view) -> list[Tile]:
    """Tiles this player has not seen (others' hands, and the widow or discard)."""
    known = set(view.hand) | set(played_tiles(view))
    for t in (view.widow_taken, view.discard):
        if t is not None:
            known.add(t)
    return [t for t in UNIVERSE if t not in known]


def hidden_of(view) -> Hidden:
    pool = unseen_tiles(view)
    sizes: dict[Any, int] = {p: view.hand_counts[p] for p in range(3) if p != view.player}
    spare = len(pool) - sum(sizes.values())
    if spare:
        sizes["widow" if view.phase == Phase.BID else "discard"] = spare
    forbidden: dict[Any, int] = {}
    if view.mode is not None:
        tricks = [tr.plays for tr in view.tricks] + [view.current_trick]
        forbidden = {p: m for p, m in voids(tricks, view.mode).items() if p != view.player}
    return Hidden(mask_of(pool), sizes, forbidden)


def _best_rating(hand: Sequence[Tile]) -> tuple[str, float]:
    return ev.rank_trumps(hand, TRUMPS, {}, "moon", UNIVERSE)[0]


def best_discard(tiles: Sequence[Tile], mode: TrumpMode) -> tuple[Tile, float]:
    """The discard (from 8 tiles) that leaves the best-rated hand under ``mode``."""
    best = None
    for d in sorted(tiles, reverse=True):
        rest = [t for t in tiles if t != d]
        score = ev.estimate_tricks(rest, mode, UNIVERSE)
        if best is None or score > best[1] + 1e-9:
            best = (d, score)
    return best


def discard_plans(tiles: Sequence[Tile]) -> list[tuple[Tile, str, float]]:
    """(discard, trump, rating) for every discard and trump, best first."""
    plans = []
    for d in sorted(tiles, reverse=True):
        rest = [t for t in tiles if t != d]
        for trump in TRUMPS:
            plans.append((d, trump, ev.estimate_tricks(rest, TrumpMode(trump), UNIVERSE)))
    plans.sort(key=lambda p: -p[2])
    return plans


# -- shared rules of thumb for play ------------------------------------------------

def _lowest(tiles: Sequence[Tile], mode: TrumpMode) -> Tile:
    """The least useful tile: not a trump if possible, then the lowest-ranked."""
    return min(tiles, key=lambda t: (is_trump(t, mode), _strength(t, mode), t.pips))


def _strength(t: Tile, mode: TrumpMode) -> int:
    return ev.power(t, suit_led(t, mode), mode)


def _cheapest_winner(tiles: Sequence[Tile], plays, mode: TrumpMode) -> Tile | None:
    winners = [t for t in tiles if ev.would_win(t, plays, mode)]
    if not winners:
        return None
    suit = suit_led(plays[0][1], mode) if plays else None
    if suit is None:
        return max(winners, key=lambda t: _strength(t, mode))
    return min(winners, key=lambda t: ev.power(t, suit, mode))


def _void_in(view, player: int, suit: int) -> bool:
    """Whether ``player`` has shown it holds no tile of ``suit`` this hand."""
    for plays in [tr.plays for tr in view.tricks] + [view.current_trick]:
        if plays and suit_led(plays[0][1], view.mode) == suit:
            for p, t in plays[1:]:
                if p == player and not follows(t, suit, view.mode):
                    return True
    return False


class _MoonBot:
    level = "base"

    def __init__(self, budget_s: float | None = None) -> None:
        self.budget_s = budget_s

    def choose(self, view, legal: Sequence[Command], rng: random.Random) -> Command:
        legal = list(legal)
        if not legal:
            raise ValueError("no legal command to choose from")
        if len(legal) == 1:
            return legal[0]
        if view.phase == Phase.BID:
            return self.bid(view, legal, rng)
        if view.phase == Phase.WIDOW:
            return self.discard(view, legal, rng)
        if view.phase == Phase.TRUMP:
            return self.trump(view, legal, rng)
        return self.play(view, legal, rng)

    def bid(self, view, legal, rng) -> Command:
        raise NotImplementedError

    def discard(self, view, legal, rng) -> Command:
        tiles = [c.tile for c in legal]
        plans = discard_plans(tiles)
        return Discard(view.player, plans[0][0])

    def trump(self, view, legal, rng) -> Command:
        trump, _ = _best_rating(view.hand)
        return NameTrump(view.player, trump)

    def play(self, view, legal, rng) -> Command:
        raise NotImplementedError


# -- easy -------------------------------------------------------------------------------

class MoonEasyBot(_MoonBot):
    """A beginner: bids 4 on four or more of a suit headed by its double, names its
    longest suit, wins a trick with its highest tile when it can, else throws its
    lowest; now and then it just plays any legal tile."""

    level = "easy"

    def bid(self, view, legal, rng) -> Command:
        lengths = ev.suit_lengths(view.hand)
        held = set(view.hand)
        good = [n for n, k in lengths.items() if k >= 4 and Tile(n, n) in held]
        if good and Bid(view.player, 4) in legal:
            return Bid(view.player, 4)
        return Bid(view.player, None) if Bid(view.player, None) in legal else legal[0]

    def discard(self, view, legal, rng) -> Command:
        suit = self._longest(view.hand)
        tiles = [c.tile for c in legal]
        off = [t for t in tiles if not t.has(suit)] or tiles
        return Discard(view.player, min(off, key=lambda t: (t.is_double, t.pips)))

    def trump(self, view, legal, rng) -> Command:
        return NameTrump(view.player, str(self._longest(view.hand)))

    @staticmethod
    def _longest(hand) -> int:
        lengths = ev.suit_lengths(hand)
        held = set(hand)
        return max(range(7), key=lambda n: (lengths[n], Tile(n, n) in held, n))

    def play(self, view, legal, rng) -> Command:
        tiles = [c.tile for c in legal]
        if rng.random() < 0.2:
            return Play(view.player, rng.choice(tiles))
        mode = view.mode
        plays = view.current_trick
        if not plays:
            return Play(view.player, max(tiles, key=lambda t: (_strength(t, mode), t.pips)))
        winners = [t for t in tiles if ev.would_win(t, plays, mode)]
        if winners:
            return Play(view.player, max(winners, key=lambda t: _strength(t, mode)))
        return Play(view.player, _lowest(tiles, mode))


# -- standard --------------------------------------------------------------------------

class MoonStandardBot(_MoonBot):
    """Rules of thumb: rate the hand to bid; draw trumps as bidder; as a defender,
    beat the bidder cheaply and stay under a fellow defender who has it won."""

    level = "standard"
    margin = 0.4          # tricks added to the rating (the widow helps the bidder)

    def bid(self, view, legal, rng) -> Command:
        _, rating = _best_rating(view.hand)
        capacity = rating + self.margin
        options = [c for c in legal if c.bid is not None]
        moon = [c for c in options if c.bid == MOON_BID]
        if moon and self._sure_moon(view.hand):
            return moon[0]
        fits = [c for c in options if c.bid != MOON_BID and c.bid <= capacity]
        if fits:
            return max(fits, key=lambda c: c.bid)
        return Bid(view.player, None) if Bid(view.player, None) in legal else legal[0]

    @staticmethod
    def _sure_moon(hand) -> bool:
        trump, _ = _best_rating(hand)
        mode = TrumpMode(trump)
        unseen = [t for t in UNIVERSE if t not in hand]
        # every tile a top trump or a walker with no trumps left outside
        trumps_out = [t for t in unseen if is_trump(t, mode)]
        for t in hand:
            if is_trump(t, mode):
                if any(rank(x, TRUMP, mode) > rank(t, TRUMP, mode) for x in trumps_out):
                    return False
            elif trumps_out or not ev.is_boss(t, mode, unseen):
                return False
        return True

    def play(self, view, legal, rng) -> Command:
        tiles = [c.tile for c in legal]
        mode = view.mode
        plays = view.current_trick
        unseen = unseen_tiles(view)
        me = view.player
        bidder = view.bidder
        if not plays:
            return Play(me, self._lead(view, tiles, unseen))
        suit = suit_led(plays[0][1], mode)
        win_p, win_t = ev.winning_play(plays, mode)
        still_to_play = [(view.leader + i) % 3 for i in range(len(plays) + 1, 3)]
        winners = [t for t in tiles if ev.would_win(t, plays, mode)]
        if me != bidder and win_p != bidder:
            # a fellow defender has it: stay under unless the bidder, still to play, beats it
            bidder_to_come = bidder in still_to_play
            if not bidder_to_come or not ev.beaters(win_t, suit, mode, unseen):
                under = [t for t in tiles if t not in winners]
                return Play(me, _lowest(under or tiles, mode))
        if not winners:
            return Play(me, _lowest(tiles, mode))
        if not still_to_play:
            return Play(me, min(winners, key=lambda t: ev.power(t, suit, mode)))
        winner = self._safe_winner(winners, plays, mode, unseen, suit)
        return Play(me, winner if winner is not None else _lowest(tiles, mode))

    @staticmethod
    def _safe_winner(winners, plays, mode, unseen, suit) -> Tile | None:
        """The cheapest winner no unseen tile can beat; failing that, a trump or
        double worth risking (or any winner once two tiles are down)."""
        safe = [t for t in winners if not ev.beaters(t, suit, mode, unseen)]
        pool = safe
        if not pool:
            pool = [t for t in winners if is_trump(t, mode) or t.is_double]
            if not pool and len(plays) >= 2:
                pool = winners
        if not pool:
            return None
        return min(pool, key=lambda t: ev.power(t, suit, mode))

    def _lead(self, view, tiles, unseen) -> Tile:
        mode = view.mode
        me = view.player
        trumps = ev.trumps_in(tiles, mode)
        trumps_out = [t for t in unseen if is_trump(t, mode)]
        bosses = [t for t in tiles if ev.is_boss(t, mode, unseen)]
        if me == view.bidder:
            if trumps and trumps_out:
                return trumps[0]                       # draw trumps, from the top
            safe = [t for t in bosses if not ev.can_be_ruffed(t, mode, unseen)]
            if safe:
                return max(safe, key=lambda t: _strength(t, mode))
            if trumps:
                return trumps[0]
            return _lowest(tiles, mode)
        # a defender: cash a sure winner, else lead where the bidder is short
        sure = [t for t in bosses if not is_trump(t, mode) and
                not (trumps_out and _void_in(view, view.bidder, suit_led(t, mode)))]
        if sure:
            return max(sure, key=lambda t: _strength(t, mode))
        if trumps and any(ev.is_boss(t, mode, unseen) for t in trumps):
            return trumps[0]
        return _lowest(tiles, mode)


# -- expert ----------------------------------------------------------------------------

class MoonExpertBot(_MoonBot):
    """Determinized search: deal the unseen tiles consistently with the view, solve
    each deal open-handed, choose the best average.

    ``budget_s``: thinking time for a play (a bid, discard or trump gets four
    times it, at most 2.5 s); ``None``: 0.5 s. ``samples``/``nodes``: a fixed
    amount of work instead of the clock (deterministic, for tests).
    """

    level = "expert"

    def __init__(self, budget_s: float | None = None, *, samples: int | None = None,
                 nodes: int | None = None) -> None:
        super().__init__(budget_s)
        self.samples = samples
        self.nodes = nodes

    # -- budgets
    def _budget(self, deciding: bool) -> SearchBudget:
        if self.samples is not None or self.nodes is not None:
            return SearchBudget(samples=self.samples or 8, nodes=self.nodes or 20000)
        play_s = DEFAULT_PLAY_S if self.budget_s is None else self.budget_s
        seconds = min(DECIDE_MAX_S, play_s * DECIDE_FACTOR) if deciding else play_s
        return SearchBudget(seconds=seconds)

    def choose(self, view, legal, rng) -> Command:
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        return self.analyse(view, legal, rng)[0][0]

    def analyse(self, view, legal: Sequence[Command], rng: random.Random
                ) -> list[tuple[Command, float, str]]:
        """Every legal choice with its estimated value and why, best first."""
        legal = list(legal)
        if view.phase == Phase.BID:
            out = self._analyse_bids(view, legal, rng)
        elif view.phase == Phase.WIDOW:
            out = self._analyse_discards(view, legal, rng)
        elif view.phase == Phase.TRUMP:
            out = self._analyse_trumps(view, legal, rng)
        else:
            out = self._analyse_plays(view, legal, rng)
        return rank_with_tiebreak(out, legal, MoonStandardBot().choose(view, legal, rng))

    # -- scoring
    @staticmethod
    def _bidder_score(tricks: int, bid: int) -> float:
        made = tricks >= tricks_needed(bid)
        if bid == MOON_BID:
            base = MOON_WIN_VALUE if made else -MOON_BID
        else:
            base = bid if made else -bid
        return base + 0.15 * tricks

    def _weight(self, view):
        """Soft inference from the bidding: how plausible a sampled deal is."""
        played_by = {}
        for tr in view.tricks:
            for p, t in tr.plays:
                played_by.setdefault(p, []).append(t)
        for p, t in view.current_trick:
            played_by.setdefault(p, []).append(t)
        claims = [(p, b) for p, b, forced in view.bids
                  if p != view.player and b is not None and not forced]
        passes = [p for p, b, _ in view.bids if p != view.player and b is None]
        if view.phase != Phase.BID:
            passes = []
        if not claims and not passes:
            return None
        mode = view.mode

        def weight(deal) -> float:
            w = 1.0
            for p, b in claims:
                hand = [TILES[i] for i in range(len(TILES)) if deal.get(p, 0) >> i & 1]
                hand += played_by.get(p, [])
                if mode is not None and p == view.bidder:
                    rating = ev.estimate_tricks(hand, mode, UNIVERSE)
                else:
                    rating = _best_rating(hand[:7])[1]
                short = tricks_needed(b) - 2.0 - rating
                if short > 0:
                    w *= math.exp(-short)
            for p in passes:
                hand = [TILES[i] for i in range(len(TILES)) if deal.get(p, 0) >> i & 1]
                if _best_rating(hand)[1] >= 4.5:
                    w *= 0.4
            return w

        return weight

    def _group(self, view, mode: TrumpMode, my_hand: Sequence[Tile], to_act: int, score,
               trick=(), moves=None, key=None) -> Group:
        me = view.player
        my_mask = mask_of(my_hand)
        bidder = view.bidder if view.bidder is not None else me

        def hands(deal):
            return [my_mask if p == me else deal.get(p, 0) for p in range(3)]

        return Group(tables=tables_for(mode), seats=(0, 1, 2),
                     side=[1 if p == bidder else 0 for p in range(3)], hands=hands,
                     to_act=to_act, score=score, trick=trick, moves=moves, key=key)

    # -- plays
    def _analyse_plays(self, view, legal, rng):
        me = view.player
        bidder, bid = view.bidder, view.bid
        past = view.tricks_won[bidder]
        sign = 1.0 if me == bidder else -1.0
        moves = {INDEX[c.tile]: c for c in legal}
        trick = tuple((p, INDEX[t]) for p, t in view.current_trick)
        group = self._group(view, view.mode, view.hand, me,
                            lambda v: sign * self._bidder_score(past + v, bid),
                            trick=trick, moves={t: t for t in moves})
        out = evaluate(hidden_of(view), [group], rng, self._budget(False), self._weight(view))
        need = tricks_needed(bid)
        result = []
        for t, c in moves.items():
            vals = out.values.get(t, [])
            rate = sum(1 for v in vals if past + v >= need) / max(1, len(vals))
            who = "you make" if me == bidder else "the bidder makes"
            result.append((c, out.mean(t), f"{who} {need} in {rate:.0%} of "
                                           f"{out.samples} sampled deals"))
        return result

    # -- widow discard
    def _analyse_discards(self, view, legal, rng):
        me, bid = view.player, view.bid
        tiles = [c.tile for c in legal]
        plans = discard_plans(tiles)
        chosen: dict[Tile, str] = {}
        for d, trump, _ in plans:
            chosen.setdefault(d, trump)
        groups = []
        for d, trump in chosen.items():
            rest = [t for t in tiles if t != d]
            groups.append(self._group(view, TrumpMode(trump), rest, me,
                                      lambda v: self._bidder_score(v, bid), key=(d, trump)))
        out = evaluate(hidden_of(view), groups, rng, self._budget(True))
        need = tricks_needed(bid)
        result = []
        for c in legal:
            key = (c.tile, chosen[c.tile])
            vals = out.values.get(key, [])
            rate = sum(1 for v in vals if v >= need) / max(1, len(vals))
            named = TrumpMode(key[1]).describe()
            result.append((c, out.mean(key), f"then {named}: makes {need} in {rate:.0%} of "
                                             f"{out.samples} sampled deals"))
        return result

    # -- trumps
    def _analyse_trumps(self, view, legal, rng):
        me, bid = view.player, view.bid
        groups = [self._group(view, TrumpMode(c.trump), view.hand, me,
                              lambda v: self._bidder_score(v, bid), key=c.trump)
                  for c in legal]
        out = evaluate(hidden_of(view), groups, rng, self._budget(True))
        need = tricks_needed(bid)
        result = []
        for c in legal:
            vals = out.values.get(c.trump, [])
            rate = sum(1 for v in vals if v >= need) / max(1, len(vals))
            result.append((c, out.mean(c.trump),
                           f"makes {need} in {rate:.0%} of sampled deals"))
        return result

    # -- bids
    def _analyse_bids(self, view, legal, rng):
        me = view.player
        ranked = ev.rank_trumps(view.hand, TRUMPS, {}, "moon", UNIVERSE)
        candidates = [t for t, _ in ranked[:3]]
        hidden = hidden_of(view)
        plans: dict[str, dict[int, tuple[int, float]]] = {t: {} for t in candidates}

        def hand_for(trump):
            mode = TrumpMode(trump)
            cache = plans[trump]

            def hands(deal):
                widow = deal.get("widow", 0)
                if widow not in cache:
                    w = TILES[widow.bit_length() - 1]
                    eight = list(view.hand) + [w]
                    d, rating = best_discard(eight, mode)
                    cache[widow] = (mask_of([t for t in eight if t != d]), rating)
                mine = cache[widow][0]
                return [mine if p == me else deal.get(p, 0) for p in range(3)]
            return hands

        def pick(deal) -> str:
            """The trump the bidder names on this deal, having seen the widow."""
            for trump in candidates:
                hand_for(trump)(deal)
            widow = deal.get("widow", 0)
            return max(candidates, key=lambda t: plans[t][widow][1])

        groups = []
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
        for c in legal:
            if c.bid is None:
                result.append((c, pass_value, "defend: about a trick a hand"))
                continue
            need = tricks_needed(c.bid)
            rate = sum(1 for t in tricks if t >= need) / n
            # open-hand play flatters the bidder: discount the sampled rate
            if need < 7:
                sure = (rate + sum(1 for t in tricks if t >= need + 1) / n) / 2
            else:
                sure = rate * MOON_DISCOUNT
            if c.bid == MOON_BID:
                value = sure * MOON_WIN_VALUE - (1 - sure) * MOON_BID
            else:
                value = c.bid * (2 * sure - 1)
            result.append((c, value, f"makes {need} in {rate:.0%} of {n} sampled deals"))
        return result
