"""Piquet: the two-player classic of the exchange, the declarations and the Rubicon (seed 001).

A 32-card pack (7 to ace, ace high).  Each hand: twelve cards each and a talon of eight.  The
first dealer of a partie is drawn at random; the deal then alternates.  The non-dealer is
*elder*.

1. **Carte blanche** (PQ-5): a hand of twelve with no king, queen or jack may be declared: it
   scores 10 at once, counts toward repique and is shown.  The holder is asked privately
   (``declare blanche``, offered first, or ``sink blanche``) at the start of a turn they take
   anyway: elder before the exchange, the dealer before the dealer's exchange (after elder's,
   as the seed has the dealer show it).  While the holder answers, the other player's view is
   that of the exchange (the phase stays ``exchange``; the step ``blanche`` is shown to the
   holder only), a declined carte blanche leaves only a private note, and :meth:`Piquet.silent`
   lets the bot runner play the holder's next move without a pause, so the question's pace
   tells nothing either.
2. **The exchange.**  Elder puts away one to five cards and draws as many from the top of the
   talon; if elder took fewer than five, elder may ``look`` at the ones left of the first five
   (a private reveal; ``no look`` declines) and then ``put back`` (the seed: look, then replace
   them in order).  The dealer then exchanges at least one and at most five or what remains
   (PQ-4), and may ``show leftover`` to both players or ``hide leftover``.  A multi-card decision
   is a short sequence of atomic actions: ``discard QS`` picks a card, ``keep QS`` takes it back,
   ``exchange N`` confirms (N, the number picked, at least one).
3. **Declarations**, in the classic order point, sequence, sets (PQ-3), elder first each time
   (PQ-8: the engine scores what the players choose to say and reveals only what was said):

   - elder ``declare <category>`` or ``sink <category>``.  A declaration states the first
     level (the point's length, the sequence's length, or the set in full, e.g. three kings);
   - the dealer answers ``good``, ``not good`` (can beat it) or ``equal`` (same first level).
     After ``equal`` the second level (the point's value, the sequence's top card) is compared
     automatically; a full tie scores nothing.  The dealer's answer is automatic when the dealer
     holds nothing as good;
   - if elder sank (or has nothing), the dealer may declare; it is then good.
   - Point scores one per card; sequences (3 or more in a row in one suit) tierce 3, quart 4,
     quint 15, sixième 16, septième 17, huitième 18, and the winner scores every sequence held;
     sets of tens or better (PQ-1) quatorze 14, trio 3, fours beat threes, then rank; the
     winner scores every set held.  The winner's sequences are named in full (their cards
     become public); a winner's quatorze is named in full; a trio names only its rank.
4. **Repique and pique** (PQ-3): reaching 30 in the hand from blank and declarations alone
   while the opponent has scored nothing earns 60; reaching 30 later in the hand (the cards'
   10 included, capot not) while the opponent has nothing earns 30 (only elder can, since
   elder scores for the first lead).  At most one of them per hand.
5. **Play**: no trumps, elder leads, follow suit if able, the highest card of the led suit
   wins.  One point for each card led and one for each trick won (PQ-2: the seed's rule, not
   the classic one); seven or more tricks score 10 for the cards, a 6-6 split nobody (PQ-6);
   all twelve tricks score 40 in all (capot: 30 more than the cards).
6. **The partie**: six hands, the higher total wins; the margin is winner - loser + 100 when
   the loser reached 100 (crossed the Rubicon), otherwise winner + loser + 100.  A tie after
   six plays two more hands with the deal still alternating; a tie after eight is a draw
   (PQ-7).  PQ-9: won tricks are public (the view carries every trick of the hand).

Options: ``parties`` (a series of parties with a running total of margins; the first dealer
alternates from one partie to the next) and ``names`` (French names of the combinations or
plain words).

Secrecy (PQ-8): carte blanche, a shown leftover, the winner's sequences and quatorze become
public through public events.  Elder's peek is shown to elder only and named only while those
cards lie in the talon: once the dealer has taken them (or the hand is over) elder's view keeps
the count, not the cards (the conformance leak check cannot tell "elder saw the card the dealer
later drew" from a leak).  Own exchanges are named only during the hand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any

from games.core.actions import Action, choose, named_card, play, word
from games.core.bounds import TAKE_BACKS
from games.core.cards import (
    ACE,
    JACK,
    KING,
    QUEEN,
    SUIT_CARDS,
    SUITS,
    Card,
    Suit,
    by_index,
    card,
    cards_text,
    deck_32,
)
from games.core.clone import LIST, LISTS, SHARED
from games.core.exact import WINNERS, Position
from games.core.options import Option
from games.core.resample import DealPlan, Place
from games.core.state import GameState, Rules
from games.core.trickgame import TrickGame, seat_play
from games.core.tricks import follow_suit, shared_ranking, with_seat
from games.core.views import InfoLine, Outcome, make_event
from games.core.words import counted, limited

from .viewdata import PiquetView

HAND_SIZE = 12
TALON_SIZE = 8
MAX_EXCHANGE = 5
PARTIE_HANDS = 6
EXTRA_HANDS = 2  # PQ-7
RUBICON = 100
BLANK_POINTS, REPIQUE, PIQUE, CARDS, CAPOT_EXTRA = 10, 60, 30, 10, 30
BONUS_AT = 30
CATEGORIES = ("point", "sequence", "sets")
STAGES = ("blank", "point", "sequence", "sets", "play", "bonus")
STAGE = {name: i for i, name in enumerate(STAGES)}
SEQ_POINTS = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}
SEQ_NAMES = {3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième", 8: "huitième"}
SET_POINTS = {3: 3, 4: 14}
RANK_WORD = {
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    JACK: "jack",
    QUEEN: "queen",
    KING: "king",
    ACE: "ace",
}
RANK_PLURAL = {10: "tens", JACK: "jacks", QUEEN: "queens", KING: "kings", ACE: "aces"}
NUMBER_WORD = {3: "three", 4: "four"}
NO_TRUMPS = shared_ranking(())
DISPLAY_ORDER = {
    c: ("SHCD".index(c.the_suit.letter), -c.rank) for c in deck_32()
}  # the table's order, precomputed
# The actions that pick a card, one table each (legal lists look them up instead of wording them)
_PLAY = {c: play(c) for c in deck_32()}
_DISCARD = {c: choose("discard", c) for c in deck_32()}
_KEEP = {c: choose("keep", c) for c in deck_32()}
#: the text of the event of each seat's lead of each card (a follower's is play_to_trick's)
_LEADS = {(s, c): f"{{p{s}}} leads {c.text}" for s in (0, 1) for c in deck_32()}

EXCHANGE_ANY = "exchange"
#: "exchange n", the action that confirms the n cards picked, for each n (its legal list holds
#: it at every pick; interned once here, not looked up by its text each time)
_EXCHANGES = {n: word(EXCHANGE_ANY, n) for n in range(1, MAX_EXCHANGE + 1)}
GOOD = word("good")
NOT_GOOD = word("not good")
EQUAL = word("equal")
LOOK = word("look")
NO_LOOK = word("no look")
PUT_BACK = word("put back")
DECLARE_BLANCHE = word("declare", "blanche")
SINK_BLANCHE = word("sink", "blanche")
SHOW_LEFTOVER = word("show", "leftover")
HIDE_LEFTOVER = word("hide", "leftover")
DECLARE = {c: word("declare", c) for c in CATEGORIES}
SINK = {c: word("sink", c) for c in CATEGORIES}
ANSWERS = {"good": GOOD, "not good": NOT_GOOD, "equal": EQUAL}


# ---------------------------------------------------------------- combinations (pure helpers)


def card_value(c: Card) -> int:
    """A card's value for comparing points: ace 11, court cards 10, others their number."""
    return 11 if c.rank == ACE else 10 if c.rank >= JACK else c.rank


