"""The bot arena: duplicate seatings, its statistics, and the command line."""

from __future__ import annotations

import json
import os

import pytest

from core import arena
from core.arena import hand_edges, main, seatings
from core.arena_card_play import fixed_trump
from core.arena_stats import duplicate_edge, duplicate_win_rate, mean_ci95, t95, wilson_ci95, win_share
from core.commands import NameTrump
from core.records import read_record, replay
from core.tiles import parse_tile as T

TINY = ["--game", "mexican_train", "--a", "standard", "--b", "easy", "--deals", "2",
        "--option", "rounds=1", "--jobs", "1", "--quiet"]


def run_json(capsys, argv):
    assert main(argv + ["--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1            # exactly one JSON object, on one line
    return json.loads(out)


# -- seatings and measures ------------------------------------------------------------

def test_arena_seats_each_side_everywhere_on_every_deal():
    assert seatings("texas42", 4) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    assert seatings("moon", 3) == [("a", "b", "b"), ("b", "a", "b"), ("b", "b", "a")]
    mt = seatings("mexican_train", 5)
    assert len(mt) == 5
    assert all(s.count("a") == 1 for s in mt)
    assert [s.index("a") for s in mt] == [0, 1, 2, 3, 4]


def test_arena_hand_edges_are_positive_when_a_does_better():
    mt = [{"event": "round_end", "out": 0, "points": [0, 10, 20, 30], "scores": [0, 10, 20, 30]}]
    assert hand_edges("mexican_train", ("a", "b", "b", "b"), mt) == [20.0]
    assert hand_edges("mexican_train", ("b", "b", "b", "a"), mt) == [-20.0]
    moon = [{"event": "hand_end", "delta": [5, 1, 1], "scores": [5, 1, 1]},
            {"event": "hand_end", "delta": [-4, 2, 1], "scores": [1, 3, 2]}]
    assert hand_edges("moon", ("a", "b", "b"), moon) == [4.0, -5.5]
    t42 = [{"event": "hand_end", "points": [30, 12]}]
    assert hand_edges("texas42", ("a", "b", "a", "b"), t42) == [18]
    assert hand_edges("texas42", ("b", "a", "b", "a"), t42) == [-18]


def test_arena_stats_share_ties_and_pair_only_common_hands():
    assert win_share(2, [2]) == 1.0
    assert win_share([1, 2], [2]) == 0.5
    assert win_share([0, 1], [2]) == 0.0
    assert win_share(None, [0]) == 0.0
    # Deal 1 reached 3 hands in one seating and 2 in the other: only 2 are compared.
    edge, lo, hi = duplicate_edge([[[1.0, 3.0], [2.0, 2.0, 100.0]], [[0.0], [4.0]]])
    assert edge == pytest.approx((2.0 + 2.0) / 2)
    assert lo <= edge <= hi
    rate, lo, hi = duplicate_win_rate([[1.0, 0.0], [0.5, 0.0], [1.0, 1.0]])
    assert rate == pytest.approx(3.5 / 6)
    assert 0.0 <= lo <= rate <= hi <= 1.0


def test_arena_stats_intervals():
    m, lo, hi = mean_ci95([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5 and hi - m == pytest.approx(t95(3) * (1.6667 / 4) ** 0.5, rel=1e-3)
    lo, hi = wilson_ci95(5, 10)
    assert lo < 0.5 < hi and lo == pytest.approx(1 - hi)
    assert t95(1000) == 1.96
    # No spread between deals (every deal won): the games are taken as independent.
    rate, lo, hi = duplicate_win_rate([[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]])
    assert rate == 1.0 and lo < 1.0 and hi == 1.0


# -- the command line -----------------------------------------------------------------

def test_arena_json_has_every_key_and_intervals_hold_the_estimates(capsys):
    summary = run_json(capsys, TINY)
    for key in ("game", "a", "b", "deals", "win_rate_a", "win_rate_ci95", "baseline",
                "score_edge_a", "score_edge_ci95", "decision_ms"):
        assert key in summary
    assert (summary["game"], summary["a"], summary["b"]) == ("mexican_train", "standard", "easy")
    assert summary["deals"] == 2 and summary["games"] == 8
    assert summary["baseline"] == 0.25
    lo, hi = summary["win_rate_ci95"]
    assert lo <= summary["win_rate_a"] <= hi
    lo, hi = summary["score_edge_ci95"]
    assert lo <= summary["score_edge_a"] <= hi
    assert set(summary["decision_ms"]) == {"standard", "easy"}
    for t in summary["decision_ms"].values():
        assert 0 <= t["p50"] <= t["p95"] <= t["max"]


def test_arena_is_reproducible_and_the_seed_matters(capsys):
    first = run_json(capsys, TINY)
    again = run_json(capsys, TINY)
    other = run_json(capsys, TINY + ["--seed", "9"])
    keys = ("win_rate_a", "score_edge_a", "score_edge_ci95")
    assert [first[k] for k in keys] == [again[k] for k in keys]
    assert [first[k] for k in keys] != [other[k] for k in keys]


def test_arena_records_are_valid_game_records(tmp_path, capsys):
    summary = run_json(capsys, TINY + ["--records", str(tmp_path)])
    files = sorted(os.listdir(tmp_path))
    assert len(files) == summary["games"] == 8
    seats_of_a = []
    for name in files:
        record = read_record(tmp_path / name)
        assert record.game == "mexican_train" and record.finished
        assert record.header["options"]["rounds"] == 1
        levels = [p["level"] for p in record.header["players"]]
        assert sorted(levels) == ["easy", "easy", "easy", "standard"]
        seats_of_a.append(levels.index("standard"))
        game = replay(record)                       # every line checks against the engine
        assert game.is_over
    assert sorted(seats_of_a) == [0, 0, 1, 1, 2, 2, 3, 3]
    # The same deal in every seating: each seed's four records open with the same deal.
    deals = {}
    for name in files:
        record = read_record(tmp_path / name)
        deal = next(line for line in record.lines if line["event"] == "deal")
        deals.setdefault(record.header["seed"], []).append(deal)
    assert len(deals) == 2
    assert all(all(d == ds[0] for d in ds) for ds in deals.values())


def test_arena_text_report_and_players_option(capsys):
    argv = ["--game", "mexican_train", "--a", "easy", "--b", "standard", "--deals", "1",
            "--players", "3", "--option", "set=9", "--option", "rounds=1", "--jobs", "1",
            "--quiet"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Mexican Train: A = easy, B = standard, 3 players, 1 deals (3 games)" in out
    assert "A's win rate" in out and "baseline 0.333" in out
    assert "A's score edge" in out and "decision time (ms)" in out


def test_arena_runs_over_two_worker_processes(capsys):
    summary = run_json(capsys, TINY[:-3] + ["--jobs", "2", "--quiet"])
    single = run_json(capsys, TINY)
    assert summary["win_rate_a"] == single["win_rate_a"]
    assert summary["score_edge_a"] == single["score_edge_a"]


def test_arena_progress_bar_goes_to_stderr(capsys, monkeypatch):
    monkeypatch.setattr(arena.sys.stderr, "isatty", lambda: True, raising=False)
    assert main(TINY[:-1] + ["--json"]) == 0          # without --quiet
    captured = capsys.readouterr()
    assert "\r" in captured.err and "8/8 games" in captured.err
    assert json.loads(captured.out)["games"] == 8     # stdout stays one JSON object


@pytest.mark.parametrize("argv, message", [
    (["--game", "mexican_train", "--a", "genius", "--b", "easy"], "invalid choice: 'genius'"),
    (["--game", "chess", "--a", "easy", "--b", "easy"], "invalid choice: 'chess'"),
    (["--game", "mexican_train", "--a", "easy"], "required: --b"),
    (["--game", "mexican_train", "--a", "easy", "--b", "easy", "--option", "colour=red"],
     "unknown setting 'colour'"),
    (["--game", "mexican_train", "--a", "easy", "--b", "easy", "--option", "rounds"],
     "NAME=VALUE"),
    (["--game", "mexican_train", "--a", "easy", "--b", "easy", "--players", "13"],
     "players"),
    (["--game", "moon", "--a", "easy", "--b", "easy", "--players", "4"],
     "played by 3 players, not 4"),
    (["--game", "mexican_train", "--a", "easy", "--b", "easy", "--deals", "0"],
     "--deals must be at least 1"),
    (["--game", "mexican_train", "--a", "easy", "--b", "easy", "--budget", "-1"],
     "--budget must be a positive"),
    (["--game", "moon", "--a", "easy", "--b", "easy", "--hands", "0"],
     "--hands must be at least 1"),
    (["--a", "easy", "--b", "easy"], "required: --game"),
    (["--game", "moon", "--a", "easy", "--b", "easy", "--card-play"], "--card-play is for Texas 42"),
    (["--game", "texas42", "--a", "easy", "--b", "easy", "--card-play", "--option",
      "all_pass=reshake"], "all_pass=forced_30"),
    (["--from-records", "/no/such/directory"], "not a directory"),
])
def test_arena_errors_are_one_line_and_exit_2(capsys, argv, message):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert captured.err.startswith("dominoes arena: error: ")
    assert message in captured.err


def test_arena_help_exits_0(capsys):
    assert main(["--help"]) == 0
    assert "--deals" in capsys.readouterr().out


@pytest.mark.parametrize("game, baseline, games", [("moon", 0.3333, 3), ("texas42", 0.5, 2)])
def test_arena_plays_the_trick_games_too(capsys, game, baseline, games):
    summary = run_json(capsys, ["--game", game, "--a", "easy", "--b", "easy", "--deals", "1",
                                "--jobs", "1", "--quiet", "--option", "target=" +
                                ("7" if game == "moon" else "marks:1")])
    assert summary["game"] == game and summary["games"] == games
    assert summary["baseline"] == baseline
    # Bids (and trumps, discards) are timed apart from plays.
    assert set(summary["decision_ms_by_kind"]["easy"]) == {"bid", "play"}
    lo, hi = summary["win_rate_ci95"]
    assert lo <= summary["win_rate_a"] <= hi


# -- short games and merged runs --------------------------------------------------------------

def test_arena_hands_cuts_every_game_after_that_many_hands(tmp_path, capsys):
    summary = run_json(capsys, ["--game", "moon", "--a", "standard", "--b", "easy",
                                "--deals", "3", "--hands", "1", "--jobs", "1", "--quiet",
                                "--records", str(tmp_path)])
    assert summary["games"] == 9 and summary["hands"] == 1
    for name in os.listdir(tmp_path):
        record = read_record(tmp_path / name)
        assert [l["event"] for l in record.lines].count("hand_end") == 1
        assert not record.finished
    # A game cut short goes to whoever leads after its last hand; ties share it.
    lines = [{"event": "hand_end", "scores": [5, 5, 2]}]
    assert arena.game_winner("moon", lines) == [0, 1]
    assert arena.game_winner("mexican_train", [{"event": "round_end", "scores": [9, 3]}]) == 1
    assert arena.game_winner("texas42", [{"event": "hand_end", "totals": [0, 1]}]) == 1
    assert arena.game_winner("moon", []) is None


def test_arena_merges_the_records_of_several_runs(tmp_path, capsys):
    base = ["--game", "moon", "--a", "standard", "--b", "easy", "--deals", "2", "--hands", "1",
            "--jobs", "1", "--quiet"]
    first = run_json(capsys, base + ["--seed", "3", "--records", str(tmp_path / "one")])
    again = run_json(capsys, ["--from-records", str(tmp_path / "one")])
    for key in ("game", "a", "b", "deals", "games", "win_rate_a", "win_rate_ci95",
                "score_edge_a", "score_edge_ci95", "baseline"):
        assert again[key] == first[key], key
    assert again["decision_ms"] == {}
    run_json(capsys, base + ["--seed", "4", "--records", str(tmp_path / "two")])
    both = run_json(capsys, ["--from-records", str(tmp_path / "one"), str(tmp_path / "two")])
    assert both["deals"] == 4 and both["games"] == 12
    assert main(["--from-records", str(tmp_path / "one")]) == 0
    assert "decision times: not in records" in capsys.readouterr().out
    # Another match's records do not mix in, and an empty directory is no match.
    run_json(capsys, ["--game", "moon", "--a", "easy", "--b", "easy", "--deals", "1",
                      "--hands", "1", "--jobs", "1", "--quiet", "--records", str(tmp_path / "x")])
    assert main(["--from-records", str(tmp_path / "one"), str(tmp_path / "x")]) == 2
    assert "another match" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    assert main(["--from-records", str(tmp_path / "empty")]) == 2
    assert "no arena records" in capsys.readouterr().err


def test_arena_a_failing_deal_is_one_line_naming_it(capsys, monkeypatch):
    def broken(*args, **kwargs):
        raise ValueError("no legal move")
    monkeypatch.setattr(arena, "play_game", broken)
    assert main(TINY) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "deal 0 (game seed 1000000) failed: ValueError: no legal move" in err


# -- card play only ---------------------------------------------------------------------------

def test_fixed_trump_is_the_longest_suit_the_higher_on_a_tie():
    legal = [NameTrump(0, t) for t in ("6", "5", "4", "3", "2", "1", "0", "doubles", "none")]
    hand = [T(t) for t in ("5-4", "2-0", "0-0", "3-2", "4-1", "5-3", "2-1")]
    assert fixed_trump(hand, legal).trump == "2"          # three 2s, two of every other
    hand = [T(t) for t in ("6-6", "6-1", "4-4", "4-0", "3-1", "2-0", "5-2")]
    assert fixed_trump(hand, legal).trump == "6"          # two 6s, two 4s, two 2s...: the higher


def test_arena_card_play_everyone_passes_the_shaker_bids_30_and_names_its_longest_suit(
        tmp_path, capsys):
    summary = run_json(capsys, ["--game", "texas42", "--a", "standard", "--b", "easy",
                                "--deals", "3", "--hands", "1", "--card-play", "--jobs", "1",
                                "--quiet", "--records", str(tmp_path)])
    assert summary["games"] == 6
    names = sorted(os.listdir(tmp_path))
    assert len(names) == 6
    for name in names:
        lines = read_record(tmp_path / name).lines
        bids = [l for l in lines if l["event"] == "bid"]
        assert [b["bid"] for b in bids[:3]] == [None, None, None]
        assert bids[3]["bid"] == 30 and bids[3]["forced"]
        deal = next(l for l in lines if l["event"] == "deal")
        bidder = bids[3]["player"]
        hand = [T(t) for t in deal["hands"][bidder]]
        named = next(l for l in lines if l["event"] == "trump")
        suits = [NameTrump(bidder, t) for t in ("6", "5", "4", "3", "2", "1", "0")]
        assert named["trump"] == fixed_trump(hand, suits).trump
        assert any(l["event"] == "play" for l in lines)
        assert [l["event"] for l in lines].count("hand_end") == 1
