"""Trump Suit scenarios (seed 004): the seed's worked examples and one test per TS-x note, options included."""

from __future__ import annotations

import pytest

from games.core import BadOptionError, IllegalActionError, Suit, parse_card, parse_cards
from games.core.tricks import with_seat
from games.trump_suit import RULES


def table(
    *hands: str,
    pile: str = "2S",
    draw: str = "",
    leader: int = 0,
    trick_no: int = 1,
    bids=None,
    won=None,
    scores=None,
    bags=None,
    **options,
):
    """A hand in play: seats hold ``hands``; ``pile`` is the trump pile (top last), ``draw`` the draw deck
    (top last); ``trick_no`` tricks are already played; ``bids`` like ["5", "nil", "blind 3"]."""
    n = len(hands)
    state = RULES.new_game(n, options, seed=1)
    state.hands = [sorted(parse_cards(h), key=lambda c: c.index) for h in hands]
    state.up_cards = parse_cards(pile)
    state.draw = parse_cards(draw)
    state._set_trump(state.up_cards[-1].suit)
    state.won = [() for _ in hands]
    state.trick, state.last_trick, state.led, state.flipped = [], None, None, False
    state.tricks_played = trick_no - 1
    state.tricks_won = list(won or [0] * n)
    for s, bid in enumerate(bids or ["1"] * n):
        kind, _, num = bid.rpartition(" ") if bid[0] in "b" else ("bid", "", bid)
        if bid.startswith("nil") or bid == "blind nil":
            kind, num = ("blind_nil", "0") if bid.startswith("blind") else ("nil", "0")
            stake = 200 if kind == "blind_nil" else int(bid.split()[1]) if " " in bid else 100
            state.stake = with_seat(state.stake, s, stake)
        state.bid_kind, state.bid_n = with_seat(state.bid_kind, s, kind), with_seat(state.bid_n, s, int(num))
        state.bids[s] = state._bid_text(s)
    state.scores = list(scores or [0] * n)
    state.bags = list(bags or [0] * n)
    state.sheet = ((0, (), (), tuple(state.scores), tuple(state.scores), tuple(state.bags)),)
    state.phase = "play"
    state.leader = state.to_act = leader
    state._legal_cache = None
    return state


def legal(state) -> list[str]:
    return [a.text for a in state.legal_actions()]


def play(state, cards: str) -> None:
    for text in cards.split():
        state.apply(text)


def last_hand_lines(state) -> list[str]:
    return [e for e in state.events if e.kind == "hand"][-1].render_lines(["Ann", "Bob", "Cy"])


# ---------------------------------------------------------------- the deal


def test_deal_gives_13_each_and_turns_up_the_top_of_the_draw_deck():
    for n, left in ((2, 27), (3, 14)):
        state = RULES.new_game(n, None, seed=5)
        assert [len(h) for h in state.hands] == [13] * n
        assert len(state.draw) == left and len(state.up_cards) == 1
        assert state.trump is state.up_cards[0].suit
        assert state.to_act == (state.dealer + 1) % n and state.phase == "bid"
        view = state.view(0)
        assert view.up_cards == tuple(state.up_cards) and view.extra.deck_count == left
        assert view.extra.pile == tuple(state.up_cards) and view.extra.bags == (0,) * n


# ---------------------------------------------------------------- bidding (TS-6, TS-9)


def test_bids_run_from_1_to_13_plus_nil_and_zero_is_refused():
    state = RULES.new_game(3, None, seed=2)
    assert legal(state) == [f"bid {n}" for n in range(1, 14)] + ["nil"]
    with pytest.raises(
        IllegalActionError, match=r"bid 0 is not legal for seat \d: bids run from 1 to 13, or nil"
    ):
        state.apply("bid 0")
    with pytest.raises(IllegalActionError, match="bids run from 1 to 13"):
        state.apply("bid 14")
    with pytest.raises(IllegalActionError, match=r"blind bids are not allowed in this game \(option blind\)"):
        state.apply("blind 3")


def test_bidding_goes_round_from_the_dealers_left_and_ends_with_the_dealer_then_the_left_leads():
    state = RULES.new_game(3, None, seed=2)
    d = state.dealer
    seen = []
    for bid in ("bid 4", "nil", "bid 3"):
        seen.append(state.to_act)
        state.apply(bid)
    assert seen == [(d + 1) % 3, (d + 2) % 3, d]
    assert state.phase == "play" and state.to_act == (d + 1) % 3
    assert state.view(0).bids == tuple(state.bids) and sorted(state.bids) == ["3", "4", "nil"]


