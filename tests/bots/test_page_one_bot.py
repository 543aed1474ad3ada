"""The Page One heuristic bot: never forgets the call, keeps the joker for need, keeps the lead,
and wins more games than random players from every seat."""

from __future__ import annotations

import pytest

from games.bots import RandomBot, make_bot
from games.page_one import RULES
from games.page_one.bot import PageOneBot, _next_leader
from tests.games.test_page_one import table


def choice(state, seed: int = 0) -> str:
    s = state.to_act
    action = PageOneBot(seed).choose(state.view(s), state.legal_actions())
    assert action in state.legal_actions()
    return action.text


def test_is_registered_as_the_heuristic_bot():
    assert isinstance(make_bot("heuristic", "page_one", 1), PageOneBot)


def test_never_forgets_the_call():
    assert choice(table("5H 7C", "9H 8D 2S", "4H 6H 2C")).startswith("call ")
    assert choice(table("5H 7C 8C", "9H 8D", "4H 6H", played="5H")) == "call 9H"


def test_leads_the_joker_with_one_other_card_so_the_last_card_follows_at_once():
    assert choice(table("JK 7C", "9H 8D 2S", "4H 6H 2C")) == "call JK"


def test_plays_the_joker_instead_of_drawing_with_a_small_hand():
    state = table("AH 7C 8C", "JK 8C 2S", "4H 6H 7H", stock="2C 10H 3S", played="AH")
    assert choice(state) == "JK"


def test_keeps_the_joker_and_draws_when_the_led_suit_is_plentiful():
    """Most unknown cards are hearts (the other suits lie in the discard pile): a draw will
    likely find one at once, so the joker is kept."""
    hand, others = "JK 2C 3C 4C 5C 6C", "4H 6H 7H"
    held = set(f"AH 7C 8C {hand} {others}".split())
    rest = " ".join(c.text for c in RULES.new_game(3, None, 1).pack if c.text not in held)
    discard = " ".join(t for t in rest.split() if not t.endswith("H"))
    hearts = " ".join(t for t in rest.split() if t.endswith("H"))
    state = table("AH 7C 8C", hand, others, stock=hearts, discard=discard, played="AH")
    assert choice(state) == "draw"


def test_last_to_play_wins_as_cheaply_as_it_can():
    state = table("9H 7C 8C", "10H 2C 3C", "QH KH 2H 3S", played="9H, 10H")
    assert choice(state) == "QH"


def test_not_last_it_takes_the_lead_with_its_highest_card():
    state = table("9H 7C 8C", "QH KH 2H 3S", "4H 2C 3C", "5D 6D 7D", played="9H")
    assert choice(state) == "KH"


def test_leads_the_top_card_of_its_best_suit():
    state = table("5S 9S KS 2D", "8D 3C 4C", "4H 6H 7C", "2C 9C 10C")
    assert choice(state) == "KS"


def test_cannot_win_so_plays_its_lowest():
    state = table("AH 7C 8C", "10H 2C 3C", "QH KH 2H 3S", played="AH, 10H")
    assert choice(state) == "2H"


def test_leads_a_suit_an_opponent_down_to_one_card_lacks():
    state = table("5S 9D 7H 2D", "8D", "4H 6H 7C", leader=0)
    state.slots[1] = ((0, frozenset("S")),)  # seat 1 has shown it holds no spade (a tuple a seat)
    assert choice(state) == "5S"


def test_with_two_cards_it_leads_the_one_nothing_unseen_beats_and_goes_out_next():
    """The position tests/positions/page_one-po-lead-ace2.json, in general: AS keeps the lead
    (only the joker beats it) and 4D then goes out, though an opponent down to one card has
    shown it lacks diamonds (a lead it would otherwise favour)."""
    state = table("AS 4D", "3C", "4H 6H 7C", leader=0)
    state.slots[1] = ((0, frozenset("D")),)
    assert choice(state) == "call AS"
    state = table("KS 4D", "3C", "4H 6H 7C", leader=0)  # the ace of spades unseen: no sure card
    state.slots[1] = ((0, frozenset("D")),)
    assert choice(state) == "call 4D"


def test_beats_random_players_from_every_seat():
    """Seat-rotated: one heuristic seat against two random ones, the heuristic seat moving round."""
    wins, games = 0.0, 60
    for m in range(games):
        state = RULES.new_game(3, None, 500 + m)
        me = m % 3
        bots = [PageOneBot(m) if s == me else RandomBot(m * 3 + s) for s in range(3)]
        while not state.is_over:
            s = state.to_act
            state.apply(bots[s].choose(state.view(s), state.legal_actions()))
        winners = state.outcome().winners
        wins += (me in winners) / len(winners)
    assert wins / games > 0.45  # a fair share is 1/3


# ---------------------------------------------------------------- for the look-ahead bot


def candidates(state, keep: str) -> list[str]:
    view, legal = state.view(state.to_act), list(state.legal_actions())
    return [a.text for a in PageOneBot(0).candidates(view, legal, state.action_for(keep))]


def test_a_look_ahead_bot_never_plays_out_a_silent_play_beside_its_call():
    state = table("5H 7C", "9H 8D 2S", "4H 6H 2C")
    assert "silent 5H" in legal_texts(state)
    assert candidates(state, "call 5H") == ["call 5H", "call 7C"]


def test_a_look_ahead_bot_plays_out_one_card_of_a_run_held_together():
    state = table("9H 10H JH 2C 5D", "9S 8D 2S", "4H 6H 2C")
    for keep in ("9H", "JH"):
        got = candidates(state, keep)
        assert got[0] == keep and sorted(got) == sorted([keep, "2C", "5D"])
    state = table("9H JH 2C 5D", "9S 8D 2S", "4H 6H 2C")  # the 10 between them is not ours
    assert sorted(candidates(state, "9H")) == sorted(["9H", "JH", "2C", "5D"])


def test_a_look_ahead_bot_judges_a_position_by_the_cards_in_hand_and_the_lead():
    bot = PageOneBot(0)
    state = table("9H 10H JH 2C 5D", "9S 8D 2S", "4H")
    chances = [bot.judge(state.view(s)) for s in range(3)]
    assert sum(chances) == pytest.approx(1.0)
    assert chances[2] > chances[1] > chances[0]  # one card, three, five
    fewer = table("9H 10H 2C 5D", "9S 8D 2S", "4H")
    assert bot.judge(fewer.view(0)) > chances[0]
    led = table("9H 10H JH 2C 5D", "9S 8D 2S", "4H", leader=1)  # the same hands, seat 1 to lead
    assert bot.judge(led.view(0)) < chances[0]
    trick = table("9H 10H JH 2C 5D", "9S 8D 2S", "4H 6H", played="9H")  # seat 0 wins the trick so far
    assert _next_leader(trick.view(1)) == 0
    assert PageOneBot.horizon and PageOneBot.horizon > 0


def legal_texts(state) -> list[str]:
    return [a.text for a in state.legal_actions()]
