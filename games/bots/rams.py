"""A sensible Rams player (also the card-play core of the Bourré bot).

Judging a hand: :func:`hand_strength` estimates the tricks a hand should take, counting top
trumps almost as sure winners, short trumps as ruffs and side aces (kings less so).  The bot
declares Rams only with a near-certain hand, passes (when allowed) with less than about one
expected trick, throws a hopeless hand in for the widow when it cannot pass, and as dealer
always swaps its weakest card for the turned-up trump.

Playing under the must-head rule (the legal list already obeys it): lead a card that cannot be
beaten (the top trump left, or the top card left of a side suit), otherwise a low side card;
when following, win as cheaply as possible when last to play or when the winning card is the
top card left, otherwise drop the lowest legal card.  The Rams declarer leads trumps from the
top; opponents of a Rams bid grab any trick they can.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.bots import Bot
from games.core import Action, Card, Ranking, SeatView, Suit, card

TRUMP_VALUE = {14: 0.95, 13: 0.75, 12: 0.5, 11: 0.35}
SIDE_VALUE = {14: 0.7, 13: 0.3}


def ranking_of(view: SeatView) -> Ranking:
    return Ranking(trumps=(Suit(view.extra["trump_suit"]),))


def hand_strength(hand: Iterable[Card], r: Ranking, players: int = 4) -> float:
    """Expected tricks (rough): a run of trumps from the ace counts in full, other high trumps
    partly, extra trumps as ruffs, side aces and (guarded) kings less with more players."""
    hand = list(hand)
    trumps = sorted((c for c in hand if r.is_trump(c)), key=lambda c: -c.rank)
    top = 0  # trumps in an unbroken run from the ace win whenever led from the top
    while top < len(trumps) and trumps[top].rank == 14 - top:
        top += 1
    value = top + sum(TRUMP_VALUE.get(c.rank, 0.2) for c in trumps[top:])
    value += 0.15 * max(0, len(trumps) - 2)
    crowd = 1.0 if players <= 3 else 0.85 if players <= 5 else 0.7  # more players, more ruffs
    for c in hand:
        if not r.is_trump(c):
            v = SIDE_VALUE.get(c.rank, 0.0)
            if c.rank == 13 and not any(x.suit == c.suit and x.rank == 14 for x in hand):
                v *= 0.6
            value += v * crowd
    return value


def seen_cards(view: SeatView) -> set[Card]:
    """Cards played to finished tricks of this hand plus the current trick."""
    seen = {c for e in view.events if e.kind == "trick" and e.hand == view.hand_number for c in e.cards}
    return seen | {c for p in view.trick for c in p.cards}


def is_boss(c: Card, known: set[Card], low_rank: int) -> bool:
    """True when no higher card of its suit is still out (every higher one played or ours)."""
    return all(card(rank, c.suit) in known for rank in range(max(c.rank + 1, low_rank), 15))


def choose_card(view: SeatView, legal: Sequence[Action], r: Ranking, low_rank: int, grab: bool = False) -> Action:
    """Pick a card to play: see the module docstring.  ``grab``: win any trick possible."""
    by_card = {a.card: a for a in legal}
    cards = sorted(by_card, key=lambda c: c.index)
    known = seen_cards(view) | set(view.hand)
    if not view.trick:
        return by_card[_lead(cards, r, known, low_rank)]
    played = [c for p in view.trick for c in p.cards]
    led = r.suit_of(played[0])
    best = max(r.power(c, led) for c in played)
    winning = sorted((c for c in cards if r.power(c, led) > best), key=lambda c: r.power(c, led))
    active = len(view.extra.get("active") or ()) or view.num_seats
    last = len(view.trick) == active - 1
    if winning:
        if last or grab:
            return by_card[winning[0]]
        for c in winning:
            if is_boss(c, known, low_rank) or (r.is_trump(c) and not r.is_trump(played[0]) and c.rank >= 11):
                return by_card[c]
    return by_card[min(cards, key=lambda c: (r.is_trump(c), r.power(c, led), c.rank))]


def _lead(cards: list[Card], r: Ranking, known: set[Card], low_rank: int) -> Card:
    trumps = sorted((c for c in cards if r.is_trump(c)), key=lambda c: -c.rank)
    side = [c for c in cards if not r.is_trump(c)]
    if trumps and is_boss(trumps[0], known, low_rank):
        return trumps[0]
    bosses = [c for c in side if is_boss(c, known, low_rank)]
    if bosses:
        return max(bosses, key=lambda c: c.rank)
    if side:
        return min(side, key=lambda c: c.rank)
    return trumps[-1]


class RamsBot(Bot):
    level = "heuristic"

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        r = ranking_of(view)
        by_text = {a.text: a for a in legal}
        if view.phase == "decide":
            return by_text[self._decide(view, set(by_text), r)]
        if view.phase == "swap":
            worst = min(view.hand, key=lambda c: (r.is_trump(c), SIDE_VALUE.get(c.rank, 0), c.rank))
            return by_text[f"discard {worst.text}"]
        rams_by = view.extra.get("rams_by")
        if rams_by is not None and rams_by == view.seat and not view.trick:
            trumps = [a for a in legal if r.is_trump(a.card)]
            if trumps:
                return max(trumps, key=lambda a: a.card.rank)
        grab = rams_by is not None and rams_by != view.seat
        return choose_card(view, legal, r, low_rank=7, grab=grab)

    def _decide(self, view: SeatView, options: set[str], r: Ranking) -> str:
        strength = hand_strength(view.hand, r, view.num_seats)
        trumps = [c for c in view.hand if r.is_trump(c)]
        if "rams" in options and strength >= 4.2 and len(trumps) >= 4:
            return "rams"
        if "swap" in options:
            return "swap"
        if "pass" in options and strength < 0.9:
            return "pass"
        if "widow" in options and strength < 0.5:
            return "widow"
        return "play"
