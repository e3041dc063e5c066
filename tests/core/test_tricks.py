"""core/tricks.py checked against the rules text, exhaustively where it is cheap enough.

The reference below is written again from ``docs/rules/texas42.md`` (suits, following,
winning) without using core.tricks.play, so the two can disagree.
"""

from __future__ import annotations

import itertools
import random

import pytest

from core.tiles import Tile, double_set
from core.tricks.play import (
    DOUBLES,
    TRUMP,
    TrumpMode,
    follows,
    illegal_play_reason,
    is_trump,
    legal_plays,
    suit_led,
    trick_winner,
)

TILES = double_set(6)
NUMBER_TRUMPS = [TrumpMode(str(n)) for n in range(7)]
ALL_MODES = (NUMBER_TRUMPS + [TrumpMode("doubles")]
             + [TrumpMode("none", doubles=d) for d in ("high", "low", "own_suit")]
             + [TrumpMode("nello", doubles=d) for d in ("high", "low", "own_suit")]
             + [TrumpMode("sevens")])
MODE_IDS = [f"{m.trump}-{m.doubles}" if m.trump in ("none", "nello") else m.trump
            for m in ALL_MODES]


def t(text: str) -> Tile:
    a, b = (int(x) for x in text.split("-"))
    return Tile(max(a, b), min(a, b))


# -- the reference ---------------------------------------------------------------
def ref_is_trump(x: Tile, mode: TrumpMode) -> bool:
    if mode.trump.isdigit():
        return int(mode.trump) in (x.high, x.low)
    return mode.trump == "doubles" and x.high == x.low


def ref_doubles_own_suit(mode: TrumpMode) -> bool:
    return mode.trump in ("none", "nello") and mode.doubles == "own_suit"


def ref_follows_lead(x: Tile, lead: Tile, mode: TrumpMode) -> bool:
    """Whether ``x`` answers the call of ``lead`` (a trump lead calls for trumps)."""
    if ref_is_trump(lead, mode):
        return ref_is_trump(x, mode)
    if ref_is_trump(x, mode):
        return False
    if ref_doubles_own_suit(mode):
        if lead.high == lead.low:
            return x.high == x.low
        if x.high == x.low:
            return False
    return lead.high in (x.high, x.low)


def ref_key(x: Tile, lead: Tile, mode: TrumpMode) -> tuple[int, int]:
    """Higher key wins: trumps over the led suit over everything else."""
    if ref_is_trump(x, mode):
        if mode.trump == "doubles":
            return (2, x.high)
        n = int(mode.trump)
        return (2, 7 if x.high == x.low else x.high + x.low - n)
    if not ref_follows_lead(x, lead, mode):
        return (0, 0)
    if x.high == x.low:
        if ref_doubles_own_suit(mode):
            return (1, x.high)
        low = mode.trump in ("none", "nello") and mode.doubles == "low"
        return (1, -1 if low else 7)
    suit = lead.high
    return (1, x.high + x.low - suit)


def ref_sevens_winner(trick) -> int:
    distances = [abs(x.high + x.low - 7) for x in trick]
    return distances.index(min(distances))


# -- exhaustive ------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("mode", ALL_MODES, ids=MODE_IDS)
def test_tricks_every_lead_and_follow_set_has_exactly_one_winner(mode):
    """Every lead x every set of follow tiles (2 in Nel-O's 3-tile tricks, else 3)."""
    size = 2 if mode.trump == "nello" else 3
    checked = 0
    for lead in TILES:
        rest = [x for x in TILES if x != lead]
        if mode.trump == "sevens":
            for follow in itertools.combinations(rest, size):
                trick = (lead, *follow)
                assert trick_winner(trick, mode) == ref_sevens_winner(trick)
                checked += 1
            continue
        keys = {x: ref_key(x, lead, mode) for x in TILES}
        assert keys[lead][0] >= 1            # the lead always follows its own call
        for follow in itertools.combinations(rest, size):
            trick = (lead, *follow)
            trick_keys = [keys[x] for x in trick]
            best = max(trick_keys)
            assert trick_keys.count(best) == 1, (trick, mode)
            assert trick_winner(trick, mode) == trick_keys.index(best), (trick, mode)
            checked += 1
    assert checked == 28 * (351 if size == 2 else 2925)


@pytest.mark.parametrize("mode", ALL_MODES, ids=MODE_IDS)
def test_tricks_following_matches_rules_for_every_lead_and_tile(mode):
    """follows/suit_led agree with the rules for all 28 x 28 (lead, tile) pairs."""
    if mode.trump == "sevens":
        return
    for lead in TILES:
        suit = suit_led(lead, mode)
        assert follows(lead, suit, mode)
        for x in TILES:
            assert follows(x, suit, mode) == ref_follows_lead(x, lead, mode), (lead, x)
            assert is_trump(x, mode) == ref_is_trump(x, mode)


def test_tricks_winner_does_not_depend_on_follow_order():
    """Apart from Sevens' ties, reordering the followers never changes the winning tile."""
    rng = random.Random(42)
    for mode in ALL_MODES[:-1]:
        size = 3 if mode.trump == "nello" else 4
        for _ in range(300):
            trick = rng.sample(TILES, size)
            winner = trick[trick_winner(trick, mode)]
            for perm in itertools.permutations(trick[1:]):
                again = (trick[0], *perm)
                assert again[trick_winner(again, mode)] == winner


