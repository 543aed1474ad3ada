"""Rams: a pot game for three to five players where you may sit a hand out (seed 001).

A 32-card pack (7 to ace).  Each hand the dealer antes five counters into the pot (RA-1).  Every
player gets five cards, a sixth five-card hand (the widow) lies face down, and the next card is
turned up: its suit is trump.  The remaining cards sit out unseen.

Starting left of the dealer, each player decides once:

- ``play``: keep the hand and try to win at least one trick;
- ``widow``: throw the hand away unseen and play the widow instead (one player per hand);
- ``pass``: sit out, allowed only while the pot holds more than five counters;
- ``rams``: bid to win all five tricks.  Everybody must then play, players who had passed
  included, with their original hands (RA-4); later players may still take the widow.

The dealer's special cases: if everybody else passed, the player on the dealer's right pays the
dealer five, the pot stays and the deal passes left (RA-2).  If exactly one other player is in,
the dealer may not pass but may ``swap``: discard a card and take the turned-up trump (RA-3).
With two or more in, the dealer may pass only if the pot holds more than five (RA-3).

Play uses the must-head rule (``games.core.tricks.must_head``): follow suit and beat the best
card of the led suit if you can; void, trump and over-trump if you can, under-trump if you
cannot over-trump (RA-5); otherwise play anything.  The first active player left of the dealer
leads; the trick winner leads next.

Settlement.  A normal hand pays one fifth of the pot per trick won (RA-7: whole numbers; an
odd remainder, only possible after a short payment, stays in the pot); a player who played and
won nothing puts five into the pot for the next hand.  A Rams hand stops at the first trick the
declarer loses: the declarer doubles the pot (it carries over) and pays each opponent five, and
nobody else is paid or fined (RA-6).  A made Rams takes the whole pot plus five from each
opponent.

Counters never appear or vanish: each is in a stack or the pot.  A player who owes more than
they have pays what they have (table stakes).  The match (RA-8) ends after ``hands`` hands
(``ending=hands``) or when a player runs out of counters; with ``ending=broke`` only the latter,
or after ``hand_limit`` hands when that option is set.  A hand thrown in because everybody
passed is not one of the match's hands.  After the match's last hand nobody pays the no-trick
fine or doubles the pot (they only feed the next hand), and a pot left over is shared by the
players still holding counters, the odd ones one each from the dealer's left (RA-9).  The
biggest stack wins.

Options: ``stack`` (starting counters), ``ante`` (the seed's "five": the ante, the no-trick
fine, the redeal payment, the Rams payments and the pass threshold all scale with it),
``hands``, ``ending``, ``hand_limit``.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import compress
from typing import Any

from games.core.actions import Action, choose, play, word
from games.core.bounds import with_redeals
from games.core.cards import Card, by_index, deck_32
from games.core.clone import LIST, SHARED
from games.core.exact import MUST_HEAD, Position
from games.core.options import Option
from games.core.potgame import PotGame, PotRules, ending_options, named_card
from games.core.state import Rules
from games.core.trickgame import deal_in_turn
from games.core.tricks import (
    must_head,
    next_seat,
    seat_order,
    shared_ranking,
)
from games.core.views import InfoLine
from games.core.words import plural

from .viewdata import RamsView

HAND_SIZE = 5
IN_PLAY = ("play", "widow", "rams", "swap")
_IS_IN = frozenset(IN_PLAY).__contains__

PLAY = word("play")
WIDOW = word("widow")
PASS = word("pass")
RAMS = word("rams")
SWAP = word("swap")
# The actions that pick a card, one table each (legal lists look them up instead of wording them)
_PLAY_CARD = {c: play(c) for c in deck_32()}
_DISCARD = {c: choose("discard", c) for c in deck_32()}
# The texts of the events that name only a seat, one a seat (made once, not at every decision)
_PLAYS_TEXT = tuple(f"{{p{s}}} plays" for s in range(16))
_PASSES_TEXT = tuple(f"{{p{s}}} passes" for s in range(16))
#: the end of the deal's event text for each card turned up
_TURNED_UP_TEXT = {c: f"{c} is turned up, {c.the_suit.noun} are trump" for c in deck_32()}
LABELS = {
    "play": "Play this hand",
    "widow": "Take the widow",
    "pass": "Pass (sit out)",
    "rams": "Declare Rams (all five tricks)",
    "swap": "Swap a card for the trump",
}


class Rams(PotGame):
    """State of a Rams match.  Phases: ``decide``, ``swap`` (dealer discards), ``play``, ``over``."""

    HAS_BIDS = True  # bids (or a declared Rams) made or set: counted for the statistics

    _COPY = {
        "pack": SHARED,
        "widow": LIST,
        "out": LIST,
    }  # how clone() copies our mutable attributes
    LABELS = LABELS

    def __init__(self, rules: Rules, num_seats: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(rules, num_seats, options, seed)
        self.pack = deck_32()
        self.unit = options["ante"]
        self.widow: list[Card] = []
        self.out: list[Card] = []  # cards out of play this hand: undealt, thrown-away hands, the swap discard
        self.won: list[tuple[Card, ...]] = [()] * num_seats
        self.widow_by: int | None = None
        self.rams_by: int | None = None
        self.dealer = self.rng.randrange(num_seats)
        self._deal()

    # -- dealing -----------------------------------------------------------
    def _deal(self) -> None:
        n = self.num_seats
        self.hand_number += 1
        ante = self._pay(self.dealer, self.unit)  # RA-1: every dealer antes
        deck = list(self.pack)
        self.rng.shuffle(deck)
        # one card at a time to each player from the dealer's left, then to the widow (place n)
        piles: list[list[Card]] = [[]] * (n + 1)  # (deal_in_turn replaces every place's list)
        order = seat_order(next_seat(self.dealer, n), n)
        deal_in_turn(deck, HAND_SIZE, piles, [*order, n])
        self.widow = piles.pop()
        self.hands = piles
        up = deck.pop()
        self.up_cards = (up,)
        self.out = deck
        self.ranking = shared_ranking((up.suit,))
        self.won = [()] * n
        self.tricks_won = [0] * n
        self.trick = ()  # last_trick stays: the previous hand's last trick remains reviewable
        self.bids, self.status = [""] * n, [""] * n
        self.widow_by = self.rams_by = None
        self._no_play_yet()
        self.phase = "decide"
        self.to_act = order[0]
        self.log(
            "deal",
            f"Hand {self.hand_number}: {{p{self.dealer}}} deals and antes {ante}; {_TURNED_UP_TEXT[up]}; "
            f"the pot holds {self.pot}",
            self.dealer,
            None,
            (up,),
        )

    # -- the protocol --------------------------------------------------------
    def _legal(self) -> list[Action]:
        s = self.to_act
        assert s is not None  # (asked only while a seat is to act)
        if self.phase == "play":
            return self._legal_play(s)
        if self.phase == "decide":
            return self._legal_decide(s)
        return [_DISCARD[c] for c in sorted(self.hands[s], key=by_index)]

    def _apply(self, action: Action) -> None:
        if self.phase == "play":
            self._apply_play(action)
        elif self.phase == "decide":
            self._apply_decide(action)
        else:
            self._apply_swap(action)

    def _why_illegal(self, text: str) -> str:
        if self.phase == "decide":
            return self._why_not_decide(text) or super()._why_illegal(text)
        hand, c = self.hands[self.acting], named_card(text)
        if c is None:
            return super()._why_illegal(text)
        if c not in hand:
            return "you do not hold that card"
        if self.phase == "play" and self.trick:
            _, rule = must_head(hand, self.trick_cards(), self.ranking)
            return rule or super()._why_illegal(text)
        return super()._why_illegal(text)

    # -- deciding ------------------------------------------------------------
    def _in_count(self, but: int) -> int:
        """The players other than ``but`` who are in the hand."""
        bids = self.bids
        return sum(map(_IS_IN, bids)) - _IS_IN(bids[but])

    def _legal_decide(self, s: int) -> list[Action]:
        widow = self.widow_by is None
        if self.rams_by is not None:  # bidding has stopped: everybody plays, the widow may still be taken
            return [PLAY, WIDOW] if widow else [PLAY]
        if s == self.dealer and self._in_count(s) == 1:  # RA-3: may not pass, may swap
            return [PLAY, SWAP, WIDOW, RAMS] if widow else [PLAY, SWAP, RAMS]
        choices = [PLAY, WIDOW] if widow else [PLAY]
        if self.pot > self.unit:
            choices.append(PASS)
        choices.append(RAMS)
        return choices

    def _why_not_decide(self, text: str) -> str:
        s = self.to_act
        if text == "pass":
            if self.rams_by is not None:
                return "Rams has been declared, so everybody must play"
            if s == self.dealer and self._in_count(s) == 1:
                return "the dealer may not pass when exactly one other player is in"
            return (
                f"you may pass only when the pot holds more than {self.unit} counters (it holds {self.pot})"
            )
        if text == "widow":
            return "the widow has already been taken this hand"
        if text == "rams":
            return "Rams has already been declared this hand"
        if text == "swap":
            return "only the dealer may swap, and only when exactly one other player is in"
        return ""

    def _apply_decide(self, action: Action) -> None:
        s, kind = self.to_act, action.kind
        assert s is not None  # (an action of the seat to act)
        self.bids[s] = kind
        if kind == "play":
            self.status[s] = "in"
            self.log("bid", _PLAYS_TEXT[s], s)
        elif kind == "pass":
            self.status[s] = "passed"
            self.log("bid", _PASSES_TEXT[s], s)
        elif kind == "widow":
            self._take_widow(s)
        elif kind == "rams":
            self._declare_rams(s)
        elif kind == "swap":
            self.status[s] = "in"
            self.phase = "swap"
            self.log("bid", f"{{p{s}}} will swap a card for the turned-up {self.up_cards[0]}", s)
            return
        self._next_decider(s)

    def _take_widow(self, s: int) -> None:
        self.out.extend(self.hands[s])
        self.hands[s] = self.widow
        self.widow = []
        self.widow_by = s
        self.status[s] = "in"
        self.log("bid", f"{{p{s}}} throws in their hand and takes the widow", s)

    def _declare_rams(self, s: int) -> None:
        self.rams_by = s
        self.status[s] = "in"
        for t in range(self.num_seats):  # RA-4: players who passed play their own hands
            if self.bids[t] == "pass":
                self.bids[t], self.status[t] = "play", "in"
        self.log("bid", f"{{p{s}}} declares Rams: everybody must play", s)

    def _apply_swap(self, action: Action) -> None:
        s, up, c = self.to_act, self.up_cards[0], action.card
        assert s is not None and c is not None  # (a discard by the seat to act)
        self.hands[s].remove(c)
        self.out.append(c)
        self.hands[s].append(up)
        self.up_cards = ()
        self.log("bid", f"{{p{s}}} discards a card face down and takes {up} into their hand", s, cards=(up,))
        self.phase = "decide"
        self._next_decider(s)

    def _next_decider(self, s: int) -> None:
        if s == self.dealer:
            self._start_play(self._active())
            return
        t = next_seat(s, self.num_seats)
        if t == self.dealer and self.rams_by is None and self._in_count(t) == 0:
            self._everyone_passed()
            return
        self.to_act = t

    def _everyone_passed(self) -> None:
        """RA-2: the player on the dealer's right pays the dealer; the pot carries, the deal passes."""
        right = (self.dealer - 1) % self.num_seats
        paid = self._pay(right, self.unit, to=self.dealer)
        self.bids[self.dealer] = "dealer"
        lines = (
            f"Everybody passed to the dealer: {{p{right}}} pays {{p{self.dealer}}} {paid}; "
            f"the pot of {self.pot} carries to the next hand",
        )
        self._end_hand(f"Hand {self.hand_number}: all passed, redeal", lines, counted=False)

    # -- playing ---------------------------------------------------------------
    def _active(self) -> list[int]:
        """The seats in the hand, in seat order."""
        return list(compress(range(self.num_seats), map(_IS_IN, self.bids)))

    def _legal_play(self, s: int) -> list[Action]:
        """The must-head rule (RA-5), from the trick's heading (PotGame._must_head_cards)."""
        return [_PLAY_CARD[c] for c in sorted(self._must_head_cards(s), key=by_index)]

    REWINDS = True  # the card play is plays of one card: a world can be rewound to its start

    def exact_play(self) -> Position | None:
        """The must-head rule among the seats in play; a normal hand pays by the tricks, and a
        Rams hand stops at the first trick the declarer loses (issue 34)."""
        if self.phase != "play":
            return None
        return Position.of(self, MUST_HEAD, seats=self.playing, sweep=self.rams_by)

    def _apply_play(self, action: Action) -> None:
        s, c = self.to_act, action.card
        assert s is not None and c is not None  # (a card play by the seat to act)
        if self._play_in_turn(s, c):
            self._finish_trick()

    def _finish_trick(self) -> None:
        winner = self.collect_trick()
        if self.rams_by is not None and winner != self.rams_by:
            self._settle_failed_rams(self.rams_by, winner)
        elif self.rams_by is not None and self.tricks_won[winner] == HAND_SIZE:
            self._settle_made_rams(self.rams_by)
        elif self.rams_by is None and not self.hands[winner]:
            self._settle_normal()

    # -- settling --------------------------------------------------------------
    def _settle_normal(self) -> None:
        share = self.pot // HAND_SIZE  # RA-7
        lines = [f"The pot of {self.pot} pays {share} a trick"]
        for s in range(self.num_seats):
            if self.bids[s] not in IN_PLAY:
                lines.append(f"{{p{s}}} sat out")
            elif self.tricks_won[s]:
                gain = share * self.tricks_won[s]
                self.pot -= gain
                self.scores[s] += gain
                lines.append(
                    f"{{p{s}}}: {plural(self.tricks_won[s], 'trick')} × {share} = +{gain}, stack {self.scores[s]}"
                )
        last = self._last_hand()  # RA-9: the fine only feeds the next hand's pot
        for s in self._active():
            if not self.tricks_won[s] and last:
                lines.append(f"{{p{s}}} played and took no trick: no fine after the last hand")
            elif not self.tricks_won[s]:
                paid = self._pay(s, self.unit)
                lines.append(
                    f"{{p{s}}} played and took no trick: pays {paid} into the pot, stack {self.scores[s]}"
                )
        if not last:
            lines.append(f"The pot carries {self.pot} to the next hand")
        self._end_hand(f"Hand {self.hand_number} settled", tuple(lines))

    def _settle_made_rams(self, d: int) -> None:
        self.note_bid(d, True)  # a declared Rams counts as a bid
        lines = [f"{{p{d}}} made Rams, winning all {HAND_SIZE} tricks"]
        for s in range(self.num_seats):
            if s != d:
                paid = self._pay(s, self.unit, d)
                lines.append(f"{{p{s}}} pays {{p{d}}} {paid}, stack {self.scores[s]}")
        lines.append(f"{{p{d}}} takes the pot of {self.pot}")
        self.scores[d] += self.pot
        self.pot = 0
        lines.append(f"{{p{d}}}'s stack: {self.scores[d]}")
        self._end_hand(f"Hand {self.hand_number}: Rams made", tuple(lines))

    def _settle_failed_rams(self, d: int, taker: int) -> None:
        """``d`` declared Rams and ``taker`` won a trick."""
        self.note_bid(d, False)
        lines = [f"{{p{taker}}} won a trick, so {{p{d}}}'s Rams has failed"]
        if self._last_hand(self._after_rams_payments(d)):  # RA-9: the doubling only feeds the next hand
            lines.append(f"{{p{d}}} does not double the pot: the match ends with this hand")
        else:
            doubled = self._pay(d, self.pot)
            lines.append(
                f"{{p{d}}} doubles the pot: pays {doubled}, the pot is now {self.pot} and carries over"
            )
        for s in range(self.num_seats):
            if s != d:
                paid = self._pay(d, self.unit, s)
                lines.append(f"{{p{d}}} pays {{p{s}}} {paid}, stack {self.scores[s]}")
        lines.append(f"{{p{d}}}'s stack: {self.scores[d]}")
        self._end_hand(f"Hand {self.hand_number}: Rams failed", tuple(lines))

    def _after_rams_payments(self, d: int) -> list[int]:
        """The stacks once the failed declarer ``d`` has paid each opponent (without doubling)."""
        stacks = list(self.scores)
        unit, left = self.unit, stacks[d]
        for s in range(self.num_seats):
            if s != d:
                paid = unit if left >= unit else max(0, left)
                left -= paid
                stacks[s] += paid
        stacks[d] = left
        return stacks

    # -- views and checks --------------------------------------------------------
    def _view_info(self, seat: int | None) -> list[InfoLine]:
        info = [
            *self._pot_info(),
            InfoLine("ante", "Ante", str(self.unit)),
            InfoLine(
                "widow",
                "Widow",
                "taken" if self.widow_by is not None else f"{len(self.widow)} cards face down",
            ),
        ]
        if self.rams_by is not None:
            info.append(InfoLine("rams", "Rams", "declared"))
        return info

    def _view_extra(self, seat: int | None) -> RamsView:
        return RamsView(
            trump_suit=self.ranking.trumps[0].letter,
            pot=self.pot,
            stacks=tuple(self.scores),
            ante=self.unit,
            active=tuple(self._active()) if self.phase == "play" else (),
            rams_by=self.rams_by,
            widow_by=self.widow_by,
            widow_size=len(self.widow),
        )

    def _prompt(self) -> str:
        if self.phase == "decide":  # name only the choices open now (passing is not always allowed)
            words = {
                "play": "play",
                "widow": "take the widow",
                "pass": "pass",
                "rams": "declare Rams",
                "swap": "swap a card for the trump",
            }
            choices = [words[a.text] for a in self.legal_actions() if a.text in words]
            if not choices:
                return "Decide"
            text = ", ".join(choices[:-1]) + (" or " if len(choices) > 1 else "") + choices[-1]
            return text[:1].upper() + text[1:]
        if self.phase == "swap":
            return f"Discard a card to take {self.up_cards[0]}"
        return "Lead any card" if not self.trick else "Follow and beat if you can (must-head rule)"

    # -- possible worlds (issue 13) -----------------------------------------------
    def _hidden_piles(self, seat: int) -> list:
        """The widow and the cards out of play.  A seat that took the widow knows its thrown
        hand is out; a dealer who swapped knows the card discarded."""
        undealt = len(self.pack) - (self.num_seats + 1) * HAND_SIZE - 1
        known = list(self.out[undealt : undealt + HAND_SIZE]) if self.widow_by == seat else []
        if self.bids[seat] == "swap" and self.phase != "swap":
            known.append(self.out[-1])
        return [self.pile("widow"), self.pile("out", known)]

    def _known_in_hand(self, seat: int, other: int) -> tuple[Card, ...]:
        """A dealer who swapped holds the turned-up card until playing it (everyone saw it)."""
        if other != self.dealer or self.bids[other] != "swap" or self.phase == "swap":
            return ()
        up = self._swapped_up_card()
        return (up,) if up in self.hands[other] else ()

    def _swapped_up_card(self) -> Card:
        deal = next(e for e in reversed(self.events) if e.kind == "deal")
        return deal.cards[0]

    def _allowed(self, hand: list[Card], past) -> list[Card]:
        return must_head(hand, past.before, self.ranking, explain=False)[0]

    def zones(self) -> dict[str, list[Card]]:
        zones = super().zones()
        zones["widow"] = list(self.widow)
        zones["up"] = list(self.up_cards)
        zones["out"] = list(self.out)
        return zones


