"""Three-Player Moon bots: easy (a beginner) and standard (rules of thumb); the
expert (search) is in :mod:`core.bots.moon.expert`.

Each bot answers ``choose(view, legal, rng)`` from a :class:`~core.moon.view.MoonView`
alone. Decisions: bid (or pass), the widow discard, trumps, and plays.

* Easy bids only on a long suit headed by its double, names its longest suit,
  and plays the obvious tile (win high, else throw low), sometimes any tile.
* Standard rates the hand (top trumps, trump length, walking doubles) to bid,
  discard and name trumps; in play the bidder draws trumps, a defender plays
  under a fellow defender's trick the bidder cannot beat, and everyone wins
  as cheaply as possible or throws the least useful tile. Against a bid one
  trick sets (7, the moon, or any bid with no trick to spare) a defender keeps
  every tile that can still take a trick from the bidder
  (:mod:`core.bots.trick.defence`); so does the easy bot when it throws.

House options: bids start at ``min_bid``; only the trumps the settings offer are
named; with ``trumps_before_widow`` trumps are named from the 7 tiles dealt and
the discard keeps them; under ``widow = optional`` the easy bot always takes the
widow and the standard bot leaves it face down when no unseen tile could add a
trump (taking never makes a hand worse: the widow itself may be laid aside);
under ``widow = none`` the 0-0 is out of play.

Also here, for the expert too: what a Moon player knows (:func:`unseen_tiles`,
:func:`hidden_of`) and how a hand rates (:func:`best_rating`,
:func:`best_discard`, :func:`discard_plans`).
"""

from __future__ import annotations

import random
from typing import Sequence

from core.bots.trick import evaluation as ev
from core.bots.trick.bot import TrickBot
from core.bots.trick.defence import defend_follow, defend_lead, keep_value, may_hold
from core.bots.trick.sampling import Hidden, Slot
from core.bots.trick.solver import mask_of
from core.bots.trick.view import played_tiles, shown_voids, void_in
from core.commands import Bid, Command, Discard, Draw, NameTrump, Pass, Play
from core.game import Phase
from core.moon.view import MOON as MOON_BID
from core.moon.view import MoonView, tricks_needed, trump_choices_for
from core.tiles import Tile, moon_set
from core.tricks.play import TRUMP, TrumpMode, is_trump, rank, suit_led

UNIVERSE = tuple(moon_set())
TRUMPS = ("6", "5", "4", "3", "2", "1", "0", "doubles", "none")


# -- what a Moon player knows ----------------------------------------------------

def universe_of(view: MoonView) -> tuple[Tile, ...]:
    """Every tile in play: Moon's 22, or 21 without the 0-0 under ``widow = none``."""
    if view.widow_rule == "none":
        return tuple(t for t in UNIVERSE if t != Tile(0, 0))
    return UNIVERSE


def trumps_offered(view: MoonView) -> tuple[str, ...]:
    """The trumps the settings let a bidder name, in :data:`TRUMPS` order."""
    allowed = trump_choices_for(view.options)
    return tuple(t for t in TRUMPS if t in allowed)


def widow_unseen(view: MoonView) -> bool:
    """Whether the widow is still face down and may yet come to the bidder: during
    the bidding, or the bidder's own view before it takes or leaves it."""
    if view.widow_rule == "none":
        return False
    return view.phase == Phase.BID or (
        view.player == view.bidder and view.widow_taken is None and not view.widow_declined)


def unseen_tiles(view: MoonView) -> list[Tile]:
    """Tiles this player has not seen (others' hands, and the widow or discard)."""
    known = set(view.hand) | set(played_tiles(view))
    for t in (view.widow_taken, view.discard):
        if t is not None:
            known.add(t)
    return [t for t in universe_of(view) if t not in known]


def hidden_of(view: MoonView) -> Hidden:
    pool = unseen_tiles(view)
    sizes: dict[Slot, int] = {p: view.hand_counts[p] for p in range(3) if p != view.player}
    spare = len(pool) - sum(sizes.values())
    if spare:
        sizes["widow" if widow_unseen(view) else "discard"] = spare
    forbidden: dict[Slot, int] = {p: m for p, m in shown_voids(view).items()}
    return Hidden(mask_of(pool), sizes, forbidden)


