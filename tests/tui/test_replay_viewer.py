"""The replay viewer: the engine's open table at every step, jumps by trick and hand, playback."""

from __future__ import annotations

import json
import random

import pytest
from textual.app import App
from textual.screen import Screen

from core.records import parse_record, read_record
from core.registry import game_class
from core.replay import Replay, replay_lines
from core.simulate import LegalMoveBot, bot_players, simulate
from tui.screens.replay import (
    DEFAULT_SPEED,
    SPEEDS,
    ReplayScreen,
    TrainReplayScreen,
    open_replay,
    replay_screen,
)
from tui.widgets.replay_table import ReplayTable, tile_label

GAMES = [("moon", {"target": 7}), ("texas42", {"target": "marks:2"}),
         ("mexican_train", {"rounds": 2, "players": 3})]


def live_game(name: str, options: dict, seed: int):
    """A game played by legal-move bots, with every position's true hands kept."""
    game = game_class(name)(options=options, seed=seed)
    rng = random.Random(seed)
    bot = LegalMoveBot()
    snapshots = {}
    game.start()
    while True:
        n = len(game.history)
        hands = [sorted(str(t) for t in game.view(p).hand) for p in range(game.num_players)]
        snapshots[n] = (game.phase, game.current_player, hands)
        if game.is_over:
            break
        game.apply(bot.choose(None, game.legal_actions(), rng))
    return game, snapshots


def model_of(game) -> Replay:
    header = game.header(bot_players(game.num_players))
    return replay_lines(header, [e.to_record() for e in game.history])


def ends(model: Replay) -> list[int]:
    """How many record lines have happened at each position."""
    out, count = [], 0
    for position in model.positions:
        count += len(position.events)
        out.append(count)
    return out


def lines_of(model: Replay) -> list[dict]:
    return [line for position in model.positions for line in position.events]


