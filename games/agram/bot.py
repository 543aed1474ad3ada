"""A sensible Agram player: it keeps its best card of a long suit for the sixth trick.

Only the sixth trick counts, and with one card left each, it goes to the leader's card unless
someone still holds a higher card of that suit.  So a card's *finishing strength* is the chance
that no opponent ends with a higher card of its suit, estimated from the unseen cards: each
higher unseen card is in an opponent's hand with probability (their cards / unseen cards).

- Tricks 1-4: play the card whose loss hurts least: keep the best finisher (equal strength: the
  one from the longer suit, then the higher card) and a second strong card to win trick 5 with.
- Trick 5: weigh each legal card by the chance it wins trick 5 (and so the lead) times the
  chance the card kept then wins as a lead, plus the smaller chance it wins when following; a
  lead of the kept card's own suit draws out the higher cards of the suit that are held alone.
- Trick 6: the last card.

The bot sees only its view: its hand, the cards played this game (events), the trick.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.bots import Bot, Expert, Levels, Playouts
from games.core import Action, Card, SeatView, deck_agram

from .viewdata import AgramView

PACK = deck_agram()
LAST = 6
FOLLOW_SHARE = 0.25  # the chance that another player's last lead is in our last card's suit (rough)


class AgramBot(Bot):
    level = "heuristic"
    SLIPS = 0.3  # a beginner's slips (winning early tricks with high cards) cost much here

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        odds = _Odds(view)
        by_card = {a.the_card: a for a in legal}
        trick = view.data(AgramView).trick_number
        if trick >= LAST - 1:
            return by_card[self._fifth(list(by_card), view, odds)]
        return by_card[self._early(list(by_card), view, odds)]

    def _early(self, cards: list[Card], view: SeatView, odds: _Odds) -> Card:
        """Tricks 1-4: shed the card that leaves the best pair of finishers."""

        finish = {x: odds.finish(x, view.hand) for x in view.hand}  # each card's, once

        def kept_value(c: Card) -> tuple[float, int]:
            rest = sorted((finish[x] for x in view.hand if x is not c), reverse=True)
            return rest[0] + 0.5 * (rest[1] if len(rest) > 1 else 0.0), -c.rank

        return max(cards, key=kept_value)

    def _fifth(self, cards: list[Card], view: SeatView, odds: _Odds) -> Card:
        """Trick 5: win it to lead a strong last card, or keep the card most likely to win anyway."""

        def value(c: Card) -> float:
            rest = [x for x in view.hand if x is not c]
            if not rest:
                return 0.0
            keep = rest[0]
            drawn = not view.trick and keep.suit is c.suit  # a lead of the kept card's suit
            lead = odds.drawn_finish(keep, rest) if drawn else odds.finish(keep, rest)
            win = odds.wins_now(c, view)
            return win * lead + (1.0 - win) * lead * FOLLOW_SHARE

        return max(cards, key=lambda c: (value(c), -c.rank))


class _Odds:
    """What one seat can estimate about the cards it has not seen."""

    def __init__(self, view: SeatView) -> None:
        seen = set(view.hand)
        seen.update(
            c for e in view.events if e.kind == "play" and e.hand == view.hand_number for c in e.cards
        )
        seen.update(c for p in view.trick for c in p.cards)
        self.unknown = [c for c in PACK if c not in seen]
        others = sum(view.hand_sizes) - len(view.hand)
        self.q = min(1.0, others / max(1, len(self.unknown)))  # one unseen card is in an opponent's hand
        self.view = view

    def higher(self, c: Card) -> int:
        return sum(1 for x in self.unknown if x.suit is c.suit and x.rank > c.rank)

    def finish(self, c: Card, hand: Sequence[Card]) -> float:
        """The chance that no opponent holds a higher card of ``c``'s suit; a longer suit of
        our own breaks ties (fewer of that suit are left for the others)."""
        length = sum(1 for x in hand if x.suit is c.suit)
        return (1.0 - self.q) ** self.higher(c) + 0.001 * length + 0.0001 * c.rank

    def drawn_finish(self, c: Card, hand: Sequence[Card]) -> float:
        """:meth:`finish` once another card of ``c``'s suit has been led at trick 5: whoever holds
        a higher card of the suit must follow with it, unless their other card is of the suit
        too (then they keep the higher one).  With every other card of the suit seen, leading
        the ace draws the last one out, and the card kept finishes for sure."""
        same = sum(1 for x in self.unknown if x.suit is c.suit)
        kept = (same - 1) / (len(self.unknown) - 1) if len(self.unknown) > 1 else 0.0
        length = sum(1 for x in hand if x.suit is c.suit)
        return (1.0 - self.q * kept) ** self.higher(c) + 0.001 * length + 0.0001 * c.rank

    def wins_now(self, c: Card, view: SeatView) -> float:
        """The chance that ``c`` wins the trick in progress (or the one it leads)."""
        played = [p.cards[0] for p in view.trick]
        if played:
            led = played[0].suit
            best = max(x.rank for x in played if x.suit is led)
            if c.suit is not led or c.rank < best:
                return 0.0
        later = view.num_seats - len(played) - 1
        if later == 0:
            return 1.0
        per_card = min(1.0, later * len(view.hand) / max(1, len(self.unknown)))
        return (1.0 - per_card) ** self.higher(c)


#: hard and expert: the heuristic's playouts (the tree search was measured no stronger than it)
#: expert: the whole card play solved on 200 deals weighed by inference
BOT_LEVELS = Levels(AgramBot, Playouts(), expert=Expert(infer=0.2))
