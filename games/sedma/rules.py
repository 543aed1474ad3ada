"""Sedma: tricks taken by matching the first card's rank or with a seven (seed 001, rules-notes §14).

Two to four players; four play as two partnerships sitting opposite (seats 0 & 2 against 1 & 3,
through :class:`games.core.Teams`).  A 32-card pack, 7 to ace; with three players the eights of
spades and clubs are taken out (the seed says "two of the 8s"), leaving 30.  Four cards each,
dealt two at a time from the dealer's left; the rest is the stock.  Suits play no part.

A trick.  The player left of the dealer leads the first trick (with two players: the dealer's
opponent); the first card of a trick is the *starter*.  Everyone plays any card in turn to the
left.  When all have played once, the leader either ends the trick or continues it by playing
another card of the starter's rank or a seven (SE-1: the seed's rule: at will, but only with such
a card; a leader without one cannot continue, and the trick ends by itself).  Continuing starts
a new round: everyone plays one more card, any card.  At most four rounds (a hand holds four).

The trick goes to whoever most recently played a seven or a card of the starter's rank; the
starter itself counts, so if nobody matched it the leader takes the trick.  The winner then
draws one card from the stock, then the others in turn to the left, round after round, until
everyone holds four or the stock is empty (SE-5: every player always draws the same number, the
stock being a multiple of the players); the winner leads next.  The hand ends when the hands
are empty.

Scoring.  Aces and tens are worth 10 each and the last trick 10: 90 in all.  The side (player
or partnership) with the most points wins the hand; taking all 90 is a double win, taking every
card of the pack a triple win (SE-2: "all 32 cards" means all the cards in play, 30 with three).
SE-3: in a three-player tie for the most, the tied leaders share the win (no double or triple).
Two- and four-player hands cannot tie.

The match.  By default one hand is the whole game (the scores are the card points).  With the
option ``target`` the hands form a series: a win scores 1 victory point, a double 2, a triple 3
(a shared win 1 each), and the first side to reach the target after a hand ends the match (the
most victory points win; equal totals share).  SE-4: the deal passes to the left by default;
``next_dealer=loser`` is pagat's rule: the loser deals and a winner leads, i.e. the next dealer
is the first seat clockwise after the dealer (the dealer itself last) that lost the hand and has a
winner on its left (with four this passes the deal left if the dealing side won, else to the
dealer's partner); if nobody lost (a three-way tie) the deal passes left.

Decisions are atomic: a card to the trick, or for the leader between rounds either a card that
continues the trick or ``end``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from operator import attrgetter
from typing import Any

from games.core.actions import Action, play, word
from games.core.cards import ALL_CARDS, Card, deck_32, parse_card
from games.core.clone import LIST, SHARED
from games.core.errors import BadNotationError
from games.core.options import Option
from games.core.partnership import Teams
from games.core.resample import Place
from games.core.state import Rules
from games.core.trickgame import PastPlay, TrickGame, trick_play, trick_result
from games.core.tricks import next_seat, seat_order, with_seat
from games.core.views import InfoLine, Play
from games.core.words import plural

from .viewdata import SedmaView

HAND_SIZE = 4
MAX_ROUNDS = 4
SEVEN = 7
COUNTERS = (10, 14)  # tens and aces score
CARD_POINTS = 10
LAST_TRICK = 10
THREE_PLAYER_OUT = ("8S", "8C")

END = word("end")
_INDEX = attrgetter("index")
_RANK = attrgetter("rank")
_PLAY = {c: play(c) for c in ALL_CARDS}
_RANK_WORDS = {7: "seven", 8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}


def rank_words(rank: int, article: bool = True) -> str:
    """``a king``, ``an ace``, ``an eight`` (or the bare word)."""
    word_ = _RANK_WORDS[rank]
    if not article:
        return word_
    return ("an " if word_[0] in "ae" else "a ") + word_


def takers(rank: int) -> str:
    """What takes a trick whose starter has ``rank``: ``a king or a seven``, or just ``a seven``
    when the starter is a seven."""
    return "a seven" if rank == 7 else f"{rank_words(rank)} or a seven"


def card_points(cards) -> int:
    return CARD_POINTS * sum(1 for c in cards if c.rank in COUNTERS)


def sedma_pack(num_seats: int) -> list[Card]:
    """32 cards, 7 to ace; two eights fewer with three players."""
    return list(_pack(num_seats))


@functools.cache
def _pack(num_seats: int) -> tuple[Card, ...]:
    out = {parse_card(t) for t in THREE_PLAYER_OUT} if num_seats == 3 else set()
    return tuple(c for c in deck_32() if c not in out)


class Sedma(TrickGame):
    """State of a Sedma match.  Phases: ``play`` (a card to the trick), ``decide`` (the leader
    ends or continues the trick), ``over``.

    ``trick`` holds one :class:`Play` per card in the order played; ``holder`` is the seat that
    would take the trick now; ``round`` counts the rounds of the trick in progress.  ``scores``
    are the card points of this hand (a single hand) or the victory points (a series); both are
    per seat, each seat showing its side's total."""

    PLAIN_TRICKS = False  # a seven or the starter's rank takes the trick

    _COPY = {"pack": SHARED, "stock": LIST, "points": LIST}

    def __init__(self, rules: Rules, num_seats: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(rules, num_seats, options, seed)
        self.pack = sedma_pack(num_seats)
        self.teams = Teams.opposite(4) if num_seats == 4 else Teams.solo(num_seats)
        self.stock: list[Card] = []
        self.points: list[int] = [0] * len(self.teams)  # card points of each side this hand
        self.vp: tuple[int, ...] = (0,) * len(self.teams)  # victory points of each side (a series): replaced
        self.holder: int | None = None
        self.round = 0
        self.dealer = self.rng.randrange(num_seats)
        self._deal()

    @property
    def series(self) -> bool:
        return self.options["target"] > 0

    # -- dealing and drawing ---------------------------------------------------
    def _deal(self) -> None:
        """Four cards each, two at a time, from the dealer's left; the rest is the stock."""
        n = self.num_seats
        deck, order = self._deal_hands(4, batch=2)
        self.stock = deck
        self.points = [0] * len(self.teams)
        self.tricks_won = [0] * n
        self.trick, self.holder, self.round = (), None, 0
        self.leader = self.to_act = order[0]
        self.phase = "play"
        self._show_scores()
        self.log(
            "deal",
            f"Hand {self.hand_number}: {{p{self.dealer}}} deals four cards each; "
            f"{len(self.stock)} cards form the stock; {{p{self.leader}}} leads",
            self.dealer,
        )

    def _draw(self, winner: int) -> None:
        """From the winner to the left, one card at a time, until all hold four or the stock is out."""
        drawn, stock, hands = 0, self.stock, self.hands
        order = seat_order(winner, self.num_seats)
        while stock and len(hands[winner]) < HAND_SIZE:
            for s in order:
                if stock and len(hands[s]) < HAND_SIZE:
                    hands[s].append(stock.pop())
            drawn += 1
        if drawn:
            self.log(
                "info",
                f"Everyone draws {plural(drawn, 'card')} from the stock, {{p{winner}}} first; "
                f"{len(self.stock)} left",
                winner,
            )

    # -- the protocol ------------------------------------------------------------
    def _legal(self) -> list[Action]:
        hand = sorted(self.hands[self.acting], key=_INDEX)
        if self.phase == "decide":
            takers = self._takers()
            return [_PLAY[c] for c in hand if c.rank in takers] + [END]
        return [_PLAY[c] for c in hand]

    def _why_illegal(self, text: str) -> str:
        if text == "end":
            return "only the leader may end the trick, once everyone has played to the round"
        try:
            c = parse_card(text.split()[-1])
        except (BadNotationError, IndexError):
            return super()._why_illegal(text)
        if c not in self.hands[self.acting]:
            return "you do not hold that card"
        if self.phase == "decide":
            starter = self.trick[0].cards[0]
            what = (
                "a seven"
                if starter.rank == 7
                else f"{rank_words(starter.rank)} (the starter's rank) or a seven"
            )
            return f"to continue the trick you must play {what}; otherwise end the trick"
        return super()._why_illegal(text)

    def label(self, action: Action) -> str:
        """The end choice says who takes the trick (short: the choice bar cuts at 24 cells)."""
        if action is not END:
            return super().label(action)
        me, holder = self.to_act, self.holder
        if holder == me:
            return "End trick (yours)"
        if holder is not None and me is not None and self.teams.same_team(me, holder):
            return "End trick (partner's)"
        return "End trick (theirs)"

    def _apply(self, action: Action) -> None:
        if action is END:
            self.log("bid", f"{{p{self.acting}}} ends the trick", self.acting)
            self._finish_trick()
            return
        if self.phase == "decide":
            self.round += 1
            self.phase = "play"
            self.log("bid", f"{{p{self.acting}}} continues the trick (round {self.round})", self.acting)
        self._play_card(self.acting, action.the_card)

    def _matches(self, c: Card) -> bool:
        """A seven, or a card of the starter's rank: it takes the trick over."""
        return c.rank == SEVEN or c.rank == self.trick[0].cards[0].rank

    def _takers(self) -> tuple[int, int]:
        """The ranks that take the trick over: a seven and the starter's rank."""
        return SEVEN, self.trick[0].cards[0].rank

    def _takers_held(self, seat: int) -> bool:
        """True when ``seat`` holds a seven or a card of the starter's rank."""
        return not set(self._takers()).isdisjoint(map(_RANK, self.hands[seat]))

    def _play_card(self, seat: int, c: Card) -> None:
        if not self.trick:
            self.round = 1
            self.holder = seat  # the starter counts: nobody matching means the leader takes it
        elif self._matches(c):
            self.holder = seat
        self.play_to_trick(seat, c)
        nxt = next_seat(seat, self.num_seats)
        if nxt != self.leader:
            self.to_act = nxt
        elif self.round < MAX_ROUNDS and self._takers_held(self.leader):
            self.phase, self.to_act = "decide", self.leader
        else:
            self._finish_trick()  # SE-1: a leader with no seven or starter rank cannot continue

    # -- the end of a trick and of a hand -------------------------------------------
    def _finish_trick(self) -> None:
        winner, cards = self.holder, tuple(self.trick_cards())
        assert winner is not None, "a finished trick has a holder"
        self.won[winner] += cards
        self.tricks_won[winner] += 1
        points = card_points(cards)
        self.points[self.teams.team_of(winner)] += points
        self.last_trick = trick_result(
            self._grouped(winner=winner),
            winner,
            f"{plural(self.round, 'round')}, {points} points",
        )
        self.log(
            "trick",
            f"{{p{winner}}} takes the trick: {len(cards)} cards, {points} points",
            winner,
            cards=cards,
        )
        self.trick, self.holder, self.round = (), None, 0
        self.phase = "play"
        self._draw(winner)
        if not self.hands[winner]:
            self._end_hand(winner)
            return
        self._show_scores()
        self.leader = self.to_act = winner

    def _end_hand(self, last: int) -> None:
        """Score the hand: the last trick's 10, the winner(s), the kind of win (SE-2, SE-3)."""
        self.points[self.teams.team_of(last)] += LAST_TRICK
        best = self.teams.best(self.points)
        kind = self._kind_of_win(best)
        lines = [
            f"{self.teams.name(t)}: {self.points[t]} points"
            + (" (with the last trick)" if t == self.teams.team_of(last) else "")
            for t in range(len(self.teams))
        ]
        lines.append(self._won_text(best, kind))
        if self.series:
            for t in best:
                self.vp = with_seat(self.vp, t, self.vp[t] + kind)
            lines.append(
                "Victory points: "
                + ", ".join(f"{self.teams.name(t)} {self.vp[t]}" for t in range(len(self.teams)))
            )
        self.log("hand", f"Hand {self.hand_number}: " + lines[-2 if self.series else -1], lines=tuple(lines))
        if not self.series or max(self.vp) >= self.options["target"]:
            self._finish_match(best, kind)
            return
        self.dealer = self._next_dealer(best)
        self._deal()

    def _kind_of_win(self, best: tuple[int, ...]) -> int:
        """1 a win, 2 a double (all 90 points), 3 a triple (every card); a shared win is 1."""
        if len(best) > 1:
            return 1
        seats = self.teams.teams[best[0]]
        if sum(len(self.won[s]) for s in seats) == len(self.pack):
            return 3
        return 2 if self.points[best[0]] == 8 * CARD_POINTS + LAST_TRICK else 1

    def _next_dealer(self, best: tuple[int, ...]) -> int:
        """SE-4: to the left, or (next_dealer=loser) a loser with a winner on its left."""
        n = self.num_seats
        if self.options["next_dealer"] == "loser":
            won = {s for t in best for s in self.teams.teams[t]}
            for s in seat_order(next_seat(self.dealer, n), n):
                if s not in won and next_seat(s, n) in won:
                    return s
        return next_seat(self.dealer, n)

    def _won_text(self, best: tuple[int, ...], kind: int) -> str:
        """``{p0} wins``, ``{p1} & {p3} win double: all 90 points``, ``{p0} and {p2} share the win``."""
        who = " and ".join(self.teams.name(t) for t in best)
        if len(best) > 1:
            return f"{who} share the win"
        win = "win" if len(self.teams.teams[best[0]]) > 1 else "wins"
        return {
            1: f"{who} {win}",
            2: f"{who} {win} double: all 90 points",
            3: f"{who} {win} triple: every card",
        }[kind]

    def _finish_match(self, best: tuple[int, ...], kind: int) -> None:
        self.phase, self.to_act = "over", None
        if self.series:
            top = self.teams.best(self.vp)
            who = " and ".join(self.teams.name(t) for t in top)
            have = "have" if len(top) > 1 or len(self.teams.teams[top[0]]) > 1 else "has"
            reason = (
                f"{who} {have} the most victory points ({max(self.vp)}, playing to {self.options['target']})"
            )
            self.result = self.teams.outcome(self.vp, reason)
        else:
            who = " and ".join(self.teams.name(t) for t in best)
            words = {
                1: "took the most points",
                2: "took all 90 points: a double win",
                3: "took every card: a triple win",
            }[kind]
            reason = (
                f"{who} tied for the most points and share the win" if len(best) > 1 else f"{who} {words}"
            )
            self.result = self.teams.outcome(self.points, reason)
        self._show_scores()  # the final scores: what the outcome gives each seat
        self.log("match", self.result.reason)

    def _show_scores(self) -> None:
        self.scores = self.teams.seat_scores(self.vp if self.series else self.points)

    # -- views ----------------------------------------------------------------------
    def _view_trick(self) -> tuple[Play, ...]:
        """The trick shown per seat: each seat's cards in round order."""
        return self._grouped()

    def _grouped(self, winner: int | None = None) -> tuple[Play, ...]:
        """One Play per seat that has played, in play order, its cards round by round; the seat
        holding the trick is marked (until it is taken), and the leader when it does not hold it."""
        cards: dict[int, tuple[Card, ...]] = {}
        for p in self.trick:
            cards[p.seat] = cards.get(p.seat, ()) + p.cards
        return tuple([trick_play(s, cs, self._note(s, winner)) for s, cs in cards.items()])

    def _note(self, seat: int, winner: int | None) -> str:
        """``(holds)`` beside the cards of the seat holding the trick, else ``(led)`` beside the
        leader's: one short word, as the trick area is narrow (the panel shows both in full)."""
        if winner is None and seat == self.holder:
            return "(holds)"
        return "(led)" if seat == self.leader else ""

    def _teams(self) -> tuple[tuple[int, ...], ...]:
        return self.teams.for_view()

    def _view_trump(self) -> str:
        return ""  # no trumps and no suits: the header says nothing about them

    def _view_info(self, seat: int | None) -> list[InfoLine]:
        info = [InfoLine("stock", "Stock", f"{len(self.stock)} cards")]
        if self.trick:
            info.append(InfoLine("round", "Trick", f"round {self.round} of up to {MAX_ROUNDS}"))
        info += [
            InfoLine(f"points{t}", f"Points {self.teams.name(t)}", str(self.points[t]))
            for t in range(len(self.teams))
        ]
        if self.series:
            info.append(InfoLine("target", "Target", f"{self.options['target']} victory points"))
        return info

    def _view_extra(self, seat: int | None) -> SedmaView:
        order = seat_order(self.leader, self.num_seats)
        rounds: list[tuple[Card, ...]] = []
        for i, p in enumerate(self.trick):
            if i % self.num_seats == 0:
                rounds.append(())
            rounds[-1] += p.cards
        return SedmaView(
            stock=len(self.stock),
            order=tuple(order),
            rounds=tuple(rounds),
            starter=self.trick[0].cards[0] if self.trick else None,
            holder=self.holder,
            round=self.round,
            deciding=self.phase == "decide",
            points=tuple(self.points),
            vp=tuple(self.vp),
            target=self.options["target"],
            captured=tuple(len(w) for w in self.won),
        )

    def _prompt(self) -> str:
        if self.phase == "decide":
            return f"End the trick, or go on with {takers(self.trick[0].cards[0].rank)}"
        if not self.trick:
            return "Lead any card: its rank or a seven takes the trick"
        return f"Any card; {takers(self.trick[0].cards[0].rank)} takes the trick"

    def zones(self) -> dict[str, list[Card]]:
        return {**super().zones(), "stock": list(self.stock)}

    def check_invariants(self) -> None:
        n = self.num_seats
        held = {len(self.hands[s]) + sum(1 for p in self.trick if p.seat == s) for s in range(n)}
        assert len(held) == 1, "SE-5: everyone holds the same number of cards at each trick"
        if self.result is None:
            assert self.points == [
                card_points(c for s in seats for c in self.won[s]) for seats in self.teams.teams
            ]
            assert len(self.stock) % n == 0, "SE-5: the stock is a multiple of the players"
            assert self.scores == self.teams.seat_scores(self.vp if self.series else self.points)

    # -- dealing the unseen cards again (search bots: the hooks of TrickGame.sampler) -----
    def _hidden_piles(self, seat: int) -> list[Place]:
        """The stock, face down (SE-5): dealt again with the other hands."""
        return [self.pile("stock")]

    def _allowed(self, hand: list[Card], past: PastPlay) -> list[Card]:
        """Any card may be played (suits play no part), so no play shows what a hand lacks."""
        return hand


class SedmaRules(Rules):
    state_class = Sedma
    options = (
        Option(
            "target",
            0,
            "Play a series to this many victory points (a win 1, all 90 points 2, every card 3); "
            "0 plays a single hand.",
            minimum=0,
            maximum=20,
        ),
        Option(
            "next_dealer",
            "left",
            "Who deals the next hand of a series: left (the deal passes left) or loser "
            "(a loser deals and a winner leads).",
            choices=("left", "loser"),
        ),
    )
    summary = """\
Sedma — 2 to 4 players; with four, two partnerships sit opposite each other.  A 32-card
pack, 7 to ace (with three players two eights are left out; the rules do not say which, and
this table takes out the eights of spades and clubs).  Suits do
not matter at all.

Everyone gets four cards; the rest is the stock.  The player on the dealer's left leads the
first trick.  The first card of a trick is the starter.  Everyone in turn plays any card:
there is no suit to follow.

When everyone has played once, the leader decides: end the trick, or continue it by playing
another card of the starter's rank or a seven.  If the leader continues, everyone plays one
more card (any card), and the leader may decide again, up to four rounds.  A leader holding
no seven and no card of the starter's rank cannot continue, so the trick simply ends.

The trick goes to whoever last played a seven or a card of the starter's rank.  If nobody
matched the starter, the leader takes it.  The table marks the card that led and who holds
the trick right now.

After a trick, the winner draws one card from the stock, then the others to the left, and
again, until everyone has four cards or the stock is empty.  The winner leads next.  When the
stock is gone, play on until the hands are empty.

Aces and tens are worth 10 points each and the last trick 10 more: 90 in all.  The side with
the most points wins the hand.  Taking all 90 is a double win; taking every card is a triple
win.  With three players a tie for the most is a shared win.

One hand is a whole game, unless you play a series (option target): a win then scores 1
victory point, a double 2 and a triple 3 (a shared win 1 each), and the first side to reach
the target after a hand wins the match.  The deal passes to the left; with next_dealer=loser a
player of the losing side deals, so that a winner leads the next hand (with three players: the
loser sitting on the winner's right; after a three-way tie the deal simply passes left)."""

    def ending_text(self, num_seats: int, options: Mapping[str, Any]) -> str:
        if not options["target"]:
            return "One hand"
        who = "side" if num_seats == 4 else "player"
        return f"A series: the first {who} to {plural(options['target'], 'victory point')}"

    def max_game_length(self, num_seats: int, options: Mapping[str, Any]) -> int:
        """A hand plays every card of the pack once, and a leader ends a trick at most once per
        trick: at most twice the pack.  One hand, or a series: every hand gives at least one
        victory point (a shared win one each), so a side reaches the target within
        sides x (target - 1) + 1 hands."""
        pack = 30 if num_seats == 3 else 32
        sides = 2 if num_seats == 4 else num_seats
        hands = sides * (options["target"] - 1) + 1 if options["target"] else 1
        return hands * 2 * pack


RULES = SedmaRules()