def test_nil_can_be_switched_off():
    state = RULES.new_game(2, {"nil": False}, seed=2)
    assert "nil" not in legal(state)
    with pytest.raises(IllegalActionError, match=r"nil bids are not allowed in this game \(option nil\)"):
        state.apply("nil")


# ---------------------------------------------------------------- leading and flipping (TS-1 to TS-4)


def test_the_leader_must_lead_the_trump_suit():
    state = table("5S 9S KH", "2H 3H 4H", pile="2S", trick_no=1)
    assert legal(state) == ["5S", "9S"]
    with pytest.raises(
        IllegalActionError,
        match=r"KH is not legal for seat 1: you must lead trump \(spades; you hold 5S 9S\)",
    ):
        state.apply("KH")


def test_no_flip_on_the_first_trick_and_a_void_leader_leads_anything_ts1():
    state = table("KH 3D", "2H 4H", pile="2S", draw="7C", trick_no=1)
    assert legal(state) == ["KH", "3D"]
    with pytest.raises(IllegalActionError, match=r"no flip on trick 1$"):
        state.apply("flip")


def test_a_leader_void_in_trump_must_flip_from_trick_2_on():
    state = table("KH 3D", "2H 4H", pile="2S", draw="7C 9D", trick_no=2)
    assert legal(state) == ["flip"]
    with pytest.raises(
        IllegalActionError,
        match="KH is not legal for seat 1: you hold no spades, so you must flip a new trump card first",
    ):
        state.apply("KH")
    state.apply("flip")  # turns 9D: diamonds are trump now, and the leader holds one
    assert state.up_cards == parse_cards("2S 9D") and state.trump is Suit.DIAMONDS
    assert legal(state) == ["3D"]
    with pytest.raises(IllegalActionError, match="you have already flipped for this lead"):
        state.apply("flip")
    view = state.view(1)
    assert view.extra.deck_count == 1 and view.up_cards[-1] == parse_card("9D")


def test_still_void_after_the_flip_the_leader_leads_anything():
    state = table("KH 3D", "2H 4H", pile="2S", draw="7C", trick_no=2)
    state.apply("flip")
    assert state.trump is Suit.CLUBS and legal(state) == ["KH", "3D"]


def test_a_leader_holding_trump_may_choose_to_flip():
    state = table("5S KH", "2H 4H", pile="2S", draw="7C", trick_no=3)
    assert legal(state) == ["5S", "flip"]


def test_with_the_draw_deck_empty_a_void_leader_leads_anything_ts2():
    state = table("KH 3D", "2H 4H", pile="2S", draw="", trick_no=5)
    assert legal(state) == ["KH", "3D"]
    with pytest.raises(IllegalActionError, match="the draw deck is empty"):
        state.apply("flip")


def test_a_turned_up_joker_lets_the_card_led_set_trump_ts3():
    state = table("5H 9C", "2H 4C", pile="BJ", trick_no=1)
    assert state.trump is None and legal(state) == ["5H", "9C"]
    state.apply("9C")
    assert state.trump is Suit.CLUBS and state.view(1).trump == "clubs trump"


def test_a_joker_may_be_led_only_when_void_in_trump_and_then_calls_for_trumps_ts4():
    state = table("LJ 5S", "2H 4S", pile="2S", trick_no=1)
    with pytest.raises(
        IllegalActionError,
        match=r"LJ is not legal for seat 1: a joker may be led only when you hold no trump \(spades; you hold 5S\)",
    ):
        state.apply("LJ")
    state = table("LJ 5H", "2H 4S", pile="2S", draw="", trick_no=4)
    play(state, "LJ")
    assert legal(state) == ["4S"]  # the joker calls for trumps
    play(state, "4S")
    assert state.last_trick.winner == 0


# ---------------------------------------------------------------- following and winning (TS-5)


def test_follow_the_led_suit_if_able():
    state = table("5S 7S", "2S 4H BJ", pile="2S", trick_no=1)
    play(state, "5S")
    assert legal(state) == ["2S"]
    with pytest.raises(
        IllegalActionError, match=r"4H is not legal for seat 2: you must follow spades \(you hold 2S\)"
    ):
        state.apply("4H")


