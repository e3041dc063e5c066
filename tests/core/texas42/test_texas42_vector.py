"""External vector: replay jasonyandell/texas-42's 13 straight hands and match every line."""

from __future__ import annotations

import json
from pathlib import Path

from core.texas42.engine import Texas42Game

VECTOR = (Path(__file__).resolve().parents[3] / "tests" / "fixtures" / "vectors"
          / "texas42-straight-13-hands.jsonl")


def _lines() -> list[dict]:
    return [json.loads(text) for text in VECTOR.read_text().splitlines() if text.strip()]


def _replay(lines: list[dict]) -> tuple[Texas42Game, list[dict]]:
    header = lines[0]
    game = Texas42Game(options=header["options"], seed=header["seed"],
                       deals=Texas42Game.deals_from_record(lines))
    produced = [e.to_record() for e in game.start()]
    for line in lines[1:]:
        command = Texas42Game.command_from_record(line)
        if command is not None:
            produced.extend(e.to_record() for e in game.apply(command))
    return game, produced


def test_texas42_vector_replays_every_line():
    """Every trick winner, trick points, hand result, mark and total, line for line."""
    lines = _lines()
    game, produced = _replay(lines)
    expected = lines[1:]
    assert len(produced) == len(expected)
    for number, (mine, theirs) in enumerate(zip(produced, expected), 2):
        projected = {key: mine.get(key) for key in theirs}
        assert projected == theirs, f"line {number}"
    assert game.is_over and game.winner == 0 and game.totals == [7, 6]


def test_texas42_vector_trick_and_hand_results():
    """Spelled out: the winners and points of all 91 tricks and the 13 hands' results."""
    lines = _lines()
    _, produced = _replay(lines)
    mine_tricks = [(e["winner"], e["points"]) for e in produced if e["event"] == "trick"]
    their_tricks = [(e["winner"], e["points"]) for e in lines if e.get("event") == "trick"]
    assert len(their_tricks) == 91 and mine_tricks == their_tricks
    keys = ("bidder", "bid", "points", "made", "marks", "totals")
    mine_hands = [tuple(str(e[k]) for k in keys) for e in produced if e["event"] == "hand_end"]
    their_hands = [tuple(str(e[k]) for k in keys) for e in lines if e.get("event") == "hand_end"]
    assert len(their_hands) == 13 and mine_hands == their_hands


def test_texas42_vector_header_options_take_defaults():
    """The vector's header lacks sevens_free_play: the default fills it in."""
    header = _lines()[0]
    assert "sevens_free_play" not in header["options"]
    game = Texas42Game(options=header["options"], seed=header["seed"])
    assert game.options["sevens_free_play"] is False
    assert game.header()["options"]["sevens_free_play"] is False
