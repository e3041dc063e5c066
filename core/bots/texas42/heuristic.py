"""Texas 42 bots: easy (a beginner) and standard (rules of thumb); the expert
(search) is in :mod:`core.bots.texas42.expert`.

Each bot answers ``choose(view, legal, rng)`` from a
:class:`~core.texas42.engine.Texas42View` alone. Decisions: bids (Plunge and Splash
where allowed; under ``all_pass = reshake`` the shaker may simply pass, no bid is forced),
trumps (suits, doubles, follow-me, Nel-O, Sevens) and plays as bidder, partner
or defender. (Nel-O's sitting-out partner is never asked.)

* Easy bids the minimum on four of a suit headed by its double, names its
  longest suit, and plays the obvious tile; now and then any tile.
* Standard rates the hand (top trumps, trump length, walking doubles) to bid
  and name trumps; it plunges with 5+ doubles, and splashes by the same rule
  where no Plunge is offered (5+ doubles for 2 marks, 6+ for 3); as the
  plunger's partner it leans to doubles as trumps, as the splasher's partner it
  names its own best suit (measured: a Splash with doubles as trumps made 3% of
  400 deals, with the partner's best suit 24%); the bidding team leads trumps to draw them; nobody
  overtakes a partner's winning trick; count goes to a partner's safe trick
  and is kept from the opponents'. Against a bid one trick sets (a mark bid,
  Plunge, Splash, a point bid at its limit) a defender keeps every tile that can
  still take a trick from the bidders (:mod:`core.bots.trick.defence`); so does
  the easy bot when it throws. With three tiles or fewer in hand (the last three
  tricks) it plays as a small search does: 12 deals of the unseen tiles, each
  solved exactly to the end of the hand (measured in card play alone, on 1,000
  deals each played with the seats swapped: +0.07 marks a hand against the
  rules of thumb to the end, plays p95 under 9 ms).

Also here, for the expert too: what a 42 player knows (:func:`unseen_tiles`,
:func:`hidden_of`, :func:`active_seats`) and how a hand rates
(:func:`rated_trumps`).
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from core.bots.trick import evaluation as ev
from core.bots.trick.bot import TrickBot
from core.bots.trick.defence import defend_follow, defend_lead, keep_value, may_hold
from core.bots.trick.sampling import Hidden, Slot
from core.bots.trick.solver import mask_of
from core.bots.trick.view import played_tiles, shown_voids, void_in
from core.commands import MARK, Bid, Command, NameTrump, Play
from core.game import Phase
from core.texas42.bidding import NELLO_MIN_BID, is_mark_bid
from core.texas42.scoring import partner_of, team_of
from core.texas42.view import Texas42View
from core.tiles import Tile, double_set
from core.tricks.play import TRUMP, TrumpMode, follows, is_trump, rank, sevens_distance, suit_led

UNIVERSE = tuple(double_set(6))
SUIT_TRUMPS = ("6", "5", "4", "3", "2", "1", "0", "doubles", "none")
LATE_HAND_UNSEEN = 12     # standard: with this few tiles unseen, a ruff is feared
LATE_SOLVE_TILES = 3      # standard: with this few tiles in hand, it solves the rest


# -- what a 42 player knows -------------------------------------------------------

def unseen_tiles(view: Texas42View) -> list[Tile]:
    known = set(view.hand) | set(played_tiles(view))
    return [t for t in UNIVERSE if t not in known]


def hidden_of(view: Texas42View) -> Hidden:
    pool = unseen_tiles(view)
    sizes: dict[Slot, int] = {p: view.hand_counts[p] for p in range(4) if p != view.player}
    forbidden: dict[Slot, int] = {p: m for p, m in shown_voids(view).items()}
    return Hidden(mask_of(pool), sizes, forbidden)


def active_seats(sitting_out: int | None) -> tuple[int, ...]:
    return tuple(p for p in range(4) if p != sitting_out)


def rated_trumps(hand: Sequence[Tile], options: dict[str, Any]) -> list[tuple[str, float]]:
    return ev.rank_trumps(hand, SUIT_TRUMPS, options, "texas42", UNIVERSE)


def bids_in(legal: Sequence[Command]) -> list[Bid]:
    """The bids (a pass too) among ``legal``."""
    return [c for c in legal if isinstance(c, Bid)]


def tiles_in(legal: Sequence[Command]) -> list[Tile]:
    """The tiles ``legal``'s plays would play."""
    return [c.tile for c in legal if isinstance(c, Play)]


def trumps_of(view: Texas42View) -> TrumpMode:
    """The trumps of the hand being played."""
    assert view.mode is not None  # trumps are named before play
    return view.mode


def contract_of(view: Texas42View) -> tuple[int, int]:
    """The bidder and the winning bid, once the auction is over."""
    assert view.bidder is not None and view.bid is not None  # the auction is over
    return view.bidder, view.bid


