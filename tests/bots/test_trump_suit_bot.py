"""The Trump Suit heuristic bot: bids from its hand, takes exactly its bid, protects nil, sets when cheap."""

from __future__ import annotations

from games.bots import RandomBot, make_bot
from games.bots.trump_suit import TrumpSuitBot
from games.core import Record, parse_cards
from games.trump_suit import RULES
from tests.games.test_trump_suit import table


def choice(state, seed: int = 0) -> str:
    s = state.to_act
    return TrumpSuitBot(seed).choose(state.view(s), state.legal_actions()).text


def bidding_state(hand: str, **options):
    """The first bidder holds ``hand`` (the rest of the deal does not matter to the bid)."""
    state = RULES.new_game(3, options, seed=1)
    state.hands[state.to_act] = sorted(parse_cards(hand), key=lambda c: c.index)
    return state


def test_is_registered_as_the_heuristic_bot():
    assert isinstance(make_bot("heuristic", "trump_suit", 1), TrumpSuitBot)


def test_bids_high_with_a_strong_hand_and_nil_with_a_weak_one():
    strong = bidding_state("BJ LJ AS KS QS JS AH KH AD KD AC 3C 2C")
    strong._set_trump(parse_cards("AS")[0].suit)
    assert int(choice(strong).split()[1]) >= 7
    weak = bidding_state("2S 3S 4H 5H 6H 2D 3D 4D 7D 2C 3C 5C 8C")
    assert choice(weak) == "nil"
    assert choice(bidding_state("2S 3S 4H 5H 6H 2D 3D 4D 7D 2C 3C 5C 8C", nil=False)) in ("bid 1", "bid 2")
    assert choice(bidding_state("2S 3S 4H 5H 6H 2D 3D 4D 7D 2C 3C 5C 8C", nil_wager=True)) == "nil 50"


def test_looks_at_its_cards_rather_than_bid_blind_unless_far_behind():
    state = RULES.new_game(3, {"blind": True}, seed=1)
    assert choice(state) == "look"
    state.scores[(state.to_act + 1) % 3] = 300
    assert choice(state) == "blind 2"


def test_wins_cheaply_when_it_still_needs_tricks():
    state = table("5S 6S", "2S 3S", "9S KS QS", pile="2S", leader=0, trick_no=11, bids=["1", "1", "3"], won=[0, 2, 2])
    state.apply("5S")
    state.apply("2S")
    assert choice(state) == "9S"  # last to play: the cheapest winner


def test_when_every_card_wins_and_it_plays_last_it_throws_its_highest():
    state = table("5S 6S", "2S 3S", "9S KS QS", pile="2S", leader=0, trick_no=11, bids=["1", "1", "3"], won=[0, 2, 5])
    state.apply("5S")
    state.apply("2S")
    assert choice(state) == "KS"


def test_ducks_under_the_winning_card_with_its_highest_loser_once_its_bid_is_made():
    state = table("JS 6D", "2S 3D", "9S KS 3S", pile="2S", leader=0, trick_no=11, bids=["1", "1", "3"], won=[0, 2, 5])
    state.apply("JS")
    state.apply("2S")
    assert choice(state) == "9S"


def test_a_nil_bidder_ducks_with_its_highest_safe_card():
    state = table("QH 2C", "3H 4H", "KH 9H 2H", pile="2S", draw="", leader=0, trick_no=11,
                  bids=["2", "nil", "3"], won=[2, 0, 5])
    state.tricks_played = 10
    state.apply("QH")
    assert choice(state) == "4H"


def test_sets_an_opponent_who_needs_every_remaining_trick():
    state = table("9S 8D", "JS 3S", "QS 2D", pile="2S", draw="", leader=0, trick_no=12, bids=["5", "3", "1"],
                  won=[3, 5, 3])
    state.apply("9S")  # seat 0 needs both remaining tricks: seat 1, its own bid made, overtakes to set it
    assert choice(state) == "JS"


def test_does_not_overtake_a_nil_bidder():
    state = table("9S 8D", "JS 3S", "QS 2D", pile="2S", draw="", leader=0, trick_no=12, bids=["nil", "3", "1"],
                  won=[0, 5, 6])
    state.apply("9S")
    assert choice(state) == "3S"


def test_cashes_a_bought_bag_only_once_its_bid_is_safe():
    state = table("AS 3S", "4H 5H", "5D 6D", pile="2S", draw="", trick_no=12, bids=["2", "4", "1"], won=[3, 4, 4],
                  auction=True)
    state.bought = [2, 0, 0]
    state.apply("AS")
    state.apply("4H")
    state.apply("5D")
    assert choice(state) == "cash"
    state = table("AS 3S", "4H 5H", "5D 6D", pile="2S", draw="", trick_no=12, bids=["5", "4", "1"], won=[3, 4, 4],
                  auction=True)
    state.bought = [2, 0, 0]
    for c in ("AS", "4H", "5D"):
        state.apply(c)
    assert choice(state) == "pass"


def test_beats_random_bots_clearly():
    wins = 0
    for seed in range(12):
        state = RULES.new_game(3, None, seed)
        bots = [TrumpSuitBot(seed), RandomBot(seed + 1), RandomBot(seed + 2)]
        while not state.is_over:
            s = state.to_act
            state.apply(bots[s].choose(state.view(s), state.legal_actions()))
        wins += state.outcome().winners == (0,)
    assert wins >= 10


def test_plays_whole_matches_with_every_option_on_and_they_replay():
    opts = {"blind": True, "blind_nil": True, "nil_wager": True, "nil_swap": True, "auction": True, "target": 300}
    for seed in range(2):
        state = RULES.new_game(3, opts, seed)
        bots = [TrumpSuitBot(i) for i in range(3)]
        while not state.is_over:
            s = state.to_act
            action = bots[s].choose(state.view(s), state.legal_actions())
            assert action in state.legal_actions()
            state.apply(action)
        assert state.outcome().winners
        assert Record.from_json(state.record().to_json()).replay().snapshot() == state.snapshot()
