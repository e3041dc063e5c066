"""The bidding, widow and trump dialogs, the hand summary and game-over screens.

Each dialog must offer exactly the core's legal commands (Moon and 42, variants
on), return the right one for the keys pressed, and shrug off keys that mean
nothing now. Views come from the real engines, driven to the decision.
"""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

from rich.console import Console
from textual.app import App
from textual.widgets import Static

from core.commands import MARK, Bid, Discard, NameTrump, Play
from core.mexican_train.engine import MexicanTrainGame
from core.moon.engine import MoonGame
from core.texas42.engine import Texas42Game
from tui.play.session import default_seats
from tui.screens.bidding import BiddingDialog
from tui.screens.summary import GameOverScreen, HandSummaryScreen
from tui.screens.trump import TrumpDialog, trump_rank
from tui.screens.widow import WidowChoiceDialog, WidowDialog
from tui.widgets.hand import HandView

SIZE = (80, 24)
STYLES = Path(__file__).resolve().parents[2] / "styles"


class DialogHost(App):
    """A bare app to open the dialogs on (the game table is not needed to test them)."""

    ENABLE_COMMAND_PALETTE = False
    CSS_PATH = [STYLES / "dialogs.tcss"]

    # The trump dialog's expert: a small fixed amount of work (quick and repeatable).
    hint_bot_options = {"samples": 2, "nodes": 400}

    def __init__(self, tile_style: str = "numerals") -> None:
        super().__init__()
        self.tile_style = tile_style


def make_app(tmp_path: Any = None, **_: Any) -> DialogHost:
    return DialogHost()


# -- driving the engines to a decision ---------------------------------------------
def moon_at_bid(seed: int, before: list[int | None], options: dict | None = None) -> MoonGame:
    game = MoonGame(seed=seed, options=options)
    game.start()
    for bid in before:
        game.apply(Bid(game.current_player, bid))
    return game


def moon_at_widow(seed: int = 3) -> MoonGame:
    return moon_at_bid(seed, [5, None, None])


def texas42_at_bid(seed: int, before: list[int | None], options: dict | None = None
                   ) -> Texas42Game:
    game = Texas42Game(seed=seed, options=options)
    game.start()
    for bid in before:
        game.apply(Bid(game.current_player, bid))
    return game


def texas42_at_trump(seed: int, bid: int, options: dict | None = None) -> Texas42Game:
    game = texas42_at_bid(seed, [bid, None, None, None], options)
    assert game.phase == "trump"
    return game


def doubles_of_first_bidder(seed: int) -> int:
    game = texas42_at_bid(seed, [], {"plunge": True})
    return sum(t.is_double for t in game.view(game.current_player).hand)


def decision(game: Any) -> tuple[Any, list[Any]]:
    return game.view(game.current_player), game.legal_actions()


async def open_dialog(pilot: Any, screen: Any) -> list[Any]:
    results: list[Any] = []
    pilot.app.push_screen(screen, results.append)
    await pilot.pause()
    await pilot.pause()
    return results


def offered(dialog: Any) -> list[Any]:
    return [c.command for c in dialog.choice_list if c.command is not None]


def text_of(screen: Any, selector: str) -> str:
    """The plain text a Static shows (Rich tables included)."""
    console = Console(width=78, file=io.StringIO(), color_system=None, record=True)
    console.print(screen.query_one(selector, Static).content)
    return console.export_text()


