"""Simple Strange scenarios: the seed's worked examples (SS-1) and every SS resolution."""

from __future__ import annotations

import pytest

from games.bots import RandomBot
from games.core import BadOptionError, IllegalActionError, parse_card, parse_cards
from games.simple_strange import RULES, pip_value, super_trump_pips
from games.simple_strange.viewdata import Staged


def table(up: str, hands: list[str], leader: int = 0, seats: int = 3, **options):
    """A match whose current deal is replaced by these up-cards and hands; ``leader`` to lead."""
    st = RULES.new_game(seats, options or None, seed=1)
    st.set_up_cards(parse_cards(up))
    st.hands = [parse_cards(h) for h in hands]
    st.leader = st.to_act = leader
    st._legal_cache = None
    return st


def play(st, *moves: str) -> None:
    for m in moves:
        st.apply(m)


def notes(st_or_trick) -> list[str]:
    return [p.note for p in st_or_trick.plays]


def refused(st, move: str) -> str:
    before = st.snapshot()
    with pytest.raises(IllegalActionError) as exc:
        st.apply(move)
    assert st.snapshot() == before
    return str(exc.value)


# ---------------------------------------------------------------- the seed's examples (SS-1)


def test_example_1_trick_scores_27_26_26():
    """Super-trumps 6H/KS: JS 3C / 9S 4C / 7S 6C gives 27 / 26 / 26, player one wins."""
    st = table("6H KS", ["JS 3C 2D 3D", "9S 4C 2D 3D", "7S 6C 2D 3D"])
    play(st, "JS", "3C", "9S@1", "4C@2", "7S@1", "6C@2")
    assert notes(st.last_trick) == ["led: 24+3=27", "vs JS/3C: 22+4=26", "vs JS/3C: 20+6=26"]
    assert st.last_trick.winner == 0 and st.tricks_won == [1, 0, 0]
    assert st.to_act == 0 and st.leader == 0


def test_example_2_drawn_trick_goes_to_the_next_winner():
    """Super-trumps JC/4H.  AS JH / 5C 7H / QS KH is 38 / 38 / 38: drawn, player one leads
    again.  QH QH / JC 10C / 2S 6H is 50 / 52 / 19: player two collects both tricks (SS-8)."""
    st = table("JC 4H", ["AS JH QH QH 6D 7D", "5C 7H JC 10C 2D 3D", "QS KH 2S 6H 4D 5D"])
    play(st, "AS", "JH", "5C@1", "7H@2", "QS@1", "KH@2")
    assert notes(st.last_trick) == ["led: 14+24=38", "vs AS/JH: 18+20=38", "vs AS/JH: 12+26=38"]
    assert st.last_trick.winner is None and st.tricks_won == [0, 0, 0]
    view = st.view(2)
    assert view.info_value("pending") == "1" and len(view.extra.pending) == 1
    assert st.to_act == 0  # the same leader leads again
    play(st, "QH", "QH", "JC@1", "10C@2")
    # player three holds one heart only: after a throw-away, the heart must follow
    play(st, "2S@1")
    assert [a.text for a in st.legal_actions()] == ["6H@2", "takeback"]
    play(st, "6H@2")
    assert notes(st.last_trick) == ["led: 25+25=50", "vs QH/QH: 29+23=52", "vs QH/QH: 0+19=19"]
    assert st.last_trick.winner == 1 and st.tricks_won == [0, 2, 0]
    assert st.view(0).extra.pending == () and st.view(0).info_value("pending") == "0"
    assert st.to_act == 1 and len(st.won[1]) == 12


def test_intro_example_trumps_and_super_trumps():
    """Up-cards JC and QH: clubs and hearts are trump; QH (29) beats JC (28)."""
    st = table("JC QH", ["2D 3D", "2D 3D", "2D 3D"])
    extra = st.view(0).extra
    assert extra.trumps == ("C", "H")
    assert extra.super_trumps == (parse_card("QH"), parse_card("JC"))
    assert extra.pips() == {parse_card("QH"): 29, parse_card("JC"): 28}
    assert st.view(1).info_value("supers") == "QH (29), JC (28)"


def test_intro_follow_example_club_against_the_club():
    """3C and 8S led; a player with a club but no spade must set the club against 3C and may
    trump or throw away against 8S (SS-3: legality per led card)."""
    st = table("JH QH", ["3C 8S 2D 3D", "4C 9D 5H 6D", "5C 6C 7C 8C"])
    play(st, "3C", "8S")
    assert [a.text for a in st.legal_actions()] == ["5H@2", "6D@2", "9D@2", "4C@1"]
    assert refused(st, "9D@1") == "9D@1 is not legal for seat 2: you must play clubs against 3C (you hold 4C)"
    assert refused(st, "4C@2") == "4C@2 is not legal for seat 2: you must keep 4C for 3C"
    play(st, "4C@1")
    assert [a.text for a in st.legal_actions()] == ["5H@2", "6D@2", "9D@2", "takeback"]


