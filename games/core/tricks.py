"""N-seat trick helpers: seat order, following, the must-head rule and the trick winner.

A :class:`Ranking` captures how cards rank in one hand: which suits are trump (none, one or
two), which suit the jokers belong to, whether the jacks of the trump colour are bowers, and
the order of plain cards.  The helpers take a ranking instead of assuming a game, so every game
shares one follow-suit, must-head and winner implementation.

Legality helpers return the playable cards *and* a sentence saying why the others are not
playable, so a game can raise ``IllegalActionError`` with the rule in plain words.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from .cards import ALL_CARDS, JACK, SUIT_CARDS, Card, Suit, cards_text
from .views import Play

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")

_SAME_COLOUR = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}


#: the order of the plain suits in a hand on screen (alternating colours)
_DISPLAY_SUITS = ("S", "H", "C", "D")


def same_colour(suit: Suit) -> Suit:
    """The other suit of the same colour (spades/clubs, hearts/diamonds): the left bower's suit."""
    return _SAME_COLOUR[suit]


def seat_order(start: int, num_seats: int, clockwise: bool = True, skip: Iterable[int] = ()) -> list[int]:
    """Every seat once, starting at ``start``, clockwise (+1) or counter-clockwise (-1), minus ``skip``."""
    order = _seat_order(start, num_seats, clockwise)
    if skip == ():
        return list(order)
    skipped = set(skip)
    return [s for s in order if s not in skipped]


@functools.cache
def _seat_order(start: int, num_seats: int, clockwise: bool) -> tuple[int, ...]:
    step = 1 if clockwise else -1
    return tuple((start + step * i) % num_seats for i in range(num_seats))


def with_seat(values: tuple[T, ...], seat: int, value: T) -> tuple[T, ...]:
    """``values`` (one a seat, or one a side) with the value at ``seat`` replaced: tuples of
    per-seat values that change rarely are replaced, never changed in place, so that clones
    share them."""
    return (*values[:seat], value, *values[seat + 1 :])


def next_seat(seat: int, num_seats: int, clockwise: bool = True) -> int:
    return (seat + (1 if clockwise else -1)) % num_seats


