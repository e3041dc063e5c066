"""Texas 42 bots: easy (a beginner), standard (rules of thumb), expert (search).

Each bot answers ``choose(view, legal, rng)`` from a
:class:`~core.texas42.Texas42View` alone. Decisions: bids (Plunge where allowed),
trumps (suits, doubles, follow-me, Nel-O, Sevens) and plays as bidder, partner
or defender. (Nel-O's sitting-out partner is never asked.)

* Easy bids the minimum on four of a suit headed by its double, names its
  longest suit, and plays the obvious tile; now and then any tile.
* Standard rates the hand (top trumps, trump length, walking doubles) to bid
  and name trumps; the bidding team leads trumps to draw them; nobody
  overtakes a partner's winning trick; count goes to a partner's safe trick
  and is kept from the opponents'.
* Expert deals the unseen tiles many times consistently with the view (shown
  voids; the bidding), solves each deal open-handed scoring the points taken,
  and picks the best average; bids and trumps are simulated the same way.
"""

from __future__ import annotations

import math
import random
from typing import Any, Sequence

from ..commands import MARK, Bid, Command, NameTrump, Play
from ..game import Phase
from ..texas42_bidding import MIN_BID, NELLO_MIN_BID, PLUNGE_BID, is_mark_bid, marks_of
from ..texas42_scoring import partner_of, team_of
from ..tiles import Tile, double_set
from ..tricks import TRUMP, TrumpMode, follows, is_trump, rank, sevens_distance, suit_led
from . import trick_eval as ev
from .trick_sampling import Group, Hidden, SearchBudget, evaluate, rank_with_tiebreak, voids
from .trick_solver import COUNT_POINTS, INDEX, TILES, mask_of, tables_for

UNIVERSE = tuple(double_set(6))
SUIT_TRUMPS = ("6", "5", "4", "3", "2", "1", "0", "doubles", "none")
TILE_POINTS = tuple(COUNT_POINTS.get(t, 0) for t in TILES)
DEFAULT_PLAY_S = 0.5      # seconds per play by default
DECIDE_FACTOR = 4         # a bid or trump gets this many times the play budget ...
DECIDE_MAX_S = 2.5        # ... but never more than this
LATE_HAND_UNSEEN = 12     # standard: with this few tiles unseen, a ruff is feared
DECIDE_DEPTH = 2          # tricks searched per deal for a bid or trump (then a guess)
MARK_DISCOUNT = 0.7       # open-hand samples overrate taking all seven tricks
POINT_BID_MARGIN = 0.15   # ... and making a point bid (measured against the standard bot)
PASS_VALUE = {"partner": 0.3, "opponent": -0.3, "nobody": -0.1}   # marks, roughly
OVER_PARTNER = 0.4        # the cost of taking the bid from a partner


# -- what a 42 player knows -------------------------------------------------------

def played_tiles(view) -> list[Tile]:
    out = [t for tr in view.tricks for _, t in tr.plays]
    out.extend(t for _, t in view.current_trick)
    return out


def unseen_tiles(view) -> list[Tile]:
    known = set(view.hand) | set(played_tiles(view))
    return [t for t in UNIVERSE if t not in known]


def hidden_of(view) -> Hidden:
    pool = unseen_tiles(view)
    sizes = {p: view.hand_counts[p] for p in range(4) if p != view.player}
    forbidden: dict[Any, int] = {}
    if view.mode is not None:
        tricks = [tr.plays for tr in view.tricks] + [view.current_trick]
        forbidden = {p: m for p, m in voids(tricks, view.mode).items() if p != view.player}
    return Hidden(mask_of(pool), sizes, forbidden)


def active_seats(sitting_out: int | None) -> tuple[int, ...]:
    return tuple(p for p in range(4) if p != sitting_out)


def rated_trumps(hand: Sequence[Tile], options: dict) -> list[tuple[str, float]]:
    return ev.rank_trumps(hand, SUIT_TRUMPS, options, "texas42", UNIVERSE)