def test_a_joker_may_be_played_only_by_a_player_void_of_the_trump_suit():
    state = table("5D 6D 7D", "4C 3S BJ", "2H 3H LJ", pile="2S", draw="", trick_no=3)
    state.tricks_played = 5  # any trick after the first: the leader holds no spades and the deck is empty
    play(state, "5D")
    assert legal(state) == ["3S", "4C"]
    with pytest.raises(
        IllegalActionError,
        match=r"BJ is not legal for seat 2: a joker may be played only when you hold no trump \(spades; you hold 3S\)",
    ):
        state.apply("BJ")
    play(state, "3S")
    assert legal(state) == ["2H", "3H", "LJ"]  # no spade: the joker is allowed
    play(state, "LJ")
    assert state.last_trick.winner == 2  # the little joker beats the trump 3S


def test_the_highest_trump_wins_else_the_highest_card_of_the_led_suit():
    state = table("AH 2D 2C", "3H KD 3C", "4S QD 4C", pile="2H", draw="", trick_no=9)
    play(state, "AH 3H")
    play(state, "4S")
    assert state.last_trick.winner == 0  # hearts were trump: AH wins; 4S is just off-suit
    state = table("BJ 2C", "LJ 3C", "AS 4C", pile="2S", draw="", trick_no=9)
    play(state, "BJ LJ AS")
    assert state.last_trick.winner == 0


# ---------------------------------------------------------------- scoring (TS-7, TS-8, TS-9)


def test_the_seed_sandbag_example_bid_5_took_8_scores_53_and_108_becomes_61_ts8():
    state = table(
        "AS", "2S", pile="2S", trick_no=13, bids=["5", "4"], won=[7, 5], scores=[108, 0], bags=[8, 0]
    )
    play(state, "AS 2S")
    row = state.view(0).extra.sheet[-1]
    assert (
        row.tricks == (8, 5) and row.points == (-47, 41) and state.scores == [61, 41] and state.bags == [1, 1]
    )
    lines = last_hand_lines(state)
    assert lines[0] == "Ann: bid 5, took 8: contract +50, 3 bags +3; hand +53, 10 bags -100; total 61 (1 bag)"
    assert lines[1] == "Bob: bid 4, took 5: contract +40, 1 bag +1; hand +41; total 41 (1 bag)"
    assert state.view(1).extra.sheet[-1].totals == (61, 41)


def test_a_set_loses_ten_per_trick_bid_ts7():
    state = table("AS", "2S", pile="2S", trick_no=13, bids=["3", "6"], won=[7, 5])
    play(state, "AS 2S")
    assert state.scores == [35, -60]
    assert last_hand_lines(state)[1] == "Bob: bid 6, took 5: set -60; hand -60; total -60 (0 bags)"


def test_nil_made_scores_100_and_failed_loses_100_with_its_tricks_as_bags():
    state = table("AS", "2S", "3S", pile="2S", trick_no=13, bids=["4", "nil", "nil"], won=[10, 0, 2])
    play(state, "AS 2S 3S")
    assert state.scores == [47, 100, -98] and state.bags == [7, 0, 2]
    lines = last_hand_lines(state)
    assert lines[1] == "Bob: nil, took 0: nil made +100; hand +100; total 100 (0 bags)"
    assert lines[2] == "Cy: nil, took 2: nil failed -100, 2 bags +2; hand -98; total -98 (2 bags)"


def test_the_bag_penalty_can_be_110():
    state = table(
        "AS",
        "2S",
        pile="2S",
        trick_no=13,
        bids=["5", "4"],
        won=[7, 5],
        scores=[108, 0],
        bags=[8, 0],
        bag_penalty=110,
    )
    play(state, "AS 2S")
    assert state.scores == [51, 41]


# ---------------------------------------------------------------- the end of the match (TS-12)


def test_the_match_ends_when_a_player_reaches_500():
    state = table("AS", "2S", pile="2S", trick_no=13, bids=["2", "4"], won=[1, 4], scores=[480, 300])
    play(state, "AS 2S")
    assert state.is_over and state.outcome().winners == (0,) and state.scores == [500, 340]
    assert state.outcome().reason == "a player reached 500" and state.legal_actions() == []


