"""``hand_end.marks`` is the marks won that hand under every target (docs/record-format.md).

Under a points target the points the hand added to the running ``totals`` go in the
extra field ``points_awarded``. Records written before that put the points in ``marks``;
they still load, replay and resume (``tests/fixtures/saves/texas42_points_target_old_marks.jsonl``
is such a save, written by the engine of that time: 6 hands of a points:250 game with
Nel-O, Sevens and Plunge on, the 7th hand begun).
"""

from __future__ import annotations

import copy
import json
import random
import shutil
from pathlib import Path

import pytest

from core.commands import MARK, NameTrump
from core.errors import RecordError
from core.narration import narrate
from core.records import RecordWriter, load_game, parse_record, record_lines, replay
from core.score_sheet import score_sheet
from core.summaries import texas42_hand
from core.texas42.bidding import marks_of
from core.texas42.engine import Texas42Game
from core.texas42.record import (
    hand_end_awarded,
    hand_end_marks,
    hand_end_points_awarded,
    is_old_hand_end,
    upgrade_hand_end,
)
from core.texas42.scoring import award
from tests.core.texas42.test_texas42_support import (
    SIXES,
    bids,
    game_with,
    lead_in_order,
    of_kind,
    play_first_legal,
    win_auction,
)

OLD_SAVE = (Path(__file__).resolve().parents[2] / "fixtures" / "saves"
            / "texas42_points_target_old_marks.jsonl")
SIX_ORDER = ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"]
# Seat 0 holds four doubles; the partner, seat 2, holds every six.
PLUNGE = ["5-5 4-4 3-3 2-2 5-4 5-3 5-2",
          "5-1 5-0 4-3 4-2 4-1 4-0 3-2",
          "6-6 6-5 6-4 6-3 6-2 6-1 6-0",
          "3-1 3-0 2-1 2-0 1-1 1-0 0-0"]
VARIANTS = {"nello": True, "sevens": True, "plunge": True}
MARKS_KEYS = ["event", "bidder", "bid", "points", "made", "marks", "totals", "ended_early",
              "remaining"]
POINTS_KEYS = ["event", "bidder", "bid", "points", "made", "marks", "points_awarded", "totals",
               "ended_early", "remaining"]
PLAYERS = [{"name": n, "kind": "bot", "level": "easy"} for n in ("S", "W", "N", "E")]


def _end(events):
    [end] = of_kind(events, "hand_end")
    return end.to_record()


def _played(options, seed):
    game = Texas42Game(options=options, seed=seed)
    game.start()
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game, record_lines(game, PLAYERS)


def _old_form(lines):
    """The lines as the engine wrote them before ``points_awarded``: points in ``marks``."""
    out = copy.deepcopy(lines)
    for line in out:
        if "points_awarded" in line:
            line["marks"] = line.pop("points_awarded")
    return out


def _text(lines):
    return "".join(json.dumps(line) + "\n" for line in lines)


# -- a points target ---------------------------------------------------------------------
def test_points_target_made_point_bid_wins_one_mark_and_its_points():
    game = game_with(SIXES, target="points:250")
    win_auction(game, 30, "6")
    end = _end(lead_in_order(game, 0, SIX_ORDER))
    assert end["marks"] == [1, 0] and end["points_awarded"] == [42, 0]
    assert end["totals"] == [42, 0] and list(end) == POINTS_KEYS


def test_points_target_set_point_bid_gives_the_defenders_one_mark():
    game = game_with(SIXES, target="points:250")
    win_auction(game, 41, "0")
    end = _end(play_first_legal(game))
    assert not end["made"] and end["marks"] == [0, 1]
    assert end["points_awarded"] == [0, 41 + end["points"][1]] == end["totals"]


def test_points_target_mark_bid_wins_its_marks_and_42_points_a_mark():
    game = game_with(SIXES, target="points:250")
    win_auction(game, "m2", "0")
    end = _end(play_first_legal(game))
    assert end["ended_early"] and end["marks"] == [0, 2]
    assert end["points_awarded"] == [0, 84] == end["totals"]


