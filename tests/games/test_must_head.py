"""The shared must-head rule (rules-notes "must-head rule", RA-5, BO-2) in games.core.tricks."""

from __future__ import annotations

from games.core import Ranking, Suit, must_head, parse_cards

HEARTS = Ranking(trumps=(Suit.HEARTS,))


def legal(hand: str, trick: str, ranking: Ranking = HEARTS) -> tuple[str, str]:
    cards, rule = must_head(parse_cards(hand), parse_cards(trick), ranking)
    return " ".join(sorted(c.text for c in cards)), rule


def test_leader_may_lead_anything():
    assert legal("AS 7C 8H", "") == ("7C 8H AS", "")


def test_follow_and_beat_the_best_card_of_the_led_suit():
    cards, rule = legal("8S QS AS 7C", "10S 9S")
    assert cards == "AS QS"
    assert rule == "you must follow spades and beat 10S (you hold QS AS)"


def test_follow_with_any_card_of_the_suit_when_none_can_beat():
    cards, rule = legal("8S 9S AH", "QS 10S")
    assert cards == "8S 9S"
    assert rule == "you must follow spades (you hold 8S 9S)"


def test_a_trump_in_the_trick_releases_the_duty_to_beat():
    cards, rule = legal("8S AS 7C", "10S 7H")
    assert cards == "8S AS"
    assert rule == "you must follow spades (you hold 8S AS)"


def test_void_must_trump():
    cards, rule = legal("7H 10H 7C", "AS")
    assert cards == "10H 7H"
    assert rule == "you cannot follow spades, so you must trump (you hold 7H 10H)"


def test_void_must_over_trump_when_able():
    cards, rule = legal("8H QH 7C", "AS 9H")
    assert cards == "QH"
    assert rule == "you cannot follow spades, so you must trump over 9H (you hold QH)"


def test_under_trump_when_over_trumping_is_impossible_RA_5():
    """RA-5's example: trick K♠ A♥ (hearts trump), hand 8♥ 7♣: the 8♥ only."""
    cards, rule = legal("8H 7C", "KS AH")
    assert cards == "8H"
    assert rule == "you cannot follow spades, so you must trump, even under AH (you hold 8H)"


def test_no_suit_and_no_trump_means_any_card():
    assert legal("7C 8D", "AS 9S") == ("7C 8D", "")


def test_trump_led_must_be_beaten_by_a_higher_trump():
    cards, rule = legal("8H KH 7C", "QH")
    assert cards == "KH"
    assert rule == "you must follow hearts and beat QH (you hold KH)"


def test_no_trumps_at_all():
    cards, _ = legal("8S AS 7H", "10S", Ranking())
    assert cards == "AS"
