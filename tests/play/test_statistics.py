"""Statistics from finished game records (core.statistics) and the statistics screen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.simulate import simulate
from core.statistics import Statistics, collect, from_records, human_seat, summarize, used_undo
from tests.tui_pilot import make_app
from tui.screens.statistics import StatisticsScreen, bid_bars, overview_bars
from tui.screens.title import TitleScreen
from tui.widgets.bar_chart import Bar, BarChart

HUMAN = {"name": "You", "kind": "human", "level": None}


def bot(i: int) -> dict:
    return {"name": f"Bot {i}", "kind": "bot", "level": "easy"}


def header(game: str, seat: int = 0, players: int = 3, **options) -> dict:
    seats = [bot(i) for i in range(players)]
    seats[seat] = dict(HUMAN)
    return {"record": 1, "game": game, "seed": 1, "players": seats, "options": options}


def moon_hand(bidder: int, bid: int, made: bool) -> dict:
    return {"event": "hand_end", "bidder": bidder, "bid": bid, "tricks": [3, 2, 2],
            "made": made, "delta": [0, 0, 0], "scores": [0, 0, 0]}


def write(path: Path, lines: list[dict]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def with_human(game: str, seed: int, options: dict, seat: int = 0) -> list[dict]:
    players = {"moon": 3, "texas42": 4}.get(game, options.get("players", 4))
    seats = [bot(i) for i in range(players)]
    seats[seat] = dict(HUMAN)
    return simulate(game, seed, options, players=seats)


# -- one record ----------------------------------------------------------------------------

def test_human_seat_is_the_first_human_player():
    assert human_seat(header("moon", seat=2)) == 2
    assert human_seat({"players": [bot(0), bot(1)]}) is None
    assert human_seat({"players": "nonsense"}) is None


def test_moon_win_counts_for_the_human_seat_only():
    records = [
        [header("moon", seat=1), {"event": "game_end", "winner": 1, "scores": [3, 22, 5]}],
        [header("moon", seat=1), {"event": "game_end", "winner": 0, "scores": [21, 4, 9]}],
        [header("moon", seat=0), {"event": "game_end", "winner": 0, "scores": [25, 4, -9]}],
    ]
    moon = from_records(records).games["moon"]
    assert (moon.played, moon.won, moon.lost) == (3, 2, 1)
    assert moon.win_rate == pytest.approx(2 / 3)
    assert moon.averages == {"points": pytest.approx((22 + 4 + 25) / 3)}


def test_moon_bids_made_and_set_by_size_are_the_humans_own():
    lines = [moon_hand(0, 4, True), moon_hand(0, 4, False), moon_hand(1, 5, True),
             moon_hand(0, 21, False), moon_hand(0, 4, True),
             {"event": "game_end", "winner": 2, "scores": [1, 2, 21]}]
    moon = from_records([[header("moon")] + lines]).games["moon"]
    rows = [(b.label, b.made, b.set) for b in moon.bid_rows()]
    assert rows == [("4", 2, 1), ("21 (moon)", 0, 1)]       # player 1's 5 is not ours
    assert moon.hands == 5


def test_texas42_wins_by_team_and_averages_kept_apart_by_target():
    end_marks = {"event": "game_end", "winner": 1, "scores": [5, 7]}
    end_points = {"event": "game_end", "winner": 0, "scores": [260, 120]}
    hand = {"event": "hand_end", "bidder": 3, "bid": {"marks": 2}, "points": [0, 42],
            "made": True, "marks": [0, 2], "totals": [0, 2], "ended_early": False}
    plunge = [{"event": "hand_start", "hand": 2, "shaker": 0},
              {"event": "bid", "player": 3, "bid": {"marks": 4}, "plunge": True,
               "forced": False},
              dict(hand, bid={"marks": 4}, made=False)]
    records = [
        [header("texas42", seat=3, players=4, target="marks:7"), hand] + plunge + [end_marks],
        [header("texas42", seat=2, players=4, target="points:250"), end_points],
    ]
    t42 = from_records(records).games["texas42"]
    assert (t42.played, t42.won) == (2, 2)      # seat 3 is team 1; seat 2 is team 0
    assert t42.averages == {"marks": 7, "points": 260}
    assert [(b.label, b.made, b.set) for b in t42.bid_rows()] == [
        ("2 marks", 1, 0), ("Plunge (4 marks)", 0, 1)]


def test_mexican_train_best_worst_round_and_shared_win():
    rounds = [{"event": "round_end", "out": 0, "points": [0, 14, 30], "scores": [0, 14, 30]},
              {"event": "round_end", "out": 1, "points": [62, 0, 5], "scores": [62, 14, 35]},
              {"event": "round_end", "out": 2, "points": [7, 21, 0], "scores": [69, 35, 35]}]
    tie = {"event": "game_end", "winner": [1, 2], "scores": [69, 35, 35]}
    records = [[header("mexican_train", seat=1, players=3)] + rounds + [tie],
               [header("mexican_train", seat=0, players=3)] + rounds + [tie]]
    train = from_records(records).games["mexican_train"]
    assert (train.played, train.won) == (2, 1)      # a shared win is a win; seat 0 lost
    assert train.best_round.points == 0 and train.best_round.round == 2
    assert train.worst_round.points == 62 and train.worst_round.round == 2
    assert train.rounds_played == 6
    assert train.averages == {"pips": pytest.approx((35 + 69) / 2)}


def test_undo_marker_in_header_or_game_end_and_its_absence():
    end = {"event": "game_end", "winner": 0, "scores": [21, 0, 0]}
    assert not used_undo(header("moon"), [end])
    assert used_undo(dict(header("moon"), undo_used=True), [end])
    assert used_undo(header("moon"), [dict(end, undo_used=True)])
    assert used_undo(header("moon"), [{"event": "undo"}, end])
    records = [[header("moon"), dict(end, undo_used=True)], [header("moon"), end]]
    assert from_records(records).games["moon"].undo_games == 1


def test_unfinished_and_bots_only_games_are_not_counted():
    bots_only = dict(header("moon"), players=[bot(0), bot(1), bot(2)])
    end = {"event": "game_end", "winner": 0, "scores": [21, 0, 0]}
    stats = from_records([[header("moon"), moon_hand(0, 4, True)], [bots_only, end]])
    assert stats.played == 0 and stats.unfinished == 1 and stats.without_human == 1


def test_malformed_result_line_is_reported_not_counted():
    stats = from_records([[header("moon"), {"event": "game_end", "winner": 0, "scores": 5}]])
    assert stats.played == 0 and len(stats.unreadable) == 1
    with pytest.raises(ValueError):
        summarize(header("moon"), [{"event": "game_end", "winner": 0, "scores": None}])


# -- simulated games and the data directory ------------------------------------------------------

def test_statistics_over_simulated_games_agree_with_their_records():
    records = ([with_human("moon", s, {"target": 9}, seat=s % 3) for s in range(3)]
               + [with_human("texas42", s, {"target": "marks:2"}, seat=s % 4) for s in range(3)]
               + [with_human("mexican_train", s, {"players": 3, "set": 9, "rounds": 2})
                  for s in range(3)])
    stats = from_records(records)
    assert stats.played == 9
    for record in records:
        seat = human_seat(record[0])
        end = record[-1]
        assert end["event"] == "game_end"
    for name in ("moon", "texas42", "mexican_train"):
        group = [r for r in records if r[0]["game"] == name]
        g = stats.games[name]
        wins = 0
        bids = 0
        for r in group:
            seat, end = human_seat(r[0]), r[-1]
            if name == "texas42":
                wins += end["winner"] == seat % 2
            elif name == "mexican_train":
                wins += seat in end["winner"] if isinstance(end["winner"], list) else (
                    end["winner"] == seat)
            else:
                wins += end["winner"] == seat
            bids += sum(1 for line in r if line.get("event") == "hand_end"
                        and line["bidder"] == seat)
        assert (g.played, g.won) == (3, wins)
        if name != "mexican_train":
            assert sum(b.total for b in g.bid_rows()) == bids
    train = stats.games["mexican_train"]
    points = [line["points"][0] for r in records if r[0]["game"] == "mexican_train"
              for line in r if line.get("event") == "round_end"]
    assert train.best_round.points == min(points) and train.worst_round.points == max(points)


def test_collect_reads_saves_and_history_skips_broken_and_duplicates(tmp_path):
    moon = with_human("moon", 5, {"target": 7})
    t42 = with_human("texas42", 6, {"target": "marks:1"})
    write(tmp_path / "saves" / "moon-1.jsonl", moon)
    write(tmp_path / "history" / "moon-1.jsonl", moon)                  # the same game twice
    write(tmp_path / "history" / "texas42-1.jsonl", t42)
    write(tmp_path / "saves" / "moon-unfinished.jsonl", moon[:20])
    (tmp_path / "history" / "broken.jsonl").write_text("{not json\n", encoding="utf-8")
    (tmp_path / "history" / "notes.txt").write_text("ignored", encoding="utf-8")
    stats = collect([tmp_path / "saves", tmp_path / "history", tmp_path / "missing"])
    assert stats.games["moon"].played == 1 and stats.games["texas42"].played == 1
    assert stats.unfinished == 1
    assert len(stats.unreadable) == 1 and "broken.jsonl" in stats.unreadable[0]
    assert stats.games["moon"].best_round is None
    assert isinstance(collect([]), Statistics) and collect([]).played == 0


# -- the screen -----------------------------------------------------------------------------------

def test_bar_chart_writes_values_and_draws_with_characters():
    chart = BarChart([Bar("Moon", 0.5, "50%  won 1 of 2"), Bar("Texas 42", None, "no games")])
    assert chart.bar_text(0.5, 10) == ("█" * 5, "░" * 5)
    assert chart.bar_text(0.01, 10)[0] == "█"          # a small value never looks like zero
    assert chart.bar_text(None, 4) == ("", "    ")
    chart.ascii = True
    assert chart.bar_text(1.0, 4) == ("####", "")


def test_overview_and_bid_bars_carry_numbers_as_text():
    records = [[header("moon"), moon_hand(0, 5, True), moon_hand(0, 5, False),
                {"event": "game_end", "winner": 0, "scores": [21, 0, 0]}]]
    stats = from_records(records)
    bars = overview_bars(stats)
    assert bars[0] == Bar("Three-Player Moon", 1.0, "100%  won 1 of 1")
    assert bars[1].fraction is None and bars[1].value == "no games yet"
    assert bid_bars(stats.games["moon"]) == [Bar("5", 0.5, "made 1 · set 1  (50% made)")]


def chart_text(screen, page: str) -> str:
    return str(screen.query_one(f"#chart-{page}", BarChart).render())


async def test_statistics_screen_from_the_title_by_keys(tmp_path):
    write(tmp_path / "history" / "moon-a.jsonl", with_human("moon", 1, {"target": 7}))
    write(tmp_path / "saves" / "moon-b.jsonl", with_human("moon", 2, {"target": 7}))
    write(tmp_path / "history" / "train.jsonl",
          with_human("mexican_train", 3, {"players": 2, "set": 9, "rounds": 2}))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatisticsScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.stats is not None and screen.stats.played == 3
        text = str(screen.query_one("#stats-all .stats-text").render())
        assert "Games played 3" in text
        overview = chart_text(screen, "all")
        assert "Three-Player Moon" in overview and "of 2" in overview
        assert "█" in overview or "░" in overview
        await pilot.press("2")
        await pilot.pause()
        assert screen.page == "moon" and "[ 2 Moon ]" in str(
            screen.query_one("#stats-tabs").render())
        moon_text = str(screen.query_one("#stats-moon .stats-text").render())
        assert "Played 2" in moon_text and "Average final score" in moon_text
        await pilot.press("right", "right")
        await pilot.pause()
        assert screen.page == "mexican_train"
        train_text = str(screen.query_one("#stats-mexican_train .stats-text").render())
        assert "Best round" in train_text and "Worst round" in train_text
        assert "pips" in chart_text(screen, "mexican_train")
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_statistics_screen_with_no_games_says_so(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(StatisticsScreen())
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert "No finished games yet" in str(screen.query_one("#stats-all .stats-text").render())
        assert "no games yet" in chart_text(screen, "all")
        await pilot.press("3")
        await pilot.pause()
        assert "No finished Texas 42 games yet" in str(
            screen.query_one("#stats-texas42 .stats-text").render())
