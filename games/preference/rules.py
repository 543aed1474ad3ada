"""Preference (Austrian): an auction for the right to name trumps, a two-card talon, two
defenders who play or drop out, and a pot paid out by tricks (seed 001, rules-notes §8).

Three players take part in each hand.  With four at the table the dealer sits the hand out
(no cards, no turns; ``SeatView.sitting_out``).  A 32-card pack (7 to ace) is dealt in packets
from the dealer's left: three each, two face down to the talon, four each, three each.

The auction (phase ``bid``) starts left of the dealer.  Bids, lowest first: the numbers One to
Four (six tricks with the talon exchange; trumps must rank at least the number, with hearts 4,
diamonds 3, clubs 2, spades 1: PR-1, so Four is the top number: PR-2), Game (six tricks, no
talon, any trumps) and Hearts (six tricks with hearts trump, no talon; it ends the auction at
once).  Passing is final.  Numbers rise one step at a time; after a Game bid only Game or
Hearts; a player who bid a number may never bid Game or Hearts (such a player with nothing
left to bid is passed automatically, as they have no other choice).  The auction ends when all
but one have passed (the last one having bid), or when everyone left has bid Game.  All pass:
the cards are thrown in, the deal passes on and the pot stays (PR-3).  Several Game bidders
name their suits publicly from the dealer's left (phase ``name``); the highest suit wins, the
first named on a tie (PR-4).  A single Game bidder names trumps the same way.

After a number bid the declarer takes the talon, shown to everyone (phase ``discard``), picks
two cards to discard (``discard QS`` toggles a pick, so a pick can be taken back, then
``confirm``), and names trumps of at least the bid's rank (phase ``trump``).

The declarer then announces "no aces" or says nothing (phase ``announce``; always a decision
of the game and its record, so the question itself tells the others nothing; a declarer holding
an ace has only "no announcement", a formality a person's table answers by itself, see
:meth:`Preference.formality`).  No aces is allowed only without an ace among the
twelve cards held with the talon after a number bid, or among the ten dealt cards after Game
or Hearts (PR-6), so discarding aces never qualifies.  We ask before the defenders decide:
the text only says "before leading to the first trick", and this lets the defenders decide
knowing it (see PR-7 for the case where both drop).

The defenders (phase ``defend``) decide from the declarer's left: play (needing two tricks) or
drop out.  Both drop: the hand is not played and is paid as if the declarer took all ten
tricks, bonuses included (PR-7).  Exactly one plays: that defender (phase ``invite``) either
invites the other, who must play as the guest while the host carries the pair's risk of
taking fewer than four, or plays alone: the dropped hand is laid aside unseen and the hand is
played two-handed (PR-5).

Play (phase ``play``): the declarer leads; the must-head rule (``games.core.tricks.must_head``)
applies.  When three play and the declarer leads, the first defender to play must beat the
lead with the lowest card that beats it, a lowest trump when void (PR-8).

Settlement, in the seed's order: (1) the declarer takes ten stakes from the pot, pays each
playing defender one per trick (a host collects the guest's tricks too) and keeps the rest;
(2) penalties into the pot: a declarer with fewer than six pays twenty; a playing defender
with fewer than two pays ten, or with a guest only the host, when the pair took fewer than
four; (3) bonuses to or from each of the other two players in the hand: Hearts made or lost,
all four aces held in the final playing hand with the contract made (PR-6), no aces made or
lost; they add up (PR-9).

Counters: every player antes ``ante`` stakes (a multiple of ten, PR-10), so the pot is always a
multiple of ten.  Stacks may go below zero (the seed plays for cash; a shortfall would break
the multiple of ten), and every counter is always in a stack or the pot.  When the pot is
empty the match ends, unless option ``pots`` asks for more pots (everyone antes again).  No deal
limit ends a match by default (PR-11): play goes on until the pot is empty, however long that
takes.  Option ``max_hands`` (0, off, by default) is a shorter match the players choose: after
that many deals the match ends, what is left in the pot is shared equally among all the players
at the table (the odd stakes one each in seat order from the dealer's left, so no stake
vanishes), and the result says the deal limit was reached.  The biggest stack wins.

Possible worlds for search bots come from the generic ``TrickGame.resample`` with this game's
hooks: its face-down places (the unused talon, the declarer's discards, a hand laid aside), the
talon cards everyone saw go to the declarer, the no-aces call, and what each play revealed under
must-head and PR-8.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from games.core.actions import Action, choose, named_card, play, word
from games.core.bounds import TAKE_BACKS
from games.core.cards import ACE, Card, Suit, by_index, cards_text, deck_32
from games.core.clone import LIST, SHARED
from games.core.errors import BadOptionError
from games.core.exact import MUST_HEAD, Position
from games.core.options import Option
from games.core.partnership import next_active
from games.core.resample import Place
from games.core.state import MethodNames, Rules
from games.core.trickgame import PastPlay, TrickGame
from games.core.tricks import Ranking, must_head, seat_order, shared_ranking
from games.core.views import InfoLine, Outcome
from games.core.words import counted, limited

from .viewdata import PreferenceView

TRICKS = 10
TO_MAKE, TO_DEFEND, PAIR_TO_DEFEND = 6, 2, 4
POT_TAKE, DECLARER_FINE, DEFENDER_FINE, BONUS = 10, 20, 10, 10

#: Bidding rank of the suits (PR-1: the seed's order, clubs above spades).
SUIT_RANK = {Suit.HEARTS: 4, Suit.DIAMONDS: 3, Suit.CLUBS: 2, Suit.SPADES: 1}
BY_RANK = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)
MAX_NUMBER = 4  # PR-2
NUMBER_WORDS = {1: "One", 2: "Two", 3: "Three", 4: "Four"}

PASS, GAME, HEARTS, CONFIRM = word("pass"), word("game"), word("hearts"), word("confirm")
BIDS = {k: word("bid", k) for k in range(1, MAX_NUMBER + 1)}
TRUMPS = {s: word("trump", s.letter) for s in BY_RANK}
NO_ACES, QUIET = word("noaces"), word("quiet")
PLAY, DROP, INVITE, ALONE = word("play"), word("drop"), word("invite"), word("alone")
# The actions that pick a card, one table each (legal lists look them up instead of wording them)
_PLAY_CARD = {c: play(c) for c in deck_32()}
_DISCARD = {c: choose("discard", c) for c in deck_32()}

LABELS = {
    "pass": "Pass",
    "game": "Game (no talon)",
    "hearts": "Hearts (no talon)",
    "confirm": "Confirm the discard",
    "noaces": "Announce no aces",
    "quiet": "No announcement",
    "play": "Play (take 2 tricks)",
    "drop": "Drop out",
    "invite": "Invite the other defender",
    "alone": "Play alone",
}


def contract_text(contract: str, trump: Suit | None = None) -> str:
    """``Two, diamonds trump``, ``Game, hearts trump``, ``Hearts``: a contract as players say it."""
    if not contract:
        return ""
    name = NUMBER_WORDS[int(contract)] if contract.isdigit() else contract.capitalize()
    if contract == "hearts" or trump is None:
        return name
    return f"{name}, {trump.noun} trump"


def suits_from(k: int) -> list[Suit]:
    """The trump suits allowed after a number bid of ``k`` (rank at least ``k``), highest first."""
    return [s for s in BY_RANK if SUIT_RANK[s] >= k]


#: each phase's rules, by name (games.core.state.MethodNames)
_LEGAL, _APPLY = MethodNames("_legal_"), MethodNames("_apply_")


@functools.cache
def _seats_in_hand(dealer: int, num_seats: int, out: tuple[int, ...]) -> tuple[int, ...]:
    """The seats that take part in a hand, from the dealer's left, ``out`` sitting it out
    (worked out once for each dealer: asked at every bid)."""
    return tuple(seat_order(next_active(dealer, num_seats, out), num_seats, skip=out))


class Preference(TrickGame):
    """State of a Preference match.  Phases: ``bid``, ``name``, ``discard``, ``trump``,
    ``announce``, ``defend``, ``invite``, ``play``, ``over``."""

    HAS_BIDS = True  # bids (or a declared Rams) made or set: counted for the statistics

    # this hand's cards set aside and picked, and who passed, bid, named, defends and plays
    discards: list[Card]
    laid_aside: list[Card]
    picked: tuple[Card, ...]
    talon_seen: tuple[Card, ...]
    passed: tuple[int, ...]
    numeric: tuple[int, ...]
    gamers: tuple[int, ...]
    named: tuple[tuple[int, Suit], ...]
    defenders: tuple[int, ...]
    playing: tuple[int, ...]
    players: tuple[int, ...]

    _COPY = {
        "pack": SHARED,
        # the face-down piles: replaced, never changed in place (a possible world deals new lists)
        "talon": SHARED,
        "discards": SHARED,
        "laid_aside": SHARED,
        "bids": LIST,
        "status": LIST,
    }  # the hand's other seat lists and cards are tuples, replaced as they change
    LABELS = LABELS

    def __init__(self, rules: Rules, num_seats: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(rules, num_seats, options, seed)
        self.pack = deck_32()
        self.scores = [options["stack"]] * num_seats  # the stacks
        self.pot = 0
        self.pots_emptied = 0
        self.sheet: tuple[str, ...] = ()  # the last hand's settlement lines
        self.dealer = self.rng.randrange(num_seats)
        self._deal()

    # -- seats -----------------------------------------------------------------
    def _out(self) -> tuple[int, ...]:
        """The seat sitting this deal out: the dealer, when four are at the table."""
        return (self.dealer,) if self.num_seats == 4 else ()

    def in_hand(self) -> list[int]:
        """The three seats that take part in this hand, from the dealer's left."""
        return list(_seats_in_hand(self.dealer, self.num_seats, self._out()))

    def _sitting_out(self) -> tuple[int, ...]:
        return self._out() + ((self.laid_aside_by,) if self.laid_aside_by is not None else ())

    def opponents(self) -> list[int]:
        """The declarer's two opponents in this hand (the bonuses' payers, PR-9)."""
        return [s for s in self.in_hand() if s != self.declarer]

    # -- dealing -----------------------------------------------------------
    def _deal(self) -> None:
        self.hand_number += 1
        antes = self._ante_if_empty()
        deck = list(self.pack)
        self.rng.shuffle(deck)
        self._deal_packets(deck, self.in_hand())
        self._reset_hand()
        self.to_act = self.in_hand()[0]
        out = f"; {{p{self.dealer}}} sits this hand out" if self._out() else ""
        self.log(
            "deal",
            f"Hand {self.hand_number}: {{p{self.dealer}}} deals{out}{antes}; the pot holds {self.pot}",
            self.dealer,
        )

    def _deal_packets(self, deck: list[Card], order: list[int]) -> None:
        """Three cards each from the dealer's left, two to the talon, four each, three each:
        each packet is the next cards off the end of the deck, in the order they come off
        (slices of the deck reversed, as popping them one by one would give them)."""
        drawn, at = deck[::-1], 0
        hands: list[list[Card]] = [[] for _ in range(self.num_seats)]
        for s in order:
            hands[s] = drawn[at : at + 3]
            at += 3
        self.talon = drawn[at : at + 2]
        at += 2
        for size in (4, 3):
            for s in order:
                hands[s] += drawn[at : at + size]
                at += size
        del deck[len(deck) - at :]
        self.hands = hands

    def _ante_if_empty(self) -> str:
        """An empty pot is refilled: every player antes (PR-10).  Returns words for the deal event."""
        if self.pot:
            return ""
        ante = self.options["ante"]
        for s in range(self.num_seats):
            self.scores[s] -= ante
            self.pot += ante
        return f"; everyone antes {ante}"

    def _reset_hand(self) -> None:
        n = self.num_seats
        self.trick, self.won, self.tricks_won = (), [()] * n, [0] * n
        self.bids: list[str] = [""] * n
        self.status: list[str] = [""] * n
        self.discards, self.laid_aside, self.picked, self.talon_seen = [], [], (), ()
        self.passed, self.numeric, self.gamers, self.named = (), (), (), ()
        self.defenders, self.playing, self.players = (), (), ()
        self.high = 0
        self.contract = ""
        self.declarer: int | None = None
        self.host: int | None = None
        self.laid_aside_by: int | None = None
        self.no_aces = False
        self.aces_played = 0
        self.up_cards = ()
        self.ranking = shared_ranking(())
        self.phase = "bid"

    # -- the protocol --------------------------------------------------------
    def takes_back(self, action: Action) -> bool:
        return action.kind == "discard" and action.card in self.picked  # a pick taken back

    def _legal(self) -> list[Action]:
        return getattr(self, _LEGAL[self.phase])(self.to_act)

    def _apply(self, action: Action) -> None:
        getattr(self, _APPLY[self.phase])(self.to_act, action)

    def _why_illegal(self, text: str) -> str:
        why = getattr(self, f"_why_not_{self.phase}", None)
        return (why(self.to_act, text) if why else "") or super()._why_illegal(text)

    def label(self, action: Action) -> str:
        """Player-facing words: number bids by name, trumps by suit, picks as discard or take back."""
        if action.kind == "bid":
            return f"{NUMBER_WORDS[action.number]} (talon)"
        if action.kind == "trump":
            return f"{Suit(action.arg).noun.capitalize()} trump"
        if action.kind == "discard":
            return f"{'Take back' if action.card in self.picked else 'Discard'} {action.the_card.text}"
        return LABELS.get(action.text) or action.label

    # -- the auction -------------------------------------------------------------
    def _legal_bid(self, s: int) -> list[Action]:
        out = [PASS]
        if not self.gamers and self.high < MAX_NUMBER:
            out.append(BIDS[self.high + 1])
        if s not in self.numeric:
            out += [GAME, HEARTS]
        return out

    def _why_not_bid(self, s: int, text: str) -> str:
        kind, _, arg = text.partition(" ")
        if kind in ("game", "hearts") and s in self.numeric:
            return "you have bid a number, so you may not bid game or hearts"
        if kind != "bid":
            return ""
        if self.gamers:
            return "after a game bid only game or hearts may be bid"
        if not arg.isdigit() or not 1 <= int(arg) <= MAX_NUMBER:
            return "the numbers run from one to four (trumps must rank at least the number)"
        return f"numbers rise one step at a time: the next bid is {NUMBER_WORDS[self.high + 1]}"

    def _apply_bid(self, s: int, action: Action) -> None:
        kind = action.kind
        if kind == "pass":
            self._pass(s, f"{{p{s}}} passes")
        elif kind == "bid":
            self.high = action.number
            self.numeric += (s,)
            self.bids[s] = NUMBER_WORDS[self.high]
            self.log("bid", f"{{p{s}}} bids {NUMBER_WORDS[self.high]}", s)
        elif kind == "game":
            self.gamers += (s,)
            self.bids[s] = "game"
            self.log("bid", f"{{p{s}}} bids game", s)
        else:  # hearts cannot be overcalled: the auction ends at once
            self.bids[s] = "hearts"
            self.log("bid", f"{{p{s}}} bids hearts, which ends the auction", s)
            self._declare(s, "hearts", Suit.HEARTS)
            return
        self._next_bidder(s)

    def _pass(self, s: int, text: str) -> None:
        self.passed += (s,)
        self.bids[s] = "pass"
        self.log("bid", text, s)

    def _next_bidder(self, s: int) -> None:
        """Pass the turn on, or end the auction (all but one passed, or everyone left bid game)."""
        alive = [t for t in self.in_hand() if t not in self.passed]
        if not alive:
            self._throw_in()
        elif len(alive) == 1 and self.bids[alive[0]]:
            self._auction_won(alive[0])
        elif self.gamers and all(t in self.gamers for t in alive):
            self._start_naming()
        else:
            t = next(t for t in seat_order(s, self.num_seats)[1:] if t in alive)
            if self._legal_bid(t) == [PASS]:  # a number bidder with no higher bid left
                self._pass(t, f"{{p{t}}} cannot bid higher and is out of the auction")
                self._next_bidder(t)
            else:
                self.to_act = t

    def _auction_won(self, s: int) -> None:
        if self.bids[s] == "game":
            self._start_naming()
            return
        self.declarer, self.contract = s, str(self.high)
        self.status[s] = "declarer"
        self.talon_seen = tuple(self.talon)
        self.hands[s].extend(self.talon)
        self.talon = []
        self.up_cards = tuple(self.talon_seen)
        self.log(
            "bid",
            f"{{p{s}}} wins the auction with {NUMBER_WORDS[self.high]} and takes the talon: "
            f"{cards_text(self.talon_seen)}",
            s,
            cards=tuple(self.talon_seen),
        )
        self.phase = "discard"
        self.to_act = s

    def _throw_in(self) -> None:
        """PR-3: everyone passed: no play, the deal passes on, the pot stays as it is."""
        self._end_hand(
            f"Hand {self.hand_number}: everyone passed",
            (
                "Everyone passed, so the cards are thrown in.",
                f"The pot stays at {self.pot}; the next player deals.",
            ),
        )

    # -- several game bidders name suits (PR-4) -------------------------------------------
    def _start_naming(self) -> None:
        self.phase = "name"
        self.to_act = next(t for t in self.in_hand() if t in self.gamers)

    def _legal_name(self, s: int) -> list[Action]:
        return list(TRUMPS.values())

    def _apply_name(self, s: int, action: Action) -> None:
        suit = Suit(action.arg)
        self.named += ((s, suit),)
        rivals = len(self.gamers) > 1
        self.log("bid", f"{{p{s}}} names {suit.noun}" + (" for game" if rivals else " as trumps"), s)
        waiting = [t for t in self.in_hand() if t in self.gamers and t not in (x for x, _ in self.named)]
        if waiting:
            self.to_act = waiting[0]
            return
        best = max(SUIT_RANK[x] for _, x in self.named)  # the first named wins a tie: named is in seat order
        winner, trump = next((t, x) for t, x in self.named if SUIT_RANK[x] == best)
        if rivals:
            self.log(
                "bid",
                f"{{p{winner}}}'s {trump.noun} is the highest suit named: {{p{winner}}} plays game",
                winner,
            )
        self._declare(winner, "game", trump)

    # -- the talon exchange after a number bid -------------------------------------------
    def _legal_discard(self, s: int) -> list[Action]:
        if len(self.picked) < 2:
            return [_DISCARD[c] for c in sorted(self.hands[s], key=by_index)]
        return [_DISCARD[c] for c in sorted(self.picked, key=by_index)] + [CONFIRM]

    def _why_not_discard(self, s: int, text: str) -> str:
        if text == "confirm":
            return f"pick two cards to discard first (you have picked {len(self.picked)})"
        c = named_card(text)
        if c is None:
            return ""
        if c not in self.hands[s]:
            return "you do not hold that card"
        return "you have already picked two cards: take one back before picking another"

    def _apply_discard(self, s: int, action: Action) -> None:
        if action.kind == "discard":
            if action.card in self.picked:
                self.picked = tuple(c for c in self.picked if c != action.the_card)
            else:
                self.picked += (action.the_card,)
            return
        for c in self.picked:
            self.hands[s].remove(c)
        self.discards, self.picked = sorted(self.picked, key=by_index), ()
        self.up_cards = ()
        self.log("bid", f"{{p{s}}} discards two cards face down", s)
        self.log(
            "info", f"You discard {cards_text(self.discards)}", s, visible_to=s, cards=tuple(self.discards)
        )
        self.phase = "trump"

    def _legal_trump(self, s: int) -> list[Action]:
        return [TRUMPS[x] for x in suits_from(self.high)]

    def _why_not_trump(self, s: int, text: str) -> str:
        if not text.startswith("trump"):
            return ""
        allowed = " or ".join(x.noun for x in suits_from(self.high))
        return (
            f"after a bid of {NUMBER_WORDS[self.high]} trumps must rank at least {self.high} "
            f"(hearts 4, diamonds 3, clubs 2, spades 1): {allowed}"
        )

    def _apply_trump(self, s: int, action: Action) -> None:
        self._declare(s, self.contract, Suit(action.arg))

    def _declare(self, s: int, contract: str, trump: Suit) -> None:
        """The contract is settled: trumps known, the declarer may now announce no aces."""
        self.declarer, self.contract = s, contract
        self.status[s] = "declarer"
        self.ranking = shared_ranking((trump,))
        self.log("bid", f"{{p{s}}} declares {contract_text(contract, trump)}", s)
        self.phase = "announce"
        self.to_act = s

    # -- no aces (PR-6) -------------------------------------------------------------
    def aces_counted(self, s: int) -> list[Card]:
        """PR-6: the aces that bar a no-aces announcement: among the twelve cards (hand and
        discards) after a number bid, among the ten dealt cards after game or hearts."""
        cards = self.hands[s] + self.discards
        return sorted((c for c in cards if c.rank == ACE), key=by_index)

    def _legal_announce(self, s: int) -> list[Action]:
        return [QUIET] if self.aces_counted(s) else [QUIET, NO_ACES]

    def formality(self) -> str:
        """A declarer holding an ace has nothing to announce (PR-6): a person's table says so and
        answers "no announcement" itself instead of asking.  Secrecy: the others see the answer
        come at once, so they may infer the declarer held an ace (or decided at once not to
        announce).  That is what a real table shows: a player who cannot announce says nothing at
        once, and the ace itself is named to no one (the notice is in the declarer's view only)."""
        if self.phase == "announce" and self.to_act is not None and self.aces_counted(self.to_act):
            return "You hold an ace: no announcement"
        return ""

    def _why_not_announce(self, s: int, text: str) -> str:
        if text != "noaces":
            return ""
        where = " (the talon and your discards count)" if self.contract.isdigit() else ""
        return f"you hold {cards_text(self.aces_counted(s))}{where}, so you cannot announce no aces"

    def _apply_announce(self, s: int, action: Action) -> None:
        self.no_aces = action is NO_ACES
        if self.no_aces:
            self.log("bid", f"{{p{s}}} announces no aces", s)
        self.defenders = tuple(
            sorted(self.opponents(), key=lambda t: (t - s) % self.num_seats)
        )  # from the declarer's left
        self.phase = "defend"
        self.to_act = self.defenders[0]

    # -- the defenders ---------------------------------------------------------------
    def _legal_defend(self, s: int) -> list[Action]:
        return [PLAY, DROP]

    def _why_not_defend(self, s: int, text: str) -> str:
        if text in ("invite", "alone"):
            return "first say whether you play or drop out; only a lone playing defender may invite"
        return ""

    def _apply_defend(self, s: int, action: Action) -> None:
        plays = action is PLAY
        self.status[s] = "defends" if plays else "dropped"
        if plays:
            self.playing += (s,)
        self.log("bid", f"{{p{s}}} {'defends' if plays else 'drops out'}", s)
        if s == self.defenders[0]:
            self.to_act = self.defenders[1]
        elif len(self.playing) == 2:
            self._start_play()
        elif not self.playing:
            self._both_dropped()
        else:
            self.phase = "invite"
            self.to_act = self.playing[0]

    def _legal_invite(self, s: int) -> list[Action]:
        return [INVITE, ALONE]

    def _apply_invite(self, s: int, action: Action) -> None:
        other = next(t for t in self.defenders if t != s)
        if action is INVITE:
            self.host = s
            self.playing += (other,)
            self.status[s], self.status[other] = "host", "guest"
            self.log("bid", f"{{p{s}}} invites {{p{other}}}, who must play; {{p{s}}} carries the risk", s)
        else:  # PR-5: the dropped hand is laid aside and the hand is played two-handed
            self.laid_aside, self.hands[other] = self.hands[other], []
            self.laid_aside_by = other
            self.log(
                "bid",
                f"{{p{s}}} plays alone against {{p{self.declarer}}}; {{p{other}}}'s hand is laid aside",
                s,
            )
        self._start_play()

    # -- play ---------------------------------------------------------------------
    def _start_play(self) -> None:
        d = self._declarer()
        self.players = tuple(t for t in seat_order(d, self.num_seats) if t == d or t in self.playing)
        self.phase = "play"
        self.leader = self.to_act = d

    REWINDS = True  # the card play is plays of one card: a world can be rewound to its start

    def exact_play(self) -> Position | None:
        """The must-head rule among the players, with PR-8 after the declarer's lead when three
        play; the hand is settled by the tricks (issue 34)."""
        if self.phase != "play":
            return None
        lowest = self._declarer() if len(self.players) == 3 else None
        return Position.of(self, MUST_HEAD, seats=self.players, lowest_after=lowest)

    def lowest_beater_applies(self) -> bool:
        """PR-8: the declarer has led and three are playing: the next player must beat the lead
        with the lowest card that beats it (a lowest trump when void), if able."""
        return len(self.players) == 3 and len(self.trick) == 1 and self.trick[0].seat == self.declarer

    def playable(self, s: int, explain: bool = True) -> tuple[list[Card], str]:
        """The must-head rule, narrowed by PR-8; returns (cards, the rule in words)."""
        return allowed_cards(
            self.hands[s], self.trick_cards(), self.ranking, self.lowest_beater_applies(), explain
        )

    def _legal_play(self, s: int) -> list[Action]:
        cards = self.hands[s]  # the leader plays any card
        if self.trick:
            cards, _ = self.playable(s, explain=False)
        return [_PLAY_CARD[c] for c in sorted(cards, key=by_index)]

    def _why_not_play(self, s: int, text: str) -> str:
        c = named_card(text)
        if c is None:
            return ""
        if c not in self.hands[s]:
            return "you do not hold that card"
        return self.playable(s)[1]

    def _apply_play(self, s: int, action: Action) -> None:
        c = action.the_card
        if s == self.declarer and c.rank == ACE:
            self.aces_played += 1  # PR-6: the aces of the playing hand, counted as they show
        self.play_to_trick(s, c)
        if len(self.trick) < len(self.players):
            self.to_act = self.players[(self.players.index(s) + 1) % len(self.players)]
            return
        winner = self.collect_trick()
        if not self.hands[winner]:  # (after a trick every player holds as many cards)
            self._settle(list(self.tricks_won))

    # -- settlement ------------------------------------------------------------------
    def _declarer(self) -> int:
        """The seat that won the bidding: there is one once a contract is played or settled."""
        assert self.declarer is not None, "a contract is played only after a bid"
        return self.declarer

    def _both_dropped(self) -> None:
        """PR-7: both defenders dropped: paid as if the declarer took all ten tricks."""
        d = self._declarer()
        self.aces_played = sum(1 for c in self.hands[d] if c.rank == ACE)  # the hand as it stands
        counted = [0] * self.num_seats
        counted[d] = TRICKS
        self._settle(counted, both_dropped=True)

    def _settle(self, tricks: list[int], both_dropped: bool = False) -> None:
        d = self._declarer()
        before = list(self.scores)
        lines = [self._contract_line(both_dropped), self._tricks_line(tricks, both_dropped)]
        lines += self._pay_stakes(tricks)
        lines += self._penalties(tricks)
        lines += self._bonuses(tricks[d] >= TO_MAKE)
        nets = ", ".join(f"{{p{s}}} {self.scores[s] - before[s]:+d}" for s in self.in_hand())
        lines.append(f"Net this hand: {nets}; the pot now holds {self.pot}.")
        result = "made" if tricks[d] >= TO_MAKE else "lost"
        self.note_bid(d, tricks[d] >= TO_MAKE)
        self._end_hand(
            f"Hand {self.hand_number}: {{p{d}}} {result} {contract_text(self.contract, self.trump)}",
            tuple(lines),
        )

    @property
    def trump(self) -> Suit | None:
        return self.ranking.trumps[0] if self.ranking.trumps else None

    def _contract_line(self, both_dropped: bool) -> str:
        d = self.declarer
        words = [
            f"{{p{d}}} played {contract_text(self.contract, self.trump)}"
            + (" and announced no aces" if self.no_aces else "")
        ]
        if both_dropped:
            words.append("both defenders dropped out, so it counts as all ten tricks")
        elif self.host is not None:
            words.append(f"{{p{self.host}}} invited {{p{self.playing[1]}}} as guest")
        elif self.laid_aside_by is not None:
            words.append(f"{{p{self.playing[0]}}} played alone, {{p{self.laid_aside_by}}} dropped out")
        else:
            words.append("both defenders played")
        return "; ".join(words) + "."

    def _tricks_line(self, tricks: list[int], both_dropped: bool) -> str:
        shown = [self._declarer()] if both_dropped else self.players
        return "Tricks: " + ", ".join(f"{{p{s}}} {tricks[s]}" for s in shown) + "."

    def _pay_stakes(self, tricks: list[int]) -> list[str]:
        """Step 1: ten stakes from the pot, one per trick to each playing defender (a host
        collects for the guest), the rest to the declarer."""
        d = self._declarer()
        self.pot -= POT_TAKE
        parts = []
        for s in self.playing:
            payee = self.host if self.host is not None else s
            self.scores[payee] += tricks[s]
            whose = "" if payee == s else f"{{p{s}}}'s "
            parts.append(
                f"{{p{payee}}} gets {tricks[s]} for {whose}{tricks[s]} trick{'s' * (tricks[s] != 1)}"
            )
        keep = POT_TAKE - sum(tricks[s] for s in self.playing)
        self.scores[d] += keep
        paid = "; ".join(parts)
        return [
            f"1. Stakes: {{p{d}}} takes {POT_TAKE} from the pot"
            + (f"; {paid}" if paid else "")
            + f"; {{p{d}}} keeps {keep}."
        ]

    def _penalties(self, tricks: list[int]) -> list[str]:
        """Step 2: fines into the pot."""
        d, lines = self._declarer(), []
        if tricks[d] < TO_MAKE:
            self._fine(d, DECLARER_FINE)
            lines.append(f"{{p{d}}} took fewer than {TO_MAKE} tricks: pays {DECLARER_FINE} into the pot")
        if self.host is not None:
            pair = sum(tricks[s] for s in self.playing)
            if pair < PAIR_TO_DEFEND:
                self._fine(self.host, DEFENDER_FINE)
                lines.append(
                    f"the defenders took {pair} together, fewer than {PAIR_TO_DEFEND}: the host "
                    f"{{p{self.host}}} alone pays {DEFENDER_FINE} into the pot"
                )
        else:
            for s in self.playing:
                if tricks[s] < TO_DEFEND:
                    self._fine(s, DEFENDER_FINE)
                    lines.append(
                        f"{{p{s}}} took fewer than {TO_DEFEND} tricks: pays {DEFENDER_FINE} into the pot"
                    )
        return ["2. Penalties: " + ("; ".join(lines) if lines else "none") + "."]

    def _fine(self, s: int, amount: int) -> None:
        self.scores[s] -= amount
        self.pot += amount

    def _bonuses(self, made: bool) -> list[str]:
        """Step 3: hearts, four aces, no aces, each to or from both opponents; they add up (PR-9)."""
        _d, lines = self.declarer, []
        if self.contract == "hearts":
            lines.append(self._transfer(made, "hearts made" if made else "hearts lost"))
        if made and self.aces_played == 4:
            lines.append(self._transfer(True, "all four aces held and the contract made"))
        if self.no_aces:
            lines.append(self._transfer(made, "no aces made" if made else "no aces lost"))
        return ["3. Bonuses: " + ("; ".join(lines) if lines else "none") + "."]

    def _transfer(self, to_declarer: bool, why: str) -> str:
        d = self._declarer()
        for s in self.opponents():
            payer, payee = (s, d) if to_declarer else (d, s)
            self.scores[payer] -= BONUS
            self.scores[payee] += BONUS
        if to_declarer:
            return f"{why}: each opponent pays {{p{d}}} {BONUS}"
        return f"{why}: {{p{d}}} pays each opponent {BONUS}"

    # -- the end of a hand and of the match -----------------------------------------------
    def _end_hand(self, title: str, lines: tuple[str, ...]) -> None:
        self.sheet = lines
        self.log("hand", title, lines=lines)
        if self.pot == 0:
            self.pots_emptied += 1
            if self.pots_emptied >= self.options["pots"]:
                self._finish(
                    "the pot is empty" if self.pots_emptied == 1 else f"{self.pots_emptied} pots were won"
                )
                return
        limit = self.options["max_hands"]  # PR-11: a shorter match the players chose, off by default
        if limit and self.hand_number >= limit:
            self._finish(f"deal limit of {limit} reached", self._share_pot())
            return
        self.dealer = (self.dealer + 1) % self.num_seats
        self._deal()

    def _share_pot(self) -> tuple[str, ...]:
        """PR-11: a pot left when the deal limit ends the match is shared equally among everyone
        at the table, the odd stakes one each in seat order from the dealer's left."""
        pot, n = self.pot, self.num_seats
        if not pot:
            return ()
        order = seat_order((self.dealer + 1) % n, n)
        each, odd = divmod(pot, n)
        got = {s: each + (1 if i < odd else 0) for i, s in enumerate(order)}
        for s, amount in got.items():
            self.scores[s] += amount
        self.pot = 0
        return (
            f"The {pot} stakes left in the pot are shared: "
            + ", ".join(f"{{p{s}}} {got[s]}" for s in range(n)),
        )

    def _finish(self, reason: str, lines: tuple[str, ...] = ()) -> None:
        best = max(self.scores)
        winners = tuple(s for s in range(self.num_seats) if self.scores[s] == best)
        self.phase = "over"
        self.to_act = None
        self.result = Outcome(tuple(float(x) for x in self.scores), winners, reason, lines=lines)
        names = " and ".join(f"{{p{w}}}" for w in winners)
        verb = "share the win" if len(winners) > 1 else "wins"
        self.log("match", f"{names} {verb} with {best} counters ({'; '.join((reason, *lines))})", lines=lines)

    # -- views and checks -------------------------------------------------------------------
    def _view_trump(self) -> str:
        return contract_text(self.contract, self.trump) if self.trump else ""

    def _view_info(self, seat: int | None) -> list[InfoLine]:
        limit = self.options["max_hands"]
        info = [
            InfoLine("pot", "Pot", str(self.pot)),
            InfoLine("ante", "Ante", str(self.options["ante"])),
            InfoLine("deal", "Deal", f"{self.hand_number} of {limit}" if limit else str(self.hand_number)),
        ]
        if self.options["pots"] > 1:
            info.append(InfoLine("pots", "Pots won", f"{self.pots_emptied} of {self.options['pots']}"))
        if self.contract and self.trump:
            aces = " · no aces" if self.no_aces else ""
            info.append(InfoLine("contract", "Contract", contract_text(self.contract, self.trump) + aces))
        if self.talon_seen:
            info.append(InfoLine("talon", "Talon", f"taken: {cards_text(self.talon_seen)}"))
        return info

    def _view_extra(self, seat: int | None) -> PreferenceView:
        """Public table data for the panel and bots; the declarer's picks and discards and a
        laid-aside hand only in their owner's view."""
        declaring = seat is not None and seat == self.declarer
        return PreferenceView(
            pot=self.pot,
            ante=self.options["ante"],
            stacks=tuple(self.scores),
            sheet=tuple(self.sheet),
            pots=(self.pots_emptied, self.options["pots"]),
            in_hand=tuple(self.in_hand()),
            high=self.high,
            named=tuple((t, x.letter) for t, x in self.named),
            trump_suit=self.trump.letter if self.trump else None,
            contract=self.contract,
            contract_text=contract_text(self.contract, self.trump),
            declarer=self.declarer,
            talon=tuple(self.talon_seen),
            talon_count=len(self.talon),
            no_aces=self.no_aces,
            defenders=tuple(self.defenders),
            playing=tuple(self.playing),
            host=self.host,
            laid_aside_by=self.laid_aside_by,
            players=tuple(self.players),
            picked=tuple(self.picked) if declaring else (),
            discards=tuple(self.discards) if declaring else (),
            laid_aside=tuple(sorted(self.laid_aside, key=by_index))
            if seat is not None and seat == self.laid_aside_by
            else (),
        )

    def _prompt(self) -> str:
        return getattr(self, f"_prompt_{self.phase}")()

    def _prompt_bid(self) -> str:
        if self.gamers:
            return "Game has been bid: bid Game or Hearts too, or pass"
        if self.high:
            return (
                f"Bid {NUMBER_WORDS[self.high + 1]} or more, or pass"
                if self.to_act not in self.numeric
                else f"Bid {NUMBER_WORDS[self.high + 1]} or pass"
            )
        return "Bid One (with the talon), Game, Hearts, or pass"

    def _prompt_name(self) -> str:
        if len(self.gamers) == 1:
            return "Name trumps for your game"
        taken = ", ".join(x.noun for _, x in self.named)
        return "Name a suit: the highest named wins" + (f" (so far: {taken})" if taken else "")

    def _prompt_discard(self) -> str:
        if not self.picked:
            return "Pick two cards to discard"
        if len(self.picked) == 1:
            return f"Pick one more to discard (pick {self.picked[0]} again to undo)"
        return f"Confirm the discard of {cards_text(self.picked)}, or take one back"

    def _prompt_trump(self) -> str:
        return "Name trumps: " + ", ".join(x.noun for x in suits_from(self.high))

    def _prompt_announce(self) -> str:
        if self.aces_counted(self.acting):
            return "You hold an ace: nothing to announce, go on"
        return "You hold no ace: announce no aces (10 each way)?"

    def _prompt_defend(self) -> str:
        return f"Against {contract_text(self.contract, self.trump)}: play (2 tricks) or drop out?"

    def _prompt_invite(self) -> str:
        return "Invite the other (4 together, your risk) or play alone?"

    def _prompt_play(self) -> str:
        if not self.trick:
            return "Lead any card"
        if self.playable(self.acting)[1].startswith("against the declarer's lead"):
            return "Beat the lead with your lowest card that can"
        return "Follow and beat if you can; if void, trump"

    def zones(self) -> dict[str, list[Card]]:
        zones = super().zones()
        zones["talon"] = list(self.talon)
        zones["discards"] = list(self.discards)
        zones["laid aside"] = list(self.laid_aside)
        return zones

    def check_invariants(self) -> None:
        start = self.options["stack"] * self.num_seats
        assert sum(self.scores) + self.pot == start, "counters not conserved"
        assert self.pot >= 0 and self.pot % 10 == 0, f"the pot must be a multiple of ten, not {self.pot}"
        assert self.pot == 0 or self.result is None, "a pot left at the end is shared out (PR-11)"
        assert sum(len(w) for w in self.won) == sum(self.tricks_won) * max(len(self.players), 1), "won piles"
        assert all(not self.hands[s] for s in self._sitting_out()), "a seat sitting out holds no cards"

    # -- possible worlds for search bots (the generic TrickGame.resample, with these hooks) ----
    def _hidden_piles(self, seat: int) -> list[Place]:
        """The face-down talon (unseen by all), the declarer's discards (seen by the declarer
        only) and a hand laid aside (seen by its owner only).  Talon cards shown when taken can
        only be with the declarer (hand or discards); no aces in the discards of a declarer who
        announced no aces (PR-6)."""
        piles = [self.pile("talon")] if self.talon else []
        if self.discards and seat != self.declarer:
            piles.append(replace(self.pile("discards"), forbidden=self._no_aces_cards()))
        if self.laid_aside and seat != self.laid_aside_by:
            piles.append(replace(self.pile("laid_aside"), forbidden=frozenset(self.talon_seen)))
        return piles

    def _no_aces_cards(self) -> frozenset[Card]:
        return frozenset(c for c in self.pack if c.rank == ACE) if self.no_aces else frozenset()

    def _forbidden_cards(self, seat: int, unseen: set[Card]) -> dict[int, frozenset[Card]]:
        """What play revealed (must-head and PR-8 refusals), plus: the shown talon cards are
        not in a defender's hand, and the declarer who announced no aces holds none."""
        found = {s: set(v) for s, v in super()._forbidden_cards(seat, unseen).items()}
        for s in range(self.num_seats):
            if s != seat and s != self.declarer and self.talon_seen:
                found.setdefault(s, set()).update(self.talon_seen)
        if self.declarer is not None and self.declarer != seat and self.no_aces:
            found.setdefault(self.declarer, set()).update(self._no_aces_cards())
        return {s: frozenset(v & unseen) for s, v in found.items() if v & unseen}

    def _allowed(self, hand: list[Card], past: PastPlay) -> list[Card]:
        """The play rule at ``past``: must-head, narrowed by PR-8 for the player right after a
        declarer's lead when three are playing."""
        lowest = len(self.players) == 3 and len(past.before) == 1 and past.seat == self.players[1]
        return allowed_cards(hand, list(past.before), self.ranking, lowest, explain=False)[0]

    def _forget(self, base: Preference, seat: int) -> None:
        """Besides the generic forgetting: the declarer's picks toward a discard are private."""
        super()._forget(base, seat)
        if seat != self.declarer:
            base.picked = ()