def leader_of(view: Texas42View) -> int:
    """Who leads the trick on the table."""
    assert view.leader is not None  # set once trumps are named
    return view.leader


# -- shared rules of thumb for play ---------------------------------------------------

def _strength(t: Tile, mode: TrumpMode) -> int:
    return ev.power(t, suit_led(t, mode), mode)


def one_trick_sets(view: Texas42View) -> bool:
    """Whether any trick the defenders take now sets the bid: a mark bid (Plunge and
    Splash too) before they have taken one, a point bid once they hold all the points
    the bidders can spare. (Not Nel-O or Sevens.)"""
    if view.bidder is None or view.bid is None or view.trump in (None, "nello", "sevens"):
        return False
    spare = 0 if is_mark_bid(view.bid) else 42 - view.bid
    return view.points[1 - team_of(view.bidder)] == spare


def bidders_may_hold(view: Texas42View) -> dict[int, list[Tile]]:
    """Per seat of the bidding team, the unseen tiles it may hold."""
    unseen = unseen_tiles(view)
    voids = shown_voids(view)
    bidder, _ = contract_of(view)
    bt = team_of(bidder)
    return {p: (may_hold(unseen, voids.get(p, 0)) if view.hand_counts[p] else [])
            for p in active_seats(view.sitting_out) if team_of(p) == bt and p != view.player}


def _lowest(tiles: Sequence[Tile], mode: TrumpMode) -> Tile:
    """The tile to throw away: no count, no trump, the weakest."""
    return min(tiles, key=lambda t: (ev.count_of(t), is_trump(t, mode), _strength(t, mode),
                                     t.pips))


def _most_count(tiles: Sequence[Tile], mode: TrumpMode) -> Tile:
    """The tile to give a partner: most count, then the weakest."""
    return min(tiles, key=lambda t: (-ev.count_of(t), is_trump(t, mode), _strength(t, mode)))


class _Texas42Bot(TrickBot):
    def decide(self, view: Texas42View, legal: list[Command], rng: random.Random) -> Command:
        if view.phase == Phase.TRUMP:
            legal = [c for c in legal if isinstance(c, NameTrump)] or legal
        return super().decide(view, legal, rng)

    @staticmethod
    def _pass(view: Texas42View, legal: Sequence[Command]) -> Command:
        for c in legal:
            if isinstance(c, Bid) and c.bid is None:
                return c
        offers = [(c.bid, c) for c in bids_in(legal) if c.bid is not None]
        return min(offers, key=lambda bc: bc[0])[1]

    @staticmethod
    def _min_point_bid(legal: Sequence[Command]) -> Bid | None:
        points = [(c.bid, c) for c in bids_in(legal)
                  if c.bid is not None and not c.plunge and not c.splash and c.bid < MARK]
        return min(points, key=lambda bc: bc[0])[1] if points else None


# -- easy ---------------------------------------------------------------------------------

class Texas42EasyBot(_Texas42Bot):
    """A beginner: bids the minimum (up to 31) on four of a suit with its double,
    names its longest suit, plays the obvious tile, sometimes any tile."""

    level = "easy"

    def bid(self, view: Texas42View, legal: list[Command], rng: random.Random) -> Command:
        lengths = ev.suit_lengths(view.hand)
        held = set(view.hand)
        good = any(k >= 4 and Tile(n, n) in held for n, k in lengths.items())
        low = self._min_point_bid(legal)
        partner_high = view.bidder is not None and view.bidder == partner_of(view.player)
        if good and low is not None and low.bid is not None and low.bid <= 31 \
                and not partner_high:
            return low
        return self._pass(view, legal)

    def trump(self, view: Texas42View, legal: list[Command], rng: random.Random) -> Command:
        lengths = ev.suit_lengths(view.hand)
        held = set(view.hand)
        best = max(range(7), key=lambda n: (lengths[n], Tile(n, n) in held, n))
        choice = NameTrump(view.player, str(best))
        return choice if choice in legal else legal[0]

    def play(self, view: Texas42View, legal: list[Command], rng: random.Random) -> Command:
        tiles = tiles_in(legal)
        if rng.random() < 0.2:
            return Play(view.player, rng.choice(tiles))
        mode, plays = trumps_of(view), view.current_trick
        bidder, _ = contract_of(view)
        if not plays:
            return Play(view.player, max(tiles, key=lambda t: (_strength(t, mode), t.pips)))
        winning = ev.winning_play(plays, mode)
        assert winning is not None  # plays is not empty
        win_p, _ = winning
        if team_of(win_p) == team_of(view.player) and view.trump != "nello":
            return Play(view.player, _lowest(tiles, mode))
        winners = [t for t in tiles if ev.would_win(t, plays, mode)]
        if winners and view.trump != "nello":
            return Play(view.player, max(winners, key=lambda t: _strength(t, mode)))
        if team_of(view.player) != team_of(bidder) and one_trick_sets(view):
            # even a beginner keeps the tile that can still set the bid
            theirs = [t for hand in bidders_may_hold(view).values() for t in hand]
            return Play(view.player, min(tiles, key=lambda t: (keep_value(t, mode, theirs),
                                                               ev.count_of(t),
                                                               _strength(t, mode))))
        return Play(view.player, _lowest(tiles, mode))


