"""Judging a Pepper hand: the tricks it should take with each trump, for the bot's bids and trump
and for the possible deals the rules hand a look-ahead bot (a high bidder's hand worth its bid).

For each possible trump suit (with its two bowers) and for no trump: trumps from the top of the
order count in full, other trumps by their place, extra trump length and ruffing voids a little,
side aces and guarded kings partly.  The best of the five choices is the hand's value and, if the
bot wins the auction, its trump.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.core import SUITS, Card, Ranking, Suit, bowers_of, deck_24, trump_ranking

ORDER_VALUE = (
    1.0,
    0.85,
    0.7,
    0.5,
    0.35,
    0.3,
    0.25,
)  # a trump by its place: right bower, left, A, K, Q, 10, 9
PARTNER_SHARE = 1.1  # tricks an unseen partner brings to a four-player contract (tuned by simulation)


def hand_estimate(hand: Sequence[Card], trump: Suit | None) -> float:
    """Expected tricks of ``hand`` with ``trump`` (None: no trump)."""
    r = trump_ranking(trump, bowers=True)
    if trump is None:
        return _side_value(hand, r, no_trump=True)
    order = _ORDERS[trump]
    held = [c for c in order if c in hand]
    value, run = 0.0, True
    for place, c in enumerate(order):
        if c in hand:
            value += 1.0 if run else ORDER_VALUE[place]
        else:
            run = False
    value += 0.3 * max(0, len(held) - 2)
    side = [c for c in hand if not r.is_trump(c)]
    voids = sum(1 for s in SUITS if s is not trump and not any(r.suit_of(c) is s for c in side))
    value += 0.3 * voids * min(1, max(0, len(held) - 1))
    return value + _side_value(side, r, no_trump=False)


def _order(trump: Suit) -> list[Card]:
    right, left = bowers_of(trump)
    rest = sorted((c for c in deck_24() if c.suit is trump and c is not right), key=lambda c: -c.rank)
    return [right, left, *rest]


_ORDERS = {s: _order(s) for s in SUITS}  # each trump suit's cards from the right bower down


def _side_value(cards: Sequence[Card], r: Ranking, no_trump: bool) -> float:
    value = 0.0
    for c in cards:
        suit = [x for x in cards if x.suit is c.suit]
        has_ace = any(x.rank == 14 for x in suit)
        if c.rank == 14:
            value += 0.9 if no_trump else 0.7
        elif c.rank == 13 and (has_ace or len(suit) >= 2):
            value += (0.7 if has_ace else 0.35) if no_trump else (0.5 if has_ace else 0.2)
        elif no_trump and c.rank == 12 and has_ace and len(suit) >= 3:
            value += 0.5
    return value


def best_trump(hand: Sequence[Card]) -> tuple[Suit | None, float]:
    """The trump choice (a suit or None for no trump) the hand likes best, and its value."""
    choices = [(s, hand_estimate(hand, s)) for s in SUITS] + [(None, hand_estimate(hand, None) - 0.2)]
    return max(choices, key=lambda x: x[1])