# ---------------------------------------------------------------- resolutions


def test_ss2_two_way_tie_for_the_top_draws_the_trick():
    st = table("2H 3H", ["9S 4C 2D 3D", "9S 4C 2D 3D", "2S 2C 2D 3D"])
    play(st, "9S", "4C", "9S@1", "4C@2", "2S@1", "2C@2")
    assert [p.note[-2:] for p in st.last_trick.plays] == ["13", "13", "=4"]
    assert st.last_trick.winner is None and len(st.pending) == 1


def test_ss3_pairing_decides_a_plain_cards_value_and_must_be_stated():
    assert pip_value(parse_card("9D"), parse_card("3D"), ("H",), {}) == 9
    assert pip_value(parse_card("9D"), parse_card("3C"), ("H",), {}) == 0
    st = table("JH QH", ["3C 8S 2D 3D", "4D 9D 5H 6D", "5C 6C 7C 8C"])
    play(st, "3C", "8S")
    assert "say which led card it goes against: 9D@1 (vs 3C) or 9D@2 (vs 8S)" in refused(st, "9D")
    assert {a.text for a in st.legal_actions()} >= {"9D@1", "9D@2", "5H@1", "5H@2"}


def test_a_card_that_fits_neither_led_card_is_refused_with_the_follow_rule():
    """Without a slot, a card that may go against neither led card gets the follow rule, not a
    request to name a slot (seen in the TUI: a trump while holding both led suits)."""
    st = table("JH QH", ["3D 8S 2D 3D", "4D 9S 5H 6D", "5C 6C 7C 8C"])
    play(st, "3D", "8S")
    reason = refused(st, "5H")
    assert "say which led card" not in reason and "5H" in reason and "4D" in reason


def test_ss4_both_led_cards_of_one_suit():
    st = table("JH QH", ["3S 8S 2D 3D", "4S 9S 10S 6D", "5S 6C 7C 8C"])
    play(st, "3S", "8S")
    # three spades held: both cards must be spades
    assert refused(st, "6D@1") == (
        "6D@1 is not legal for seat 2: you must play 2 spades against 3S and 8S (you hold 4S 9S 10S)"
    )
    play(st, "9S@2", "4S@1")
    # one spade held: it must be one of the two cards, with any card beside it
    assert {"6C@1", "6C@2", "5S@1", "5S@2"} <= {a.text for a in st.legal_actions()}
    play(st, "6C@1")
    assert [a.text for a in st.legal_actions()] == ["5S@2", "takeback"]
    assert "you must play 1 spades against 3S and 8S (you hold 5S)" in refused(st, "7C@2")


def test_ss5_equal_rank_up_cards_are_both_28():
    assert super_trump_pips(parse_cards("7C 7H")) == {parse_card("7C"): 28, parse_card("7H"): 28}


def test_ss6_identical_up_cards_and_one_suit_up_cards():
    st = table("7C 7C", ["2D 3D", "2D 3D", "2D 3D"])
    assert st.trumps == (parse_card("7C").suit,) and st.supers == {}
    assert st.view(0).info_value("supers") == "none in play"
    assert super_trump_pips(parse_cards("7C KC")) == {parse_card("KC"): 29, parse_card("7C"): 28}
    st = table("7C KC", ["2D 3D", "2D 3D", "2D 3D"])
    assert st.view(0).extra.trumps == ("C",)
    # a super-trump keeps its value even when thrown against another suit
    assert pip_value(parse_card("KC"), parse_card("AS"), st.trumps, st.supers) == 29


def test_ss7_a_tie_for_most_tricks_is_a_shared_win():
    st = table("2H 3H", ["2D 3D", "2D 3D", "2D 3D"])
    st.scores = [5, 6, 6]
    st._finish_match()
    out = st.outcome()
    assert out.winners == (1, 2) and out.is_shared and out.scores == (5, 6, 6)


def test_ss8_winner_collects_every_pending_trick():
    hands = ["9S 4C 9S 4C AH AH", "9S 4C 9S 4C 2H 3H", "2S 2C 2S 2C 4H 5H"]
    st = table("JD QD", hands)
    for _ in range(2):
        play(st, "9S", "4C", "9S@1", "4C@2", "2S@1", "2C@2")
    assert len(st.pending) == 2 and st.view(None).info_value("pending") == "2"
    play(st, "AH", "AH", "2H@1", "3H@2", "4H@1", "5H@2")
    assert st.tricks_won == [3, 0, 0] and not st.pending
    won = [e.text for e in st.events if e.kind == "trick"][-1]
    assert won == "{p0} wins the trick and 2 drawn tricks ({p0} 28, {p1} 5, {p2} 9)"


