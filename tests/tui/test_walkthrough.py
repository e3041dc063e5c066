"""The first-game walkthrough: friendly deals on the real engines, the guide's explanations and
suggestions (core.walkthrough), and the guided hand through the UI by keys."""

from __future__ import annotations

import random

import pytest

from core.commands import Play
from core.walkthrough import WALKTHROUGHS, Guide, walkthrough_for
from tests.tui_pilot import game_screen, make_app, settle
from tui.play.preferences import Preferences
from tui.play.session import make_bot_for
from tui.screens.game_base import GameScreen
from tui.screens.title import TitleScreen
from tui.screens.walkthrough import (
    WalkthroughDone,
    WalkthroughIntro,
    WalkthroughMixin,
    WalkthroughOffer,
    lesson_text,
    offer_walkthrough,
)

GAMES = ("moon", "texas42", "mexican_train")
DIALOGS = {"BiddingDialog", "WidowDialog", "TrumpDialog", "HandSummaryScreen"}


def play_guided(game: str, follow: float = 1.0, seed: int = 0, level: str = "easy"):
    """Play a walkthrough headless: the human takes the suggestion with probability ``follow``
    (else a random legal move), bots at ``level``. Returns (guide, lessons, game)."""
    walkthrough = walkthrough_for(game)
    game_obj = walkthrough.new_game()
    guide = Guide(walkthrough)
    rng = random.Random(seed)
    events = game_obj.start()
    bots = {p: make_bot_for(game, level) for p in range(1, game_obj.num_players)}
    lessons = []
    for index in range(500):
        view = game_obj.view(0)
        lesson = guide.update(view, events)
        lessons.append(lesson)
        if lesson.finished:
            return guide, lessons, game_obj
        player = game_obj.current_player
        if player == 0:
            assert lesson.suggestion in view.legal, (lesson, view.legal)
            command = lesson.suggestion if rng.random() < follow else rng.choice(view.legal)
        else:
            bot_view = game_obj.view(player)
            command = bots[player].choose(   # seeded as GameSession.bot_rng seeds them
                bot_view, list(bot_view.legal),
                random.Random(f"{game_obj.seed + seed}:{player}:{index}"))
        events = game_obj.apply(command)
    raise AssertionError("the walkthrough did not end")


# -- the friendly deals ---------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_walkthrough_deal_is_dealt_by_the_real_engine(game):
    walkthrough = walkthrough_for(game)
    played = walkthrough.new_game()
    lines = [e.to_record() for e in played.start()]
    deal = next(line for line in lines if line["event"] == "deal")
    preset = walkthrough.deal
    assert [sorted(h) for h in deal["hands"]] == [sorted(str(t) for t in h)
                                                  for h in preset["hands"]]
    assert played.current_player == 0          # the human decides first
    assert walkthrough.levels[0] == "human"


@pytest.mark.parametrize("game", GAMES)
def test_following_the_guide_wins_the_friendly_hand(game):
    guide, lessons, _ = play_guided(game)
    assert guide.finished
    assert lessons[-1].finished
    expected = {"moon": "made it", "texas42": "the bid was made",
                "mexican_train": "You went out"}[game]
    assert expected in guide.result


@pytest.mark.parametrize("game", GAMES)
def test_guide_suggests_a_legal_move_whatever_the_player_does(game):
    for seed in range(8):
        guide, _, _ = play_guided(game, follow=0.3, seed=seed)
        assert guide.finished


# -- what the guide explains ---------------------------------------------------------------

def all_text(lessons) -> str:
    return "\n".join(lesson_text(lesson).plain for lesson in lessons)


def test_moon_guide_explains_bidding_widow_trumps_and_following():
    _, lessons, _ = play_guided("moon")
    text = all_text(lessons)
    assert "shoot the moon" in text and "widow" in text
    assert "every tile carrying that number is a trump" in text
    follow = [lesson for lesson in lessons if lesson.title == "Follow suit"]
    assert follow and "You must follow" in follow[0].text
    assert "won trick 1 with 6-6: the highest trump played" in text
    assert lessons[0].suggestion.bid == 5


