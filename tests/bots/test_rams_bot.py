"""The Rams heuristic bot: judges its hand before deciding, swaps as dealer, plays under must-head,
and takes more counters than random bots."""

from __future__ import annotations

import statistics

from games.bots import RandomBot, make_bot
from games.bots.cardplay import hand_strength
from games.core import Ranking, Suit, parse_cards
from games.rams import RULES
from games.rams.bot import RamsBot
from tests.games.test_rams import rams_hand


def choice(st, seed: int = 0) -> str:
    s = st.to_act
    action = RamsBot(seed).choose(st.view(s), st.legal_actions())
    assert action in st.legal_actions()
    return action.text


def test_is_registered_as_the_heuristic_bot():
    assert isinstance(make_bot("heuristic", "rams", 1), RamsBot)


def test_hand_strength_counts_top_trumps_and_aces():
    hearts = Ranking(trumps=(Suit.HEARTS,))
    assert hand_strength(parse_cards("AH KH QH JH AS"), hearts, 3) > 4
    assert hand_strength(parse_cards("7S 8S 9C 8D 7D"), hearts, 3) == 0


def test_declares_rams_with_a_near_certain_hand():
    st = rams_hand(["7S 8S 9S 7D 8D", "AH KH QH JH AS", "7C 8C 9C 10C JC"], "7H", dealer=0)
    assert choice(st) == "rams"


def test_passes_a_weak_hand_when_allowed_and_takes_the_widow_when_not():
    weak = ["7S 8S 9C 8D 7D", "AH KH QH JH AS", "7C 8C 10C JC QC"]
    assert choice(rams_hand(weak, "7H", dealer=2, pot=15)) == "pass"
    assert choice(rams_hand(weak, "7H", dealer=2, pot=5)) == "widow"


def test_plays_a_fair_hand():
    st = rams_hand(["AS KS 10H 8H 7D", "KH QH 9S JH 9D", "7C 8C 9C 10C JC"], "7H", dealer=2, pot=15)
    assert choice(st) == "play"


def test_dealer_swaps_its_weakest_card_for_the_trump():
    st = rams_hand(["AS KS 8C 7D 8D", "KH QH 9S JH 9D", "AC 8H 9C 10C JC"], "7H", dealer=0, pot=15)
    st.apply("play")
    st.apply("pass")
    assert choice(st) == "swap"
    st.apply("swap")
    assert choice(st) == "discard 7D"


def test_leads_the_top_trump_and_wins_cheaply_when_last():
    st = rams_hand(["9S 8S 7C 9D 10D", "AH 9H 8D 7D JD", "KS 10S QC KC AC"], "7H", dealer=2)
    for _ in range(3):
        st.apply("play")
    st.apply("9S")  # seat 0 leads; seat 1 is void in spades and must trump
    assert choice(st) in ("AH", "9H")
    st.apply("9H")
    assert choice(st) == "10S"  # a trump is in, so any spade will do: the cheapest
    st.apply("10S")
    assert st.to_act == 1
    assert choice(st) == "AH"  # the top trump leads


def test_the_rams_declarer_leads_trumps_from_the_top():
    st = rams_hand(["QH 9H 9S 9D 10D", "AS KS 8D 7D JD", "KC 10S QC 10C AC"], "7H", dealer=2)
    st.apply("rams")
    st.apply("play")
    st.apply("play")
    assert st.to_act == 0 and choice(st) == "QH"


def test_beats_random_bots_on_counters():
    heur, rand = [], []
    for m in range(24):
        st = RULES.new_game(4, None, m)
        bots = [RamsBot(m + i) if (i + m) % 2 == 0 else RandomBot(m + i) for i in range(4)]
        while not st.is_over:
            s = st.to_act
            st.apply(bots[s].choose(st.view(s), st.legal_actions()))
        for i in range(4):
            (heur if (i + m) % 2 == 0 else rand).append(st.scores[i])
    assert statistics.mean(heur) > statistics.mean(rand) + 20
