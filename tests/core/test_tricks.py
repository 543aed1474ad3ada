"""N-seat trick helpers (games/core/tricks.py): seat order, following, must-head, the winner."""

from __future__ import annotations

from games.core import (
    Ranking,
    Suit,
    follow_suit,
    must_head,
    next_seat,
    parse_card,
    parse_cards,
    seat_order,
    trick_winner,
)

H, S, D, C = Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS


def test_seat_order_clockwise_and_counter_clockwise():
    assert seat_order(2, 4) == [2, 3, 0, 1]
    assert seat_order(2, 4, clockwise=False) == [2, 1, 0, 3]  # Agram runs counter-clockwise
    assert seat_order(0, 5, skip=[1, 3]) == [0, 2, 4]  # seats sitting out a hand
    assert next_seat(4, 5) == 0 and next_seat(0, 5, clockwise=False) == 4


def test_follow_suit_requires_the_led_suit_and_names_it():
    hand = parse_cards("9H 2S KD")
    legal, rule = follow_suit(hand, H, Ranking())
    assert legal == parse_cards("9H") and rule == "you must follow hearts (you hold 9H)"
    legal, rule = follow_suit(hand, C, Ranking())
    assert legal == hand and rule == ""


def test_joker_follows_its_suit_and_is_forced_when_it_is_the_only_one():
    r = Ranking(trumps=(H,), joker_suit=H)
    legal, _ = follow_suit(parse_cards("JK 2S"), H, r)
    assert legal == [parse_card("JK")]


def test_trick_winner_with_no_trumps_one_trump_and_jokers():
    assert trick_winner(parse_cards("10S AS 2H"), Ranking()) == 1
    assert trick_winner(parse_cards("10S AS 2H"), Ranking(trumps=(H,))) == 2
    assert trick_winner(parse_cards("AH 2S JK"), Ranking(trumps=(H,), joker_suit=H)) == 2
    # discards of another suit never win, whatever their rank
    assert trick_winner(parse_cards("3C AS KD"), Ranking()) == 0


def test_two_trump_suits_rank_equally_and_ties_go_to_the_first_or_last():
    r = Ranking(trumps=(H, S))
    assert trick_winner(parse_cards("2C 9H 9S"), r) == 1
    assert trick_winner(parse_cards("2C 9H 9S"), r, ties="last") == 2


def test_big_joker_beats_little_joker():
    r = Ranking(trumps=(S,), joker_suit=S)
    assert trick_winner(parse_cards("AS LJ BJ"), r) == 2


def test_bowers_rank_above_the_ace_and_the_left_bower_changes_suit():
    r = Ranking(trumps=(D,), bowers=True)  # PE-1: with diamonds trump, JD right, JH left bower
    assert r.suit_of(parse_card("JH")) is D
    assert trick_winner(parse_cards("AD JH JD"), r) == 2
    assert trick_winner(parse_cards("AD KD JH"), r) == 2
    legal, _ = follow_suit(parse_cards("JH 5H"), H, r)  # the left bower does not follow hearts
    assert legal == parse_cards("5H")


def test_must_head_follow_and_beat():
    r = Ranking(trumps=(H,))
    legal, rule = must_head(parse_cards("QS 9S AS 2H"), parse_cards("10S"), r)
    assert legal == parse_cards("QS AS")
    assert "beat 10S" in rule


def test_must_head_follow_low_when_unable_to_beat():
    legal, _ = must_head(parse_cards("9S 2S 2H"), parse_cards("10S"), Ranking(trumps=(H,)))
    assert legal == parse_cards("9S 2S")


def test_must_head_no_need_to_beat_once_trumped():
    legal, _ = must_head(parse_cards("QS 9S"), parse_cards("10S 3H"), Ranking(trumps=(H,)))
    assert legal == parse_cards("QS 9S")


def test_must_head_trump_and_over_trump():
    r = Ranking(trumps=(H,))
    legal, _ = must_head(parse_cards("2H QH 7C"), parse_cards("KS"), r)
    assert legal == parse_cards("2H QH")
    legal, rule = must_head(parse_cards("2H QH 7C"), parse_cards("KS 10H"), r)
    assert legal == parse_cards("QH") and "over 10H" in rule


def test_must_head_under_trump_when_forced_ra5():
    """RA-5: trick KS AH, hand 8H 7C: the 8H must be played."""
    legal, rule = must_head(parse_cards("8H 7C"), parse_cards("KS AH"), Ranking(trumps=(H,)))
    assert legal == parse_cards("8H") and "even under AH" in rule


def test_must_head_trump_lead_must_be_headed():
    legal, _ = must_head(parse_cards("3H KH 7C"), parse_cards("10H"), Ranking(trumps=(H,)))
    assert legal == parse_cards("KH")


def test_must_head_void_without_trumps_plays_anything():
    hand = parse_cards("7C 9D")
    legal, rule = must_head(hand, parse_cards("KS"), Ranking(trumps=(H,)))
    assert legal == hand and rule == ""
