"""Bourré: a five-trick pot game for two to eight players (seed 001).

A 52-card pack, aces high.  Every player antes (BO-1: one counter by default) and gets five
cards, one at a time from the dealer's left; the dealer's last card is dealt face up, sets the
trump suit and stays in the dealer's hand.  The undealt cards form the stock.

From the dealer's left, each player decides once:

- ``pass``: fold; the hand goes face down onto the discard pile and the ante is lost;
- ``play``: then discard any number of cards face down (``discard <card>`` repeatedly, then
  ``done``) and draw as many from the stock.  When the stock runs out, the discard pile is
  shuffled into a new stock, leaving out the drawing player's own fresh discards.

If the turned-up card is an ace, the dealer must play.  If only one player plays, that player
takes the pot without play; when everybody before the dealer has passed, the dealer takes it at
once, without drawing and without tricks (BO-3).

Play uses the must-head rule (``games.core.tricks.must_head``, BO-2, the same as Rams RA-5):
follow suit and beat the best card of the led suit if you can; void, trump and over-trump if
you can, otherwise under-trump; otherwise anything.  The first active player left of the
dealer leads; the trick winner leads next.  The cinch rule (BO-6): a player whose tricks won
plus unbeatable trumps held reach three must lead their highest trump, and must trump with
their highest trump.  Illegal plays are refused, so the misplay penalty never applies (BO-4).

The pot goes to the one player with the most tricks.  A tie for most leaves the pot for the
next hand; everybody except the tied players (passers included) antes again (BO-7).  A player
who played and took no trick has gone bourré and pays the size of the pot just played into the
pot for the next hand, instead of an ante (BO-8; we take the payment while settling, so the
hand summary shows it).  A player who owes more than they have pays what they have.

The match (BO-5) ends after ``hands`` deals (``ending=hands``) or when a player runs out of
counters; with ``ending=broke`` only the latter, or after ``hand_limit`` hands when that option
is set.  After the match's last hand nobody pays for going bourré (the payment would feed a hand
never played), and a pot left over is shared (BO-9): by the players tied for most tricks in the
last hand, else by the players still holding counters; odd counters go one each from the
dealer's left.  The biggest stack wins.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import attrgetter
from typing import Any

from games.core.actions import Action, choose, play, word
from games.core.cards import ACE, SUIT_CARDS, Card, Suit, by_index, deck_52
from games.core.clone import LIST, SHARED
from games.core.exact import CINCH, Position
from games.core.options import Option
from games.core.potgame import PotGame, PotRules, ending_options, named_card
from games.core.state import Rules
from games.core.trickgame import PastPlay
from games.core.tricks import (
    Ranking,
    cards_above,
    must_head,
    next_seat,
    shared_ranking,
)
from games.core.views import InfoLine
from games.core.words import plural

from .viewdata import BourreView

HAND_SIZE = 5

PLAY = word("play")
PASS = word("pass")
DONE = word("done")
# The actions that pick a card, one table each (legal lists look them up instead of wording them)
_RANK = attrgetter("rank")
_PLAY_CARD = {c: play(c) for c in deck_52()}
_DISCARD = {c: choose("discard", c) for c in deck_52()}
# The texts of the events that name only a seat, one a seat (made once, not at every decision)
_PLAYS_TEXT = tuple(f"{{p{s}}} plays" for s in range(16))
_FOLDS_TEXT = tuple(f"{{p{s}}} passes and folds" for s in range(16))
#: the end of the deal's event text for each card turned up
_TURNS_UP_TEXT = {c: f"turns up {c}: {c.the_suit.noun} are trump" for c in deck_52()}
LABELS = {"play": "Play (then discard and draw)", "pass": "Pass (fold)", "done": "Done discarding"}


class Bourre(PotGame):
    """State of a Bourré match.  Phases: ``decide``, ``discard``, ``play``, ``over``."""

    _COPY = {
        "pack": SHARED,
        "stock": LIST,
        "discards": LIST,
        "setting_aside": LIST,
    }  # how clone() copies our mutable attributes
    LABELS = LABELS

    def __init__(self, rules: Rules, num_seats: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(rules, num_seats, options, seed)
        self.pack = deck_52()
        self.stock: list[Card] = []
        self.discards: list[Card] = []  # the face-down discard pile
        self.setting_aside: list[Card] = []  # the acting player's discards, before drawing
        self.won: list[tuple[Card, ...]] = [()] * num_seats
        self.no_ante: tuple[int, ...] = ()  # seats that skip the next ante (tied or already paid bourré)
        self.tied: tuple[int, ...] = ()  # the seats tied for most tricks in the hand just settled
        self.dealer = self.rng.randrange(num_seats)
        self._deal()

    # -- dealing -----------------------------------------------------------
    def _deal(self) -> None:
        n = self.num_seats
        antes = sum(self._pay(s, self.options["ante"]) for s in range(n) if s not in self.no_ante)
        self.no_ante, self.tied = (), ()
        deck, _ = self._deal_hands(HAND_SIZE)  # one at a time from the dealer's left
        up = self.hands[self.dealer][-1]  # the dealer's last card is turned up
        self.up_cards = (up,)
        self.stock, self.discards, self.setting_aside = deck, [], []
        self.ranking = shared_ranking((up.suit,))
        self.won = [()] * n
        self.tricks_won = [0] * n
        self.trick = ()  # last_trick stays: the previous hand's last trick remains reviewable
        self.bids, self.status = [""] * n, [""] * n
        self._no_play_yet()
        self.phase = "decide"
        self.to_act = next_seat(self.dealer, n)
        self.log(
            "deal",
            f"Hand {self.hand_number}: antes of {antes} make a pot of {self.pot}; {{p{self.dealer}}} "
            f"deals and {_TURNS_UP_TEXT[up]}",
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
        if self.phase == "discard":
            choices = [_DISCARD[c] for c in sorted(self.hands[s], key=by_index)]
            choices.append(DONE)
            return choices
        return [PLAY] if self._must_play(s) else [PLAY, PASS]

    def _apply(self, action: Action) -> None:
        if self.phase == "play":
            self._apply_play(action)
        elif self.phase == "discard":
            self._apply_discard(action)
        else:
            self._apply_decide(action)

    def _why_illegal(self, text: str) -> str:
        s = self.acting
        if self.phase == "decide" and text == "pass":
            return f"the turned-up card is {self.up_cards[0]}, an ace, so the dealer must play"
        c = named_card(text)
        if c is None:
            return super()._why_illegal(text)
        if c not in self.hands[s]:
            return "you do not hold that card"
        if self.phase == "play":
            return self._playable(s)[1] or super()._why_illegal(text)
        return super()._why_illegal(text)

    # -- deciding, discarding and drawing --------------------------------------------
    def _must_play(self, s: int) -> bool:
        return s == self.dealer and self.up_cards[0].rank == ACE

    def _apply_decide(self, action: Action) -> None:
        s = self.to_act
        assert s is not None  # (an action of the seat to act)
        self.bids[s] = action.kind
        if action.kind == "pass":
            self.status[s] = "passed"
            self.discards.extend(self.hands[s])
            self.hands[s] = []
            self.log("bid", _FOLDS_TEXT[s], s)
            self._next_decider(s)
        else:
            self.status[s] = "in"
            self.phase = "discard"
            self.log("bid", _PLAYS_TEXT[s], s)

    def _apply_discard(self, action: Action) -> None:
        s, c = self.to_act, action.card
        assert s is not None  # (an action of the seat to act)
        if c is not None:  # a discard (else done)
            self.hands[s].remove(c)
            self.setting_aside.append(c)
            return
        k = len(self.setting_aside)
        reshuffled = self._draw(s, k)
        self.discards.extend(self.setting_aside)
        self.setting_aside = []
        note = " (the discards were shuffled into a new stock)" if reshuffled else ""
        self.log("bid", f"{{p{s}}} discards {k} and draws {k}{note}", s)
        self.phase = "decide"
        self._next_decider(s)

    def _draw(self, s: int, k: int) -> bool:
        """Deal ``k`` replacements; an empty stock is rebuilt from the discard pile, which does not
        yet hold this player's own fresh discards (they are set aside)."""
        reshuffled = False
        for _ in range(k):
            if not self.stock:
                self.stock, self.discards = self.discards, []
                self.rng.shuffle(self.stock)
                reshuffled = True
            self.hands[s].append(self.stock.pop())
        return reshuffled

    def _next_decider(self, s: int) -> None:
        if s == self.dealer:
            players = self._active()
            if len(players) == 1:
                self._win_by_default(players[0])
            else:
                self._start_play(players)
            return
        t = next_seat(s, self.num_seats)
        if t == self.dealer and "play" not in self.bids:  # nobody plays yet
            self.bids[t], self.status[t] = "play", "in"  # BO-3: the dealer takes the pot without drawing
            self._win_by_default(t)
            return
        self.to_act = t

    def _win_by_default(self, s: int) -> None:
        won = self._take_pot(s)
        lines = (
            f"Only {{p{s}}} plays, so {{p{s}}} takes the pot of {won} without play; stack {self.scores[s]}",
        )
        self._end_hand(f"Hand {self.hand_number}: won by default", lines)

    # -- playing ---------------------------------------------------------------
    def _legal_play(self, s: int) -> list[Action]:
        """:meth:`_playable` for the legal list: the must-head cards from the trick's heading
        (PotGame._must_head_cards) instead of games.core's must_head."""
        cards = self._must_head_cards(s)
        hand = self.hands[s]
        if SUIT_CARDS[self.ranking.trumps[0]].isdisjoint(hand):  # no trump, no cinch (BO-6): as they are
            return [_PLAY_CARD[c] for c in sorted(cards, key=by_index)]
        cards, _ = _playable(hand, self.trick_cards(), self.ranking, lambda: self.has_cinch(s), False, cards)
        return [_PLAY_CARD[c] for c in sorted(cards, key=by_index)]

    def has_cinch(self, s: int) -> bool:
        """BO-6 (see :func:`_has_cinch`) for seat ``s`` now."""
        return _has_cinch(self.hands[s], self.won, self.tricks_won[s], self.pack, self.ranking.trumps[0])

    def _playable(self, s: int, explain: bool = True) -> tuple[list[Card], str]:
        """The must-head rule, narrowed by the cinch rule (BO-6); ``explain=False``: no must-head text."""
        return _playable(self.hands[s], self.trick_cards(), self.ranking, lambda: self.has_cinch(s), explain)

    REWINDS = True  # the card play is plays of one card: a world can be rewound to its start

    def exact_play(self) -> Position | None:
        """The must-head rule with the cinch (BO-6) among the seats that play; the pot goes by
        the tricks (issue 34).  Trumps never dealt or laid aside still count as unplayed."""
        if self.phase != "play":
            return None
        active = self._active()
        live = {c for s in active for c in self.hands[s]} | set(self.trick_cards())
        won = {c for pile in self.won for c in pile}
        out = [c for c in self.pack if c not in live and c not in won]
        return Position.of(self, CINCH, seats=active, out_of_play=out)

    def _apply_play(self, action: Action) -> None:
        s, c = self.to_act, action.card
        assert s is not None and c is not None  # (a card play by the seat to act)
        if self._play_in_turn(s, c):
            self._finish_trick()

    def _active(self) -> list[int]:
        return [s for s in range(self.num_seats) if self.bids[s] == "play"]

    def _finish_trick(self) -> None:
        winner = self.collect_trick()
        if not self.hands[winner]:
            self._settle()

    # -- settling --------------------------------------------------------------
    def _settle(self) -> None:
        pot_played = self.pot
        active = self._active()
        most = max(self.tricks_won[s] for s in active)
        top = [s for s in active if self.tricks_won[s] == most]
        lines = [", ".join(f"{{p{s}}} {plural(self.tricks_won[s], 'trick')}" for s in active)]
        if len(top) == 1:
            won = self._take_pot(top[0])
            lines.append(
                f"{{p{top[0]}}} takes the pot of {won} with {most} tricks; stack {self.scores[top[0]]}"
            )
        else:
            names = " and ".join(f"{{p{s}}}" for s in top)
            after = (  # BO-7, BO-9: after the last hand nobody antes; the pot is shared instead
                "it is shared at the end of the match"
                if self._last_hand()
                else "it stays for the next hand, and everybody else antes again"
            )
            lines.append(f"{names} tie with {most} tricks: nobody takes the pot of {self.pot}; {after}")
            self.no_ante += tuple(top)
            self.tied = tuple(top)
        last = self._last_hand()  # BO-9: the bourré payment only feeds the next hand's pot
        for s in active:
            if not self.tricks_won[s] and last:
                lines.append(f"{{p{s}}} went bourré: no payment after the last hand")
            elif not self.tricks_won[s]:
                paid = self._pay(s, pot_played)
                self.no_ante += (s,)
                lines.append(
                    f"{{p{s}}} went bourré: pays {paid} (the pot played) into the next pot; "
                    f"stack {self.scores[s]}"
                )
        self._end_hand(f"Hand {self.hand_number} settled", tuple(lines))

    def _pot_heirs(self) -> list[int]:
        """BO-9: a pot left by a tie goes to the tied players; otherwise as in every pot game."""
        return list(self.tied) or super()._pot_heirs()

    # -- views and checks --------------------------------------------------------
    def _view_info(self, seat: int | None) -> list[InfoLine]:
        return [
            *self._pot_info(),
            InfoLine("ante", "Ante", str(self.options["ante"])),
            InfoLine("stock", "Stock", f"{len(self.stock)} cards"),
            InfoLine("discards", "Discards", f"{len(self.discards)} cards"),
        ]

    def _view_extra(self, seat: int | None) -> BourreView:
        mine = seat is not None and seat == self.to_act
        return BourreView(
            trump_suit=self.ranking.trumps[0].letter,
            pot=self.pot,
            stacks=tuple(self.scores),
            ante=self.options["ante"],
            active=tuple(self._active()),
            stock=len(self.stock),
            discarding=tuple(self.setting_aside) if mine and self.phase == "discard" else None,
            cinch=self.has_cinch(seat) if seat is not None and mine and self.phase == "play" else None,
        )

    def _prompt(self) -> str:
        if self.phase == "decide":
            return "Play or pass?"
        if self.phase == "discard":
            return f"Discard cards to replace ({len(self.setting_aside)} so far), then done"
        return "Lead any card" if not self.trick else "Follow and beat if you can (must-head rule)"

    # -- possible worlds (issue 13) -----------------------------------------------
    def _hidden_piles(self, seat: int) -> list:
        """The stock, the discard pile (where the seat knows its own discards lie, unless they
        were shuffled into a new stock) and another player's cards set aside while discarding.
        A passed hand's cards are not tracked (the seat takes no further part in the hand)."""
        piles = [self.pile("stock"), self.pile("discards", self._own_discards(seat))]
        if self.to_act != seat:
            piles.append(self.pile("setting_aside"))
        return piles

    def _own_discards(self, seat: int) -> list[Card]:
        """The seat's discards of this hand still in the discard pile (a reshuffle, which is
        public, moves all of them into the stock)."""
        if self.bids[seat] != "play":
            return []
        mine = []
        for a, s in zip(reversed(self.history), reversed(self.actors)):
            if s == seat and a.kind == "discard":
                mine.append(a.card)
            elif s == seat and a is PLAY:
                break
        return [c for c in reversed(mine) if c in self.discards]

    def _deal_check(self, seat: int, places: list, base: Bourre):
        """The cinch rule (BO-6) depends on several trumps at once, so a world must also let
        every other player's plays this hand stand from its world hand (plus the cards it has
        played since)."""
        pasts = [p for p in self._plays_this_hand() if p.seat != seat]
        where = {p.index: k for k, p in enumerate(places) if p.attr == "hands"}
        checks = [
            (past, where[past.seat], [q.cards[0] for q in pasts[i:] if q.seat == past.seat])
            for i, past in enumerate(pasts)
            if past.seat in where
        ]
        if not checks:
            return None

        def fits(dealt: list[list[Card]]) -> bool:
            return all(
                past.cards[0] in base._allowed(list(places[k].known) + dealt[k] + since, past)
                for past, k, since in checks
            )

        return fits

    def _allowed(self, hand: list[Card], past: PastPlay) -> list[Card]:
        """:meth:`_playable` for ``hand`` at the time of ``past``: the game's own must-head and
        cinch rules applied to the table as it was then."""
        trump = self.ranking.trumps[0]

        def cinch() -> bool:
            return _has_cinch(hand, past.won, past.tricks[past.seat], self.pack, trump)

        return _playable(hand, list(past.before), self.ranking, cinch, explain=False)[0]

    def zones(self) -> dict[str, list[Card]]:
        zones = super().zones()
        zones["stock"] = list(self.stock)
        zones["discards"] = list(self.discards)
        zones["set aside"] = list(self.setting_aside)
        return zones