def contract_made(trump: str, bid: int, team_points: int, team_tricks: int,
                  bidder_tricks: int) -> bool:
    """Whether a finished hand's contract is made (Nel-O: ``bidder_tricks`` is 0)."""
    if trump == "nello":
        return bidder_tricks == 0
    if trump == "sevens" or is_mark_bid(bid):
        return team_tricks == 7
    return team_points >= bid


# -- shared rules of thumb for play ---------------------------------------------------

def _strength(t: Tile, mode: TrumpMode) -> int:
    return ev.power(t, suit_led(t, mode), mode)


def _lowest(tiles: Sequence[Tile], mode: TrumpMode) -> Tile:
    """The tile to throw away: no count, no trump, the weakest."""
    return min(tiles, key=lambda t: (ev.count_of(t), is_trump(t, mode), _strength(t, mode),
                                     t.pips))


def _most_count(tiles: Sequence[Tile], mode: TrumpMode) -> Tile:
    """The tile to give a partner: most count, then the weakest."""
    return min(tiles, key=lambda t: (-ev.count_of(t), is_trump(t, mode), _strength(t, mode)))


def _void_in(view, player: int, suit: int) -> bool:
    plays_list = [tr.plays for tr in view.tricks] + [view.current_trick]
    for plays in plays_list:
        if plays and suit_led(plays[0][1], view.mode) == suit:
            for p, t in plays[1:]:
                if p == player and not follows(t, suit, view.mode):
                    return True
    return False


class _Texas42Bot:
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
        if view.phase == Phase.TRUMP:
            named = [c for c in legal if isinstance(c, NameTrump)]
            return self.trump(view, named or legal, rng)
        return self.play(view, legal, rng)

    @staticmethod
    def _pass(view, legal) -> Command:
        for c in legal:
            if isinstance(c, Bid) and c.bid is None:
                return c
        return min(legal, key=lambda c: c.bid)

    @staticmethod
    def _min_point_bid(legal) -> Bid | None:
        points = [c for c in legal if c.bid is not None and not c.plunge and c.bid < MARK]
        return min(points, key=lambda c: c.bid) if points else None


# -- easy ---------------------------------------------------------------------------------

class Texas42EasyBot(_Texas42Bot):
    """A beginner: bids the minimum (up to 31) on four of a suit with its double,
    names its longest suit, plays the obvious tile, sometimes any tile."""

    level = "easy"

    def bid(self, view, legal, rng) -> Command:
        lengths = ev.suit_lengths(view.hand)
        held = set(view.hand)
        good = any(k >= 4 and Tile(n, n) in held for n, k in lengths.items())
        low = self._min_point_bid(legal)
        partner_high = view.bidder is not None and view.bidder == partner_of(view.player)
        if good and low is not None and low.bid <= 31 and not partner_high:
            return low
        return self._pass(view, legal)

    def trump(self, view, legal, rng) -> Command:
        lengths = ev.suit_lengths(view.hand)
        held = set(view.hand)
        best = max(range(7), key=lambda n: (lengths[n], Tile(n, n) in held, n))
        choice = NameTrump(view.player, str(best))
        return choice if choice in legal else legal[0]

    def play(self, view, legal, rng) -> Command:
        tiles = [c.tile for c in legal]
        if rng.random() < 0.2:
            return Play(view.player, rng.choice(tiles))
        mode, plays = view.mode, view.current_trick
        if not plays:
            return Play(view.player, max(tiles, key=lambda t: (_strength(t, mode), t.pips)))
        win_p, _ = ev.winning_play(plays, mode)
        if team_of(win_p) == team_of(view.player) and view.trump != "nello":
            return Play(view.player, _lowest(tiles, mode))
        winners = [t for t in tiles if ev.would_win(t, plays, mode)]
        if winners and view.trump != "nello":
            return Play(view.player, max(winners, key=lambda t: _strength(t, mode)))
        return Play(view.player, _lowest(tiles, mode))


# -- standard -----------------------------------------------------------------------------

