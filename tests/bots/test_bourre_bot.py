"""The Bourré heuristic bot: judges its hand before playing, keeps trumps and aces when drawing,
plays under must-head and the cinch, and takes more counters than random bots."""

from __future__ import annotations

import statistics

from games.bots import RandomBot, make_bot
from games.bourre import RULES
from games.bourre.bot import BourreBot
from tests.games.test_bourre import bourre_hand


def choice(st, seed: int = 0) -> str:
    s = st.to_act
    action = BourreBot(seed).choose(st.view(s), st.legal_actions())
    assert action in st.legal_actions()
    return action.text


def test_is_registered_as_the_heuristic_bot():
    assert isinstance(make_bot("heuristic", "bourre", 1), BourreBot)


def test_plays_two_trumps_and_passes_rubbish():
    """Hearts are trump (the dealer, seat 3, turned up 7H); seat 0 decides first."""
    st = bourre_hand(["2C 3C 4H 5H 6C", "2S 3S 4S 5S 6S", "2D 3D 4D 5D 6D", "7S 8S 9S 10S 7H"], dealer=3)
    assert choice(st) == "play"  # 4H 5H: two trumps
    st = bourre_hand(["2C 3C 4C 9D 6C", "2S 3S 4S 5S 6S", "2D 3D 4D 5D 6D", "7S 8S 9S 10S 7H"], dealer=3)
    assert choice(st) == "pass"


def test_needs_a_stronger_hand_against_more_players_already_in():
    fair = "AS 3D 4D 5C 6C"  # a lone side ace
    st = bourre_hand([fair, "2C 3C 4C 7C 8C", "2D 5D 6D 7D 8D", "7S 8S 9S 10S 7H"], dealer=3)
    assert choice(st) == "play"  # nobody is in yet
    st = bourre_hand(["2C 3C 4C 7C 8C", "2D 5D 6D 7D 8D", fair, "7S 8S 9S 10S 7H"], dealer=3)
    for _ in range(2):
        st.apply("play")
        st.apply("done")
    assert st.to_act == 2 and choice(st) == "pass"  # two players are already in


def test_discards_everything_but_trumps_aces_and_guarded_kings():
    st = bourre_hand(
        ["AC KC QD 2H 3S", "2S 4S 5S 6S JS", "2D 3D 4D 5D 6D", "7S 8S 9S 10S 7H"],
        dealer=3,
        stock="4C 5C 6C 7C",
    )
    st.apply("play")
    picks = []
    while st.phase == "discard":
        picks.append(choice(st))
        st.apply(picks[-1])
    assert picks == ["discard 3S", "discard QD", "done"]


def test_the_dealer_with_an_ace_up_plays():
    st = bourre_hand(["2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "7S 8S 9S 10S AH"], dealer=2)
    for _ in range(2):
        st.apply("play")
        st.apply("done")
    assert choice(st) == "play"


def test_wins_cheaply_when_last_and_throws_low_when_beaten():
    st = bourre_hand(["QS KS AS 2C 7H", "10S 2S 5D 6D 7D", "JS 9C 8D 9D 10D"], dealer=0)  # hearts trump
    for _ in range(3):
        st.apply("play")
        st.apply("done")
    st.apply("10S")
    st.apply("JS")
    assert texts_of(st) == ["QS", "KS", "AS"] and choice(st) == "QS"  # last to play: the cheapest winner
    st = bourre_hand(["QS KS AS 2C 7H", "10S 2S 5D 6D 7D", "9H 9C 8D 9D 10D"], dealer=0)
    for _ in range(3):
        st.apply("play")
        st.apply("done")
    st.apply("2S")
    st.apply("9H")  # void in spades: must trump
    assert texts_of(st) == ["QS", "KS", "AS"] and choice(st) == "QS"  # beaten anyway: the lowest spade


def texts_of(st) -> list[str]:
    return [a.text for a in st.legal_actions()]


def test_beats_random_bots_on_counters():
    heur, rand = [], []
    for m in range(20):
        st = RULES.new_game(4, None, m)
        bots = [BourreBot(m + i) if (i + m) % 2 == 0 else RandomBot(m + i) for i in range(4)]
        while not st.is_over:
            s = st.to_act
            st.apply(bots[s].choose(st.view(s), st.legal_actions()))
        for i in range(4):
            (heur if (i + m) % 2 == 0 else rand).append(st.scores[i])
    assert statistics.mean(heur) > statistics.mean(rand)
