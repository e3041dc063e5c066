"""What one Texas 42 player may know: the view, its finished tricks and the last hand.

A view is built by :meth:`core.texas42.engine.Texas42Game.view` for one seat; it
never holds another seat's hand (the last hand's unplayed tiles are public once
the hand is over).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from core.commands import MARK, Command
from core.game import Phase
from core.texas42.bidding import NELLO_MIN_BID, SEVENS_MIN_BID
from core.texas42.bidding import describe_bid as describe_42_bid
from core.texas42.options import Target
from core.tiles import Tile
from core.tricks.bids import BidEntry, BidOffer
from core.tricks.count import COUNT, count_of
from core.tricks.play import TrumpMode


class CompletedTrick(NamedTuple):
    number: int
    leader: int
    plays: tuple[tuple[int, Tile], ...]
    winner: int
    points: int


class HandSummary(NamedTuple):
    """The last finished hand, all of it public now (``remaining``: unplayed tiles).

    ``marks``: the marks each team won, under every target; ``points_awarded``: under a
    points target, the points each team added to its total (``None`` under marks)."""

    hand_number: int
    bidder: int
    bid: int
    plunge: bool
    trump: str
    points: tuple[int, int]
    made: bool
    marks: tuple[int, int]
    ended_early: bool
    remaining: tuple[tuple[Tile, ...], ...]
    points_awarded: tuple[int, int] | None = None
    splash: bool = False


@dataclass(frozen=True)
class Texas42View:
    """What one player may know. Teams: 0 = players 0 and 2, 1 = players 1 and 3."""

    game: ClassVar[str] = "texas42"   # the game's name in core.registry
    player: int
    phase: str
    to_act: int | None
    hand: tuple[Tile, ...]                      # sorted high first
    hand_number: int
    shaker: int
    bids: tuple[tuple[int, int | None, bool, bool], ...]   # (player, bid, plunge, forced);
    #   a Splash is one of ``splashers``' bids
    bidder: int | None                          # standing high bidder / bid winner
    bid: int | None                             # standing high bid / winning bid
    plunge: bool
    trump: str | None                           # "0".."6", "doubles", "none", "nello", "sevens"
    trump_caller: int | None                    # who names (named) trumps
    mode: TrumpMode | None
    sitting_out: int | None                     # the Nel-O bidder's partner
    leader: int | None                          # leader of the current trick
    tricks: tuple[CompletedTrick, ...]
    current_trick: tuple[tuple[int, Tile], ...]
    points: tuple[int, int]                     # per team, this hand
    team_stacks: tuple[tuple[tuple[Tile, ...], ...], tuple[tuple[Tile, ...], ...]]
    totals: tuple[int, int]                     # marks or points, by the target
    target: Target
    hand_counts: tuple[int, ...]
    legal: tuple[Command, ...]
    options: dict[str, Any]
    last_hand: HandSummary | None = None
    winner: int | None = None                   # winning team once the game is over
    splash: bool = False                        # the standing / winning bid is a Splash
    splashers: tuple[int, ...] = ()             # who called Splash this hand, in order

    @property
    def pass_is_forced(self) -> bool:
        """The shaker is to bid and all others passed: a pass becomes a forced 30
        (under ``all_pass = "reshake"`` it throws the hand in instead)."""
        return (self.phase == Phase.BID and self.to_act == self.shaker
                and self.options.get("all_pass", "forced_30") == "forced_30"
                and all(bid is None for _, bid, _, _ in self.bids))

    @property
    def pass_reshakes(self) -> bool:
        """The shaker is to bid, all others passed and ``all_pass`` is ``reshake``: a
        pass throws the hand in and the next player shakes."""
        return (self.phase == Phase.BID and self.to_act == self.shaker
                and self.options.get("all_pass") == "reshake"
                and all(bid is None for _, bid, _, _ in self.bids))

    def is_splash(self, player: int) -> bool:
        """Whether ``player``'s bid this hand is a Splash."""
        return player in self.splashers

    @property
    def high_bid(self) -> int | None:
        """The standing high bid (the winning bid once the auction is over)."""
        return self.bid

    @property
    def bid_entries(self) -> tuple[BidEntry, ...]:
        """This hand's bids in order, in the shape shared with Moon, with labels."""
        out = []
        for p, b, plunge, forced in self.bids:
            label = describe_42_bid(b, plunge, forced, splash=p in self.splashers)
            out.append(BidEntry(p, b, plunge, forced, label, "pass" if b is None else label.lower()))
        return tuple(out)

    def describe_bid(self, bid: int | None, plunge: bool = False, forced: bool = False, *,
                     splash: bool = False) -> str:
        """A bid in 42's words: "Pass", "30 (forced)", "2 marks", "Plunge (4 marks)",
        "Splash (2 marks)"."""
        return describe_42_bid(bid, plunge, forced, splash=splash)

    NO_TRUMP_PREFIX: ClassVar[str] = "follow-me: "
    """What the trump dialog puts before "no trumps" (42's name for it: follow-me)."""

    def bid_offer(self, bid: int | None, plunge: bool = False, splash: bool = False) -> BidOffer:
        """The legal bid ``bid`` as the bidding dialog offers it."""
        label = self.describe_bid(bid, plunge, splash=splash)
        if bid is None:
            return BidOffer(label, "pass", "leave the bidding to the others", key="p")
        if plunge:
            return BidOffer(label, "marks", "you hold 4+ doubles; your partner names trumps "
                                            "and you must take all 7 tricks", key="u")
        if splash:
            return BidOffer(label, "marks", "you hold 3+ doubles; your partner names trumps "
                                            "and leads, and you must take all 7 tricks", key="s")
        if bid >= MARK:
            calls = [name for name, allowed, least in (("Nel-O", "nello", NELLO_MIN_BID),
                                                       ("Sevens", "sevens", SEVENS_MIN_BID))
                     if self.options.get(allowed) and bid >= least]
            note = "take all 7 tricks"
            if calls:
                note += f", or name {' or '.join(calls)} as trumps"
            return BidOffer(label, "marks", note, key="m", number=str(bid))
        return BidOffer(label, "points", f"your side takes at least {bid} of the 42 points",
                        number=str(bid))

    @property
    def count_out(self) -> int:
        """The count (the fives and tens, 35 points) not yet played this hand."""
        played = [t for trick in self.tricks for _, t in trick.plays]
        played += [t for _, t in self.current_trick]
        return sum(COUNT.values()) - sum(count_of(t) for t in played)

    @staticmethod
    def count_of(tile: Tile) -> int:
        """The points ``tile`` counts (10 for 5-5 and 6-4, 5 for the other fives, else 0)."""
        return count_of(tile)