def allowed_cards(
    hand: Sequence[Card], trick: list[Card], ranking: Ranking, lowest_beater: bool, explain: bool = True
) -> tuple[list[Card], str]:
    """The must-head rule; with ``lowest_beater`` (PR-8) only the lowest card that beats the
    lead, when some card may beat it.  Returns (cards, the rule in words)."""
    cards, rule = must_head(hand, trick, ranking, explain)
    if not lowest_beater:
        return cards, rule
    power = ranking.powers(ranking.suit_of(trick[0]))  # each card's power in this trick (a table)
    lead = power[trick[0]]
    beaters = [c for c in cards if power[c] > lead]
    if not beaters:
        return cards, rule
    low = min(beaters, key=power.__getitem__)
    return [low], (
        f"against the declarer's lead the first defender must beat {trick[0]} with the lowest card "
        f"that does, {low}"
        if explain
        else ""
    )


class PreferenceRules(Rules):
    state_class = Preference
    random_play_options = {"max_hands": 20}  # random players seldom empty a pot (PR-11)
    options = (
        Option(
            "ante",
            10,
            "What each player puts into an empty pot; a multiple of 10, so the pot always is.",
            minimum=10,
            maximum=100,
        ),
        Option(
            "stack",
            100,
            "Counters each player starts with (a stack may go below zero: a debt).",
            minimum=0,
            maximum=10_000,
        ),
        Option(
            "pots",
            1,
            "How many pots the match lasts: when the pot runs dry before that, everyone antes again.",
            minimum=1,
            maximum=20,
        ),
        Option(
            "max_hands",
            0,
            "A shorter match: end it after this many deals and share what is left in the pot "
            "equally (0: no limit; the match ends when the pot is empty).",
            minimum=0,
            maximum=100,
        ),
    )
    summary = """\
Preference (Austrian) — 3 players (with a fourth, the dealer sits each hand out), 32 cards
(7 to ace), played for stakes from a pot.

Everyone antes into a pot (10 each by default).  Each player gets ten cards, dealt three, then
two face down to the talon, then four, then three.

Bidding starts left of the dealer.  The bids, from low to high:
- One, Two, Three, Four: you will take six tricks after taking the talon into your hand,
discarding two cards and naming trumps.  Trumps must rank at least as high as the number:
hearts 4, diamonds 3, clubs 2, spades 1 (so after Three only diamonds or hearts).
- Game: six tricks with trumps of your choice and no talon.
- Hearts: six tricks with hearts trump and no talon.  Nobody can bid over it.

A pass is final.  Numbers go up one at a time.  Once someone bids Game, only Game or Hearts may
follow, and a player who has bid a number can never bid Game or Hearts (if such a player has
nothing left to bid, the table passes for them).  The bidding ends when all but one have
passed, or when everyone still in has bid Game; then each Game bidder names a suit in turn
from the dealer's left, openly, and the highest suit wins (the first to name it, on a tie).
If everyone passes, the cards are thrown in and the next player deals; the pot stays.

After a number bid the declarer takes the talon, and at this table its two cards are shown to
everyone as they are taken (the rules leave this open).  You pick two cards to discard (pick a
card again to take it back) and confirm, then name trumps.

The declarer may then announce "no aces": only without an ace in the twelve cards held with the
talon (after a number) or in the ten dealt cards (after Game or Hearts).  The rules say only
"before leading to the first trick"; at this table the declarer is asked before the defenders
decide, so they know the announcement when they choose.

The two others then decide in turn, starting at the declarer's left: play (you need two
tricks) or drop out.  If both drop out, the hand is not played and counts as all ten tricks to
the declarer.  If only one plays, that player may invite the other, who must then play: the
inviter (host) collects for both and alone pays the fine if the two take fewer than four
tricks.  Without an invitation the other hand is laid aside and the two play it out alone.

Play: the declarer leads.  Follow suit and beat the highest card of the led suit if you can
(once a trick has been trumped, any card of the suit will do); without the suit, trump and
beat the highest trump if you can (or trump lower if you cannot); otherwise play anything.
When three are playing and the declarer leads, the next player must beat the lead with the
lowest card that beats it (the lowest trump, when void), if able.  The highest trump wins,
else the highest card of the suit led; the winner leads next.

Payment after each hand, in this order:
- Stakes: the declarer takes 10 from the pot, pays each playing defender 1 per trick (a host
gets the guest's too), and keeps the rest.
- Penalties: a declarer with fewer than six tricks pays 20 into the pot; a playing defender
with fewer than two pays 10 (with a guest, only the host pays, when the two took fewer than
four).
- Bonuses, to or from each of the other two players in the hand: Hearts made, 10 from each,
lost, 10 to each; all four aces in the declarer's playing hand and six tricks, 10 from each;
no aces made, 10 from each, lost, 10 to each.  They add up.  A player sitting out as dealer
neither pays nor gets a bonus.

Stacks may go below zero, like a debt.  The match ends when the pot is empty, however many deals
that takes; with option pots above 1 everyone antes again until that many pots have been won.
The biggest stack wins.  Option max_hands (off unless you set it) plays a shorter match: it ends
after that many deals, what is left in the pot is shared equally among everyone at the table
(the odd stakes one each, starting left of the dealer), and the result says the deal limit was
reached."""

    def check(self, num_seats: int, options: dict[str, Any]) -> None:
        if options["ante"] % 10:
            raise BadOptionError(
                f"option ante={options['ante']} must be a multiple of 10, "
                f"so that the pot is always a multiple of ten stakes"
            )

    def ending_text(self, num_seats: int, options: Mapping[str, Any]) -> str:
        pots = options["pots"]
        text = "until the pot is empty" if pots == 1 else f"until {counted(pots, 'pot')} have been won"
        if options["max_hands"]:
            text += f", or {counted(options['max_hands'], 'deal')} at most (the pot left is shared)"
        return limited(text, None)

    def max_game_length(self, num_seats: int, options: Mapping[str, Any]) -> int:
        """A deal: the auction and the Game suits (about 25), the discard (twelve cards that
        may be picked and put back, then confirm), trump, the no-aces question, the defenders'
        three decisions and thirty cards: at most 25 + 12 x TAKE_BACKS + 1 + 1 + 1 + 3 + 30.
        Deals: max_hands, else until the pot is empty (PR-11).  The rules set no bound (a pot
        fed by fines may grow: random players seldom empty it), so the bound is for players
        who play to win: a declarer takes ten stakes a deal, so a pot of ante x seats needs
        ante x seats / 10 made contracts; the bound allows twenty times that, plus 50, per pot
        (normal bots take a quarter of it)."""
        per_deal = 25 + 12 * TAKE_BACKS + 3 + 3 + 30
        per_pot = 2 * options["ante"] * num_seats + 50
        return (options["max_hands"] or options["pots"] * per_pot) * per_deal


RULES = PreferenceRules()
