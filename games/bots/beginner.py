"""The slips a beginner makes at a card table: what the ``easy`` level plays instead of its game's
heuristic now and then (issue 34).

A beginner is not a random player: it knows the rules and plays a sensible card most of the
time, but it

- follows with its highest card (it tries to win every trick, over its partner's winner too, and
  throws its honours onto tricks it cannot win);
- leads away from its honours (a low card from a king or queen without the ace, so that the ace
  behind takes the trick cheaply and the honour is caught later), and otherwise leads its highest
  side card whatever the trumps still out (it does not count them);
- overbids (one more than its hand is worth, or a bid where passing was right).

:func:`slip` is the generic beginner's move over any card game's actions; a game's heuristic can
name slips of its own (:meth:`games.bots.Bot.beginner`), where the generic ones mean nothing (a
game whose cards do not rank by face) or miss its beginners' worst habit.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from games.core import Action, SeatView

HONOURS = (13, 12)  # a king or queen: led away from when the ace is not held with it
_NUMBER = re.compile(r"(\d+)$")


def slip(view: SeatView, legal: Sequence[Action], mine: Action) -> Action | None:
    """A beginner's move where the heuristic chose ``mine``, or None when no slip fits."""
    if mine.kind in ("bid", "pass"):
        return overbid(legal, mine)
    cards = [a for a in legal if a.kind == "play" and a.card is not None]
    if mine not in cards or len(cards) < 2:
        return None
    return follow_high(view, cards) if view.trick else lead_badly(view, cards)


def follow_high(view: SeatView, cards: Sequence[Action]) -> Action:
    """The highest card that follows the led suit (any card when void)."""
    led = view.trick[0].cards[0].suit if view.trick[0].cards else None
    same = [a for a in cards if a.the_card.suit == led] or list(cards)
    return max(same, key=lambda a: a.the_card.rank)


def lead_badly(view: SeatView, cards: Sequence[Action]) -> Action:
    """Away from an honour without the ace (its lowest card of that suit), else the highest card."""
    held = {(a.the_card.suit, a.the_card.rank) for a in cards}
    for a in sorted(cards, key=lambda a: a.the_card.rank):
        suit = a.the_card.suit
        lower = a.the_card.rank < max(HONOURS)
        if suit is not None and lower and (suit, 14) not in held and any((suit, r) in held for r in HONOURS):
            return a
    return max(cards, key=lambda a: a.the_card.rank)


def number(action: Action) -> int | None:
    """The number a bid names (``bid 3``: 3), or None."""
    found = _NUMBER.search(action.text) if action.kind == "bid" else None
    return int(found.group(1)) if found else None


def overbid(legal: Sequence[Action], mine: Action) -> Action | None:
    """One bid above the heuristic's (the lowest bid where it passed); None where bids name no
    numbers."""
    bids = sorted((a for a in legal if number(a) is not None), key=lambda a: number(a) or 0)
    if not bids:
        return None
    if mine.kind == "pass":
        return bids[0]
    above = [a for a in bids if (number(a) or 0) > (number(mine) or 0)]
    return above[0] if above else None