def test_the_match_ends_when_a_player_falls_to_minus_200_and_the_leader_wins():
    state = table(
        "AS", "2S", "3S", pile="2S", trick_no=13, bids=["2", "4", "1"], won=[1, 4, 7], scores=[100, 50, -180]
    )
    play(state, "AS 2S 3S")
    assert state.scores == [120, 90, -164] and not state.is_over
    state = table(
        "AS", "2S", "3S", pile="2S", trick_no=13, bids=["2", "4", "5"], won=[1, 4, 3], scores=[100, 50, -160]
    )
    play(state, "AS 2S 3S")
    assert state.is_over and state.scores == [120, 90, -210] and state.outcome().winners == (0,)
    assert state.outcome().reason == "a player fell to -200 or below"


def test_a_tie_for_the_top_means_another_hand_ts12():
    state = table("AS", "2S", pile="2S", trick_no=13, bids=["2", "4"], won=[1, 4], scores=[480, 460])
    play(state, "AS 2S")
    assert state.scores == [500, 500] and not state.is_over and state.phase == "bid"


def test_the_winning_and_losing_totals_are_options():
    state = table("AS", "2S", pile="2S", trick_no=13, bids=["2", "4"], won=[1, 4], scores=[90, 0], target=100)
    play(state, "AS 2S")
    assert state.is_over and state.outcome().reason == "a player reached 100"
    with pytest.raises(BadOptionError, match="option floor=10 is out of range"):
        RULES.new_game(2, {"floor": 10})


# ---------------------------------------------------------------- options (TS-9, TS-10)


def test_blind_bids_are_made_before_the_hand_is_seen():
    state = RULES.new_game(3, {"blind": True, "blind_nil": True}, seed=4)
    s = state.to_act
    assert state.view(s).hand == () and all(state.view(o).hand == () for o in range(3))
    assert legal(state) == ["look"] + [f"blind {n}" for n in range(1, 8)] + ["blind_nil"]
    with pytest.raises(IllegalActionError, match="decide first: look at your cards or bid blind"):
        state.apply("bid 3")
    with pytest.raises(IllegalActionError, match="blind bids run from 1 to 7"):
        state.apply("blind 8")
    state.apply("blind 3")
    assert len(state.view(s).hand) == 13 and state.bids[s] == "blind 3"
    nxt = state.to_act
    state.apply("look")
    assert len(state.view(nxt).hand) == 13 and legal(state)[0] == "bid 1"
    with pytest.raises(IllegalActionError, match="a blind bid must be made before you look at your cards"):
        state.apply("blind 2")


def test_blind_bids_may_require_trailing_the_leader():
    state = RULES.new_game(2, {"blind": True, "blind_behind": 100}, seed=4)
    assert legal(state) == ["look"]
    with pytest.raises(
        IllegalActionError, match="a blind bid needs you to be at least 100 points behind the leader"
    ):
        state.apply("blind 2")


def test_blind_and_blind_nil_scoring():
    state = table(
        "AS",
        "2S",
        "3S",
        pile="2S",
        trick_no=13,
        bids=["blind 3", "blind 5", "blind nil"],
        won=[3, 2, 0],
        blind=True,
        blind_nil=True,
    )
    play(state, "AS 2S 3S")
    assert state.scores == [31, -150, 200]  # TS-9: blind 3 taking 4 is not met exactly: no bonus
    lines = last_hand_lines(state)
    assert lines[0] == "Ann: bid blind 3, took 4: contract +30, 1 bag +1; hand +31; total 31 (1 bag)"
    assert lines[2] == "Cy: blind nil, took 0: blind nil made +200; hand +200; total 200 (0 bags)"


def test_the_nil_wager_stakes_10_to_50():
    state = RULES.new_game(2, {"nil_wager": True}, seed=3)
    assert legal(state)[-5:] == ["nil 10", "nil 20", "nil 30", "nil 40", "nil 50"]
    with pytest.raises(IllegalActionError, match=r"a nil wager is 10, 20, 30, 40 or 50 points"):
        state.apply("nil")
    state = table("AS", "2S", pile="2S", trick_no=13, bids=["4", "nil 30"], won=[11, 1], nil_wager=True)
    play(state, "AS 2S")
    assert state.scores[1] == -29 and last_hand_lines(state)[1].startswith("Bob: nil (30)")
    with pytest.raises(BadOptionError, match="nil_wager=true needs nil=true"):
        RULES.new_game(2, {"nil_wager": True, "nil": False})