def test_tricks_every_hand_has_a_legal_play_and_follows_when_it_can():
    rng = random.Random(7)
    for mode in ALL_MODES:
        for _ in range(400):
            tiles = rng.sample(TILES, 8)
            lead, hand = tiles[0], tiles[1:]
            allowed = legal_plays(hand, [lead], mode)
            assert allowed and set(allowed) <= set(hand)
            if mode.trump == "sevens":
                continue
            followers = [x for x in hand if ref_follows_lead(x, lead, mode)]
            assert set(allowed) == set(followers or hand)


# -- worked examples from the rules ---------------------------------------------------
def test_tricks_number_trump_double_is_highest_then_other_end():
    mode = TrumpMode("6")
    assert trick_winner([t("6-1"), t("6-5"), t("6-6"), t("6-4")], mode) == 2
    assert trick_winner([t("6-1"), t("6-5"), t("6-0"), t("6-4")], mode) == 1


def test_tricks_trump_beats_led_suit_and_trump_lead_calls_for_trumps():
    mode = TrumpMode("3")
    assert trick_winner([t("6-0"), t("6-6"), t("3-0"), t("6-1")], mode) == 2
    hand = [t("6-3"), t("6-6"), t("2-1")]
    assert legal_plays(hand, [t("3-3")], mode) == [t("6-3")]


def test_tricks_trump_tile_does_not_follow_its_other_number():
    """Trumps 6: 6-5 is a trump, so it does not follow a five lead."""
    mode = TrumpMode("6")
    hand = [t("6-5"), t("4-4"), t("2-1")]
    assert legal_plays(hand, [t("5-2")], mode) == hand
    assert trick_winner([t("5-2"), t("6-5"), t("5-0"), t("4-4")], mode) == 1


def test_tricks_non_trump_lead_belongs_to_its_higher_end():
    mode = TrumpMode("0")
    assert suit_led(t("5-2"), mode) == 5
    assert trick_winner([t("5-2"), t("2-2"), t("6-2"), t("5-1")], mode) == 0
    assert trick_winner([t("5-2"), t("5-5"), t("6-2"), t("5-1")], mode) == 1


def test_tricks_doubles_trump_rank_by_pips_and_suits_have_no_double():
    mode = TrumpMode("doubles")
    assert trick_winner([t("1-1"), t("6-6"), t("0-0"), t("6-5")], mode) == 1
    assert trick_winner([t("6-4"), t("6-5"), t("4-4"), t("6-0")], mode) == 2
    assert trick_winner([t("6-4"), t("6-5"), t("5-4"), t("6-0")], mode) == 1
    assert legal_plays([t("6-6"), t("6-1"), t("3-2")], [t("6-4")], mode) == [t("6-1")]


def test_tricks_follow_me_doubles_high_low_and_own_suit():
    trick = [t("5-3"), t("5-5"), t("5-4"), t("6-6")]
    assert trick_winner(trick, TrumpMode("none", doubles="high")) == 1
    assert trick_winner(trick, TrumpMode("none", doubles="low")) == 2
    assert trick_winner(trick, TrumpMode("none", doubles="own_suit")) == 2
    own = TrumpMode("none", doubles="own_suit")
    assert suit_led(t("2-2"), own) == DOUBLES
    assert trick_winner([t("2-2"), t("6-5"), t("4-4"), t("1-1")], own) == 2
    assert legal_plays([t("6-6"), t("6-2")], [t("2-2")], own) == [t("6-6")]


def test_tricks_nello_doubles_own_suit_by_default():
    mode = TrumpMode("nello", doubles="own_suit")
    assert trick_winner([t("3-3"), t("6-6"), t("6-3")], mode) == 1
    assert legal_plays([t("6-3"), t("1-1")], [t("3-3")], mode) == [t("1-1")]


def test_tricks_sevens_closest_to_seven_and_first_played_on_ties():
    mode = TrumpMode("sevens")
    assert trick_winner([t("5-5"), t("4-0"), t("6-1"), t("4-3")], mode) == 2
    assert trick_winner([t("5-5"), t("4-0"), t("6-6"), t("0-0")], mode) == 0
    hand = [t("6-1"), t("5-2"), t("6-6"), t("3-0")]
    assert legal_plays(hand, [t("4-4")], mode) == [t("6-1"), t("5-2")]
    assert legal_plays(hand, [], TrumpMode("sevens", free_play=True)) == hand


def test_tricks_illegal_play_reason_names_suit_and_tiles():
    mode = TrumpMode("3")
    reason = illegal_play_reason([t("6-4"), t("2-1")], [t("6-1")], t("2-1"), mode)
    assert reason == "You must follow sixes: you hold 6-4."
    assert illegal_play_reason([t("6-4")], [], t("5-5"), mode) == "You do not hold 5-5."
    assert illegal_play_reason([t("6-4"), t("2-1")], [t("6-1")], t("6-4"), mode) is None
    assert suit_led(t("3-1"), mode) == TRUMP