class Ranking:
    """How cards compare within a trick.

    - ``trumps``: zero, one or two trump suits (two trump suits rank equally with each other).
    - ``joker_suit``: the suit jokers belong to for following (None: jokers follow nothing and
      win by ``joker_wins``); jokers rank above the ace of that suit, BJ above LJ.
    - ``bowers``: the jack of trumps (right bower) and the other jack of its colour (left
      bower) rank above the ace of trumps, and the left bower belongs to the trump suit.
    - ``low_ace``: ace ranks below the 2 (not used by our seeds yet, kept for completeness).
    """

    __slots__ = (
        "_description",
        "_powers",
        "_trump_cards",
        "bowers",
        "display_place",
        "higher_than",
        "is_trump",
        "joker_suit",
        "of_suit",
        "rank_in_suit",
        "suit_of",
        "trumps",
    )

    #: The suit a card counts as for following (jokers and the left bower may move).
    suit_of: Callable[[Card], Suit | None]
    #: True for a trump.
    is_trump: Callable[[Card], bool]
    #: Rank within its (effective) suit: 2..14, bowers 16/17, jokers 18+.
    rank_in_suit: Callable[[Card], int]
    #: Every card that counts as this suit (None: the jokers that follow nothing), as a set:
    #: ``filter(of_suit(led).__contains__, hand)`` picks a hand's cards of the led suit in C.
    of_suit: Callable[[Suit | None], frozenset[Card]]
    #: Every card whose rank_in_suit is above this number, as a set.
    higher_than: Callable[[int], frozenset[Card]]
    #: A card's place in a hand as the table shows it: by suit (trumps first, then spades, hearts,
    #: clubs, diamonds; jokers that follow nothing before them), then rank high to low.
    display_place: Callable[[Card], tuple[int, int]]

    def __init__(
        self, trumps: Sequence[Suit] = (), joker_suit: Suit | None = None, bowers: bool = False
    ) -> None:
        self.trumps = tuple(trumps)
        self.joker_suit = joker_suit
        self.bowers = bowers and len(self.trumps) == 1
        # Each question is a table, filled the first time a card is asked about, so that the
        # answer after that is a lookup (these are asked for every card of every trick).
        self.suit_of = _Table(self._classify).__getitem__
        self.is_trump = _Table(self._is_trump).__getitem__
        self.rank_in_suit = _Table(self._rank_in_suit).__getitem__
        self.of_suit = _Table(self._of_suit).__getitem__
        self.higher_than = _Table(self._higher_than).__getitem__
        self.display_place = _Table(self._display_place).__getitem__
        self._trump_cards: frozenset[Card] | None = None
        self._description: str | None = None
        self._powers: dict[Suit | None, _Powers] = {}

    def __reduce__(self) -> tuple[type[Ranking], tuple[tuple[Suit, ...], Suit | None, bool]]:
        return (Ranking, (self.trumps, self.joker_suit, self.bowers))

    # -- classification -------------------------------------------------
    def _classify(self, c: Card) -> Suit | None:
        if c.suit is None:
            return self.joker_suit
        if self.bowers and c.rank == JACK and c.suit == _SAME_COLOUR[self.trumps[0]]:
            return self.trumps[0]
        return c.suit

    def _is_trump(self, c: Card) -> bool:
        return self.suit_of(c) in self.trumps if self.trumps else False

    def _of_suit(self, suit: Suit | None) -> frozenset[Card]:
        return frozenset(c for c in ALL_CARDS if self.suit_of(c) == suit)

    def _higher_than(self, rank: int) -> frozenset[Card]:
        return frozenset(c for c in ALL_CARDS if self.rank_in_suit(c) > rank)

    def _display_place(self, c: Card) -> tuple[int, int]:
        suit = self.suit_of(c)
        if suit in self.trumps:
            at = self.trumps.index(suit)
        else:
            at = len(self.trumps) + (_DISPLAY_SUITS.index(suit.value) if suit else -1)
        return at, -self.rank_in_suit(c)

    def trump_cards(self) -> frozenset[Card]:
        """Every trump, as a set (see :attr:`of_suit`)."""
        found = self._trump_cards
        if found is None:
            found = self._trump_cards = frozenset(c for c in ALL_CARDS if self.is_trump(c))
        return found

    def _rank_in_suit(self, c: Card) -> int:
        if c.suit is None:
            return 3 + c.rank + (1 if c.text == "BJ" else 0)  # LJ 18, JK 19, BJ 20
        if self.bowers and c.rank == JACK and self.suit_of(c) == self.trumps[0]:
            return 17 if c.suit == self.trumps[0] else 16
        return c.rank

    def power(self, c: Card, led: Suit | None) -> int:
        """A number for comparing cards in a trick led with suit ``led``: 0 cannot win.  (A
        lookup in :meth:`powers`' table: bots ask it for every card of every decision.)"""
        return self.powers(led)[c]

    def _power(self, c: Card, led: Suit | None) -> int:
        """:meth:`power`, worked out."""
        s = self.suit_of(c)
        if s is not None and s in self.trumps:
            return 100 + self.rank_in_suit(c)
        if s is not None and s == led:
            return self.rank_in_suit(c)
        if c.suit is None and self.joker_suit is None:
            return 200 + c.rank  # a joker outside every suit beats everything (Page One)
        return 0

    def powers(self, led: Suit | None) -> dict[Card, int]:
        """:meth:`power` of every card in a trick led with ``led``, as a table filled as cards
        are looked up and kept with the ranking (a trick's winner is then a few lookups)."""
        table = self._powers.get(led)
        if table is None:
            table = self._powers[led] = _Powers(self, led)
        return table

    def describe(self) -> str:
        """The trumps in words, as a view shows them ("hearts trump", "no trumps")."""
        said = self._description
        if said is None:
            trumps = " and ".join(s.noun for s in self.trumps)
            said = self._description = f"{trumps} trump" if trumps else "no trumps"
        return said