def test_nil_swapping_trades_cards_with_the_draw_deck_at_minus_10_each():
    state = RULES.new_game(3, {"nil_swap": True}, seed=6)
    s = state.to_act
    state.apply("nil")
    assert state.phase == "swap" and state.to_act == s and legal(state)[-1] == "keep"
    out, top = state.hands[s][-1], state.draw[-1]
    state.apply(f"swap {out}")
    assert top in state.hands[s] and out not in state.hands[s] and state.draw[0] is out
    assert state.view(s).hand.count(top) == 1 and len(state.hands[s]) == 13
    assert any(e.visible_to == s and e.cards == (out, top) for e in state.events)
    state.apply(f"swap {state.hands[s][0]}")
    assert state.phase == "bid" and state.to_act != s  # the cap for a nil is 2 swaps
    assert state.swapped[s] == 2


def test_nil_swap_costs_are_charged_when_the_hand_is_scored():
    state = table("AS", "2S", pile="2S", trick_no=13, bids=["4", "nil"], won=[12, 0], nil_swap=True)
    state.swapped = (0, 2)
    play(state, "AS 2S")
    assert state.scores[1] == 80
    assert (
        last_hand_lines(state)[1]
        == "Bob: nil, took 0: nil made +100, 2 swaps -20; hand +80; total 80 (0 bags)"
    )


def test_bag_auction_sells_last_hands_bags_to_buyers_who_bid_enough():
    state = RULES.new_game(3, {"auction": True}, seed=8)
    state.earned_bags, state.bags, state.scores = [0, 4, 1], [0, 4, 1], [50, 60, 10]
    state._open_auction()
    assert state.auction_seller == 1 and state.auction_left == 3
    bids = {state.bid_order[0]: "bid 2", state.bid_order[1]: "bid 1", state.bid_order[2]: "bid 1"}
    bids[0], bids[2] = "bid 2", "bid 1"
    for _ in range(3):
        state.apply(bids[state.to_act])
    assert state.phase == "auction" and state.to_act == 2  # the lowest score buys first
    assert legal(state) == ["buy 0", "buy 1"]  # no more than the buyer's bid
    with pytest.raises(IllegalActionError, match=r"you may buy at most 1 bag \(no more"):
        state.apply("buy 2")
    state.apply("buy 1")
    assert state.to_act == 0 and legal(state) == ["buy 0", "buy 1", "buy 2"]
    state.apply("buy 2")
    assert state.bags[1] == 1 and state.bought == (2, 0, 1) and state.phase == "play"


def test_a_buyer_may_cash_a_won_trick_as_a_bought_bag_and_the_left_neighbour_leads():
    state = table(
        "AS 3S",
        "4H 5H",
        "5D 6D",
        pile="2S",
        draw="",
        trick_no=12,
        bids=["2", "4", "1"],
        won=[3, 4, 4],
        auction=True,
    )
    state.bought = (2, 0, 0)
    play(state, "AS 4H 5D")
    assert state.phase == "cash" and legal(state) == ["cash", "pass"] and state.to_act == 0
    state.apply("cash")
    assert state.to_act == 1 and state.phase == "play" and state.cashed == (1, 0, 0)
    play(state, "5H 6D 3S")
    assert state.phase == "cash"  # a bought bag is still owed
    state.apply("pass")
    lines = last_hand_lines(state)
    assert lines[0] == (
        "Ann: bid 2, took 4: contract +20, 2 bags +2, 1 bought bag cashed +10, "
        "1 bought bag not cashed become bags +1; hand +33; total 33 (3 bags)"
    )


def test_a_flipped_joker_leaves_trump_open_for_the_leader_to_set_ts3():
    state = table("KH 3D", "2H 4H", pile="2S", draw="9C LJ", trick_no=2)
    state.apply("flip")
    assert state.trump is None and legal(state) == ["KH", "3D"]
    state.apply("3D")
    assert state.trump is Suit.DIAMONDS and state.led is Suit.DIAMONDS


def test_blind_nil_may_swap_up_to_three_cards():
    state = RULES.new_game(2, {"blind_nil": True, "nil_swap": True}, seed=6)
    s = state.to_act
    state.apply("blind_nil")
    assert state.phase == "swap" and len(state.view(s).hand) == 13  # the cards are seen after the bid
    for _ in range(3):
        state.apply(f"swap {state.hands[s][0]}")
    assert state.swapped[s] == 3 and state.phase == "bid" and state.to_act != s
    with pytest.raises(BadOptionError, match="nil_swap=true needs nil=true, blind_nil=true or blind=true"):
        RULES.new_game(2, {"nil_swap": True, "nil": False})


