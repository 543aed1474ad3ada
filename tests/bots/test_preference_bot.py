"""The Preference heuristic bot: bids from hand strength, exchanges with the talon, defends by
expected value, plays under must-head and PR-8, and beats random seats (seat-rotated)."""

from __future__ import annotations

from games.bots import RandomBot, make_bot
from games.core import Suit, parse_cards
from games.preference import RULES
from games.preference.bot import PreferenceBot, best_discard, declarer_tricks, defender_tricks
from tests.games.test_preference import STRONG, deal, run

WEAK = "7S 8S 9S 7H 8H 7D 8D 9D 7C 8C"


def choice(st, seed: int = 0) -> str:
    s = st.to_act
    action = PreferenceBot(seed).choose(st.view(s), st.legal_actions())
    assert action in st.legal_actions()
    return action.text


def test_is_registered_as_the_heuristic_bot():
    assert isinstance(make_bot("heuristic", "preference", 1), PreferenceBot)


def test_estimates_count_top_trumps_and_aces():
    assert declarer_tricks(parse_cards(STRONG[0]), Suit.HEARTS) >= 9
    assert declarer_tricks(parse_cards(WEAK), Suit.HEARTS) < 3
    assert defender_tricks(parse_cards("AS AD AC 7H 8H 9S 9D 9C 10C JC"), Suit.HEARTS) > 2
    assert defender_tricks(parse_cards(WEAK), Suit.HEARTS) < 1


def test_bids_hearts_with_a_strong_hearts_hand_and_passes_a_weak_one():
    st = deal(STRONG)
    assert choice(st) == "hearts"
    st = deal([WEAK, "*", "*"])
    assert choice(st) == "pass"


def test_bids_a_number_when_the_talon_may_carry_the_hand():
    hand = "AD KD QD JD 9D AS 8S 7S 8C 7C"  # five top diamonds and an ace: game is close, One is safe
    value = declarer_tricks(parse_cards(hand), Suit.DIAMONDS)
    st = deal([hand, "*", "*"])
    assert choice(st) == ("game" if value >= 6.3 else "bid 1")


def test_discards_the_two_weakest_cards_then_names_the_best_trump():
    hand = "AD KD QD JD 9D AS 8S 7S 8C 7C"
    st = run(deal([hand, "*", "*"], talon="10D 7D"), "bid 1", "pass", "pass")
    pair, trump, _ = best_discard(st.hands[0], 1)
    assert trump is Suit.DIAMONDS and not set(pair) & set(parse_cards("AD KD QD JD 10D 9D AS"))
    for _ in range(3):  # pick, pick, confirm
        st.apply(choice(st))
    assert st.phase == "trump" and set(st.discards) == set(pair)
    assert choice(st) == "trump D"


def test_takes_back_a_pick_it_does_not_want():
    hand = "AD KD QD JD 9D AS 8S 7S 8C 7C"
    st = run(deal([hand, "*", "*"], talon="10D 7D"), "bid 1", "pass", "pass", "discard AD")
    assert choice(st) == "discard AD"


def test_defends_with_aces_and_drops_with_nothing():
    st = run(
        deal(["AH KH QH JH 10H 9H KS QS KD QD", "AS AD AC 7H 8H 9S 9D 9C 10C JC", "*"]), "hearts", "quiet"
    )
    assert st.to_act == 1 and choice(st) == "play"
    st = run(
        deal(["AH KH QH JH 10H 9H KS QS KD QD", "7S 8S 9S 10S 7D 8D 9D 7C 8C 9C", "*"]), "hearts", "quiet"
    )
    assert choice(st) == "drop"


def test_a_strong_lone_defender_invites_a_weak_one_plays_alone():
    strong = "AS KS AD KD AC KC 7S 7D 7C 8C"
    st = run(
        deal(["AH KH QH JH 10H 9H 8H QS QD QC", "JS 10S 9S 8S JD 10D 9D JC 10C 9C", strong]),
        "hearts",
        "quiet",
        "drop",
        "play",
    )
    assert st.phase == "invite" and choice(st) == "invite"
    st = run(
        deal(["AH KH QH JH 10H 9H 8H QS QD QC", "AS KS AD JS 10S 9S 8S 7S KD JD", "*"]),
        "hearts",
        "quiet",
        "play",
        "drop",
    )
    assert st.phase == "invite" and st.to_act == 1
    assert choice(st) in ("invite", "alone")


def test_plays_only_legal_cards_and_the_lowest_beater():
    hands = ["9S 8H 7H AD KD QD JD 10D 9D 8D", "KS 10S 7S 7D AC KC QC JC 10C 9C", "*"]
    st = run(
        deal(hands),
        "bid 1",
        "pass",
        "pass",
        "discard 8D",
        "discard 9D",
        "confirm",
        "trump D",
        "quiet",
        "play",
        "play",
        "9S",
    )
    assert choice(st) == "10S"


def test_the_declarer_draws_trumps_from_the_top():
    st = run(deal(["AH KH QH JH 10H 9H 7S 8D 7D 7C", "*", "*"]), "hearts", "quiet", "play", "play")
    assert st.to_act == 0 and choice(st) == "AH"


def test_follows_with_the_cheapest_winner_when_last():
    hands = ["AH KH QH JH 10H 9H 7S 8D 7D 7C", "AS QS 9S 8S 7H AD KD QD AC KC", "*"]
    st = run(deal(hands), "hearts", "quiet", "play", "play", "7S")
    assert choice(st) == "8S"  # PR-8: the lowest spade that beats the lead
    st.apply("8S")
    assert st.to_act == 2 and choice(st) == "10S"  # must beat 8S: the cheapest of 10S JS KS


def test_beats_random_seats_seat_rotated():
    """One heuristic seat against two random seats, the heuristic seat rotated through every
    position: its share of the wins is far above a third."""
    wins = 0.0
    games = 0
    for m in range(8):
        for pos in range(3):
            st = RULES.new_game(3, {"max_hands": 40}, 100 + m * 3 + pos)  # random seats seldom empty a pot
            bots = [PreferenceBot(m) if i == pos else RandomBot(m * 10 + i) for i in range(3)]
            while not st.is_over:
                s = st.to_act
                st.apply(bots[s].choose(st.view(s), st.legal_actions()))
            out = st.outcome()
            wins += (pos in out.winners) / len(out.winners)
            games += 1
    assert wins / games > 0.6
