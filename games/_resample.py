"""Dealing the cards a seat cannot see again, for ``resample``.

Not a game module (it is not registered): a helper for games whose hidden places are hands
(with suits a player has shown to be void in) and face-down piles.  TrickGame subclasses
should prefer the generic ``TrickGame.resample`` hooks (games/core/resample.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from games.core import Card

Slot = tuple[int, Callable[[Card], bool]]  # (how many cards, may this card go there?)
TRIES = 40


def anywhere(_c: Card) -> bool:
    return True


def deal_unseen(pool: Sequence[Card], slots: Sequence[Slot], rng: random.Random) -> list[list[Card]]:
    """Deal ``pool`` into ``slots`` at random, each card only where its slot accepts it.

    The pool is put in canonical order (by card index) before shuffling, so the result depends
    only on which cards are unseen, never on where they really are.  Most constrained slots are
    filled first from the shuffled pool; when that dead-ends a few times, a matching finds a
    deal that fits (one always exists: the true deal)."""
    canonical = sorted(pool, key=lambda c: c.index)
    assert len(canonical) == sum(size for size, _ in slots), "the slots must hold exactly the unseen cards"
    order = sorted(range(len(slots)), key=lambda i: sum(1 for c in canonical if slots[i][1](c)))
    for _ in range(TRIES):
        cards = canonical[:]
        rng.shuffle(cards)
        dealt = _fill(cards, slots, order)
        if dealt is not None:
            return dealt
    return _match(canonical, slots)


def _fill(cards: list[Card], slots: Sequence[Slot], order: Sequence[int]) -> list[list[Card]] | None:
    out: list[list[Card]] = [[] for _ in slots]
    left = cards
    for i in order:
        size, ok = slots[i]
        fits = [c for c in left if ok(c)][:size]
        if len(fits) < size:
            return None
        taken = set(fits)
        out[i] = fits
        left = [c for c in left if c not in taken]
    return out


def _match(cards: Sequence[Card], slots: Sequence[Slot]) -> list[list[Card]]:
    """A deal that respects every slot (augmenting paths over single places)."""
    places = [i for i, (size, _) in enumerate(slots) for _ in range(size)]
    owner: dict[int, int] = {}  # place -> card position

    def seat(ci: int, seen: set[int]) -> bool:
        for p, i in enumerate(places):
            if p in seen or not slots[i][1](cards[ci]):
                continue
            seen.add(p)
            if p not in owner or seat(owner[p], seen):
                owner[p] = ci
                return True
        return False

    for ci in range(len(cards)):
        if not seat(ci, set()):
            raise ValueError("no deal fits what this seat knows")
    out: list[list[Card]] = [[] for _ in slots]
    for p, ci in sorted(owner.items()):
        out[places[p]].append(cards[ci])
    return out
