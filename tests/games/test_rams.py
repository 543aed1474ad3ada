"""Rams scenarios (seed 001; rules-notes RA-1 to RA-8 and the must-head rule)."""

from __future__ import annotations

import dataclasses

import pytest

from games.core import BadOptionError, IllegalActionError, Ranking, parse_card, parse_cards
from games.rams import RULES
from tests.conformance import LeakWatch, check_step, view_mentions


def rams_hand(
    hands: list[str],
    up: str,
    widow: str | None = None,
    dealer: int = 0,
    pot: int = 5,
    stack: int = 100,
    **options,
):
    """A match whose current hand is exactly this deal: seat i holds hands[i], the dealer has paid
    the whole pot, the widow is ``widow`` (default: five cards nobody holds), nobody has decided
    yet and the seat left of the dealer is to act."""
    n = len(hands)
    st = RULES.new_game(n, {"stack": stack, **options}, seed=1)
    st.dealer = dealer
    st.scores = [stack] * n
    st.scores[dealer] -= pot
    st.pot = pot
    st.hands = [parse_cards(h) for h in hands]
    st.up_cards = (parse_card(up),)
    if widow is None:  # any five cards nobody holds
        held = {c for h in st.hands for c in h} | set(st.up_cards)
        widow = " ".join([c.text for c in st.pack if c not in held][:5])
    st.widow = parse_cards(widow)
    st.ranking = Ranking(trumps=(parse_card(up).suit,))
    used = {c for h in st.hands for c in h} | set(st.widow) | set(st.up_cards)
    assert len(used) == sum(map(len, st.hands)) + len(st.widow) + 1, "a card is dealt twice"
    st.out = [c for c in st.pack if c not in used]
    st.bids, st.status = [""] * n, [""] * n
    st.widow_by = st.rams_by = None
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


THREE = ["AS KS QS JS 10S", "AC KC QC JC 10C", "AD KD QD JD 10D"]
WIDOW = "9S 9C 9D 8S 8C"


# -- antes and deciding -------------------------------------------------------


def test_every_dealer_antes_five_RA_1():
    st = RULES.new_game(4, None, seed=3)
    assert st.pot == 5 and st.scores[st.dealer] == 95
    assert sorted(st.scores) == [95, 100, 100, 100]
    assert st.phase == "decide" and st.to_act == (st.dealer + 1) % 4
    assert len(st.widow) == 5 and all(len(h) == 5 for h in st.hands)
    assert st.ranking.trumps == (st.up_cards[0].suit,)


def test_no_pass_while_the_pot_holds_only_five():
    st = rams_hand(THREE, "7H", WIDOW, pot=5)
    assert texts(st) == ["play", "widow", "rams"]
    with pytest.raises(IllegalActionError, match="you may pass only when the pot holds more than 5 counters"):
        st.apply("pass")


def test_pass_is_allowed_with_more_than_five():
    st = rams_hand(THREE, "7H", WIDOW, pot=10)
    assert texts(st) == ["play", "widow", "pass", "rams"]
    st.apply("pass")
    assert st.status[1] == "passed" and st.bids[1] == "pass" and st.to_act == 2
    assert st.view(0).status[1] == "passed"


def test_taking_the_widow_swaps_the_hand_and_only_once():
    st = rams_hand(THREE, "7H", WIDOW)
    old = list(st.hands[1])
    st.apply("widow")
    assert st.hands[1] == parse_cards(WIDOW) and st.widow == []
    assert all(c in st.out for c in old)
    assert texts(st) == ["play", "rams"]
    with pytest.raises(IllegalActionError, match="the widow has already been taken"):
        st.apply("widow")


def test_rams_stops_bidding_and_brings_back_passed_players_RA_4():
    st = rams_hand(
        ["AH KH QH JH 10H", "AC KC QC JC 10C", "AD KD QD JD 10D", "AS KS QS JS 10S"], "7H", dealer=3, pot=15
    )
    st.apply("pass")  # seat 0
    st.apply("rams")  # seat 1
    assert st.bids[0] == "play" and st.status[0] == "in"
    assert texts(st) == ["play", "widow"]  # seat 2: bidding is over, the widow is still there
    with pytest.raises(IllegalActionError, match="Rams has been declared, so everybody must play"):
        st.apply("pass")
    st.apply("widow")
    assert texts(st) == ["play"]  # the dealer
    st.apply("play")
    assert st.phase == "play" and st.to_act == 0  # the passer plays their own hand and leads