@pytest.mark.parametrize("trump, made, marks, awarded", [
    ("6", True, [4, 0], [168, 0]),       # the partner holds every six: all 7 tricks
    ("0", False, [0, 4], [0, 168]),      # seat 1's 5-0 trumps the 6-5 lead
])
def test_points_target_plunge_is_four_marks(trump, made, marks, awarded):
    game = game_with(PLUNGE, target="points:250", plunge=True)
    bids(game, "plunge", None, None, None)
    game.apply(NameTrump(2, trump))
    end = _end(lead_in_order(game, 2, SIX_ORDER) if made else play_first_legal(game))
    assert end["made"] is made and end["marks"] == marks and end["points_awarded"] == awarded
    assert end["totals"] == awarded


@pytest.mark.parametrize("seed", range(4))
def test_points_target_game_hand_end_lines_carry_marks_and_point_totals(seed):
    game, lines = _played(dict(VARIANTS, target="points:150"), seed)
    ends = [line for line in lines if line.get("event") == "hand_end"]
    assert ends
    totals = [0, 0]
    for end in ends:
        value = end["bid"]["marks"] * MARK if isinstance(end["bid"], dict) else end["bid"]
        winner = end["bidder"] % 2 if end["made"] else 1 - end["bidder"] % 2
        expected = [0, 0]
        expected[winner] = marks_of(value)
        assert end["marks"] == expected, end
        assert end["points_awarded"] == list(award(
            target_kind="points", bid=value, made=end["made"], bidder=end["bidder"],
            points=end["points"]))
        totals = [totals[t] + end["points_awarded"][t] for t in (0, 1)]
        assert end["totals"] == totals
        assert not is_old_hand_end(end)
    assert lines[-1]["scores"] == totals == game.totals and max(totals) >= 150
    assert game.last_hand.marks == tuple(ends[-1]["marks"])
    assert game.last_hand.points_awarded == tuple(ends[-1]["points_awarded"])


def test_points_target_readers_give_points_awarded_and_marks():
    _, lines = _played(dict(VARIANTS, target="points:150"), 5)
    options = {"target": "points:150", **VARIANTS}
    sheet = score_sheet("texas42", lines, options)
    ends = [line for line in lines if line.get("event") == "hand_end"]
    assert sheet.unit == "points"
    assert [list(r.scored) for r in sheet.rows] == [e["points_awarded"] for e in ends]
    assert [list(r.totals) for r in sheet.rows] == [e["totals"] for e in ends]
    hand = texas42_hand([ends[0]])                  # the unit read from the line
    assert hand.unit == "points"
    assert [t.awarded for t in hand.teams] == ends[0]["points_awarded"]
    assert [t.marks for t in hand.teams] == ends[0]["marks"]
    names = ["S", "W", "N", "E"]
    said = [s for s in narrate("texas42", lines, names, options=options)
            if s.startswith("This hand:")]
    teams = ("S & N", "W & E")
    assert said == [
        "This hand: " + (", ".join(f"{teams[t]} +{v}" for t, v in enumerate(e["points_awarded"])
                                   if v) or "nothing")
        + " (points). Totals: " + ", ".join(f"{teams[t]} {v}" for t, v in enumerate(e["totals"]))
        + "." for e in ends]


# -- a marks target: unchanged -------------------------------------------------------------
@pytest.mark.parametrize("seed", range(3))
def test_marks_target_hand_end_lines_are_as_before(seed):
    game, lines = _played(dict(VARIANTS, target="marks:7"), seed)
    totals = [0, 0]
    for end in (line for line in lines if line.get("event") == "hand_end"):
        assert list(end) == MARKS_KEYS          # no points_awarded under a marks target
        totals = [totals[t] + end["marks"][t] for t in (0, 1)]
        assert end["totals"] == totals and sum(end["marks"]) >= 1
        assert hand_end_awarded(end, "marks") == tuple(end["marks"]) == hand_end_marks(end)
        assert not is_old_hand_end(end) and not upgrade_hand_end(dict(end))
    assert game.last_hand.points_awarded is None


def test_marks_target_line_from_a_made_point_bid():
    game = game_with(SIXES)
    win_auction(game, 30, "6")
    end = _end(lead_in_order(game, 0, SIX_ORDER))
    assert end["marks"] == [1, 0] == end["totals"] and "points_awarded" not in end