class Texas42StandardBot(_Texas42Bot):
    """Rules of thumb (see the module docstring)."""

    level = "standard"

    # -- bidding
    def _plan(self, view) -> tuple[str, float]:
        return rated_trumps(view.hand, view.options)[0]

    def bid(self, view, legal, rng) -> Command:
        me = view.player
        hand = view.hand
        trump, rating = self._plan(view)
        options = view.options
        plunge = [c for c in legal if c.plunge]
        if plunge and ev.double_count(hand) >= 5:
            return plunge[0]
        partner_high = view.bidder is not None and view.bidder == partner_of(me)
        marks = {c.bid // MARK: c for c in legal if c.bid is not None and not c.plunge
                 and c.bid >= MARK}
        if options.get("nello") and 2 in marks and not partner_high:
            if ev.nello_risk(hand, ev.mode_for("nello", options, "texas42"), UNIVERSE) < 0.15:
                return marks[2]
        if options.get("sevens") and 1 in marks and not partner_high:
            if self._sevens_rate(hand, options) >= 0.75:
                return marks[1]
        sure = self._sure_tricks(hand, TrumpMode(trump) if trump != "none"
                                 else ev.mode_for("none", options, "texas42"))
        if sure >= 7 and not partner_high:
            if 2 in marks:
                return marks[2]
            if 1 in marks:
                return marks[1]
        if partner_high and rating < 5.0:
            return self._pass(view, legal)
        cap = 30 + int(max(0.0, rating - 2.6) * 3.5)
        low = self._min_point_bid(legal)
        if rating >= 2.6 and low is not None and low.bid <= min(cap, 36):
            return low
        return self._pass(view, legal)

    @staticmethod
    def _sevens_rate(hand, options) -> float:
        """How often Sevens makes with ``hand`` (0 for hands far from 7)."""
        distances = [sevens_distance(t) for t in hand]
        if sum(distances) > 12 or 0 not in distances:
            return 0.0
        free = bool(options.get("sevens_free_play"))
        return ev.sevens_make_rate(hand, UNIVERSE, random.Random(7), 16, free)

    @staticmethod
    def _sure_tricks(hand, mode) -> int:
        unseen = [t for t in UNIVERSE if t not in hand]
        trumps_out = [t for t in unseen if is_trump(t, mode)]
        sure = 0
        for t in hand:
            if is_trump(t, mode):
                if not any(rank(x, TRUMP, mode) > rank(t, TRUMP, mode) for x in trumps_out):
                    sure += 1
            elif not trumps_out and ev.is_boss(t, mode, unseen):
                sure += 1
        return sure

    # -- trumps
    def trump(self, view, legal, rng) -> Command:
        me, options, hand = view.player, view.options, view.hand
        names = {c.trump: c for c in legal}
        if "nello" in names and view.bid >= NELLO_MIN_BID:
            risk = ev.nello_risk(hand, ev.mode_for("nello", options, "texas42"), UNIVERSE)
            if risk < 0.2:
                return names["nello"]
        if "sevens" in names and self._sevens_rate(hand, options) >= 0.7:
            return names["sevens"]
        ranked = rated_trumps(hand, options)
        if view.plunge and me != view.bidder:
            # the plunger holds four or more doubles
            ranked = [(t, r + (2.5 if t == "doubles" else 0.0)) for t, r in ranked]
            ranked.sort(key=lambda tr: -tr[1])
        for t, _ in ranked:
            if t in names:
                return names[t]
        return legal[0]

    # -- play
    def play(self, view, legal, rng) -> Command:
        tiles = [c.tile for c in legal]
        if view.trump == "nello":
            return Play(view.player, self._play_nello(view, tiles))
        if view.trump == "sevens":
            return Play(view.player, min(tiles, key=lambda t: (sevens_distance(t), -t.pips)))
        if not view.current_trick:
            return Play(view.player, self._lead(view, tiles))
        return Play(view.player, self._follow(view, tiles))

    def _lead(self, view, tiles) -> Tile:
        mode = view.mode
        me = view.player
        unseen = unseen_tiles(view)
        trumps = ev.trumps_in(tiles, mode)
        trumps_out = [t for t in unseen if is_trump(t, mode)]
        opponents = [p for p in range(4) if team_of(p) != team_of(me)]
        opp_may_trump = trumps_out and not all(_void_in(view, p, TRUMP) for p in opponents)
        bidding_team = team_of(view.bidder) == team_of(me)
        if bidding_team and trumps and opp_may_trump:
            return trumps[0]                        # draw trumps, from the top
        bosses = [t for t in tiles if ev.is_boss(t, mode, unseen) and not is_trump(t, mode)]
        if bosses and not opp_may_trump:
            return max(bosses, key=lambda t: (ev.count_of(t), _strength(t, mode)))
        if bosses and bidding_team:
            return max(bosses, key=lambda t: _strength(t, mode))
        if bosses:
            return max(bosses, key=lambda t: _strength(t, mode))
        if trumps and ev.is_boss(trumps[0], mode, unseen):
            return trumps[0]
        return _lowest(tiles, mode)

    def _follow(self, view, tiles) -> Tile:
        mode = view.mode
        me = view.player
        plays = view.current_trick
        suit = suit_led(plays[0][1], mode)
        win_p, win_t = ev.winning_play(plays, mode)
        unseen = unseen_tiles(view)
        seats = active_seats(view.sitting_out)
        to_come = [(view.leader + i) % 4 for i in range(len(plays) + 1, 4)]
        to_come = [p for p in to_come if p in seats]
        opponents_to_come = [p for p in to_come if team_of(p) != team_of(me)]
        under = [t for t in tiles if not ev.would_win(t, plays, mode)]
        if team_of(win_p) == team_of(me):
            # never overtake a partner; give count when the trick is safe
            choices = under or tiles
            safe = not opponents_to_come or not self._beatable(view, win_t, suit, unseen,
                                                               opponents_to_come)
            if safe:
                return _most_count(choices, mode)
            return _lowest(choices, mode)
        winners = [t for t in tiles if ev.would_win(t, plays, mode)]
        if winners:
            safe = [t for t in winners
                    if not opponents_to_come
                    or not self._beatable(view, t, suit, unseen, opponents_to_come)]
            pool = safe or winners
            if safe or ev.count_of(win_t) or any(ev.count_of(t) for _, t in plays):
                return min(pool, key=lambda t: (ev.power(t, suit, mode), -ev.count_of(t)))
            if not opponents_to_come:
                return min(pool, key=lambda t: ev.power(t, suit, mode))
        return _lowest(tiles, mode)

    @staticmethod
    def _beatable(view, t, suit, unseen, players) -> bool:
        """Whether an unseen tile held by one of ``players`` could beat ``t``."""
        mode = view.mode
        for x in ev.beaters(t, suit, mode, unseen):
            for p in players:
                if follows(x, suit, mode) or suit == TRUMP:
                    if not _void_in(view, p, suit):
                        return True
                elif is_trump(x, mode) and not _void_in(view, p, TRUMP):
                    # a ruff needs a player out of the led suit: known, or likely
                    # once most tiles are out (a rule of thumb)
                    if _void_in(view, p, suit) or len(unseen) <= LATE_HAND_UNSEEN:
                        return True
        return False

    def _play_nello(self, view, tiles) -> Tile:
        mode = view.mode
        me = view.player
        plays = view.current_trick
        power = lambda t, s: ev.power(t, s, mode)  # noqa: E731
        if me == view.bidder:
            if not plays:
                return min(tiles, key=lambda t: _strength(t, mode))
            suit = suit_led(plays[0][1], mode)
            under = [t for t in tiles if not ev.would_win(t, plays, mode)]
            if under:
                return max(under, key=lambda t: (power(t, suit), _strength(t, mode)))
            return min(tiles, key=lambda t: power(t, suit))
        # a defender wants the bidder to win a trick: stay low, leave room above
        if not plays:
            return min(tiles, key=lambda t: _strength(t, mode))
        suit = suit_led(plays[0][1], mode)
        win_p, _ = ev.winning_play(plays, mode)
        if win_p == view.bidder:
            under = [t for t in tiles if not ev.would_win(t, plays, mode)]
            if under:
                return max(under, key=lambda t: power(t, suit))
        return min(tiles, key=lambda t: power(t, suit))


