"""Whole games told in words, with the human "You" in seat 0: never "You takes", never
two spaces in a row, never "Pass pass", never "1 more choices".

Every game is narrated for the human (viewer 0) and in review (everything shown); the
replay viewer's table is read at every position; the hand review of every hand; the
hint of a 42 bid; and a whole game of each is played in the app, the table's captions,
the scoreboard, the status line and the Mexican Train news read after every move.
"""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from core.commands import MARK, Bid, Discard, Draw, NameTrump, Pass
from core.narration import narrate, split_hands
from core.registry import game_class
from core.replay import replay_lines
from core.simulate import simulate_game
from tests.tui_pilot import DIALOG_SCREENS, game_screen, make_app, settle
from tui.play.session import GameSession, Seat
from tui.screens.game_base import GameScreen
from tui.screens.hand_review import review_renderables
from tui.screens.hint import compute_hint, hint_renderable, hint_rng, hint_text
from tui.screens.trick_table import TrickTableScreen
from tui.widgets.replay_table import table_text

THREE = ["You", "West", "East"]
FOUR = ["You", "West", "North", "East"]
GAMES = [
    ("moon", {"target": 21}, THREE),
    ("moon", {"target": 7, "all_pass": "redeal"}, THREE),
    ("texas42", {"target": "marks:3", "nello": True, "plunge": True, "sevens": True}, FOUR),
    ("texas42", {"target": "points:250"}, FOUR),
    ("mexican_train", {"rounds": 3, "players": 3}, THREE),
    ("mexican_train", {"rounds": 2, "players": 4}, FOUR),
]
IDS = ["moon", "moon-short", "texas42-variants", "texas42-points", "train-3", "train-4"]

# "You" followed by a third-person verb ("You takes", "You bids", "You wins", "You has",
# "You was", "You is"); "You pass", "You discuss" are fine.
YOU_THIRD = re.compile(r"\bYou (?!\w*ss\b)[a-z]+s\b")
ONE_MANY = re.compile(r"(?<![\w.-])1 (?:more )?(?:choices|points|tricks|tiles|marks|pips|"
                      r"deals|games|rounds|hands)\b")
PASS_PASS = re.compile(r"\bpass\b\W*\bpass", re.IGNORECASE)


def wrong(sentence: str, *, spaces: bool = True) -> list[str]:
    """What is wrong with ``sentence`` (nothing: ``[]``)."""
    found = []
    if YOU_THIRD.search(sentence):
        found.append("You + a third-person verb")
    if "You's" in sentence:
        found.append("You's")
    if spaces and "  " in sentence:
        found.append("two spaces in a row")
    if PASS_PASS.search(sentence):
        found.append("Pass pass")
    if ONE_MANY.search(sentence):
        found.append("a plural after 1")
    return found


def assert_well_said(sentences, *, spaces: bool = True) -> int:
    bad = [(s, wrong(s, spaces=spaces)) for s in sentences if wrong(s, spaces=spaces)]
    assert not bad, bad[:5]
    return len(sentences)


def test_the_checks_catch_what_they_are_for():
    for sentence in ("You takes the widow", "Hand 1: You bids first.", "You wins the game.",
                     "You was set", "You has one tile left.", "You's turn"):
        assert wrong(sentence), sentence
    assert wrong("West  drew") == ["two spaces in a row"]
    assert wrong("Pass  pass") and wrong("Pass pass: the shaker then takes 30")
    assert wrong("… and 1 more choices, rated lower.") == ["a plural after 1"]
    assert wrong("won by West (1 points)") == ["a plural after 1"]
    for sentence in ("You take the widow", "You pass", "West passed.", "You were set: 3 of 5.",
                     "… and 1 more choice, rated lower.", "… and 11 more choices",
                     "Player 1 takes the widow", "You drew 6-4 from the boneyard (1 left)."):
        assert not wrong(sentence), sentence


def printed(*renderables) -> str:
    """What the renderables look like on a 100-column screen, as text."""
    out = io.StringIO()
    console = Console(width=100, file=out, color_system=None)
    for part in renderables:
        console.print(part)
    return out.getvalue()


def finished(game: str, options: dict, seed: int):
    return simulate_game(game, seed, options)