def best_rating(hand: Sequence[Tile], trumps: Sequence[str] = TRUMPS,
                universe: Sequence[Tile] = UNIVERSE) -> tuple[str, float]:
    """The trump (of ``trumps``) that rates ``hand`` best, and its rating (tricks, roughly)."""
    return ev.rank_trumps(hand, trumps, {}, "moon", universe)[0]


def best_discard(tiles: Sequence[Tile], mode: TrumpMode,
                 universe: Sequence[Tile] = UNIVERSE) -> tuple[Tile, float]:
    """The discard (from 8 tiles) that leaves the best-rated hand under ``mode``."""
    best: tuple[Tile, float] | None = None
    for d in sorted(tiles, reverse=True):
        rest = [t for t in tiles if t != d]
        score = ev.estimate_tricks(rest, mode, universe)
        if best is None or score > best[1] + 1e-9:
            best = (d, score)
    assert best is not None  # tiles is not empty
    return best


def discard_plans(tiles: Sequence[Tile], trumps: Sequence[str] = TRUMPS,
                  universe: Sequence[Tile] = UNIVERSE) -> list[tuple[Tile, str, float]]:
    """(discard, trump, rating) for every discard and trump (of ``trumps``), best first."""
    plans: list[tuple[Tile, str, float]] = []
    for d in sorted(tiles, reverse=True):
        rest = [t for t in tiles if t != d]
        for trump in trumps:
            plans.append((d, trump, ev.estimate_tricks(rest, TrumpMode(trump), universe)))
    plans.sort(key=lambda p: -p[2])
    return plans


def plan_trumps(view: MoonView) -> tuple[str, ...]:
    """The trumps a discard may plan for: the one named already (``trumps_before_widow``),
    else every trump the settings offer."""
    return (view.trump,) if view.trump is not None else trumps_offered(view)


def widow_could_add_trump(view: MoonView) -> bool:
    """Whether some unseen tile would be a trump for the bidder: the trump named, or
    (not named yet) the one that rates the 7 tiles best."""
    trump = view.trump or best_rating(view.hand, trumps_offered(view), universe_of(view))[0]
    mode = TrumpMode(trump)
    return any(is_trump(t, mode) for t in unseen_tiles(view))


def bids_in(legal: Sequence[Command]) -> list[Bid]:
    """The bids (a pass too) among ``legal``."""
    return [c for c in legal if isinstance(c, Bid)]


def tiles_in(legal: Sequence[Command]) -> list[Tile]:
    """The tiles ``legal``'s plays (or widow discards) would play (or lay aside)."""
    return [c.tile for c in legal if isinstance(c, (Play, Discard))]


def trumps_of(view: MoonView) -> TrumpMode:
    """The trumps of the hand being played."""
    assert view.mode is not None  # trumps are named before play
    return view.mode


def contract_of(view: MoonView) -> tuple[int, int]:
    """The bidder and the winning bid of the hand being played."""
    assert view.bidder is not None and view.bid is not None  # a hand is played only once bid
    return view.bidder, view.bid


def leader_of(view: MoonView) -> int:
    """Who leads the trick on the table."""
    assert view.leader is not None  # the bidder leads once trumps are named
    return view.leader


# -- shared rules of thumb for play ------------------------------------------------

def _lowest(tiles: Sequence[Tile], mode: TrumpMode) -> Tile:
    """The least useful tile: not a trump if possible, then the lowest-ranked."""
    return min(tiles, key=lambda t: (is_trump(t, mode), _strength(t, mode), t.pips))


def _strength(t: Tile, mode: TrumpMode) -> int:
    return ev.power(t, suit_led(t, mode), mode)


def one_trick_sets(view: MoonView) -> bool:
    """Whether the bidder can lose no more tricks (a bid of 7 or 21 from the start, any
    bid once it has no trick to spare) and has not lost yet."""
    if view.bidder is None or view.bid is None or view.mode is None:
        return False
    short = tricks_needed(view.bid) - view.tricks_won[view.bidder]
    return short > 0 and short == 7 - len(view.tricks)


def bidder_may_hold(view: MoonView) -> list[Tile]:
    """The unseen tiles the bidder may hold (the suits it has shown out of left aside)."""
    bidder, _ = contract_of(view)
    return may_hold(unseen_tiles(view), shown_voids(view).get(bidder, 0))


def lowest_bid(view: MoonView, legal: Sequence[Command]) -> Bid | None:
    """The lowest bid (not a pass) among ``legal``."""
    bids = [c for c in bids_in(legal) if c.bid is not None]
    return min(bids, key=lambda c: c.bid or 0) if bids else None