class RamsRules(PotRules):
    state_class = Rams
    options = (
        Option("stack", 100, "Counters each player starts with.", minimum=5, maximum=10_000),
        Option(
            "ante",
            5,
            "The unit of play: the dealer's ante, the fine for taking no trick, the redeal and Rams "
            "payments are counted in it.",
            choices=(5, 10, 20, 50),
        ),
        *ending_options(
            10,
            "With ending=hands, how many hands the match lasts (a hand thrown in because "
            "everybody passed does not count).",
        ),
    )
    summary = """\
Rams — 3 to 5 players, 32 cards (7 to ace), counters and a pot.

The dealer antes five into the pot.  Everyone gets five cards, a spare five-card hand (the
widow) lies face down, and the next card is turned up: its suit is trump.

From the dealer's left, each player decides once: play the hand (and try to win at least one
trick); throw it away unseen and take the widow (one player per hand); pass and sit out (only
while the pot holds more than five); or declare Rams, a bid to win all five tricks, which
forces everybody to play.  If all the others pass, the player on the dealer's right pays the
dealer five and the cards are dealt again (the pot stays).  If just one other player is in,
the dealer must play but may swap any card for the turned-up trump.

Play: follow suit and beat the best card of the led suit if you can; when void, trump, beating
the best trump if you can (otherwise trump under it); otherwise play anything.  The highest
trump, or else the highest card of the led suit, wins.

Each trick won pays a fifth of the pot.  Playing and winning nothing costs five, paid into the
pot for the next hand.  Rams: the declarer who wins all five takes the pot and five from each
opponent; one lost trick ends the hand, and the declarer doubles the pot and pays everyone five.

The match lasts a set number of hands (a hand everybody passed does not count), or until a
player runs out of counters (option ending).  After the last hand nobody pays the no-trick fine
or doubles the pot, and whatever is left in the pot is shared by the players who still have
counters.  The biggest stack wins."""

    def max_game_length(self, num_seats: int, options: Mapping[str, Any]) -> int:
        """A deal: one decision per player, the dealer's swap, five cards each: 6 x seats + 1, for
        the most hands a match lasts (:meth:`~games.core.potgame.PotRules.most_hands`) and the deals
        thrown in because everybody passed on top (:func:`~games.core.bounds.with_redeals`)."""
        return with_redeals(self.most_hands(num_seats, options)) * (6 * num_seats + 1)


RULES = RamsRules()