@pytest.mark.parametrize("game,options,names", GAMES, ids=IDS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_game_narrated_for_you_and_in_review(game, options, names, seed):
    played = finished(game, options, seed)
    told = 0
    for viewer in (0, None):
        lines = narrate(game, played.history, names, viewer=viewer, options=played.options)
        told += assert_well_said(lines)
        assert any(line.startswith("You ") for line in lines)
    assert told > 100


def test_the_narration_speaks_to_you_in_every_role():
    """Over a few games "You" bids first, shakes, takes the widow, wins and is dealt."""
    said = []
    for seed in range(1, 7):
        for game, options, names in GAMES:
            played = finished(game, options, seed)
            said += narrate(game, played.history, names, viewer=None, options=played.options)
    text = "\n".join(said)
    for phrase in ("You bid first.", "You shake", "You were dealt", "You play first.",
                   "You took the widow", "You started your train", "You named"):
        assert phrase in text, phrase
    assert re.search(r"You (win|won|played your last tile)", text)


@pytest.mark.parametrize("game,options,names", GAMES[::2], ids=IDS[::2])
def test_the_replay_table_at_every_position_and_the_review_of_every_hand(game, options, names):
    played = finished(game, options, 4)
    header = played.header([{"name": n, "kind": "human" if i == 0 else "bot",
                             "level": None if i == 0 else "easy"} for i, n in enumerate(names)])
    model = replay_lines(header, [e.to_record() for e in played.history])
    rows = []
    for position in range(model.length + 1):
        for row in table_text(model.table(position), model.names).plain.split("\n"):
            # a player's row starts with the name in a padded column: the rest is words
            if row.startswith(("▶ ", "  ")):
                row = re.sub(r"^. \S+( \d+)? +", "", row)
            rows.append(row.strip())
    assert_well_said(rows)
    role = {"moon": r"· (You bid|\S+ bids) first", "texas42": r"· (You shake|\S+ shakes)",
            "mexican_train": r"· \S+ first"}[game]
    assert any(re.search(role, r) for r in rows)
    if game == "mexican_train":
        assert any(r.startswith("hold ") for r in rows)        # "You hold 5: ..."
    for hand in split_hands(played.history):
        text = printed(*review_renderables(game, hand, names, played.options))
        # columns are padded; the sentences (bidding, contract, result, play by play) are not
        assert_well_said([line.strip() for line in text.split("\n")], spaces=False)
        assert_well_said([line.strip() for line in text.split("\n")
                          if line.strip().endswith((".", "!"))])


def test_a_hint_never_says_pass_twice_and_counts_the_choices_left():
    game = game_class("texas42")(options={}, seed=5)
    game.start()
    player = game.current_player
    view = game.view(player)
    hint = compute_hint("texas42", view, view.legal, hint_rng(game, player, 0),
                        {"samples": 4, "nodes": 2000}, FOUR)
    assert any(row.label == "Pass" for row in hint.rows)
    for limit in (len(hint.rows) - 1, len(hint.rows) - 2, 12):
        plain = hint_text(hint, limit).plain
        shown = printed(hint_renderable(hint, limit))
        for text in (plain, shown):
            lines = [line.strip() for line in text.split("\n")]
            assert_well_said(lines, spaces=False)
            assert not re.search(r"Suggestion: .*\S  \(", text)
            # the row of Pass: its figure, then a reason that does not say "pass" again
            row = next(line for line in lines if re.match(r"(▶ ?)?Pass\b", line))
            assert not re.search(r"\bpass", row[row.index("Pass") + 4:], re.IGNORECASE), row
        more = len(hint.rows) - limit
        expected = "1 more choice," if more == 1 else f"{more} more choices,"
        assert expected in plain and expected in shown


# -- a whole game of each in the app ------------------------------------------------------------

def screen_words(app) -> list[str]:
    """The words the game screen shows now: captions, scoreboard, status, news, header."""
    from tui.widgets.scoreboard import Scoreboard
    from tui.widgets.status_line import StatusLine
    from tui.widgets.trick_area import TrickArea
    screen = game_screen(app)
    out = [str(screen.query_one(StatusLine).render())]
    if screen.session.game.name == "mexican_train":
        out += list(screen._news)
        out.append(screen._header(screen.session.view()).plain)
        out += [str(w.render()) for w in screen.query("#hub-prompt, #hub-doubles")]
    else:
        scene = screen.query_one(TrickArea).scene
        if scene is not None:
            out += list(scene.caption) + [p.flag for p in scene.seats]
        out += str(screen.query_one(Scoreboard).render()).split("\n")
    return out


async def play_and_read(pilot, max_steps: int = 3000) -> list[str]:
    app = pilot.app
    said: list[str] = []
    for _ in range(max_steps):
        await settle(pilot)
        said += screen_words(app)
        screen = app.screen
        name = type(screen).__name__
        if name == "GameOverScreen":
            return said
        if name in DIALOG_SCREENS:
            await pilot.press("enter")
        elif isinstance(screen, GameScreen):
            session = screen.session
            if screen.waiting_for_key:
                await pilot.press("space")
            elif session.game.name == "mexican_train":
                legal = session.game.legal_actions()
                await pilot.press("d" if any(isinstance(c, Draw) for c in legal) else
                                  "p" if any(isinstance(c, Pass) for c in legal) else "enter")
            else:
                await pilot.press("enter" if session.view().phase == "play" else "b")
        else:
            raise AssertionError(f"unexpected screen {name}")
    raise AssertionError("the game did not end")


APP_GAMES = [("moon", {"target": 7}, "moon"), ("texas42", {"target": "marks:2"}, "texas42"),
             ("mexican_train", {"rounds": 1, "players": 3}, "mexican_train")]


@pytest.mark.parametrize("game,options,label", APP_GAMES, ids=[g[2] for g in APP_GAMES])
async def test_a_whole_game_in_the_app_speaks_to_you_in_the_second_person(tmp_path, game,
                                                                          options, label):
    levels = ["human"] + ["easy"] * (2 if game != "texas42" else 3)
    app = make_app(tmp_path, game=game, options=options, levels=levels, seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("enter")
        said = await play_and_read(pilot)
    words = [line.strip() for line in said if line.strip()]
    assert_well_said(words, spaces=False)
    assert_well_said([w for w in words if re.search(r"\b(takes?|names?|starts?|drew|passed|"
                                                    r"marker|sits?)\b", w)])
    assert any("You" in w for w in words)


def _won_bid(game_name: str, bid: int, options: dict) -> GameSession:
    """A game where seat 0 (You) has bid ``bid`` and everyone else passed."""
    game = game_class(game_name)(options=options, seed=5)
    game.start()
    while game.phase == "bid":
        p = game.current_player
        game.apply(Bid(p, bid) if p == 0 else Bid(p, None))
    assert game.view(0).bidder == 0
    names = THREE if game_name == "moon" else FOUR
    seats = [Seat(n, "human" if i == 0 else "bot", None if i == 0 else "easy")
             for i, n in enumerate(names)]
    return GameSession(game, seats)


async def _table_words(tmp_path, session: GameSession) -> list[str]:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.push_screen(TrickTableScreen(session))
        await settle(pilot)
        return screen_words(app)


async def test_the_table_says_you_take_the_widow_and_you_name_trumps(tmp_path):
    session = _won_bid("moon", 5, {"target": 7})
    assert "You take the widow" in await _table_words(tmp_path, session)
    game = session.game
    game.apply(Discard(0, game.view(0).hand[0]))
    assert game.phase == "trump"
    said = await _table_words(tmp_path, session)
    assert "You name trumps" in said
    assert_well_said(said, spaces=False)


async def test_the_scoreboard_says_you_sit_out_when_your_partner_plays_nel_o(tmp_path):
    game = game_class("texas42")(options={"nello": True}, seed=5)
    game.start()
    while game.phase == "bid":
        p = game.current_player
        game.apply(Bid(p, 2 * MARK) if p == 2 else Bid(p, None))
    game.apply(NameTrump(2, "nello"))
    seats = [Seat(n, "human" if i == 0 else "bot", None if i == 0 else "easy")
             for i, n in enumerate(FOUR)]
    said = await _table_words(tmp_path, GameSession(game, seats))
    assert "You sit out (Nel-O)" in said
    assert_well_said(said, spaces=False)
