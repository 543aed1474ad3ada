"""Determinisation: the cards one seat cannot see, dealt again at random (issue 13).

A search bot plays out many *possible worlds*: full states that agree with everything its seat
knows.  A :class:`DealPlan` is built once per decision from a true state and a seat: it holds a
copy of the state with every hidden place emptied (so it carries nothing the seat may not know),
the *pool* of unseen cards in canonical sorted order, and the hidden places (:class:`Place`)
with their sizes, the cards the seat knows are there, and the cards that cannot be there (voids
and other refusals revealed by play).  Each call ``plan.sample(rng)`` shuffles the pool with
``rng`` and deals it into the places, so two true states that differ only in hidden cards give
identical worlds for the same ``rng``.

Dealing respects the forbidden cards: plain rejection first (exactly uniform among the deals
that fit), then, when the constraints are tight, a constrained deal that always finds a fitting
assignment when one exists (the true state is one, so one always exists).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import Card
from .clone import MatchRandom, _FrozenRng

if TYPE_CHECKING:
    from .state import GameState

REJECTION_TRIES = 12  # plain deals tried before the constrained deal
CHECK_TRIES = 200  # deals tried against a plan's extra check before taking the last one


@dataclass(frozen=True)
class Place:
    """A place whose cards the seat cannot (all) see.

    ``attr`` names the state attribute holding the cards and ``index`` the entry of a list of
    lists (a seat's hand), or None for a flat pile.  ``known`` cards are kept there (first, in
    this order); ``size - len(known)`` cards are dealt from the pool, none of ``forbidden``."""

    attr: str
    index: int | None
    size: int
    known: tuple[Card, ...] = ()
    forbidden: frozenset[Card] = frozenset()

    @property
    def free(self) -> int:
        return self.size - len(self.known)

    def read(self, state: Any) -> list[Card]:
        cards = getattr(state, self.attr)  # a list of cards, or of lists of cards
        found: list[Card] = cards if self.index is None else cards[self.index]
        return found

    def write(self, state: Any, cards: list[Card]) -> None:
        if self.index is None:
            setattr(state, self.attr, cards)
        else:
            getattr(state, self.attr)[self.index] = cards


def minus(cards: Iterable[Card], known: Sequence[Card]) -> list[Card]:
    """``cards`` without one copy of each of ``known`` (two packs may hold equal cards)."""
    rest = list(cards)
    for c in known:
        rest.remove(c)
    return rest


class _Seed:
    """Stands in for a Random inside the protocol's frozen-RNG token: a world's random numbers
    are made only if a playout reaches the next deal, from this seed (``fresh``)."""

    __slots__ = ("seed",)

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def fresh(self) -> random.Random:
        return MatchRandom(self.seed)


class DealPlan:
    """Everything needed to deal worlds for one seat; see the module docstring.

    Build it with :meth:`GameState.sampler` (``games.core.trickgame.TrickGame`` makes one); it
    never holds the true state: ``base`` is a copy with the hidden places emptied."""

    def __init__(
        self,
        base: GameState,
        seat: int,
        places: Sequence[Place],
        pool: list[Card],
        check: Callable[[list[list[Card]]], bool] | None = None,
    ) -> None:
        self.seat = seat
        self.check = check  # an extra test of a deal (constraints that span several cards)
        self.places = tuple(places)
        self.pool = sorted(pool, key=_index)  # canonical order: never the true hidden order
        assert len(self.pool) == sum(p.free for p in self.places), "the pool must fill the hidden places"
        for p in self.places:
            p.write(base, list(p.known))  # the copy keeps nothing hidden
        self.base = base
        self.constrained = any(p.forbidden for p in self.places)

    def __call__(self, rng: random.Random) -> GameState:
        return self.sample(rng)

    def sample(self, rng: random.Random) -> GameState:
        """A world: the base with the pool shuffled by ``rng`` and dealt into the places."""
        dealt = self.deal(rng)
        world = self.base.clone()
        for p, cards in zip(self.places, dealt):
            p.write(world, list(p.known) + cards if p.known else cards)
        world._rng = frozen_seed(rng.getrandbits(64))
        return world

    def deal(self, rng: random.Random) -> list[list[Card]]:
        """The pool's cards for each place, in place order (passing ``check``, if any)."""
        dealt = self._deal(rng)
        if self.check is not None:
            for _ in range(CHECK_TRIES):
                if self.check(dealt):
                    break
                dealt = self._deal(rng)
        return dealt

    def _deal(self, rng: random.Random) -> list[list[Card]]:
        pool = self.pool[:]
        shuffle(pool, rng.random)
        if not self.constrained:
            return self._slices(pool)
        for _ in range(REJECTION_TRIES):
            dealt = self._slices(pool)
            if all(not (p.forbidden and p.forbidden.intersection(d)) for p, d in zip(self.places, dealt)):
                return dealt
            shuffle(pool, rng.random)
        return self._constrained(pool, rng)

    def _slices(self, pool: list[Card]) -> list[list[Card]]:
        out, i = [], 0
        for p in self.places:
            out.append(pool[i : i + p.free])
            i += p.free
        return out

    # -- the constrained deal ------------------------------------------------
    def _constrained(self, pool: list[Card], rng: random.Random) -> list[list[Card]]:
        """Cards with the fewest possible places first, each to a random place with room (by
        room left); a card with nowhere to go moves others along an augmenting path."""
        places = self.places
        allowed = {
            id_: [k for k, p in enumerate(places) if p.free and c not in p.forbidden]
            for id_, c in enumerate(pool)
        }
        order = sorted(range(len(pool)), key=lambda i: len(allowed[i]))  # stable: shuffled order breaks ties
        held: list[list[int]] = [[] for _ in places]
        for i in order:
            room = [k for k in allowed[i] if len(held[k]) < places[k].free]
            if room:
                k = rng.choices(room, weights=[places[k].free - len(held[k]) for k in room])[0]
                held[k].append(i)
            elif not self._augment(i, allowed, held):
                raise AssertionError("no deal fits what the seat knows: the recorded constraints are wrong")
        return [[pool[i] for i in h] for h in held]

    def _augment(self, card: int, allowed: dict[int, list[int]], held: list[list[int]]) -> bool:
        """Breadth-first search for places A1 -> A2 -> ... -> Ak with room in Ak, moving one
        card along each step, so that ``card`` fits in A1."""
        places = self.places
        prev: dict[int, tuple[int, int] | None] = {k: None for k in allowed[card]}
        queue = list(allowed[card])
        while queue:
            k = queue.pop(0)
            if len(held[k]) < places[k].free:
                step = prev[k]
                while step is not None:  # walk back: move each card one place along the path
                    j, moved = step
                    held[j].remove(moved)
                    held[k].append(moved)
                    k = j
                    step = prev[k]
                held[k].append(card)
                return True
            for moved in held[k]:
                for nxt in allowed[moved]:
                    if nxt not in prev:
                        prev[nxt] = (k, moved)
                        queue.append(nxt)
        return False


