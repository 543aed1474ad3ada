"""A base for trick-taking games: hands, the trick in progress, tricks won, scores, and a
generic :meth:`view` built from them.

A game subclass keeps its state in these attributes (and any of its own), fills
``self.trick`` with :class:`Play` values as cards are played, and overrides the hooks
``_view_info``, ``_view_extra``, ``_view_trump`` and ``_prompt`` to add what its table shows.
When a trick is complete, :meth:`collect_trick` gives it to its winner.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from itertools import chain
from typing import Any, ClassVar, NamedTuple, Self

from .cards import Card, parse_card
from .clone import LIST, LISTS, SHARED
from .errors import BadNotationError
from .exact import Position
from .resample import DealPlan, Place, frozen_seed, minus
from .state import GameState, Rules
from .tricks import follow_suit, next_seat, seat_order, shared_ranking, trick_winner
from .viewdata import NO_EXTRA
from .views import (
    Event,
    InfoLine,
    Outcome,
    Play,
    PlayoutView,
    SeatView,
    TrickResult,
    make_playout_view,
    make_view,
)

#: the random numbers of a hand's start of play (TrickGame.play_start), which never draws
_START_RNG = frozen_seed(0)

_SEAT_PLAYS: dict[tuple[int, Card], tuple[Play, str]] = {}
_new_tuple = tuple.__new__


def seat_play(seat: int, c: Card) -> Play:
    """``Play(seat, (c,))``, one shared object per seat and card (plays are immutable; this saves
    building one for every card played)."""
    return _played(seat, c)[0]


def _played(seat: int, c: Card) -> tuple[Play, str]:
    """The shared ``Play`` of ``seat`` playing ``c`` and the text of its ``play`` event."""
    found = _SEAT_PLAYS.get((seat, c))
    if found is None:
        found = _SEAT_PLAYS[seat, c] = (Play(seat, (c,)), f"{{p{seat}}} plays {c.text}")
    return found


#: the text of each seat's ``trick`` event
_WINS_TRICK = tuple(f"{{p{s}}} wins the trick" for s in range(16))
_SET_PLAYS, _SET_WINNER, _SET_NOTE = (TrickResult.__dict__[f].__set__ for f in ("plays", "winner", "note"))
_SET_SEAT, _SET_CARDS, _SET_PLAY_NOTE = (Play.__dict__[f].__set__ for f in ("seat", "cards", "note"))


def deal_in_turn(deck: list[Card], size: int, piles: list[list[Card]], order: Sequence[int]) -> None:
    """Deal ``size`` cards one at a time to ``piles[p]`` for each place ``p`` of ``order`` in
    turn, round after round, each card from the end of ``deck`` (which loses them): each pile
    dealt to is replaced by its cards, in the order a pop() a card would give them.  (The i-th
    place takes every ``len(order)``-th card from the deck's end, from the i-th: slices, no
    Python step a card.)"""
    m = len(order)
    dealt = size * m
    drawn = deck[len(deck) - dealt :][::-1]
    del deck[len(deck) - dealt :]
    for i, p in enumerate(order):
        piles[p] = drawn[i::m]


def trick_result(plays: tuple[Play, ...], winner: int | None, note: str = "") -> TrickResult:
    """``TrickResult(plays, winner, note)``, made through the slots (one a trick: speed; the
    dataclass's own constructor sets each field through object.__setattr__)."""
    result = object.__new__(TrickResult)
    _SET_PLAYS(result, plays)
    _SET_WINNER(result, winner)
    _SET_NOTE(result, note)
    return result


def trick_play(seat: int, cards: tuple[Card, ...], note: str = "") -> Play:
    """``Play(seat, cards, note)``, made through the slots as :func:`trick_result` is (for plays
    that :func:`seat_play` does not share: several cards, or a note)."""
    play = object.__new__(Play)
    _SET_SEAT(play, seat)
    _SET_CARDS(play, cards)
    _SET_PLAY_NOTE(play, note)
    return play


class PastPlay(NamedTuple):
    """A play of this hand as the table saw it: who played which cards onto which cards, and
    the tricks (count, cards) each seat had won before it (for :meth:`TrickGame._refused`)."""

    seat: int
    cards: tuple[Card, ...]
    before: tuple[Card, ...]
    tricks: tuple[int, ...]
    won: tuple[tuple[Card, ...], ...]


class TrickGame(GameState):
    """Common state of a trick game; see the module docstring."""

    phase: str
    #: the match's full pack (see :meth:`deck`)
    pack: Sequence[Card]
    #: The direction of play: clockwise (to the left, seat + 1) or, when False, counter-clockwise
    #: (to the right, seat - 1, as in Agram).  Pass it to the helpers of games.core.tricks
    #: (``next_seat``, ``seat_order``); the view carries it so the table can show it.
    clockwise: bool = True
    #: True when a trick is one card a player, won by the highest card of the led suit or the
    #: highest trump (:meth:`collect_trick`); hints then explain a card in those terms
    #: (games.bots.explain).  Games whose tricks go otherwise set it False.
    PLAIN_TRICKS: ClassVar[bool] = True
    _COPY = {
        "hands": LISTS,
        "tricks_won": LIST,
        "scores": LIST,
        "won": LIST,
        "play_start": SHARED,
    }
    #: the state just before this hand's first card was played (None before it): what a
    #: world's :meth:`rewound` starts from.  In a possible world, a copy that holds only what the
    #: world's seat may know (:meth:`sampler`).
    play_start: TrickGame | None = None
    #: True for games whose card play is plays of one card and nothing else (no draws, flips or
    #: calls between them): a world can then be rewound to the start of its play (:meth:`rewound`)
    REWINDS: ClassVar[bool] = False
    #: Each seat's bid and status words, and the cards turned up: tuples, replaced when they
    #: change, so that clones share them.  A game that changes one in place as it goes (an
    #: auction's bids) keeps a list there, annotates it as a list and declares it ``LIST``.
    bids: Sequence[str]
    status: Sequence[str]
    up_cards: Sequence[Card]

    def __init__(self, rules: Rules, num_seats: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(rules, num_seats, options, seed)
        n = num_seats
        self.phase = "deal"
        self.hand_number = 0
        self.dealer = 0
        self.leader = 0
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.trick: tuple[Play, ...] = ()  # the trick in progress, replaced as it grows
        self.last_trick: TrickResult | None = None
        self.tricks_won: list[int] = [0] * n
        self.scores: list[int] = [0] * n
        self.bids = ("",) * n
        self.status = ("",) * n
        self.up_cards = ()
        # the cards each seat has won this hand: a tuple a seat, replaced as it grows (clone copies one list)
        self.won: list[tuple[Card, ...]] = [()] * n
        self.ranking = shared_ranking()

    # -- the generic view ------------------------------------------------
    def view(self, seat: int | None) -> SeatView:
        return make_view(self._view_fields(seat, words=True))

    def playout_view(self, seat: int) -> PlayoutView:
        return make_playout_view(self._view_fields(seat, words=False))

    def _view_fields(self, seat: int | None, words: bool) -> dict[str, Any]:
        """The fields of ``seat``'s view; the table's words (games.core.views.WORDS) only with
        ``words``.  A game adjusts them in :meth:`_adjust_view`."""
        mine = seat is not None and self.to_act == seat
        legal = tuple(self.legal_actions()) if mine else ()
        fields = {
            "game": self.rules.name,
            "seat": seat,
            "num_seats": self.num_seats,
            "phase": self.phase,
            "to_act": self.to_act,
            "dealer": self.dealer,
            "hand": tuple(self._sorted_hand(seat)) if seat is not None else (),
            "hand_sizes": tuple(map(len, self.hands)),
            "trick": self._view_trick(),
            "last_trick": self.last_trick,
            "trump": self._view_trump(),
            "up_cards": tuple(self.up_cards),
            "tricks_won": tuple(self.tricks_won),
            "scores": tuple(self.scores),
            "bids": tuple(self.bids),
            "status": tuple(self.status),
            "legal": legal,
            "hand_number": self.hand_number,
            "events": self.recent_events(seat),
            "extra": self._view_extra(seat),
            "outcome": self.result,
            "teams": self._teams(),
            "options": self.options,
            "sitting_out": self._sitting_out(),
            "clockwise": self.clockwise,
        }
        if words:
            fields["info"] = tuple(self._view_info(seat))
            fields["labels"] = tuple(self.label(a) for a in legal)
            fields["prompt"] = self._prompt() if mine else ""
            fields["formality"] = self.formality() if mine else ""
        self._adjust_view(seat, fields)
        return fields

    def _adjust_view(self, seat: int | None, fields: dict[str, Any]) -> None:
        """Change the generic view's fields where the game shows more or less (in place)."""

    def _sorted_hand(self, seat: int) -> list[Card]:
        """The seat's hand in display order: by suit (trumps first), then rank high to low
        (:attr:`Ranking.display_place`, a table the ranking keeps)."""
        return sorted(self.hands[seat], key=self.ranking.display_place)

    def _view_trick(self) -> tuple[Play, ...]:
        """The trick as the view shows it: its plays in order (a game may group them)."""
        return tuple(self.trick)

    def _view_trump(self) -> str:
        return self.ranking.describe()

    def _view_info(self, seat: int | None) -> list[InfoLine]:
        return []

    def _view_extra(self, seat: int | None) -> Any:
        """The game's typed view data for ``seat`` (a frozen dataclass registered with
        :func:`~games.core.viewdata.view_data`); NO_EXTRA for a game without any."""
        return NO_EXTRA

    def _prompt(self) -> str:
        return "your turn"

    def _teams(self) -> tuple[tuple[int, ...], ...]:
        return ()

    def _sitting_out(self) -> tuple[int, ...]:
        """Seats sitting this hand out (see games/core/partnership.py)."""
        return ()

    def _deal(self) -> None:
        """Deal the next hand (every game has its own deal)."""
        raise NotImplementedError

    def _top_scorers(self) -> tuple[float, tuple[int, ...]]:
        """The best score and the seats that hold it."""
        best = max(self.scores)
        return best, tuple(s for s in range(self.num_seats) if self.scores[s] == best)

    def _end_match(
        self,
        winners: tuple[int, ...],
        reason: str,
        won_with: str,
        lines: tuple[str, ...] = (),
        scores: tuple[float, ...] | None = None,
    ) -> None:
        """The match is over: ``winners`` take it for ``reason`` with the scores as they stand (or
        ``scores``), and the log says so: "{p0} wins with ``won_with`` (``reason``)"."""
        self.phase, self.to_act = "over", None
        self.result = Outcome(tuple(self.scores) if scores is None else scores, winners, reason, lines=lines)
        names = " and ".join(f"{{p{w}}}" for w in winners)
        verb = "share the win" if len(winners) > 1 else "wins"
        self.log("match", f"{names} {verb} with {won_with} ({reason})", lines=lines)

    def _deal_hands(
        self,
        size: int,
        batch: int = 1,
        seats: Sequence[int] | None = None,
        pack: Sequence[Card] | None = None,
    ) -> tuple[list[Card], list[int]]:
        """The start most deals share: the hand count moves on, the pack (``self.pack`` unless
        given) is shuffled, every hand and won pile is emptied, and ``size`` cards go to each of
        ``seats`` (default: every seat from the dealer's next in the direction of play), ``batch``
        at a time, each from the end of the shuffled deck.  Returns the rest of the deck (its
        next card last) and the seats in dealing order."""
        n = self.num_seats
        deck = list(self.pack if pack is None else pack)
        self.rng.shuffle(deck)
        self.hand_number += 1
        hands: list[list[Card]] = [[] for _ in range(n)]
        self.hands = hands
        self.won = [()] * n
        order = (
            seat_order(next_seat(self.dealer, n, self.clockwise), n, self.clockwise)
            if seats is None
            else list(seats)
        )
        if batch == 1:
            deal_in_turn(deck, size, hands, order)
            return deck, order
        # Taken one batch at a time from the deck's end, round after round: the k-th card taken
        # is drawn[k], and the p-th seat of the order takes batch b of each round r.
        rounds, m = size // batch, len(order)
        dealt = rounds * m * batch
        drawn = deck[len(deck) - dealt :][::-1]
        for p, s in enumerate(order):  # batch cards from every (m * batch)-th, from p * batch
            batches = [drawn[b : b + batch] for b in range(p * batch, dealt, m * batch)]
            hands[s] = batches[0] if rounds == 1 else list(chain.from_iterable(batches))
        del deck[len(deck) - dealt :]
        return deck, order

    # -- card conservation -------------------------------------------------
    def deck(self) -> list[Card]:
        """The match's full pack: a game keeps it in ``self.pack`` (or overrides this)."""
        return list(self.pack)

    def zones(self) -> dict[str, list[Card]]:
        """The hands, the won piles and the trick; a game adds its other places (stock, widow...)
        with ``{**super().zones(), "stock": ...}``."""
        zones = {f"hand {s}": list(h) for s, h in enumerate(self.hands)}
        zones.update({f"won {s}": list(w) for s, w in enumerate(self.won)})
        zones["trick"] = self.trick_cards()
        return zones

    # -- helpers ---------------------------------------------------------
    def trick_cards(self) -> list[Card]:
        return [c for p in self.trick for c in p.cards]

    def collect_trick(self) -> int:
        """Give the complete trick to its winner: a trick won, the cards on the winner's won
        pile, the last trick kept for review, a ``trick`` event; then the winner leads.
        Returns the winning seat."""
        trick = self.trick
        cards = tuple([c for p in trick for c in p.cards])
        winner = trick[trick_winner(cards, self.ranking)].seat
        self.tricks_won[winner] += 1
        self.won[winner] += cards
        self.last_trick = trick_result(trick, winner)
        # make_event's one line, without its call (as log() does): one event a trick
        self._events_tail.append(
            _new_tuple(Event, ("trick", _WINS_TRICK[winner], winner, None, cards, (), self.hand_number))
        )
        self.trick = ()
        self.leader = self.to_act = winner
        return winner

    def remove_from_hand(self, seat: int, c: Card) -> None:
        self.hands[seat].remove(c)

    def _card_refusal(self, text: str) -> str | None:
        """Why ``text`` cannot be played when it names no card of the hand to act: the choices
        for what is no card, "you do not hold that card" for another card; None for a card held
        (which the game's own rules may still refuse)."""
        try:
            c = parse_card(text)
        except BadNotationError:
            return GameState._why_illegal(self, text)
        return None if c in self.hands[self.acting] else "you do not hold that card"

    def play_to_trick(self, seat: int, c: Card) -> None:
        """``seat`` plays ``c`` from its hand to the trick, for everyone to see."""
        play, text = _SEAT_PLAYS.get((seat, c)) or _played(seat, c)  # (the look-up alone: hot path)
        self.hands[seat].remove(c)
        self.trick += (play,)
        # make_event's one line, without its call (as log() does): one event a card played
        self._events_tail.append(
            _new_tuple(Event, ("play", text, seat, None, play.cards, (), self.hand_number))
        )

    # -- the start of the card play (issue 34: the expert's inference) ------------
    def _begin_card_play(self) -> None:
        if not self.REWINDS:  # kept only where a world can use it (its sampler then forgets it)
            return
        rng = self._rng
        start = self.clone()
        # This state goes on drawing from its own Random: a clone freezes it, and thawing a copy
        # at the next deal would cost more than the rest of the hand's playout.  The start draws
        # nothing (a hand's card play deals no card), so it holds a token of its own.
        self._rng = rng
        start._rng = _START_RNG
        start.play_start = None  # one snapshot, never a chain of them
        self.play_start = start

    def rewound(self) -> TrickGame | None:
        """This state as it stood when the hand's first card was about to be played: the state
        kept then (:attr:`play_start`) with every hand given back the cards its seat has played
        since (public plays) and the hidden piles as they are now (a card play changes no pile
        in the games that offer positions).  In a possible world the result agrees with that
        world's cards and holds nothing its seat may not know; None before the first card, or
        where the plays cannot be told (a play of several cards)."""
        start = self.play_start
        if not self.REWINDS or start is None or start.hand_number != self.hand_number:
            return None
        plays = self.plays_since(start)
        if plays is None:
            return None
        rewound = start.clone()
        rewound.hands = [list(h) + [c for s, c in plays if s == seat] for seat, h in enumerate(self.hands)]
        for place in self._hidden_piles(0):
            setattr(rewound, place.attr, list(getattr(self, place.attr)))
        return rewound

    def plays_since(self, start: TrickGame) -> list[tuple[int, Card]] | None:
        """The cards played (public ``play`` events) since ``start``, a state of this hand, in
        order: (seat, card); None where a play held several cards."""
        hand = self.hand_number  # (the hand's events only: inference asks this of every deal it weighs)
        before = sum(1 for e in start._events_of_hand(hand) if e.kind == "play")
        plays = [e for e in self._events_of_hand(hand) if e.kind == "play" and e.visible_to is None]
        if any(len(e.cards) != 1 or e.seat is None for e in plays):
            return None
        return [(e.seat, e.cards[0]) for e in plays[before:] if e.seat is not None]

    # -- exact search (issue 34): the card play as a compact position ------------
    def exact_play(self) -> Position | None:
        """The rest of this hand's card play as a :class:`~games.core.exact.Position` for the
        expert's exact search, made with ``Position.of(self, rule, ends_on)``, or None where the
        game's play does not fit one now (another phase, cards still to draw, trumps that may
        change, a score that depends on more than who took which trick).  None by default: a
        game offers positions only where the test suite holds them against its own rules."""
        return None

    # -- determinisation (issue 13): possible worlds for a search bot ------------
    def resample(self, seat: int, rng: random.Random) -> GameState:
        return self.sampler(seat)(rng)

    def sampler(self, seat: int) -> Callable[[random.Random], GameState]:
        """A :class:`DealPlan` for ``seat``: the hidden places (other hands, then the game's
        face-down piles), the pool of unseen cards, and what play has revealed about each hand.
        Games override the hooks below, not this (a game that overrides :meth:`resample`
        instead gets the protocol's default sampler)."""
        if type(self).resample is not TrickGame.resample:
            return GameState.sampler(self, seat)
        places = self._hidden_places(seat)
        pool = [c for p in places for c in minus(p.read(self), p.known)]
        forbidden = self._forbidden_cards(seat, set(pool))
        places = [
            replace(p, forbidden=forbidden[p.index]) if p.attr == "hands" and p.index in forbidden else p
            for p in places
        ]
        base = self.clone()
        self._forget(base, seat)
        base.play_start = self._forgotten_start(seat, places)
        return DealPlan(base, seat, places, pool, self._deal_check(seat, places, base))

    def _forgotten_start(self, seat: int, places: list[Place]) -> TrickGame | None:
        """The start of this hand's card play (:attr:`play_start`) as ``seat`` may know it: what
        it forgets of a world's base, every other hand and the hidden piles emptied (a world's
        :meth:`rewound` fills them from its own cards)."""
        start = self.play_start
        if start is None or start.hand_number != self.hand_number:
            return None
        copy = start.clone()
        start._forget(copy, seat)
        copy.hands = [list(h) if s == seat else [] for s, h in enumerate(start.hands)]
        for place in places:
            if place.attr != "hands":
                setattr(copy, place.attr, [])
        return copy

    def _forget(self, base: Self, seat: int) -> None:
        """Clear from a world's base what ``seat`` may not know besides the hidden cards: the
        record of actions (other seats' discards...), other seats' private events, the seed and
        the random numbers (every world draws its own).  Events of this hand and the last are kept."""
        since = self.hand_number - 1
        base.history, base.actors = [], []
        base.events = [e for e in self.events if e.hand >= since and e.visible_to in (None, seat)]
        base.seed = 0
        base._rng = frozen_seed(0)

    def _deal_check(
        self, seat: int, places: list[Place], base: Self
    ) -> Callable[[list[list[Card]]], bool] | None:
        """An extra test of a dealt world, for rules whose refusals span several cards (None:
        the refused cards say it all).  It may read ``base``, never ``self`` (the true state)."""
        return None

    def _hidden_places(self, seat: int) -> list[Place]:
        """Every other seat's hand, then :meth:`_hidden_piles`."""
        return [
            Place("hands", s, len(h), self._known_in_hand(seat, s))
            for s, h in enumerate(self.hands)
            if s != seat and h
        ] + self._hidden_piles(seat)

    def _hidden_piles(self, seat: int) -> list[Place]:
        """The game's face-down piles (stock, widow, draw deck...), made with :meth:`pile`."""
        return []

    def pile(self, attr: str, known: Sequence[Card] = ()) -> Place:
        """The face-down list ``self.<attr>`` as a hidden place (``known``: cards the seat knows
        are in it, kept at its start)."""
        return Place(attr, None, len(getattr(self, attr)), tuple(known))

    def _known_in_hand(self, seat: int, other: int) -> tuple[Card, ...]:
        """Cards ``seat`` knows are in ``other``'s hand (a card taken up in public)."""
        return ()

    def _forbidden_cards(self, seat: int, unseen: set[Card]) -> dict[int, frozenset[Card]]:
        """For each other seat, the unseen cards its plays this hand show it cannot hold."""
        found: dict[int, set[Card]] = {}
        for past in self._plays_this_hand():
            if past.seat != seat:
                found.setdefault(past.seat, set()).update(self._refused(past, unseen))
        return {s: frozenset(v) for s, v in found.items() if v}

    def _plays_this_hand(self) -> Iterator[PastPlay]:
        """Each play of this hand with what the table showed then, read from the public
        ``play`` and ``trick`` events."""
        hand = self.hand_number
        trick: list[Card] = []
        won: list[list[Card]] = [[] for _ in range(self.num_seats)]
        tricks = [0] * self.num_seats
        for e in self._events_of_hand(hand):
            if e.kind == "play" and e.visible_to is None and e.seat is not None:
                yield PastPlay(e.seat, e.cards, tuple(trick), tuple(tricks), tuple(map(tuple, won)))
                trick.extend(e.cards)
            elif e.kind == "trick" and e.seat is not None and e.visible_to is None:
                won[e.seat].extend(e.cards)
                tricks[e.seat] += 1
                trick = []
            elif e.kind in ("trick", "deal"):
                trick = []

    def _events_of_hand(self, hand: int) -> list[Event]:
        """The events of hand ``hand`` when it is the last one logged, oldest first."""
        found = []
        for e in reversed(self.events):
            if e.hand != hand:
                break
            found.append(e)
        found.reverse()
        return found

    def _refused(self, past: PastPlay, unseen: set[Card]) -> list[Card]:
        """Unseen cards whose presence in the hand would have made this play illegal: ``c`` is
        refused when the card played is not among :meth:`_allowed` of the hand ``[played, c]``
        (a failure to follow suit rules out the led suit; must-head games learn more)."""
        played = past.cards[0]
        return [c for c in unseen if c != played and played not in self._allowed([played, c], past)]

    def _allowed(self, hand: list[Card], past: PastPlay) -> list[Card]:
        """The cards of ``hand`` the play rules allowed at ``past`` (this hand's ranking):
        follow suit if able.  Must-head games return ``must_head``'s cards."""
        led = self.ranking.suit_of(past.before[0]) if past.before else None
        return follow_suit(hand, led, self.ranking, explain=False)[0]
