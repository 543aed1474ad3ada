"""games.core.resample (issue 13): dealing unseen cards into hidden places under constraints."""

from __future__ import annotations

import random
from collections import Counter

from games import get_rules
from games.core import parse_cards
from games.core.resample import DealPlan, Place, shuffle


def _plan(places, pool, check=None):
    base = get_rules("tricks_n_trumps").new_game(3, None, 1)
    return DealPlan(base, 0, places, pool, check)


def test_a_tight_deal_puts_every_card_where_it_may_go():
    """Seat 1 may hold only spades, seat 2 only hearts: rejection rarely hits, the constrained
    deal (with its augmenting paths) always does."""
    spades, hearts = parse_cards("2S 3S 4S 5S 6S"), parse_cards("2H 3H 4H 5H 6H")
    places = [
        Place("hands", 1, 5, forbidden=frozenset(hearts)),
        Place("hands", 2, 5, forbidden=frozenset(spades)),
    ]
    plan = _plan(places, hearts + spades)
    for k in range(20):
        one, two = plan.deal(random.Random(k))
        assert sorted(one, key=lambda c: c.index) == sorted(spades, key=lambda c: c.index)
        assert Counter(two) == Counter(hearts)


def test_known_cards_stay_and_the_rest_is_dealt_from_the_pool():
    known = tuple(parse_cards("AS"))
    places = [Place("hands", 1, 3, known=known), Place("stock", None, 2)]
    pool = parse_cards("2C 3C 4C 5C")
    plan = _plan(places, pool)
    world = plan(random.Random(3))
    assert world.hands[1][0] == known[0] and len(world.hands[1]) == 3 and len(world.stock) == 2
    assert Counter(world.hands[1][1:] + world.stock) == Counter(pool)
    assert list(plan.base.hands[1]) == list(known) and plan.base.stock == [], "the plan keeps no hidden card"


def test_the_same_rng_gives_the_same_world_whatever_order_the_pool_came_in():
    cards = parse_cards("2C 3C 4C 5C 6D 7D")
    places = [Place("hands", 1, 3), Place("hands", 2, 3)]
    a = _plan(places, cards).deal(random.Random(9))
    b = _plan(places, list(reversed(cards))).deal(random.Random(9))
    assert a == b


def test_an_extra_check_rejects_deals_that_break_it():
    cards = parse_cards("2C 3C 4C 5C 6D 7D")
    places = [Place("hands", 1, 3), Place("hands", 2, 3)]
    plan = _plan(places, cards, check=lambda dealt: parse_cards("7D")[0] in dealt[0])
    assert all(parse_cards("7D")[0] in plan.deal(random.Random(k))[0] for k in range(10))


def test_the_fast_shuffle_is_a_permutation_and_moves_cards():
    cards = list(range(30))
    shuffle(cards, random.Random(1).random)
    assert sorted(cards) == list(range(30)) and cards != list(range(30))


def test_the_constrained_deal_moves_cards_along_to_make_room():
    """Cards that could go two ways may fill a place another card needs: the constrained deal then
    moves a card on (an augmenting path) instead of failing."""
    c1, c2, c3, c4 = parse_cards("2C 3C 4D 5D")
    places = [
        Place("hands", 1, 1, forbidden=frozenset({c3, c4})),
        Place("hands", 2, 2),
        Place("stock", None, 1, forbidden=frozenset({c1, c2})),
    ]
    plan = _plan(places, [c1, c2, c3, c4])
    for k in range(40):
        a, b, c = plan._constrained([c1, c2, c3, c4][k % 4 :] + [c1, c2, c3, c4][: k % 4], random.Random(k))
        assert len(a) == 1 and len(b) == 2 and len(c) == 1
        assert a[0] in (c1, c2) and c[0] in (c3, c4)