def test_everybody_passing_to_the_dealer_means_a_redeal_RA_2():
    st = rams_hand(
        ["AH KH QH JH 10H", "AC KC QC JC 10C", "AD KD QD JD 10D", "AS KS QS JS 10S"], "7H", dealer=0, pot=20
    )
    for _ in range(3):
        st.apply("pass")
    lines = last_hand_lines(st)
    assert lines == [
        "Everybody passed to the dealer: P3 pays P0 5; the pot of 20 carries to the next hand"
    ], "no rule ID on screen (issue 29)"
    assert st.scores[3] == 95 and st.scores[0] == 100 - 20 + 5
    assert st.dealer == 1 and st.hand_number == 2  # the deal passes left
    assert st.pot == 25 and st.scores[1] == 95  # the new dealer antes into the carried pot
    st.check_invariants()


def test_dealer_with_one_other_player_may_not_pass_but_may_swap_RA_3():
    st = rams_hand(THREE, "7H", WIDOW, pot=15)
    st.apply("play")
    st.apply("pass")
    assert texts(st) == ["play", "swap", "widow", "rams"]
    with pytest.raises(
        IllegalActionError, match="the dealer may not pass when exactly one other player is in"
    ):
        st.apply("pass")
    st.apply("swap")
    assert st.phase == "swap" and st.to_act == 0
    assert texts(st) == ["discard 10S", "discard JS", "discard QS", "discard KS", "discard AS"]
    st.apply("discard 10S")
    assert sorted(c.text for c in st.hands[0]) == sorted(["AS", "KS", "QS", "JS", "7H"])
    assert parse_card("10S") in st.out and st.up_cards == ()
    assert st.phase == "play" and st.to_act == 1
    assert "10S" not in str(st.view(1).events)  # the discard is face down


def test_swap_only_with_exactly_one_other_player():
    st = rams_hand(THREE, "7H", WIDOW, pot=15)
    st.apply("play")
    st.apply("play")
    assert texts(st) == ["play", "widow", "pass", "rams"]  # RA-3: two in, the pot > 5, so the dealer may pass
    with pytest.raises(IllegalActionError, match="only the dealer may swap"):
        st.apply("swap")


def test_dealer_with_two_in_and_a_pot_of_five_must_play():
    st = rams_hand(THREE, "7H", WIDOW, pot=5)
    st.apply("play")
    st.apply("play")
    assert texts(st) == ["play", "widow", "rams"]


# -- play ------------------------------------------------------------------------


def test_play_follows_the_must_head_rule_RA_5():
    st = rams_hand(["KS 8H 7C 9D 10D", "AS 9S 8D 7D JD", "AH 10S QC KC AC"], "7H", dealer=2)
    for _ in range(3):
        st.apply("play")
    assert st.to_act == 0
    st.apply("KS")
    assert texts(st) == ["AS"]  # follow and beat
    with pytest.raises(
        IllegalActionError, match=r"9S is not legal for seat 2: you must follow spades and beat KS"
    ):
        st.apply("9S")
    st.apply("AS")
    assert texts(st) == ["10S"]
    st.apply("10S")
    assert st.tricks_won[1] == 1 and st.to_act == 1


def test_under_trump_in_play_is_forced():
    """RA-5 at the table: spades led, seat 1 trumps with AH, seat 2 holds 8H 7C and no spade."""
    st = rams_hand(["KS QS 9D 10D 8D", "AH 9C 8C 7D JD", "8H 7C QC KC AC"], "7H", dealer=2)
    for _ in range(3):
        st.apply("play")
    st.apply("KS")
    assert texts(st) == ["AH"]  # void in spades: must trump
    st.apply("AH")
    assert texts(st) == ["8H"]
    with pytest.raises(IllegalActionError, match="you must trump, even under AH"):
        st.apply("7C")


# -- settlement ----------------------------------------------------------------------


