"""The Contract Grid heuristic bot: each decision on hand-made positions (it sees views only)."""

from __future__ import annotations

from games.bots.contract_grid import ContractGridBot
from games.contract_grid import CONTRACTS, RULES
from games.core import parse_cards


def decide(state):
    seat = state.to_act
    action = ContractGridBot(0).choose(state.view(seat), state.legal_actions())
    assert action in state.legal_actions()
    return action.text


def bidding_state(seed=1):
    state = RULES.new_game(3, None, seed)
    for _ in range(3):
        state.apply("fill random")
    for suit in "SDC":
        state.apply(f"drop {suit}")
    return state


def test_fill_puts_easy_contracts_on_many_lines():
    """Play (always made) goes to an inner square (4 lines); All-Trump to a square on 3 lines."""
    state = RULES.new_game(3, None, 4)
    seat = state.to_act
    while state.to_act == seat:
        state.apply(decide(state))
    grid = state.grids[seat]
    assert sorted(grid) == sorted(CONTRACTS)
    assert grid.index("Play") in (5, 6, 9, 10)
    assert grid.index("All-Trump") not in (5, 6, 9, 10)  # every other square lies on 3 lines


def test_drop_names_the_weakest_suit():
    state = RULES.new_game(3, None, 1)
    for _ in range(3):
        state.apply("fill random")
    seat = state.to_act
    state.hands[seat] = parse_cards("AS KS QS JS 10S AH KH 7D JK 8C 9C")
    assert decide(state) == "drop D"


def test_bids_the_last_unmarked_square_to_complete_the_grid():
    state = bidding_state()
    seat = state.to_act
    grid = state.grids[seat]
    last = grid.index("Play")
    state.marked[seat] = [i != last for i in range(16)]
    assert decide(state) == f"bid {'abcd'[last % 4]}{last // 4 + 1}"


def test_bids_miss_on_purpose_near_the_cap():
    """Near the cap with an incomplete grid, it bids squares it expects to miss (All-Trump first)."""
    state = bidding_state()
    seat = state.to_act
    state.scores[seat] = 980
    state.hands[seat] = parse_cards("7S 8S 9S 7D 8D 9D 7C 8C 9C 10C JC")
    i = state.grids[seat].index("All-Trump")
    assert decide(state) == f"bid {'abcd'[i % 4]}{i // 4 + 1}"


def play_state(bid_contracts):
    """Hearts trump; the seat to lead bid these contracts."""
    state = bidding_state()
    for s in range(3):
        state.grids[s] = list(CONTRACTS)
    while state.phase == "bid":
        seat = state.to_act
        for name in bid_contracts:
            i = CONTRACTS.index(name)
            state.apply(f"bid {'abcd'[i % 4]}{i // 4 + 1}")
    return state


def test_a_bot_aiming_for_no_tricks_ducks_with_its_highest_losing_card():
    state = play_state(["Zero", "Third", "No-Trump", "Play"])
    leader, me = state.to_act, (state.to_act + 1) % 3
    state.hands[leader] = parse_cards("AS 7D")
    state.hands[me] = parse_cards("KS 8S AD")
    state.apply("AS")
    assert decide(state) == "KS"


def test_a_bot_wanting_tricks_wins_cheaply_when_last():
    state = play_state(["First", "Two", "Different", "Play"])
    first = state.to_act
    second, me = (first + 1) % 3, (first + 2) % 3
    state.hands[first] = parse_cards("10S 7D")
    state.hands[second] = parse_cards("JS 8D")
    state.hands[me] = parse_cards("QS AS 9D")
    state.apply("10S")
    state.apply("JS")
    assert decide(state) == "QS"


def test_a_bot_wanting_tricks_leads_its_top_trump():
    state = play_state(["First", "Two", "Different", "Play"])
    state.hands[state.to_act] = parse_cards("JK 7H AS 8C")
    assert decide(state) == "JK"


def test_bot_plays_whole_matches_of_every_variant():
    for options in ({"grid": "3x3"}, {"deck": 24, "cap": 200}):
        state = RULES.new_game(3, options, 2)
        bots = [ContractGridBot(i) for i in range(3)]
        while not state.is_over:
            s = state.to_act
            state.apply(bots[s].choose(state.view(s), state.legal_actions()))
        assert state.outcome().winners


