"""The bid and trump dialogs at 80x24: every bid on screen at once in a grid moved by
arrows, trumps in one order in both games with the expert's choice highlighted, and
keys typed before a dialog appeared never deciding anything."""

from __future__ import annotations

import threading
import types
from typing import Any

import pytest
from textual import events
from textual.geometry import Region

from core.commands import MARK, Bid, Discard, NameTrump
from tests.tui.test_tui_dialogs import (
    SIZE,
    DialogHost,
    decision,
    doubles_of_first_bidder,
    moon_at_bid,
    moon_at_widow,
    open_dialog,
    texas42_at_bid,
    texas42_at_trump,
)
from tests.tui_pilot import make_app, settle
from tui.screens.bidding import BiddingDialog
from tui.screens.trump import TRUMP_ORDER, TrumpDialog, most_held
from tui.screens.widow import WidowDialog
from tui.widgets.choice_grid import ChoiceGrid
from tui.widgets.keys_footer import KeysFooter

ALL_42 = {"plunge": True, "nello": True, "sevens": True, "trump_by_first_tile": True}
NAMES4 = ["You", "West", "North", "East"]


def plunger_seed() -> int:
    return next(s for s in range(300) if doubles_of_first_bidder(s) >= 4)


def screen_lines(app: Any) -> list[str]:
    """What the terminal shows, row by row (the screen's composited strips)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def text_at(app: Any, region: Region) -> str:
    return screen_lines(app)[region.y][region.x:region.right]


def moon_at_trump() -> Any:
    game = moon_at_widow()
    game.apply(game.legal_actions()[0])
    return game


# -- every bid at once -------------------------------------------------------------------
BID_CASES = {
    "42 opening, every variant on (Plunge)": lambda: texas42_at_bid(plunger_seed(), [], ALL_42),
    "42 fourth seat after three bids": lambda: texas42_at_bid(2, [None, 31, None], ALL_42),
    "42 after a mark bid": lambda: texas42_at_bid(2, [MARK], ALL_42),
    "Moon opening": lambda: moon_at_bid(1, []),
    "Moon last bidder, forced": lambda: moon_at_bid(1, [None, None]),
}


@pytest.mark.parametrize("case", list(BID_CASES))
async def test_every_bid_is_on_screen_at_once_at_80x24(case):
    game = BID_CASES[case]()
    view, legal = decision(game)
    app = DialogHost()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dialog = BiddingDialog(view, legal, names=NAMES4 if len(NAMES4) == len(
            getattr(view, "hand_counts", ())) else None)
        await open_dialog(pilot, dialog)
        grid = dialog.query_one(ChoiceGrid)
        screen = Region(0, 0, *SIZE)
        footer = dialog.query_one(KeysFooter).region
        choices = dialog.choice_list
        assert [c.command for c in choices] == legal
        for index, choice in enumerate(choices):
            region = grid.cell_region(index)
            assert screen.contains_region(region), (choice.label, region)
            assert not region.overlaps(footer)
            assert choice.label in text_at(app, region), (choice.label, text_at(app, region))
        shown = "\n".join(screen_lines(app))
        assert "t: back to the table" in shown                 # how to leave it
        assert "⏎ Bid" in shown and "t Table" in shown         # the keys
        if case.startswith("42 opening"):
            assert len(choices) == 16                          # pass, 30-41, 1-2 marks, plunge
            assert "Plunge (4 marks)" in shown


async def test_mark_bids_say_which_contracts_the_settings_allow():
    view, legal = decision(texas42_at_bid(2, [], {"nello": True, "sevens": True}))
    app = DialogHost()
    async with app.run_test(size=SIZE) as pilot:
        dialog = BiddingDialog(view, legal)
        await open_dialog(pilot, dialog)
        await pilot.press("m")
        assert "or name Sevens as trumps" in str(dialog.query_one("#dialog-detail").render())
        await pilot.press("m")
        detail = str(dialog.query_one("#dialog-detail").render())
        assert detail.startswith("2 marks:") and "Nel-O or Sevens" in detail


# -- moving in the grid -------------------------------------------------------------------
async def test_arrows_move_in_the_grid_and_enter_bids():
    view, legal = decision(texas42_at_bid(plunger_seed(), [], ALL_42))
    p = view.player
    app = DialogHost()
    async with app.run_test(size=SIZE) as pilot:
        dialog = BiddingDialog(view, legal)
        results = await open_dialog(pilot, dialog)

        def at() -> Any:
            return dialog.highlighted_choice.label

        rows = dialog.query_one(ChoiceGrid).rows()
        assert [len(r) for r in rows] == [1, 6, 6, 3]          # pass / 30-35 / 36-41 / marks
        assert at() == "Pass"
        await pilot.press("up")                                 # the top edge: stays
        assert at() == "Pass"
        await pilot.press("down")
        assert at() == "30"
        await pilot.press("right", "right")
        assert at() == "32"
        await pilot.press("down")
        assert at() == "38"                                     # straight below
        await pilot.press("left")
        assert at() == "37"
        await pilot.press("down")
        assert at() == "1 mark"                                 # the nearest cell below
        await pilot.press("right")
        assert at() == "2 marks"
        await pilot.press("right")
        assert at() == "Plunge (4 marks)"
        await pilot.press("right")
        assert at() == "Pass"                                   # wraps round to the start
        await pilot.press("left")
        assert at() == "Plunge (4 marks)"
        await pilot.press("up")
        assert at() == "41"                                     # the nearest cell above
        await pilot.press("k")
        assert at() == "35"
        await pilot.press("home")
        assert at() == "Pass"
        await pilot.press("3", "9")                             # typing still works
        assert at() == "39"
        assert "your side takes at least 39" in str(dialog.query_one("#dialog-detail").render())
        await pilot.press("enter")
        await pilot.pause()
        assert results == [Bid(p, 39)]

        results = await open_dialog(pilot, BiddingDialog(view, legal))
        grid = app.screen.query_one(ChoiceGrid)
        region = grid.cell_region(5)                            # 34
        await pilot.click(offset=(region.x + 2, region.y))
        await pilot.pause()
        assert results == [Bid(p, 34)]


# -- trumps: one order, the expert's choice highlighted -------------------------------------
async def test_both_games_list_trumps_in_one_order():
    moon_view, moon_legal = decision(moon_at_trump())
    t42_view, t42_legal = decision(texas42_at_trump(5, 2 * MARK, ALL_42))
    app = DialogHost()
    async with app.run_test(size=SIZE) as pilot:
        orders = []
        for view, legal in ((moon_view, moon_legal), (t42_view, t42_legal)):
            dialog = TrumpDialog(view, legal, advice=lambda view, legal: None)
            await open_dialog(pilot, dialog)
            orders.append([c.command.trump for c in dialog.choice_list
                           if isinstance(c.command, NameTrump)])
            assert dialog.choice_list[-1].label == ("Lead a tile instead"
                                                     if view is t42_view else "no trumps "
                                                     "(doubles high)")
            dialog.dismiss(None)
            await pilot.pause()
    moon, t42 = orders
    suits = ["0", "1", "2", "3", "4", "5", "6", "doubles", "none"]
    assert moon == suits
    assert t42 == suits + ["nello", "sevens"]
    assert all(t in TRUMP_ORDER for t in t42)
    # The cores list them differently (Moon sixes first, 42 blanks first): the dialog orders.
    assert moon_legal[0].trump != t42_legal[0].trump


class Expert:
    """An expert whose answer waits until the test lets it go."""

    def __init__(self, answer: str) -> None:
        self.answer = answer
        self.go = threading.Event()
        self.asked = threading.Event()

    def __call__(self, view: Any, legal: list[Any]) -> Any:
        self.asked.set()
        self.go.wait(10)
        return NameTrump(view.player, self.answer)


async def wait_for(pilot: Any, condition: Any, limit: int = 200) -> None:
    for _ in range(limit):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError("the condition never held")


async def test_trump_highlight_starts_on_the_most_held_suit_then_the_experts_choice():
    view, legal = decision(moon_at_trump())
    trumps = [c.trump for c in legal]
    held = most_held(view.hand, trumps)
    assert held == "doubles"                        # 4 doubles, 3 aces
    app = DialogHost()
    async with app.run_test(size=SIZE) as pilot:
        expert = Expert("5")
        dialog = TrumpDialog(view, legal, advice=expert)
        await open_dialog(pilot, dialog)
        await wait_for(pilot, expert.asked.is_set)
        assert dialog.highlighted_choice.command.trump == "doubles"   # until it answers
        await pilot.press("5")                      # the dialog answers keys meanwhile
        assert dialog.highlighted_choice.command.trump == "5"
        await pilot.press("up")
        assert dialog.highlighted_choice.command.trump == "4"
        expert.go.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert dialog.expert_choice == NameTrump(view.player, "5")
        assert dialog.highlighted_choice.command.trump == "4"         # the player moved it
        dialog.dismiss(None)
        await pilot.pause()

        expert = Expert("1")
        dialog = TrumpDialog(view, legal, advice=expert)
        results = await open_dialog(pilot, dialog)
        assert dialog.highlighted_choice.command.trump == "doubles"
        expert.go.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert dialog.highlighted_choice.command.trump == "1"         # untouched: moved
        assert "▶  1  aces" in "\n".join(screen_lines(app))
        await pilot.press("enter")
        await pilot.pause()
        assert results == [NameTrump(view.player, "1")]


async def test_the_real_expert_highlights_its_trump_and_not_with_hints_off():
    view, legal = decision(texas42_at_trump(5, 2 * MARK, ALL_42))
    app = DialogHost()
    async with app.run_test(size=SIZE) as pilot:
        dialog = TrumpDialog(view, legal)
        await open_dialog(pilot, dialog)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert dialog.expert_choice is not None and dialog.expert_choice in legal
        assert dialog.highlighted_choice.command == dialog.expert_choice
        dialog.dismiss(None)
        await pilot.pause()

        app.settings = types.SimpleNamespace(hints=False)
        dialog = TrumpDialog(view, legal, advice=Expert("sevens"))
        await open_dialog(pilot, dialog)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert dialog.expert_choice is None
        assert dialog.highlighted_choice.command.trump == most_held(
            view.hand, [c.trump for c in legal if isinstance(c, NameTrump)]) == "5"


# -- keys typed before the dialog appeared ---------------------------------------------
def typed_ahead(app: Any, *keys: str) -> None:
    """Keys the terminal sent a moment ago, still queued when the dialog opens."""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


DIALOGS = {
    "bid": (lambda: decision(moon_at_bid(1, [])), BiddingDialog, ["p", "enter"], ["p"],
            lambda view: Bid(view.player, None)),
    "widow": (lambda: decision(moon_at_widow()), WidowDialog, ["enter", "3"], ["enter"],
              lambda view: Discard(view.player, view.hand[0])),
    "trump": (lambda: decision(moon_at_trump()), TrumpDialog, ["5", "enter"], ["n", "enter"],
              lambda view: NameTrump(view.player, "none")),
}


@pytest.mark.parametrize("kind", list(DIALOGS))
async def test_keys_typed_before_a_dialog_appears_are_dropped(kind):
    make, cls, early, late, expected = DIALOGS[kind]
    view, legal = make()
    app = DialogHost()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        results: list[Any] = []
        typed_ahead(app, *early)                    # queued before the dialog was pushed
        dialog = cls(view, legal, advice=lambda v, l: None) if cls is TrumpDialog \
            else cls(view, legal)
        app.push_screen(dialog, results.append)
        # Pressed before it is first shown (the pilot waits for the screen to settle
        # after each key, so only the first one is typed before the dialog appears).
        await pilot.press(early[0])
        for _ in range(3):
            await pilot.pause()
        assert results == [] and app.screen is dialog
        assert dialog.shown_at is not None
        await pilot.press(*late)                    # pressed once it is on screen: they count
        await pilot.pause()
        assert results == [expected(view)]


async def test_keys_queued_as_the_table_opens_the_bid_dialog_do_not_bid(tmp_path):
    app = make_app(tmp_path, game="moon", options={"target": 7},
                   levels=["human", "easy", "easy"])
    async with app.run_test(size=SIZE) as pilot:
        push = app.push_screen

        def push_after_typing(screen: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(screen, BiddingDialog):
                typed_ahead(app, "p", "enter", "4")     # typed while the bots bid
            return push(screen, *args, **kwargs)

        app.push_screen = push_after_typing
        await pilot.press("enter")                     # quick game
        for _ in range(50):
            await settle(pilot)
            if isinstance(app.screen, BiddingDialog):
                break
            await pilot.press("space")
        dialog = app.screen
        assert isinstance(dialog, BiddingDialog)
        session = dialog.app.screen_stack[-2].session
        index = session.decision_index
        for _ in range(3):
            await pilot.pause()
        assert app.screen is dialog and session.decision_index == index
        await pilot.press("p")
        await settle(pilot)
        assert session.decision_index > index
        human = session.human
        assert any(b[0] == human and b[1] is None for b in session.game.view(human).bids)