@pytest.mark.parametrize("name,options", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_replay_table_shows_every_hand_as_the_engine_holds_it(name, options, seed):
    game, snapshots = live_game(name, options, seed)
    model = model_of(game)
    assert ends(model)[-1] == len(game.history)
    checked = 0
    for position, count in enumerate(ends(model)):
        if position == 0 or count not in snapshots:
            continue                       # the hand as it ended: within a decision's lines
        phase, to_act, hands = snapshots[count]
        table = model.table(position)
        shown = [sorted(h) for h in table.hands]
        if phase == "widow":      # the bidder holds the widow too until the discard line
            shown[to_act] = sorted(shown[to_act] + [table.widow])
        assert shown == hands, f"position {position}"
        checked += 1
    assert checked >= model.length - 2 * len(model.hand_stops)


@pytest.mark.parametrize("name,options", GAMES)
def test_replay_scores_follow_the_hand_ends_and_the_end_is_the_game_end(name, options):
    game, _ = live_game(name, options, 5)
    model = model_of(game)
    end = model.table(model.length)
    assert end.over
    final = game.history[-1].to_record()
    assert final["event"] == "game_end"
    assert list(end.scores) == final["scores"] and end.winner == final["winner"]
    for position in model.positions:
        line = next((l for l in position.events if l["event"] in ("hand_end", "round_end")),
                    None)
        if line is None:
            continue
        expected = line.get("totals", line.get("scores"))
        table = model.table(position.index)
        assert list(table.scores) == expected and table.result == line
        # The scores stay through the next hand until its end.
        nxt = model.next_hand(position.index)
        if nxt < model.length:
            assert list(model.table(nxt).scores) == expected
            assert model.table(nxt).result is None


@pytest.mark.parametrize("name,options", GAMES[:2])
def test_trick_stops_land_just_after_each_trick(name, options):
    game, _ = live_game(name, options, 3)
    model = model_of(game)
    tricks = [p.index for p in model.positions if "trick" in p.kinds()]
    assert model.trick_stops == tricks
    for stop in model.trick_stops:
        table = model.table(stop)
        line = next(l for l in model.events(stop) if l["event"] == "trick")
        assert table.trick == ()
        assert table.last_trick["tiles"] == line["tiles"]
        assert table.last_trick["winner"] == line["winner"]
        assert table.marked == model.events(stop)[0]["tile"]    # the play that ended it
    # In the middle of a trick, the tiles played so far are on the table in order.
    middle = tricks[0] - 1
    plays = [(l["player"], l["tile"]) for p in model.positions[:middle + 1]
             for l in p.events if l["event"] == "play"]
    assert list(model.table(middle).trick) == plays


def test_train_turn_stops_end_each_players_turn_and_trains_follow_the_plays():
    game, _ = live_game("mexican_train", {"rounds": 1, "players": 4}, 8)
    model = model_of(game)
    acting = [p for p in model.positions if p.command is not None]
    for stop in model.trick_stops:
        if "round_end" in model.positions[stop].kinds():
            continue
        later = [p for p in acting if p.index > stop]
        if later:
            assert later[0].command.player != model.positions[stop].command.player
    table = model.table(model.length)
    laid = sum(len(t.pairs) for t in table.trains.values())
    assert laid == sum(1 for l in lines_of(model) if l["event"] == "play")
    for train in table.trains.values():    # each tile meets the one before it
        end = int(table.engine.split("-")[0])
        for a, b in train.pairs:
            assert a == end
            end = b
        assert train.open_end == end


def test_jumps_go_to_the_next_and_previous_stop_and_clamp_at_the_ends():
    game, _ = live_game("moon", {"target": 7}, 4)
    model = model_of(game)
    first_hand, second_hand = model.hand_stops[:2]
    assert model.next_hand(0) == first_hand
    assert model.next_hand(first_hand) == second_hand
    assert model.previous_hand(second_hand) == first_hand
    assert model.previous_hand(first_hand) == 0
    assert model.next_hand(model.length) == model.length
    assert model.next_trick(model.trick_stops[-1]) == model.length
    assert model.previous_trick(model.trick_stops[0]) == 0


def test_narration_tells_every_play_and_the_log_ends_at_the_position():
    game, _ = live_game("texas42", {"target": "marks:1"}, 2)
    model = model_of(game)
    plays = [p.index for p in model.positions if "play" in p.kinds()]
    assert all(model.narration[i] for i in plays)
    said = model.sentences(plays[3], 3)
    assert said[-1][0] == plays[3] and len(said) == 3
    assert model.sentences(0, 3) == []


# -- the screen ----------------------------------------------------------------------------

class ViewerApp(App):
    def __init__(self, record, start=None):
        super().__init__()
        self.record = record
        self.start = start

    def on_mount(self):
        self.push_screen(replay_screen(self.record, "game.jsonl", start=self.start))


def record_of(name: str, options: dict, seed: int):
    lines = simulate(name, seed, options)
    return parse_record("".join(json.dumps(l) + "\n" for l in lines), "game.jsonl")


def table_plain(screen: ReplayScreen) -> str:
    return screen.query_one("#replay-table", ReplayTable).plain


@pytest.mark.parametrize("name,options", GAMES)
async def test_viewer_steps_by_event_trick_and_hand_with_keys(name, options):
    record = record_of(name, options, 6)
    app = ViewerApp(record)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert isinstance(screen, TrainReplayScreen) == (name == "mexican_train")
        model = screen.model
        start = model.hand_stops[0]
        assert screen.position == start
        # Every hand is on screen, as dealt.
        deal = next(l for l in record.lines if l["event"] == "deal")
        text = table_plain(screen)
        for hand in deal["hands"]:
            for tile in hand:
                assert tile_label(tile) in text
        await pilot.press("right", "right", "l")
        assert screen.position == start + 3
        await pilot.press("left", "h")
        assert screen.position == start + 1
        await pilot.press("down")
        assert screen.position == model.next_trick(start + 1)
        here = screen.position
        await pilot.press("up")
        assert screen.position == model.previous_trick(here)
        await pilot.press("g", "n")
        assert screen.position == model.hand_stops[0]
        await pilot.press("n")
        assert screen.position == model.hand_stops[1]
        await pilot.press("p")
        assert screen.position == model.hand_stops[0]
        await pilot.press("G")
        assert screen.position == model.length
        assert "GAME OVER" in table_plain(screen)
        await pilot.press("right")
        assert screen.position == model.length
        await pilot.press("g")
        assert screen.position == 0
        await pilot.press("left")
        assert screen.position == 0


async def test_viewer_plays_back_at_a_chosen_speed_and_pauses():
    record = record_of("moon", {"target": 7}, 2)
    app = ViewerApp(record)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.speed == DEFAULT_SPEED
        for _ in range(len(SPEEDS) + 2):
            await pilot.press("plus")
        assert screen.speed == len(SPEEDS) - 1            # clamped at the fastest
        assert "16×" in screen.position_text.plain
        # Back to 2× to play: a pilot key press waits for the app to be idle, which it is
        # not while the fastest speeds step the short record to its end.
        for _ in range(len(SPEEDS) - 1 - (DEFAULT_SPEED + 1)):
            await pilot.press("minus")
        assert screen.speed == DEFAULT_SPEED + 1
        start = screen.position
        await pilot.press("space")
        assert screen.playing
        assert "playing 2×" in screen.position_text.plain
        # Wait for the timer to move it on (polled, so a loaded machine cannot flake it).
        for _ in range(200):
            if screen.position > start + 2:
                break
            await pilot.pause(0.02)
        assert screen.position > start + 2
        await pilot.press("space")
        assert not screen.playing
        paused_at = screen.position
        await pilot.pause(0.2)
        assert screen.position == paused_at
        await pilot.press("minus", "minus")
        assert screen.speed == DEFAULT_SPEED - 1
        # Played to the end, playback stops by itself there.
        screen.go(screen.model.length - 2)
        for _ in range(len(SPEEDS)):
            await pilot.press("plus")
        await pilot.press("space")
        for _ in range(200):
            if not screen.playing:
                break
            await pilot.pause(0.02)
        assert screen.position == screen.model.length and not screen.playing


async def test_viewer_shows_the_widow_and_marks_the_tile_just_played():
    record = record_of("moon", {"target": 7}, 9)
    steps = replay_lines(record.header, record.lines)
    widow_at = next(p.index for p in steps.positions if "widow" in p.kinds())
    app = ViewerApp(record, start=widow_at - 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        widow = steps.events(widow_at)[0]
        line_at = record.lines.index(widow)
        deal = next(l for l in record.lines[:line_at][::-1] if l["event"] == "deal")
        assert f"Widow: {tile_label(deal['widow'])} (face down)" in table_plain(screen)
        await pilot.press("right")
        text = table_plain(screen)
        assert f"{tile_label(widow['took'])} taken; laid aside: {tile_label(widow['discarded'])}" \
            in text
        play = next(i for i in range(widow_at, steps.length + 1)
                    if "play" in steps.positions[i].kinds())
        screen.go(play)
        await pilot.pause()
        tile = tile_label(steps.events(play)[0]["tile"])
        assert tile in table_plain(screen).split("Trick:")[1]


async def test_viewer_at_80x24_fits_and_q_closes_it():
    record = record_of("mexican_train", {"rounds": 1, "players": 8}, 3)

    class Host(App):
        def on_mount(self):
            self.push_screen(Screen())            # a title screen underneath
            self.push_screen(replay_screen(record))

    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        for _ in range(10):
            await pilot.press("down")
        assert screen.position > 0
        await pilot.resize_terminal(60, 15)
        await pilot.press("down")
        await pilot.resize_terminal(80, 24)
        await pilot.press("q")
        await pilot.pause()
        assert not isinstance(app.screen, ReplayScreen) and app.is_running


async def test_open_replay_refuses_a_broken_record_naming_file_and_line(tmp_path):
    path = tmp_path / "bad.jsonl"
    lines = simulate("texas42", 4, {"target": "marks:1"})
    lines[5]["player"] = (lines[5]["player"] + 1) % 4      # a bid out of turn
    path.write_text("".join(json.dumps(l) + "\n" for l in lines))
    said = []

    class Host(App):
        def on_mount(self):
            self.opened = open_replay(self, path)

        def notify(self, message, **kwargs):
            said.append(message)

    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.opened is False
        assert not isinstance(app.screen, ReplayScreen)
    assert said and str(path) in said[0] and "line 6" in said[0]
    assert read_record(path).lines[4]["player"] == lines[5]["player"]   # the file is untouched


async def test_help_in_the_viewer_lists_the_replay_keys():
    from tui.screens.help import HelpScreen, help_text
    record = record_of("texas42", {"target": "marks:1"}, 2)
    app = ViewerApp(record)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("right", "space")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.replay
        viewer = app.screen_stack[-2]
        assert not viewer.playing                      # playback pauses under help
    text = help_text("texas42", replay=True).plain
    for keys in ("→ / ←", "↓ / ↑", "n / p", "g / G", "Space", "+ / -"):
        assert keys in text
