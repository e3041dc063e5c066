"""core.replay: a record's positions rebuilt by the engine, step by step."""

from __future__ import annotations

import json

import pytest

from core.errors import RecordError
from core.records import parse_record, replay
from core.replay import replay_lines, replay_record
from core.simulate import simulate

GAMES = [("moon", {"target": 7}), ("moon", {"target": 7, "all_pass": "redeal"}),
         ("texas42", {"target": "marks:2"}),
         ("texas42", {"target": "marks:3", "nello": True, "plunge": True, "sevens": True}),
         ("mexican_train", {"rounds": 2, "players": 3})]


def record_of(name, options, seed):
    lines = simulate(name, seed, options)
    return parse_record("".join(json.dumps(line) + "\n" for line in lines), "game.jsonl")


@pytest.mark.parametrize("name,options", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_steps_hold_every_record_line_once_in_order(name, options, seed):
    record = record_of(name, options, seed)
    steps = replay_record(record)
    assert steps.lines == record.lines
    assert steps.positions[0].events == () and steps.table(0).position == 0
    assert [p.index for p in steps.positions] == list(range(steps.length + 1))
    assert steps.finished and steps.table(steps.length).over
    assert not any(steps.table(i).over for i in range(steps.length))


@pytest.mark.parametrize("name,options", GAMES)
def test_the_table_at_the_end_is_the_replayed_game(name, options):
    record = record_of(name, options, 3)
    game = replay(record)
    steps = replay_record(record)
    end = steps.positions[-1]
    for seat, view in enumerate(end.views):
        assert view == game.view(seat)
    assert [list(h) for h in end.table.hands] == [
        [str(t) for t in game.view(p).hand] for p in range(game.num_players)]


@pytest.mark.parametrize("name,options", GAMES)
def test_a_hand_that_ends_is_shown_as_it_ended_before_the_next_deal(name, options):
    steps = replay_record(record_of(name, options, 4))
    ended = [p for p in steps.positions if {"hand_end", "round_end"} & set(p.kinds())]
    assert ended
    for position in ended:
        kinds = position.kinds()
        assert "deal" not in kinds                    # the next deal is a step of its own
        table = position.table
        assert table.result is not None and table.result["event"] in kinds
        if not table.over:
            nxt = steps.positions[position.index + 1]
            assert "deal" in nxt.kinds() and nxt.command is None
            assert nxt.table.hand_number == table.hand_number + 1


def test_the_moon_widow_is_face_down_until_the_discard():
    steps = replay_record(record_of("moon", {"target": 7}, 9))
    at = next(p.index for p in steps.positions if "widow" in p.kinds())
    before, after = steps.table(at - 1), steps.table(at)
    line = steps.events(at)[0]
    assert before.widow == line["took"] and before.widow_taken is None
    assert all(len(hand) == 7 for hand in before.hands)
    assert after.widow_taken == line["took"] and after.discarded == line["discarded"]
    assert after.marked == line["took"]


def test_train_tiles_are_oriented_and_the_boneyard_is_in_order():
    record = record_of("mexican_train", {"rounds": 1, "players": 4}, 8)
    steps = replay_record(record)
    deal = next(line for line in record.lines if line["event"] == "deal")
    first = steps.table(steps.hand_stops[0])
    assert list(first.boneyard) == deal["boneyard"]
    assert first.boneyard_count == len(deal["boneyard"])
    for position in steps.positions[1:]:
        table = position.table
        assert len(table.boneyard) == table.boneyard_count
        for train in table.trains.values():
            end = int(table.engine.split("-")[0])
            for a, b in train.pairs:
                assert a == end
                end = b
            assert train.open_end == end


def test_42_shaker_draws_are_kept_in_the_first_step():
    record = record_of("texas42", {"target": "marks:1"}, 2)
    steps = replay_record(record)
    draws = [line for line in record.lines if line["event"] == "shaker_draw"]
    assert draws and all(line in steps.positions[1].events for line in draws)
    assert steps.positions[1].kinds()[-1] == "deal"


def test_a_broken_record_raises_naming_the_line():
    lines = simulate("texas42", 4, {"target": "marks:1"})
    lines[5]["player"] = (lines[5]["player"] + 1) % 4
    with pytest.raises(RecordError, match="line 6"):
        replay_lines(lines[0], lines[1:])


def test_a_save_cut_short_gives_the_steps_up_to_its_last_whole_decision():
    lines = simulate("moon", 5, {"target": 7})
    cut = next(i for i, line in enumerate(lines) if line.get("event") == "trick") + 3
    text = "".join(json.dumps(line) + "\n" for line in lines[:cut]) + '{"event": "pl'
    record = parse_record(text, "save.jsonl", allow_truncated=True)
    steps = replay_record(record)
    assert not steps.finished and steps.lines == record.lines
    assert not steps.table(steps.length).over