def _has_cinch(
    hand: Sequence[Card], won: Iterable[Iterable[Card]], tricks: int, pack: Sequence[Card], trump: Suit
) -> bool:
    """BO-6: tricks won plus trumps held that no unplayed trump outside the hand can beat >= 3.
    A trump already in the trick in progress still counts as unplayed: a lower trump of ours
    cannot win that trick, so it is not unbeatable (BO-6, added).  One trump suit, no jokers or
    bowers: a trump is a card of that suit (speed)."""
    seen = set(hand).union(*won)
    outside = SUIT_CARDS[trump].intersection(pack).difference(seen)  # the trumps not seen yet
    top_outside = max(map(_RANK, outside), default=0)
    unbeatable = len(cards_above(SUIT_CARDS[trump], top_outside).intersection(hand))
    return tricks + unbeatable >= 3


def _playable(
    hand: list[Card],
    trick: list[Card],
    r: Ranking,
    cinch: Callable[[], bool],
    explain: bool,
    allowed: Iterable[Card] | None = None,
) -> tuple[list[Card], str]:
    """The must-head rule, narrowed by the cinch rule (BO-6) when ``cinch()`` says the hand holds
    one; ``explain=False``: no must-head text.  ``allowed``: the must-head cards, when known."""
    if allowed is not None:
        cards, rule = list(allowed), ""
    else:  # (the leader: any card)
        cards, rule = must_head(hand, trick, r, explain) if trick else (list(hand), "")
    is_trump = r.trump_cards().__contains__
    if not any(map(is_trump, hand)) or not cinch():
        return cards, rule
    top = max(filter(is_trump, hand), key=_RANK)
    if not trick:
        return [top], f"you hold a cinch, so you must lead your highest trump, {top}"
    led = r.suit_of(trick[0])
    if not any(r.suit_of(c) == led for c in hand):
        return [top], f"you hold a cinch, so you must trump with your highest trump, {top}"
    return cards, rule


