"""Cards, notation and decks (games/core/cards.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core import (
    ALL_CARDS,
    BIG_JOKER,
    JOKER,
    LITTLE_JOKER,
    BadNotationError,
    Suit,
    card,
    cards_text,
    deck_24,
    deck_32,
    deck_33,
    deck_52,
    deck_53,
    deck_54,
    deck_agram,
    deck_double,
    parse_card,
    parse_cards,
)


@pytest.mark.parametrize("text", [c.text for c in ALL_CARDS])
def test_notation_round_trips_for_every_card(text):
    c = parse_card(text)
    assert c.text == text and parse_card(str(c)) is c


@pytest.mark.parametrize(
    "typed,canonical",
    [
        ("10H", "10H"),
        ("TH", "10H"),
        ("th", "10H"),
        ("q♠", "QS"),
        (" AD ", "AD"),
        ("JK", "JK"),
        ("bj", "BJ"),
        ("LJ", "LJ"),
    ],
)
def test_parse_accepts_the_usual_spellings(typed, canonical):
    assert parse_card(typed).text == canonical


@pytest.mark.parametrize("bad", ["", "1", "11H", "ZZ", "QX", "10", "JOKER"])
def test_parse_rejects_nonsense_with_a_clear_message(bad):
    with pytest.raises(BadNotationError, match="is not a card"):
        parse_card(bad)


def test_cards_are_interned_and_compare_by_identity():
    assert card(12, Suit.SPADES) is parse_card("QS")
    assert parse_cards("JS, 3C 10h") == [parse_card("JS"), parse_card("3C"), parse_card("10H")]
    assert cards_text(parse_cards("js 3c")) == "JS 3C"


def test_jokers_are_distinct_cards_without_suit():
    assert len({JOKER, BIG_JOKER, LITTLE_JOKER}) == 3
    assert all(j.is_joker and j.suit is None for j in (JOKER, BIG_JOKER, LITTLE_JOKER))
    assert BIG_JOKER.rank > LITTLE_JOKER.rank > card(14, Suit.HEARTS).rank


def test_display_forms():
    assert parse_card("QH").display() == "Q♥"
    assert parse_card("QH").display(ascii_suits=True) == "QH"
    assert parse_card("10C").display(ascii_suits=True) == "10C"
    assert parse_card("QH").name == "queen of hearts"


@pytest.mark.parametrize(
    "factory,size,jokers",
    [
        (deck_52, 52, 0),
        (deck_53, 53, 1),
        (deck_54, 54, 2),
        (deck_32, 32, 0),
        (deck_24, 24, 0),
        (deck_33, 33, 1),
        (deck_agram, 35, 0),
        (deck_double, 104, 0),
    ],
)
def test_deck_sizes(factory, size, jokers):
    deck = factory()
    assert len(deck) == size
    assert sum(c.is_joker for c in deck) == jokers


def test_stripped_decks_keep_the_right_ranks():
    assert {c.rank for c in deck_32()} == set(range(7, 15))
    assert {c.rank for c in deck_24()} == set(range(9, 15))
    assert JOKER in deck_33() and len([c for c in deck_33() if not c.is_joker]) == 32


def test_agram_deck_has_no_ace_of_spades_and_no_twos():
    deck = deck_agram()
    assert parse_card("AS") not in deck
    assert {parse_card(t) for t in ("AC", "AD", "AH", "10S", "3S")} <= set(deck)
    assert min(c.rank for c in deck) == 3


def test_double_pack_holds_every_card_twice():
    assert set(Counter(deck_double()).values()) == {2}


def test_each_call_returns_a_fresh_list():
    a = deck_52()
    a.pop()
    assert len(deck_52()) == 52