def point_of(hand: Iterable[Card]) -> tuple[int, int, Suit]:
    """The best point: (length, value, suit) of the longest suit, the higher value on equal length."""
    hand = list(hand)
    best = (0, 0, SUITS[0])
    for i, suit in enumerate(SUITS):
        cards = [c for c in hand if c.suit is suit]
        key = (len(cards), sum(card_value(c) for c in cards), suit)
        if i == 0 or key[:2] > best[:2]:
            best = key
    return best


def runs(hand: Iterable[Card]) -> list[tuple[int, int, Suit]]:
    """Every sequence held: each maximal run of three or more ranks in a row in one suit, as
    (length, top rank, suit), best first (longest, then highest top)."""
    hand, found = list(hand), []
    for suit in SUITS:
        ranks = sorted(c.rank for c in hand if c.suit is suit)
        start = 0
        for i in range(1, len(ranks) + 1):
            if i == len(ranks) or ranks[i] != ranks[i - 1] + 1:
                if i - start >= 3:
                    found.append((i - start, ranks[i - 1], suit))
                start = i
    return sorted(found, key=lambda r: (-r[0], -r[1], SUITS.index(r[2])))


def sets_of(hand: Iterable[Card]) -> list[tuple[int, int]]:
    """Every set held (PQ-1: tens or better, three or four of a rank) as (count, rank), best first."""
    counts = Counter(c.rank for c in hand if c.rank >= 10)
    return sorted(((n, r) for r, n in counts.items() if n >= 3), reverse=True)


def run_cards(length: int, top: int, suit: Suit) -> tuple[Card, ...]:
    """The cards of a run, top first."""
    return tuple(card(r, suit) for r in range(top, top - length, -1))


def is_carte_blanche(hand: Iterable[Card]) -> bool:
    """PQ-5: twelve cards without a king, queen or jack."""
    return not any(JACK <= c.rank <= KING for c in hand)


def partie_margin(winner_total: int, loser_total: int) -> int:
    """The margin of a partie: winner - loser + 100 when the loser crossed the Rubicon (100 or
    more), otherwise winner + loser + 100 (the seed's examples: 128-119 gives 109, 117-96 313)."""
    if loser_total >= RUBICON:
        return winner_total - loser_total + 100
    return winner_total + loser_total + 100


class Category:
    """One kind of declaration: how a hand's best holding is keyed, scored and spoken about."""

    name = ""
    two_levels = True

    def key(self, hand: Sequence[Card]) -> tuple[int, int] | None:
        """The best holding as a comparable (first level, second level), or None."""
        raise NotImplementedError

    def points(self, hand: Sequence[Card]) -> int:
        raise NotImplementedError

    def first(self, key: tuple[int, ...], plain: bool) -> str:
        """What a declaration says first ("a point of five", "a quart", "three kings")."""
        raise NotImplementedError

    def second(self, key: tuple[int, ...]) -> str:
        """What is said after "equal" ("worth 48", "to the king")."""
        return ""

    def reveal(self, hand: Sequence[Card], plain: bool) -> tuple[str, tuple[Card, ...]]:
        """What the scorer names, and the cards that naming makes public."""
        raise NotImplementedError


class PointCategory(Category):
    name = "point"

    def key(self, hand):
        length, value, _ = point_of(hand)
        return (length, value)

    def points(self, hand):
        return point_of(hand)[0]

    def first(self, key, plain):
        return f"a point of {key[0]}"

    def second(self, key):
        return f"worth {key[1]}"

    def reveal(self, hand, plain):
        return f"a point of {point_of(hand)[0]}", ()


class SequenceCategory(Category):
    name = "sequence"

    def key(self, hand):
        found = runs(hand)
        return found[0][:2] if found else None

    def points(self, hand):
        return sum(SEQ_POINTS[length] for length, _, _ in runs(hand))

    def first(self, key, plain):
        return seq_name(key[0], plain, article=True)

    def second(self, key):
        return f"to the {RANK_WORD[key[1]]}"

    def reveal(self, hand, plain):
        found = runs(hand)
        names = [
            f"{seq_name(n, plain, article=True)} to {run_cards(n, top, s)[0].text}" for n, top, s in found
        ]
        return _join(names), tuple(c for n, top, s in found for c in run_cards(n, top, s))


class SetsCategory(Category):
    name = "sets"
    two_levels = False

    def key(self, hand):
        found = sets_of(hand)
        return found[0] if found else None

    def points(self, hand):
        return sum(SET_POINTS[n] for n, _ in sets_of(hand))

    def first(self, key, plain):
        return set_name(key, plain)

    def reveal(self, hand, plain):
        found = sets_of(hand)
        shown = tuple(c for c in sorted(hand, key=lambda c: c.index) if (4, c.rank) in found)
        return _join([set_name(k, plain) for k in found]), shown


CATEGORY = {c.name: c for c in (PointCategory(), SequenceCategory(), SetsCategory())}


def seq_name(length: int, plain: bool, article: bool = False) -> str:
    if plain:
        return f"{'a ' if article else ''}run of {length}"
    return f"{'a ' if article else ''}{SEQ_NAMES[length]}"


def set_name(key: tuple[int, int], plain: bool) -> str:
    count, rank = key
    if plain:
        return f"{NUMBER_WORD[count]} {RANK_PLURAL[rank]}"
    return f"{'a quatorze' if count == 4 else 'a trio'} of {RANK_PLURAL[rank]}"


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


# ---------------------------------------------------------------- the state