def test_an_auction_without_a_buyer_is_skipped():
    state = RULES.new_game(2, {"auction": True}, seed=8)
    state.earned_bags, state.bags = [3, 0], [3, 0]
    state._open_auction()
    seller = state.auction_seller
    for _ in range(2):
        state.apply("nil" if state.to_act != seller else "bid 3")
    assert state.phase == "play"  # the only other player bid nil and may not buy


# ---------------------------------------------------------------- review of issue 11 (TS-9, TS-10)


@pytest.mark.parametrize(
    "took, points, line",
    [
        (3, 130, "Ann: bid blind 3, took 3: contract +30, blind +100; hand +130; total 130 (0 bags)"),
        (4, 31, "Ann: bid blind 3, took 4: contract +30, 1 bag +1; hand +31; total 31 (1 bag)"),
        (2, -130, "Ann: bid blind 3, took 2: set -30, blind -100; hand -130; total -130 (0 bags)"),
    ],
)
def test_a_blind_bid_earns_its_bonus_only_when_met_exactly_TS_9(took, points, line):
    """TS-9 (added): exactly = +100, fewer = -100, more = neither (the contract and bags as usual)."""
    state = table(
        "AS", "2S", pile="2S", trick_no=13, bids=["blind 3", "4"], won=[took - 1, 13 - took], blind=True
    )
    play(state, "AS 2S")
    assert state.scores[0] == points
    assert last_hand_lines(state)[0] == line


def test_with_swapping_on_a_blind_bidder_may_swap_one_card_at_minus_10_TS_10():
    """TS-10 (added): the seed's step 7.1.3 lets a blind bidder swap up to 1 card, beside nil's 2."""
    state = RULES.new_game(3, {"blind": True, "nil_swap": True}, seed=6)
    s = state.to_act
    state.apply("blind 3")
    assert state.phase == "swap" and state.to_act == s and legal(state)[-1] == "keep"
    out, top = state.hands[s][0], state.draw[-1]
    state.apply(f"swap {out}")
    assert top in state.hands[s] and out not in state.hands[s] and state.draw[0] is out
    assert (
        state.swapped[s] == 1 and state.phase == "bid" and state.to_act != s
    )  # the cap for a blind bid is 1


def test_a_blind_bid_without_swapping_goes_straight_on_TS_10():
    state = RULES.new_game(3, {"blind": True}, seed=6)
    s = state.to_act
    state.apply("blind 3")
    assert state.phase == "bid" and state.to_act != s


def test_blind_swap_cost_is_charged_and_swapping_needs_a_bid_that_may_swap_TS_10():
    state = table(
        "AS", "2S", pile="2S", trick_no=13, bids=["blind 3", "4"], won=[2, 10], blind=True, nil_swap=True
    )
    state.swapped = (1, 0)
    play(state, "AS 2S")
    assert last_hand_lines(state)[0] == (
        "Ann: bid blind 3, took 3: contract +30, blind +100, 1 swap -10; hand +120; total 120 (0 bags)"
    )
    assert RULES.new_game(2, {"nil": False, "blind": True, "nil_swap": True}, 1).options["nil_swap"] is True
    with pytest.raises(BadOptionError, match="nil_swap=true needs nil=true, blind_nil=true or blind=true"):
        RULES.new_game(2, {"nil_swap": True, "nil": False})


def test_a_hand_limit_is_an_option_off_by_default_named_in_the_result():
    """Issue 29: the hidden 300-hand stop is gone; a shorter match is the option hand_limit."""
    from games.arena import play_match

    assert RULES.resolve_options(3)["hand_limit"] is None
    state = play_match("trump_suit", ["normal"] * 3, 4, {"hand_limit": 5})
    out = state.outcome()
    assert state.hands_played == 5 and out.reason == "hand limit of 5 reached; the top score wins"
    assert out.winners == tuple(s for s in range(3) if state.scores[s] == max(state.scores))
    with pytest.raises(BadOptionError, match="hand_limit"):
        RULES.new_game(3, {"hand_limit": 7}, seed=1)
