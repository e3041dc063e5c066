"""Reading a Texas 42 game record back: the per-hand deal presets and the decisions.

``deals_from_record`` gives one preset per hand, ``{"hand", "shaker", "hands"}``
(tiles parsed); ``command_from_record`` turns a decision line into the command
that made it, and gives ``None`` for the lines the engine writes itself.

``hand_end`` lines: ``marks`` are the marks won that hand under every target, and under
a points target the extra field ``points_awarded`` holds the points the hand added to
``totals``. Records written before that (same record version) put the points awarded
in ``marks`` under a points target and had no ``points_awarded``. Such a line is told
apart by its figures alone -- its ``marks`` equal the points award its bid, bidder,
result and points give, and differ from the marks award (the points award to the
scoring team is at least 30, a marks award at most 7; and the running ``totals``, in
points, hold at least that much) -- and is read as what it means:
:func:`hand_end_marks`, :func:`hand_end_points_awarded` and :func:`hand_end_awarded`
read either form. :func:`deals_from_record`, which the replay of a record calls on
all its lines before checking any, brings such lines up to date in place
(:func:`upgrade_hand_end`), so an old save replays against the engine's lines of
today and resumes; the lines appended on resuming are of the new form.
"""

from __future__ import annotations

from typing import Any

from core.commands import Bid, Command, NameTrump, Play
from core.texas42.bidding import decode_bid
from core.texas42.scoring import award, marks_awarded
from core.tiles import Tile, double_set, parse_tile

ENGINE_LINES = ("shaker_draw", "hand_start", "deal", "trick", "hand_end", "reshake",
                "game_end")
TRUMPS = tuple(str(n) for n in range(7)) + ("doubles", "none", "nello", "sevens")


def check_hands(hands: Any) -> tuple[tuple[Tile, ...], ...]:
    """Four hands of seven tiles making up the double-six set; ``ValueError`` otherwise."""
    if not isinstance(hands, (list, tuple)) or len(hands) != 4:
        raise ValueError("a Texas 42 deal has 4 hands")
    parsed = []
    for p, hand in enumerate(hands):
        if not isinstance(hand, (list, tuple)) or len(hand) != 7:
            raise ValueError(f"player {p}'s hand must have 7 tiles")
        parsed.append(tuple(t if isinstance(t, Tile) else parse_tile(t, 6) for t in hand))
    seen = [t for hand in parsed for t in hand]
    if sorted(seen) != sorted(double_set(6)):
        raise ValueError("the 4 hands must hold each tile of the double-six set exactly once")
    return tuple(parsed)


def _player(line: dict[str, Any], field: str = "player") -> int:
    value = line.get(field)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise ValueError(f"{field} must be a player 0-3, not {value!r}")
    return value


