"""Small words for sentences about players: "West takes" but "You take", counts, joins.

Every sentence that puts a player's name before a verb builds it here, so the
human's seat -- named "You" -- is always spoken to in the second person::

    says("West", "takes")          -> "West takes"
    says("You", "takes")           -> "You take"
    says("You", "was")             -> "You were"
    possessive("You")              -> "your";  possessive("West") -> "West's"
    plural(1, "more choice")       -> "1 more choice"
    plural(3, "more choice")       -> "3 more choices"
    words("West", "", "drew")      -> "West drew"   (never two spaces in a row)

Only a name exactly "You" is the second person; any other name (from a record,
anything at all) is a third person and is never changed. A subject of several
players ("You & North", "West and East") takes the plural with ``many=True``.

Pure Python; no interface here.
"""

from __future__ import annotations

from typing import Iterable

YOU = "You"
"""The name of the human's seat: the one name spoken to in the second person."""

_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
_SIBILANT_ENDS = ("sses", "shes", "ches", "xes", "zzes", "oes")


def is_you(name: object) -> bool:
    """Whether ``name`` is the human's seat ("You")."""
    return name == YOU


def base_form(third: str) -> str:
    """The plain form of a third-person verb: "takes" -> "take", "passes" -> "pass",
    "carries" -> "carry", "has" -> "have", "was" -> "were" (for "you")."""
    if third in _IRREGULAR:
        return _IRREGULAR[third]
    if third.endswith("ies") and len(third) > 4:
        return third[:-3] + "y"
    if third.endswith(_SIBILANT_ENDS):
        return third[:-2]
    if third.endswith("s") and not third.endswith("ss"):
        return third[:-1]
    return third


def verb(subject: str, third: str, base: str | None = None, *, many: bool = False) -> str:
    """The verb alone, agreeing with ``subject``: ``third`` ("takes") for one other
    player, the plain form (``base``, or made from ``third``) for "You" or ``many``."""
    if is_you(subject) or many:
        return base if base is not None else base_form(third)
    return third


def says(subject: str, third: str, base: str | None = None, *, many: bool = False) -> str:
    """Subject and verb: "West takes", "You take", "You & North win" (``many``)."""
    return words(subject, verb(subject, third, base, many=many))


def possessive(name: str, *, start: bool = False) -> str:
    """ "your" ("Your" at the start of a sentence) for "You", else "West's"."""
    if is_you(name):
        return "Your" if start else "your"
    return f"{name}'s"


def their(name: str, *, start: bool = False) -> str:
    """ "your" for "You", else "their" (a player's own things: "their train")."""
    if is_you(name):
        return "Your" if start else "your"
    return "Their" if start else "their"


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and ``noun``, its last word plural unless ``count`` is 1:
    "1 trick", "2 tricks", "1 more choice", "0 boxes"; ``many`` names an irregular plural."""
    return f"{count} {noun if count == 1 else (many or _plural_noun(noun))}"


def a_number(number: int) -> str:
    """A pip count with its article, as it is said: "a 6", "an 8", "an 11", "an 18"."""
    spoken = str(number)
    return f"an {spoken}" if spoken.startswith("8") or spoken in ("11", "18") else f"a {spoken}"


def _plural_noun(noun: str) -> str:
    head, _, last = noun.rpartition(" ")
    if last.endswith(("s", "x", "z", "ch", "sh")):
        last += "es"
    elif last.endswith("y") and len(last) > 1 and last[-2] not in "aeiou":
        last = last[:-1] + "ies"
    else:
        last += "s"
    return f"{head} {last}" if head else last


def words(*parts: object) -> str:
    """The parts joined by single spaces: blank (or ``None``) parts left out, the spaces at each
    part's edges trimmed, so a missing name never leaves two spaces (the inside of a
    part, such as a name from a record, is kept as it is)."""
    return join(parts, " ")


def join(parts: Iterable[object], sep: str = " ") -> str:
    """``parts`` joined by ``sep`` with blank (or ``None``) parts left out and each part's outer
    whitespace trimmed: ``join(["West drew", "", " You played 6-4"], " · ")``."""
    kept = [s for s in ("" if p is None else str(p).strip() for p in parts) if s]
    return sep.join(kept)


def and_list(items: Iterable[object]) -> str:
    """ "A", "A and B", "A, B and C" (blank items left out)."""
    kept = [s for s in (str(i).strip() for i in items) if s]
    if len(kept) <= 1:
        return "".join(kept)
    return ", ".join(kept[:-1]) + " and " + kept[-1]


def echo_free(label: str, reason: str) -> str:
    """``reason`` without a first word that only repeats ``label``'s first word (and the
    colon after it): label "Pass", reason "pass: the shaker then takes 30" -> "the
    shaker then takes 30"; reason "pass" -> "". Any other reason is kept whole."""
    head = label.strip().split(" ", 1)[0].lower().rstrip(":")
    text = reason.strip()
    first, _, rest = text.partition(" ")
    word = first.rstrip(":;,").lower()
    if head and word and (word == head or word == head + "es" or word == head + "s"):
        return rest.lstrip(" :;,").strip() if first.endswith((":", ";", ",")) or not rest \
            else text
    return text
