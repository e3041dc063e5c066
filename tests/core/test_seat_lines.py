"""What a seat may read of the record lines: its own hand, never others', the widow
or the boneyard; a drawn tile or the widow's keep only by the player concerned."""

from core.seat_lines import line_for_seat, lines_for_seat
from core.simulate import simulate


def test_a_deal_shows_each_seat_its_own_hand_only():
    for game, options in (("moon", {}), ("texas42", {}), ("mexican_train", {"players": 3})):
        lines = simulate(game, 4, options)
        deal = next(line for line in lines if line.get("event") == "deal")
        for seat in range(len(deal["hands"])):
            seen = line_for_seat(game, deal, seat)
            assert seen["hands"][seat] == deal["hands"][seat]
            assert all(hand is None for i, hand in enumerate(seen["hands"]) if i != seat)
            assert seen.get("widow") is None and seen.get("boneyard") is None
        watched = line_for_seat(game, deal, None)
        assert watched["hands"] == [None] * len(deal["hands"])
        assert deal["hands"][0] is not None                  # the record itself is untouched


def test_the_widow_and_a_drawn_tile_are_the_players_alone():
    widow = {"event": "widow", "player": 1, "took": "6-6", "discarded": "2-0"}
    assert line_for_seat("moon", widow, 1) == widow
    assert line_for_seat("moon", widow, 0) == {**widow, "took": None, "discarded": None}
    draw = {"event": "draw", "player": 2, "tile": "9-4"}
    assert line_for_seat("mexican_train", draw, 2) == draw
    assert line_for_seat("mexican_train", draw, None)["tile"] is None


def test_public_lines_pass_unchanged():
    lines = simulate("texas42", 2, {})
    public = [line for line in lines[1:] if line.get("event") != "deal"]
    assert lines_for_seat("texas42", public, 3) == public