class _MoonBot(TrickBot):
    deciders = {**TrickBot.deciders, Phase.WIDOW: "widow"}

    def bid(self, view: MoonView, legal: list[Command], rng: random.Random) -> Command:
        raise NotImplementedError

    def widow(self, view: MoonView, legal: list[Command], rng: random.Random) -> Command:
        """The widow step: take or leave it (``widow = optional``), else the discard."""
        if any(isinstance(c, (Draw, Pass)) for c in legal):
            return self.take_or_leave(view, legal, rng)
        return self.discard(view, legal, rng)

    def take_or_leave(self, view: MoonView, legal: list[Command], rng: random.Random) -> Command:
        """Leave the widow face down when no unseen tile could add a trump, else take it."""
        if widow_could_add_trump(view):
            return Draw(view.player)
        return Pass(view.player)

    def discard(self, view: MoonView, legal: list[Command], rng: random.Random) -> Command:
        tiles = tiles_in(legal)
        plans = discard_plans(tiles, plan_trumps(view), universe_of(view))
        return Discard(view.player, plans[0][0])

    def trump(self, view: MoonView, legal: list[Command], rng: random.Random) -> Command:
        offered = [c.trump for c in legal if isinstance(c, NameTrump)]
        trumps = [t for t in TRUMPS if t in offered] or offered
        trump, _ = best_rating(view.hand, trumps, universe_of(view))
        return NameTrump(view.player, trump)

    def play(self, view: MoonView, legal: list[Command], rng: random.Random) -> Command:
        raise NotImplementedError


# -- easy -------------------------------------------------------------------------------

class MoonEasyBot(_MoonBot):
    """A beginner: bids 4 on four or more of a suit headed by its double, names its
    longest suit, wins a trick with its highest tile when it can, else throws its
    lowest; now and then it just plays any legal tile."""

    level = "easy"

    def bid(self, view: MoonView, legal: list[Command], rng: random.Random) -> Command:
        lengths = ev.suit_lengths(view.hand)
        held = set(view.hand)
        good = [n for n, k in lengths.items() if k >= 4 and Tile(n, n) in held]
        low = lowest_bid(view, legal)
        if good and low is not None and low.bid is not None and low.bid <= 4:
            return low
        return Bid(view.player, None) if Bid(view.player, None) in legal else legal[0]

    def take_or_leave(self, view: MoonView, legal: list[Command], rng: random.Random) -> Command:
        return Draw(view.player)

    def discard(self, view: MoonView, legal: list[Command], rng: random.Random) -> Command:
        suit = self._longest(view.hand) if view.trump is None else _suit_of(view.trump)
        tiles = tiles_in(legal)
        off = [t for t in tiles if not t.has(suit)] or tiles
        return Discard(view.player, min(off, key=lambda t: (t.is_double, t.pips)))

    def trump(self, view: MoonView, legal: list[Command], rng: random.Random) -> Command:
        return NameTrump(view.player, str(self._longest(view.hand)))

    @staticmethod
    def _longest(hand: Sequence[Tile]) -> int:
        """The longest suit (its double breaking ties, then the higher)."""
        lengths = ev.suit_lengths(hand)
        held = set(hand)
        return max(range(7), key=lambda n: (lengths[n], Tile(n, n) in held, n))

    def play(self, view: MoonView, legal: list[Command], rng: random.Random) -> Command:
        tiles = tiles_in(legal)
        if rng.random() < 0.2:
            return Play(view.player, rng.choice(tiles))
        mode = trumps_of(view)
        plays = view.current_trick
        if not plays:
            return Play(view.player, max(tiles, key=lambda t: (_strength(t, mode), t.pips)))
        winners = [t for t in tiles if ev.would_win(t, plays, mode)]
        if winners:
            return Play(view.player, max(winners, key=lambda t: _strength(t, mode)))
        if view.player != view.bidder and one_trick_sets(view):
            # even a beginner keeps the tile that can still set the bid
            theirs = bidder_may_hold(view)
            return Play(view.player, min(tiles, key=lambda t: (keep_value(t, mode, theirs),
                                                               _strength(t, mode))))
        return Play(view.player, _lowest(tiles, mode))


def _suit_of(trump: str) -> int:
    """The suit a discard keeps for ``trump`` named already (-1: doubles or none)."""
    return int(trump) if trump.isdigit() else -1


