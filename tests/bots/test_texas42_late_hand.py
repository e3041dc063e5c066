"""The Texas 42 standard player's late-hand search (the last three tricks)."""

from __future__ import annotations

from core.arena_card_play import CardPlayOnly
from core.bots.base import decision_rng
from core.bots.texas42.expert import Texas42ExpertBot, late_hand_play
from core.bots.texas42.heuristic import Texas42RulesOfThumbBot, Texas42StandardBot
from core.game import Phase
from core.texas42.engine import Texas42Game


def play_hand(seed: int, bots, seen: list | None = None):
    """One card-play-only hand; ``seen`` collects (view, legal, rng) at every late play."""
    game = Texas42Game(options={}, seed=seed)
    game.start()
    for i in range(400):
        p = game.current_player
        view, legal = game.view(p), game.legal_actions()
        rng = decision_rng(seed, p, i)
        if seen is not None and view.phase == Phase.PLAY and len(view.hand) <= 3 and len(legal) > 1:
            seen.append((view, legal, i))
        for event in game.apply(bots[p].choose(view, legal, rng)):
            if event.kind == "hand_end":
                return event
    raise AssertionError("the hand did not end")


def test_with_three_tiles_or_fewer_the_standard_plays_the_search_s_choice():
    seen: list = []
    for seed in range(6):
        play_hand(seed, [CardPlayOnly(Texas42RulesOfThumbBot()) for _ in range(4)], seen)
    assert len(seen) >= 10
    standard, rules = Texas42StandardBot(), Texas42RulesOfThumbBot()
    differs = 0
    for view, legal, i in seen:
        rng = decision_rng(0, view.player, i)
        searched = late_hand_play(view, list(legal), decision_rng(0, view.player, i))
        assert standard.choose(view, legal, rng) == searched
        differs += rules.choose(view, legal, decision_rng(0, view.player, i)) != searched
    assert differs >= 1        # the search is not the rules of thumb under another name
    # Earlier in the hand the standard player is its rules of thumb, and the expert's
    # tie-break never searches in turn.
    assert Texas42ExpertBot.standard_bot is Texas42RulesOfThumbBot
    assert Texas42RulesOfThumbBot.late_tiles == 0 and Texas42StandardBot.late_tiles == 3


def test_the_late_hand_search_takes_more_marks_than_the_rules_of_thumb_in_card_play():
    # Each deal is played twice, the searching standard players holding each team's seats.
    won = games = 0
    for seed in range(40):
        for team in (0, 1):
            bots = [CardPlayOnly(Texas42StandardBot() if q % 2 == team else
                                 Texas42RulesOfThumbBot()) for q in range(4)]
            marks = play_hand(5000 + seed, bots).marks
            won += marks[team] > marks[1 - team]
            games += 1
    assert won / games > 0.5