# -- standard -----------------------------------------------------------------------------

class Texas42StandardBot(_Texas42Bot):
    """Rules of thumb (see the module docstring); with ``late_tiles`` tiles or fewer
    in hand it solves the rest of the hand instead (:func:`late_hand_play`)."""

    level = "standard"
    late_tiles = LATE_SOLVE_TILES

    # -- bidding
    def _plan(self, view: Texas42View) -> tuple[str, float]:
        return rated_trumps(view.hand, view.options)[0]

    def bid(self, view: Texas42View, legal: list[Command], rng: random.Random) -> Command:
        me = view.player
        hand = view.hand
        trump, rating = self._plan(view)
        options = view.options
        plunge = [c for c in bids_in(legal) if c.plunge]
        if plunge and ev.double_count(hand) >= 5:
            return plunge[0]
        partner_high = view.bidder is not None and view.bidder == partner_of(me)
        splash = [c for c in bids_in(legal) if c.splash]
        if splash and not partner_high and self._splashes(hand, splash[0]):
            return splash[0]
        marks = {c.bid // MARK: c for c in bids_in(legal) if c.bid is not None and not c.plunge
                 and not c.splash and c.bid >= MARK}
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
        if rating >= 2.6 and low is not None and low.bid is not None and low.bid <= min(cap, 36):
            return low
        return self._pass(view, legal)

    @staticmethod
    def _splashes(hand: Sequence[Tile], call: Bid) -> bool:
        """The Splash rule, the Plunge's: 5+ doubles for 2 marks, 6+ for 3 (a Splash
        with 3 or 4 doubles, the partner naming trumps, made about one time in five)."""
        need = 6 if call.bid is not None and call.bid > 2 * MARK else 5
        return ev.double_count(hand) >= need

    @staticmethod
    def _sevens_rate(hand: Sequence[Tile], options: dict[str, Any]) -> float:
        """How often Sevens makes with ``hand`` (0 for hands far from 7)."""
        distances = [sevens_distance(t) for t in hand]
        if sum(distances) > 12 or 0 not in distances:
            return 0.0
        free = bool(options.get("sevens_free_play"))
        return ev.sevens_make_rate(hand, UNIVERSE, random.Random(7), 16, free)

    @staticmethod
    def _sure_tricks(hand: Sequence[Tile], mode: TrumpMode) -> int:
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
    def trump(self, view: Texas42View, legal: list[Command], rng: random.Random) -> Command:
        me, options, hand = view.player, view.options, view.hand
        bidder, bid = contract_of(view)
        names = {c.trump: c for c in legal if isinstance(c, NameTrump)}
        if "nello" in names and bid >= NELLO_MIN_BID:
            risk = ev.nello_risk(hand, ev.mode_for("nello", options, "texas42"), UNIVERSE)
            if risk < 0.2:
                return names["nello"]
        if "sevens" in names and self._sevens_rate(hand, options) >= 0.7:
            return names["sevens"]
        ranked = rated_trumps(hand, options)
        if view.plunge and me != bidder:
            # the plunger holds four or more doubles (the splasher's partner names its
            # own best suit: see the module notes)
            ranked = [(t, r + (2.5 if t == "doubles" else 0.0)) for t, r in ranked]
            ranked.sort(key=lambda tr: -tr[1])
        for t, _ in ranked:
            if t in names:
                return names[t]
        return legal[0]

    # -- play
    def play(self, view: Texas42View, legal: list[Command], rng: random.Random) -> Command:
        tiles = tiles_in(legal)
        bidder, _ = contract_of(view)
        if view.trump == "nello":
            return Play(view.player, self._play_nello(view, tiles))
        if view.trump == "sevens":
            return Play(view.player, min(tiles, key=lambda t: (sevens_distance(t), -t.pips)))
        if len(view.hand) <= self.late_tiles and len(tiles) > 1:
            from core.bots.texas42.expert import late_hand_play  # the expert imports this module
            return late_hand_play(view, legal, rng)
        if team_of(view.player) != team_of(bidder) and one_trick_sets(view):
            tile = self._defend(view, tiles)
            if tile is not None:
                return Play(view.player, tile)
        if not view.current_trick:
            return Play(view.player, self._lead(view, tiles))
        return Play(view.player, self._follow(view, tiles))

    @staticmethod
    def _defend(view: Texas42View, tiles: Sequence[Tile]) -> Tile | None:
        """One trick sets the bid: keep every tile that can still take one (see
        :mod:`core.bots.trick.defence`); ``None`` when the trick is ours already."""
        mode = trumps_of(view)
        theirs = bidders_may_hold(view)
        if not view.current_trick:
            pool = sorted({t for hand in theirs.values() for t in hand})
            return defend_lead(tiles, mode, pool, ev.count_of)
        seats = active_seats(view.sitting_out)
        n = len(view.current_trick)
        leader = leader_of(view)
        to_come = [(leader + i) % 4 for i in range(n + 1, 4)]
        return defend_follow(tiles, view.current_trick, mode, theirs,
                             [p for p in to_come if p in seats], ev.count_of)

    def _lead(self, view: Texas42View, tiles: Sequence[Tile]) -> Tile:
        mode = trumps_of(view)
        me = view.player
        bidder, _ = contract_of(view)
        unseen = unseen_tiles(view)
        trumps = ev.trumps_in(tiles, mode)
        trumps_out = [t for t in unseen if is_trump(t, mode)]
        opponents = [p for p in range(4) if team_of(p) != team_of(me)]
        opp_may_trump = trumps_out and not all(void_in(view, p, TRUMP) for p in opponents)
        bidding_team = team_of(bidder) == team_of(me)
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

    def _follow(self, view: Texas42View, tiles: Sequence[Tile]) -> Tile:
        mode = trumps_of(view)
        me = view.player
        plays = view.current_trick
        suit = suit_led(plays[0][1], mode)
        winning = ev.winning_play(plays, mode)
        assert winning is not None  # plays is not empty
        win_p, win_t = winning
        unseen = unseen_tiles(view)
        seats = active_seats(view.sitting_out)
        leader = leader_of(view)
        to_come = [(leader + i) % 4 for i in range(len(plays) + 1, 4)]
        to_come = [p for p in to_come if p in seats]
        opponents_to_come = [p for p in to_come if team_of(p) != team_of(me)]
        under = [t for t in tiles if not ev.would_win(t, plays, mode)]
        if team_of(win_p) == team_of(me):
            # never overtake a partner; give count when the trick is safe
            choices = under or list(tiles)
            safe = not opponents_to_come or not self._beatable(view, win_t, suit, unseen,
                                                               opponents_to_come)
            if safe:
                return _most_count(choices, mode)
            return _lowest(choices, mode)
        winners = [t for t in tiles if ev.would_win(t, plays, mode)]
        if winners:
            unbeatable = [t for t in winners
                          if not opponents_to_come
                          or not self._beatable(view, t, suit, unseen, opponents_to_come)]
            pool = unbeatable or winners
            if unbeatable or ev.count_of(win_t) or any(ev.count_of(t) for _, t in plays):
                return min(pool, key=lambda t: (ev.power(t, suit, mode), -ev.count_of(t)))
            if not opponents_to_come:
                return min(pool, key=lambda t: ev.power(t, suit, mode))
        return _lowest(tiles, mode)

    @staticmethod
    def _beatable(view: Texas42View, t: Tile, suit: int, unseen: Sequence[Tile],
                  players: Sequence[int]) -> bool:
        """Whether an unseen tile held by one of ``players`` could beat ``t``."""
        mode = trumps_of(view)
        for x in ev.beaters(t, suit, mode, unseen):
            for p in players:
                if follows(x, suit, mode) or suit == TRUMP:
                    if not void_in(view, p, suit):
                        return True
                elif is_trump(x, mode) and not void_in(view, p, TRUMP):
                    # a ruff needs a player out of the led suit: known, or likely
                    # once most tiles are out (a rule of thumb)
                    if void_in(view, p, suit) or len(unseen) <= LATE_HAND_UNSEEN:
                        return True
        return False

    def _play_nello(self, view: Texas42View, tiles: Sequence[Tile]) -> Tile:
        mode = trumps_of(view)
        me = view.player
        plays = view.current_trick

        def power(t: Tile, s: int) -> int:
            return ev.power(t, s, mode)

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
        winning = ev.winning_play(plays, mode)
        assert winning is not None  # plays is not empty
        win_p, _ = winning
        if win_p == view.bidder:
            under = [t for t in tiles if not ev.would_win(t, plays, mode)]
            if under:
                return max(under, key=lambda t: power(t, suit))
        return min(tiles, key=lambda t: power(t, suit))


class Texas42RulesOfThumbBot(Texas42StandardBot):
    """The standard player without its late-hand search: the experts' tie-break
    (the search calls it, so it must not search in turn)."""

    late_tiles = 0