def test_texas42_guide_explains_the_count_and_the_trick_points():
    _, lessons, _ = play_guided("texas42")
    text = all_text(lessons)
    assert "count" in text and "5-5 and 6-4 are worth 10" in text
    assert "You hold 20 count (6-4 and 5-5)" in text
    assert "(1 for the trick, 10 count)" in text


def test_mexican_train_guide_explains_doubles_blocking_trains():
    _, lessons, _ = play_guided("mexican_train")
    text = all_text(lessons)
    assert "a double left open blocks every train" in text
    assert "Start a train" in text
    suggested = [lesson.suggestion for lesson in lessons if isinstance(lesson.suggestion, Play)]
    assert [str(c.tile) for c in suggested[:3]] == ["9-5", "5-5", "5-3"]
    assert all(c.train == 0 for c in suggested[:3])


def test_a_topic_is_explained_in_full_once_and_a_redraw_repeats_the_same_lesson():
    walkthrough = walkthrough_for("moon")
    game = walkthrough.new_game()
    guide = Guide(walkthrough)
    events = game.start()
    first = guide.update(game.view(0), events)
    assert guide.update(game.view(0), []) is first          # a redraw: same lesson
    assert "one turn each" in first.text


def test_an_open_double_left_by_another_player_is_explained():
    """A bot leaves a double open on its train: the human's turn says it blocks."""
    from core.commands import Draw
    from core.mexican_train.engine import MexicanTrainGame
    from core.tiles import Tile
    walkthrough = walkthrough_for("mexican_train")
    deal = {"round": 1, "engine": Tile(9, 9), "first_player": 1,
            "hands": [[Tile(9, 5), Tile(8, 3)], [Tile(9, 8), Tile(8, 8), Tile(1, 0)],
                      [Tile(9, 7), Tile(7, 2)]],
            "boneyard": [Tile(6, 0), Tile(5, 1)]}
    game = MexicanTrainGame(options=walkthrough.options, seed=1, deals=[deal])
    guide = Guide(walkthrough)
    events = game.start()
    guide.update(game.view(0), events)
    events = game.apply(Play(1, Tile(9, 8), 1))
    events += game.apply(Play(2, Tile(9, 7), 2))
    lesson = guide.update(game.view(0), events)        # the human starts a train
    events = game.apply(lesson.suggestion)
    events += game.apply(Play(1, Tile(8, 8), 1))      # a double, then nothing fits:
    events += game.apply(Draw(1))                     # 1-0 cannot go anywhere, draw 6-0
    events += game.apply(game.legal_actions()[0])     # player 2: draw or play
    while game.current_player != 0:
        events += game.apply(game.legal_actions()[0])
    lesson = guide.update(game.view(0), events)
    assert lesson.title == "An open double blocks"
    assert "8-8" in lesson.text and "nobody may play on any other train" in lesson.text
    assert lesson.suggestion == Play(0, Tile(8, 3), 1)


# -- through the UI -------------------------------------------------------------------------

