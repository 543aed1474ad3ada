"""Cards, suits and decks, with a compact text notation.

Cards are interned: there is exactly one object per distinct card (both copies of a card in
the 104-card double pack are the same object), so identity comparison, hashing and sets are
cheap.  Notation round-trips: ``str(parse_card("TH")) == "10H"`` and ``parse_card("10H")`` is
the same object.  Jokers are ``JK`` (the single joker), ``BJ`` (big) and ``LJ`` (little).
"""

from __future__ import annotations

import enum
import functools
import operator
from collections.abc import Callable, Iterable, Sequence

from .errors import BadNotationError


class Suit(enum.Enum):
    """The four suits; the value is the letter used in notation."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    # Suits are dict and set keys in hot paths (trump tables, scoring); each suit is one object,
    # equal only to itself, so the default hash is right, and it is a C call where Enum's own
    # hashes the name in Python.
    __hash__ = object.__hash__

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def noun(self) -> str:
        """Plural name, as in "you must follow hearts"."""
        return self.name.lower()

    def __str__(self) -> str:
        return self.value


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

JACK, QUEEN, KING, ACE = 11, 12, 13, 14
#: Rank numbers of the jokers: above every suit card.
LITTLE_JOKER_RANK, BIG_JOKER_RANK = 15, 16

_RANK_TEXT = {**{r: str(r) for r in range(2, 11)}, JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}
_RANK_PARSE = {**{v: k for k, v in _RANK_TEXT.items()}, "T": 10, "1": ACE}
_JOKER_TEXT = {"JK": "joker", "BJ": "big joker", "LJ": "little joker"}


class Card:
    """One playing card.  Never construct directly: use :func:`card` or :func:`parse_card`."""

    __slots__ = ("index", "rank", "suit", "text")

    suit: Suit | None
    rank: int
    text: str
    index: int

    def __init__(self, suit: Suit | None, rank: int, text: str, index: int) -> None:
        self.suit = suit
        self.rank = rank
        self.text = text
        self.index = index

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    def __repr__(self) -> str:
        return f"<{self.text}>"

    def __str__(self) -> str:
        return self.text

    def __reduce__(self) -> tuple[Callable[[str], Card], tuple[str]]:  # pickling keeps interning
        return (parse_card, (self.text,))

    def __copy__(self) -> Card:
        return self

    @property
    def the_suit(self) -> Suit:
        """The suit of a card that has one, for code that knows its card is no joker; ValueError
        for a joker."""
        if self.suit is None:
            raise ValueError(f"{self.text} has no suit")
        return self.suit

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def display(self, ascii_suits: bool = False) -> str:
        """Human form: ``Q♥`` (or ``QH`` with ASCII suits); a joker is written as it is typed,
        ``JK`` (big and little jokers ``BJ`` and ``LJ``), everywhere alike."""
        if self.suit is None:
            return self.text
        suit = self.suit.letter if ascii_suits else self.suit.symbol
        return _RANK_TEXT[self.rank] + suit

    @property
    def rank_text(self) -> str:
        return _RANK_TEXT.get(self.rank, self.text)

    @property
    def name(self) -> str:
        """Long form for help and logs: ``queen of hearts``."""
        if self.suit is None:
            return _JOKER_TEXT[self.text]
        names = {JACK: "jack", QUEEN: "queen", KING: "king", ACE: "ace"}
        return f"{names.get(self.rank, str(self.rank))} of {self.suit.noun}"


def _build_cards() -> tuple[dict[str, Card], list[Card]]:
    by_text: dict[str, Card] = {}
    ordered: list[Card] = []
    for suit in SUITS:
        for rank in range(2, 15):
            text = _RANK_TEXT[rank] + suit.letter
            c = Card(suit, rank, text, len(ordered))
            by_text[text] = c
            ordered.append(c)
    for text, rank in (("LJ", LITTLE_JOKER_RANK), ("BJ", BIG_JOKER_RANK), ("JK", BIG_JOKER_RANK)):
        c = Card(None, rank, text, len(ordered))
        by_text[text] = c
        ordered.append(c)
    return by_text, ordered


_BY_TEXT, ALL_CARDS = _build_cards()
JOKER, BIG_JOKER, LITTLE_JOKER = _BY_TEXT["JK"], _BY_TEXT["BJ"], _BY_TEXT["LJ"]
_SYMBOL_TO_LETTER = {v: k.letter for k, v in _SYMBOLS.items()}
_BY_RANK_SUIT = {(c.rank, c.suit): c for c in ALL_CARDS if c.suit is not None}
#: The cards of each suit (the jokers under None), as sets: ``filter(SUIT_CARDS[s].__contains__,
#: hand)`` picks a hand's cards of suit ``s`` in order, without a Python step a card.
SUIT_CARDS: dict[Suit | None, frozenset[Card]] = {
    s: frozenset(c for c in ALL_CARDS if c.suit is s) for s in (*SUITS, None)
}


#: A sort key: a card's place in the full pack (spades, hearts, diamonds, clubs; 2 to ace), the
#: order legal lists and sorted hands use.  ``sorted(cards, key=by_index)``, quicker than a lambda.
by_index: Callable[[Card], int] = operator.attrgetter("index")


def card(rank: int, suit: Suit) -> Card:
    """The interned card of this rank (2..14) and suit."""
    return _BY_RANK_SUIT[rank, suit]


def parse_card(text: str) -> Card:
    """Parse ``10H``, ``TH``, ``th``, ``Q♠``, ``JK``, ``BJ``, ``LJ``; raise BadNotationError otherwise."""
    raw = text.strip().upper()
    for symbol, letter in _SYMBOL_TO_LETTER.items():
        raw = raw.replace(symbol, letter)
    if raw in _BY_TEXT:
        return _BY_TEXT[raw]
    if len(raw) >= 2 and raw[-1] in "SHDC" and raw[:-1] in _RANK_PARSE:
        return _BY_TEXT[_RANK_TEXT[_RANK_PARSE[raw[:-1]]] + raw[-1]]
    raise BadNotationError(
        f"{text!r} is not a card: write rank then suit, e.g. 10H, TH, QS, AD, or JK/BJ/LJ for jokers"
    )


def parse_cards(text: str) -> list[Card]:
    """Parse a space- or comma-separated list of cards: ``"JS 3C"``."""
    return [parse_card(t) for t in text.replace(",", " ").split()]


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(c.text for c in cards)


# ---------------------------------------------------------------- decks


def standard_deck(jokers: Sequence[str] = (), min_rank: int = 2, omit: Iterable[str] = ()) -> list[Card]:
    """A fresh list: every suit from ``min_rank`` to ace, minus ``omit``, plus the named jokers.

    ``standard_deck()`` is the 52-card pack; ``min_rank=7`` gives 32 cards, ``min_rank=9`` 24;
    ``standard_deck(["JK"], min_rank=7)`` the 33-card pack with a joker.
    """
    return list(_deck(tuple(jokers), min_rank, tuple(omit)))


@functools.lru_cache(maxsize=64)
def _deck(jokers: tuple[str, ...], min_rank: int, omit: tuple[str, ...]) -> tuple[Card, ...]:
    """The cards of :func:`standard_deck`, built once for each kind of pack (bots ask for the pack
    on every move, and the playouts of a search make thousands of moves)."""
    skip = {parse_card(t) for t in omit}
    deck = [card(r, s) for s in SUITS for r in range(min_rank, 15)]
    return tuple(c for c in deck if c not in skip) + tuple(parse_card(j) for j in jokers)


def deck_52() -> list[Card]:
    return standard_deck()


def deck_53() -> list[Card]:
    """52 cards plus one joker (Tricks'N'Trumps, Page One)."""
    return standard_deck(["JK"])


def deck_54() -> list[Card]:
    """52 cards plus a big and a little joker (Trump Suit)."""
    return standard_deck(["BJ", "LJ"])


def deck_32() -> list[Card]:
    """Piquet pack: 7 to ace in each suit."""
    return standard_deck(min_rank=7)


def deck_24() -> list[Card]:
    """Euchre-style pack: 9 to ace in each suit."""
    return standard_deck(min_rank=9)


def deck_33() -> list[Card]:
    """7 to ace plus one joker (Contract Grid)."""
    return standard_deck(["JK"], min_rank=7)


def deck_agram() -> list[Card]:
    """Agram's 35 cards: 3 to 10 in every suit plus the aces of clubs, diamonds and hearts."""
    return list(_agram_deck())


@functools.cache
def _agram_deck() -> tuple[Card, ...]:
    """The cards of :func:`deck_agram`, built once (a match asks for them at its start)."""
    deck = [card(r, s) for s in SUITS for r in range(3, 11)]
    return (*deck, *(card(ACE, s) for s in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)))


def deck_double() -> list[Card]:
    """Two 52-card packs shuffled together: 104 cards, each card twice."""
    return deck_52() * 2