def test_pot_pays_a_fifth_per_trick_and_a_trickless_player_pays_five_RA_7():
    st = rams_hand(THREE, "7H", WIDOW, pot=20)
    st.bids = ["play", "play", "widow"]
    st.tricks_won = [0, 3, 2]
    st.hands = [[], [], []]
    st._settle_normal()
    assert last_hand_lines(st) == [
        "The pot of 20 pays 4 a trick",
        "P1: 3 tricks × 4 = +12, stack 112",
        "P2: 2 tricks × 4 = +8, stack 108",
        "P0 played and took no trick: pays 5 into the pot, stack 75",
        "The pot carries 5 to the next hand",
    ]
    assert st.pot == 10  # the carried 5 plus the next dealer's ante
    st.check_invariants()


def test_players_who_sat_out_are_neither_paid_nor_fined():
    st = rams_hand(THREE, "7H", WIDOW, pot=10)
    st.bids = ["play", "pass", "play"]
    st.tricks_won = [5, 0, 0]
    st.hands = [[], parse_cards("AC KC QC JC 10C"), []]
    st._settle_normal()
    lines = last_hand_lines(st)
    assert "P1 sat out" in lines and "P2 played and took no trick: pays 5 into the pot, stack 95" in lines
    assert st.scores[1] == 95 and st.dealer == 1  # untouched by the settlement; then the new dealer's ante


def play_out(st):
    """Play the current hand with the first legal card each time until the hand ends."""
    hand = st.hand_number
    while st.hand_number == hand and not st.is_over:
        st.apply(st.legal_actions()[0])


def test_made_rams_takes_the_pot_and_five_from_each():
    st = rams_hand(["AC KC QC JC 10C", "AH KH QH JH 10H", "AD KD QD JD 10D"], "7H", dealer=0, pot=15)
    st.apply("rams")
    st.apply("play")
    st.apply("play")
    play_out(st)
    assert st.hands_played == 1
    assert last_hand_lines(st) == [
        "P1 made Rams, winning all 5 tricks",
        "P0 pays P1 5, stack 80",
        "P2 pays P1 5, stack 95",
        "P1 takes the pot of 15",
        "P1's stack: 125",
    ]
    assert st.pot == 5  # only the next dealer's ante
    st.check_invariants()


def test_failed_rams_stops_at_the_first_lost_trick_RA_6():
    st = rams_hand(["AC KC QC JC 10C", "AH KS QS JS 10S", "KH AS AD KD QD"], "7H", dealer=0, pot=15)
    st.apply("rams")
    st.apply("play")
    st.apply("play")
    st.apply("AH")  # trick 1 to the declarer
    st.apply("KH")
    st.apply("AC")
    assert st.tricks_won[1] == 1
    st.apply("KS")  # trick 2: seat 2 must beat with AS
    st.apply("AS")
    st.apply("KC")
    assert st.hand_number == 2 and st.hands_played == 1  # the hand stopped after 2 tricks
    assert last_hand_lines(st) == [
        "P2 won a trick, so P1's Rams has failed",
        "P1 doubles the pot: pays 15, the pot is now 30 and carries over",
        "P1 pays P0 5, stack 90",
        "P1 pays P2 5, stack 105",
        "P1's stack: 75",
    ]
    assert st.pot == 35  # the doubled pot plus the next dealer's ante
    st.check_invariants()


def test_short_stack_pays_what_it_has():
    st = rams_hand(THREE, "7H", WIDOW, pot=20, stack=20)
    st.scores = [5, 20, 20]
    st.pot = 15
    st.bids = ["play", "play", "widow"]
    st.tricks_won = [0, 3, 2]
    st.hands = [[], [], []]
    st._settle_normal()
    assert "P0 played and took no trick: pays 5 into the pot, stack 0" in last_hand_lines(st)
    assert st.is_over and st.outcome().reason == "{p0} ran out of counters"
    assert st.pot == 0 and st.scores == [0, 20 + 9 + 3, 20 + 6 + 2]  # the fine's 5 shared: 3 and 2 (RA-9)
    st.check_invariants()


# -- the end of the match (RA-8), views, options ------------------------------------------------


