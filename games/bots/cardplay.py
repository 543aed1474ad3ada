"""Card play under the must-head rule, shared by the heuristic bots of Rams, Bourré and Preference.

Judging a hand: :func:`hand_strength` estimates the tricks a hand should take, counting top
trumps almost as sure winners, short trumps as ruffs and side aces (kings less so).

Playing (the legal list already obeys must-head): :func:`choose_card` leads a card that cannot
be beaten (the top trump left, or the top card left of a side suit), otherwise a low side card;
when following, it wins as cheaply as possible when last to play, when no seat still to play can
beat the card (each has shown it holds no trump and, against a card of the suit led, none of that
suit either: :func:`showed_out`) or when the winning card is the top card left; ruffing a side
suit with others still to play, it ruffs with a jack or better unless none of them can hold a
trump (under must-head, a seat that showed out of a suit led without trumping holds none:
:func:`trumpless`); otherwise it drops the lowest legal card, a top card left last (it may still
take a trick), and with two cards left a card that cannot take the last trick first (a side card
of a suit that the sure winner of this trick, who leads the last, has shown out of).  :func:`seen_cards` and
:func:`is_boss` tell what is still out.

The game's view data (read by the caller with ``view.data(...)``) must have the attributes of
:class:`MustHeadData`, as Rams's and Bourré's do.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from games.core import Action, Card, Ranking, SeatView, Suit, card, shared_ranking

from .partnership import refusals

TRUMP_VALUE = {14: 0.95, 13: 0.75, 12: 0.5, 11: 0.35}
SIDE_VALUE = {14: 0.7, 13: 0.3}


class MustHeadData(Protocol):
    """What the shared card play reads of a game's view data."""

    @property
    def trump_suit(self) -> str:
        """The trump's letter."""
        ...

    @property
    def active(self) -> tuple[int, ...]:
        """The seats playing the hand (empty: every seat)."""
        ...


def ranking_of(data: MustHeadData) -> Ranking:
    """The hand's ranking (shared: a ranking keeps only tables, which stay filled from move to move)."""
    return shared_ranking((Suit(data.trump_suit),))


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
    suit = c.suit
    if suit is None:  # a joker: no card of its suit ranks above it
        return True
    return all(card(rank, suit) in known for rank in range(max(c.rank + 1, low_rank), 15))


def choose_card(
    view: SeatView,
    data: MustHeadData,
    legal: Sequence[Action],
    r: Ranking,
    low_rank: int,
    grab: bool = False,
) -> Action:
    """Pick a card to play: see the module docstring.  ``grab``: win any trick possible."""
    by_card = {a.the_card: a for a in legal}
    cards = sorted(by_card, key=lambda c: c.index)
    known = seen_cards(view) | set(view.hand)
    if not view.trick:
        return by_card[_lead(cards, r, known, low_rank)]
    played = [c for p in view.trick for c in p.cards]
    led = r.suit_of(played[0])
    best = max(r.power(c, led) for c in played)
    winning = sorted((c for c in cards if r.power(c, led) > best), key=lambda c: r.power(c, led))
    active = len(data.active) or view.num_seats
    last = len(view.trick) == active - 1
    if winning:
        if last or grab:
            return by_card[winning[0]]
        shown = [showed_out(view, r, active).get(s, set()) for s in _still_to_play(view, data)]
        for c in winning:  # the cheapest winner nobody after can beat: without trumps, they beat
            # a trump never, and a card of the suit led only while they can follow it
            if all(NO_TRUMP in out and (r.is_trump(c) or led in out) for out in shown):
                return by_card[c]
        overruff: bool | None = None  # asked only for a high ruff (it reads the hand's plays)
        for c in winning:
            if is_boss(c, known, low_rank):
                return by_card[c]
            if r.is_trump(c) and not r.is_trump(played[0]) and c.rank >= 11:
                if overruff is None:
                    overruff = _may_overruff(view, data, r)
                if overruff:
                    return by_card[c]
    dead = _dead_for_last_trick(view, data, r, cards, led, best, last)
    return by_card[
        min(
            cards,
            key=lambda c: (
                c not in dead,
                r.is_trump(c),
                r.power(c, led),
                is_boss(c, known, low_rank),
                c.rank,
            ),
        )
    ]


def _still_to_play(view: SeatView, data: MustHeadData) -> set[int]:
    """The seats that play to this trick after us."""
    seats = data.active or tuple(range(view.num_seats))
    played = {p.seat for p in view.trick}
    return {s for s in seats if s != view.my_seat and s not in played}


def _dead_for_last_trick(
    view: SeatView, data: MustHeadData, r: Ranking, cards: list[Card], led: Suit | None, best: int, last: bool
) -> set[Card]:
    """With two cards left and this trick surely the current winner's (we play last, or nobody
    after can beat it), the side cards of a suit that winner has shown out of: it leads the last
    trick, so such a card can never take it.  Empty elsewhere."""
    if len(view.hand) != 2:
        return set()
    winner, top = next((p.seat, c) for p in view.trick for c in p.cards if r.power(c, led) == best)
    active = len(data.active) or view.num_seats
    shown = showed_out(view, r, active)
    after = [shown.get(s, set()) for s in _still_to_play(view, data)]
    if not last and not all(NO_TRUMP in out and (r.is_trump(top) or led in out) for out in after):
        return set()
    return {c for c in cards if not r.is_trump(c) and r.suit_of(c) in shown.get(winner, ())}


def _lead(cards: list[Card], r: Ranking, known: set[Card], low_rank: int) -> Card:
    top_trump = max((c for c in cards if r.is_trump(c)), key=lambda c: c.rank, default=None)
    if top_trump is not None and is_boss(top_trump, known, low_rank):
        return top_trump
    return side_lead(cards, r, known, low_rank)


def side_lead(cards: Sequence[Card], r: Ranking, known: set[Card], low_rank: int) -> Card:
    """A lead when no trump is worth leading: the highest side card no unseen card beats, else
    the lowest side card, else the lowest trump (``known``: the cards seen or held)."""
    trumps = sorted((c for c in cards if r.is_trump(c)), key=lambda c: -c.rank)
    side = [c for c in cards if not r.is_trump(c)]
    bosses = [c for c in side if is_boss(c, known, low_rank)]
    if bosses:
        return max(bosses, key=lambda c: c.rank)
    if side:
        return min(side, key=lambda c: c.rank)
    return trumps[-1]


def _may_overruff(view: SeatView, data: MustHeadData, r: Ranking) -> bool:
    """Could a seat still to play this trick hold a trump (one not shown :func:`trumpless`)?"""
    seats = data.active or tuple(range(view.num_seats))
    return not _still_to_play(view, data) <= trumpless(view, r, len(seats))


def trumpless(view: SeatView, r: Ranking, active: int) -> set[int]:
    """Seats that have shown they hold no trump this hand (the view's play events, the trick in
    progress among them): under must-head a seat that neither followed the suit led nor trumped
    has none."""
    return {s for s, out in showed_out(view, r, active).items() if NO_TRUMP in out}


NO_TRUMP = "no trump"  # in showed_out: the seat has none of the trumps either


def showed_out(view: SeatView, r: Ranking, active: int) -> dict[int, set[Suit | str | None]]:
    """Per seat, the suits it has shown it lacks this hand (it did not follow them), and
    ``NO_TRUMP`` once it neither followed nor trumped (under must-head it then has no trump)."""
    out: dict[int, set[Suit | str | None]] = {}
    for seat, led, c in refusals(view, r.suit_of, active):
        out.setdefault(seat, set()).add(led)
        if not r.is_trump(c):
            out[seat].add(NO_TRUMP)
    return out