# -- old records: points in marks ----------------------------------------------------------
def test_old_form_line_is_read_as_what_it_means():
    old = {"event": "hand_end", "bidder": 1, "bid": 34, "points": [10, 32], "made": False,
           "marks": [44, 0], "totals": [44, 0], "ended_early": False, "remaining": []}
    assert is_old_hand_end(old)
    assert hand_end_marks(old) == (1, 0)
    assert hand_end_points_awarded(old) == (44, 0) == hand_end_awarded(old, "points")
    line = dict(old)
    assert upgrade_hand_end(line) and not upgrade_hand_end(line)
    assert line["marks"] == [1, 0] and line["points_awarded"] == [44, 0]
    assert list(line) == POINTS_KEYS              # in the order the engine writes
    # A line with true marks and no points_awarded (the format's required fields only).
    bare = dict(old, marks=[1, 0])
    assert not is_old_hand_end(bare) and hand_end_points_awarded(bare) == (44, 0)
    # A marks-target line is never taken for the old form.
    marks_line = dict(old, marks=[1, 0], totals=[3, 2])
    assert not is_old_hand_end(marks_line)


def test_old_save_loads_and_resumes(tmp_path):
    raw = [json.loads(t) for t in OLD_SAVE.read_text().splitlines() if t.strip()]
    old_ends = [line for line in raw if line.get("event") == "hand_end"]
    assert raw[0]["options"]["target"] == "points:250" and len(old_ends) == 6
    assert all(is_old_hand_end(line) for line in old_ends)
    path = tmp_path / "save.jsonl"
    shutil.copy(OLD_SAVE, path)
    record, game = load_game(path)
    assert not game.is_over and game.hand_number == 7
    assert game.totals == old_ends[-1]["totals"]
    # The replayed history writes today's form; the record's old lines read the same.
    new_ends = [e.to_record() for e in game.history if e.kind == "hand_end"]
    assert [e["points_awarded"] for e in new_ends] == [e["marks"] for e in old_ends]
    assert [e["marks"] for e in new_ends] == [list(hand_end_marks(e)) for e in old_ends]
    assert [line for line in record.lines if line["event"] == "hand_end"] == new_ends
    # The score sheet of the old lines as they stand in the file: points awarded, totals.
    options = raw[0]["options"]
    old_sheet, new_sheet = score_sheet("texas42", raw, options), score_sheet(
        "texas42", [e.to_record() for e in game.history], options)
    assert old_sheet == new_sheet
    assert [list(r.scored) for r in old_sheet.rows] == [e["marks"] for e in old_ends]
    names = [p["name"] for p in raw[0]["players"]]
    assert narrate("texas42", raw, names, options=options) == narrate(
        "texas42", game.history, names, options=options)
    # Resume: play on to the end, appending to the old file; the mixed file loads again.
    rng = random.Random(7)
    with RecordWriter.append_to(path) as writer:
        while not game.is_over:
            writer.append(game.apply(rng.choice(game.legal_actions())))
    record2, again = load_game(path)
    assert again.is_over and again.totals == game.totals and record2.finished
    lines = [json.loads(t) for t in path.read_text().splitlines()]
    kinds = [is_old_hand_end(line) for line in lines if line.get("event") == "hand_end"]
    assert kinds[:6] == [True] * 6 and not any(kinds[6:]) and len(kinds) > 6


@pytest.mark.parametrize("seed", range(3))
def test_old_form_finished_record_replays(seed):
    _, lines = _played(dict(VARIANTS, target="points:120"), seed)
    old = _old_form(lines)
    assert old != lines
    record = parse_record(_text(old))
    game = replay(record)
    assert game.is_over and [e.to_record() for e in game.history] == lines[1:]


def test_old_form_record_with_a_wrong_award_is_still_refused():
    _, lines = _played(dict(VARIANTS, target="points:120"), 1)
    old = _old_form(lines)
    end = next(line for line in old if line.get("event") == "hand_end")
    team = 0 if end["marks"][0] else 1
    end["marks"][team] += 1                       # not the award the hand gives
    with pytest.raises(RecordError, match="hand_end: the record says marks"):
        replay(parse_record(_text(old)))


def test_new_form_record_with_wrong_marks_is_refused():
    _, lines = _played(dict(VARIANTS, target="points:120"), 2)
    end = next(line for line in lines if line.get("event") == "hand_end")
    end["marks"] = end["marks"][::-1]
    with pytest.raises(RecordError, match="hand_end: the record says marks"):
        replay(parse_record(_text(lines)))