class _Table(dict[K, V]):
    """One answer per key (a card, a suit...), worked out by ``work`` the first time it is looked up."""

    __slots__ = ("work",)

    def __init__(self, work: Callable[[K], V]) -> None:
        super().__init__()
        self.work = work

    def __missing__(self, key: K) -> V:
        answer = self[key] = self.work(key)
        return answer


class _Powers(dict[Card, int]):
    """:meth:`Ranking.power` for one led suit, worked out once a card (see :meth:`Ranking.powers`)."""

    __slots__ = ("led", "ranking")

    def __init__(self, ranking: Ranking, led: Suit | None) -> None:
        super().__init__()
        self.ranking = ranking
        self.led = led

    def __missing__(self, c: Card) -> int:
        p = self[c] = self.ranking._power(c, self.led)
        return p


@functools.cache
def shared_ranking(
    trumps: tuple[Suit, ...] = (), joker_suit: Suit | None = None, bowers: bool = False
) -> Ranking:
    """One :class:`Ranking` per distinct set of rules.  A ranking holds nothing but caches, so games
    share them: the caches stay warm across deals and clones (speed)."""
    return Ranking(trumps, joker_suit, bowers)


def cards_of_suit(hand: Iterable[Card], suit: Suit | None, ranking: Ranking) -> list[Card]:
    return [c for c in hand if ranking.suit_of(c) == suit]


def follow_suit(
    hand: Sequence[Card], led: Suit | None, ranking: Ranking, explain: bool = True
) -> tuple[list[Card], str]:
    """Follow the led suit if able, otherwise anything.  Returns (playable cards, rule);
    ``explain=False`` skips building the sentence (it returns ""): legal lists need no text."""
    if led is None:
        return list(hand), ""
    same = cards_of_suit(hand, led, ranking)
    if same:
        return same, f"you must follow {led.noun} (you hold {cards_text(same)})" if explain else ""
    return list(hand), ""


def must_head(
    hand: Sequence[Card], trick: Sequence[Card], ranking: Ranking, explain: bool = True
) -> tuple[list[Card], str]:
    """The must-head rule shared by Rams, Preference and Bourré (rules-notes, "must-head rule").

    1. Follow suit if able; when following, beat the highest card of the led suit if able,
       unless a trump is already in a trick whose led suit is not trump.
    2. Void in the led suit: trump if able, and beat the highest trump so far if able; a player
       who cannot over-trump must still under-trump (RA-5).
    3. Otherwise any card.

    ``explain=False`` skips building the sentence (it returns ""): legal lists need no text.
    """
    cards, why, top = _must_head(hand, trick, ranking)
    if not explain or why is None:
        return cards, ""
    led = _noun(ranking.suit_of(trick[0]))
    return cards, _MUST_HEAD_WORDS[why].format(led=led, top=top, held=cards_text(cards))


#: must_head's sentences, by the reason _must_head gives ("held": the cards it allows).
_MUST_HEAD_WORDS = {
    "follow": "you must follow {led} (you hold {held})",
    "beat": "you must follow {led} and beat {top} (you hold {held})",
    "over": "you cannot follow {led}, so you must trump over {top} (you hold {held})",
    "under": "you cannot follow {led}, so you must trump, even under {top} (you hold {held})",
    "trump": "you cannot follow {led}, so you must trump (you hold {held})",
}


def _must_head(
    hand: Sequence[Card], trick: Sequence[Card], ranking: Ranking
) -> tuple[list[Card], str | None, Card | None]:
    """must_head's cards, the reason they are all that may be played (a key of
    ``_MUST_HEAD_WORDS``, None when any card may be) and the card to beat, if any.  (Cards are
    picked with filter() and the ranking's sets: the same cards in the same order as the
    comprehensions they stand for, without a Python step a card.)"""
    if not trick:
        return list(hand), None, None
    rank = ranking.rank_in_suit
    led = ranking.suit_of(trick[0])
    is_led, is_trump = ranking.of_suit(led).__contains__, ranking.trump_cards().__contains__
    same = list(filter(is_led, hand))  # the hand's cards of the led suit
    trumped = led not in ranking.trumps and any(map(is_trump, trick))
    if same:
        if trumped:
            return same, "follow", None
        top = max(filter(is_led, trick), key=rank)
        beaters = list(filter(ranking.higher_than(rank(top)).__contains__, same))
        if beaters:
            return beaters, "beat", top
        return same, "follow", None
    trumps_held = list(filter(is_trump, hand))
    if not trumps_held:
        return list(hand), None, None
    in_trick = list(filter(is_trump, trick))
    if in_trick:
        top = max(in_trick, key=rank)
        over = list(filter(ranking.higher_than(rank(top)).__contains__, trumps_held))
        if over:
            return over, "over", top
        return trumps_held, "under", top
    return trumps_held, "trump", None


