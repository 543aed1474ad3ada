"""A sensible Tricks'N'Trumps player.

Leading: cash a card that should win (the joker, the top trump left, or an ace or king of a
side suit while that suit is fresh); otherwise lead the lowest side card and keep trumps.
Following: when the trick can be won, win it as cheaply as possible, but as second-to-last or
earlier only with a card likely to hold; when it cannot be won, duck with the lowest card,
throwing a side card before a trump.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.bots import Bot
from games.core import Action, Card, Ranking, SeatView, Suit


class TricksNTrumpsBot(Bot):
    level = "heuristic"

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        trump = Suit(view.extra.get("trump_suit", "H"))
        ranking = Ranking(trumps=(trump,), joker_suit=trump)
        seen = {c for e in view.events if e.kind == "trick" and e.hand == view.hand_number for c in e.cards}
        by_card = {a.card: a for a in legal}
        cards = list(by_card)
        if not view.trick:
            return by_card[self._lead(cards, ranking, seen, view)]
        return by_card[self._follow(cards, ranking, view)]

    # -- leading ---------------------------------------------------------
    def _lead(self, cards: list[Card], r: Ranking, seen: set[Card], view: SeatView) -> Card:
        trumps = [c for c in cards if r.is_trump(c)]
        side = [c for c in cards if not r.is_trump(c)]
        if trumps and self._is_top_trump(max(trumps, key=r.rank_in_suit), r, seen, view):
            return max(trumps, key=r.rank_in_suit)
        winners = [c for c in side if c.rank >= 13 and not any(x.suit == c.suit for x in seen)]
        if winners:
            return max(winners, key=lambda c: c.rank)
        if side:
            return min(side, key=lambda c: c.rank)
        return min(trumps, key=r.rank_in_suit)

    @staticmethod
    def _is_top_trump(c: Card, r: Ranking, seen: set[Card], view: SeatView) -> bool:
        mine = set(view.hand)
        higher = [x for x in _trump_ladder(r) if r.rank_in_suit(x) > r.rank_in_suit(c)]
        return all(x in seen or x in mine for x in higher)

    # -- following -------------------------------------------------------
    def _follow(self, cards: list[Card], r: Ranking, view: SeatView) -> Card:
        played = [c for p in view.trick for c in p.cards]
        led = r.suit_of(played[0])
        best = max(r.power(c, led) for c in played)
        winning = sorted((c for c in cards if r.power(c, led) > best), key=lambda c: r.power(c, led))
        last = len(view.trick) == sum(1 for s in view.status if s != "out") - 1
        if winning:
            cheapest = winning[0]
            if last or r.is_trump(cheapest) != r.is_trump(played[0]) or cheapest.rank >= 13:
                return cheapest
            strongest = winning[-1]
            if strongest.rank >= 13 or strongest.suit is None:
                return strongest
        return self._duck(cards, r, led)

    @staticmethod
    def _duck(cards: list[Card], r: Ranking, led: Suit | None) -> Card:
        side = [c for c in cards if not r.is_trump(c)]
        pool = side or cards
        return min(pool, key=lambda c: (r.power(c, led), c.rank))


def _trump_ladder(r: Ranking) -> list[Card]:
    from games.core import JOKER, card

    return [JOKER] + [card(rank, r.trumps[0]) for rank in range(2, 15)]