# -- standard --------------------------------------------------------------------------

class MoonStandardBot(_MoonBot):
    """Rules of thumb: rate the hand to bid; draw trumps as bidder; as a defender,
    beat the bidder cheaply and stay under a fellow defender who has it won."""

    level = "standard"
    margin = 0.4          # tricks added to the rating (the widow helps the bidder)

    def bid(self, view: MoonView, legal: list[Command], rng: random.Random) -> Command:
        _, rating = best_rating(view.hand, trumps_offered(view), universe_of(view))
        capacity = rating + (self.margin if view.widow_rule != "none" else 0.0)
        options = [(c.bid, c) for c in bids_in(legal) if c.bid is not None]
        moon = [c for b, c in options if b == MOON_BID]
        if moon and self._sure_moon(view.hand, trumps_offered(view), universe_of(view)):
            return moon[0]
        fits = [(b, c) for b, c in options if b != MOON_BID and b <= capacity]
        if fits:
            return max(fits, key=lambda bc: bc[0])[1]
        return Bid(view.player, None) if Bid(view.player, None) in legal else legal[0]

    @staticmethod
    def _sure_moon(hand: Sequence[Tile], trumps: Sequence[str] = TRUMPS,
                   universe: Sequence[Tile] = UNIVERSE) -> bool:
        trump, _ = best_rating(hand, trumps, universe)
        mode = TrumpMode(trump)
        unseen = [t for t in universe if t not in hand]
        # every tile a top trump or a walker with no trumps left outside
        trumps_out = [t for t in unseen if is_trump(t, mode)]
        for t in hand:
            if is_trump(t, mode):
                if any(rank(x, TRUMP, mode) > rank(t, TRUMP, mode) for x in trumps_out):
                    return False
            elif trumps_out or not ev.is_boss(t, mode, unseen):
                return False
        return True

    def play(self, view: MoonView, legal: list[Command], rng: random.Random) -> Command:
        tiles = tiles_in(legal)
        mode = trumps_of(view)
        plays = view.current_trick
        unseen = unseen_tiles(view)
        me = view.player
        bidder, _ = contract_of(view)
        leader = leader_of(view)
        still_to_play = [(leader + i) % 3 for i in range(len(plays) + 1, 3)]
        if me != bidder and one_trick_sets(view):
            # one trick sets it: keep every tile that can still take one
            theirs = bidder_may_hold(view)
            if not plays:
                return Play(me, defend_lead(tiles, mode, theirs))
            tile = defend_follow(tiles, plays, mode, {bidder: theirs}, still_to_play)
            if tile is not None:
                return Play(me, tile)
        if not plays:
            return Play(me, self._lead(view, tiles, unseen))
        suit = suit_led(plays[0][1], mode)
        winning = ev.winning_play(plays, mode)
        assert winning is not None  # plays is not empty
        win_p, win_t = winning
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
    def _safe_winner(winners: Sequence[Tile], plays: Sequence[tuple[int, Tile]],
                     mode: TrumpMode, unseen: Sequence[Tile], suit: int) -> Tile | None:
        """The cheapest winner no unseen tile can beat; failing that, a trump or
        double worth risking (or any winner once two tiles are down)."""
        safe = [t for t in winners if not ev.beaters(t, suit, mode, unseen)]
        pool = safe
        if not pool:
            pool = [t for t in winners if is_trump(t, mode) or t.is_double]
            if not pool and len(plays) >= 2:
                pool = list(winners)
        if not pool:
            return None
        return min(pool, key=lambda t: ev.power(t, suit, mode))

    def _lead(self, view: MoonView, tiles: Sequence[Tile], unseen: Sequence[Tile]) -> Tile:
        mode = trumps_of(view)
        me = view.player
        bidder, _ = contract_of(view)
        trumps = ev.trumps_in(tiles, mode)
        trumps_out = [t for t in unseen if is_trump(t, mode)]
        bosses = [t for t in tiles if ev.is_boss(t, mode, unseen)]
        if me == bidder:
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
                not (trumps_out and void_in(view, bidder, suit_led(t, mode)))]
        if sure:
            return max(sure, key=lambda t: _strength(t, mode))
        if trumps and any(ev.is_boss(t, mode, unseen) for t in trumps):
            return trumps[0]
        return _lowest(tiles, mode)