def test_match_ends_after_the_set_number_of_hands():
    st = RULES.new_game(3, {"hands": 2}, seed=5)
    while not st.is_over:
        st.apply(st.legal_actions()[0])
    assert st.hands_played == 2 and st.outcome().reason == "2 hands were played"
    out = st.outcome()
    assert out.scores == tuple(float(x) for x in st.scores)
    assert set(out.winners) == {s for s in range(3) if st.scores[s] == max(st.scores)}


def test_ending_broke_plays_until_a_player_is_out():
    st = RULES.new_game(3, {"ending": "broke", "stack": 10, "ante": 5}, seed=2)
    while not st.is_over:
        st.apply(st.legal_actions()[-1])  # always declare Rams: somebody goes broke fast
    assert st.outcome().reason.endswith("ran out of counters")
    assert min(st.scores) == 0
    st.check_invariants()


def test_views_show_stacks_pot_and_sitters_but_never_the_widow_or_other_hands():
    st = rams_hand(THREE, "7H", WIDOW, pot=10)
    st.apply("pass")
    v = st.view(2)
    assert v.scores == (90, 100, 100) and v.info_value("pot") == "10"
    assert v.status[1] == "passed" and v.bids[1] == "pass"
    assert v.up_cards == (parse_card("7H"),)
    hidden = set(parse_cards(WIDOW)) | set(st.hands[0]) | set(st.hands[1]) | set(st.out)
    assert not view_mentions(v) & hidden
    assert not view_mentions(st.view(None)) & (hidden | set(st.hands[2]))
    watch = LeakWatch(st)
    check_step(st, True)
    watch.check(st)


def test_conserved_counters_in_random_matches():
    for seed in range(2):  # a leak check at every step (the conformance suite samples)
        st = RULES.new_game(5, {"hands": 4}, seed)
        watch = LeakWatch(st)
        while not st.is_over:
            check_step(st, False)
            watch.check(st)
            for seat in [None, *range(5)]:  # the widow and the unused cards stay unseen
                assert not mentioned_this_hand(st.view(seat)) & set(st.widow)
            assert not mentioned_this_hand(st.view(None)) & set(st.out)
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
    with pytest.raises(BadOptionError, match="stack=10 is smaller than ante=20"):
        RULES.new_game(3, {"stack": 10, "ante": 20}, 1)
    with pytest.raises(BadOptionError, match="option ante=7 is not allowed"):
        RULES.new_game(3, {"ante": 7}, 1)
    with pytest.raises(BadOptionError, match="Rams is for 3 to 5 players, not 6"):
        RULES.new_game(6, None, 1)


def test_refusals_name_the_rule():
    st = rams_hand(THREE, "7H", WIDOW, pot=15)
    for _ in range(3):
        st.apply("play")
    with pytest.raises(IllegalActionError, match="7C is not legal for seat 2: you do not hold that card"):
        st.apply("7C")
    with pytest.raises(
        IllegalActionError, match="rams is not legal for seat 2: it is not one of the choices now"
    ):
        st.apply("rams")


# -- the end of the match (RA-9) and the hand limit, from the review of issue 11 ---------------------------


def lasting(st, hands: int):
    """The same match set to last ``hands`` hands (rams_hand's own ``hands`` are the cards)."""
    st.options = {**st.options, "hands": hands}
    return st


def test_no_fine_after_the_last_hand_RA_9():
    """RA-9 (added): the no-trick fine only feeds the next hand's pot, so the last hand charges none."""
    st = lasting(rams_hand(THREE, "7H", WIDOW, pot=20), 1)
    st.bids = ["play", "play", "widow"]
    st.tricks_won = [0, 3, 2]
    st.hands = [[], [], []]
    st._settle_normal()
    lines = last_hand_lines(st)
    assert "P0 played and took no trick: no fine after the last hand" in lines
    assert not any("pays 5 into the pot" in line for line in lines)
    assert st.is_over and st.scores == [80, 112, 108] and st.pot == 0
    st.check_invariants()


def test_a_player_already_out_of_counters_makes_the_hand_the_last_RA_9():
    st = rams_hand(THREE, "7H", WIDOW, pot=20, stack=20)
    st.scores = [0, 20, 20]
    st.bids = ["play", "play", "play"]
    st.tricks_won = [0, 3, 2]
    st.hands = [[], [], []]
    st._settle_normal()
    assert "P0 played and took no trick: no fine after the last hand" in last_hand_lines(st)
    assert st.is_over and st.outcome().reason == "{p0} ran out of counters"


