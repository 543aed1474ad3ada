"""Page One: follow suit or draw until you can; the first with no cards wins (seed 001).

Two to four players, 52 cards plus one joker, aces high.  Four cards each, one at a time from
the dealer's left; the rest is a face-down stock.  Left of the dealer leads any card and the
others must follow the led suit.  A player who cannot follow draws from the stock, one card at a
time (each draw is its own ``draw`` action, so the table shows it as a step), until a card of
the led suit comes; holding the led suit again, they must play it.  Each draw is public as a
draw; the card drawn is shown only to the drawer.

The highest card of the led suit wins (PO-1: every other card played is of that suit); the
joker wins any trick it is in.  The joker (PO-2, revised): a player who holds the led suit must
follow it, so the joker is played when leading, by a void player instead of drawing, or at once
when it is drawn; option ``joker_any`` allows it on any trick (the rule of other rule books).
After a joker lead the next player plays any card, and that card's suit must be followed.

Finished tricks go face up onto a discard pile.  A player who must draw from an empty stock
first turns the discard pile (finished tricks only, PO-4) into a new shuffled stock; with no
discards either, the game ends as a draw.  A void player who holds the joker plays it then.

"Page One!" (PO-3): a play that leaves a player with one card is offered two ways, ``call QS``
(play and call) and ``silent QS`` (play without calling; a plain ``QS`` is then refused).  Every
such play needs the call, however often it happens (PO-6).  A missed call is noticed as the turn
passes, before the next player acts (or before the offender leads their last card after winning
the trick): the offender draws five cards.  Option ``auto_call`` makes every call automatic.
(Only a silent play can end in a penalty, so a plain play never changes its player's hand by
more than the card played: what the conformance suite's checks of past plays rely on.)

The first player whose hand is empty wins at once, even mid-trick (PO-5).  Option ``target``
plays a series: each game's winner scores one point per card left in the other hands, the deal
passes left, and the first to reach the target wins the match.

Endless play (PO-7, PO-8).  With an empty stock, two players can pass the same few cards back and
forth through the discard pile for ever.  When the same position (every hand, the stock's cards,
the discard pile, the trick and the player to act) comes round for the third time, the game is a
draw by repetition.  The position is compared at every turn that starts with an empty stock and
after every action that turned the discards into a new stock: every endless game passes such a
moment again and again (cards come back to a hand only by drawing, and the stock refills only by
a reshuffle), so every game ends, and the key is built only then (``_position``: one bit mask per
place), never on the hot path of a stock still in play.  The stock counts by its cards, not their
order, which nobody at the table can see.  A five-card penalty that the stock and discards
cannot fully supply draws what there is, and the game is then a draw (PO-8).  A series ends
when someone reaches the target: every game ends, and a game with a winner scores at least one.

Resampling: a hidden card is in another hand or the stock.  Everyone can follow two public
facts about it: its *generation* (0 for the original pack, k for the k-th reshuffle of finished
tricks, which are public cards), and the suits its holder showed they lacked (drawing for a suit
means holding none of it; so does a joker played instead of following).  ``self.slots`` keeps
one (generation, missing suits) entry per card in each hand, built from public play only.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from operator import attrgetter
from typing import Any

from games.core.actions import Action, choose, play, word
from games.core.cards import SUITS, Card, Suit, cards_text, deck_53, parse_card
from games.core.clone import LIST, SHARED
from games.core.errors import BadNotationError
from games.core.options import Option
from games.core.resample import anywhere, deal_unseen
from games.core.state import Rules
from games.core.trickgame import TrickGame, seat_play, trick_result
from games.core.tricks import next_seat, shared_ranking, trick_winner
from games.core.views import InfoLine, Outcome, Play
from games.core.words import plural

from .viewdata import PageOneView

HAND_SIZE = 4
PENALTY = 5
REPEATS_TO_DRAW = 3  # PO-7: the third time the same position comes round, the game is a draw
GAME_ACTIONS = 30_000  # the declared bound on one game's actions (max_game_length): see there
CALL_WORDS = "“Page One!”"

_INDEX = attrgetter("index")
_PACK = deck_53()
_BIT = {c: 1 << c.index for c in _PACK}
_PLAY = {c: play(c) for c in _PACK}
_CALL = {c: choose("call", c) for c in _PACK}
_SILENT = {c: choose("silent", c) for c in _PACK}
DRAW = word("draw")
RANKING = shared_ranking(())  # no trump: the joker, outside every suit, beats everything (PO-1)
NO_SUITS: frozenset[str] = frozenset()
#: each suit's letter, as the lacking sets hold it (a dict lookup: Enum's .value is a Python call)
_LETTER: dict[Suit | None, str] = {s: s.value for s in SUITS}

Slot = tuple[int, frozenset]  # (generation, letters of suits the holder has shown they lack)


def led_suit(trick: Sequence[Play]) -> Suit | None:
    """The suit to follow: that of the first suited card played (None: a lead, or just after a
    joker lead).  Each play is one card."""
    for played in trick:
        suit = played.cards[0].suit
        if suit is not None:
            return suit
    return None


_LACKING: dict[tuple[frozenset[str], str], frozenset[str]] = {}


def _lacking(lack: frozenset[str], letter: str) -> frozenset[str]:
    """``lack`` with the suit ``letter`` added (one shared set for each: there are few)."""
    found = _LACKING.get((lack, letter))
    if found is None:
        found = _LACKING[lack, letter] = lack | {letter}
    return found


class _WithLacking(dict[Slot, Slot]):
    """For one suit: each slot -> that slot also lacking the suit, worked out once for each."""

    def __init__(self, letter: str) -> None:
        super().__init__()
        self.letter = letter

    def __missing__(self, slot: Slot) -> Slot:
        generation, lack = slot
        found = self[slot] = slot if self.letter in lack else (generation, _lacking(lack, self.letter))
        return found


_WITH_LACKING = {suit: _WithLacking(suit.value) for suit in SUITS}

_PLAY_TEXTS: dict[tuple[int, Card, bool], str] = {}
_DRAW_TEXTS: dict[tuple[int, int], str] = {}


def _play_text(s: int, c: Card, called: bool) -> str:
    """The text of the event of ``s`` playing ``c`` (with the call, if ``called``), made once."""
    found = _PLAY_TEXTS.get((s, c, called))
    if found is None:
        found = f"{{p{s}}} plays {c.text}" + (f" and calls {CALL_WORDS}" if called else "")
        _PLAY_TEXTS[s, c, called] = found
    return found


def _draw_text(s: int, drawn: int) -> str:
    """The text of the public event of ``s`` drawing their ``drawn``-th card of the turn, made once."""
    found = _DRAW_TEXTS.get((s, drawn))
    if found is None:
        found = _DRAW_TEXTS[s, drawn] = f"{{p{s}}} draws a card ({drawn})"
    return found


#: the text of each seat's ``trick`` event
_WINS_AND_LEADS = tuple(f"{{p{s}}} wins the trick and leads" for s in range(4))
#: the drawer's own event text for each card drawn
_SEEN_TEXT = {c: f"it is {c.text} (only you see it)" for c in _PACK}


def slot_fits(slot: Slot, c: Card, generation: int) -> bool:
    return slot[0] == generation and _LETTER.get(c.suit) not in slot[1]  # (a joker: None, in no set)


@functools.lru_cache(maxsize=4096)
def _lacking_in_all(slots: tuple[Slot, ...]) -> str:
    """The suits every one of a hand's ``slots`` is known to lack, as letters (a hand's slots
    change a few times a game, its view is asked at every move of every playout: kept)."""
    return "".join(sorted(frozenset.intersection(*[f for _, f in slots]))) if slots else ""


def fitting_slots(slots: Sequence[Slot], c: Card, generation: int) -> list[int]:
    """The slots that could have held ``c``: those of its generation whose holder was not shown
    to lack its suit (what :func:`slot_fits` says of each, asked once for the card's suit)."""
    letter = _LETTER.get(c.suit)  # no suit (the joker: None) is in no lacking set
    return [i for i, (g, lack) in enumerate(slots) if g == generation and letter not in lack]


class PageOne(TrickGame):
    """State of a Page One match (one game, or a series).  Phases: ``play``, ``over``."""

    PLAIN_TRICKS = False  # a shedding game: taking tricks is not the aim

    _COPY = {
        "pack": SHARED,
        "stock": LIST,
        "discard": LIST,
        "slots": LIST,
        "status": LIST,  # a call, changed as the cards come and go
        "regen": SHARED,
        "positions": SHARED,
    }
    LABELS = {"draw": "Draw a card"}

    def __init__(self, rules: Rules, num_seats: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(rules, num_seats, options, seed)
        self.pack = list(_PACK)
        self.stock: list[Card] = []
        self.discard: list[Card] = []  # finished tricks, face up
        self.drawn = 0  # cards the player to act has drawn this turn
        self.generation = 0  # reshuffles of the discard pile this game
        self.regen: dict[Card, int] = {}  # card -> the reshuffle that last put it in the stock
        self.slots: list[tuple[Slot, ...]] = [()] * num_seats  # a tuple a seat, replaced as it changes
        self.games_played = 0
        self.warning = ""  # the latest missed call, shown at the table for a while
        self.warnings = 0
        self.warned: int | None = None  # the seat that missed it
        self.warning_until = 0  # the warning shows until this many tricks of the game are done
        #: PO-7: how often each position compared this game has come round (replaced, never
        #: changed in place, so clones share it until one of them records a position)
        self.positions: dict[tuple, int] = {}
        self.dealer = self.rng.randrange(num_seats)
        self._deal()

    # -- dealing -----------------------------------------------------------
    def _deal(self) -> None:
        n = self.num_seats
        deck, order = self._deal_hands(HAND_SIZE)
        self.stock, self.discard, self.trick, self.last_trick = deck, [], (), None
        self.generation, self.regen, self.drawn, self.warning_until = 0, {}, 0, 0
        self.positions = {}
        self.slots = [((0, NO_SUITS),) * HAND_SIZE] * n
        self.tricks_won = [0] * n
        self.status: list[str] = [""] * n
        self.won = [()] * n
        self.leader = self.to_act = order[0]
        self.phase = "play"
        self.log(
            "deal",
            f"Game {self.hand_number}: {{p{self.dealer}}} deals four cards each; "
            f"{len(deck)} cards form the stock",
            self.dealer,
        )

    # -- what may be played ----------------------------------------------------
    def _led(self) -> Suit | None:
        return led_suit(self.trick)

    def _playable(self, hand: list[Card]) -> tuple[list[Card], bool]:
        """(cards that may be played, True when the player cannot follow and must draw)."""
        led = led_suit(self.trick)
        if led is None:  # leading, or the first card after a joker lead: anything (PO-2)
            return list(hand), False
        follow, jokers = [], []  # the hand's cards of the led suit, and its jokers (one pass)
        for c in hand:
            if c.suit is led:
                follow.append(c)
            elif c.suit is None:
                jokers.append(c)
        if follow:  # PO-2: the joker joins them only with joker_any
            return follow + (jokers if self.options["joker_any"] else []), False
        return jokers, True

    def _can_draw(self) -> bool:
        return bool(self.stock or self.discard)

    def _legal(self) -> list[Action]:
        s = self.to_act
        assert s is not None  # (asked only while a seat is to act)
        hand = self.hands[s]
        cards, void = self._playable(hand)
        offer_call = len(hand) == 2 and not self.options["auto_call"]  # the play leaves one card (PO-3)
        ordered = sorted(cards, key=_INDEX)
        if offer_call:
            acts = [a for c in ordered for a in (_CALL[c], _SILENT[c])]
        else:
            acts = list(map(_PLAY.__getitem__, ordered))
        if void and self._can_draw():
            acts.append(DRAW)
        return acts

    def label(self, action: Action) -> str:
        """Page One's words: a draw, and the two ways of a play that leaves one card."""
        if action.kind == "call":
            return f"{action.the_card.text}, call Page One!"
        if action.kind == "silent":
            return f"{action.the_card.text}, no call"
        return super().label(action)

    def _why_illegal(self, text: str) -> str:
        if text == "draw":
            return self._why_not_draw()
        kind, c = _named(text)
        if c is None:
            return super()._why_illegal(text)
        hand = self.hands[self.acting]
        if c not in hand:
            return "you do not hold that card"
        if kind != "play" and len(hand) != 2:
            return "you choose whether to call Page One! only for a play that leaves you one card"
        if kind != "play" and self.options["auto_call"]:
            return "calls are made for you at this table: play the card alone"
        if kind == "play" and len(hand) == 2 and c in self._playable(hand)[0]:
            return f"this play leaves you one card: choose call {c.text} or silent {c.text}"
        return self._why_not_card(c, hand)

    def _why_not_draw(self) -> str:
        led = self._led()
        if not self.trick:
            return "you are leading: play any card"
        if led is None:
            return "after a joker lead you may play any card"
        if any(c.suit is led for c in self.hands[self.acting]):
            return f"you can follow {led.noun}, so you may not draw"
        return "nothing is left to draw: play the joker"

    def _why_not_card(self, c: Card, hand: list[Card]) -> str:
        led = self._led()
        if led is None:  # nothing to follow: every card may be played (PO-2)
            return ""
        follow = [x for x in hand if x.suit is led]
        if follow and c.suit is None:
            return (
                f"you hold {led.noun} ({cards_text(follow)}), so you must follow; the joker is for a trick "
                f"you cannot follow"
            )
        if follow:
            return f"you must follow {led.noun} (you hold {cards_text(follow)})"
        return f"you cannot follow {led.noun}: draw a card (or play the joker if you hold it)"

    # -- the protocol ----------------------------------------------------------
    def _apply(self, action: Action) -> None:
        generation = self.generation
        if action is DRAW:
            self._apply_draw()
        else:
            self._apply_play(action)
        if self.result is None and not self.stock and not self.discard:  # nothing left to draw
            self._end_if_stuck()
        if self.result is None and (not self.stock or self.generation != generation):
            self._count_position()

    def _apply_draw(self) -> None:
        s, led = self.to_act, led_suit(self.trick)
        assert s is not None  # (a draw by the seat to act)
        if led is not None:  # (a draw is only allowed when the led suit cannot be followed)
            self._note_lacking(s, led)  # drawing shows the player holds no card of the led suit
        c = self._draw_card(s)
        assert c is not None, "a draw is offered only while a card is left to draw"
        self.drawn += 1
        self.log("draw", _draw_text(s, self.drawn), s)
        self.log("draw", _SEEN_TEXT[c], s, s, (c,))

    def _draw_card(self, s: int) -> Card | None:
        """Move the top card of the stock to the hand of ``s`` (reshuffling the discards first
        when the stock is empty, PO-4); None when nothing is left to draw."""
        if not self.stock and not self._reshuffle():
            return None
        c = self.stock.pop()
        self.hands[s].append(c)
        self.slots[s] += ((self.generation, NO_SUITS),)
        self.status[s] = ""
        return c

    def _reshuffle(self) -> bool:
        """PO-4: the finished tricks (never the trick in progress) become a new shuffled stock."""
        if not self.discard:
            return False
        self.generation += 1
        regen = dict(self.regen)
        regen.update((c, self.generation) for c in self.discard)
        self.regen = regen
        self.stock, self.discard = self.discard, []
        self.rng.shuffle(self.stock)
        self.log(
            "info",
            f"Stock empty: the finished tricks ({len(self.stock)} cards) are shuffled into a new stock",
        )
        return True

    def _apply_play(self, action: Action) -> None:
        s, c = self.to_act, action.card
        assert s is not None and c is not None  # (a card play by the seat to act)
        hand = self.hands[s]
        called = action.kind == "call" or (self.options["auto_call"] and len(hand) == 2)
        self._take_from_hand(s, c)
        played = seat_play(s, c)
        self.trick += (played,)
        self.drawn = 0
        self.log("play", _play_text(s, c, called), s, None, played.cards)
        if not hand:
            self.status[s] = ""
            self._end_game(s)  # PO-5: out at once, even mid-trick
            return
        self.status[s] = "Page One!" if len(hand) == 1 and called else ""
        if len(self.trick) == self.num_seats:
            self._finish_trick()
        else:
            self.to_act = next_seat(s, self.num_seats)
        if len(hand) == 1 and not called:
            self._penalty(s)  # noticed as the turn passes (PO-3, PO-6)

    def _take_from_hand(self, s: int, c: Card) -> None:
        """The card leaves the hand, and with it what its slot said; a joker played instead of
        following (PO-2) shows the player holds none of the led suit."""
        led = led_suit(self.trick)
        self.hands[s].remove(c)
        self._unslot(s, c)
        if c.suit is None and led is not None and not self.options["joker_any"]:
            self._note_lacking(s, led)

    def _finish_trick(self) -> None:
        cards = self.trick_cards()
        winner = self.trick[trick_winner(cards, RANKING)].seat
        self.tricks_won[winner] += 1
        self.discard.extend(cards)
        self.last_trick = trick_result(self.trick, winner)
        self.log("trick", _WINS_AND_LEADS[winner], winner, cards=tuple(cards))
        self.trick = ()
        self.leader = self.to_act = winner

    def _penalty(self, s: int) -> None:
        """A missed call, noticed as the turn passes: five cards from the stock (PO-3)."""
        drawn = [c for c in (self._draw_card(s) for _ in range(PENALTY)) if c is not None]
        self.warnings += 1
        self.warned = s
        self.warning = f"{{p{s}}} did not call Page One! and draws {PENALTY} cards as a penalty"
        self.warning_until = sum(self.tricks_won) + 2
        self.log("info", self.warning, s)
        if drawn:
            self.log(
                "draw",
                f"the penalty cards: {cards_text(drawn)} (only you see them)",
                s,
                visible_to=s,
                cards=tuple(drawn),
            )
        if len(drawn) < PENALTY:  # PO-8: what there was is drawn, and the game is a draw
            self._end_game(
                None,
                f"{{p{s}}} could draw only {len(drawn)} of the {PENALTY} penalty cards (nothing more was left)",
            )

    def _count_position(self) -> None:
        """PO-7: the third time the same position comes round, the game is a draw by repetition
        (compared only with an empty stock or just after a reshuffle: see the module docstring)."""
        key = self._position()
        seen = self.positions.get(key, 0) + 1
        self.positions = {**self.positions, key: seen}
        if seen >= REPEATS_TO_DRAW:
            self._end_game(
                None,
                "the same position came round for the third time (every hand, the stock, the "
                "discard pile and the trick as before)",
                "a draw by repetition",
            )

    def _position(self) -> tuple:
        """Every hand, the stock's cards, the discard pile, the trick and the player to act."""
        bit = _BIT
        return (
            tuple(sum(map(bit.__getitem__, h)) for h in self.hands),
            sum(map(bit.__getitem__, self.stock)),
            sum(map(bit.__getitem__, self.discard)),
            tuple((p.seat, p.cards[0].index) for p in self.trick),
            self.to_act,
        )

    def _end_if_stuck(self) -> None:
        """A player who must draw when there is neither stock nor discard pile: a drawn game
        (asked only then: :meth:`_apply` checks the cheap question, nearly always answered yes)."""
        cards, void = self._playable(self.hands[self.acting])
        if void and not cards:
            self._end_game(None, f"{{p{self.acting}}} had to draw but no card was left to draw")

    # -- hidden-card bookkeeping (public facts only) ---------------------------------
    def _note_lacking(self, s: int, led: Suit) -> None:
        """Every slot of ``s`` now lacks the led suit (a slot that already did is kept as it is)."""
        self.slots[s] = tuple(map(_WITH_LACKING[led].__getitem__, self.slots[s]))

    def _unslot(self, s: int, c: Card) -> None:
        """Remove the slot a played card came from.  When several could have held it, the
        remaining ones keep only what all of them had in common (never more than is known)."""
        g = self.regen.get(c, 0)
        slots = self.slots[s]
        # A hand holds few kinds of slot (a generation and the suits its holder lacked): when the
        # card fits one kind only, the first slot of that kind goes and the others stay as they are.
        letter = _LETTER.get(c.suit)  # no suit (the joker: None) is in no lacking set
        kinds = [kind for kind in set(slots) if kind[0] == g and letter not in kind[1]]
        if len(kinds) == 1:
            first = slots.index(kinds[0])
            self.slots[s] = slots[:first] + slots[first + 1 :]
            return
        fits = fitting_slots(slots, c, g) or [i for i, slot in enumerate(slots) if slot[0] == g] or [0]
        first = fits[0]
        lacks = {slots[i][1] for i in fits}
        if len(lacks) == 1:  # the card's own slot, or slots that all said the same: the rest stay
            self.slots[s] = slots[:first] + slots[first + 1 :]
            return
        common = frozenset.intersection(*lacks)
        chosen = set(fits)
        self.slots[s] = tuple(
            [(slot[0], common) if i in chosen else slot for i, slot in enumerate(slots) if i != first]
        )

    # -- the end of a game and of the match ---------------------------------------------
    def _end_game(self, winner: int | None, why: str = "", draw: str = "a draw") -> None:
        """The game is over: ``winner`` went out, or (None) it is ``draw`` because of ``why``."""
        self.games_played += 1
        lines = [f"{{p{t}}} holds {plural(len(h), 'card')}" for t, h in enumerate(self.hands)]
        if winner is not None:
            points = sum(len(h) for t, h in enumerate(self.hands) if t != winner)
            self.scores[winner] += points
            title = f"Game {self.hand_number}: {{p{winner}}} plays their last card and wins"
            lines.append(
                f"{{p{winner}}} scores {points} (cards left in the other hands), total {self.scores[winner]}"
            )
        else:
            title = f"Game {self.hand_number} is {draw}"
            lines.insert(0, f"{why}: the game is {draw} and nobody scores")
        self.log("hand", title, lines=tuple(lines))
        target = self.options["target"]
        if not target or max(self.scores) >= target:  # a series: a won game scores at least 1
            self._finish_match(winner, f"{why}: the game is {draw}")
        else:
            self.dealer = next_seat(self.dealer, self.num_seats)
            self._deal()

    def _finish_match(self, last_winner: int | None, drawn: str) -> None:
        n, target = self.num_seats, self.options["target"]
        if not target:
            winners = (last_winner,) if last_winner is not None else tuple(range(n))
            reason = f"{{p{last_winner}}} played all their cards first" if last_winner is not None else drawn
        else:
            best = max(self.scores)
            winners = tuple(s for s in range(n) if self.scores[s] == best)
            reason = f"a series of {self.games_played} games reached {target} points"
        self.phase, self.to_act = "over", None
        self.result = Outcome(tuple(float(x) for x in self.scores), winners, reason)
        names = " and ".join(f"{{p{w}}}" for w in winners)
        verb = "wins" if len(winners) == 1 else "share the result"
        self.log("match", f"{names} {verb} ({reason})")

    # -- views ---------------------------------------------------------------------
    def _view_info(self, seat: int | None) -> list[InfoLine]:
        target = self.options["target"]
        game = f"{self.hand_number} (first to {target} points)" if target else "one game"
        return [
            InfoLine("stock", "Stock", str(len(self.stock))),
            InfoLine("discard", "Discard", str(len(self.discard))),
            InfoLine("game", "Game", game),
        ]

    def _view_extra(self, seat: int | None) -> PageOneView:
        led = self._led()
        recent = sum(self.tricks_won) < self.warning_until
        return PageOneView(
            stock=len(self.stock),
            discard=len(self.discard),
            reshuffles=self.generation,
            discard_cards=tuple(self.discard),
            led=led.value if led else "",
            drawing=(self.to_act, self.drawn) if self.drawn and self.to_act is not None else None,
            called=tuple(s for s in range(self.num_seats) if self.status[s]),
            warning=self.warning if recent else "",
            warned=self.warned if recent else None,
            warning_no=self.warnings,
            lacking=self._known_lacking(),
            target=self.options["target"],
        )

    def _known_lacking(self) -> tuple[str, ...]:
        """Per seat, the suits every card of that hand is publicly known not to be."""
        return tuple(map(_lacking_in_all, self.slots))

    def _prompt(self) -> str:
        hand = self.hands[self.acting]
        cards, void = self._playable(hand)
        led = self._led()
        if not self.trick:
            text = "Lead any card"
        elif led is None:
            text = "The joker was led: play any card; its suit must then be followed"
        elif void:
            text = f"No {led.noun}: draw a card" + (" or play the joker" if cards else "")
        else:
            text = f"Play the {led.noun[:-1]} you drew" if self.drawn else f"Follow {led.noun}"
        if any(a.kind == "call" for a in self.legal_actions()):
            text += " — and call Page One!"
        return text

    def _view_trump(self) -> str:
        return "joker wins"

    def recent_events(self, seat: int | None) -> tuple:
        """This game's events and the last one's public ones: a new deal leaves the cards a
        player privately drew in the previous game out of the log."""
        game = self.hand_number
        return tuple([e for e in super().recent_events(seat) if e.visible_to is None or e.hand == game])

    # -- cards and checks ---------------------------------------------------------------
    def zones(self) -> dict[str, list[Card]]:
        return {**super().zones(), "stock": list(self.stock), "discard": list(self.discard)}

    def check_invariants(self) -> None:
        for s, hand in enumerate(self.hands):
            assert len(self.slots[s]) == len(hand), f"seat {s}: one slot per card"
            assert _fits_slots(hand, self.slots[s], self.regen), f"seat {s}: a card breaks what was shown"
        assert all(st in ("", "Page One!") for st in self.status)
        assert all(self.status[s] == "" or len(h) == 1 for s, h in enumerate(self.hands))

    # -- resampling ----------------------------------------------------------------
    def resample(self, seat: int, rng: random.Random) -> PageOne:
        """A copy that agrees with everything ``seat`` knows, the cards it cannot see (the other
        hands and the stock) dealt again at random: each card only into a hand slot of its own
        generation whose holder has not shown they lack its suit, or into the stock."""
        new = self.clone()
        dealt: dict[tuple[str, int], list[Card]] = {}
        for g in range(self.generation + 1):
            places = self._places(seat, g)
            pool = sorted((c for c in self._unseen(seat) if self.regen.get(c, 0) == g), key=_INDEX)
            for (where, _), cards in zip(places, deal_unseen(pool, [(k, ok) for _, (k, ok) in places], rng)):
                dealt.setdefault(where, []).extend(cards)
        for s in range(self.num_seats):
            if s != seat:
                new.hands[s] = self._rebuild_hand(s, dealt)
        new.stock = dealt.get(("stock", 0), [])
        new.events = [e for e in self.events if e.visible_to is None or e.visible_to == seat]
        new.rng = random.Random(rng.getrandbits(64))  # the real shuffle of the future stays unknown
        new.seed = 0  # the match seed would tell the whole deal
        return new

    def _unseen(self, seat: int) -> list[Card]:
        return [c for s, h in enumerate(self.hands) if s != seat for c in h] + list(self.stock)

    def _places(self, seat: int, g: int) -> list[tuple[tuple[str, int], tuple[int, Callable[[Card], bool]]]]:
        """The hidden places of generation ``g``: ((kind, seat or slot group), (size, accepts))."""
        places = []
        for s in range(self.num_seats):
            if s == seat:
                continue
            for lack, k in sorted(
                Counter(f for sg, f in self.slots[s] if sg == g).items(), key=lambda x: sorted(x[0])
            ):
                places.append(((f"hand {s} {''.join(sorted(lack))}", g), (k, _accepts(lack))))
        if g == self.generation:
            places.append((("stock", 0), (len(self.stock), anywhere)))
        return places

    def _rebuild_hand(self, s: int, dealt: dict[tuple[str, int], list[Card]]) -> list[Card]:
        """The new hand of ``s``: one dealt card per slot, matched by generation and lacking suits."""
        hand = []
        pools = {k: list(v) for k, v in dealt.items()}
        for g, lack in self.slots[s]:
            hand.append(pools[(f"hand {s} {''.join(sorted(lack))}", g)].pop())
        return hand


def _accepts(lack: frozenset) -> Callable[[Card], bool]:
    return lambda c: c.suit is None or c.suit.value not in lack


def _fits_slots(hand: list[Card], slots: Sequence[Slot], regen: dict[Card, int]) -> bool:
    """True when the hand's cards can be matched one to one with the slots (augmenting paths)."""
    owner: dict[int, Card] = {}

    def place(c: Card, seen: set[int]) -> bool:
        for i, slot in enumerate(slots):
            if i not in seen and slot_fits(slot, c, regen.get(c, 0)):
                seen.add(i)
                if i not in owner or place(owner[i], seen):
                    owner[i] = c
                    return True
        return False

    return all(place(c, set()) for c in hand)


def _named(text: str) -> tuple[str, Card | None]:
    """(``call``, ``silent`` or ``play``, the card) of an action's notation; (text, None) for other words."""
    parts = text.split()
    try:
        c = parse_card(parts[-1]) if parts else None
    except BadNotationError:
        return text, None
    return (parts[0] if parts[0] in ("call", "silent") else "play"), c


class PageOneRules(Rules):
    hand_word = "Game"
    state_class = PageOne
    options = (
        Option(
            "joker_any",
            False,
            "The joker may be played to any trick, even when you could follow suit "
            "(the rule of other rule books).",
        ),
        Option("auto_call", False, "Every Page One! call is made for you, so a call is never missed."),
        Option(
            "target",
            0,
            "0 plays one game.  Otherwise a series: each winner scores one point per card left in "
            "the other hands, and the first to reach this total wins.",
            minimum=0,
            maximum=100,
        ),
    )
    summary = """\
Page One — 2 to 4 players, 52 cards plus a joker.  Be the first to get rid of every card.

Everyone gets four cards; the rest of the pack is the stock, face down.  The player left of the
dealer leads any card, and the others must follow the suit led.  If you cannot follow, draw from
the stock one card at a time until a card of that suit comes; then you must play it.  The others
see that you draw, but only you see what.

The highest card of the suit led wins the trick (aces high) and its winner leads next.  The joker
wins any trick it is in.  At this table you may play the joker when you lead, when you cannot
follow (instead of drawing), or as soon as you draw it; holding the suit led, you must follow
(option joker_any lets the joker go to any trick).  After a joker lead, the next player plays any
card and the others follow that card's suit.

Finished tricks go to a discard pile.  When the stock is empty, the finished tricks (never the
trick on the table) are shuffled into a new stock.  If you must draw and there is neither stock
nor discard pile, the game is a draw.

Page One!  A play that leaves you with one card must come with the call: when you hold two cards,
each play is offered with and without it.  You must call every time you get down to one card,
even again after drawing more.  Forget it and you draw five cards as a penalty as soon as the
turn passes (option auto_call makes every call for you).

The first player to play their last card wins at once, even in the middle of a trick.

A game that could go on for ever: when the stock is empty, two players can pass the same few
cards round through the discard pile again and again.  So if the same position (every hand,
the stock, the discard pile, the trick and the player to play) comes round for the third time,
the game is a draw by repetition.  If a five-card penalty needs more cards than the stock and
the discard pile hold, you draw what there is and the game is a draw.

The rule text plays one game.  Option target plays a series instead (this table's own
addition): each winner scores one point per card left in the other hands, a drawn game scores
nothing, the deal passes left, and the first to reach the target wins."""

    def ending_text(self, num_seats: int, options: Mapping[str, Any]) -> str:
        if not options["target"]:
            return "One game: the first to play their last card wins"
        return (
            f"A series: the first to {plural(options['target'], 'point')} (cards left in the others' hands)"
        )

    def max_game_length(self, num_seats: int, options: Mapping[str, Any]) -> int:
        """One game, or a series: a game with a winner scores at least one point, so someone
        reaches the target within seats x (target - 1) + 1 won games; the bound allows two
        drawn games for each.  A game ends (PO-7) but its rules give no useful bound: the
        longest of the 46,000 games measured for issue 29 took 3,600 actions, and the bound
        allows GAME_ACTIONS a game."""
        target = options["target"]
        games = 3 * (num_seats * (target - 1) + 1) if target else 1
        return games * GAME_ACTIONS


RULES = PageOneRules()
