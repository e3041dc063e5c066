"""Whole games with the house rules on, played from the app by keys: every dialog the
settings bring (Moon's optional widow, a shorter bid list, fewer trump choices) opens,
takes the key and the game reaches its end."""

from __future__ import annotations

from tests.tui_pilot import make_app, play_to_game_over

MOON_HOUSE = {"target": 7, "min_bid": 3, "widow": "optional", "trumps_before_widow": True,
              "moon": "points", "doubles_trump": False, "no_trumps": False}


async def test_a_moon_game_with_every_house_option_plays_to_its_end_by_keys(tmp_path):
    app = make_app(tmp_path, game="moon", options=MOON_HOUSE, levels=["human", "easy", "easy"],
                   seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        seen = await play_to_game_over(pilot, dialog_keys={"BiddingDialog": ("7", "enter")})
    assert seen.get("WidowChoiceDialog", 0) > 0, seen
    assert seen.get("BiddingDialog", 0) > 0 and seen.get("TrumpDialog", 0) > 0