def test_no_doubling_after_the_last_hand_and_the_pot_is_shared_RA_9():
    """RA-9: a Rams failed in the last hand pays the opponents but does not double the pot; the
    17 counters left are shared by the players holding counters, 5 each, and the two odd ones go
    one each from the dealer's left (P1, then P2).  No counter vanishes."""
    st = lasting(
        rams_hand(["AC KC QC JC 10C", "AH KS QS JS 10S", "KH AS AD KD QD"], "7H", dealer=0, pot=17), 1
    )
    st.apply("rams")
    st.apply("play")
    st.apply("play")
    for card in ("AH", "KH", "AC", "KS", "AS", "KC"):
        st.apply(card)
    lines = last_hand_lines(st)
    assert lines[1] == "P1 does not double the pot: the match ends with this hand"
    assert "P1 pays P0 5, stack 88" in lines and "P1 pays P2 5, stack 105" in lines
    assert st.is_over and st.pot == 0
    assert st.scores == [83 + 5 + 5, 90 + 5 + 1, 105 + 5 + 1]
    out = st.outcome()
    assert out.lines == ("The pot of 17 is shared: {p0} 5, {p1} 6, {p2} 6",)
    assert out.scores == (93.0, 96.0, 111.0) and out.winners == (2,)
    st.check_invariants()


def test_only_players_holding_counters_share_the_pot_RA_9():
    st = lasting(rams_hand(THREE, "7H", WIDOW, pot=10, stack=20), 5)
    st.scores = [0, 20, 17]  # the dealer anted their last counters: it is the last hand
    st.pot = 23
    st.bids = ["pass", "play", "play"]
    st.tricks_won = [0, 2, 3]
    st.hands = [[], [], []]
    st._settle_normal()
    assert st.is_over and st.pot == 0
    assert st.scores == [0, 20 + 8 + 2, 17 + 12 + 1]  # 4 a trick; the 3 left: P1 and P2 share, P1 first
    st.check_invariants()


def test_a_hand_thrown_in_because_everybody_passed_does_not_count():
    """Issue 11: a redeal after everybody passed is not one of the match's hands."""
    st = lasting(
        rams_hand(
            ["AH KH QH JH 10H", "AC KC QC JC 10C", "AD KD QD JD 10D", "AS KS QS JS 10S"],
            "7H",
            dealer=0,
            pot=20,
        ),
        1,
    )
    for _ in range(3):
        st.apply("pass")
    assert not st.is_over and st.hands_played == 0 and st.hand_number == 2
    assert st.view(None).info_value("hand") == "1 of 1"


def test_hand_limit_ends_a_broke_match_and_says_so():
    """The safety stop of ending=broke is the declared option hand_limit (issue 11: no silent
    cut-off); without it there is no limit."""
    st = rams_hand(THREE, "7H", WIDOW, pot=20, ending="broke", hand_limit=20)
    st.hands_played = 19
    st.bids = ["play", "play", "widow"]
    st.tricks_won = [1, 2, 2]
    st.hands = [[], [], []]
    st._settle_normal()
    assert st.is_over and st.outcome().reason == "hand limit of 20 reached"
    st = rams_hand(THREE, "7H", WIDOW, pot=20, ending="broke")
    st.hands_played = 100
    st.bids = ["play", "play", "widow"]
    st.tricks_won = [1, 2, 2]
    st.hands = [[], [], []]
    st._settle_normal()
    assert not st.is_over and st.hands_played == 101


@pytest.mark.parametrize(
    "options, message",
    [
        ({"hand_limit": 50}, "option hand_limit=50 applies only with ending=broke"),
        ({"ending": "broke", "hands": 5}, "option hands=5 applies only with ending=hands"),
    ],
)
def test_options_that_do_nothing_under_the_ending_are_refused(options, message):
    with pytest.raises(BadOptionError, match=message):
        RULES.new_game(3, options, 1)
    RULES.new_game(
        3, {"ending": "broke", "hands": 10, "hand_limit": None}, 1
    )  # defaults pass (records list them)
