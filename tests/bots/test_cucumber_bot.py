"""The Cucumber heuristic bot: sheds high cards early, keeps a low card for the last trick, and
outlasts random players from every seat."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.bots import RandomBot, make_bot
from games.bots.expert import policy_weight
from games.core import parse_cards
from games.cucumber import RULES
from games.cucumber.bot import CucumberBot
from tests.games.test_cucumber import table


def choice(state) -> str:
    s = state.to_act
    action = CucumberBot(0).choose(state.view(s), state.legal_actions())
    assert action in state.legal_actions()
    return action.text


def test_is_registered_as_the_heuristic_bot():
    assert isinstance(make_bot("heuristic", "cucumber", 1), CucumberBot)


def test_leads_its_highest_card():
    assert choice(table("2C 9H KD 5S", "3C 4C 5C 6C", "7C 8C 9C 10C")) == "KD"


def test_follows_with_its_highest_higher_card():
    assert choice(table("9H 2C 3D", "10S QD 4C AH", "5S 6S 7S", played="9H")) == "AH"


def test_keeps_its_low_card_for_the_last_trick():
    state = table("9H 2C", "3D KS", "5S 6S", played="9H")
    assert choice(state) == "KS"  # the three stays for the seventh trick


def test_a_world_rewinds_to_its_start_of_play_and_weighs_a_follow_the_model_would_not_make():
    """Issue 34: Cucumber's worlds keep the start of the hand's card play, so the expert's
    inference can weigh them.  The heuristic follows with its highest higher card: a follower
    that beat the nine with the ten while it held the ace broke the model."""
    broke = table("9H 2C 3D", "10S QD 4C AH", "5S 6S 7S", played="9H 10S")
    kept = table("9H 2C 3D", "10S QD 4C AH", "5S 6S 7S", played="9H AH")
    model = CucumberBot(0)
    assert policy_weight(broke, 2, model, 0.1) == pytest.approx(0.1)
    assert policy_weight(kept, 2, model, 0.1) == 1.0
    assert policy_weight(broke, 1, model, 0.1) == 1.0  # its own plays tell a seat nothing
    world = broke.sampler(2)(random.Random(3))
    start = world.rewound()
    assert start is not None and start.trick == () and start.to_act == 0
    assert Counter(start.hands[2]) == Counter(broke.hands[2])  # the seat's own hand, as it was
    assert Counter(start.hands[1]) == Counter([*world.hands[1], *parse_cards("10S")])  # the world's


def test_beats_random_players_from_every_seat():
    """Seat-rotated: one heuristic seat against three random ones, the heuristic seat moving round."""
    wins, games = 0.0, 20
    for m in range(games):
        state = RULES.new_game(4, None, 700 + m)
        me = m % 4
        bots = [CucumberBot(m) if s == me else RandomBot(m * 4 + s) for s in range(4)]
        while not state.is_over:
            s = state.to_act
            state.apply(bots[s].choose(state.view(s), state.legal_actions()))
        winners = state.outcome().winners
        wins += (me in winners) / len(winners)
    assert wins / games > 0.5  # a fair share is 1/4
