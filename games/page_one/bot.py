"""A sensible Page One player: shed cards without drawing, keep the lead, keep the joker for need,
and never forget the call.

It sees only its view: its hand, the trick, the finished tricks still in the discard pile, hand
sizes and the suits each player has shown they lack (``extra.lacking``).  Every other card is
"unknown" (in a hand or in the stock).

- The call: whenever a play is offered with the call, it takes that one.
- Leading: with two cards one of which is the joker, lead the joker (it wins, then the last card
  goes out), unless the next player holds one card (after a joker lead it may play any card, and
  goes out).  When a player is down to one card, lead a card of a suit it has shown it lacks (it
  must draw instead of going out) that at most one unseen card beats (it most likely keeps the
  lead too).  Otherwise lead from the suit that scores best:
  players known to lack it must draw, and a long suit of ours is one the others are short of and
  one we keep after leading.  Lead its top card: the trick's winner leads again, and a leader
  never has to draw.  With two cards, one of them a card no unseen card of its suit beats, lead
  that one: it keeps the lead and the other card goes out next (only the joker can stop it).
  With two cards and no such one, and nobody else down to one card, lead the card the others
  are least likely to beat: a player who lacks its suit draws until one of the suit or the
  joker comes, and a low card led into that void is beaten by most of what it draws.
- Following: last to play, win as cheaply as possible; earlier, play our highest card when it
  beats the cards so far (to take the lead), else our lowest.  The joker is kept rather than spent
  on a trick we can follow.
- After a joker lead (the trick is the joker's anyway): the lowest card of our longest suit, so the
  others must follow a suit we hold most of.
- Void: play the joker instead of drawing when the expected draw is long (few unknown cards of
  the led suit) or our hand is small; otherwise draw.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from games.bots import Bot, Levels, Playouts
from games.bots.partnership import is_boss
from games.core import SUITS, Action, Card, SeatView, Suit, deck_53, trick_winner

from .rules import RANKING
from .viewdata import PageOneView

PACK = deck_53()
JOKER_WHEN_DRAWS = 2.5  # play the joker instead of drawing when we expect this many draws or more
SMALL_HAND = 3  # with this many cards or fewer, the joker is always worth playing when void
CARD_WEIGHT, LEAD_WEIGHT = 0.45, 0.3  # a position's chances (PageOneBot.judge)


def led_of(view: SeatView) -> Suit | None:
    return next((c.suit for p in view.trick for c in p.cards if c.suit is not None), None)


def _next_leader(view: SeatView) -> int | None:
    """Who leads the next trick as things stand: the trick's winner so far (by the rules' own
    ranking), or the seat to lead."""
    if not view.trick:
        return view.to_act
    return view.trick[trick_winner([p.cards[0] for p in view.trick], RANKING)].seat


class PageOneBot(Bot):
    level = "heuristic"
    #: a look-ahead bot plays this many moves out (two or three tricks with their draws), then
    #: asks :meth:`judge`: a whole game played out is too long and too random to tell one card
    #: from another, and a shorter look (12 moves) overvalued keeping the lead
    horizon = 24

    def candidates(self, view: SeatView, choices: Sequence[Action], keep: Action) -> list[Action]:
        """For a look-ahead bot: never a silent play beside its call (the call costs nothing and
        the silence five cards), and one card of each run of ranks offered together (they win
        and lose the same tricks: a card between could only come back from the discard pile)."""
        called = {a.card for a in choices if a.kind == "call"}
        offered = {(a.kind, a.card.suit, a.card.rank) for a in choices if a.card is not None and a.card.suit}
        kept: list[Action] = []
        runs: set = set()
        for a in sorted(choices, key=lambda a: a != keep):
            c = a.card
            if c is None or c.suit is None:
                kept.append(a)
                continue
            if a.kind == "silent" and c in called and a != keep:
                continue
            top = c.rank
            while (a.kind, c.suit, top + 1) in offered:
                top += 1
            if (a.kind, c.suit, top) not in runs:
                runs.add((a.kind, c.suit, top))
                kept.append(a)
        return kept

    def judge(self, view: SeatView) -> float:
        """The chance to win from here: each seat's weight falls by ``CARD_WEIGHT`` (in log-odds)
        for each card it holds and rises by ``LEAD_WEIGHT`` for the seat that leads next (or
        wins the trick so far).  Both fitted on 10,663 positions of 2,500 games between normal
        bots (maximum likelihood; log-loss 0.958 against 1.386 for a blind guess)."""
        lead = _next_leader(view)
        weights = [
            math.exp(-CARD_WEIGHT * n + (LEAD_WEIGHT if s == lead else 0.0))
            for s, n in enumerate(view.hand_sizes)
        ]
        return weights[view.my_seat] / sum(weights)

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        ways: dict[Card, Action] = {}
        for a in legal:  # the calling way of a play wins over the silent one
            if a.card is not None and (a.card not in ways or a.kind == "call"):
                ways[a.card] = a
        draw = next((a for a in legal if a.kind == "draw"), None)
        knows = _Knowledge(view)
        if not view.trick:
            return ways[self._lead(view, list(ways), knows)]
        led = led_of(view)
        if led is None:
            return ways[self._after_joker(view, list(ways))]
        if draw is not None:
            jokers = [c for c in ways if c.suit is None]
            return ways[jokers[0]] if jokers and self._joker_now(view, led, knows) else draw
        return ways[self._follow(view, led, list(ways))]

    # -- leading ---------------------------------------------------------------
    def _lead(self, view: SeatView, cards: list[Card], knows: _Knowledge) -> Card:
        suited = [c for c in cards if c.suit is not None]
        nxt = (view.my_seat + 1) % view.num_seats
        # after a joker lead the next player may play any card: with one card left it goes out
        if not suited or (len(view.hand) <= 2 and len(suited) < len(cards) and view.hand_sizes[nxt] != 1):
            return next(c for c in cards if c.suit is None)
        lacking = view.data(PageOneView).lacking
        last_cards = [s for s in range(view.num_seats) if s != view.my_seat and view.hand_sizes[s] == 1]
        if last_cards:  # a player about to go out: a suit it has shown it lacks makes it draw, and a
            # card that at most one unseen card beats most likely keeps the lead too
            unseen = set(knows.unknown)
            forcing = [
                c
                for c in suited
                if all(s < len(lacking) and c.the_suit.value in lacking[s] for s in last_cards)
                and sum(1 for x in unseen if x.suit is c.suit and x.rank > c.rank) <= 1
            ]
            if forcing:
                return max(forcing, key=lambda c: (c.rank, -c.index))
        if len(view.hand) == 2:  # a card nothing unseen can follow higher keeps the lead: out next
            unseen = set(knows.unknown)
            boss = [c for c in suited if is_boss(c, RANKING, unseen)]
            if len(boss) == 1:
                return boss[0]
            if len(suited) == 2 and not last_cards:  # the card least likely beaten (page_one-n3)
                return min(suited, key=lambda c: (self._beaten(view, c, knows), -c.rank, c.index))
        best = max({c.the_suit for c in suited}, key=lambda s: (self._suit_score(view, s, knows), s.value))
        return max((c for c in suited if c.suit is best), key=lambda c: c.rank)

    def _beaten(self, view: SeatView, c: Card, knows: _Knowledge) -> float:
        """The chance that another player beats ``c`` led: one who has shown it lacks the suit
        draws until a card of the suit or the joker comes (or holds the joker), one who may hold
        the suit beats it with a higher card of it or the joker, each held as likely as any
        unseen card."""
        lacking = view.data(PageOneView).lacking
        unknown = knows.unknown
        higher = sum(1 for x in unknown if x.suit is c.suit and x.rank > c.rank)
        joker = sum(1 for x in unknown if x.suit is None)
        of_suit = knows.unknown_of(c.the_suit)
        keeps = 1.0
        for s in range(view.num_seats):
            if s == view.my_seat:
                continue
            if s < len(lacking) and c.the_suit.value in lacking[s]:
                beat = (higher + joker) / (of_suit + joker) if of_suit + joker else 0.0
            else:
                beat = 1.0 - (1.0 - view.hand_sizes[s] / max(1, len(unknown))) ** (higher + joker)
            keeps *= 1.0 - beat
        return 1.0 - keeps

    def _suit_score(self, view: SeatView, suit: Suit, knows: _Knowledge) -> float:
        lacking = view.data(PageOneView).lacking
        score = 0.0
        for s in range(view.num_seats):
            if s != view.my_seat and s < len(lacking) and suit.value in lacking[s]:
                score += 3.0 if view.hand_sizes[s] == 1 else 1.5
        length = sum(1 for c in view.hand if c.suit is suit)
        return score + length - 0.5 * knows.unknown_of(suit) / max(1, len(knows.unknown)) * 13

    def _after_joker(self, view: SeatView, cards: list[Card]) -> Card:
        length: dict[Suit | None, int] = {s: sum(1 for c in view.hand if c.suit is s) for s in SUITS}
        return min(cards, key=lambda c: (-length.get(c.suit, 0), c.rank, c.index))

    # -- following ---------------------------------------------------------------
    def _follow(self, view: SeatView, led: Suit, cards: list[Card]) -> Card:
        follow = sorted((c for c in cards if c.suit is led), key=lambda c: c.rank)
        if not follow:  # only the joker (joker_any with nothing else)
            return cards[0]
        played = [c for p in view.trick for c in p.cards]
        if any(c.suit is None for c in played):
            return follow[0]
        best = max(c.rank for c in played if c.suit is led)
        winners = [c for c in follow if c.rank > best]
        if not winners:
            return follow[0]
        return winners[0] if len(view.trick) == view.num_seats - 1 else winners[-1]

    def _joker_now(self, view: SeatView, led: Suit, knows: _Knowledge) -> bool:
        """Void in the led suit with the joker: play it rather than draw a long way."""
        if len(view.hand) <= SMALL_HAND:
            return True
        share = knows.unknown_of(led) / max(1, len(knows.unknown))
        return share <= 0 or 1 / share >= JOKER_WHEN_DRAWS


class _Knowledge:
    """Which cards are unknown to the bot: not in its hand, the trick or the discard pile."""

    def __init__(self, view: SeatView) -> None:
        seen = set(view.hand) | {c for p in view.trick for c in p.cards}
        seen.update(view.data(PageOneView).discard_cards)
        self.unknown = [c for c in PACK if c not in seen]

    def unknown_of(self, suit: Suit) -> int:
        return sum(1 for c in self.unknown if c.suit is suit)


#: hard and expert: the heuristic's playouts, a few tricks ahead (its horizon); the tree search was
#: measured no stronger than the heuristic
BOT_LEVELS = Levels(PageOneBot, Playouts())
