"""Shared reckoning for :meth:`games.core.state.Rules.max_game_length` (issue 29).

Every game bounds a match as (the most deals it can take) x (the most actions a deal can take),
both worked out from its rules.  Three things the rules do not bound are reckoned here once:

- deals thrown in because everybody passed (Pepper, Bacon, Rams) are not hands of the match;
  :func:`with_redeals` allows three of them for every hand played, plus ten;
- picks that may be taken back before a choice is confirmed (a discard, a staged card):
  :data:`TAKE_BACKS` actions per card that can be picked;
- an end that comes when a lead or a stack, moved at random by about ``step`` a hand, has
  travelled ``distance`` (Tricks'N'Trumps ``ending=ahead``, Rams and Bourré ``ending=broke``):
  about (distance / step)^2 hands per player; :func:`random_walk_hands` allows
  :data:`WALK_MARGIN` times that.

A bound is generous on purpose: a match past it has gone wrong (a loop, an end that never
comes), never merely a long match.
"""

from __future__ import annotations

import math

TAKE_BACKS = 3  # actions per pickable card where a pick may be taken back (pick, put back, pick)
WALK_MARGIN = 50  # times the expected length of a random walk's end


def with_redeals(hands: int) -> int:
    """Deals for ``hands`` hands of a match, counting the deals thrown in because everybody
    passed (they are not hands of the match): at most three for every hand played, plus ten."""
    return 4 * hands + 10


def random_walk_hands(distance: float, step: float, players: int) -> int:
    """Hands until a lead or a stack moved at random by about ``step`` a hand has travelled
    ``distance``: about (distance / step)^2 per player, :data:`WALK_MARGIN` times, plus 100."""
    return math.ceil(WALK_MARGIN * players * (distance / max(step, 1)) ** 2) + 100