def shuffle(cards: list[Any], random: Callable[[], float]) -> None:
    """Fisher-Yates with one ``random()`` a card: about twice as fast as ``Random.shuffle``
    (whose exact integers are not needed here; the bias of ``int(random() * k)`` is below 2**-45)."""
    for i in range(len(cards) - 1, 0, -1):
        j = int(random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def _index(c: Card) -> int:
    return c.index


def frozen_seed(seed: int) -> Any:
    """A frozen-RNG token (see ``clone._FrozenRng``) that thaws into ``Random(seed)``."""
    return _FrozenRng(_Seed(seed))  # type: ignore[arg-type]


# ---------------------------------------------------------------- dealing into slots
# For games whose hidden places are hands (with suits a player has shown to be void in) and
# face-down piles, and that build their worlds themselves (Page One, Cucumber) rather than
# through TrickGame's DealPlan.

Slot = tuple[int, Callable[[Card], bool]]  # (how many cards, may this card go there?)
SLOT_TRIES = 40  # shuffled deals into slots tried before the matching


def anywhere(_c: Card) -> bool:
    """A slot that takes any card."""
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
    for _ in range(SLOT_TRIES):
        cards = canonical[:]
        rng.shuffle(cards)
        dealt = _fill_slots(cards, slots, order)
        if dealt is not None:
            return dealt
    return _match_slots(canonical, slots)


def _fill_slots(cards: list[Card], slots: Sequence[Slot], order: Sequence[int]) -> list[list[Card]] | None:
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


def _match_slots(cards: Sequence[Card], slots: Sequence[Slot]) -> list[list[Card]]:
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