async def check_panel_and_a_refused_tile(pilot, screen) -> None:
    """On the Moon walk: the guide replaces the scores (e swaps them), and a tile the
    rules refuse shows the core's reason and changes nothing."""
    panel = screen.query_one("#guide")
    assert panel.display and not screen.query_one("#scoreboard").display
    await pilot.press("e")
    assert not panel.display and screen.query_one("#scoreboard").display
    await pilot.press("e")
    assert panel.display and "Suggested" in panel.text
    view = screen.session.view()
    legal = {c.tile for c in view.legal}
    wrong = next(i for i, t in enumerate(view.hand) if t not in legal)
    index = screen.session.decision_index
    await pilot.press(str(wrong + 1), "enter")
    await pilot.pause()
    assert "You must follow" in str(screen.status.render())
    assert screen.session.decision_index == index
    screen._preselect(screen.lesson)            # back to the suggested tile
    # a lesson longer than the panel says so at its foot, and PgDn / PgUp scroll it
    from core.walkthrough import Lesson
    lesson = panel.lesson
    panel.show(Lesson("Long", "\n".join(f"line {i}" for i in range(60))))
    await pilot.pause()
    await pilot.pause()
    more = panel.query_one("#guide-more")
    assert more.display and "more: PgDn" in str(more.render())
    await pilot.press("pagedown")
    await pilot.pause()
    assert panel.scroll_y > 0 and "PgUp" in str(more.render())
    await pilot.press("pageup")
    await pilot.pause()
    assert panel.scroll_y == 0
    panel.show(lesson)
    await pilot.pause()
    await pilot.pause()
    assert not more.display or panel.max_scroll_y > 0


async def walk_by_keys(pilot, app, game: str) -> dict:
    """Start the walkthrough from the title (pick the game, w) and play it to its end by keys."""
    await pilot.press(str(GAMES.index(game) + 1), "w")
    seen: dict[str, int] = {}
    result = {}
    for _ in range(400):
        await settle(pilot)
        screen = app.screen
        name = type(screen).__name__
        seen[name] = seen.get(name, 0) + 1
        if isinstance(screen, WalkthroughIntro):
            await pilot.press("enter")
        elif isinstance(screen, WalkthroughDone):
            result["text"] = str(screen.query_one("#page-text").render())
            result["guided"] = game_screen(app)
            await pilot.press("x")
            await settle(pilot)
            result["seen"] = seen
            return result
        elif name in DIALOGS:
            await pilot.press("enter")
        elif isinstance(screen, GameScreen):
            session = screen.session
            assert isinstance(screen, WalkthroughMixin)
            if screen.waiting_for_key:
                await pilot.press("space")
            elif session.is_human_turn():
                view = session.view()
                legal = list(view.legal)
                if screen.lesson.title == "Follow suit" and "follow" not in seen:
                    seen["follow"] = 1
                    await check_panel_and_a_refused_tile(pilot, screen)
                if game == "mexican_train" and not any(isinstance(c, Play) for c in legal):
                    await pilot.press("d" if type(legal[0]).__name__ == "Draw" else "p")
                elif view.phase in ("bid", "widow", "trump"):
                    await pilot.press("b")
                else:
                    await pilot.press("enter")       # the suggested tile is already chosen
                key = f"human:{view.phase}"
                seen[key] = seen.get(key, 0) + 1
            else:
                raise AssertionError(f"stuck: {session.game.phase}, {session.current_player}")
        else:
            raise AssertionError(f"unexpected screen {name}")
    raise AssertionError("the walkthrough did not end")


@pytest.mark.parametrize("game", GAMES)
async def test_walkthrough_walked_to_its_end_by_keys(tmp_path, game):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        result = await walk_by_keys(pilot, app, game)
        screen = result["guided"]
        assert screen.guide.finished
        assert isinstance(app.screen, TitleScreen)
        assert not screen.is_attached
        expected = {"moon": "made it", "texas42": "the bid was made",
                    "mexican_train": "You went out"}[game]
        assert expected in result["text"]
        # The human played the suggestions: the same result as following the guide headless.
        assert play_guided(game)[0].result == screen.guide.result
        if game != "mexican_train":
            assert result["seen"]["human:bid"] == 1 and result["seen"]["human:trump"] == 1
            assert result["seen"].get("BiddingDialog", 0) >= 1
            assert result["seen"].get("follow") == 1       # the refused tile was tried
    assert not (tmp_path / "saves").exists() or not list((tmp_path / "saves").iterdir())


