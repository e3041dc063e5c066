"""Game records (docs/record-format.md): writing, reading, replaying, resuming, refusing."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import records
from core.errors import OptionError, RecordError
from core.records import MAX_BYTES, RecordWriter, dumps_line, parse_record, read_record, record_lines, replay
from core.registry import GAME_NAMES, GAMES, game_class
from core.simulate import play_out, simulate, simulate_game

FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "records"
VECTOR = FIXTURES.parent / "vectors" / "texas42-straight-13-hands.jsonl"

# Settings per game that keep random-play games short but still cover every rule switch.
OPTION_SETS = {
    "moon": [{"target": 7}, {"all_pass": "redeal", "target": 9}],
    "texas42": [{}, {"nello": True, "sevens": True, "plunge": True, "trump_by_first_tile": True,
                     "follow_me_doubles": "own_suit", "nello_doubles": "low"},
                {"target": "points:120", "play_out": True, "sevens_free_play": True,
                 "sevens": True, "follow_me_doubles": "low"}],
    "mexican_train": [{"rounds": 3}, {"set": 9, "players": 2, "first_turn": "build"},
                      {"set": 18, "players": 9, "rounds": 2, "doubles_any_order": True,
                       "double_blank": 0}],
}


def lines_of(game, players=None) -> list[dict]:
    return record_lines(game, players)


def write_record(path: Path, game) -> Path:
    with RecordWriter(path, game.header()) as writer:
        writer.append(game.history)
    return path


def record_text(lines: list[dict]) -> str:
    return "".join(dumps_line(line) + "\n" for line in lines)


def history_lines(game) -> list[dict]:
    return [event.to_record() for event in game.history]


# -- the registry ---------------------------------------------------------------

def test_registry_names_the_three_games():
    assert list(GAMES) == ["moon", "texas42", "mexican_train"] == list(GAME_NAMES)
    for name in GAMES:
        assert game_class(name).name == name
        assert GAMES[name] is game_class(name)


def test_registry_refuses_an_unknown_game():
    with pytest.raises(OptionError) as err:
        game_class("chess")
    assert str(err.value) == "unknown game 'chess' (games: moon, texas42, mexican_train)"


# -- write → read → replay ------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("game_name,options", [
    (name, options) for name, sets in OPTION_SETS.items() for options in sets])
def test_record_round_trip_replays_to_the_live_state(tmp_path, game_name, options, seed):
    live = simulate_game(game_name, seed, options)
    path = write_record(tmp_path / "game.jsonl", live)
    record = read_record(path)
    assert record.header == live.header()
    assert record.finished
    again = replay(record)
    assert again.is_over
    assert again.state_key() == live.state_key()
    assert history_lines(again) == history_lines(live)
    assert [record.header] + record.lines == json.loads(json.dumps(lines_of(live)))


def _option_strategy(game_name: str):
    """Every setting of the game, drawn from its allowed values (kept to short games)."""
    cls = game_class(game_name)
    parts = {}
    for spec in cls.option_table.specs:
        if game_name == "moon" and spec.name == "target":
            parts["target"] = st.integers(7, 9)
        elif game_name == "moon" and spec.name == "moon":
            # Random bids seldom make a contract: under moon = points (no instant win)
            # such a game would not reach its target. tests/core/moon covers points.
            parts["moon"] = st.just("instant")
        elif game_name == "texas42" and spec.name == "target":
            parts["target"] = st.sampled_from(["marks:1", "marks:3", "marks:7", "points:42",
                                               "points:250"])
        elif game_name == "mexican_train" and spec.name in ("set", "players", "rounds"):
            continue
        elif spec.choices:
            parts[spec.name] = st.sampled_from(spec.choices)
    strategy = st.fixed_dictionaries(parts)
    if game_name == "mexican_train":
        from core.mexican_train.options import TILES_PER_PLAYER
        pairs = sorted((s, p) for s, row in TILES_PER_PLAYER.items() for p in row)
        strategy = st.tuples(strategy, st.sampled_from(pairs), st.integers(1, 2)).map(
            lambda t: {**t[0], "set": t[1][0], "players": t[1][1], "rounds": t[2]})
    return strategy


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_record_round_trip_over_seeds_and_settings(game_name):
    @settings(max_examples=10, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.integers(0, 2**32), options=_option_strategy(game_name))
    def check(seed, options):
        live = simulate_game(game_name, seed, options)
        record = parse_record(record_text(lines_of(live)), "mem.jsonl")
        again = replay(record)
        assert again.state_key() == live.state_key()
        assert history_lines(again) == history_lines(live)

    check()


def test_missing_options_take_their_defaults():
    live = simulate_game("texas42", 11, {})
    lines = lines_of(live)
    del lines[0]["options"]
    assert replay(parse_record(record_text(lines))).state_key() == live.state_key()
    live = simulate_game("moon", 4, {"target": 8})
    lines = lines_of(live)
    lines[0]["options"] = {"target": 8}          # all_pass left out: force_last
    assert replay(parse_record(record_text(lines))).state_key() == live.state_key()


def test_record_lines_gives_the_header_then_every_event():
    game = simulate_game("moon", 2, {"target": 7})
    players = [{"name": n, "kind": "bot", "level": "x"} for n in "ABC"]
    lines = record_lines(game, players)
    assert lines[0] == game.header(players)
    assert lines[1:] == history_lines(game)
    assert simulate("moon", 2, {"target": 7}, players) == lines


# -- the writer -------------------------------------------------------------------

def test_writer_output_is_byte_identical_for_the_same_game(tmp_path):
    a = write_record(tmp_path / "a.jsonl", simulate_game("mexican_train", 9, {"rounds": 2}))
    b = write_record(tmp_path / "b.jsonl", simulate_game("mexican_train", 9, {"rounds": 2}))
    data = a.read_bytes()
    assert data == b.read_bytes()
    assert data.endswith(b"\n") and b"\r" not in data
    first = data.split(b"\n")[0]
    assert first.startswith(b'{"record":1,"game":"mexican_train","seed":9,')
    assert b", " not in first and b": " not in first  # compact separators


def test_writer_writes_text_and_binary_streams_alike():
    game = simulate_game("texas42", 3, {})
    text, binary = io.StringIO(), io.BytesIO()
    for stream in (text, binary):
        writer = RecordWriter(stream, game.header())
        writer.append(game.history[:10])
        writer.append(game.history[10:])
        writer.close()
    assert not text.closed and not binary.closed  # a stream it was given stays open
    assert text.getvalue().encode("utf-8") == binary.getvalue() == record_text(
        lines_of(game)).encode("utf-8")


def test_writer_flushes_every_batch_as_the_game_goes(tmp_path):
    game = simulate_game("moon", 3, {"target": 7})
    path = tmp_path / "save.jsonl"
    writer = RecordWriter(path, game.header())
    assert path.read_text(encoding="utf-8") == dumps_line(game.header()) + "\n"
    writer.append(game.history[:7])
    on_disk = read_record(path)        # read while the writer is still open
    assert on_disk.lines == history_lines(game)[:7]
    writer.append([])
    writer.append(game.history[7:])
    assert read_record(path).lines == history_lines(game)
    writer.close()


@pytest.mark.parametrize("fsync", [True, False])
def test_writer_fsyncs_only_when_asked(tmp_path, monkeypatch, fsync):
    calls = []
    monkeypatch.setattr(records.os, "fsync", lambda fd: calls.append(fd))
    game = simulate_game("moon", 3, {"target": 7})
    with RecordWriter(tmp_path / "r.jsonl", game.header(), fsync=fsync) as writer:
        writer.append(game.history[:3])
        writer.append(game.history[3:])
    assert len(calls) == (3 if fsync else 0)


def test_writer_keeps_non_ascii_names_as_utf8(tmp_path):
    game = simulate_game("moon", 1, {"target": 7})
    players = [{"name": "Seán", "kind": "human", "level": None},
               {"name": "Łukasz", "kind": "bot", "level": "strong"},
               {"name": "陳", "kind": "bot", "level": "strong"}]
    with RecordWriter(tmp_path / "r.jsonl", game.header(players)) as writer:
        writer.append(game.history)
    record = read_record(tmp_path / "r.jsonl")
    assert [p["name"] for p in record.header["players"]] == ["Seán", "Łukasz", "陳"]
    assert "Seán".encode() in (tmp_path / "r.jsonl").read_bytes()


# -- saves: a record without game_end --------------------------------------------

def _batch_ends(live) -> list[int]:
    """How many record lines (header included) there are after each batch of events.

    A writer writes each move's events in one go, so a save that stops at a line
    boundary stops at one of these, or part-way through a batch that starts with
    the move's own line.
    """
    cls = type(live)
    commands = [c for c in map(cls.command_from_record, history_lines(live)) if c is not None]
    game = cls(options=live.options, seed=live.seed)
    ends = [1 + len(game.start())]
    for command in commands:
        game.apply(command)
        ends.append(1 + len(game.history))
    assert history_lines(game) == history_lines(live)
    return ends


@pytest.mark.parametrize("game_name,options,seed", [
    ("moon", {"target": 7}, 8), ("moon", {"all_pass": "redeal", "target": 7}, 3),
    ("texas42", {}, 21), ("texas42", {"trump_by_first_tile": True, "nello": True}, 5),
    ("mexican_train", {"rounds": 3}, 2), ("mexican_train", {"set": 9, "players": 3,
                                                            "first_turn": "build"}, 6)])
def test_resumed_save_continues_exactly_like_the_uninterrupted_game(game_name, options, seed):
    live = simulate_game(game_name, seed, options)
    full = lines_of(live)
    cls = type(live)
    ends = _batch_ends(live)[:-1]          # the last batch ends the game
    rng = random.Random(seed)
    cuts = set(rng.sample(ends, min(8, len(ends)))) | {ends[0], ends[-1]}
    # ... and part-way through batches: after the move's own line (mid-trick, mid-round).
    cuts |= {end + 1 for end in rng.sample(ends, min(8, len(ends)))
             if cls.command_from_record(full[end]) is not None and end + 1 < ends[-1]}
    for cut in sorted(cuts):
        save = parse_record(record_text(full[:cut]), "save.jsonl")
        assert not save.finished
        resumed = replay(save)
        assert not resumed.is_over
        done = len(resumed.history)
        for line in history_lines(live)[done:]:
            command = cls.command_from_record(line)
            if command is not None:
                resumed.apply(command)
        assert resumed.state_key() == live.state_key(), f"cut after line {cut}"
        assert history_lines(resumed) == history_lines(live)


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_a_save_can_be_played_on_to_the_end(game_name):
    options = {"moon": {"target": 7}, "texas42": {}, "mexican_train": {"rounds": 2}}[game_name]
    live = simulate_game(game_name, 17, options)
    full = lines_of(live)
    save = parse_record(record_text(full[:len(full) // 3]), "save.jsonl")
    game = replay(save)
    assert game.current_player is not None and game.legal_actions()
    play_out(game, random.Random(99))
    assert game.is_over
    # ... and the finished game's record replays in turn.
    assert replay(parse_record(record_text(lines_of(game)))).state_key() == game.state_key()


def test_a_cut_last_line_is_refused_unless_allowed(tmp_path):
    game = simulate_game("texas42", 2, {})
    text = record_text(lines_of(game))
    cut = text[: text.index("\n", len(text) // 2) + 20]   # 20 characters into a line
    path = tmp_path / "save.jsonl"
    path.write_text(cut, encoding="utf-8")
    number = cut.count("\n") + 1
    with pytest.raises(RecordError) as err:
        read_record(path)
    assert err.value.line == number and "truncated last line" in err.value.fault
    record = read_record(path, allow_truncated=True)
    assert record.truncated and record.line_numbers[-1] == number - 1
    assert not replay(record).is_over


def test_append_to_cuts_a_partial_line_and_goes_on(tmp_path):
    game = simulate_game("moon", 6, {"target": 7})
    lines = lines_of(game)
    path = tmp_path / "save.jsonl"
    path.write_text(record_text(lines[:20]) + dumps_line(lines[20])[:9], encoding="utf-8")
    with RecordWriter.append_to(path) as writer:
        writer.append(game.history[19:])
    assert path.read_text(encoding="utf-8") == record_text(lines)


# -- what replay checks -------------------------------------------------------------

def _tamper(lines: list[dict], kind: str, key: str, change, skip: int = 0) -> int:
    """Change field ``key`` of the (skip+1)-th ``kind`` line; returns its file line number."""
    seen = 0
    for i, line in enumerate(lines):
        if line.get("event") == kind:
            if seen == skip:
                line[key] = change(line[key])
                return i + 1
            seen += 1
    raise AssertionError(f"no {kind} line")


@pytest.mark.parametrize("game_name,options", [("moon", {"target": 7}), ("texas42", {})])
def test_replay_detects_a_tampered_trick_winner(game_name, options):
    lines = lines_of(simulate_game(game_name, 12, options))
    players = len(lines[0]["players"])
    number = _tamper(lines, "trick", "winner", lambda w: (w + 1) % players, skip=3)
    with pytest.raises(RecordError) as err:
        replay(parse_record(record_text(lines), "tampered.jsonl"))
    assert err.value.line == number
    assert err.value.path == "tampered.jsonl"
    assert err.value.fault.startswith("trick: the record says winner")
    assert str(err.value).startswith(f"tampered.jsonl, line {number}: trick:")


@pytest.mark.parametrize("kind,key,change", [
    ("round_end", "points", lambda pts: [p + 1 for p in pts]),
    ("deal", "boneyard", lambda b: b[1:] + b[:1]),
    ("draw", "tile", lambda t: "0-0" if t != "0-0" else "1-0"),
])
def test_replay_detects_tampered_mexican_train_lines(kind, key, change):
    lines = lines_of(simulate_game("mexican_train", 3, {"rounds": 2}))
    number = _tamper(lines, kind, key, change, skip=1)
    with pytest.raises(RecordError) as err:
        replay(parse_record(record_text(lines), "t.jsonl"))
    # A changed boneyard shows up at the first draw that differs, never before the deal.
    assert err.value.line >= number if kind == "deal" else err.value.line == number


def test_replay_refuses_a_move_after_the_game_end():
    lines = lines_of(simulate_game("moon", 3, {"target": 7}))
    lines.append({"event": "play", "player": 0, "tile": "6-6"})
    with pytest.raises(RecordError) as err:
        replay(parse_record(record_text(lines), "late.jsonl"))
    assert err.value.line == len(lines)
    assert "after the end of the game" in err.value.fault


def test_unknown_event_kinds_and_extra_fields_are_ignored():
    live = simulate_game("mexican_train", 5, {"rounds": 2})
    lines = lines_of(live)
    rng = random.Random(1)
    for at in sorted(rng.sample(range(1, len(lines)), 12), reverse=True):
        lines.insert(at, {"event": "chat", "player": 1, "text": "nice train"})
    lines.append({"event": "note", "text": "after the end"})
    for line in lines[1::7]:
        line["comment"] = "extra field"
    lines[0]["app"] = {"version": "9.9"}
    again = replay(parse_record(record_text(lines)))
    assert again.state_key() == live.state_key()


def test_shaker_draw_lines_are_optional():
    live = simulate_game("texas42", 4, {})
    lines = lines_of(live)
    with_draw = replay(parse_record(record_text(lines)))
    assert history_lines(with_draw) == history_lines(live)
    without = [line for line in lines if line.get("event") != "shaker_draw"]
    assert len(without) < len(lines)
    again = replay(parse_record(record_text(without)))
    assert again.is_over
    assert [line for line in history_lines(again) if line["event"] != "shaker_draw"] == \
        [line for line in history_lines(live) if line["event"] != "shaker_draw"]


def test_external_texas42_record_replays_line_for_line():
    record = read_record(VECTOR)
    game = replay(record)
    ends = [line for line in history_lines(game) if line["event"] == "hand_end"]
    assert len(ends) == 13
    recorded = [line for line in record.lines if line["event"] == "hand_end"]
    assert [e["totals"] for e in ends] == [r["totals"] for r in recorded]


# -- what read_record refuses ---------------------------------------------------------

# fixture file → (line, words the fault must contain); line None: the file as a whole.
BROKEN = {
    "empty.jsonl": (None, "empty file"),
    "malformed_json.jsonl": (3, "malformed JSON"),
    "not_object.jsonl": (4, "not a JSON object"),
    "not_utf8.jsonl": (6, "not UTF-8 text"),
    "truncated_last_line.jsonl": (10, "truncated last line"),
    "unknown_version.jsonl": (1, "unknown record version 2"),
    "unknown_game.jsonl": (1, 'unknown game "chess"'),
    "bad_players.jsonl": (1, 'players[0].kind must be "human" or "bot"'),
    "wrong_player_count.jsonl": (1, "2 players listed"),
    "bad_option_value.jsonl": (1, "all_pass: 'sometimes' is not one of force_last, redeal"),
    "unknown_option.jsonl": (1, "unknown setting 'jokers'"),
    "bad_seed.jsonl": (1, "seed must be a whole number"),
    "missing_event.jsonl": (5, 'no "event" field'),
    "second_header.jsonl": (7, "a second header"),
    "bad_deal.jsonl": (3, "not Moon's 22 tiles"),
    "bad_tile.jsonl": (8, "'6-x' is not a tile"),
    "illegal_move.jsonl": (10, "illegal move: You must follow sixes: you hold 6-5, 6-1"),
    "not_your_turn.jsonl": (4, "illegal move: "),
    "tampered_trick_winner.jsonl": (11, "trick: the record says winner 0, but the game gives 2"),
    "tampered_hand_end.jsonl": (36, "hand_end: the record says scores [1, -21, 30]"),
    "engine_line_out_of_place.jsonl": (10, 'the record has "trick" here, but the game gives "play"'),
}


def test_every_broken_record_in_the_corpus_is_listed():
    on_disk = {p.name for p in FIXTURES.glob("*.jsonl")} - {"valid_save.jsonl"}
    assert on_disk == set(BROKEN)


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_record_is_refused_naming_file_and_line(name):
    line, words = BROKEN[name]
    path = str(FIXTURES / name)
    with pytest.raises(RecordError) as err:
        replay(read_record(path))
    assert err.value.path == path
    assert err.value.line == line
    assert words in err.value.fault
    where = f"{path}, line {line}: " if line is not None else f"{path}: "
    assert str(err.value) == where + err.value.fault
    assert "\n" not in str(err.value)


def test_the_valid_save_in_the_corpus_replays_to_a_game_in_progress():
    game = replay(read_record(FIXTURES / "valid_save.jsonl"))
    assert not game.is_over and game.legal_actions()


def test_an_oversized_file_is_refused_before_it_is_read(tmp_path, monkeypatch):
    path = tmp_path / "huge.jsonl"
    with open(path, "wb") as f:
        f.truncate(MAX_BYTES + 1)        # sparse: nothing to read, the size alone counts

    def no_reading(*args, **kwargs):
        raise AssertionError("the file was opened")

    monkeypatch.setattr(records, "open", no_reading, raising=False)
    with pytest.raises(RecordError) as err:
        read_record(path)
    assert err.value.line is None and "file too large" in err.value.fault
    assert str(err.value).startswith(f"{path}: file too large")


def test_too_many_lines_are_refused():
    text = record_text(lines_of(simulate_game("moon", 3, {"target": 7})))
    with pytest.raises(RecordError) as err:
        parse_record(text, "long.jsonl", max_lines=20)
    assert "too many lines" in err.value.fault


@pytest.mark.parametrize("text,line,words", [
    ("\n\n  \n", None, "empty file"),
    ('{"event": "hand_start"}\n', 1, 'no "record" field'),
    ('{"record": true, "game": "moon"}\n', 1, "unknown record version true"),
    ('[' * 100_000 + ']' * 100_000 + "\n", 1, "malformed JSON"),
    ('{"record": 1, "game": "moon", "seed": 1, "players": [], "options": {}}\n', 1,
     "players must be a list"),
    ('{"record": 1, "game": "moon", "seed": 1, "players": [{"name": "a", "kind": "bot", '
     '"level": 3}], "options": {}}\n', 1, "players[0].level"),
    ('{"record": 1, "game": "moon", "seed": 1, "players": [{"name": "a", "kind": "bot", '
     '"level": null}], "options": []}\n', 1, "options must be an object"),
    ('{"record": 1, "game": "mexican_train", "seed": 1, "players": '
     + json.dumps([{"name": "a", "kind": "bot", "level": None}] * 9)
     + ', "options": {"set": 12, "players": 9}}\n', 1, "players: a double-12 set is played by"),
])
def test_bad_headers_and_lines_are_refused(text, line, words):
    with pytest.raises(RecordError) as err:
        parse_record(text, "r.jsonl")
    assert err.value.line == line and words in err.value.fault


def test_blank_lines_and_a_byte_order_mark_are_tolerated():
    live = simulate_game("moon", 3, {"target": 7})
    lines = [dumps_line(line) for line in lines_of(live)]
    text = "\ufeff" + lines[0] + "\n\n" + "\n".join(lines[1:]) + "\n\n"
    record = parse_record(text, "r.jsonl")
    assert record.line_numbers[:2] == [3, 4]
    assert replay(record).state_key() == live.state_key()


def test_missing_files_and_directories_are_named(tmp_path):
    with pytest.raises(RecordError) as err:
        read_record(tmp_path / "nope.jsonl")
    assert str(err.value) == f"{tmp_path / 'nope.jsonl'}: no such file"
    with pytest.raises(RecordError) as err:
        read_record(tmp_path)
    assert "directory" in err.value.fault


def test_reading_never_evaluates_anything(tmp_path, monkeypatch):
    payload = ('{"record": 1, "game": "__import__(\'os\').system(\'touch pwned\')", "seed": 1, '
               '"players": [], "options": {}}\n')
    (tmp_path / "evil.jsonl").write_text(payload)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(RecordError):
        read_record(tmp_path / "evil.jsonl")
    assert not (tmp_path / "pwned").exists()
