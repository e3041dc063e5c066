"""Undo and redo in the core (core/undo.py): rebuilding, the timeline, the save file."""

from __future__ import annotations

import json
import random

import pytest

from core.commands import Bid
from core.records import RecordWriter, read_record, record_lines, replay
from core.registry import game_class
from core.simulate import LegalMoveBot, simulate_game
from core.undo import Timeline, decisions, hand_floor, marked_header, read_header, rebuild, rewrite_record

GAMES = [("moon", {"target": 7}), ("texas42", {"target": "marks:2"}),
         ("mexican_train", {"rounds": 2, "players": 3})]


def play_live(name: str, options: dict, seed: int, limit: int | None = None):
    """A game played by legal-move bots, with its state_key after every decision."""
    game = game_class(name)(options=options, seed=seed)
    game.start()
    rng = random.Random(f"undo-test:{seed}")
    states = [game.state_key()]
    bot = LegalMoveBot()
    while not game.is_over and (limit is None or len(states) <= limit):
        game.apply(bot.choose(None, game.legal_actions(), rng))
        states.append(game.state_key())
    return game, states


@pytest.mark.parametrize("name,options", GAMES)
def test_undo_rebuild_equals_the_game_at_that_point(name, options):
    game, states = play_live(name, options, seed=21, limit=400)
    commands = decisions(game)
    assert len(commands) == len(states) - 1
    for k in sorted({0, 1, 2, len(commands) // 3, len(commands) // 2, len(commands)}):
        earlier = rebuild(game, k, commands)
        assert earlier.state_key() == states[k], k
        assert earlier is not game
    # The original is untouched.
    assert game.state_key() == states[-1]


def test_undo_rebuild_keeps_the_first_shaker_draw_of_texas42():
    game = simulate_game("texas42", 5, {})
    commands = decisions(game)
    again = rebuild(game, len(commands), commands)
    assert [e.to_record() for e in again.history] == [e.to_record() for e in game.history]
    assert again.history[0].to_record()["event"] == "shaker_draw"


def test_undo_rebuild_of_a_game_resumed_from_its_record(tmp_path):
    game, _ = play_live("moon", {"target": 7}, seed=8, limit=60)
    path = tmp_path / "save.jsonl"
    with RecordWriter(path, game.header()) as writer:
        writer.append(game.history)
    resumed = replay(read_record(path))
    commands = decisions(resumed)
    assert commands == decisions(game)
    k = len(commands) - 5
    assert rebuild(resumed, k).state_key() == rebuild(game, k).state_key()


def test_undo_rebuild_refuses_a_point_outside_the_game():
    game, _ = play_live("moon", {}, seed=1, limit=3)
    with pytest.raises(ValueError):
        rebuild(game, 99)


def test_undo_goes_back_to_the_humans_previous_decision_with_every_bot_move_after_it():
    game, _ = play_live("moon", {"target": 7}, seed=3, limit=30)
    commands = decisions(game)
    human = 0
    timeline = Timeline(game, humans=[human])
    floor = hand_floor(game)
    mine = [i for i, c in enumerate(commands) if c.player == human and i >= floor]
    assert len(mine) >= 2
    earlier = timeline.undo(game)
    assert len(timeline.done) == mine[-1]
    assert earlier.current_player == human
    assert earlier.state_key() == rebuild(game, mine[-1]).state_key()
    assert timeline.future == commands[mine[-1]:]
    again = timeline.undo(earlier)
    assert len(timeline.done) == mine[-2]
    assert again.state_key() == rebuild(game, mine[-2]).state_key()
    assert timeline.future == commands[mine[-2]:]
    assert timeline.used


def test_undo_stops_at_the_start_of_the_hand():
    game, _ = play_live("moon", {"target": 7}, seed=3, limit=120)
    timeline = Timeline(game, humans=[0])
    floor = hand_floor(game)
    assert floor > 0                      # a later hand: earlier hands are out of reach
    while timeline.can_undo:
        game = timeline.undo(game)
        assert len(timeline.done) >= floor
    assert all(c.player != 0 for c in timeline.done[floor:])
    with pytest.raises(ValueError):
        timeline.undo(game)


def test_undo_nothing_to_take_back_at_the_start_of_a_game():
    game = game_class("texas42")(seed=2)
    game.start()
    assert Timeline(game, humans=[0]).undo_point() is None


def test_redo_replays_to_the_next_human_decision_and_bots_get_their_recorded_moves():
    game, states = play_live("moon", {"target": 7}, seed=3, limit=30)
    timeline = Timeline(game, humans=[0])
    present = len(timeline.done)
    game = timeline.undo(game)
    game = timeline.undo(game)
    start = len(timeline.done)
    batch = timeline.redo_commands()
    assert batch[0].player == 0 and all(c.player != 0 for c in batch[1:])
    for command in batch:
        index = len(timeline.done)
        if command.player != 0:
            assert timeline.planned(command.player, index) == command
        timeline.applied(command, game.apply(command))
    assert game.state_key() == states[start + len(batch)]
    assert game.current_player == 0 and timeline.can_redo
    while timeline.can_redo:
        for command in timeline.redo_commands():
            timeline.applied(command, game.apply(command))
    assert len(timeline.done) == present
    assert game.state_key() == states[present]


def test_a_new_move_after_undo_clears_redo_and_the_same_move_keeps_it():
    game, _ = play_live("texas42", {}, seed=4, limit=6)
    # Seat 0 bids last (the shaker) or somewhere in the first round of bids: find its bid.
    timeline = Timeline(game, humans=[0])
    game = timeline.undo(game)
    same = timeline.future[0]
    timeline.applied(same, game.apply(same))
    kept = list(timeline.future)                 # the same move: the rest is still there
    game = timeline.undo(game)
    assert timeline.future[1:] == kept
    other = next(c for c in game.legal_actions() if c != timeline.future[0])
    timeline.applied(other, game.apply(other))
    assert not timeline.can_redo
    assert timeline.planned(1, len(timeline.done)) is None


def test_undo_timeline_follows_a_new_hand():
    game = game_class("moon")(options={"target": 7}, seed=3)
    game.start()
    timeline = Timeline(game, humans=[0])
    rng = random.Random(0)
    while True:
        command = LegalMoveBot().choose(None, game.legal_actions(), rng)
        events = game.apply(command)
        timeline.applied(command, events)
        if any(e.kind == "hand_start" for e in events):
            break
    assert timeline.floor == len(timeline.done) == hand_floor(game)
    assert timeline.undo_point() is None


def test_undo_rewrite_record_is_atomic_valid_and_marked(tmp_path):
    game, _ = play_live("mexican_train", {"rounds": 1, "players": 3}, seed=6, limit=40)
    path = tmp_path / "saves" / "game.jsonl"
    path.parent.mkdir()
    players = [{"name": "You", "kind": "human", "level": None},
               {"name": "West", "kind": "bot", "level": "easy"},
               {"name": "East", "kind": "bot", "level": "easy"}]
    with RecordWriter(path, game.header(players)) as writer:
        writer.append(game.history)
    earlier = rebuild(game, 20)
    header = marked_header(read_header(path))
    rewrite_record(path, header, earlier.history)
    assert [p.name for p in path.parent.iterdir()] == ["game.jsonl"]   # no temp file left
    record = read_record(path)
    assert record.header["undo_used"] is True
    assert record.header["players"] == players
    assert replay(record).state_key() == earlier.state_key()
    assert [json.loads(l) for l in path.read_text().splitlines()][1:] == \
        record_lines(earlier)[1:]
    # Appending after the rewrite continues the same valid record.
    command = earlier.legal_actions()[0]
    events = earlier.apply(command)
    writer = RecordWriter.append_to(path)
    writer.append(events)
    writer.close()
    assert replay(read_record(path)).state_key() == earlier.state_key()


def test_undo_read_header_of_a_missing_or_broken_file(tmp_path):
    assert read_header(tmp_path / "none.jsonl") is None
    (tmp_path / "bad.jsonl").write_text("not json\n")
    assert read_header(tmp_path / "bad.jsonl") is None
    assert marked_header({"record": 1}) == {"record": 1, "undo_used": True}


def test_undo_timeline_ignores_bid_equality_across_players():
    game = game_class("moon")(seed=1)
    game.start()
    timeline = Timeline(game, humans=[0])
    timeline.future = [Bid(2, None)]
    assert timeline.planned(1, 0) is None
    assert timeline.planned(2, 0) == Bid(2, None)
    assert timeline.planned(2, 1) is None