async def test_first_choice_of_a_game_offers_the_walkthrough_once(tmp_path):
    app = make_app(tmp_path, offer_walkthroughs=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2", "enter")
        await pilot.pause()
        assert isinstance(app.screen, WalkthroughOffer)
        await pilot.press("g")                                  # the guided hand
        await settle(pilot)
        assert isinstance(app.screen, WalkthroughIntro)
        assert isinstance(game_screen(app), WalkthroughMixin)
        await pilot.press("x")                                  # leave it at once
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        assert not offer_walkthrough(app, "texas42")            # offered once only
        await pilot.press("3", "enter")
        await pilot.pause()
        assert isinstance(app.screen, WalkthroughOffer)
        await pilot.press("p")                                  # play a real game now
        await settle(pilot)
        assert game_screen(app).session.game.name == "mexican_train"
        assert not isinstance(game_screen(app), WalkthroughMixin)
    saved = Preferences.load(tmp_path / "preferences.json")
    assert saved.walkthroughs_offered == ["texas42", "mexican_train"]


async def test_a_guided_hand_taken_with_w_is_not_offered_again(tmp_path):
    app = make_app(tmp_path, offer_walkthroughs=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "w")                             # Moon's guided hand
        await settle(pilot)
        assert isinstance(game_screen(app), WalkthroughMixin)
        await pilot.press("x")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("1", "enter")                         # a real game at once
        await settle(pilot)
        assert not isinstance(app.screen, WalkthroughOffer)
        assert game_screen(app).session.game.name == "moon"
        assert not isinstance(game_screen(app), WalkthroughMixin)


def test_apps_given_preferences_do_not_offer_unless_asked(tmp_path):
    assert make_app(tmp_path).offer_walkthroughs is False
    assert not offer_walkthrough(make_app(tmp_path), "moon")
    assert make_app(tmp_path, offer_walkthroughs=True).offer_walkthroughs is True
    assert set(WALKTHROUGHS) == set(GAMES)


@pytest.mark.parametrize("game,phase", [("moon", "bid"), ("moon", "widow"), ("moon", "trump"),
                                        ("texas42", "bid"), ("texas42", "trump")])
async def test_x_leaves_the_guided_hand_from_inside_a_dialog(tmp_path, game, phase):
    """The table's x leaves the walkthrough; inside a bid, widow or trump dialog it does too,
    and the dialog says so."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(str(GAMES.index(game) + 1), "w")
        for _ in range(60):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, WalkthroughIntro):
                await pilot.press("enter")
            elif type(screen).__name__ in DIALOGS:
                if screen.view.phase == phase:
                    break
                await pilot.press("enter")                 # the suggestion: on to the next
            elif isinstance(screen, GameScreen) and screen.session.is_human_turn():
                await pilot.press("b")
            else:
                raise AssertionError(f"unexpected screen {type(screen).__name__}")
        else:
            raise AssertionError(f"no {phase} dialog")
        dialog = app.screen
        guided = game_screen(app)
        assert "x" in dialog.active_bindings                    # in its footer
        hint = str(dialog.query_one("#dialog-hint").render())
        assert "x: leave the guided hand" in hint and "t: back to the table" in hint
        await pilot.press("x")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        assert not guided.is_attached and not dialog.is_attached


# -- the guide's words ------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_the_guide_speaks_to_you_in_the_second_person_and_counts_right(game):
    """Whatever the player does, no "You takes", "You was set", "1 tricks", no two spaces."""
    from tests.tui.test_wording_games import assert_well_said
    results = []
    for seed, follow in [(0, 1.0)] + [(s, 0.3) for s in range(6)]:
        guide, lessons, _ = play_guided(game, follow=follow, seed=seed)
        said = [guide.result]
        for lesson in lessons:
            said += [lesson.title, lesson.text, lesson.advice, *lesson.notes]
        assert_well_said([s for s in said if s])
        results.append(guide.result)
    assert all(r.startswith(("Hand over:", "You went out", "Round over", "West", "East"))
               for r in results)
    if game == "moon":
        assert any(r.startswith("Hand over: You bid") for r in results)