# -- bidding -------------------------------------------------------------------------
async def test_moon_bidding_offers_exactly_the_legal_bids(tmp_path):
    cases = [moon_at_bid(1, []), moon_at_bid(1, [5]), moon_at_bid(1, [None, 6]),
             moon_at_bid(1, [None, None]),                               # forced 4
             moon_at_bid(1, [None, None], {"all_pass": "redeal"})]
    app = make_app(tmp_path, save_games=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for game in cases:
            view, legal = decision(game)
            dialog = BiddingDialog(view, legal)
            await open_dialog(pilot, dialog)
            assert offered(dialog) == legal
            dialog.dismiss(None)
            await pilot.pause()
    assert [c.bid for c in cases[3].legal_actions()] == [4]


async def test_texas42_bidding_offers_exactly_the_legal_bids_with_variants(tmp_path):
    plunger = next(s for s in range(300) if doubles_of_first_bidder(s) >= 4)
    cases = [texas42_at_bid(2, []), texas42_at_bid(2, [35]), texas42_at_bid(2, [None, 2 * MARK]),
             texas42_at_bid(plunger, [], {"plunge": True}),
             texas42_at_bid(2, [MARK, None, None], {"nello": True, "sevens": True})]
    app = make_app(tmp_path, save_games=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for game in cases:
            view, legal = decision(game)
            dialog = BiddingDialog(view, legal)
            await open_dialog(pilot, dialog)
            assert offered(dialog) == legal
            labels = [c.label for c in dialog.choice_list]
            if any(c.plunge for c in legal):
                assert "Plunge (4 marks)" in labels
            dialog.dismiss(None)
            await pilot.pause()
    assert [c.bid for c in cases[2].legal_actions()] == [None, 3 * MARK]


async def test_bidding_keys_choose_the_typed_bid(tmp_path):
    app = make_app(tmp_path, save_games=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = moon_at_bid(1, [])
        view, legal = decision(game)
        p = view.player
        expectations = [
            (moon_at_bid(1, []), ["6", "enter"], Bid(p, 6)),
            (moon_at_bid(1, []), ["p"], Bid(p, None)),
            (moon_at_bid(1, []), ["m", "enter"], Bid(p, 21)),
            (moon_at_bid(1, []), ["2", "enter"], Bid(p, 21)),
            (moon_at_bid(1, []), ["down", "right", "enter"], Bid(p, 5)),   # grid: 4 5 6 7 row
            (moon_at_bid(1, []), ["down", "down", "enter"], Bid(p, 21)),
        ]
        for game, keys, expected in expectations:
            view, legal = decision(game)
            results = await open_dialog(pilot, BiddingDialog(view, legal))
            await pilot.press(*keys)
            await pilot.pause()
            assert results == [expected], keys
        for keys, bid in ((["3", "5", "enter"], 35), (["4", "1", "enter"], 41),
                          (["m", "enter"], MARK), (["m", "m", "enter"], 2 * MARK)):
            game = texas42_at_bid(2, [])
            view, legal = decision(game)
            results = await open_dialog(pilot, BiddingDialog(view, legal))
            await pilot.press(*keys)
            await pilot.pause()
            assert results == [Bid(view.player, bid)], keys


async def test_bidding_ignores_keys_that_mean_nothing_now(tmp_path):
    app = make_app(tmp_path, save_games=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = moon_at_bid(1, [None, None])               # forced to bid 4: no pass
        view, legal = decision(game)
        dialog = BiddingDialog(view, legal)
        results = await open_dialog(pilot, dialog)
        await pilot.press("p", "9", "u", "x", "m")
        await pilot.pause()
        assert results == [] and app.screen is dialog
        assert "You may not pass now." in text_of(dialog, "#dialog-context")
        assert "p" not in app.screen.active_bindings           # no "p Pass" in the footer
        await pilot.press("enter")
        await pilot.pause()
        assert results == [Bid(view.player, 4)]

        game = moon_at_bid(1, [None, None])
        view, legal = decision(game)
        dialog = BiddingDialog(view, legal)
        results = await open_dialog(pilot, dialog)
        await pilot.press("9", "enter")          # Enter right after a bid that is not there
        await pilot.pause()
        assert results == [] and "Nothing chosen: no choice here is 9" in text_of(
            dialog, "#dialog-hint")
        await pilot.press("enter")               # a second Enter takes the highlighted one
        await pilot.pause()
        assert results == [Bid(view.player, 4)]

        game = moon_at_bid(1, [6])                        # only 7, 21 and pass remain
        view, legal = decision(game)
        dialog = BiddingDialog(view, legal)
        results = await open_dialog(pilot, dialog)
        await pilot.press("down", "4")
        await pilot.pause()
        assert results == []
        assert "No choice here starts with 4" in text_of(dialog, "#dialog-hint")
        assert dialog.highlighted_choice.command == Bid(view.player, 7)
        assert "Bids so far:" in text_of(dialog, "#dialog-context")
        await pilot.press("enter")
        await pilot.pause()
        assert results == []                     # 4 was meant, not the 7 highlighted
        await pilot.press("enter")
        await pilot.pause()
        assert results == [Bid(view.player, 7)]


async def test_enter_after_a_42_bid_that_is_not_there_does_not_pass(tmp_path):
    app = make_app(tmp_path, save_games=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = texas42_at_bid(2, [])
        view, legal = decision(game)
        dialog = BiddingDialog(view, legal)
        results = await open_dialog(pilot, dialog)
        await pilot.press("2", "9", "enter")
        await pilot.pause()
        assert results == [] and app.screen is dialog
        assert "Nothing chosen: no choice here is 29" in text_of(dialog, "#dialog-hint")
        await pilot.press("3", "0", "enter")
        await pilot.pause()
        assert results == [Bid(view.player, 30)]


async def test_bidding_shows_bids_so_far_and_the_hand(tmp_path):
    app = make_app(tmp_path, save_games=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = texas42_at_bid(2, [None, 33])
        view, legal = decision(game)
        dialog = BiddingDialog(view, legal, names=["You", "West", "North", "East"])
        await open_dialog(pilot, dialog)
        context = text_of(dialog, "#dialog-context")
        first, second = (b[0] for b in view.bids)
        names = ["You", "West", "North", "East"]
        assert f"{names[first]} Pass" in context and f"{names[second]} 33" in context
        assert "High bid: 33" in context
        assert dialog.query_one(HandView).tiles == view.hand
        game = moon_at_bid(1, [5])                       # Moon too: the bid to beat, by whom
        view, legal = decision(game)
        dialog = BiddingDialog(view, legal, names=["You", "West", "East"])
        await open_dialog(pilot, dialog)
        first = view.bids[0][0]
        assert f"High bid: 5 by {['You', 'West', 'East'][first]}" in text_of(dialog,
                                                                              "#dialog-context")


# -- widow -----------------------------------------------------------------------------
async def test_widow_dialog_marks_the_widow_and_discards_by_keys(tmp_path):
    app = make_app(tmp_path, save_games=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = moon_at_widow()
        view, legal = decision(game)
        assert len(view.hand) == 8 and view.widow_taken in view.hand
        dialog = WidowDialog(view, legal)
        results = await open_dialog(pilot, dialog)
        hand = dialog.query_one(HandView)
        assert hand.tiles == view.hand
        assert hand.marks == {view.widow_taken: "widow"}
        assert set(hand.playable) == {c.tile for c in legal}
        assert "widow" in str(hand.render())
        await pilot.press("9", "x", "p")                  # no ninth tile; keys with no meaning
        await pilot.pause()
        assert results == []
        await pilot.press("3", "right", "enter")
        await pilot.pause()
        assert results == [Discard(view.player, view.hand[3])]
        assert results[0] in legal
        results = await open_dialog(pilot, WidowDialog(view, legal))
        await pilot.press("escape")
        await pilot.pause()
        assert results == [None]


async def test_an_optional_widow_is_taken_or_left_by_keys_before_it_is_seen(tmp_path):
    from core.commands import Draw, Pass
    app = make_app(tmp_path, save_games=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = moon_at_bid(3, [5, None, None], {"widow": "optional"})
        view, legal = decision(game)
        assert view.choosing_widow and len(view.hand) == 7
        dialog = WidowChoiceDialog(view, legal)
        results = await open_dialog(pilot, dialog)
        shown = " ".join(str(c.label) for c in dialog.choice_list)
        assert "Take the widow" in shown and "Leave the widow face down" in shown
        await pilot.press("l")
        await pilot.press("enter")
        await pilot.pause()
        assert results == [Pass(view.player)]
        results = await open_dialog(pilot, WidowChoiceDialog(view, legal))
        await pilot.press("w", "enter")
        await pilot.pause()
        assert results == [Draw(view.player)]
        game.apply(results[0])                      # taken: the discard dialog's turn
        after, _ = decision(game)
        assert not after.choosing_widow and len(after.hand) == 8


async def test_widow_dialog_discards_on_a_second_click(tmp_path):
    app = make_app(tmp_path, save_games=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        view, legal = decision(moon_at_widow())
        dialog = WidowDialog(view, legal)
        results = await open_dialog(pilot, dialog)
        hand = dialog.query_one(HandView)
        x = 1 * 10 + 4                                     # the second tile's middle
        await pilot.click(hand, offset=(x, 2))
        await pilot.pause()
        assert results == [] and hand.selected_tile == view.hand[1]
        await pilot.click(hand, offset=(x, 3))
        await pilot.pause()
        assert results == [Discard(view.player, view.hand[1])]


# -- trumps ----------------------------------------------------------------------------
async def test_moon_trump_dialog_offers_every_legal_trump(tmp_path):
    game = moon_at_widow()
    game.apply(game.legal_actions()[0])
    view, legal = decision(game)
    app = make_app(tmp_path, save_games=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for keys, trump in ((["5", "enter"], "5"), (["d", "enter"], "doubles"),
                            (["up", "7", "n", "enter"], "none"),
                            (["up", "n", "7", "enter", "enter"], "none")):   # 7: no such suit
            dialog = TrumpDialog(view, legal)
            results = await open_dialog(pilot, dialog)
            assert offered(dialog) == sorted(legal, key=trump_rank) and len(legal) == 9
            await pilot.press(*keys)
            await pilot.pause()
            assert results == [NameTrump(view.player, trump)], keys
        results = await open_dialog(pilot, TrumpDialog(view, legal))
        await pilot.press("t")                             # look at the table: decide later
        await pilot.pause()
        assert results == [None]


async def test_texas42_trump_dialog_offers_nello_and_sevens_only_when_allowed(tmp_path):
    both = {"nello": True, "sevens": True}
    app = make_app(tmp_path, save_games=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for bid, options, extra in ((30, both, []), (MARK, both, ["sevens"]),
                                    (2 * MARK, both, ["nello", "sevens"]), (2 * MARK, {}, [])):
            view, legal = decision(texas42_at_trump(5, bid, options))
            dialog = TrumpDialog(view, legal, advice=lambda view, legal: None)
            results = await open_dialog(pilot, dialog)
            assert offered(dialog) == sorted(legal, key=trump_rank)
            start = dialog.highlighted_choice.command
            trumps = [c.trump for c in offered(dialog)]
            assert trumps[-len(extra):] == extra if extra else len(trumps) == 9
            labels = " ".join(c.label for c in dialog.choice_list)
            assert "follow-me" in labels
            await pilot.press("o", "s")                   # highlight Nel-O, then Sevens
            await pilot.press("enter")
            await pilot.pause()
            if "sevens" in extra:
                assert results == [NameTrump(view.player, "sevens")]
            else:                                          # neither key means anything here
                assert results == [start]


async def test_texas42_trump_dialog_can_lead_a_tile_instead(tmp_path):
    view, legal = decision(texas42_at_trump(5, 30, {"trump_by_first_tile": True}))
    plays = [c for c in legal if isinstance(c, Play)]
    assert plays
    app = make_app(tmp_path, save_games=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dialog = TrumpDialog(view, legal)
        results = await open_dialog(pilot, dialog)
        assert offered(dialog) == [c for c in legal if isinstance(c, NameTrump)]
        await pilot.press("l")
        assert dialog.leading
        assert dialog.query_one(HandView).playable == {c.tile for c in plays}
        await pilot.press("up")                            # back to the list
        assert not dialog.leading
        await pilot.press("l", "right", "enter")
        await pilot.pause()
        assert results == [Play(view.player, view.hand[1])]


# -- summaries --------------------------------------------------------------------------
def play_until(game: Any, kind: str, seed: int = 1) -> dict[str, Any]:
    rng = random.Random(seed)
    game.start()
    while True:
        for event in game.apply(rng.choice(game.legal_actions())):
            if event.kind == kind:
                return event.to_record()


async def test_hand_summaries_explain_the_result_and_continue(tmp_path):
    moon = MoonGame(seed=5)
    moon_record = play_until(moon, "hand_end")
    t42 = Texas42Game(seed=5)
    t42_record = play_until(t42, "hand_end")
    mt = MexicanTrainGame(seed=5, options={"players": 3, "rounds": 2})
    mt_record = play_until(mt, "round_end")
    app = make_app(tmp_path, save_games=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        cases = [("moon", moon_record, moon.view(0), "enter"),
                 ("texas42", t42_record, t42.view(0), "space"),
                 ("mexican_train", mt_record, mt.view(0), "enter")]
        for name, record, view, key in cases:
            screen = HandSummaryScreen(name, record, view)
            results = await open_dialog(pilot, screen)
            why = text_of(screen, "#summary-why")
            table = text_of(screen, "#summary-table")
            if name == "moon":
                verdict = "MADE" if record["made"] else "SET"
                assert verdict in why and f"bid {record['bid']}" in why.replace(
                    "Shoot the moon (21)", "21")
                for score in record["scores"]:
                    assert str(score) in table
            elif name == "texas42":
                assert ("MADE" if record["made"] else "SET") in why
                assert "(bidders)" in table
                assert str(record["totals"][0]) in table
            else:
                out = record["out"]
                assert ("went out" in why) if out is not None else ("BLOCKED" in why)
                assert "OUT" in table if out is not None else True
                assert "Round 1 of 2 over" in text_of(screen, "#dialog-title")
            await pilot.press("x")                          # means nothing here
            await pilot.pause()
            assert results == []
            await pilot.press(key)
            await pilot.pause()
            assert results == ["next"]
        screen = HandSummaryScreen("moon", moon_record, moon.view(0))
        results = await open_dialog(pilot, screen)
        await pilot.press("q")
        await pilot.pause()
        assert results == ["quit"]


async def test_game_over_names_the_winner_and_offers_new_rematch_quit(tmp_path):
    mt_tie = {"event": "game_end", "winner": [0, 2], "scores": [40, 55, 40]}
    t42 = {"event": "game_end", "winner": 1, "scores": [3, 7]}
    moon = {"event": "game_end", "winner": 2, "scores": [12, 9, 22]}
    app = make_app(tmp_path, save_games=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = GameOverScreen("mexican_train", mt_tie, default_seats(3))
        results = await open_dialog(pilot, screen)
        headline = text_of(screen, "#gameover-headline")
        assert "tie" in headline and "You" in headline and "East" in headline
        table = text_of(screen, "#summary-table").splitlines()
        assert sum("WINNER" in line for line in table) == 2
        await pilot.press("r")
        await pilot.pause()
        assert results == ["rematch"]

        screen = GameOverScreen("texas42", t42, default_seats(4))
        results = await open_dialog(pilot, screen)
        assert "West & East win" in text_of(screen, "#gameover-headline")
        await pilot.press("n")
        await pilot.pause()
        assert results == ["new"]

        screen = GameOverScreen("moon", moon, default_seats(3))
        results = await open_dialog(pilot, screen)
        assert "East wins" in text_of(screen, "#gameover-headline")
        await pilot.press("x", "right", "right", "enter")  # Tab order: New, Rematch, Title
        await pilot.pause()
        assert results == ["title"]                        # back to the title, not out


async def test_splash_is_offered_under_its_own_key_with_its_note(tmp_path):
    from core.commands import Bid as BidCommand
    game = next(g for g in (texas42_at_bid(seed, [], {"splash": True}) for seed in range(200))
                if any(c.splash for c in g.legal_actions()))
    view, legal = decision(game)
    app = make_app(tmp_path, save_games=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dialog = BiddingDialog(view, legal)
        results = await open_dialog(pilot, dialog)
        splash = [c for c in dialog.choice_list if c.key == "s"]
        assert len(splash) == 1 and splash[0].label == "Splash (2 marks)"
        assert "3+ doubles" in splash[0].note
        await pilot.press("s", "enter")
        await pilot.pause()
        assert results == [BidCommand(view.player, 84, splash=True)]


def test_the_widow_dialog_says_the_bid_and_the_tricks_it_needs_in_one_phrase():
    from core.moon.view import MOON
    from tui.screens.widow import _bid_and_need
    assert _bid_and_need(5) == "5: you need 5 tricks"
    assert _bid_and_need(MOON) == "Shoot the moon (21): you need all 7 tricks"
