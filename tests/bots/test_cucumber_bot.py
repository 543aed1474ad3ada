"""The Cucumber heuristic bot: sheds high cards early, keeps a low card for the last trick, and
outlasts random players from every seat."""

from __future__ import annotations

from games.bots import RandomBot, make_bot
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
    # (seat 3 still to play may hold a higher card: no take is sure, so the highest goes)
    assert choice(table("9H 2C 3D 4D", "10S QD 4C AH", "5S 6S 7S 8S", played="9H")) == "AH"


def test_keeps_its_low_card_for_the_last_trick():
    state = table("9H 2C", "3D KS", "5S 6S", played="9H")
    assert choice(state) == "KS"  # the three stays for the seventh trick


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