def _noun(s: Suit | None) -> str:
    return s.noun if s is not None else "the lead"


# -- the must-head rule kept as the trick grows (the playouts' fast path) ------------------
#: The trick in progress as the must-head rule reads it in a game with one trump suit and no
#: jokers or bowers (Rams, Bourré): (the trick it describes, the led suit, the highest rank of the
#: led suit in it, the highest trump's rank in it, 0: none).  A game keeps the heading of its
#: trick as cards are played (:func:`headed`) instead of running :func:`must_head` over the
#: trick's cards at every decision, and reads the cards allowed from :func:`must_head_sets`.
Heading = tuple[tuple[Play, ...], Suit | None, int, int]
NO_HEADING: Heading = ((), None, 0, 0)


def headed(trick: tuple[Play, ...], before: Heading | None, c: Card, trump: Suit) -> Heading:
    """The heading of ``trick``, which ends with ``c`` played onto the trick of ``before`` (None:
    ``c`` was led).  A card's suit and rank are all that count."""
    if before is None:
        return trick, c.suit, c.rank, c.rank if c.suit is trump else 0
    _, led, top_led, top_trump = before
    if c.suit is led and c.rank > top_led:
        top_led = c.rank
    if c.suit is trump and c.rank > top_trump:
        top_trump = c.rank
    return trick, led, top_led, top_trump


def trick_heading(trick: tuple[Play, ...], kept: Heading, trump: Suit) -> Heading | None:
    """The heading of the trick in progress (None: no card yet): ``kept`` where it describes this
    very trick, else worked out from the trick's cards (a trick set otherwise: tests, positions)."""
    if not trick:
        return None
    if kept[0] is trick:
        return kept
    heading = None
    for k, p in enumerate(trick):
        heading = headed(trick[: k + 1], heading, p.cards[0], trump)
    assert heading is not None
    return (trick, *heading[1:])


@functools.cache
def must_head_sets(
    trump: Suit, led: Suit | None, top_led: int, top_trump: int
) -> tuple[frozenset[Card], ...]:
    """:func:`must_head` as sets of cards, most demanding first, for a trick of this heading: a
    player plays a card of the first set it holds any of, or else any card.  Follow suit and beat
    the top card of the led suit; follow suit; trump over the top trump; trump.  Once a trump is
    in a trick led with another suit, following need not beat (made once for each heading)."""
    led_cards, trumps = SUIT_CARDS[led], SUIT_CARDS[trump]
    if led is not trump and top_trump:
        return led_cards, cards_above(trumps, top_trump), trumps
    return cards_above(led_cards, top_led), led_cards, trumps


@functools.cache
def cards_above(cards: frozenset[Card], rank: int) -> frozenset[Card]:
    """The cards of ``cards`` ranked above ``rank`` (a set made once for each)."""
    return frozenset(c for c in cards if c.rank > rank)


def trick_winner(trick: Sequence[Card], ranking: Ranking, ties: str = "first") -> int:
    """Index (in play order) of the card that wins; equal power goes to the first played
    (``ties="first"``) or the last played (``ties="last"``)."""
    led = ranking.suit_of(trick[0]) if trick else None
    power = ranking.powers(led)
    best, best_power = 0, -1
    for i, c in enumerate(trick):
        p = power[c]
        if p > best_power or (ties == "last" and p == best_power):
            best, best_power = i, p
    return best


def highest(cards: Iterable[Card], ranking: Ranking, led: Suit | None) -> Card:
    return max(cards, key=lambda c: ranking.power(c, led))
