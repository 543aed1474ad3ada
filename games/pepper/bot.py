"""A Pepper player that bids with its partner in mind and plays for its side.

Judging a hand (:func:`hand_estimate`): for each possible trump suit (with its two bowers) and
for no trump, the tricks the hand should take: trumps from the top of the order count in full,
other trumps by their place, extra trump length and ruffing voids a little, side aces and
guarded kings partly.  The best of the five choices is the hand's value and, if the bot wins the
auction, its trump.

Bidding: the side's expectation is the hand's value plus what an unknown partner usually brings
(four players; nothing in the two- and three-player games, PE-7).  The bot bids just one above
the current high bid while that stays within the expectation, less a safety margin; it bids big
pepper only with a hand expected to take every trick (little pepper scores no more than a made
five, so it is only an overcall), and it does not outbid its own partner unless its hand alone is
clearly stronger than the partner's bid.

Play: the shared partnership policy of :mod:`games.bots.partnership` (never overtake the
partner's sure winner, lead trumps as declarers and back to a declaring partner, lead to the
partner's void, win cheaply).  Every option is honoured: the target only changes the scores.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.bots import Bot
from games.bots.partnership import PartnerPlay, partner_seats, unseen_cards
from games.core import SUITS, Action, Card, Ranking, SeatView, Suit, bowers_of, trump_ranking
from .rules import PACK

ORDER_VALUE = (1.0, 0.85, 0.7, 0.5, 0.35, 0.3, 0.25)  # a trump by its place: right bower, left, A, K, Q, 10, 9
PARTNER_SHARE = 1.1  # tricks an unseen partner brings to a four-player contract (tuned by simulation)
MARGIN = 0.35


def hand_estimate(hand: Sequence[Card], trump: Suit | None) -> float:
    """Expected tricks of ``hand`` with ``trump`` (None: no trump)."""
    r = trump_ranking(trump, bowers=True)
    if trump is None:
        return _side_value(hand, r, no_trump=True)
    order = _trump_order(trump)
    held = [c for c in order if c in hand]
    value, run = 0.0, True
    for c in order:
        if c in hand:
            value += 1.0 if run else ORDER_VALUE[order.index(c)]
        else:
            run = False
    value += 0.3 * max(0, len(held) - 2)
    side = [c for c in hand if not r.is_trump(c)]
    voids = sum(1 for s in SUITS if s is not trump and not any(r.suit_of(c) is s for c in side))
    value += 0.3 * voids * min(1, max(0, len(held) - 1))
    return value + _side_value(side, r, no_trump=False)


def _trump_order(trump: Suit) -> list[Card]:
    right, left = bowers_of(trump)
    rest = sorted((c for c in PACK if c.suit is trump and c is not right), key=lambda c: -c.rank)
    return [right, left, *rest]


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


class PepperBot(Bot):
    level = "heuristic"

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if view.phase == "bid":
            return self._bid(view, legal)
        if view.phase == "trump":
            suit, _ = best_trump(view.hand)
            want = "no_trump" if suit is None else f"trump {suit.letter}"
            return next(a for a in legal if a.text == want)
        return self._play(view, legal)

    # -- bidding ---------------------------------------------------------------
    def _bid(self, view: SeatView, legal: Sequence[Action]) -> Action:
        per_hand = 6 if view.num_seats == 4 else 8
        _, mine = best_trump(view.hand)
        partners = partner_seats(view, view.seat)
        side = mine + (PARTNER_SHARE if partners else 0.0)
        high_seat = view.extra.declarer
        if high_seat in partners and mine < self._value(view.extra.contract, per_hand) + 1.5:
            return legal[0]  # pass: the partner holds the contract and we are not clearly stronger
        bids = [a for a in legal if a.kind != "pass"]
        if not bids:
            return legal[0]
        if side >= per_hand + 0.2 and mine >= per_hand - 1.2 and bids[-1].kind == "big_pepper":
            return bids[-1]
        cheapest = bids[0]
        if self._value_of(cheapest, per_hand) <= min(side - MARGIN, per_hand - 1):
            return cheapest
        if cheapest.kind == "little_pepper" and side >= per_hand:
            return cheapest
        return legal[0]

    @staticmethod
    def _value_of(a: Action, per_hand: int) -> int:
        if a.kind == "bid":
            return int(a.arg)
        return per_hand if a.kind == "little_pepper" else per_hand + 1

    @staticmethod
    def _value(words: str, per_hand: int) -> int:
        if words.isdigit():
            return int(words)
        return per_hand + (1 if words == "big pepper" else 0)

    # -- playing -----------------------------------------------------------------
    def _play(self, view: SeatView, legal: Sequence[Action]) -> Action:
        cards = {a.card: a for a in legal}
        letter = view.extra.trump_suit
        r = trump_ranking(Suit(letter) if letter else None, bowers=True)
        declarer = view.extra.declarer
        declarers = (declarer, *partner_seats(view, declarer))
        policy = PartnerPlay(view, r, unseen_cards(view, PACK), declarers, view.extra.voids)
        pick = policy.follow(list(cards)) if view.trick else policy.lead(list(cards))
        return cards[pick]
