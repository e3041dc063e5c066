"""What one Moon player may see: :class:`MoonView`, plus labels for bids and players.

A view holds the player's own tiles and the public table (bids, trumps, tricks,
scores) and nothing else: never another hand, the widow, or the discard (the
bidder alone sees the widow it took and the tile it laid aside).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from core.commands import Command, Draw, Pass
from core.tiles import Tile
from core.tricks.bids import BidEntry, BidOffer
from core.tricks.play import TrumpMode

BIDS = (4, 5, 6, 7, 21)           # the bids under the default min_bid = 4
ALL_BIDS = (3, 4, 5, 6, 7, 21)    # every bid some setting allows
MOON = 21
TRUMP_CHOICES = ("6", "5", "4", "3", "2", "1", "0", "doubles", "none")


def bids_for(options: dict[str, Any] | None) -> tuple[int, ...]:
    """The bids a setting allows: ``min_bid`` (3, 4 or 5) to 7, then 21."""
    low = int((options or {}).get("min_bid", 4))
    return (*range(low, 8), MOON)


def trump_choices_for(options: dict[str, Any] | None) -> tuple[str, ...]:
    """The trumps a bidder may name: the suits, and doubles / no trumps unless a
    setting (``doubles_trump`` / ``no_trumps`` false) takes them away."""
    options = options or {}
    return tuple(t for t in TRUMP_CHOICES
                 if not (t == "doubles" and not options.get("doubles_trump", True))
                 and not (t == "none" and not options.get("no_trumps", True)))


def widow_rule(options: dict[str, Any] | None) -> str:
    """The ``widow`` setting: "take", "optional" or "none"."""
    return str((options or {}).get("widow", "take"))


def describe_bid(bid: int | None) -> str:
    """A bid as a player reads it: "Pass", "4" … "7", "Shoot the moon (21)"."""
    if bid is None:
        return "Pass"
    if bid == MOON:
        return "Shoot the moon (21)"
    return str(bid)


def bid_text(bid: int | None, plunge: bool = False, forced: bool = False) -> str:
    """A bid with its circumstances: "Pass", "5 (forced)", "Shoot the moon (21)" (Moon has
    no plunge; ``plunge`` is taken for the two games' one signature)."""
    label = describe_bid(bid)
    return f"{label} (forced)" if forced else label


def short_bid_text(bid: int | None) -> str:
    """A bid as it is shown by a seat: "pass", "4" … "7", "21"."""
    return "pass" if bid is None else str(bid)


def player_name(player: int) -> str:
    """Players are numbered from 0 in records and named from 1 at the table."""
    return f"Player {player + 1}"


def tricks_needed(bid: int) -> int:
    """Tricks the bidder must win: the bid itself, or all 7 for a moon."""
    return 7 if bid == MOON else bid


class MoonTrick(NamedTuple):
    """A completed trick: ``plays`` is ((player, tile), ...) in the order played."""

    number: int
    leader: int
    plays: tuple[tuple[int, Tile], ...]
    winner: int


@dataclass(frozen=True)
class MoonView:
    """Everything ``player`` may know now.

    ``hand`` is high first (8 tiles for the bidder while it discards). ``bids`` is
    ((player, bid, forced), ...) for this hand. ``widow_taken`` and ``discard``
    are set for the bidder only (after pickup / after discarding). ``tricks`` are
    this hand's completed tricks; ``current_trick`` the one on the table.
    ``legal`` lists the commands ``player`` may give (empty unless ``to_act``).
    ``winner`` is set once the game is over.

    Under ``widow = optional`` the bidder first chooses, the widow still face
    down: ``legal`` is then ``Draw`` (take the widow; the discard follows) and
    ``Pass`` (leave it: keep the 7 tiles) -- :attr:`choosing_widow`.
    ``widow_declined`` tells everyone the bidder left the widow face down.
    """

    game: ClassVar[str] = "moon"   # the game's name in core.registry
    player: int
    phase: str
    to_act: int | None
    hand: tuple[Tile, ...]
    hand_number: int
    first_bidder: int
    bids: tuple[tuple[int, int | None, bool], ...]
    bidder: int | None
    bid: int | None
    trump: str | None
    mode: TrumpMode | None
    widow_taken: Tile | None
    discard: Tile | None
    tricks: tuple[MoonTrick, ...]
    current_trick: tuple[tuple[int, Tile], ...]
    leader: int | None
    tricks_won: tuple[int, ...]
    scores: tuple[int, ...]
    hand_counts: tuple[int, ...]
    legal: tuple[Command, ...]
    options: dict[str, Any]
    target: int
    winner: int | None = None
    widow_declined: bool = False

    @property
    def num_players(self) -> int:
        return len(self.scores)

    @property
    def high_bid(self) -> int | None:
        """The highest bid so far this hand (``None`` while everyone has passed)."""
        made = [b for _, b, _ in self.bids if b is not None]
        return max(made) if made else None

    @property
    def bid_entries(self) -> tuple[BidEntry, ...]:
        """This hand's bids in order, in the shape shared with Texas 42, with labels."""
        return tuple(BidEntry(p, b, False, forced, bid_text(b, False, forced), short_bid_text(b))
                     for p, b, forced in self.bids)

    @property
    def bids_allowed(self) -> tuple[int, ...]:
        """Every bid the settings allow (``min_bid`` to 7, then 21)."""
        return bids_for(self.options)

    @property
    def trump_choices(self) -> tuple[str, ...]:
        """The trumps the settings let a bidder name."""
        return trump_choices_for(self.options)

    @property
    def widow_rule(self) -> str:
        """The ``widow`` setting: "take", "optional" or "none"."""
        return widow_rule(self.options)

    @property
    def choosing_widow(self) -> bool:
        """Whether this player now chooses to take the widow (``Draw``) or leave it
        face down (``Pass``): ``widow = optional``, the widow not yet seen."""
        return any(isinstance(c, (Draw, Pass)) for c in self.legal)

    def describe_bid(self, bid: int | None, plunge: bool = False, forced: bool = False) -> str:
        """A bid in Moon's words (see :func:`bid_text`)."""
        return bid_text(bid, plunge, forced)

    NO_TRUMP_PREFIX: ClassVar[str] = ""
    """What the trump dialog puts before "no trumps" (42 calls it follow-me)."""

    def bid_offer(self, bid: int | None) -> BidOffer:
        """The legal bid ``bid`` as the bidding dialog offers it."""
        label = self.describe_bid(bid)
        if bid is None:
            return BidOffer(label, "pass", "leave the bidding to the others", key="p")
        if bid == MOON:
            return BidOffer(label, "moon", "win all 7 tricks", key="m", number=str(bid))
        return BidOffer(label, "tricks", f"win at least {bid} of the 7 tricks", number=str(bid))