class BourreRules(PotRules):
    state_class = Bourre
    options = (
        Option("stack", 100, "Counters each player starts with.", minimum=1, maximum=10_000),
        Option("ante", 1, "Each player's ante.", minimum=1, maximum=100),
        *ending_options(8, "With ending=hands, how many deals the match lasts.", "deals"),
    )
    summary = """\
Bourré — 2 to 8 players, 52 cards, counters and a pot.

Everyone antes and gets five cards; the dealer's last card is dealt face up and its suit is
trump (the card stays in the dealer's hand).  From the dealer's left, each player passes (and
loses the ante) or plays.  A player who plays may throw away any number of cards and draw
replacements; if the stock runs out, the discards are shuffled into a new one.  With an ace
turned up the dealer must play.  If only one player plays, they take the pot without play.

Play: follow suit and beat the best card of the led suit if you can; when void, trump, beating
the best trump if you can (otherwise trump under it); otherwise play anything.  A player sure
of three tricks (tricks won plus unbeatable trumps) holds a cinch and must lead, and trump
with, the highest trump.

The most tricks takes the pot.  A tie leaves the pot for the next hand, and everyone but the
tied players antes again.  Playing and taking no trick is "bourré": you pay the size of the
pot into the next one.

The match lasts a set number of hands, or until a player runs out of counters (option ending).
Nobody pays for going bourré in the last hand; a pot left at the end is shared by the players
tied for most tricks in the last hand, or else by everybody still holding counters.  The biggest
stack wins."""

    def max_game_length(self, num_seats: int, options: Mapping[str, Any]) -> int:
        """A hand: one decision per player, up to five discards and a done, five cards each:
        12 x seats, for the most hands a match lasts (:meth:`~games.core.potgame.PotRules.most_hands`)."""
        return self.most_hands(num_seats, options) * 12 * num_seats


RULES = BourreRules()
