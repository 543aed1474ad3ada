"""Bourré scenarios (seed 001; rules-notes BO-1 to BO-8 and the must-head rule)."""

from __future__ import annotations

import dataclasses

import pytest

from games.bourre import RULES
from games.core import BadOptionError, IllegalActionError, Ranking, parse_card, parse_cards
from games.core.trickgame import seat_play
from tests.conformance import LeakWatch, check_step, view_mentions


def bourre_hand(
    hands: list[str],
    dealer: int = 0,
    pot: int | None = None,
    stack: int = 100,
    stock: str | None = None,
    **options,
):
    """A match whose current hand is exactly this deal.  The dealer's last listed card is the
    turned-up trump; the pot (default: one ante each) was paid by the dealer; the stock holds
    ``stock`` (top card last) or every other card; nobody has decided yet."""
    n = len(hands)
    st = RULES.new_game(n, {"stack": stack, **options}, seed=1)
    pot = n if pot is None else pot
    st.dealer = dealer
    st.scores = [stack] * n
    st.scores[dealer] -= pot
    st.pot = pot
    st.hands = [parse_cards(h) for h in hands]
    up = st.hands[dealer][-1]
    st.up_cards = (up,)
    st.ranking = Ranking(trumps=(up.suit,))
    used = {c for h in st.hands for c in h}
    assert len(used) == sum(map(len, st.hands)), "a card is dealt twice"
    st.stock = parse_cards(stock) if stock is not None else [c for c in st.pack if c not in used]
    st.discards = [c for c in st.pack if c not in used and c not in st.stock]
    st.setting_aside = []
    st.bids, st.status = [""] * n, [""] * n
    st.phase = "decide"
    st.to_act = (dealer + 1) % n
    st.events = []  # forget the random deal this scenario replaces
    st._legal_cache = None
    st.check_invariants()
    return st


def texts(st) -> list[str]:
    return [a.text for a in st.legal_actions()]


def last_hand_lines(st) -> list[str]:
    return [e for e in st.events if e.kind == "hand"][-1].render_lines([f"P{i}" for i in range(st.num_seats)])


def settle(st, bids: list[str], tricks: list[int]):
    st.bids = bids
    st.tricks_won = tricks
    st.hands = [[] for _ in bids]
    st._settle()


