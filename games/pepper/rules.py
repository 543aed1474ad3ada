"""Pepper: a Euchre relative with an auction for the right to name trumps (seed 001, §6).

Four players in fixed partnerships (partners opposite), a 24-card pack (9 to A), six cards
each.  From the dealer's left players bid how many tricks their side will take (1 to 5), little
pepper (all six) or big pepper (all six, double stakes), or pass.  Each bid must top the last;
a player who passed may bid again later (PE-3); the auction ends when a bid has been followed by
three passes in a row, or at once on big pepper.  Four passes and no bid: the next dealer deals
again (PE-3).  The high bidder names a trump suit or no trump and leads.

Trumps: jack of trumps (right bower), the other jack of the same colour (left bower, PE-1),
then A K Q 10 9.  The left bower is a trump for leading and following, not a card of its printed
suit (PE-2).  With no trump every jack ranks in its own suit (PE-4).  Follow suit if able, else
any card; the highest trump wins, else the highest card of the suit led.

Scoring (PE-5): declarers who take at least their bid score one point per trick (little pepper:
6); otherwise they lose 6 whatever the bid; big pepper is +12 or -12.  Defenders always score
one per trick.  The match ends after the hand in which a side reaches the target (30): the
higher score wins, equal scores are a draw (PE-8).  The deal passes clockwise (PE-6).  Nothing
else ends a match (PE-9): scores may sink below zero and deals may be thrown in, and play goes on
until a side reaches the target.  Option ``hand_limit`` (off by default) is a short match the
players choose: after that many scored hands the higher score wins, and the result says the
limit was reached.

Two and three players (PE-7): no partnerships; three 8-card hands are dealt (with two players
the third is a dead hand, face down all hand); bids run 1 to 7 and the peppers mean all eight
tricks; failure costs 8, big pepper is +/-16; each defender scores their own tricks.  The
auction ends when a bid has been passed by every other player (with three players, two passes
in a row; the seed's "three consecutive passes" is the four-player count).

Decisions are atomic actions: ``bid N``, ``little_pepper``, ``big_pepper``, ``pass``, then
``trump S`` ... ``trump C`` or ``no_trump`` for the high bidder, then cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.actions import Action, play, word
from games.core.bounds import with_redeals
from games.core.cards import SUITS, Card, Suit, by_index, deck_24
from games.core.clone import LIST, SHARED
from games.core.exact import Position
from games.core.options import Option
from games.core.partnership import Teams, trump_ranking, trump_text
from games.core.potgame import hand_limit_option
from games.core.state import Rules
from games.core.trickgame import TrickGame, deal_in_turn
from games.core.tricks import follow_suit, next_seat, seat_order
from games.core.views import InfoLine
from games.core.words import limited, plural

from .hands import PARTNER_SHARE, best_trump, hand_estimate
from .viewdata import PepperView

PACK = tuple(deck_24())
PLAYS = {c: play(c) for c in PACK}
PASS = word("pass")
LITTLE = word("little_pepper")
BIG = word("big_pepper")
NO_TRUMP = word("no_trump")
BIDS = {n: word("bid", n) for n in range(1, 8)}
TRUMPS = {s: word("trump", s.letter) for s in SUITS}
#: (tricks in a hand, the bid to beat) -> the bids that top it, in rank order (see _legal_bid)
_BIDS_ABOVE: dict[tuple[int, int], tuple[Action, ...]] = {}
BID_SLACK = 0.5  # tricks a bidder's hand may fall short of its bid in a search's possible worlds

LABELS = {
    "pass": "Pass",
    "little_pepper": "Little pepper",
    "big_pepper": "Big pepper",
    "no_trump": "No trump",
    **{a.text: f"Bid {n}" for n, a in BIDS.items()},
    **{a.text: f"{s.noun.capitalize()} trump" for s, a in TRUMPS.items()},
}


class Pepper(TrickGame):
    """State of a Pepper match.  Phases: ``bid``, ``trump`` (the high bidder names it), ``play``, ``over``."""

    HAS_BIDS = True  # bids (or a declared Rams) made or set: counted for the statistics

    _COPY = {"team_scores": LIST, "voids": LIST, "dead": SHARED, "pack": SHARED, "bids": LIST, "status": LIST}
    LABELS = LABELS

    def __init__(self, rules: Rules, num_seats: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(rules, num_seats, options, seed)
        n = num_seats
        self.teams = Teams.opposite(4) if n == 4 else Teams.solo(n)  # PE-7: no partners with 2 or 3
        self.team_scores = [0] * len(self.teams)
        self.per_hand = 6 if n == 4 else 8  # tricks in a hand: the pepper bids mean all of them
        self.pack = PACK
        self.sheet: tuple[tuple, ...] = ()  # (hand number, team points) per scored hand, replaced as it grows
        self.hands_played = 0
        self.dealer = self.rng.randrange(n)
        self._deal()

    # -- dealing ---------------------------------------------------------
    def _deal(self) -> None:
        n = self.num_seats
        deck = list(PACK)
        self.rng.shuffle(deck)
        self.hand_number += 1
        order = seat_order(next_seat(self.dealer, n), n)
        # one card at a time from the dealer's left; with two players a third, dead hand (place n)
        piles: list[list[Card]] = [[] for _ in range(n + 1)]
        deal_in_turn(deck, self.per_hand, piles, [*order, n] if n == 2 else order)
        self.hands = [sorted(h, key=by_index) for h in piles[:n]]
        self.dead = piles[n]  # replaced at each deal, never changed in place
        self._reset_hand(order[0])
        self.log("deal", f"Hand {self.hand_number}: {{p{self.dealer}}} deals", self.dealer)

    def _reset_hand(self, first: int) -> None:
        n = self.num_seats
        self.won = [()] * n
        self.tricks_won = [0] * n
        self.trick = ()
        self.bids: list[str] = [""] * n
        self.status: list[str] = [""] * n
        self.voids = [""] * n  # suits each seat has shown it lacks (letters), for resampling
        self.high_bid = 0  # 1..per_hand-1 a number, per_hand little pepper, per_hand+1 big pepper
        self.high_bidder: int | None = None
        self.passes = 0  # passes in a row
        self.trump: Suit | None = None
        self.ranking = trump_ranking(None)
        self.phase = "bid"
        self.leader = self.to_act = first

    # -- the protocol ----------------------------------------------------
    def _legal(self) -> list[Action]:
        if self.phase == "bid":
            return self._legal_bid()
        if self.phase == "trump":
            return [*TRUMPS.values(), NO_TRUMP]
        return self._legal_play()

    def _apply(self, action: Action) -> None:
        if self.phase == "bid":
            self._apply_bid(action)
        elif self.phase == "trump":
            self._apply_trump(action)
        else:
            self._apply_play(action)

    # -- the auction (PE-3) ----------------------------------------------
    def bid_actions(self) -> list[Action]:
        """Every bid in rank order: the numbers, little pepper, big pepper."""
        return [BIDS[k] for k in range(1, self.per_hand)] + [LITTLE, BIG]

    def bid_value(self, action: Action) -> int:
        if action is LITTLE:
            return self.per_hand
        if action is BIG:
            return self.per_hand + 1
        return action.number

    def bid_words(self, value: int) -> str:
        if value == self.per_hand + 1:
            return "big pepper"
        return "little pepper" if value == self.per_hand else str(value)

    def _legal_bid(self) -> list[Action]:
        key = (self.per_hand, self.high_bid)
        above = _BIDS_ABOVE.get(key)
        if above is None:  # each bid must top the last (PE-3): made once for each, asked at every turn
            above = _BIDS_ABOVE[key] = tuple(
                a for a in self.bid_actions() if self.bid_value(a) > self.high_bid
            )
        return [PASS, *above]

    def _apply_bid(self, action: Action) -> None:
        s, n = self.acting, self.num_seats
        if action is PASS:
            self.passes += 1
            self.bids[s] = "pass"
            self.log("bid", f"{{p{s}}} passes", s)
        else:
            self.high_bid, self.high_bidder, self.passes = self.bid_value(action), s, 0
            self.bids[s] = self.bid_words(self.high_bid)
            self.log("bid", f"{{p{s}}} bids {self.bids[s]}", s)
        if self.high_bid == self.per_hand + 1 or (self.high_bidder is not None and self.passes == n - 1):
            self._auction_won()
        elif self.high_bidder is None and self.passes == n:
            self._all_passed()
        else:
            self.to_act = next_seat(s, n)

    def _all_passed(self) -> None:
        """PE-3: nobody bid, so the cards are thrown in and the next dealer deals."""
        self.log("info", "Everyone passed: the cards are thrown in and the next player deals")
        self.hand_number -= 1  # the thrown-in deal does not count as a hand
        self.dealer = next_seat(self.dealer, self.num_seats)
        self._deal()

    def _auction_won(self) -> None:
        s = self.high_bidder
        assert s is not None, "an auction is won by its high bidder"
        self.bids = [""] * self.num_seats  # the auction is in the log; the contract stays in view
        self.bids[s] = self.bid_words(self.high_bid)
        self.status[s] = "declarer"
        self.phase = "trump"
        self.leader = self.to_act = s
        self.log("info", f"{{p{s}}} wins the auction with {self.bid_words(self.high_bid)}", s)

    def _apply_trump(self, action: Action) -> None:
        s = self.to_act
        self.trump = None if action is NO_TRUMP else Suit(action.arg)
        self.ranking = trump_ranking(self.trump, bowers=True)  # PE-1, PE-2; no bowers in no trump, PE-4
        self.phase = "play"
        self.log("bid", f"{{p{s}}} names {trump_text(self.trump)}", s)

    # -- playing ---------------------------------------------------------
    def _led(self) -> Suit | None:
        return self.ranking.suit_of(self.trick[0].cards[0]) if self.trick else None

    def _legal_play(self) -> list[Action]:
        s, trick = self.to_act, self.trick
        assert s is not None  # (asked only while a seat is to act)
        hand = self.hands[s]
        if not trick:  # the leader plays any card
            return list(map(PLAYS.__getitem__, hand))
        # follow the led suit if able (a left bower is a trump: the ranking's set of the suit says so)
        r = self.ranking
        same = list(filter(r.of_suit(r.suit_of(trick[0].cards[0])).__contains__, hand))
        return list(map(PLAYS.__getitem__, same or hand))

    REWINDS = True  # the card play is plays of one card: a world can be rewound to its start

    def exact_play(self) -> Position | None:
        """Follow suit (a left bower is a trump); a hand's score comes from the tricks (issue 34)."""
        return Position.of(self) if self.phase == "play" else None

    def _apply_play(self, action: Action) -> None:
        s, c = self.to_act, action.card
        assert s is not None and c is not None  # (a card play by the seat to act)
        if self.trick:
            led = self.ranking.suit_of(self.trick[0].cards[0])
            if led is not None and self.ranking.suit_of(c) != led and led.letter not in self.voids[s]:
                self.voids[s] += led.letter  # public: everyone saw the failure to follow
        self.play_to_trick(s, c)
        if len(self.trick) < self.num_seats:
            self.to_act = next_seat(s, self.num_seats)
            return
        winner = self.collect_trick()
        if not self.hands[winner]:
            self._score_hand()

    # -- scoring (PE-5, PE-7, PE-8) --------------------------------------
    def team_tricks(self, team: int) -> int:
        return sum(map(self.tricks_won.__getitem__, self.teams.teams[team]))

    def declarer_points(self, took: int) -> tuple[int, str]:
        """The declaring side's points for ``took`` tricks, and the words for them."""
        bid, all_ = self.high_bid, self.per_hand
        if bid == all_ + 1:  # big pepper: double stakes, all or nothing
            return (2 * all_, "big pepper made") if took == all_ else (-2 * all_, "big pepper failed")
        made = took >= bid
        if bid == all_:
            return (all_, "little pepper made") if made else (-all_, "little pepper failed")
        return (took, f"bid {bid} made") if made else (-all_, f"bid {bid} failed")

    def _score_hand(self) -> None:
        bidder = self.high_bidder
        assert bidder is not None, "a hand is played only after a bid"
        declarers = self.teams.team_of(bidder)
        points, lines, name = [], [], self.teams.name
        for t in range(len(self.teams)):
            took = self.team_tricks(t)
            if t == declarers:
                pts, why = self.declarer_points(took)
                self.note_bid(bidder, pts > 0)
            else:
                pts, why = took, "defending, one per trick"
            points.append(pts)
            self.team_scores[t] += pts
            lines.append(f"{name(t)}: {plural(took, 'trick')}, {why}: {pts:+d}, total {self.team_scores[t]}")
        self.sheet += ((self.hand_number, tuple(points)),)
        self.hands_played += 1
        self.scores = self.teams.seat_scores(self.team_scores)
        self.log("hand", f"Hand {self.hand_number} scored", lines=tuple(lines))
        target = self.options["target"]
        if max(self.team_scores) >= target:
            self._finish_match(f"a side reached {target}")
            return
        limit = self.options["hand_limit"]  # PE-9: a short match the players chose, never a hidden stop
        if limit is not None and self.hands_played >= limit:
            self._finish_match(f"hand limit of {limit} reached; the higher score wins")
            return
        self.dealer = next_seat(self.dealer, self.num_seats)
        self._deal()

    def _finish_match(self, reason: str) -> None:
        """PE-8: the higher score wins; equal top scores are a draw."""
        self.phase = "over"
        self.to_act = None
        self.scores = self.teams.seat_scores(self.team_scores)
        best = self.teams.best(self.team_scores)
        if len(best) > 1:
            reason += "; the top scores are equal, so the match is a draw"
        self.result = self.teams.outcome(self.team_scores, reason)
        who = " and ".join(self.teams.name(t) for t in best)
        top = self.team_scores[best[0]]
        self.log("match", f"{who} {'draw' if len(best) > 1 else 'win'} with {top} points ({reason})")

    # -- refusals ----------------------------------------------------------
    def _why_illegal(self, text: str) -> str:
        if self.phase == "bid":
            return self._why_bid(text) or super()._why_illegal(text)
        if self.phase == "trump":
            return "name a trump suit (trump S, trump H, trump D, trump C) or no_trump"
        return self._why_play(text) or super()._why_illegal(text)

    def _why_bid(self, text: str) -> str:
        every = {a.text: a for a in self.bid_actions()}
        if text in every:
            return (
                f"each bid must be higher than the last ({self.bid_words(self.high_bid)}): bid higher or pass"
            )
        if text.startswith("bid "):
            return f"bids run from 1 to {self.per_hand - 1}, then little pepper and big pepper"
        return ""

    def _why_play(self, text: str) -> str:
        hand = self.hands[self.acting]
        c = next((x for x in hand if x.text == text), None)
        if c is None:
            return "you do not hold that card" if any(x.text == text for x in PACK) else ""
        led = self._led()
        _, rule = follow_suit(hand, led, self.ranking)
        if rule and self.trump is not None and self.ranking.suit_of(c) != c.suit:
            rule += (
                f"; {c.text} is the left bower, a {self.trump.noun[:-1]} while {self.trump.noun} are trump"
            )
        return rule

    # -- views ---------------------------------------------------------------
    def _teams(self) -> tuple[tuple[int, ...], ...]:
        return self.teams.for_view()

    def _view_trump(self) -> str:
        return trump_text(self.trump) if self.phase in ("play", "over") else ""

    def contract_text(self) -> str:
        if self.high_bidder is None:
            return "none yet"
        trump = trump_text(self.trump) if self.phase in ("play", "over") else "trump not named yet"
        return f"{{p{self.high_bidder}}} {self.bid_words(self.high_bid)}, {trump}"

    def _view_info(self, seat: int | None) -> list[InfoLine]:
        info = [
            InfoLine("contract", "Contract", self.contract_text()),
            InfoLine("target", "Target", str(self.options["target"])),
        ]
        if self.teams.is_partnership:  # the scores are on the scoreboard; the tricks by side here
            info.append(
                InfoLine(
                    "tricks",
                    "Tricks",
                    ", ".join(f"{self.teams.name(t)} {self.team_tricks(t)}" for t in range(len(self.teams))),
                )
            )
        if self.num_seats == 2:
            info.append(InfoLine("dead", "Dead hand", f"{len(self.dead)} cards face down"))
        return info

    def _view_extra(self, seat: int | None) -> PepperView:
        return PepperView(
            contract=self.bid_words(self.high_bid) if self.high_bidder is not None else "",
            declarer=self.high_bidder,
            trump_suit=self.trump.letter if self.trump else None,
            no_trump=self.phase in ("play", "over") and self.trump is None,
            team_scores=tuple(self.team_scores),
            team_tricks=tuple(self.team_tricks(t) for t in range(len(self.teams))),
            target=self.options["target"],
            dead_hand=len(self.dead),
            voids=tuple(self.voids),
            need=self._need(),
            tricks_left=self.per_hand - sum(self.tricks_won),
        )

    def _need(self) -> int | None:
        """Tricks the bidder's side still needs for its contract (None before the contract)."""
        if self.high_bidder is None or self.phase not in ("play", "over"):
            return None
        bid = min(self.high_bid, self.per_hand)
        return bid - self.team_tricks(self.teams.team_of(self.high_bidder))

    def _prompt(self) -> str:
        if self.phase == "bid":
            top = f"the bid to beat is {self.bid_words(self.high_bid)}" if self.high_bid else "no bid yet"
            who = "your side" if self.teams.is_partnership else "you"
            return f"Bid how many tricks {who} will take, or pass ({top})"
        if self.phase == "trump":
            return "Name the trump suit, or no trump; then you lead"
        led = self._led()
        if led is None:
            return "Lead any card"
        return f"Follow {led.noun} if you can"

    def label(self, action: Action) -> str:
        return LABELS.get(action.text) or action.label

    # -- cards -----------------------------------------------------------------
    def zones(self) -> dict[str, list[Card]]:
        zones = super().zones()
        zones["dead hand"] = list(self.dead)
        return zones

    def check_invariants(self) -> None:
        assert sum(self.tricks_won) * self.num_seats == sum(len(w) for w in self.won)
        totals = [sum(row[1][t] for row in self.sheet) for t in range(len(self.teams))]
        assert totals == self.team_scores, "the hand scores must add up to the totals"
        assert list(self.scores) == self.teams.seat_scores(self.team_scores)

    # -- determinisation for search bots (TrickGame.resample) -------------------
    def _hidden_piles(self, seat: int) -> list:
        """The two-player game's dead hand is face down for both players."""
        return [self.pile("dead")] if self.dead else []

    def _deal_check(self, seat: int, places: list, base: Pepper):
        """Worlds in which the high bidder's hand is worth its bid (PE-3: a bid says how many
        tricks a side means to take).  Dealt at random, a bid of five comes as often from a hand
        of nines as from the bowers, and a search that believes it defends as if every declarer
        were bluffing.  The judge is the heuristic's own estimate of a hand (its six cards: those
        it holds and those it has played; for the trump it named, once named), which must reach
        the bid less what a partner brings and ``BID_SLACK`` (players bid differently).  A bid that
        none of the plan's tries fits (a bluff, a rare hand) is then not held to."""
        bidder = base.high_bidder
        at = next((i for i, p in enumerate(places) if p.attr == "hands" and p.index == bidder), None)
        if bidder is None or bidder == seat or at is None:
            return None
        played = [
            c
            for e in base.events
            if e.kind == "play" and e.seat == bidder and e.hand == base.hand_number
            for c in e.cards
        ]
        fixed = list(places[at].known) + played
        need = min(base.high_bid, base.per_hand) - (PARTNER_SHARE if base.num_seats == 4 else 0.0) - BID_SLACK
        named, trump = base.phase in ("play", "over"), base.trump

        def check(dealt: list[list[Card]]) -> bool:
            cards = fixed + dealt[at]
            return (hand_estimate(cards, trump) if named else best_trump(cards)[1]) >= need

        return check


