"""Sedma scenarios: one test per rule of the seed text (001, Sedma) and per SE-x note."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.core import BadOptionError, IllegalActionError, parse_card, parse_cards
from games.sedma import RULES, card_points, sedma_pack


def table(
    *hands: str,
    leader: int = 0,
    dealer: int | None = None,
    stock: str = "",
    won: dict | None = None,
    played: str = "",
    **options,
):
    """A hand in progress: seats hold ``hands``, the stock holds ``stock`` (its last card is drawn
    first), ``won`` gives cards already captured by seats; ``leader`` leads, then ``played``."""
    n = len(hands)
    state = RULES.new_game(n, options, seed=1)
    state.hands = [parse_cards(h) for h in hands]
    state.stock = parse_cards(stock)
    state.won = [tuple(parse_cards((won or {}).get(s, ""))) for s in range(n)]
    state.points = [card_points(c for s in seats for c in state.won[s]) for seats in state.teams.teams]
    state._show_scores()
    state.tricks_won = [1 if w else 0 for w in state.won]
    state.trick, state.last_trick, state.holder, state.round = [], None, None, 0
    state.phase = "play"
    state.dealer = (leader - 1) % n if dealer is None else dealer
    state.leader = state.to_act = leader
    state._legal_cache = None
    for text in played.split():
        state.apply(text)
    return state


def legal(state) -> list[str]:
    return [a.text for a in state.legal_actions()]


def play_all(state, moves: str) -> None:
    for text in moves.split():
        state.apply(text)


def finish_randomly(state, seed: int = 0):
    rng = random.Random(seed)
    while not state.is_over:
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
    return state


def rest_of_pack(n: int, *used: str) -> str:
    taken = {c for u in used for c in parse_cards(u)}
    return " ".join(c.text for c in sedma_pack(n) if c not in taken)


# ---------------------------------------------------------------- pack, deal, first lead


def test_the_pack_is_7_to_ace_and_three_players_lose_two_eights():
    assert len(sedma_pack(2)) == len(sedma_pack(4)) == 32 and {c.rank for c in sedma_pack(2)} == set(
        range(7, 15)
    )
    three = sedma_pack(3)
    assert len(three) == 30 and parse_card("8S") not in three and parse_card("8C") not in three
    assert sum(card_points([c]) for c in three) == 80  # aces and tens all stay


@pytest.mark.parametrize("seats,stock", [(2, 24), (3, 18), (4, 16)])
def test_four_cards_each_and_the_rest_is_the_stock(seats, stock):
    state = RULES.new_game(seats, None, seed=2)
    assert [len(h) for h in state.hands] == [4] * seats and len(state.stock) == stock
    assert Counter(c for z in state.zones().values() for c in z) == Counter(sedma_pack(seats))


def test_the_deal_is_two_cards_at_a_time_from_the_dealers_left():
    state = RULES.new_game(3, None, seed=5)
    rng = random.Random(5)
    dealer = rng.randrange(3)
    deck = sedma_pack(3)
    rng.shuffle(deck)
    first, second, third = (dealer + 1) % 3, (dealer + 2) % 3, dealer
    assert state.hands[first] == [deck[-1], deck[-2], deck[-7], deck[-8]]
    assert state.hands[second] == [deck[-3], deck[-4], deck[-9], deck[-10]]
    assert state.hands[third] == [deck[-5], deck[-6], deck[-11], deck[-12]]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_player_left_of_the_dealer_leads_the_first_trick(seats):
    state = RULES.new_game(seats, None, seed=3)
    assert state.to_act == (state.dealer + 1) % seats  # with two: the dealer's opponent


# ---------------------------------------------------------------- playing to a trick


def test_any_card_may_be_played_there_is_no_following():
    state = table("9H 8C 8D 8H", "KS QD JC 10H", played="9H")
    assert sorted(legal(state)) == ["10H", "JC", "KS", "QD"]  # the whole hand, whatever the suit
    state.apply("KS")
    assert state.last_trick.plays[1].cards == (parse_card("KS"),)


def test_the_leader_takes_the_trick_when_nobody_matches_the_starter():
    state = table("9H 8C 8D JH", "KS QD JC 10H", stock="8S 9S", played="9H 10H")
    assert state.last_trick.winner == 0 and state.won[0] == tuple(parse_cards("9H 10H"))
    assert state.points == [10, 0]


def test_a_card_of_the_starters_rank_takes_the_trick():
    state = table("9H 8C 8D JH", "KS 9D JC 10H", stock="8S 9S", played="9H 9D")
    assert state.phase == "play" and state.last_trick.winner == 1  # the leader has no nine or seven: it ends


def test_a_seven_takes_the_trick_whatever_the_starter():
    state = table("AH 8C 8D JH", "KS 7D JC 10H", "QS QD QC QH", stock="8S 9S 9C", played="AH 7D QS")
    assert state.last_trick.winner == 1


def test_the_last_player_to_match_takes_the_trick():
    state = table("KH 8C 8D JH", "7S 9D JC 10H", "KS QD QC QH", stock="8S 9S 9C", played="KH 7S KS")
    assert state.last_trick.winner == 2  # the seven, then the king of the starter's rank after it
    assert [p.note for p in state.last_trick.plays] == ["(led)", "", ""]


def test_the_view_shows_the_trick_by_seat_with_the_leader_and_the_holder_marked():
    state = table("KH 8C KD JH", "7S 9D JC 10H", "QS QD QC QH", played="KH")
    assert [p.note for p in state.view(1).trick] == ["(holds)"]  # the starter holds until matched
    state.apply("7S")
    view = state.view(2)
    assert [(p.seat, [c.text for c in p.cards], p.note) for p in view.trick] == [
        (0, ["KH"], "(led)"),
        (1, ["7S"], "(holds)"),
    ]
    assert view.extra.starter == parse_card("KH") and view.extra.holder == 1
    assert view.extra.order == (0, 1, 2) and view.extra.rounds == ((parse_card("KH"), parse_card("7S")),)


# ---------------------------------------------------------------- ending or continuing (SE-1)


def test_after_a_round_the_leader_may_end_the_trick_or_continue_with_the_rank_or_a_seven():
    state = table("KH 7C KD JH", "7S 9D JC 10H", stock="8S 9S 9C 8H", played="KH 7S")
    assert state.phase == "decide" and state.to_act == 0
    assert legal(state) == ["KD", "7C", "end"]
    with pytest.raises(
        IllegalActionError,
        match=r"JH is not legal for seat 1: to continue the trick you must "
        r"play a king \(the starter's rank\) or a seven; otherwise end the trick",
    ):
        state.apply("JH")
    assert state.label(state.action_for("end")) == "End trick (theirs)"
    state.apply("KD")  # continue: round 2, the leader holds the trick again
    assert state.round == 2 and state.holder == 0 and state.to_act == 1
    assert [c.text for c in state.view(1).trick[0].cards] == ["KH", "KD"]
    state.apply("9D")  # anything
    assert state.phase == "decide" and legal(state) == ["7C", "end"]
    state.apply("end")
    assert state.last_trick.winner == 0 and len(state.won[0]) == 4


def test_se1_a_leader_without_a_seven_or_the_starters_rank_cannot_continue():
    state = table("KH 8C 9D JH", "7S 9S JC 10H", stock="8S 9C 8D 8H", played="KH 7S")
    assert state.phase == "play" and state.last_trick.winner == 1  # no decision: the trick is over


def test_the_leader_may_end_a_trick_it_holds_and_the_label_says_so():
    state = table("KH 7C KD JH", "8S 9D JC 10H", stock="8C 9S", played="KH 8S")
    assert state.phase == "decide"
    assert state.label(state.action_for("end")) == "End trick (yours)"
    state.apply("end")
    assert state.last_trick.winner == 0 and state.to_act == 0


def test_end_is_refused_outside_the_leaders_decision():
    state = table("KH 7C KD JH", "8S 9D JC 10H", played="KH")
    with pytest.raises(
        IllegalActionError, match=r"end is not legal for seat 2: only the leader may end the trick"
    ):
        state.apply("end")


def test_a_trick_can_run_four_rounds_and_then_ends_with_the_hands_empty():
    state = table("9H 9D 9C 7S", "AH AD AC AS", "10H 10D 10C 10S")
    play_all(state, "9H AH 10H 9D AD 10D 9C AC 10C 7S AS 10S")
    assert state.round == 0 and state.last_trick.winner == 0 and state.is_over
    assert [len(p.cards) for p in state.last_trick.plays] == [4, 4, 4]
    assert state.outcome().winners == (0,) and state.outcome().scores == (90, 0, 0)


# ---------------------------------------------------------------- drawing (SE-5)


def test_after_a_trick_everyone_draws_from_the_winner_to_the_left_back_to_four():
    state = table("9H 8C 8D JH", "KS 9D JC 10H", "QS QD QC QH", leader=1, stock="AS AD AC 7H 7D 7C")
    play_all(state, "KS QS 9H")  # seat 1 leads and keeps the trick
    assert state.last_trick.winner == 1
    assert state.hands[1][-1] == parse_card("7C") and state.hands[2][-1] == parse_card("7D")
    assert state.hands[0][-1] == parse_card("7H") and len(state.stock) == 3
    assert state.to_act == 1  # the winner leads next


def test_se5_a_longer_trick_draws_several_cards_each_and_draws_stay_equal():
    state = table("KH 7C KD JH", "7S 9D JC 10H", stock="8S 9S 9C 8H 8D 10S AS AD")
    play_all(state, "KH 7S KD 9D end")
    assert [len(h) for h in state.hands] == [4, 4] and len(state.stock) == 4
    assert state.hands[0][-2:] == parse_cards("AD 10S")  # the winner draws first each time
    assert state.hands[1][-2:] == parse_cards("AS 8D")


def test_when_the_stock_runs_short_everyone_draws_what_is_left_equally():
    state = table("KH 7C KD JH", "7S 9D JC 10H", stock="8S 9S", played="KH 7S KD 9D end")
    assert [len(h) for h in state.hands] == [3, 3] and state.stock == []
    assert "Everyone draws 1 card" in state.events[-1].text


def test_with_the_stock_empty_play_goes_on_without_drawing_until_the_hands_are_empty():
    state = table("KH 8C", "9S JD", won={0: rest_of_pack(2, "KH 8C 9S JD")})
    play_all(state, "KH 9S")
    assert [len(h) for h in state.hands] == [1, 1] and not state.is_over
    play_all(state, "8C JD")
    assert state.is_over


# ---------------------------------------------------------------- scoring (SE-2, SE-3)


def test_aces_and_tens_score_ten_each_and_the_last_trick_ten():
    pile = "AH 10H 8S 9S"  # 20 points already taken by seat 1
    state = table("KH 8C", "9H JD", won={1: pile, 0: rest_of_pack(2, pile, "KH 8C 9H JD")})
    play_all(state, "KH 9H 8C JD")
    out = state.outcome()
    assert out.scores == (70, 20) and sum(out.scores) == 90 and out.winners == (0,)
    hand = [e for e in state.events if e.kind == "hand"][-1]
    assert hand.lines[0] == "{p0}: 70 points (with the last trick)" and hand.lines[-1] == "{p0} wins"


def test_all_90_points_is_a_double_win():
    state = table("KH 8C", "9H JD", won={0: rest_of_pack(2, "KH 8C 9H JD 8S"), 1: "8S"})
    play_all(state, "KH 9H 8C JD")
    assert state.outcome().scores == (90, 0) and "double win" in state.outcome().reason


def test_every_card_is_a_triple_win():
    state = table("KH 8C", "9H JD", won={0: rest_of_pack(2, "KH 8C 9H JD")})
    play_all(state, "KH 9H 8C JD")
    assert "every card: a triple win" in state.outcome().reason


def test_se2_with_three_players_every_card_means_all_thirty():
    state = table("KH", "9H", "JD", won={0: rest_of_pack(3, "KH 9H JD")})
    play_all(state, "KH 9H JD")
    assert len(state.won[0]) == 30 and "triple" in state.outcome().reason


def test_se3_a_three_player_tie_for_the_most_is_shared_with_no_double():
    state = table("KH", "9H", "JD", won={0: "AH AD AC 8H", 1: "10H 10D 10C 9D", 2: "AS 10S"})
    play_all(state, "KH 9H JD")  # seat 0 takes the last trick: 30 + 10 = 40, seat 1 30... no tie
    assert state.outcome().winners == (0,)
    state = table("KH", "9H", "JD", won={0: "AH AD 8H", 1: "10H 10D AC 9D", 2: "AS 10S 10C"})
    play_all(state, "KH 9H JD")  # 20 + 10, 30, 30
    out = state.outcome()
    assert out.scores == (30, 30, 30) and out.winners == (0, 1, 2) and out.is_shared
    assert "share the win" in out.reason and "double" not in out.reason


def test_two_and_four_player_hands_cannot_tie():
    for seats in (2, 4):
        for seed in range(15):
            out = finish_randomly(RULES.new_game(seats, None, seed), seed).outcome()
            assert not out.is_shared and sum(out.scores) == (90 if seats == 2 else 180)


# ---------------------------------------------------------------- partnerships


def test_four_players_are_two_partnerships_sitting_opposite():
    state = RULES.new_game(4, None, seed=1)
    assert state.view(0).teams == ((0, 2), (1, 3))
    state = table(
        "KH 8C", "9H JD", "AS 8D", "QS QD", won={2: rest_of_pack(4, "KH 8C 9H JD AS 8D QS QD 8S"), 1: "8S"}
    )
    play_all(state, "KH 9H AS QS 8C JD 8D QD")
    out = state.outcome()
    assert out.winners == (0, 2) and out.scores == (90, 0, 90, 0) and "double win" in out.reason
    assert "{p0} & {p2} took all 90 points" in out.reason


def test_a_partners_match_keeps_the_trick_for_the_side_and_the_end_label_says_so():
    state = table(
        "KH 7C QD JH",
        "8S 9D JC 10H",
        "KS 8D 8H 9C",
        "QS QC 9S 10S",
        stock="AS AD AC AH",
        played="KH 8S KS 10S",
    )
    assert state.phase == "decide" and state.holder == 2
    assert state.label(state.action_for("end")) == "End trick (partner's)"
    state.apply("end")
    assert state.last_trick.winner == 2 and state.points == [10, 0]


# ---------------------------------------------------------------- the series (SE-4)


def test_a_series_scores_victory_points_and_ends_at_the_target():
    state = finish_randomly(RULES.new_game(2, {"target": 5}, seed=4), 4)
    out = state.outcome()
    assert max(out.scores) >= 5 and out.winners == (out.scores.index(max(out.scores)),)
    hands = [e for e in state.events if e.kind == "hand"]
    assert len(hands) == state.hand_number >= 2 and "Victory points" in hands[-1].lines[-1]
    assert "playing to 5" in out.reason


def test_victory_points_are_one_two_or_three_by_the_kind_of_win():
    for pile, vp in (
        (rest_of_pack(2, "KH 8C 9H JD"), 3),
        (rest_of_pack(2, "KH 8C 9H JD 8S"), 2),
        ("AH 10H", 1),
    ):
        state = table("KH 8C", "9H JD", won={0: pile, 1: "8S" if vp == 2 else ""}, target=10)
        play_all(state, "KH 9H 8C JD")
        assert state.vp == (vp, 0) and state.scores == [vp, 0] and not state.is_over


def test_se3_a_shared_win_scores_one_victory_point_each():
    state = table("KH", "9H", "JD", won={0: "AH AD 8H", 1: "10H 10D AC 9D", 2: "AS 10S 10C"}, target=10)
    play_all(state, "KH 9H JD")
    assert state.vp == (1, 1, 1)


def test_se4_by_default_the_deal_passes_to_the_left():
    state = table("KH", "9H", "JD", dealer=2, leader=0, won={1: "AH AD AC"}, target=10)
    play_all(state, "KH 9H JD")
    assert state.hand_number == 2 and state.dealer == 0 and state.to_act == 1


@pytest.mark.parametrize("dealer,winner_pile,new_dealer", [(0, 0, 1), (0, 1, 0), (1, 0, 1), (1, 1, 0)])
def test_se4_loser_option_two_players_the_loser_deals_and_the_winner_leads(dealer, winner_pile, new_dealer):
    state = table(
        "KH",
        "9H",
        dealer=dealer,
        leader=1 - dealer,
        won={winner_pile: "AH AD AC"},
        target=10,
        next_dealer="loser",
    )
    play_all(state, "KH 9H" if dealer == 1 else "9H KH")
    assert state.dealer == new_dealer and state.to_act == 1 - new_dealer and state.vp[winner_pile] == 1


def test_se4_loser_option_four_players_follows_pagat():
    # the dealing side wins: the deal passes to the left (an opponent deals, the dealer's partner leads)
    state = table(
        "KH", "9H", "JD", "QS", dealer=0, leader=1, won={2: "AH AD AC"}, target=10, next_dealer="loser"
    )
    play_all(state, "9H JD QS KH")
    assert state.vp == (1, 0) and state.dealer == 1 and state.to_act == 2
    # the dealing side loses: the deal passes to the dealer's partner
    state = table(
        "KH", "9H", "JD", "QS", dealer=0, leader=1, won={1: "AH AD AC"}, target=10, next_dealer="loser"
    )
    play_all(state, "9H JD QS KH")
    assert state.vp == (0, 1) and state.dealer == 2 and state.to_act == 3


def test_se4_loser_option_three_players_a_loser_with_the_winner_on_its_left_deals():
    state = table("KH", "9H", "JD", dealer=0, leader=1, won={0: "AH AD AC"}, target=10, next_dealer="loser")
    play_all(state, "9H JD KH")  # seat 0 wins; seat 2 has it on its left
    assert state.dealer == 2 and state.to_act == 0
    state = table(
        "KH",
        "9H",
        "JD",
        dealer=2,
        leader=0,
        won={0: "AH AD 8H", 1: "10H 10D AC 9D", 2: "AS 10S 10C"},
        target=10,
        next_dealer="loser",
    )
    play_all(state, "KH 9H JD")  # a three-way tie (30 each): nobody lost, the deal passes left
    assert state.vp == (1, 1, 1) and state.dealer == 0


def test_the_options_are_checked():
    with pytest.raises(BadOptionError, match=r"option next_dealer=winner is not allowed: use left, loser"):
        RULES.new_game(2, {"next_dealer": "winner"})
    with pytest.raises(BadOptionError, match=r"option target=21 is out of range: use a whole number 0..20"):
        RULES.new_game(2, {"target": 21})
    with pytest.raises(BadOptionError, match=r"Sedma is for 2 to 4 players, not 5"):
        RULES.new_game(5)


def test_the_rules_summary_covers_every_option_in_plain_words():
    text = RULES.summary_text()
    for words in (
        "starter",
        "end the trick",
        "seven",
        "stock",
        "double win",
        "triple",
        "option target",
        "next_dealer=loser",
        "eights of spades and clubs",
        "shared win",
    ):
        assert words in text
    assert "SE-" not in text


# ---------------------------------------------------------------- dealing the unseen cards again


def _mid_hand(seats: int, seed: int = 3):
    state = RULES.new_game(seats, None, seed=seed)
    rng = random.Random(seed)
    for _ in range(11):
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
    return state


@pytest.mark.parametrize("seats", [2, 4])
def test_resample_keeps_the_seats_hand_the_public_cards_and_every_size(seats):
    state = _mid_hand(seats)
    seat = state.to_act
    for k in range(10):
        world = state.resample(seat, random.Random(k))
        assert (
            world.hands[seat] == state.hands[seat] and world.trick == state.trick and world.won == state.won
        )
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands] and len(world.stock) == len(
            state.stock
        )
        assert Counter(c for z in world.zones().values() for c in z) == Counter(sedma_pack(seats))
        finish_randomly(world, k)


def test_resample_depends_only_on_what_the_seat_can_see():
    state = _mid_hand(4, 6)
    seat = state.to_act
    twin = state.clone()
    a, b = [s for s in range(4) if s != seat and len(state.hands[s]) == len(state.hands[(seat + 2) % 4])][:2]
    twin.hands[a], twin.hands[b] = state.hands[b][:], state.hands[a][:]
    twin.stock = list(reversed(state.stock))
    one, two = state.resample(seat, random.Random(9)), twin.resample(seat, random.Random(9))
    assert one.snapshot() == two.snapshot()


# ---------------------------------------------------------------- review additions (seed, SE-2)


def test_seed_a_partnership_that_captures_every_card_between_its_two_players_wins_triple():
    """Seed: a partnership that captured all the cards wins triple, even with the cards split
    between the two partners' piles (SE-2: every card of the pack in play)."""
    rest = rest_of_pack(4, "KH 8C 9H JD AS 8D QS QD").split()
    state = table("KH 8C", "9H JD", "AS 8D", "QS QD", won={0: " ".join(rest[::2]), 2: " ".join(rest[1::2])})
    play_all(state, "KH 9H AS QS 8C JD 8D QD")
    out = state.outcome()
    assert len(state.won[0]) + len(state.won[2]) == 32 and state.won[1] == state.won[3] == ()
    assert out.winners == (0, 2) and out.scores == (90, 0, 90, 0) and "triple win" in out.reason


def test_a_seven_led_is_named_once_in_prompts_and_refusals():
    """Issue 29: the help read "a seven or a seven takes the trick" when a seven started it."""
    state = table("7H 7C KD JH", "8S 9D JC 10H", stock="8C 9S 9C 8H", played="7H")
    assert state.view(1).prompt == "Any card; a seven takes the trick"
    state.apply("8S")
    assert state.phase == "decide" and state.view(0).prompt == "End the trick, or go on with a seven"
    with pytest.raises(IllegalActionError, match="to continue the trick you must play a seven; otherwise"):
        state.apply("JH")
    state = table("KH 7C KD JH", "7S 9D JC 10H", stock="8S 9S 9C 8H", played="KH")
    assert state.view(1).prompt == "Any card; a king or a seven takes the trick"