FOUR = ["2S 3S 4S 5S 6S", "2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "7S 8S 9S 10S 7H"]


# -- antes, the deal, deciding, drawing -----------------------------------------------


def test_everybody_antes_one_and_the_dealers_last_card_is_trump_BO_1():
    st = RULES.new_game(5, None, seed=4)
    assert st.pot == 5 and st.scores == [99] * 5
    up = st.up_cards[0]
    assert st.hands[st.dealer][-1] == up and st.ranking.trumps == (up.suit,)
    assert len(st.stock) == 52 - 25 and all(len(h) == 5 for h in st.hands)
    assert st.to_act == (st.dealer + 1) % 5 and texts(st) == ["play", "pass"]


def test_pass_folds_the_hand_face_down():
    st = bourre_hand(FOUR)
    folded = list(st.hands[1])
    st.apply("pass")
    assert st.hands[1] == [] and all(c in st.discards for c in folded)
    assert st.status[1] == "passed" and st.view(2).status[1] == "passed"
    assert not view_mentions(st.view(2)) & set(folded)


def test_play_then_discard_and_draw_the_same_number():
    st = bourre_hand(FOUR, stock="KD QD")
    st.apply("play")
    assert st.phase == "discard" and texts(st) == [
        "discard 2C",
        "discard 3C",
        "discard 4C",
        "discard 5C",
        "discard 6C",
        "done",
    ]
    st.apply("discard 2C")
    st.apply("discard 3C")
    assert texts(st)[-1] == "done" and "discard 2C" not in texts(st)
    assert st.view(1).extra.discarding == tuple(parse_cards("2C 3C"))
    st.apply("done")
    assert sorted(c.text for c in st.hands[1]) == sorted(["4C", "5C", "6C", "QD", "KD"])
    assert parse_card("2C") in st.discards
    assert st.events[-1].render(["P0", "P1", "P2", "P3"]) == "P1 discards 2 and draws 2"
    assert not view_mentions(st.view(2)) & set(parse_cards("2C 3C QD KD"))  # nobody else learns the cards
    assert st.phase == "decide" and st.to_act == 2


def test_standing_pat_draws_nothing():
    st = bourre_hand(FOUR)
    st.apply("play")
    st.apply("done")
    assert st.hands[1] == parse_cards("2C 3C 4C 5C 6C")


def test_an_empty_stock_is_rebuilt_from_the_discards_without_the_players_own():
    st = bourre_hand(FOUR, stock="AH")
    assert set(st.discards) == set(st.pack) - {c for h in st.hands for c in h} - {parse_card("AH")}
    st.apply("play")
    for c in ("2C", "3C", "4C"):
        st.apply(f"discard {c}")
    pile = set(st.discards)
    st.apply("done")
    drawn = set(st.hands[1]) - set(parse_cards("5C 6C"))
    assert parse_card("AH") in drawn and len(drawn) == 3
    assert drawn - {parse_card("AH")} <= pile  # the other two came from the reshuffled discards
    assert set(parse_cards("2C 3C 4C")) <= set(st.discards)  # own discards were set aside, not redrawn
    assert "the discards were shuffled into a new stock" in st.events[-1].text
    check_step(st, True)


def test_eight_players_drawing_five_each_reshuffle_and_conserve_cards():
    st = RULES.new_game(8, None, seed=11)
    watch = LeakWatch(st)
    for _ in range(8):  # everybody plays and throws all five
        st.apply("play")
        for _ in range(5):
            st.apply(st.legal_actions()[0])
        st.apply("done")
        check_step(st, True)
        watch.check(st)
    assert any("shuffled into a new stock" in e.text for e in st.events)
    assert st.phase == "play" and all(len(h) == 5 for h in st.hands)


def test_an_ace_turned_up_forces_the_dealer_to_play():
    st = bourre_hand(["2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "7S 8S 9S 10S AH"], dealer=2)
    st.apply("play")
    st.apply("done")
    st.apply("play")
    st.apply("done")
    assert texts(st) == ["play"]
    with pytest.raises(IllegalActionError, match="the turned-up card is AH, an ace, so the dealer must play"):
        st.apply("pass")


def test_a_lone_player_wins_the_pot_by_default():
    st = bourre_hand(FOUR, pot=8)
    st.apply("pass")
    st.apply("play")
    st.apply("done")
    st.apply("pass")
    assert st.to_act == 0 and texts(st) == ["play", "pass"]
    st.apply("pass")  # the dealer
    assert last_hand_lines(st) == ["Only P2 plays, so P2 takes the pot of 8 without play; stack 108"]
    assert st.hand_number == 2 and st.pot == 4


def test_the_dealer_takes_the_pot_without_drawing_when_all_pass_BO_3():
    st = bourre_hand(FOUR, pot=8)
    for _ in range(3):
        st.apply("pass")
    assert last_hand_lines(st) == ["Only P0 plays, so P0 takes the pot of 8 without play; stack 100"]
    assert st.hands_played == 1 and st.dealer == 1


# -- play: must-head and the cinch ---------------------------------------------------------


def test_play_obeys_the_must_head_rule_BO_2():
    st = bourre_hand(["QS 2C 3C 4C 7H", "KS 2S 5D 6D 7D", "AC 9C 8D 9D 10D"], dealer=0)
    for _ in range(3):
        st.apply("play")
        st.apply("done")
    assert st.phase == "play" and st.to_act == 1
    st.apply("2S")
    assert set(texts(st)) == {"AC", "9C", "8D", "9D", "10D"}  # void in spades and trumps: anything
    st.apply("8D")
    assert texts(st) == ["QS"]
    with pytest.raises(IllegalActionError, match="you must follow spades and beat 2S"):
        st.apply("7H")


def test_a_cinch_must_lead_the_highest_trump_BO_6():
    st = bourre_hand(["AH KH QH 2D 3D", "2C 3C 4C 5C 6C", "AS KS 4D 5D 7H"], dealer=2)
    for _ in range(3):
        st.apply("play")
        st.apply("done")
    assert st.to_act == 0 and st.has_cinch(0)
    assert texts(st) == ["AH"]
    with pytest.raises(IllegalActionError, match="you hold a cinch, so you must lead your highest trump, AH"):
        st.apply("2D")


def test_a_cinch_must_trump_with_the_highest_trump_BO_6():
    st = bourre_hand(["2C 3C 4C 5C 6C", "AH KH QH 2S 3S", "AS KS QS 5D 7H"], dealer=2)
    for _ in range(3):
        st.apply("play")
        st.apply("done")
    st.apply("2C")
    assert st.has_cinch(1) and texts(st) == ["AH"]  # void in clubs: trump, and with the top trump
    with pytest.raises(IllegalActionError, match="you must trump with your highest trump, AH"):
        st.apply("QH")


def test_no_cinch_while_a_higher_trump_is_out():
    st = bourre_hand(["2C 3C 4C 5C 6C", "KH QH JH 2S 3S", "AS KS QS 5D 7H"], dealer=2)
    assert not st.has_cinch(1)  # the AH is unplayed and not in seat 1's hand
    st.tricks_won[1] = 1
    assert not st.has_cinch(1)
    st.won[2] = (parse_card("AH"),)  # once the AH has been played, K Q J are unbeatable
    assert st.has_cinch(1)


def mid_trick(trick: str, hand: str, tricks_won: int):
    """Seat 2 (the dealer, hearts trump) to play to a trick seats 0 and 1 have started; it holds
    ``hand`` and has won ``tricks_won`` tricks."""
    st = bourre_hand(["2S 3S 4S 5S 6S", "7S 8S 9S 10S JS", "2C 3C 4C 5C 2H"], dealer=2)
    st.bids, st.status, st.phase = ["play"] * 3, ["in"] * 3, "play"
    led, second = parse_cards(trick)
    st.hands = [parse_cards("3S 4S"), parse_cards("8S 9S"), parse_cards(hand)]
    st.trick = (seat_play(0, led), seat_play(1, second))
    st.tricks_won = [0, 0, tricks_won]
    st.to_act = 2
    st._legal_cache = None
    return st


def test_a_higher_trump_in_the_trick_leaves_the_lower_ones_beatable_BO_6():
    """BO-6 (added), the review's repro: one trick won, KH QH 6C, the trick so far 2S AH.  The AH
    still counts as unplayed for the trick it is in, so KH and QH are not unbeatable, there is no
    cinch, and must-head allows either trump (the old code forced KH)."""
    st = mid_trick("2S AH", "KH QH 6C", tricks_won=1)
    assert not st.has_cinch(2)
    assert texts(st) == ["QH", "KH"]
    st.apply("QH")


def test_a_trump_above_every_trump_in_the_trick_still_makes_a_cinch_BO_6():
    st = mid_trick("2S JH", "AH KH 6C", tricks_won=1)  # QH is the best trump outside: AH and KH beat it
    assert st.has_cinch(2) and texts(st) == ["AH"]


# -- awarding the pot -------------------------------------------------------------------------


def test_the_most_tricks_takes_the_pot():
    st = bourre_hand(FOUR, pot=12)
    settle(st, ["play", "play", "pass", "play"], [1, 1, 0, 3])
    assert last_hand_lines(st) == [
        "P0 1 trick, P1 1 trick, P3 3 tricks",
        "P3 takes the pot of 12 with 3 tricks; stack 112",
    ]
    assert st.pot == 4  # everybody antes the next pot


def test_two_tricks_win_when_the_others_take_one_each():
    st = bourre_hand(FOUR, pot=12)
    settle(st, ["play", "play", "play", "play"], [1, 2, 1, 1])
    assert last_hand_lines(st)[1] == "P1 takes the pot of 12 with 2 tricks; stack 112"


def test_a_tie_keeps_the_pot_and_only_the_others_ante_BO_7():
    st = bourre_hand(FOUR, pot=12)
    settle(st, ["play", "pass", "play", "play"], [2, 0, 2, 1])
    assert last_hand_lines(st)[1] == (
        "P0 and P2 tie with 2 tricks: nobody takes the pot of 12; it stays for the next hand, "
        "and everybody else antes again"
    )
    assert st.scores == [100 - 12, 99, 100, 99]  # the passer (P1) and P3 ante; P0 and P2 do not
    assert st.pot == 14
    st.check_invariants()


def test_bourre_pays_the_pot_just_played_instead_of_an_ante_BO_8():
    st = bourre_hand(FOUR, pot=12)
    settle(st, ["play", "play", "play", "pass"], [3, 2, 0, 0])
    assert last_hand_lines(st) == [
        "P0 3 tricks, P1 2 tricks, P2 0 tricks",
        "P0 takes the pot of 12 with 3 tricks; stack 100",
        "P2 went bourré: pays 12 (the pot played) into the next pot; stack 88",
    ]
    assert st.scores == [99, 99, 88, 99]  # P2 does not ante again
    assert st.pot == 12 + 3
    st.check_invariants()


def test_two_bourre_players_each_pay_the_full_pot_and_tie_and_bourre_combine():
    st = bourre_hand(
        ["2S 3S 4S 5S 6S", "2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "7S 8S 9S 10S JS", "QS KS AS 10C 7H"], pot=10
    )
    settle(st, ["play", "play", "play", "play", "play"], [3, 2, 0, 0, 0])
    lines = last_hand_lines(st)
    assert "P2 went bourré: pays 10 (the pot played) into the next pot; stack 90" in lines
    assert "P4 went bourré: pays 10 (the pot played) into the next pot; stack 90" in lines
    assert st.pot == 30 + 2  # three bourré payments, plus antes from P0 and P1


def test_a_bourre_player_short_of_the_pot_pays_what_they_have_and_the_match_ends_BO_5():
    st = bourre_hand(FOUR, pot=30, stack=40)
    st.scores = [10, 40, 20, 60]
    settle(st, ["play", "play", "play", "pass"], [3, 2, 0, 0])
    assert "P2 went bourré: pays 20 (the pot played) into the next pot; stack 0" in last_hand_lines(st)
    assert st.is_over and st.outcome().reason == "{p2} ran out of counters"
    # BO-9: the 20 left are shared by the players holding counters, odd ones from the dealer's left
    assert st.outcome().winners == (3,) and st.pot == 0 and st.scores == [46, 47, 0, 67]
    assert st.outcome().lines == ("The pot of 20 is shared: {p0} 6, {p1} 7, {p3} 7",)
    st.check_invariants()


def test_match_ends_after_the_set_number_of_hands_BO_5():
    st = RULES.new_game(4, {"hands": 3}, seed=8)
    while not st.is_over:
        st.apply(st.legal_actions()[0])
    assert st.hands_played == 3 and st.outcome().reason == "3 hands were played"


def test_random_matches_conserve_counters_and_hide_discards():
    for n, seed in ((2, 0), (8, 2)):  # a leak check at every step (the conformance suite samples)
        st = RULES.new_game(n, {"hands": 2}, seed)
        watch = LeakWatch(st)
        while not st.is_over:
            check_step(st, False)
            watch.check(st)
            unseen = set(st.stock) | set(st.discards) | set(st.setting_aside)
            assert not mentioned_this_hand(st.view(None)) & unseen - set(st.up_cards)
            legal = st.legal_actions()
            st.apply(legal[(seed + len(st.history)) % len(legal)])
        st.check_invariants()


def mentioned_this_hand(view) -> set:
    """Cards a view mentions, counting only this hand's events."""
    events = tuple(e for e in view.events if e.hand == view.hand_number)
    # the last trick stays reviewable into the next hand; it is history, not this hand's cards
    last = view.last_trick if any(e.kind == "trick" for e in events) else None
    return view_mentions(dataclasses.replace(view, events=events, last_trick=last))


def test_bad_options():
    with pytest.raises(BadOptionError, match="stack=3 is smaller than ante=5"):
        RULES.new_game(3, {"stack": 3, "ante": 5}, 1)
    with pytest.raises(BadOptionError, match="Bourré is for 2 to 8 players, not 9"):
        RULES.new_game(9, None, 1)


def test_refusals_name_the_rule():
    st = bourre_hand(FOUR)
    st.apply("play")
    with pytest.raises(
        IllegalActionError, match="discard 2S is not legal for seat 2: you do not hold that card"
    ):
        st.apply("discard 2S")
    with pytest.raises(
        IllegalActionError, match="pass is not legal for seat 2: it is not one of the choices now"
    ):
        st.apply("pass")


# -- the end of the match (BO-9) and the hand limit, from the review of issue 11 ---------------------------


def lasting(st, hands: int):
    """The same match set to last ``hands`` hands (bourre_hand's own ``hands`` are the cards)."""
    st.options = {**st.options, "hands": hands}
    return st


def test_no_bourre_payment_after_the_last_hand_BO_9():
    """BO-9 (added): the bourré payment would feed a hand that is never played."""
    st = lasting(bourre_hand(FOUR, pot=12), 1)
    settle(st, ["play", "play", "play", "pass"], [3, 2, 0, 0])
    lines = last_hand_lines(st)
    assert "P2 went bourré: no payment after the last hand" in lines
    assert st.is_over and st.scores == [100, 100, 100, 100] and st.pot == 0
    st.check_invariants()


def test_a_pot_left_by_a_tie_in_the_last_hand_is_shared_by_the_tied_players_BO_9():
    """BO-9: 13 counters, P0 and P2 tied: 6 each, and the odd one to the first of them from the
    dealer's left (the dealer is P0, so P2)."""
    st = lasting(bourre_hand(FOUR, pot=13), 1)
    settle(st, ["play", "pass", "play", "play"], [2, 0, 2, 1])
    assert st.is_over and st.pot == 0
    assert st.scores == [100 - 13 + 6, 100, 100 + 7, 100]
    assert st.outcome().lines == ("The pot of 13 is shared: {p0} 6, {p2} 7",)
    assert last_hand_lines(st)[1] == (
        "P0 and P2 tie with 2 tricks: nobody takes the pot of 13; it is shared at the end of the match"
    ), "issue 29: the last hand used to say that everybody else antes again"
    st.check_invariants()


def test_hand_limit_ends_a_broke_match_and_says_so():
    st = bourre_hand(FOUR, pot=12, ending="broke", hand_limit=10)
    st.hands_played = 9
    settle(st, ["play", "play", "play", "play"], [2, 1, 1, 1])
    assert st.is_over and st.outcome().reason == "hand limit of 10 reached"
    st = bourre_hand(FOUR, pot=12, ending="broke")
    st.hands_played = 100
    settle(st, ["play", "play", "play", "play"], [2, 1, 1, 1])
    assert not st.is_over  # no silent stop at 100 hands any more


@pytest.mark.parametrize(
    "options, message",
    [
        ({"hand_limit": 100}, "option hand_limit=100 applies only with ending=broke"),
        ({"ending": "broke", "hands": 3}, "option hands=3 applies only with ending=hands"),
    ],
)
def test_options_that_do_nothing_under_the_ending_are_refused(options, message):
    with pytest.raises(BadOptionError, match=message):
        RULES.new_game(3, options, 1)