def test_a_drawn_last_trick_abandons_the_pending_tricks():
    st = table("JD QD", ["9S 4C 9S 4C", "9S 4C 9S 4C", "2S 2C 2S 2C"])
    for _ in range(2):
        play(st, "9S", "4C", "9S@1", "4C@2", "2S@1", "2C@2")
    assert st.is_over and st.tricks_won == [0, 0, 0] and st.abandoned_tricks == 2
    hand = [e for e in st.events if e.kind == "hand"][-1]
    assert hand.lines[0] == "The last trick was drawn: 2 drawn tricks abandoned"
    assert st.outcome().winners == (0, 1, 2)


def test_ss9_match_of_several_deals_rotates_the_dealer_and_sums_tricks():
    st = RULES.new_game(3, {"deals": 3}, seed=4)
    bot = RandomBot(2)
    while not st.is_over:
        st.apply(bot.choose(st.view(st.to_act), st.legal_actions()))
    dealers = [e.seat for e in st.events if e.kind == "deal"]
    assert len(dealers) == 3 and dealers[1] == (dealers[0] + 1) % 3 and dealers[2] == (dealers[0] + 2) % 3
    per_deal = [
        [int(line.split(": ")[1].split()[0]) for line in e.lines if line.startswith("{p")]
        for e in st.events
        if e.kind == "hand"
    ]
    assert list(st.outcome().scores) == [sum(d[s] for d in per_deal) for s in range(3)]
    assert st.outcome().reason == "most tricks over 3 deals"


# ---------------------------------------------------------------- staging and the view


def test_first_card_is_staged_privately_and_can_be_taken_back():
    st = table("JH QH", ["3C 8S 2D 3D", "4C 9D 5H 6D", "5C 6C 7C 8C"])
    play(st, "3C")
    assert st.trick == () and st.to_act == 0
    assert st.view(0).extra.staged == Staged(parse_card("3C"), None)
    assert st.view(1).extra.staged is None and st.view(None).extra.staged is None
    assert st.view(1).hand_sizes == (4, 4, 4)
    assert refused(st, "3C") == "3C is not legal for seat 1: that card is already staged (take it back first)"
    assert st.label(st.legal_actions()[-1]) == "Take back"
    play(st, "takeback")
    assert sorted(c.text for c in st.hands[0]) == sorted(["3C", "8S", "2D", "3D"])
    play(st, "8S", "3C")
    assert st.trick[0].cards == tuple(parse_cards("8S 3C"))  # led-card order is the order played
    assert st.to_act == 1 and st.view(1).prompt.startswith("Play two cards, one against 8S (@1)")


def test_follower_pair_is_shown_in_led_card_order():
    st = table("JH QH", ["3C 8S 2D 3D", "4C 9D 5H 6D", "5C 6C 7C 8C"])
    play(st, "3C", "8S", "5H@2")
    assert "@2" not in [a.text[-2:] for a in st.legal_actions() if a.kind == "play"]
    assert (
        refused(st, "9D@2")
        == "9D@2 is not legal for seat 2: you already set 5H against 8S: play against led card 1"
    )
    play(st, "4C@1")
    assert st.trick[1].cards == tuple(parse_cards("4C 5H")) and st.trick[1].note == "vs 3C/8S: 4+18=22"


def test_leader_refusals_name_the_rule():
    st = table("JH QH", ["3C 8S 2D 3D", "4C 9D 5H 6D", "5C 6C 7C 8C"])
    assert (
        refused(st, "3C@1")
        == "3C@1 is not legal for seat 1: the leader plays two cards without a slot: type 3C"
    )
    assert refused(st, "AS") == "AS is not legal for seat 1: you do not hold AS"
    assert "no card staged" in refused(st, "takeback")


# ---------------------------------------------------------------- the two-player variant and options


@pytest.mark.parametrize("size", [32, 34])
def test_two_player_variant_deals_and_sets_cards_aside(size):
    st = RULES.new_game(2, {"hand_size": size}, seed=9)
    assert [len(h) for h in st.hands] == [size, size] and len(st.up_cards) == 2
    assert len(st.stock) == 104 - 2 * size - 2
    bot = RandomBot(1)
    while not st.is_over:
        st.apply(bot.choose(st.view(st.to_act), st.legal_actions()))
    assert sum(st.tricks_won) + st.abandoned_tricks == size // 2


def test_three_players_always_get_34_cards():
    with pytest.raises(BadOptionError, match="hand_size=32 is only for two players"):
        RULES.new_game(3, {"hand_size": 32}, seed=1)
    st = RULES.new_game(3, None, seed=1)
    assert [len(h) for h in st.hands] == [34, 34, 34] and st.stock == []


def test_two_player_trick_has_one_follower():
    st = table("2H 3H", ["AS 5D 2C 3C", "KS 9D 4C 6C"], seats=2, hand_size=32)
    play(st, "AS", "5D", "KS@1", "9D@2")
    assert notes(st.last_trick) == ["led: 14+5=19", "vs AS/5D: 13+9=22"]
    assert st.last_trick.winner == 1 and st.tricks_won == [0, 1] and st.to_act == 1