# -- expert ------------------------------------------------------------------------------

class Texas42ExpertBot(_Texas42Bot):
    """Determinized search over deals consistent with the view, scoring points taken.

    ``budget_s``: thinking time for a play (a bid or trump gets four times it,
    at most 2.5 s); ``None``: 0.5 s. ``samples``/``nodes``: a fixed amount of
    work instead of the clock (deterministic, for tests).
    """

    level = "expert"

    def __init__(self, budget_s: float | None = None, *, samples: int | None = None,
                 nodes: int | None = None) -> None:
        super().__init__(budget_s)
        self.samples = samples
        self.nodes = nodes

    def _budget(self, deciding: bool) -> SearchBudget:
        if self.samples is not None or self.nodes is not None:
            return SearchBudget(samples=self.samples or 8, nodes=self.nodes or 20000,
                                max_depth=DECIDE_DEPTH if deciding else None)
        play_s = DEFAULT_PLAY_S if self.budget_s is None else self.budget_s
        if deciding:
            # bids and trumps: many deals, each looked at two tricks deep
            return SearchBudget(seconds=min(DECIDE_MAX_S, play_s * DECIDE_FACTOR),
                                max_depth=DECIDE_DEPTH, min_samples=12, max_samples=48)
        return SearchBudget(seconds=play_s)

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
        elif view.phase == Phase.TRUMP:
            out = self._analyse_trumps(view, legal, rng)
        else:
            out = self._analyse_plays(view, legal, rng)
        return rank_with_tiebreak(out, legal, Texas42StandardBot().choose(view, legal, rng))

    # -- the contract as a search problem
    @staticmethod
    def _setup(trump: str, bidder: int, sitting_out: int | None):
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
    def _scorer(view, trump: str, bid: int, bidder: int, past: int, past_tricks: int):
        """Score of a future value for the deciding player (its team's gain, roughly)."""
        sign = 1.0 if team_of(view.player) == team_of(bidder) else -1.0
        target = getattr(view.target, "kind", "marks")
        marks = marks_of(bid)

        if trump == "nello":
            def score(v: int) -> float:
                # the hand ends at the bidder's first trick: only making it counts
                return sign * (10.0 if past + v == 0 else -10.0) * marks
            return score
        if trump == "sevens":
            def score(v: int) -> float:
                made = past_tricks + v == 7
                base = (10.0 if made else -10.0) * marks
                if target == "points":
                    base = (MARK if made else -MARK) * marks
                return sign * (base + 0.3 * v)
            return score
        if is_mark_bid(bid):
            def score(v: int) -> float:
                total = past + v
                made = total == 42
                base = (10.0 if made else -10.0) * marks
                if target == "points":
                    base = (MARK if made else -MARK) * marks
                return sign * (base + 0.3 * total)
            return score

        def score(v: int) -> float:
            total = past + v
            made = total >= bid
            if target == "points":
                gain = 2 * total - 42 if made else -(bid + 42 - total)
                return sign * gain
            return sign * (total + (8.0 if made else -8.0))
        return score

    def _group(self, view, trump: str, bid: int, bidder: int, to_act: int,
               my_hand, trick=(), moves=None, key=None, past=0, past_tricks=0) -> Group:
        me = view.player
        mode = ev.mode_for(trump, view.options, "texas42")
        seats, side, points, misere = self._setup(trump, bidder, view.sitting_out)
        my_mask = mask_of(my_hand)

        def hands(deal):
            return [my_mask if p == me else (deal.get(p, 0) if p in seats else 0)
                    for p in range(4)]

        return Group(tables=tables_for(mode), seats=seats, side=side, hands=hands,
                     to_act=to_act, score=self._scorer(view, trump, bid, bidder, past,
                                                       past_tricks),
                     trick=trick, moves=moves, key=key, tile_points=points, misere=misere,
                     static_leaves=True)

    def _weight(self, view):
        """Soft inference from the bidding: how plausible a sampled deal is."""
        played_by: dict[int, list[Tile]] = {}
        for tr in view.tricks:
            for p, t in tr.plays:
                played_by.setdefault(p, []).append(t)
        for p, t in view.current_trick:
            played_by.setdefault(p, []).append(t)
        claims = [(p, b) for p, b, plunge, forced in view.bids
                  if p != view.player and b is not None and not forced and not plunge
                  and b < MARK]
        caller = view.trump_caller if view.phase == Phase.PLAY else None
        if caller == view.player or view.trump in ("nello", "sevens", None):
            caller = None
        if not claims and caller is None:
            return None
        options, mode = view.options, view.mode

        def weight(deal) -> float:
            w = 1.0
            for p, b in claims:
                hand = [TILES[i] for i in range(28) if deal.get(p, 0) >> i & 1]
                hand += played_by.get(p, [])
                rating = (ev.estimate_tricks(hand, mode, UNIVERSE) if p == caller
                          else rated_trumps(hand, options)[0][1])
                short = 2.0 + (b - 30) / 4.0 - rating
                if short > 0:
                    w *= math.exp(-1.5 * short)
            return w

        return weight

    # -- plays
    def _analyse_plays(self, view, legal, rng):
        me, bidder, bid, trump = view.player, view.bidder, view.bid, view.trump
        bt = team_of(bidder)
        if trump == "nello":
            past = sum(1 for tr in view.tricks if tr.winner == bidder)
            past_tricks = past
        else:
            past = view.points[bt]
            past_tricks = sum(1 for tr in view.tricks if team_of(tr.winner) == bt)
            if trump == "sevens":
                past = past_tricks
        moves = {INDEX[c.tile]: c for c in legal}
        trick = tuple((p, INDEX[t]) for p, t in view.current_trick)
        group = self._group(view, trump, bid, bidder, me, view.hand, trick=trick,
                            moves={t: t for t in moves}, past=past, past_tricks=past_tricks)
        out = evaluate(hidden_of(view), [group], rng, self._budget(False), self._weight(view))
        result = []
        for t, c in moves.items():
            vals = out.values.get(t, [])
            made = sum(1 for v in vals if self._made(trump, bid, past, past_tricks, v))
            rate = made / max(1, len(vals))
            mine = "your team makes" if team_of(me) == bt else "the bidders make"
            avg = sum(vals) / max(1, len(vals))
            detail = (f", {past + avg:.0f} points" if trump not in ("nello", "sevens") else "")
            result.append((c, out.mean(t), f"{mine} the bid in {rate:.0%} of {out.samples} "
                                           f"sampled deals{detail}"))
        return result

    @staticmethod
    def _made(trump, bid, past, past_tricks, v) -> bool:
        if trump == "nello":
            return past + v == 0
        if trump == "sevens":
            return past_tricks + v == 7
        if is_mark_bid(bid):
            return past + v == 42
        return past + v >= bid

    # -- trumps
    def _analyse_trumps(self, view, legal, rng):
        me, bid = view.player, view.bid
        bidder = view.bidder
        names = [c for c in legal if isinstance(c, NameTrump)]
        groups = [self._group(view, c.trump, bid, bidder, me, view.hand, key=c.trump)
                  for c in names]
        out = evaluate(hidden_of(view), groups, rng, self._budget(True))
        result = []
        best_by_trump = {}
        for c in names:
            vals = out.values.get(c.trump, [])
            made = sum(1 for v in vals if self._made(c.trump, bid, 0, 0, v))
            rate = made / max(1, len(vals))
            best_by_trump[c.trump] = out.mean(c.trump)
            result.append((c, out.mean(c.trump), f"makes the bid in {rate:.0%} of "
                                                 f"{out.samples} sampled deals"))
        for c in legal:
            if isinstance(c, Play):
                trump = str(c.tile.high)
                value = best_by_trump.get(trump, -1e9) - 0.01
                result.append((c, value, f"leads {c.tile}: {TrumpMode(trump).describe()} "
                                         "become trumps"))
        return result

    # -- bids
    def _analyse_bids(self, view, legal, rng):
        me, options = view.player, view.options
        hand = view.hand
        ranked = rated_trumps(hand, options)
        candidates = [t for t, _ in ranked[:3]]
        marks_legal = sorted(c.bid // MARK for c in legal
                             if c.bid is not None and c.bid >= MARK and not c.plunge)
        groups = [self._group(view, t, MIN_BID, me, me, hand, key=t) for t in candidates]
        if options.get("nello") and marks_legal and max(marks_legal) >= 2:
            groups.append(self._group(view, "nello", NELLO_MIN_BID, me, me, hand, key="nello"))
        if options.get("sevens") and marks_legal:
            groups.append(self._group(view, "sevens", MARK, me, me, hand, key="sevens"))
        plunge = [c for c in legal if c.plunge]
        if plunge:
            partner = partner_of(me)
            groups.append(self._group(view, "doubles", PLUNGE_BID, me, partner, hand,
                                      key="plunge"))
        hidden = hidden_of(view)
        out = evaluate(hidden, groups, rng, self._budget(True), self._weight(view))
        n = max(1, out.samples)

        def rate(key, need) -> float:
            vals = out.values.get(key, [])
            if key == "nello":
                return sum(1 for v in vals if v == 0) / n
            if key == "sevens":
                return sum(1 for v in vals if v == 7) / n
            return sum(1 for v in vals if v >= need) / n

        target = getattr(view.target, "kind", "marks")
        partner_high = view.bidder is not None and view.bidder == partner_of(me)
        nobody = view.bidder is None
        result = []
        for c in legal:
            if c.bid is None:
                if nobody and view.shaker == me:
                    continue        # the shaker's pass is a forced 30: valued below
                value = PASS_VALUE[
                    "partner" if partner_high else ("nobody" if nobody else "opponent")]
                result.append((c, value, "pass"))
                continue
            if c.plunge:
                p = rate("plunge", 42)
                result.append((c, self._bid_value(target, c.bid, p * MARK_DISCOUNT, 42),
                               f"plunge: all seven tricks in {p:.0%} of {n} sampled deals"))
                continue
            if c.bid < MARK:
                best_t = max(candidates, key=lambda t: rate(t, c.bid))
                p = rate(best_t, c.bid)
                avg = self._avg(out.values.get(best_t, []))
                value = self._bid_value(target, c.bid, max(0.0, p - POINT_BID_MARGIN), avg)
                # the same mark for less risk: prefer the lowest bid that does
                value -= 0.002 * (c.bid - MIN_BID)
                if partner_high:
                    value -= OVER_PARTNER
                result.append((c, value, f"{TrumpMode(best_t).describe()}: makes {c.bid} in "
                                         f"{p:.0%} of {n} sampled deals"))
                continue
            marks = c.bid // MARK
            keys = list(candidates)
            if marks >= 2 and "nello" in out.values:
                keys.append("nello")
            if "sevens" in out.values:
                keys.append("sevens")
            best_t = max(keys, key=lambda t: rate(t, 42) * self._discount(t))
            p = rate(best_t, 42)
            value = self._bid_value(target, c.bid, p * self._discount(best_t), 42) - 0.01 * marks
            if partner_high:
                value -= OVER_PARTNER
            label = {"nello": "Nel-O", "sevens": "Sevens"}.get(best_t) or \
                TrumpMode(best_t).describe()
            result.append((c, value, f"{label}: makes {marks} mark{'s' if marks > 1 else ''} "
                                     f"in {p:.0%} of {n} sampled deals"))
        if not any(c.bid is None for c, _, _ in result):
            for c in legal:
                if c.bid is None:
                    forced = [v for b, v, _ in result if b.bid == MIN_BID]
                    result.append((c, (forced[0] if forced else 0.0) + 0.001,
                                   "pass: the shaker then takes 30"))
        return result

    @staticmethod
    def _discount(key: str) -> float:
        """Open-hand samples flatter an all-tricks contract; Sevens plays itself."""
        return 1.0 if key == "sevens" else MARK_DISCOUNT

    @staticmethod
    def _avg(vals) -> float:
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
