"""A sensible Bourré player.

Deciding: play when the hand's expected tricks (see ``games.bots.cardplay.hand_strength``) clear a
bar that rises with the number of players already in (more rivals, more risk of going bourré
and paying the whole pot); with two trumps or more, always play (tuned against random bots), and
so with the ace of trumps, a sure trick (a player who takes one is never bourré).  Drawing: keep trumps and
side aces (and kings guarded by their ace), throw the rest.  Card play is the shared
must-head play (games/bots/cardplay.py); the legal list already obeys the cinch rule.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.bots import Bot, Expert, Levels, Playouts
from games.bots.cardplay import choose_card, hand_strength, ranking_of
from games.core import Action, Card, Ranking, SeatView

from .viewdata import BourreView


def keep(c: Card, hand: Sequence[Card], r: Ranking) -> bool:
    if r.is_trump(c) or c.rank == 14:
        return True
    return c.rank == 13 and any(x.suit == c.suit and x.rank == 14 for x in hand)


class BourreBot(Bot):
    level = "heuristic"

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        ex = view.data(BourreView)
        r = ranking_of(ex)
        by_text = {a.text: a for a in legal}
        if view.phase == "decide":
            return by_text[self._decide(view, set(by_text), r)]
        if view.phase == "discard":
            throw = [c for c in view.hand if not keep(c, view.hand, r)]
            if throw:
                return by_text[f"discard {min(throw, key=lambda c: c.rank).text}"]
            return by_text["done"]
        return choose_card(view, ex, legal, r, low_rank=2)

    def _decide(self, view: SeatView, options: set[str], r: Ranking) -> str:
        if "pass" not in options:
            return "play"
        rivals = sum(1 for b in view.bids if b == "play")
        undecided = sum(1 for s, b in enumerate(view.bids) if not b and s != view.my_seat)
        trumps = sum(1 for c in view.hand if r.is_trump(c))
        strength = hand_strength(view.hand, r, view.num_seats)
        ace = any(r.is_trump(c) and c.rank == 14 for c in view.hand)  # a sure trick: never bourré
        if ace or trumps >= 2 or strength >= 0.3 + 0.25 * rivals + 0.05 * undecided:
            return "play"
        return "pass"


#: hard and expert: the heuristic's playouts (the tree search was measured no stronger than it)
#: expert: passing, playing and drawing by the playouts (expert budget), the card play solved
BOT_LEVELS = Levels(BourreBot, Playouts(), expert=Expert(infer=0.2))
