"""A sensible Cucumber player: shed high cards early and keep a low card for the last trick.

Only the seventh trick scores, and it goes to the highest of the last cards.  So the bot gets rid
of its high cards while it may: leading, it leads its highest card (the others, unable to beat
it, must throw their lowest cards, which leaves them higher last cards); following with a choice
of higher cards, it plays the highest of them (the trick is then likely ours, and so is the next
lead).  Its lowest card is never led or thrown while another card will do, so it stays for the
last trick.  At the fourth and fifth tricks, when a card surely takes the trick (it plays last,
or the cards the players after have shown they lack leave none of them a higher one), it takes
it with the cheapest such card, keeping its lowest for the last trick and a higher one to lead
the next.  When it cannot beat the highest card, the rules leave it no real choice.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.bots import Bot, Expert, Levels, TreeSearch
from games.core import Action, Card, SeatView

from .viewdata import CucumberView


class CucumberBot(Bot):
    level = "heuristic"
    SLIPS = 0.2  # a beginner's ducking costs much: a fifth of its choices

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        by_card = {a.the_card: a for a in legal}
        cards = list(by_card)
        n = len(view.hand)
        if view.trick and n in (3, 4):
            cheap = self._sure_cheap_take(view, cards)
            if cheap is not None:
                return by_card[cheap]
        return by_card[self.pick(cards)]

    @staticmethod
    def _sure_cheap_take(view: SeatView, cards: list[Card]) -> Card | None:
        """At the fourth or fifth trick: the cheapest card that surely takes the trick (we play
        last, or no one after can hold a higher card: the public bounds), keeping one of our
        lowest for the last trick (another of its rank may take) and a card to lead the next; None
        when there is none."""
        n = len(view.hand)
        after = [s for s in range(view.num_seats) if s != view.my_seat and view.hand_sizes[s] == n]
        bounds = view.data(CucumberView).bounds
        high = max(c.rank for p in view.trick for c in p.cards)
        kept = min(view.hand, key=lambda c: (c.rank, c.index))  # the lowest, for the last trick
        sure = [
            c for c in cards if c is not kept and c.rank > high and all(bounds[s][1] < c.rank for s in after)
        ]
        return min(sure, key=lambda c: (c.rank, c.index), default=None)

    @staticmethod
    def pick(cards: list[Card]) -> Card:
        """The highest playable card: our lowest card is playable only when nothing else is (or
        when every card beats the highest so far), so it stays for the last trick."""
        return max(cards, key=lambda c: (c.rank, -c.index))

    def beginner(self, view: SeatView, legal: Sequence[Action], mine: Action) -> Action | None:
        """A beginner ducks: it keeps out of tricks with its lowest card, as if every trick
        counted against it, and is left with high cards for the one that does."""
        return min(legal, key=lambda a: (a.the_card.rank, a.the_card.index))


#: hard and expert: the tree search, about 0.3-0.45 s a hard move (benchmarks/bench_search.py, an idle
#: 2-core machine)
#: expert: the tree search (expert budget) until every hand holds six cards (a solve of seven took
#: 0.1 s a deal), then the card play solved
BOT_LEVELS = Levels(CucumberBot, TreeSearch(hard=1500, expert=6000), expert=Expert(solve=6))