class Piquet(TrickGame):
    """State of a Piquet match (one partie, or a series of them).

    Phases: ``exchange`` (elder, then the dealer), ``peek`` (elder, having taken fewer than five,
    may look at the rest of the five: steps ``offer`` then ``back``), ``leftover`` (the dealer may
    show the rest of the talon), ``declare`` (steps ``elder``, ``answer``, ``dealer`` for each
    category), ``play``, ``over``."""

    status: tuple[str, ...]  # replaced when a seat's status changes (rarely)
    _COPY = {
        "pack": SHARED,
        "talon": SHARED,  # replaced, never changed in place
        "leftover": SHARED,
        "discards": LISTS,
        "picked": LIST,
        "stage_pts": LISTS,
        "leads": LIST,
        # a tuple a seat, replaced as it grows: named, voids, played
        "named": LIST,
        "voids": LIST,
        "played": LIST,
    }  # the claims, sayings, notes, sheet and results of the match are tuples, replaced as they grow;
    # so are the seats' exchanges (took, drawn), carte blanche (blanche, shown) and the series

    def __init__(self, rules: Rules, num_seats: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(rules, num_seats, options, seed)
        self.pack = deck_32()
        self.ranking = NO_TRUMPS
        self.plain = options["names"] == "plain"
        self.first_dealer = self.rng.randrange(2)
        self.partie = 1
        self.partie_hand = 0
        self.sheet: tuple[tuple, ...] = ()  # this partie: (hand in partie, dealer, points, totals)
        # finished parties: (partie, totals, winner or None, margin, hands)
        self.results: tuple[tuple, ...] = ()
        self.series: tuple[int, ...] = (0, 0)  # running total of margins won
        # private events named only during their hand: (event index, plain text)
        self.notes: tuple[tuple, ...] = ()
        self.dealer = self.first_dealer
        self._deal()

    # -- dealing -----------------------------------------------------------
    @property
    def elder(self) -> int:
        return 1 - self.dealer

    def _deal(self) -> None:
        self.hand_number += 1
        self.partie_hand += 1
        deck = list(self.pack)
        self.rng.shuffle(deck)
        self.begin_hand(deck[0:HAND_SIZE], deck[HAND_SIZE : 2 * HAND_SIZE], deck[2 * HAND_SIZE :])

    def begin_hand(self, first: list[Card], second: list[Card], talon: list[Card]) -> None:
        """Start the current hand with these cards (seat 0's, seat 1's, the talon from the top):
        carte blanche, then elder's exchange.  Tests call it to set up an exact deal."""
        self.hands = [list(first), list(second)]
        self.talon = list(talon)
        self._reset_hand()
        self._fade_notes()
        self.log(
            "deal",
            f"Partie {self.partie}, hand {self.partie_hand}: {{p{self.dealer}}} deals, "
            f"{{p{self.elder}}} is elder",
            self.dealer,
        )
        self.phase, self.step = "exchange", ""
        self.to_act = self.elder
        self._ask_blanche(self.elder)

    def _reset_hand(self) -> None:
        """A fresh hand: the exchange, then :meth:`_reset_scoring`."""
        self.discards: list[list[Card]] = [[], []]
        self.drawn: tuple[tuple[Card, ...], ...] = ((), ())
        self.picked: list[Card] = []
        self.took: tuple[int, ...] = (0, 0)
        self.peek_count = 0  # how many talon cards elder looked at (public; which ones is not)
        self.peek_event: int | None = None
        self.blanche: tuple[bool, ...] = (False, False)
        self.shown: tuple[tuple[Card, ...], ...] = ((), ())
        self.leftover: list[Card] = []
        self._reset_scoring()

    def _reset_scoring(self) -> None:
        """The hand's declarations, tricks and points."""
        self.named: list[tuple[Card, ...]] = [(), ()]  # cards named by scored declarations this hand (public)
        self.stage_pts = [[0] * len(STAGES) for _ in range(2)]
        self.bonus: tuple[str, int] | None = None
        self.claims: tuple[tuple, ...] = ()
        # the declarations' outcome: (category, scorer or None, points, words)
        self.said: tuple[tuple, ...] = ()
        self.category = 0
        self.step = ""
        self.offer: tuple[int, ...] | None = None  # what elder has said in this category (public)
        self.voids: list[tuple[str, ...]] = [(), ()]
        self.played: list[tuple[Card, ...]] = [(), ()]
        self.leads = [0, 0]
        self.won = [(), ()]
        self.tricks_won = [0, 0]
        self.trick = ()
        self.bids = ("", "")
        self.status = with_seat(("", ""), self.elder, "elder")

    def _ask_blanche(self, s: int) -> None:
        """PQ-5: a holder of carte blanche about to exchange is first asked whether to declare it
        (step ``blanche``, seen by the holder only)."""
        if is_carte_blanche(self.hands[s]):
            self.step = "blanche"

    def _apply_blanche(self, action: Action) -> None:
        s = self.acting
        self.step = ""
        if action is DECLARE_BLANCHE:
            self._carte_blanche(s)
        else:
            self.log("info", "You keep your carte blanche to yourself", s, visible_to=s)

    def _carte_blanche(self, s: int) -> None:
        """PQ-5: declared: 10 points at once, and the hand is shown."""
        self.blanche = with_seat(self.blanche, s, True)
        self.status = with_seat(self.status, s, ("elder, " if s == self.elder else "") + "carte blanche")
        self._show_hand(s, "declares carte blanche and shows it")
        self._add(s, "blank", BLANK_POINTS, f"{{p{s}}} scores {BLANK_POINTS} for carte blanche")

    def _show_hand(self, s: int, what: str) -> None:
        cards = tuple(sorted(self.hands[s], key=lambda c: c.index))
        self.shown = with_seat(self.shown, s, tuple(cards))
        self.log("bid", f"{{p{s}}} {what}: {cards_text(cards)}", s, cards=cards)

    # -- scoring helpers -----------------------------------------------------
    def hand_total(self, s: int) -> int:
        return sum(self.stage_pts[s])

    def _add(self, s: int, stage: str, pts: int, text: str = "", counts: bool = True) -> None:
        """Score ``pts`` for seat ``s`` in ``stage``; then check repique/pique (PQ-3) unless the
        points do not count toward them (``counts=False``: capot)."""
        if pts == 0:
            return
        self.stage_pts[s][STAGE[stage]] += pts
        self.scores[s] += pts
        if text:
            self.log("bid" if stage != "play" else "info", text, s)
        if counts:
            self._check_bonus(s)

    def _check_bonus(self, s: int) -> None:
        """Repique (60, before play) or pique (30, during play): the first to reach 30 in this
        hand while the opponent has scored nothing, once per hand (PQ-3)."""
        if self.bonus is not None or self.hand_total(s) < BONUS_AT or self.hand_total(1 - s) != 0:
            return
        kind, pts = ("pique", PIQUE) if self.phase == "play" else ("repique", REPIQUE)
        self.bonus = (kind, s)
        self.stage_pts[s][STAGE["bonus"]] += pts
        self.scores[s] += pts
        self.log("bid", f"{{p{s}}} reaches 30 while {{p{1 - s}}} has nothing: {kind}, +{pts}", s)

    # -- the protocol --------------------------------------------------------
    def takes_back(self, action: Action) -> bool:
        return action.kind == "keep"  # a card picked for the exchange, kept after all

    def silent(self, action: Action) -> bool:
        """PQ-5: a carte blanche kept quiet leaves nothing the other player sees."""
        return action is SINK_BLANCHE

    def _legal(self) -> list[Action]:
        if self.phase == "exchange":
            return self._legal_exchange()
        if self.phase == "leftover":
            return [SHOW_LEFTOVER, HIDE_LEFTOVER]
        if self.phase == "peek":
            return [LOOK, NO_LOOK] if self.step == "offer" else [PUT_BACK]
        if self.phase == "declare":
            return self._legal_declare()
        return self._legal_play()

    def _apply(self, action: Action) -> None:
        if self.phase == "exchange":
            self._apply_exchange(action)
        elif self.phase == "leftover":
            self._apply_leftover(action)
        elif self.phase == "peek":
            self._apply_peek(action)
        elif self.phase == "declare":
            self._apply_declare(action)
        else:
            self._apply_play(action)

    # -- the exchange ----------------------------------------------------------
    def exchange_limit(self) -> int:
        """At most five for elder; for the dealer at most five or what remains (PQ-4)."""
        return min(MAX_EXCHANGE, len(self.talon))

    def peeked_cards(self) -> list[Card]:
        """The cards elder looked at: the top of the talon, or once the dealer has drawn, the first
        of the dealer's new cards and then the top of what is left."""
        taken = self.drawn[self.dealer][: self.peek_count]
        return [*taken, *self.talon[: self.peek_count - len(taken)]]

    def _legal_exchange(self) -> list[Action]:
        if self.step == "blanche":
            return [DECLARE_BLANCHE, SINK_BLANCHE]  # declaring first: the default answer (PQ-5)
        s, room = self.acting, len(self.picked) < self.exchange_limit()
        picked = self.picked
        acts = []
        for c in sorted(self.hands[s], key=by_index):
            if c in picked:
                acts.append(_KEEP[c])
            elif room:
                acts.append(_DISCARD[c])
        if picked:
            acts.append(_EXCHANGES[len(picked)])
        return acts

    def _apply_exchange(self, action: Action) -> None:
        if self.step == "blanche":
            self._apply_blanche(action)
        elif action.kind == "discard":
            self.picked.append(action.the_card)
        elif action.kind == "keep":
            self.picked.remove(action.the_card)
        else:
            self._exchange(self.acting)

    def _exchange(self, s: int) -> None:
        n = len(self.picked)
        for c in self.picked:
            self.hands[s].remove(c)
        self.discards[s] = list(self.picked)
        self.drawn = with_seat(self.drawn, s, tuple(self.talon[:n]))
        self.talon = self.talon[n:]
        self.hands[s].extend(self.drawn[s])
        self.took = with_seat(self.took, s, n)
        self.picked = []
        self.log("bid", f"{{p{s}}} exchanges {n} card{'s' if n > 1 else ''}", s)
        self._note(
            s,
            f"You put away {cards_text(self.discards[s])} and draw {cards_text(self.drawn[s])}",
            f"You exchanged {n} card{'s' if n > 1 else ''}",
            tuple(self.drawn[s]),
        )
        if s == self.elder:
            self._after_elder_exchange(n)
            return
        if self.peek_event is not None:
            self._retell_peek(self.peek_event)
        if self.talon:
            self.phase = "leftover"
        else:
            self._start_declarations()

    def _note(self, s: int, text: str, plain: str, cards: tuple[Card, ...]) -> None:
        """A private event for ``s`` whose cards are named only during this hand."""
        self.notes += ((len(self.events), plain),)
        self.log("info", text, s, visible_to=s, cards=cards)

    def _fade_notes(self) -> None:
        """At a new deal the last hand's private notes lose their cards: a discard or a talon card
        seen then may be dealt to the opponent now (the log keeps what happened, not the cards)."""
        for i, plain in self.notes:
            e = self.events[i]
            self.events[i] = make_event(e.kind, plain, e.seat, e.visible_to, (), (), e.hand)
        self.notes = ()

    def _retell_peek(self, at: int) -> None:
        """Once the dealer has drawn, elder's look at the talon (event ``at``) names only the cards
        still there: elder's view must not name a card the dealer now holds (PQ-8, the leak check)."""
        e = self.events[at]
        plain = next(text for i, text in self.notes if i == at)
        taken = min(self.took[self.dealer], self.peek_count)
        left = self.peeked_cards()[taken:]
        text = f"{plain}; {{p{self.dealer}}} has taken the first {_count(taken)} you saw"
        if left:
            text += f", {cards_text(left)} still in the talon"
        self.events[at] = make_event(e.kind, text, e.seat, e.visible_to, tuple(left), (), e.hand)

    def _after_elder_exchange(self, n: int) -> None:
        """Elder took fewer than five: elder may look at the rest of the five, then puts them
        back (phase ``peek``); otherwise the dealer's turn."""
        if n < MAX_EXCHANGE:
            self.phase = "peek"
            self.step = "offer"
            return
        self._dealer_exchanges()

    def _dealer_exchanges(self) -> None:
        self.phase, self.step = "exchange", ""
        self.to_act = self.dealer
        self._ask_blanche(self.dealer)

    def _apply_peek(self, action: Action) -> None:
        e = self.elder
        if action is LOOK:  # a private reveal: the cards are named to elder alone
            self.peek_count = MAX_EXCHANGE - self.took[e]
            seen = self.peeked_cards()
            self.log("bid", f"{{p{e}}} looks at the {_count(len(seen))} left of the first five", e)
            self.peek_event = len(self.events)
            self._note(
                e,
                f"You see {cards_text(seen)}, then put them back",
                f"You looked at {_count(len(seen))} left in the talon",
                tuple(seen),
            )
            self.step = "back"
            return
        if action is NO_LOOK:
            self.log("bid", f"{{p{e}}} does not look at the talon", e)
        self._dealer_exchanges()

    def _apply_leftover(self, action: Action) -> None:
        d = self.dealer
        if action is SHOW_LEFTOVER:
            self.leftover = list(self.talon)
            self.log(
                "bid",
                f"{{p{d}}} shows the {_count(len(self.talon))} left: {cards_text(self.talon)}",
                d,
                cards=tuple(self.talon),
            )
        else:
            self.log("bid", f"{{p{d}}} leaves the {_count(len(self.talon))} left face down", d)
        self._start_declarations()

    # -- declarations ------------------------------------------------------------
    def _start_declarations(self) -> None:
        self.phase = "declare"
        self.category = 0
        self._open_category()

    @property
    def current(self) -> Category:
        return CATEGORY[CATEGORIES[self.category]]

    def _open_category(self) -> None:
        """Elder speaks first in each category.  Each player is asked every time, holding
        something or not, so whose turn it is never tells what a hand holds (PQ-8)."""
        if self.category == len(CATEGORIES):
            self._start_play()
            return
        self.offer = None
        self.step, self.to_act = "elder", self.elder

    def _silent(self, s: int) -> None:
        """Sinking and holding nothing sound the same at the table (PQ-8)."""
        self.log("bid", f"{{p{s}}}: no {self.current.name}", s)

    def _legal_declare(self) -> list[Action]:
        name = self.current.name
        if self.step in ("elder", "dealer"):
            held = self.current.key(self.hands[self.acting]) is not None
            return [DECLARE[name], SINK[name]] if held else [SINK[name]]
        return [GOOD] + [ANSWERS[a] for a in self._answers_beyond_good()]

    def _answers_beyond_good(self) -> list[str]:
        """The dealer's truthful answer to elder's declaration, when it is not "good"."""
        mine, offer = self.current.key(self.hands[self.dealer]), self._offered()
        if mine is None:
            return []
        if mine[: len(offer)] > offer:
            return ["not good"]
        if self.current.two_levels and mine[0] == offer[0]:
            return ["equal"]
        return []

    def _offered(self) -> tuple[int, ...]:
        """What elder has declared, while the dealer answers it."""
        assert self.offer is not None, "the dealer answers only after elder has declared"
        return self.offer

    def _apply_declare(self, action: Action) -> None:
        s = self.acting
        if self.step == "answer":
            self._answer(action.text)
        elif action.kind == "sink":
            self._silent(s)
            if s == self.elder:
                self.step, self.to_act = "dealer", self.dealer
            else:
                self._close(None)
        elif s == self.elder:
            self._elder_declares()
        else:
            self._close(s)  # after elder's silence the dealer's declaration is good

    def _elder_declares(self) -> None:
        e, cat = self.elder, self.current
        held = cat.key(self.hands[e])
        assert held is not None, "elder declares only what it holds"
        offer = self.offer = held[:1] if cat.two_levels else held  # a declaration says only its first part
        self.log("bid", f"{{p{e}}} declares {cat.first(held, self.plain)}", e)
        self._claim(e, cat.name, offer + (0,) * (2 - len(offer)), offer + (99,) * (2 - len(offer)))
        self.step, self.to_act = "answer", self.dealer

    def _answer(self, answer: str) -> None:
        d, e, cat = self.dealer, self.elder, self.current
        self.log("bid", f"{{p{d}}}: {answer}", d)
        if answer == "good":
            self._close(e)
        elif answer == "not good":
            self._close(d)
        else:
            self._second_level(cat)

    def _second_level(self, cat: Category) -> None:
        """After "equal": elder states the second level and the holdings are compared as they are."""
        d, e = self.dealer, self.elder
        mine = cat.key(self.hands[d])
        offer = self.offer = cat.key(self.hands[e])
        assert mine is not None and offer is not None, "both hold one: the dealer said equal"
        self.log("bid", f"{{p{e}}}: {cat.second(offer)}", e)
        self._claim(e, cat.name, offer, offer)
        if mine > offer:
            self.log("bid", f"{{p{d}}}: not good", d)
            self._claim(d, cat.name, (mine[0], offer[1] + 1), (mine[0], 99))
            self._close(d)
        elif mine < offer:
            self.log("bid", f"{{p{d}}}: good", d)
            self._claim(d, cat.name, (mine[0], 0), (mine[0], offer[1] - 1))
            self._close(e)
        else:
            self.log("bid", f"{{p{d}}}: equal", d)
            self._claim(d, cat.name, mine, mine)
            self._close(None, tie=True)

    def _claim(self, s: int, category: str, lo: tuple, hi: tuple) -> None:
        """Remember what a declaration told the table about a hand (for :meth:`resample`)."""
        self.claims += ((s, category, "range", lo, hi),)

    def _close(self, scorer: int | None, tie: bool = False) -> None:
        """Score the category for ``scorer`` (every combination of that kind they hold), then
        move on to the next category."""
        cat = self.current
        if scorer is None:
            if tie:
                self.log("bid", f"Equal: nobody scores for {cat.name}")
            self.said += ((cat.name, None, 0, ""),)
        else:
            hand = self.hands[scorer]
            pts = cat.points(hand)
            words, cards = cat.reveal(hand, self.plain)
            self.said += ((cat.name, scorer, pts, words),)
            self.named[scorer] += tuple(cards)
            self._record_scored(scorer, cat, hand)
            self.log("bid", f"{{p{scorer}}} scores {pts} for {words}", scorer, cards=cards)
            self._add(scorer, cat.name, pts)
        self.category += 1
        self._open_category()

    def _record_scored(self, s: int, cat: Category, hand: Sequence[Card]) -> None:
        if cat.name == "point":
            length = point_of(hand)[0]
            self.claims += ((s, "point", "range", (length, 0), (length, 99)),)
        elif cat.name == "sequence":
            self.claims += ((s, "sequence", "exact", tuple(runs(hand))),)
        else:
            self.claims += ((s, "sets", "exact", tuple(sets_of(hand))),)

    # -- play ----------------------------------------------------------------
    def _start_play(self) -> None:
        self.phase = "play"
        self.step = ""
        self.leader = self.to_act = self.elder

    def _legal_play(self) -> list[Action]:
        hand = self.hands[self.acting]
        if self.trick:  # follow suit if able (follow_suit's test, without building its message)
            hand = list(filter(SUIT_CARDS[self.trick[0].cards[0].suit].__contains__, hand)) or hand
        return [_PLAY[c] for c in sorted(hand, key=by_index)]

    REWINDS = True  # the card play is plays of one card: a world can be rewound to its start

    def exact_play(self) -> Position | None:
        """Follow suit, no trumps.  A lead scores, so the hand's end depends on who took each
        trick in turn (pique is won by reaching 30 before the other player scores) (issue 34)."""
        return Position.of(self, ends_on=WINNERS) if self.phase == "play" else None

    def _apply_play(self, action: Action) -> None:
        s, c = self.acting, action.the_card
        self.played[s] += (c,)
        if not self.trick:
            self.hands[s].remove(c)
            self.trick += (seat_play(s, c),)
            self.log("play", _LEADS[s, c], s, cards=(c,))
            self.leads[s] += 1
            self._add(s, "play", 1)  # PQ-2: a point for each card led
            self.to_act = 1 - s
            return
        led = self.trick[0].cards[0].the_suit
        if c.suit is not led and led.letter not in self.voids[s]:
            self.voids[s] += (led.letter,)
        self.play_to_trick(s, c)
        winner = self.collect_trick()
        self._add(winner, "play", 1)  # PQ-2: and a point for each trick won
        if not self.hands[winner]:
            self._end_hand()

    def _end_hand(self) -> None:
        """The cards (PQ-6: not on 6-6) and capot, then the hand goes on the sheet."""
        for s in (0, 1):
            took = self.tricks_won[s]
            if took > HAND_SIZE // 2:
                self._add(s, "play", CARDS, f"{{p{s}}} wins the cards ({took} tricks), +{CARDS}")
            if took == HAND_SIZE:  # capot does not count toward pique
                self._add(
                    s,
                    "play",
                    CAPOT_EXTRA,
                    f"{{p{s}}} takes every trick: capot, +{CAPOT_EXTRA} more",
                    counts=False,
                )
        self._score_hand()

    def _score_hand(self) -> None:
        points = tuple(self.hand_total(s) for s in (0, 1))
        self.sheet += ((self.partie_hand, self.dealer, points, tuple(self.scores)),)
        lines = [self._hand_line(s) for s in (self.elder, self.dealer)]
        hands = f"{self.partie_hand} hand{'s' if self.partie_hand > 1 else ''}"
        lines.append(f"Partie {self.partie} after {hands}: {{p0}} {self.scores[0]}, {{p1}} {self.scores[1]}")
        verdict = self._partie_verdict()
        if verdict is not None:
            lines.extend(self._finish_partie(*verdict))
        self.log("hand", f"Hand {self.partie_hand} of partie {self.partie} scored", lines=tuple(lines))
        if self.result is None:
            self._next_hand()
        else:
            self.log("match", self.result.reason)

    def _hand_line(self, s: int) -> str:
        parts = [
            f"{name} {self.stage_pts[s][i]}" for i, name in enumerate(STAGES[:-2]) if self.stage_pts[s][i]
        ]
        took = self.tricks_won[s]
        extras = (", the cards" if took > HAND_SIZE // 2 else "") + (", capot" if took == HAND_SIZE else "")
        parts.append(f"play {self.stage_pts[s][STAGE['play']]} ({self.leads[s]} led, {took} won{extras})")
        if self.bonus is not None and self.bonus[1] == s:
            parts.append(f"{self.bonus[0]} {self.stage_pts[s][STAGE['bonus']]}")
        role = "elder" if s == self.elder else "dealer"
        return f"{{p{s}}} ({role}): {', '.join(parts) or 'nothing'} = {self.hand_total(s)}"

    # -- the partie and the series ---------------------------------------------
    def _partie_verdict(self) -> tuple[int | None, str] | None:
        """None while the partie goes on; else (winner or None for a draw, how it ended) (PQ-7)."""
        a, b = self.scores
        hand = self.partie_hand
        if hand == PARTIE_HANDS and a == b:
            self.log("info", f"Tied at {a}: two more hands are played")
            return None
        if hand < PARTIE_HANDS or PARTIE_HANDS < hand < PARTIE_HANDS + EXTRA_HANDS:
            return None  # PQ-7: both extra hands are played, whatever the totals after the first
        if a != b:
            return (0 if a > b else 1), ""
        return None, f"still tied at {a} after {hand} hands: a draw"

    def _finish_partie(self, winner: int | None, how: str) -> list[str]:
        totals = tuple(self.scores)
        if winner is None:
            self.results += ((self.partie, totals, None, 0, self.partie_hand),)
            lines = [f"Partie {self.partie} is {how}"]
        else:
            w, lo = totals[winner], totals[1 - winner]
            margin = partie_margin(w, lo)
            self.series = with_seat(self.series, winner, self.series[winner] + margin)
            self.results += ((self.partie, totals, winner, margin, self.partie_hand),)
            lines = [
                f"{{p{winner}}} wins partie {self.partie}, {w} to {lo}: "
                + _margin_words(w, lo, margin, winner)
            ]
        if len(self.results) == self.options["parties"]:
            self._finish_match()
        return lines

    def _next_hand(self) -> None:
        if self.results and self.results[-1][0] == self.partie:  # a new partie of the series
            self.partie += 1
            self.partie_hand = 0
            self.sheet = ()
            self.scores = [0, 0]
            self.dealer = self.first_dealer if self.partie % 2 == 1 else 1 - self.first_dealer
        else:
            self.dealer = 1 - self.dealer
        self._deal()

    def _finish_match(self) -> None:
        self.phase = "over"
        self.to_act = None
        a, b = self.series
        winners = (0, 1) if a == b else ((0,) if a > b else (1,))
        lines = tuple(_result_line(r) for r in self.results)
        self.result = Outcome((a, b), winners, self._match_reason(winners), lines)

    def _match_reason(self, winners: tuple[int, ...]) -> str:
        if len(self.results) == 1:
            _, totals, w, margin, hands = self.results[0]
            if w is None:
                return f"the partie was drawn, {totals[0]} all after {hands} hands"
            return (
                f"{{p{w}}} won the partie {totals[w]} to {totals[1 - w]}, by a margin of {margin}: "
                + _margin_sum(totals[w], totals[1 - w], w)
            )
        a, _b = self.series
        if len(winners) == 2:
            return f"the series of {len(self.results)} parties ended level at {a} each"
        w = winners[0]
        return f"{{p{w}}} won the series of {len(self.results)} parties, {self.series[w]} to {self.series[1 - w]}"

    # -- refusals ------------------------------------------------------------
    def _why_illegal(self, text: str) -> str:
        why = ""
        if self.phase == "exchange":
            why = self._why_exchange(text)
        elif self.phase == "declare":
            why = self._why_declare(text)
        elif self.phase == "play":
            why = self._why_play(text)
        return why or super()._why_illegal(text)

    def _why_exchange(self, text: str) -> str:
        if self.step == "blanche":
            return "first say whether you declare your carte blanche (declare blanche or sink blanche)"
        s, c, limit = self.acting, named_card(text), self.exchange_limit()
        if c is not None and c not in self.hands[s]:
            return f"you do not hold {c.text}"
        if text.startswith("keep") and c is not None:
            return f"{c.text} is not picked for the exchange"
        if text.startswith(EXCHANGE_ANY):
            return (
                "pick at least one card to exchange first: every player exchanges at least one"
                if not self.picked
                else f"you have picked {len(self.picked)}: confirm with exchange {len(self.picked)}"
            )
        if c is not None and text.startswith("discard"):
            whose = "" if self.acting == self.elder else f" (the talon holds {len(self.talon)})"
            return f"you may exchange at most {limit} cards{whose}: take one back first"
        if c is not None:
            return f"first pick the cards to exchange (discard {c.text}), then confirm"
        return ""

    def _why_declare(self, text: str) -> str:
        name = self.current.name
        if self.step == "answer" and text in ("not good", "equal"):
            mine = self.current.key(self.hands[self.acting])
            have = "nothing" if mine is None else self.current.first(mine, self.plain)
            said = self.current.first(self._offered(), self.plain)
            return f"your best {name} ({have}) does not make that answer to {said}"
        if text.split()[0] in ("declare", "sink", "good", "not", "equal"):
            now = (
                "answer your opponent's declaration"
                if self.step == "answer"
                else f"declare or sink your {name}"
            )
            return f"now {now}"
        return ""

    def _why_play(self, text: str) -> str:
        c = named_card(text)
        if c is None:
            return ""
        if c not in self.hands[self.acting]:
            return f"you do not hold {c.text}"
        led = self.trick[0].cards[0].suit if self.trick else None
        return follow_suit(self.hands[self.acting], led, NO_TRUMPS)[1]

    # -- labels and prompts ------------------------------------------------------
    LABELS = {
        "good": "Good",
        "not good": "Not good",
        "equal": "Equal",
        "look": "Look at them",
        "no look": "Don't look",
        "put back": "Put them back",
        **{f"declare {c}": f"Declare {c}" for c in CATEGORIES},
        **{f"sink {c}": "Say nothing" for c in CATEGORIES},
        "declare blanche": "Declare carte blanche: score 10 and show your hand",
        "sink blanche": "Keep it to yourself (no points, nothing shown)",
    }

    def label(self, action: Action) -> str:
        """The words a player reads for one of the legal actions."""
        kind = action.kind
        if kind == "play":
            return action.text
        if kind in ("discard", "keep"):
            return f"{'Put away' if kind == 'discard' else 'Take back'} {action.the_card.text}"
        if kind == EXCHANGE_ANY:
            return f"Exchange {_count(action.number)}"
        if kind in ("show", "hide"):
            n = _count(len(self.talon))
            return f"Show the {n} left" if kind == "show" else f"Leave the {n} face down"
        if kind in ("declare", "sink") and self.phase == "declare" and self.to_act is not None:
            return self._declare_label(kind)
        return self.LABELS.get(action.text) or action.label

    def _declare_label(self, kind: str) -> str:
        cat = self.current
        key = cat.key(self.hands[self.acting])
        if key is None:
            return "Say nothing"
        return f"Declare {cat.first(key, self.plain)}" if kind == "declare" else "Sink it (say nothing)"

    def _prompt(self) -> str:
        if self.phase == "exchange":
            return self._exchange_prompt()
        if self.phase == "leftover":
            return f"Show the {_count(len(self.talon))} left in the talon to both players, or not?"
        if self.phase == "peek":
            n = _count(MAX_EXCHANGE - self.took[self.elder])
            if self.step == "offer":
                return f"Look at the {n} left of your five? (They stay on the talon)"
            return f"You see {cards_text(self.peeked_cards())} on top of the talon: put them back when ready"
        if self.phase == "declare":
            return self._declare_prompt()
        if self.trick:
            return f"Follow {self.trick[0].cards[0].the_suit.noun} if you can"
        return "Lead any card"

    def _exchange_prompt(self) -> str:
        if self.step == "blanche":
            return (
                "You hold carte blanche (no king, queen or jack): declare it for 10 points, or keep it quiet?"
            )
        limit, n = self.exchange_limit(), len(self.picked)
        if not n:
            return f"Pick 1 to {limit} cards to exchange (pick one again to take it back)"
        return f"{n} picked: pick more (up to {limit}) or confirm the exchange"

    def _declare_prompt(self) -> str:
        cat, s = self.current, self.acting
        if self.step == "answer":
            mine = cat.key(self.hands[s])
            have = (
                "nothing"
                if mine is None
                else cat.first(mine, self.plain) + (f", {cat.second(mine)}" if cat.two_levels else "")
            )
            return f"They declare {cat.first(self._offered(), self.plain)}; you hold {have}"
        key = cat.key(self.hands[s])
        title = {"point": "Point", "sequence": "Sequences", "sets": "Sets"}[cat.name]
        if key is None:
            return f"{title}: you have nothing to declare, so say nothing"
        what = cat.first(key, self.plain) + (f" ({cat.second(key)})" if cat.two_levels else "")
        return f"{title}: you hold {what}. Declare it or sink it?"

    # -- views ---------------------------------------------------------------
    def _sorted_hand(self, seat: int) -> list[Card]:
        """The generic display order (suits alternating in colour, high to low), with a
        precomputed key: no trumps to consider (speed: every view sorts a hand)."""
        return sorted(self.hands[seat], key=DISPLAY_ORDER.__getitem__)

    def _view_info(self, seat: int | None) -> list[InfoLine]:
        hands = PARTIE_HANDS + (EXTRA_HANDS if self.partie_hand > PARTIE_HANDS else 0)
        info = [
            InfoLine(
                "partie",
                "Partie",
                f"{self.partie} of {self.options['parties']}, hand {self.partie_hand} of {hands}",
            ),
            InfoLine("elder", "Elder", f"{{p{self.elder}}}"),
        ]
        if self.phase in ("exchange", "peek", "leftover"):
            info.append(InfoLine("talon", "Talon", f"{_count(len(self.talon))}"))
        if self.options["parties"] > 1:
            info.append(InfoLine("series", "Series", f"{{p0}} {self.series[0]}, {{p1}} {self.series[1]}"))
        return info

    def _view_extra(self, seat: int | None) -> PiquetView:
        mine = seat is not None and seat in (0, 1)
        return PiquetView(
            elder=self.elder,
            partie=self.partie,
            parties=self.options["parties"],
            partie_hand=self.partie_hand,
            stage=self.phase,
            step="" if self.step == "blanche" and seat != self.to_act else self.step,  # PQ-5
            category=CATEGORIES[self.category] if self.phase == "declare" else "",
            offer=self.offer if self.phase == "declare" else None,
            exchange_limit=self.exchange_limit() if self.phase == "exchange" else 0,
            picked=tuple(self.picked) if mine and seat == self.to_act and self.phase == "exchange" else (),
            talon=len(self.talon),
            took=tuple(self.took),
            my_discards=tuple(self.discards[seat]) if seat is not None and mine else (),
            seen=tuple(c for c in self.peeked_cards() if c in self.talon)
            if mine and seat == self.elder
            else (),
            leftover=tuple(self.leftover),
            blanche=tuple(self.blanche),
            shown=tuple(tuple(x) for x in self.shown),
            named=tuple(tuple(x) for x in self.named),
            said=tuple(self.said),
            stages=tuple(tuple(x) for x in self.stage_pts),
            bonus=self.bonus,
            sheet=tuple(self.sheet),
            results=tuple(self.results),
            series=tuple(self.series),
            plain=self.plain,
        )

    # -- cards and checks --------------------------------------------------------
    def zones(self) -> dict[str, list[Card]]:
        zones = super().zones()
        zones["talon"] = list(self.talon)
        zones.update({f"discards {s}": list(d) for s, d in enumerate(self.discards)})
        return zones

    def check_invariants(self) -> None:
        assert sum(self.tricks_won) * 2 == sum(len(w) for w in self.won)
        assert len(self.talon) + sum(self.took) == TALON_SIZE
        assert all(len(d) == t for d, t in zip(self.discards, self.took))
        done = [sum(row[2][s] for row in self.sheet) for s in (0, 1)]
        running = [0 if self.phase == "over" else self.hand_total(s) for s in (0, 1)]
        assert all(done[s] + running[s] == self.scores[s] for s in (0, 1)), "the sheet must add up"
        margins = tuple(sum(r[3] for r in self.results if r[2] == s) for s in (0, 1))
        assert margins == self.series, "the series totals are the margins won"

    # -- possible worlds for search bots (the hooks of TrickGame.sampler) ---------
    # Hidden from a seat: the opponent's hand, the opponent's discards and the talon.  Known:
    # its own cards, every played card, the opponent's named sequences and quatorze, a carte
    # blanche shown before its holder's exchange, a shown leftover and (elder) the peeked cards.
    def _known_in_hand(self, seat: int, other: int) -> tuple[Card, ...]:
        known = set()
        if self.shown[other] and not self.took[other]:  # carte blanche shown, not yet exchanged
            known |= set(self.shown[other])
        elsewhere = (
            set(self.hands[seat])
            | set(self.discards[seat])
            | set(self.played[seat])
            | set(self._known_talon(seat))
        )
        for claim in self.claims:
            if claim[0] == other:
                known |= set(_claim_cards(claim, elsewhere))
        if seat == self.elder:
            known |= set(self.drawn[other][: self.peek_count])
        return tuple(sorted(known - set(self.played[other]), key=lambda c: c.index))

    def _known_talon(self, seat: int) -> list[Card]:
        if self.leftover:
            return list(self.talon)
        return [c for c in self.peeked_cards() if c in self.talon] if seat == self.elder else []

    def _hidden_piles(self, seat: int) -> list[Place]:
        """The opponent's discards (a shown carte blanche limits them to its cards) and the talon
        (a shown leftover is known; elder knows the peeked cards still on top, in order)."""
        opp, places = 1 - seat, []
        shown = frozenset(self.shown[opp])
        if self.took[opp]:
            others = frozenset(c for c in self.pack if c not in shown) if shown else frozenset()
            places.append(Place("discards", opp, self.took[opp], (), others))
        if self.talon:
            places.append(Place("talon", None, len(self.talon), tuple(self._known_talon(seat)), shown))
        return places

    def sampler(self, seat: int) -> Callable[[random.Random], GameState]:
        """The generic plan, dealing so that what was declared about the opponent's hand holds
        (see :class:`ClaimsPlan`)."""
        plan = super().sampler(seat)
        if not isinstance(plan, DealPlan):
            return plan
        opp = 1 - seat
        claims = [c for c in self.claims if c[0] == opp]
        at = next((i for i, p in enumerate(plan.places) if p.attr == "hands" and p.index == opp), None)
        if not claims or at is None:
            return plan
        fixed = list(plan.places[at].known) + list(self.played[opp])
        return ClaimsPlan(plan, at, lambda hand: sum(not _claim_holds(c, fixed + hand) for c in claims))

    def _forget(self, base: Piquet, seat: int) -> None:
        """Also forget the opponent's picks and new cards, and keep the private notes (this
        hand's) pointing at the events the seat may see."""
        super()._forget(base, seat)
        opp = 1 - seat
        where = {id(e): i for i, e in enumerate(base.events)}
        base.notes = tuple(
            (where[id(self.events[i])], plain) for i, plain in self.notes if id(self.events[i]) in where
        )
        base.peek_event = None if self.peek_event is None else where.get(id(self.events[self.peek_event]))
        base.drawn = with_seat(
            base.drawn, opp, self.drawn[opp][: self.peek_count] if seat == self.elder else ()
        )
        if self.phase == "exchange" and self.to_act == opp:
            base.picked = []


def _count(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def _margin_words(w: int, lo: int, margin: int, winner: int) -> str:
    if lo >= RUBICON:
        return f"{{p{1 - winner}}} crossed the Rubicon, so the margin is {w} - {lo} + 100 = {margin}"
    return (
        f"{{p{1 - winner}}} did not cross the Rubicon (100), so the loser's points count for the winner "
        f"too: the margin is {w} + {lo} + 100 = {margin}"
    )


def _margin_sum(w: int, lo: int, winner: int) -> str:
    """How a partie's margin is made, in words that make the number clear."""
    if lo >= RUBICON:
        return f"{w} - {lo} + 100 for the partie ({{p{1 - winner}}} crossed the Rubicon of 100)"
    return (
        f"{w} + {lo} + 100 for the partie ({{p{1 - winner}}} did not cross the Rubicon of 100, "
        f"so the loser's points count for the winner)"
    )


def _result_line(r: tuple) -> str:
    partie, totals, w, margin, hands = r
    if w is None:
        return f"Partie {partie}: drawn at {totals[0]} all after {hands} hands"
    return f"Partie {partie}: {{p{w}}} {totals[w]} to {totals[1 - w]}, margin {margin} = " + _margin_sum(
        totals[w], totals[1 - w], w
    )


# ---------------------------------------------------------------- resampling


class ClaimsPlan(DealPlan):
    """A deal plan whose worlds also agree with the declarations (PQ-8: what was said about
    the opponent's point, sequences and sets).  Plain deals are tried first (``TRIES``; exactly
    uniform among the worlds that fit); if none fits, the closest is repaired by swapping cards
    between the opponent's hand and the other hidden places (never breaking a void or another
    restriction) while no more declarations fail, and the whole is tried again (``ROUNDS``) if
    the repair got stuck.  Built only from the seat's information."""

    TRIES = 40
    REPAIRS = 600
    #: rounds of tries and a repair: a repair is a local search that can get stuck (measured: one
    #: world in 25 still broke a declaration after one round, none of 200 after three)
    ROUNDS = 8

    def __init__(self, plan: DealPlan, at: int, broken) -> None:
        super().__init__(plan.base, plan.seat, plan.places, plan.pool, None)
        self.at, self.broken = at, broken  # broken(hand cards dealt) -> declarations that fail

    def deal(self, rng: random.Random) -> list[list[Card]]:
        for _ in range(self.ROUNDS):
            best, fails = None, None
            for _ in range(self.TRIES):
                dealt = self._deal(rng)
                n = self.broken(dealt[self.at])
                if n == 0:
                    return dealt
                if fails is None or n < fails:
                    best, fails = dealt, n
            assert best is not None and fails is not None, "TRIES deals were tried"
            dealt = self._repair(best, fails, rng)
            if self.broken(dealt[self.at]) == 0:
                return dealt
        return dealt

    def _repair(self, dealt: list[list[Card]], fails: int, rng: random.Random) -> list[list[Card]]:
        hand, places = dealt[self.at], self.places
        others = [i for i, p in enumerate(places) if i != self.at and p.free]
        for _ in range(self.REPAIRS if others and hand else 0):
            if fails == 0:
                break
            j = rng.choice(others)
            a, b = rng.randrange(len(hand)), rng.randrange(len(dealt[j]))
            x, y = hand[a], dealt[j][b]
            if y in places[self.at].forbidden or x in places[j].forbidden:
                continue
            hand[a], dealt[j][b] = y, x
            n = self.broken(hand)
            if n <= fails:
                fails = n
            else:
                hand[a], dealt[j][b] = x, y
        return dealt


def _claim_cards(claim: tuple, elsewhere: AbstractSet[Card] = frozenset()) -> list[Card]:
    """The cards a claim proves the declarer holds: every run of a scored sequence, every card
    of a declared quatorze, and the three of a trio whose fourth card is known to be elsewhere."""
    _, category, kind, *data = claim
    if category == "sequence" and kind == "exact":
        return [c for n, top, suit in data[0] for c in run_cards(n, top, suit)]
    if category != "sets":
        return []
    held = data[0] if kind == "exact" else [data[0]] if data[0] == data[1] else []
    out: list[Card] = []
    for n, rank in held:
        four = [card(rank, suit) for suit in SUITS]
        if n == 4 or sum(c in elsewhere for c in four) == 1:
            out.extend(c for c in four if c not in elsewhere)
    return out


def _claim_holds(claim: tuple, hand: Sequence[Card]) -> bool:
    """Does a hand of twelve agree with what was said about it?"""
    _, category, kind, *data = claim
    if kind == "exact":
        found = tuple(runs(hand)) if category == "sequence" else tuple(sets_of(hand))
        return found == data[0]
    key = CATEGORY[category].key(hand)
    return key is not None and data[0] <= key <= data[1]


class PiquetRules(Rules):
    state_class = Piquet
    options = (
        Option(
            "parties",
            1,
            "How many parties make the match; the margins won add up to a running total.",
            minimum=1,
            maximum=10,
        ),
        Option(
            "names",
            "french",
            "How combinations are called: french (tierce, quart, quatorze...) or plain "
            "(run of 3, four kings...).",
            choices=("french", "plain"),
        ),
    )
    summary = """\
Piquet — 2 players, 32 cards (7 to ace, ace high), no trumps.

A partie is six hands; the deal alternates and the first dealer is drawn at random.  The
player who does not deal is "elder".  Each player gets twelve cards; eight more lie face down
as the talon.

Carte blanche: a hand dealt without any king, queen or jack may be declared for 10 points; it
is then shown to the other player.  If you hold one you are asked privately at the start of your
exchange turn (elder before exchanging, the dealer before the dealer's exchange, after elder's).
Declaring is offered first; if you keep it to yourself you score nothing for it, and the other
player never learns you were asked.

The exchange: elder puts away 1 to 5 cards and draws as many from the top of the talon.  If elder
takes fewer than five, elder gets a private look at the rest of those five.  The dealer then
exchanges at least 1 card and at most 5 or whatever is left, and may show anything still left to
both players.  At the table you pick cards with Enter or a click (pick one again to take it
back), then confirm with the Exchange choice.  If you take fewer than five as elder you are
offered a look at the rest of your five, which you then put back; the side panel keeps your
discards and any card you saw that is still in the talon (once the dealer has drawn some of
them, the log keeps how many, not which).

Declarations, in this order: point, sequences, sets.  Elder speaks first and either declares
the best holding of that kind or says nothing (sinks it); the dealer then answers "good" (you
win it), "not good" (I hold better) or "equal".  If elder says nothing, the dealer may declare
and wins it.  Both players are asked every time, even with nothing to declare, so the turns
give nothing away.  The table checks every claim, so nobody needs to ask to see cards.
- Point: the longest suit, one point per card.  On equal length the value decides (ace 11,
  court cards 10, others their number); equal value scores nothing.
- Sequences: three or more cards in a row in one suit.  A run of 3 scores 3, of 4 scores 4,
  of 5 to 8 scores 15 to 18 (tierce, quart, quint, sixième, septième, huitième).  The longest
  wins, then the higher top card; an exact tie scores nothing.  The winner scores every
  sequence they hold and names them all, so their cards become known.
- Sets: three or four tens, jacks, queens, kings or aces.  Four of a kind scores 14 and beats
  any three, which score 3; then the higher rank wins.  The winner scores every set they hold.

A declaration tells only its first part (how many cards, or which set); after "equal" the
value or the top card is compared automatically.

Repique: reaching 30 points in a hand from carte blanche and declarations alone, while the
opponent has scored nothing in that hand, adds 60.  Points count in the order carte blanche,
point, sequences, sets, so 30 reached before the opponent's first score counts even if the
opponent scores later.  Pique: reaching 30 later in the hand (the 10 for the cards included,
capot not) while the opponent still has nothing adds 30; only elder can, since elder scores
for the first lead.  One of the two at most per hand.

Play: elder leads; follow suit if you can, otherwise play anything; the highest card of the led
suit wins, and the winner leads next.  Every card played this hand stays in the log, so both
players can look through the tricks taken.  You score 1 for each card you lead and 1 for each trick
you win (this table follows the source here, not the older rule of scoring only for winning
the opponent's lead).  Seven or more tricks win "the cards" for 10; six each scores nothing.
Taking all twelve tricks (capot) scores 40 in all: 30 more on top of the cards.

The partie: after six hands the higher total wins.  If the loser has 100 or more (crossed the
Rubicon) the margin is winner minus loser plus 100; otherwise the loser's points count for the
winner too, and the margin is winner plus loser plus 100 (221 to 77 gives 398).  A tie after six
hands always plays two more hands, the deal still alternating, and the totals after the eighth
decide the winner and the margin; still tied, the partie is drawn.

Options: parties sets how many parties make the match (the margins add up; the first dealer
alternates from partie to partie, and the higher running total wins).  names chooses the French
names of the combinations or plain words.  The side panel shows this hand's points by stage
(blank, point, sequence, sets, play, bonus), your discards, the cards you looked at, and the
partie sheet with the Rubicon result."""

    def ending_text(self, num_seats: int, options: Mapping[str, Any]) -> str:
        parties = options["parties"]
        if parties == 1:
            return "One partie: six hands (eight after a tie)"
        return limited(f"{counted(parties, 'partie')} of six hands: the higher running total wins", None)

    def max_game_length(self, num_seats: int, options: Mapping[str, Any]) -> int:
        """A partie is six hands, eight after a tie (PQ-7).  A hand: carte blanche questions,
        two exchanges of up to five picks that may be put back (TAKE_BACKS each of twelve
        cards) with their confirm, elder's look and put back, the leftover, three declarations
        with their answers (about four actions each) and 24 cards: under 200 actions."""
        per_hand = 2 + 2 * (HAND_SIZE * TAKE_BACKS + 1) + 2 + 1 + 3 * 4 + 2 * HAND_SIZE
        return options["parties"] * (PARTIE_HANDS + EXTRA_HANDS) * per_hand


RULES = PiquetRules()
