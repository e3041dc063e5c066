"""Small words for sentences about players (core/wording.py): "You take", "1 more choice"."""

from __future__ import annotations

import pytest

from core.wording import (
    a_number,
    and_list,
    base_form,
    echo_free,
    is_you,
    join,
    plural,
    possessive,
    says,
    their,
    verb,
    words,
)


@pytest.mark.parametrize("third,base", [
    ("takes", "take"), ("bids", "bid"), ("wins", "win"), ("names", "name"), ("leads", "lead"),
    ("shakes", "shake"), ("sits", "sit"), ("plays", "play"), ("starts", "start"),
    ("passes", "pass"), ("watches", "watch"), ("fixes", "fix"), ("carries", "carry"),
    ("goes", "go"), ("does", "do"), ("has", "have"), ("is", "are"), ("was", "were"),
    ("uses", "use"), ("loses", "lose"), ("dies", "die"), ("says", "say"),
])
def test_base_form_of_a_third_person_verb(third, base):
    assert base_form(third) == base


def test_the_seat_named_you_is_spoken_to_in_the_second_person():
    assert says("You", "takes") == "You take"
    assert says("You", "bids") == "You bid"
    assert says("You", "was") == "You were"
    assert says("You", "has") == "You have"
    assert says("You", "is") == "You are"
    assert says("West", "takes") == "West takes"
    assert says("Player 2", "bids") == "Player 2 bids"
    # only the exact name "You": any other name is a third person, left as it is
    for name in ("you", "YOU", "Youssef", "You ", "Yourself"):
        assert not is_you(name)
        assert says(name, "takes").endswith(" takes")


def test_a_given_base_form_and_a_subject_of_several_players():
    assert says("You", "takes", "take") == "You take"
    assert verb("East", "wins") == "wins" and verb("You", "wins") == "win"
    assert says("You & North", "wins", many=True) == "You & North win"
    assert says("West and East", "shares", many=True) == "West and East share"
    assert says("West", "was", "were") == "West was"


def test_possessives():
    assert possessive("You") == "your" and possessive("You", start=True) == "Your"
    assert possessive("West") == "West's" and possessive("West", start=True) == "West's"
    assert their("You") == "your" and their("East") == "their"
    assert their("East", start=True) == "Their" and their("You", start=True) == "Your"


@pytest.mark.parametrize("count,noun,expected", [
    (0, "trick", "0 tricks"), (1, "trick", "1 trick"), (2, "trick", "2 tricks"),
    (1, "more choice", "1 more choice"), (2, "more choice", "2 more choices"),
    (1, "point", "1 point"), (7, "point", "7 points"), (1, "pip", "1 pip"),
    (3, "box", "3 boxes"), (2, "match", "2 matches"), (2, "party", "2 parties"),
    (2, "day", "2 days"), (2, "pass", "2 passes"), (-1, "point", "-1 points"),
])
def test_plural_follows_the_count(count, noun, expected):
    assert plural(count, noun) == expected


def test_plural_with_an_irregular_form():
    assert plural(1, "domino", "dominoes") == "1 domino"
    assert plural(4, "domino", "dominoes") == "4 dominoes"


def test_joins_never_double_a_space():
    assert words("West", "drew") == "West drew"
    assert words("", "drew", "") == "drew"
    assert words("West ", " drew", None) == "West drew"
    assert words("⚑", "", "laid the double 6-6 on the Mexican train") == \
        "⚑ laid the double 6-6 on the Mexican train"
    assert join(["West drew", "", "  ", " You played 6-4 "], " · ") == \
        "West drew · You played 6-4"
    # the inside of a part (a name from a record) is kept as it is
    assert words("Ann  Lee", "won") == "Ann  Lee won"
    for parts in (("a", "", "b"), (" a ", " b "), ("", ""), ("a",)):
        assert "  " not in words(*parts)


def test_and_list():
    assert and_list([]) == ""
    assert and_list(["6-4"]) == "6-4"
    assert and_list(["6-4", "5-5"]) == "6-4 and 5-5"
    assert and_list(["6-4", "", "5-5", "3-2"]) == "6-4, 5-5 and 3-2"


@pytest.mark.parametrize("label,reason,expected", [
    ("Pass", "pass", ""),
    ("Pass", "pass: the shaker then takes 30", "the shaker then takes 30"),
    ("Pass (no play, boneyard empty)", "passes: nothing plays and the boneyard is empty",
     "nothing plays and the boneyard is empty"),
    ("Plunge (4 marks)", "plunge: all seven tricks in 12% of 32 sampled deals",
     "all seven tricks in 12% of 32 sampled deals"),
    ("Pass", "defend: about a trick a hand", "defend: about a trick a hand"),
    ("Pass", "pass the lead to your partner", "pass the lead to your partner"),
    ("Bid 30", "sixes: makes 30 in 60% of 32 sampled deals",
     "sixes: makes 30 in 60% of 32 sampled deals"),
    ("Play 6-4", "the only legal choice", "the only legal choice"),
])
def test_a_reason_never_repeats_the_choice_it_explains(label, reason, expected):
    assert echo_free(label, reason) == expected


@pytest.mark.parametrize(("number", "expected"), [(0, "a 0"), (6, "a 6"), (8, "an 8"),
                                                  (11, "an 11"), (12, "a 12"), (18, "an 18")])
def test_a_number_has_the_article_it_is_said_with(number, expected):
    assert a_number(number) == expected