class PepperRules(Rules):
    state_class = Pepper
    random_play_options = {"hand_limit": 20}  # random bidders never reach a target (PE-9)
    options = (
        Option(
            "target",
            30,
            "The match ends after the hand in which a side reaches this many points.",
            minimum=5,
            maximum=100,
        ),
        hand_limit_option(),
    )
    summary = """\
Pepper — 4 players in two partnerships (partners sit opposite), or 2 or 3 players each on their own.
A 24-card pack: 9, 10, J, Q, K, A of each suit.

Four players get six cards each.  Starting left of the dealer, each player bids how many tricks
their side will take (1 to 5), bids little pepper (all six tricks) or big pepper (all six, for
double points), or passes.  Every bid must be higher than the one before; big pepper is the
highest.  Passing does not take you out: you may bid when your turn comes round again.  The
bidding ends when a bid has been passed by all three others, or at once on big pepper.  If
all four pass, the cards are thrown in and the next player deals.

The high bidder names a trump suit, or no trump, and leads the first trick.

With a trump suit, the jack of trumps is the best card, then the other jack of the same
colour (for example, with hearts trump: jack of hearts, then jack of diamonds), then A, K, Q,
10, 9 of trumps.  That second jack counts as a trump, not as a card of its own suit, both for
following and for winning.  Other suits rank A, K, Q, J, 10, 9.  With no trump, every suit
ranks A down to 9 and jacks are ordinary.

Follow the suit led if you can; otherwise play any card.  The highest trump wins the trick,
or else the highest card of the suit led.  The winner leads next.

Scoring: if the bidder's side takes at least as many tricks as it bid, it scores one point per
trick taken (little pepper made: 6).  If it falls short it loses 6, whatever the bid.  Big
pepper scores 12 if every trick is taken and loses 12 otherwise.  The other side always scores
one point per trick it took.  Scores can go below zero.

The match ends after the hand in which a side reaches 30 points (option target).  The higher
score wins; equal scores are a draw.  The deal passes to the left after every hand.

Three players: nobody has a partner.  Three hands of eight cards are dealt; bids run 1 to 7,
and little and big pepper mean all eight tricks.  A failed bid loses 8, big pepper is worth 16
either way, and each of the two other players scores their own tricks.  The bidding ends when
both others have passed your bid (two passes in a row), or at once on big pepper.

Two players: the same, but the third eight-card hand is dead: it stays face down and nobody
plays it.  The bidding ends when the other player passes your bid.

Nothing else ends a match: scores can sink below zero, and play goes on until a side reaches
the target, however many hands that takes.

Options: target, the points that end the match (5 to 100).  hand_limit, off unless you set it,
plays a shorter match: it ends after that many hands (thrown-in deals do not count), the higher
score wins, and the result says the limit was reached."""

    def ending_text(self, num_seats: int, options: Mapping[str, Any]) -> str:
        who = "side" if num_seats == 4 else "player"
        return limited(f"the first {who} to {plural(options['target'], 'point')}", options["hand_limit"])

    def max_game_length(self, num_seats: int, options: Mapping[str, Any]) -> int:
        """A deal: the auction (a bid at most once for every value, each followed by a pass
        from the others), the trump, and every card dealt: (tricks + 2) x seats + 1 + tricks x
        seats.  Hands: hand_limit, else until a side reaches the target.  The rules set no
        bound (PE-9: scores may sink for ever; random bidders who overbid never end a match),
        so the bound is for players who play to win: three hands a point of the target, plus
        20 (normal bots take about a third of that), and thrown-in deals on top."""
        tricks = 6 if num_seats == 4 else 8
        per_deal = (tricks + 2) * num_seats + 1 + tricks * num_seats
        hands = options["hand_limit"] or 3 * options["target"] + 20
        return with_redeals(hands) * per_deal


RULES = PepperRules()
