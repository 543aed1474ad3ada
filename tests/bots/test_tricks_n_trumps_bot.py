"""The Tricks'N'Trumps heuristic bot's choices in set scenes (not its win rate: see `cardtable simulate`)."""

from __future__ import annotations

import pytest

from games.bots import make_bot
from games.core import Ranking, Suit, parse_cards
from games.tricks_n_trumps import RULES


def scene(*hands: str, leader: int = 0, played: str = "", trump: Suit = Suit.HEARTS):
    """Seats hold ``hands``; ``leader`` leads and the cards in ``played`` are already on the table."""
    state = RULES.new_game(len(hands), seed=1)
    state.hands = [parse_cards(h) for h in hands]
    state.trick, state.last_trick = (), None
    state.ranking = Ranking(trumps=(trump,), joker_suit=trump)
    state.leader = state.to_act = leader
    state._legal_cache = None
    for text in played.split():
        state.apply(text)
    return state


def bot_plays(state) -> str:
    seat = state.to_act
    legal = state.legal_actions()
    action = make_bot("heuristic", "tricks_n_trumps", seed=0).choose(state.view(seat), legal)
    assert action in legal
    return action.text


def test_last_to_play_wins_as_cheaply_as_possible():
    assert bot_plays(scene("9S 2C", "10S 3C", "AS QS KS 2D", played="9S 10S")) == "QS"


def test_cannot_win_so_plays_the_lowest_of_the_led_suit():
    assert bot_plays(scene("AS 2C", "KS 3C", "7S 2S 9S", played="AS KS")) == "2S"


def test_void_last_player_trumps_with_the_lowest_trump_that_wins():
    assert bot_plays(scene("KC 2C", "QC 3C", "9H 5H JK 3D", played="KC QC")) == "5H"


def test_throws_a_side_card_rather_than_waste_a_trump_that_cannot_win():
    assert bot_plays(scene("AS 2C", "KH 3C", "2H 3C 9D", played="AS KH")) == "3C"


def test_overtrumps_a_trumped_trick_when_its_trump_is_nearly_sure_to_hold():
    state = scene("AS 2C", "KH 3C", "AH 2H 9D", "5S 6S", played="AS KH")
    assert bot_plays(state) == "AH"  # only the joker could still beat it


def test_leads_the_joker_which_cannot_lose():
    assert bot_plays(scene("4C JK 7D 8D", "2S 3S 4S 5S", "6S 7S 8S 9S")) == "JK"


def test_with_no_likely_winner_leads_low_from_its_shortest_side_suit_and_keeps_trumps():
    assert bot_plays(scene("2C 3D 4D 5H", "2S 3S 4S 5S", "6S 7S 8S 9S")) == "2C"


def test_second_to_play_covers_cheaply_with_a_card_likely_to_hold():
    state = scene("9S 2C", "10S AS 3C", "5D 6D", played="9S")
    assert bot_plays(state) == "10S"


def test_follows_with_its_lowest_trump_when_it_cannot_beat_the_led_trump():
    # hearts led with the king: the queen cannot win, so the bot keeps it and plays the two
    state = scene("KH 2C", "QH 2H 3C", "5D 6D", "7D 8D", played="KH")
    assert bot_plays(state) == "2H"


def test_respects_a_turned_up_trump_suit():
    state = scene("KC 2C", "QC 3C", "9D 2S AH", trump=Suit.SPADES, played="KC QC")
    assert bot_plays(state) == "2S"  # spades are trump now; the ace of hearts is a plain card


@pytest.mark.parametrize("seed", range(5))
def test_every_choice_is_legal_through_a_whole_match(seed):
    state = RULES.new_game(4, {"turn_up_trump": True, "lowest_rank": 5}, seed=seed)
    bots = [make_bot("heuristic", "tricks_n_trumps", seed * 10 + s) for s in range(4)]
    while not state.is_over:
        seat = state.to_act
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    assert sum(state.outcome().scores) == 5 * 4  # four deals of five tricks
