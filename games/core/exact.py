"""The card play of one deal as a compact position, for an exact search of its remaining tricks.

A look-ahead bot that knows every card (one possible deal: games.core.resample) can solve the
rest of a hand exactly instead of playing it out, if each step is cheap.  A :class:`Position`
holds only what the play of the cards needs: each card still in play numbered by suit and by
rank within it (so that a hand is an integer, one bit a card, and "a higher card of this suit"
is a mask), each seat's hand, the trick on the table, who plays next, and the rule that says
which cards may be played (:data:`FOLLOW` or :data:`MUST_HEAD`, the shared rules of
games.core.tricks).  The search itself lives with the bots (games.bots.solver); what a position
is worth at the end of the hand is never worked out here: the search plays the cards of that
end through the game's own rules, so the rules stay the one truth.

A game offers positions through ``TrickGame.exact_play()`` (None where its play does not fit:
another phase, a stock still to draw from, trumps that may change); the test suite holds every
position against the game's own legal moves and trick winners.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .cards import Card, Suit
from .tricks import Ranking, seat_order

if TYPE_CHECKING:
    from .trickgame import TrickGame

#: follow the led suit if able, else any card (games.core.tricks.follow_suit)
FOLLOW = "follow"
#: the must-head rule of Rams, Bourré and Preference (games.core.tricks.must_head)
MUST_HEAD = "must head"
#: the must-head rule narrowed by Bourré's cinch (BO-6): a seat whose tricks won and unbeatable
#: trumps make three must lead its highest trump, and trump with it when void
CINCH = "cinch"
#: Cucumber's rule (CU-2): suits play no part; play a card higher than the highest so far, or
#: else your lowest card; the highest rank takes the trick, the latest of equal ranks
HIGHER = "higher"
RULES = (FOLLOW, MUST_HEAD, CINCH, HIGHER)

#: what the value at the end of the hand depends on, beside what every seat sees: the tricks
#: each seat took (``COUNTS``), which seat took each trick, in order (``WINNERS``: a game that
#: scores leads), only who took the last trick (``LAST``), how many cards of each suit class
#: each seat took (``SUITS``: contracts on the suits and trumps won; a seat's tricks follow), or
#: the cards of the last trick (``LAST_TRICK``: who took it with what, and who tied it)
COUNTS, WINNERS, LAST, SUITS, LAST_TRICK = "counts", "winners", "last", "suits", "last trick"
ENDS = (COUNTS, WINNERS, LAST, SUITS, LAST_TRICK)
_SUIT_ORDER = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3, None: 4}


@dataclass
class Position:
    """The rest of a hand's card play (see the module docstring).  Cards are numbered 0..k-1
    by suit class, then by rank within it, lowest first: bit ``i`` of a hand is ``cards[i]``."""

    cards: tuple[Card, ...]
    #: each card's suit class (its suit as the ranking counts it: a left bower is a trump)
    suit: tuple[int, ...]
    #: per suit class, the cards of that class
    suit_masks: tuple[int, ...]
    #: the trumps (one suit class, or none)
    trumps: int
    #: each card's holder when the position was made (a card in the trick: who played it)
    owner: tuple[int, ...]
    #: each seat's hand (0 for a seat with no cards)
    hands: list[int]
    #: the cards of the trick in progress, the suit class led (-1: no card yet) and how many
    trick: int
    led: int
    played: int
    to_act: int
    #: the next seat to play after each seat in play (seats out of the hand are passed over)
    after: tuple[int, ...]
    #: the cards in a full trick: one for each seat in play
    players: int
    rule: str = FOLLOW
    ends_on: str = COUNTS
    #: the seat that must take every trick (a Rams declarer): the hand ends at the first trick
    #: another seat takes (-1: none)
    sweep: int = -1
    #: the hand ended early (see ``sweep``)
    stopped: bool = False
    #: the seat whose lead the next player must beat with the lowest card that does (Preference's
    #: declarer when three play, PR-8; -1: none)
    lowest_after: int = -1
    #: CINCH: each seat's tricks when the position was made, and the trumps that no trump out of
    #: play (not dealt, laid aside) can beat
    tricks: tuple[int, ...] = ()
    cinch_trumps: int = 0
    #: the tricks each seat has taken since the position was made (kept by :meth:`step`)
    taken: list[int] = field(default_factory=list)
    #: HIGHER: each card's rank group (the cards of its rank), and whether an equal card counts
    #: as higher (Cucumber's ``allow_equal``)
    ranks: tuple[int, ...] = ()
    equal_beats: bool = False

    def __post_init__(self) -> None:
        self.taken = self.taken or [0] * len(self.hands)
        #: the seat that plays before each seat in play (the reverse of ``after``)
        self.before = [0] * len(self.hands)
        seat = self.to_act
        for _ in range(self.players):
            self.before[self.after[seat]] = seat
            seat = self.after[seat]

    @classmethod
    def of(
        cls,
        state: TrickGame,
        rule: str = FOLLOW,
        ends_on: str = COUNTS,
        seats: Iterable[int] | None = None,
        sweep: int | None = None,
        lowest_after: int | None = None,
        out_of_play: Iterable[Card] = (),
        equal_beats: bool = False,
    ) -> Position | None:
        """The position of ``state``'s card play, or None where a card is held twice (a double
        pack), a trick is not one card a seat, or a suit has more trumps than one class.
        ``seats``: the seats taking part in the play (default: every seat holding cards); the
        hands of the others are left out.  ``sweep``, ``lowest_after``: see the attributes.
        ``out_of_play``: for CINCH, the trumps nobody can play any more that no seat has won
        (cards never dealt, laid aside): they still count as unplayed (BO-6).  HIGHER positions
        number the cards by rank alone (one suit class)."""
        if rule not in RULES or ends_on not in ENDS or state.to_act is None:
            return None
        ranking = state.ranking
        played = [(p.seat, p.cards) for p in state.trick]
        if any(len(cs) != 1 for _, cs in played) or len(ranking.trumps) > 1:
            return None
        taking = set(range(state.num_seats) if seats is None else seats)
        hands_in = [h if s in taking else [] for s, h in enumerate(state.hands)]
        held = [(s, c) for s, h in enumerate(hands_in) for c in h] + [(s, cs[0]) for s, cs in played]
        if len({c for _, c in held}) != len(held):
            return None
        held.sort(key=_numbering(rule, ranking))
        cards = tuple(c for _, c in held)
        bit = {c: 1 << i for i, c in enumerate(cards)}
        suit = tuple(0 if rule == HIGHER else _SUIT_ORDER[ranking.suit_of(c)] for c in cards)
        masks = [sum(1 << i for i, k in enumerate(suit) if k == kind) for kind in range(5)]
        trumps = masks[_SUIT_ORDER[ranking.trumps[0]]] if ranking.trumps else 0
        in_trick = {s for s, _ in played}
        order = seat_order(state.to_act, state.num_seats, state.clockwise)
        active = [s for s in order if hands_in[s] or s in in_trick]  # the seats in play
        return cls(
            cards=cards,
            suit=suit,
            suit_masks=tuple(masks),
            trumps=trumps,
            owner=tuple(s for s, _ in held),
            hands=[sum(bit[c] for c in h) for h in hands_in],
            trick=sum(bit[cs[0]] for _, cs in played),
            led=suit[bit[played[0][1][0]].bit_length() - 1] if played else -1,
            played=len(played),
            to_act=state.to_act,
            after=_cycle(active, state.num_seats),
            players=len(active),
            rule=rule,
            ends_on=ends_on,
            sweep=-1 if sweep is None else sweep,
            lowest_after=-1 if lowest_after is None else lowest_after,
            tricks=tuple(state.tricks_won),
            cinch_trumps=_unbeatable_from_outside(cards, trumps, out_of_play, ranking),
            ranks=tuple(sum(bit[d] for d in cards if d.rank == c.rank) for c in cards)
            if rule == HIGHER
            else (),
            equal_beats=equal_beats,
        )

    def legal(self, hand: int, trick: int, led: int) -> int:
        """The cards of ``hand`` that may be played to ``trick`` (led with suit class ``led``);
        CINCH positions ask :meth:`legal_cinch`."""
        if led < 0:
            return hand
        if self.rule == HIGHER:  # a card higher than the highest so far, or the lowest ones
            top = self.ranks[trick.bit_length() - 1]
            higher = above(hand, (top & -top) >> 1 if self.equal_beats else top)
            return higher or hand & self.ranks[(hand & -hand).bit_length() - 1]
        same = hand & self.suit_masks[led]
        if self.rule == FOLLOW:
            return same or hand
        cards = must_head(hand, same, trick, self.suit_masks[led], self.trumps)
        if (
            self.lowest_after >= 0
            and trick & (trick - 1) == 0
            and self.owner[trick.bit_length() - 1] == self.lowest_after
        ):
            return lowest_beater(cards, trick, self.suit_masks[led], self.trumps)
        return cards

    def legal_cinch(self, hand: int, trick: int, led: int, tricks: int, live: int) -> int:
        """CINCH: the must-head rule, narrowed to the highest trump for a seat with ``tricks``
        won that holds a cinch (BO-6) when it leads or cannot follow; ``live``: every card still
        in a hand or in the trick."""
        cards = self.legal(hand, trick, led)
        mine = hand & self.trumps
        if not mine or (led >= 0 and hand & self.suit_masks[led]):
            return cards
        unbeatable = above(mine, live & self.trumps & ~hand) & self.cinch_trumps
        if tricks + unbeatable.bit_count() < 3:
            return cards
        return 1 << (mine.bit_length() - 1)

    def winner(self, trick: int, led: int, last: int) -> int:
        """The seat that takes the full ``trick`` (``last``: the seat that played to it last):
        the highest trump, else the highest card of the suit led (cards are numbered by rank
        within a suit); HIGHER: the highest rank, the latest played of equal ranks."""
        if self.rule == HIGHER:
            tied = trick & self.ranks[trick.bit_length() - 1]
            if tied & (tied - 1) == 0:
                return self.owner[tied.bit_length() - 1]
            seats = {self.owner[i] for i in range(tied.bit_length()) if tied >> i & 1}
            seat = last
            while seat not in seats:  # back from the last to play: the latest of them
                seat = self.before[seat]
            return seat
        top = trick & self.trumps or trick & self.suit_masks[led]
        return self.owner[top.bit_length() - 1]

    def bits(self, cards: Sequence[Card]) -> int:
        """The bit set of ``cards`` (cards of this position)."""
        index = {c: i for i, c in enumerate(self.cards)}
        found = 0
        for c in cards:
            found |= 1 << index[c]
        return found

    def in_bits(self, bits: int) -> list[Card]:
        """The cards of a bit set, lowest first."""
        return [c for i, c in enumerate(self.cards) if bits >> i & 1]

    def playable(self) -> int:
        """The cards the seat to act may play now (the plain way: see :meth:`step`)."""
        hand = self.hands[self.to_act]
        if self.rule != CINCH:
            return self.legal(hand, self.trick, self.led)
        live = self.trick
        for h in self.hands:
            live |= h
        tricks = self.tricks[self.to_act] + self.taken[self.to_act]
        return self.legal_cinch(hand, self.trick, self.led, tricks, live)

    def step(self, card: Card) -> None:
        """Play ``card`` for the seat to act (it must be legal): the slow, plain way, for checks
        against the game; the search makes the same moves on integers of its own."""
        bit = self.bits([card])
        if not bit & self.playable():
            raise ValueError(f"{card} is not legal in this position")
        self.hands[self.to_act] ^= bit
        self.trick |= bit
        if self.led < 0:
            self.led = self.suit[bit.bit_length() - 1]
        self.played += 1
        if self.played < self.players:
            self.to_act = self.after[self.to_act]
            return
        self.to_act = self.winner(self.trick, self.led, self.to_act)
        self.taken[self.to_act] += 1
        self.trick, self.led, self.played = 0, -1, 0
        self.stopped = 0 <= self.sweep != self.to_act

    @property
    def over(self) -> bool:
        """True once every card is played, or the hand stopped early (``sweep``)."""
        return self.stopped or (not any(self.hands) and not self.trick)


def must_head(hand: int, same: int, trick: int, led_mask: int, trumps: int) -> int:
    """The must-head rule on bit sets (games.core.tricks.must_head): ``same`` is the hand's cards
    of the suit led, ``led_mask`` every card of it."""
    trumped = trick & trumps if led_mask != trumps else 0
    if same:
        if trumped:
            return same
        beaters = above(same, trick & led_mask)
        return beaters or same
    mine = hand & trumps
    if not mine:
        return hand
    if trumped:
        return above(mine, trumped) or mine
    return mine


def _numbering(rule: str, ranking: Ranking) -> Callable[[tuple[int, Card]], tuple[int, int]]:
    """The order cards are numbered in: by suit class, then rank in it; by rank alone (HIGHER)."""
    if rule == HIGHER:
        return lambda sc: (sc[1].rank, sc[1].index)
    suit_of, rank = ranking.suit_of, ranking.rank_in_suit
    return lambda sc: (_SUIT_ORDER[suit_of(sc[1])], rank(sc[1]))


def _cycle(active: list[int], num_seats: int) -> tuple[int, ...]:
    """Each seat of ``active`` (in the order of play) mapped to the next one, round the table."""
    after = [0] * num_seats
    for i, s in enumerate(active):
        after[s] = active[(i + 1) % len(active)]
    return tuple(after)


def _unbeatable_from_outside(
    cards: tuple[Card, ...], trumps: int, out_of_play: Iterable[Card], ranking: Ranking
) -> int:
    """The trumps among ``cards`` above every trump of ``out_of_play`` (CINCH)."""
    rank = ranking.rank_in_suit
    outside = max((rank(c) for c in out_of_play if ranking.is_trump(c)), default=0)
    return sum(1 << i for i, c in enumerate(cards) if trumps >> i & 1 and rank(c) > outside)


def lowest_beater(cards: int, lead: int, led_mask: int, trumps: int) -> int:
    """Of ``cards``, the lowest that beats the ``lead`` (one card), or all of them if none does."""
    higher = above(cards & led_mask, lead)
    beaters = higher or (cards & trumps if not lead & trumps else 0)
    return beaters & -beaters if beaters else cards


def above(cards: int, others: int) -> int:
    """The ``cards`` numbered higher than every card of ``others`` (all of them for none)."""
    return cards >> others.bit_length() << others.bit_length()