def _pair(value: Any) -> tuple[int, int] | None:
    """A per-team figure ``[a, b]`` of whole numbers, or ``None``."""
    if (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        return value[0], value[1]
    return None


def _awards(line: dict[str, Any]) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The marks award and the points-target award a ``hand_end`` line's bid, bidder,
    result and points give; ``None`` for a line without them in good form."""
    try:
        bid = decode_bid(line.get("bid"))
    except ValueError:
        return None
    bidder, made, points = line.get("bidder"), line.get("made"), _pair(line.get("points"))
    if (bid is None or points is None or not isinstance(made, bool)
            or isinstance(bidder, bool) or not isinstance(bidder, int) or not 0 <= bidder <= 3):
        return None
    marks = marks_awarded(bid=bid, made=made, bidder=bidder)
    in_points = award(target_kind="points", bid=bid, made=made, bidder=bidder, points=points)
    return marks, in_points


def is_old_hand_end(line: dict[str, Any]) -> bool:
    """Whether a ``hand_end`` line is of the old form: points awarded in ``marks``
    (written under a points target before ``points_awarded`` existed)."""
    if line.get("event") != "hand_end" or "points_awarded" in line:
        return False
    awards = _awards(line)
    marks, totals = _pair(line.get("marks")), _pair(line.get("totals"))
    return (awards is not None and marks is not None and totals is not None
            and marks == awards[1] != awards[0]
            and all(total >= mark for total, mark in zip(totals, marks)))


def hand_end_marks(line: dict[str, Any]) -> tuple[int, int]:
    """The marks each team won in the hand of a ``hand_end`` line (either form)."""
    if is_old_hand_end(line):
        awards = _awards(line)
        assert awards is not None
        return awards[0]
    marks = _pair(line.get("marks"))
    if marks is None:
        raise ValueError(f"hand_end marks must be two whole numbers, not {line.get('marks')!r}")
    return marks


def hand_end_points_awarded(line: dict[str, Any]) -> tuple[int, int]:
    """The points each team added to its total in the hand of a ``hand_end`` line under
    a points target: ``points_awarded``, the old form's ``marks``, or (a line with
    neither, as the format's required fields allow) the award its figures give."""
    given = _pair(line.get("points_awarded"))
    if given is not None:
        return given
    if "points_awarded" in line:
        raise ValueError("hand_end points_awarded must be two whole numbers, "
                         f"not {line['points_awarded']!r}")
    awards = _awards(line)
    if awards is None:
        raise ValueError("a hand_end line needs bidder, bid, made and points")
    return awards[1]


def hand_end_awarded(line: dict[str, Any], target_kind: str) -> tuple[int, int]:
    """What the hand of a ``hand_end`` line added to each team's total: marks under a
    marks target (``target_kind`` "marks"), points under a points target."""
    if target_kind == "points":
        return hand_end_points_awarded(line)
    return hand_end_marks(line)


def upgrade_hand_end(line: dict[str, Any]) -> bool:
    """Bring an old-form ``hand_end`` line up to date in place: ``marks`` become the
    marks won, the points awarded move to ``points_awarded`` (after ``marks``, as the
    engine writes it). Returns whether the line was changed."""
    if not is_old_hand_end(line):
        return False
    marks = hand_end_marks(line)
    in_points = line["marks"]
    items = list(line.items())
    line.clear()
    for key, value in items:
        if key == "marks":
            line["marks"] = list(marks)
            line["points_awarded"] = list(in_points)
        else:
            line[key] = value
    return True


def deals_from_record(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One preset per hand, in order; the header and other lines are skipped.

    Old-form ``hand_end`` lines among ``lines`` are brought up to date in place
    (:func:`upgrade_hand_end`; see the module notes)."""
    presets: list[dict[str, Any]] = []
    pending: dict[str, Any] | None = None
    for number, line in enumerate(lines, 1):
        if not isinstance(line, dict):
            raise ValueError(f"line {number}: not a JSON object")
        event = line.get("event")
        try:
            if event == "hand_end":
                upgrade_hand_end(line)
            elif event == "hand_start":
                if pending is not None:
                    raise ValueError("hand_start without a deal for the previous hand")
                hand = line.get("hand")
                if isinstance(hand, bool) or not isinstance(hand, int) or hand < 1:
                    raise ValueError(f"hand must be 1, 2, ..., not {hand!r}")
                pending = {"hand": hand, "shaker": _player(line, "shaker")}
            elif event == "deal":
                if pending is None:
                    raise ValueError("deal without a hand_start before it")
                pending["hands"] = check_hands(line.get("hands"))
                presets.append(pending)
                pending = None
        except ValueError as exc:
            raise ValueError(f"line {number}: {exc}") from None
    if pending is not None:
        raise ValueError(f"hand {pending['hand']} starts but is never dealt")
    return presets


def command_from_record(line: dict[str, Any]) -> Command | None:
    """The command behind a decision line (bid, trump, play); ``None`` for engine lines."""
    if not isinstance(line, dict):
        raise ValueError("a record line must be a JSON object")
    event = line.get("event")
    if event is None and "record" in line:
        return None
    if event in ENGINE_LINES:
        return None
    if event == "bid":
        player = _player(line)
        if "bid" not in line:
            raise ValueError("a bid line needs a bid (null for a pass)")
        bid = decode_bid(line["bid"])
        plunge = line.get("plunge", False)
        forced = line.get("forced", False)
        splash = line.get("splash", False)
        if not all(isinstance(v, bool) for v in (plunge, forced, splash)):
            raise ValueError("plunge, splash and forced must be true or false")
        if forced:
            if bid != 30 or plunge or splash:
                raise ValueError(f"a forced bid is 30, not {line['bid']!r}")
            return Bid(player, None)        # the shaker's pass, which the rules made 30
        if plunge and splash:
            raise ValueError("a bid is a plunge or a splash, not both")
        return Bid(player, bid, plunge, splash)
    if event == "trump":
        player = _player(line)
        trump = line.get("trump")
        if trump not in TRUMPS:
            raise ValueError(f"trump {trump!r} is not one of {', '.join(TRUMPS)}")
        if line.get("first_tile") is True:
            return None                     # named by the play line that follows
        return NameTrump(player, trump)
    if event == "play":
        tile: Any = line.get("tile")            # parse_tile refuses what is not a tile
        return Play(_player(line), parse_tile(tile, 6))
    raise ValueError(f"{event!r} is not a Texas 42 record line")
