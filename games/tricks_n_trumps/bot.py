"""A sensible Tricks'N'Trumps player that estimates how likely a card is to hold the trick.

It sees only its view: its hand, the cards played so far this hand, the turned-up card.  Every
other card of the pack is "unknown": in an opponent's hand or out of play (most of the pack
sits out), each opponent holding a given unknown card with probability (their cards /
unknown cards).  From that it estimates, for a card, the chance that no player still to play
can beat it: by holding a higher card of the led suit, or by being void in it and trumping.  A
player who has shown out of a suit this hand (it did not follow it) holds none of it, and one who
has shown out of hearts holds no trump (the joker counts as a heart).

Leading: lead the card most likely to win if its chance is at least ``HOLD`` (the joker
always wins), preferring a side card to a trump at equal odds; otherwise lead the lowest card of the
shortest side suit (to get void and trump later), keeping trumps.
Following: last to play, win as cheaply as possible; earlier, play the cheapest card with at least
a ``HOLD`` chance to hold; when it cannot win (or probably will not), duck with the lowest card,
throwing a side card before a trump, and with two cards left first a card that cannot take the
last trick (of a suit that the sure winner of this trick, who leads the last, has shown it lacks).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Container, Sequence

from games.bots import Bot, Expert, Levels, Playouts
from games.bots.partnership import shown_out
from games.core import Action, Card, Ranking, SeatView, Suit, shared_ranking, standard_deck

from .viewdata import TricksView

HOLD = (
    0.2  # a card at least this likely to win the trick is worth playing (tuned: 0.0-0.2 play best vs random)
)


class TricksNTrumpsBot(Bot):
    level = "heuristic"
    SLIPS = 0.8  # five cards, most of the pack out: a beginner who slips half the time plays as well

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        trump = Suit(view.data(TricksView).trump_suit)
        r = shared_ranking((trump,), joker_suit=trump)  # (its tables stay filled from move to move)
        by_card = {a.the_card: a for a in legal}
        odds = _Odds(view, r)
        if not view.trick:
            return by_card[self._lead(list(by_card), r, odds, view)]
        return by_card[self._follow(list(by_card), r, odds, view)]

    # -- leading ---------------------------------------------------------
    def _lead(self, cards: list[Card], r: Ranking, odds: _Odds, view: SeatView) -> Card:
        chances = {c: odds.holds(c, r.suit_of(c), None) for c in cards}
        best = max(cards, key=lambda c: (chances[c], not r.is_trump(c), -r.rank_in_suit(c)))
        if chances[best] >= HOLD:
            return best
        side = [c for c in cards if not r.is_trump(c)]
        if not side:
            return min(cards, key=r.rank_in_suit)
        length = {s: sum(1 for c in view.hand if r.suit_of(c) == s) for s in {c.suit for c in side}}
        return min(side, key=lambda c: (length[c.suit], c.rank))

    # -- following -------------------------------------------------------
    def _follow(self, cards: list[Card], r: Ranking, odds: _Odds, view: SeatView) -> Card:
        played = [c for p in view.trick for c in p.cards]
        led = r.suit_of(played[0])
        best = max(r.power(c, led) for c in played)
        winning = sorted((c for c in cards if r.power(c, led) > best), key=lambda c: r.power(c, led))
        if winning:
            if odds.still_to_play == 0:
                return winning[0]
            top_trump = max((c for c in played if r.is_trump(c)), key=r.rank_in_suit, default=None)
            for c in winning:
                if odds.holds(c, led, top_trump) >= HOLD:
                    return c
        return self._duck(cards, r, led, self._dead_for_last_trick(view, r, odds, led, best))

    @staticmethod
    def _dead_for_last_trick(
        view: SeatView, r: Ranking, odds: _Odds, led: Suit | None, best: int
    ) -> set[Card]:
        """With two cards left and this trick surely its current winner's, the side cards of a
        suit that winner has shown it lacks: it leads the last trick, so they cannot take it."""
        if len(view.hand) != 2:
            return set()
        seat, top = next((p.seat, c) for p in view.trick for c in p.cards if r.power(c, led) == best)
        top_trump = max(
            (c for p in view.trick for c in p.cards if r.is_trump(c)), key=r.rank_in_suit, default=None
        )
        if odds.holds(top, led, top_trump) < 1.0:
            return set()
        lacks = odds.void.get(seat, set())
        return {c for c in view.hand if not r.is_trump(c) and r.suit_of(c) in lacks}

    @staticmethod
    def _duck(cards: list[Card], r: Ranking, led: Suit | None, dead: Container[Card] = ()) -> Card:
        side = [c for c in cards if not r.is_trump(c)]
        pool = side or cards
        return min(pool, key=lambda c: (c not in dead, r.power(c, led), c.rank))


class _Odds:
    """Chances about the unknown cards, from one seat's view."""

    def __init__(self, view: SeatView, r: Ranking) -> None:
        opts = view.options
        pack = standard_deck(["JK"], min_rank=int(opts.get("lowest_rank", 2)))
        seen = set(view.hand) | set(view.up_cards)
        seen.update(c for p in view.trick for c in p.cards)
        hand_no = view.hand_number
        seen.update(
            c for e in view.events if e.kind in ("play", "trick") and e.hand == hand_no for c in e.cards
        )
        self.unknown = [c for c in pack if c not in seen]
        self.r = r
        n = view.num_seats
        in_trick = {p.seat for p in view.trick}
        me = view.my_seat
        leader = view.trick[0].seat if view.trick else me
        order = [(leader + i) % n for i in range(n)]
        after = order[order.index(me) + 1 :] if me in order else []
        self.later = [s for s in after if s not in in_trick]
        self.still_to_play = len(self.later)
        total = max(1, len(self.unknown))
        self.p = {s: min(1.0, view.hand_sizes[s] / total) for s in self.later}
        self.void = shown_out(view, r.suit_of, view.num_seats)
        # The unknown cards counted once: the trumps by their rank among trumps, every other
        # (following) suit by its cards' ranks, each sorted (holds() counts the higher ones).
        self.trump_ranks = sorted(r.rank_in_suit(x) for x in self.unknown if r.is_trump(x))
        self.suit_ranks: dict[Suit | None, list[int]] = {}
        for x in self.unknown:
            self.suit_ranks.setdefault(r.suit_of(x), []).append(x.rank)
        for ranks in self.suit_ranks.values():
            ranks.sort()

    def _trumps_above(self, rank: int) -> int:
        return len(self.trump_ranks) - bisect_right(self.trump_ranks, rank)

    def holds(self, c: Card, led: Suit | None, top_trump: Card | None) -> float:
        """The chance that ``c`` (played to a trick led with ``led``) beats every later player."""
        r = self.r
        trump = r.trumps[0]
        mine = r.suit_of(c)
        if mine == trump:
            higher_trumps = self._trumps_above(r.rank_in_suit(c))
            higher_led = 0
        else:
            same = self.suit_ranks.get(mine, [])
            higher_led = len(same) - bisect_right(same, c.rank)
            higher_trumps = self._trumps_above(r.rank_in_suit(top_trump) if top_trump is not None else 0)
        led_count = len(self.suit_ranks.get(led, ()))
        chance = 1.0
        for s in self.later:
            miss = 1.0 - self.p[s]
            void = self.void.get(s, ())
            # a seat that has shown out of a suit holds none of it (the joker counts as a heart)
            over = 0.0 if trump in void else 1.0 - miss**higher_trumps  # it can play a higher trump
            void_led = 1.0 if led in void else miss**led_count  # ... when it cannot follow
            if led == trump:
                beat = over
            elif mine == trump:  # we trumped: they beat us only by being void and over-trumping
                beat = void_led * over
            else:
                beat = (0.0 if led in void else 1.0 - miss**higher_led) + void_led * over
            chance *= max(0.0, 1.0 - beat)
        return chance


#: hard and expert: the heuristic's playouts (the tree search was measured no stronger than it);
#: the expert with twelve times hard's, near 2 s a move at most (its median 0.8 s, README)
#: expert: the whole card play solved on 200 deals weighed by inference (0.35 s at the first card)
BOT_LEVELS = Levels(TricksNTrumpsBot, Playouts(expert=4800), expert=Expert(infer=0.2))
