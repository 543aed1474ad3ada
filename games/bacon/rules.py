"""Bacon: a simple Euchre relative for two partnerships (seed 001, §7).

Four players, partners opposite, a 52-card pack (ace high, no bowers).  Five cards each and one
face-up upcard; the rest is the stub.  From the dealer's left each player may pick it up
(accept the upcard's suit as trump), pick it up and go alone, or pass.  When all four pass, the
upcard is laid aside face up and the next card of the stub is turned; when a fourth upcard is
passed by all four the deal is thrown in and the same dealer deals again (BA-4).

Vetoes (BA-2): right after a pick-up the caller's partner decides at once whether to let it
stand or veto it; a vetoed pick-up counts as a pass and the auction goes on with the next player
(the vetoing partner may still pick up on their own turn).  A call to go alone may be vetoed
either way: veto the pick-up (a pass), or veto only going alone (the pair plays together).

Play (BA-1, BA-3): the player on the declarer's left (always an opponent) takes the upcard into
hand, discards any card face up (public, out of play) and leads.  A loner's partner sits the hand
out: they hold no cards and every trick has three cards.  Follow suit if able, else any card;
the highest trump wins, else the highest card of the suit led.

Scoring (BA-5): the declarers score 1 for three or four tricks, 2 for all five, doubled for a
loner; if they take two or fewer, the defenders score double: 2, or 4 for all five.  Only one
side scores each hand; the first side to 10 wins.  The deal passes clockwise after a played hand
(BA-4).

Decisions: ``pick``, ``alone``, ``pass``; the partner's ``accept``, ``veto``, ``veto_alone``;
the taker's ``discard XX``; then cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.actions import Action, choose, play, word
from games.core.bounds import with_redeals
from games.core.cards import SUIT_CARDS, Card, Suit, by_index, cards_text, deck_52
from games.core.clone import LIST, SHARED
from games.core.exact import Position
from games.core.options import Option
from games.core.partnership import Teams, next_active, trick_complete, trump_ranking, trump_text
from games.core.state import MethodNames, Rules
from games.core.trickgame import TrickGame
from games.core.tricks import follow_suit, next_seat
from games.core.views import InfoLine
from games.core.words import plural

from .viewdata import BaconView

PACK = tuple(deck_52())
PLAYS = {c: play(c) for c in PACK}
DISCARDS = {c: choose("discard", c) for c in PACK}
HAND_SIZE = 5
UPCARDS = 4  # upcards offered before the deal is thrown in
PICK, ALONE, PASS = word("pick"), word("alone"), word("pass")
ACCEPT, VETO, VETO_ALONE = word("accept"), word("veto"), word("veto_alone")

LABELS = {
    "pick": "Pick it up",
    "alone": "Pick it up and go alone",
    "pass": "Pass",
    "accept": "Let it stand",
    "veto": "Veto the pick-up",
    "veto_alone": "Veto going alone (play together)",
}


#: each phase's rules, by name (games.core.state.MethodNames)
_APPLY = MethodNames("_apply_")


class Bacon(TrickGame):
    """State of a Bacon match.  Phases: ``auction``, ``veto``, ``discard``, ``play``, ``over``."""

    HAS_BIDS = True  # bids (or a declared Rams) made or set: counted for the statistics

    _COPY = {
        "team_scores": LIST,
        # the stub, a loner's partner's cards and the discard are replaced, never changed in place
        "stub": SHARED,
        "aside": SHARED,
        "discard": SHARED,
        "voids": LIST,
        "pack": SHARED,
        "bids": LIST,
        "status": LIST,
        "up_cards": LIST,
    }
    LABELS = LABELS

    def __init__(self, rules: Rules, num_seats: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(rules, num_seats, options, seed)
        self.teams = Teams.opposite(4)
        self.team_scores = [0, 0]
        self.pack = PACK
        # (hand number, points of team 0, points of team 1), replaced as it grows
        self.sheet: tuple[tuple, ...] = ()
        self.dealer = self.rng.randrange(4)
        self._deal()

    # -- dealing ---------------------------------------------------------
    def _deal(self) -> None:
        deck, order = self._deal_hands(HAND_SIZE)
        for h in self.hands:
            h.sort(key=by_index)
        self.up_cards: list[Card] = [deck.pop()]
        self.stub = deck
        self._reset_hand(order[0])
        self.log(
            "deal",
            f"Hand {self.hand_number}: {{p{self.dealer}}} deals and turns up {self.up_cards[0]}",
            self.dealer,
            cards=tuple(self.up_cards),
        )

    def _reset_hand(self, first: int) -> None:
        self.won = [()] * 4
        self.tricks_won = [0] * 4
        self.trick = ()
        self.bids: list[str] = [""] * 4
        self.status: list[str] = [""] * 4
        self.voids = [""] * 4  # suits each seat has shown it lacks (public), for resampling
        self.passed_up: tuple[Card, ...] = ()  # upcards turned down, face up and out of play (BA-3)
        self.aside: list[Card] = []  # a loner's partner's cards, face down for the hand
        self.discard: list[Card] = []  # the taker's face-up discard (BA-3)
        self.passes = 0
        self.caller: int | None = None  # a pick-up waiting for the partner's word
        self.call_alone = False
        self.declarer: int | None = None
        self.alone = False
        self.taker: int | None = None
        self.known_up: Card | None = None  # the upcard while it sits, known to all, in the taker's hand
        self.picked_up: Card | None = None  # the upcard that made trump (public)
        self.sitting_out: tuple[int, ...] = ()
        self.trump: Suit | None = None
        self.ranking = trump_ranking(None)
        self.phase = "auction"
        self.leader = self.to_act = first

    # -- the protocol ----------------------------------------------------
    def _legal(self) -> list[Action]:
        if self.phase == "auction":
            return [PICK, ALONE, PASS] if self.options["go_alone"] else [PICK, PASS]
        if self.phase == "veto":
            return [ACCEPT, VETO_ALONE, VETO] if self.call_alone else [ACCEPT, VETO]
        if self.phase == "discard":
            return [DISCARDS[c] for c in self.hands[self.acting]]
        return self._legal_play()

    def _apply(self, action: Action) -> None:
        getattr(self, _APPLY[self.phase])(action)

    # -- the auction (BA-2, BA-4) ---------------------------------------------
    def _apply_auction(self, action: Action) -> None:
        s = self.acting
        if action is PASS:
            self.bids[s] = "pass"
            self.log("bid", f"{{p{s}}} passes", s)
            self._next_bidder(s)
            return
        self.caller, self.call_alone = s, action is ALONE
        self.bids[s] = "alone" if self.call_alone else "pick up"
        self.log("bid", f"{{p{s}}} picks it up" + (" and goes alone" if self.call_alone else ""), s)
        if self.options["veto"]:
            self.phase = "veto"
            self.to_act = self.teams.partner(s)
        else:
            self._declare(s, self.call_alone)

    def _apply_veto(self, action: Action) -> None:
        p, s = self.acting, self.caller
        assert s is not None, "a veto answers a partner's call"
        self.phase = "auction"
        if action is VETO:  # BA-2: the pick-up becomes a pass; the auction goes on
            self.bids[s] = "vetoed"
            self.log("bid", f"{{p{p}}} vetoes the pick-up: it counts as a pass", p)
            self._next_bidder(s)
            return
        if action is VETO_ALONE:
            self.log("bid", f"{{p{p}}} vetoes going alone: the partners play together", p)
        elif self.call_alone:
            self.log("bid", f"{{p{p}}} lets {{p{s}}} go alone", p)
        else:
            self.log("bid", f"{{p{p}}} lets the pick-up stand", p)
        self._declare(s, self.call_alone and action is ACCEPT)

    def _next_bidder(self, s: int) -> None:
        self.caller = None
        self.passes += 1
        if self.passes < 4:
            self.to_act = next_seat(s, 4)
            return
        self.passed_up += (self.up_cards.pop(),)
        if len(self.passed_up) == UPCARDS:
            self._throw_in()
            return
        self.up_cards, self.stub = [self.stub[-1]], self.stub[:-1]
        self.passes = 0
        self.bids = [""] * 4
        self.to_act = next_seat(self.dealer, 4)
        self.log(
            "info", f"Everyone passed: the next upcard is {self.up_cards[0]}", cards=tuple(self.up_cards)
        )

    def _throw_in(self) -> None:
        """BA-4: four upcards passed, so the same dealer deals again."""
        self.log("info", "Four upcards passed: the cards are thrown in and the same dealer deals again")
        self.hand_number -= 1  # a thrown-in deal is not a hand
        self._deal()

    def _declare(self, s: int, alone: bool) -> None:
        """The pick-up stands: trump is the upcard's suit; the taker (BA-1) takes it and discards."""
        up = self.up_cards[0]
        self.declarer, self.alone, self.caller = s, alone, None
        self.trump = up.suit
        self.ranking = trump_ranking(up.suit)
        partner = self.teams.partners(s)[0]  # two partners a side (BA)
        self.bids = [""] * 4  # the auction is in the log; the call stays in view
        self.bids[s] = "alone" if alone else "picked up"
        if alone:
            self.sitting_out = (partner,)
            self.aside = self.hands[partner]
            self.hands[partner] = []  # the view marks the seat as sitting out
        self.taker = next_active(s, 4, self.sitting_out)
        self.hands[self.taker].append(self.up_cards.pop())
        self.hands[self.taker].sort(key=by_index)
        self.known_up = self.picked_up = up
        self.status[self.taker] = "took upcard"
        self.phase = "discard"
        self.to_act = self.taker
        self.log(
            "info",
            f"{trump_text(self.trump).capitalize()}; {{p{self.taker}}} takes {up} and discards",
            self.taker,
            cards=(up,),
        )

    def _apply_discard(self, action: Action) -> None:
        s, c = self.acting, action.the_card
        self.hands[s].remove(c)
        self.discard = [c]
        if c is self.known_up:
            self.known_up = None
        self.log("info", f"{{p{s}}} discards {c} face up", s, cards=(c,))
        self.phase = "play"
        self.leader = s  # BA-1: the taker leads

    # -- playing ---------------------------------------------------------
    def _led(self) -> Suit | None:
        return self.ranking.suit_of(self.trick[0].cards[0]) if self.trick else None

    def _legal_play(self) -> list[Action]:
        s, trick = self.to_act, self.trick
        assert s is not None  # (asked only while a seat is to act)
        hand = self.hands[s]
        if not trick:  # the leader plays any card
            return list(map(PLAYS.__getitem__, hand))
        # follow the led suit if able (BA-3), else any card
        same = list(filter(SUIT_CARDS[trick[0].cards[0].suit].__contains__, hand))
        return list(map(PLAYS.__getitem__, same or hand))

    REWINDS = True  # the card play is plays of one card: a world can be rewound to its start

    def exact_play(self) -> Position | None:
        """Follow suit; a loner's partner sits out; the hand scores from the tricks (issue 34)."""
        return Position.of(self) if self.phase == "play" else None

    def _apply_play(self, action: Action) -> None:
        s, c = self.to_act, action.card
        assert s is not None and c is not None  # (a card play by the seat to act)
        if self.trick:
            led = self.trick[0].cards[0].suit  # (no bowers: every card belongs to its own suit)
            if led is not None and c.suit is not led and led.letter not in self.voids[s]:
                self.voids[s] += led.letter  # public: everyone saw the failure to follow
        if c is self.known_up:
            self.known_up = None
        self.play_to_trick(s, c)
        if not trick_complete(self.trick, 4, self.sitting_out):
            self.to_act = next_active(s, 4, self.sitting_out)
            return
        winner = self.collect_trick()
        if not self.hands[winner]:
            self._score_hand()

    # -- scoring (BA-5) ------------------------------------------------------------
    def team_tricks(self, team: int) -> int:
        return sum(map(self.tricks_won.__getitem__, self.teams.teams[team]))

    def hand_points(self) -> tuple[int, int, str]:
        """(scoring team, points, why) for the finished hand: only one side scores."""
        dec = self.teams.team_of(self._declarer())
        took = self.team_tricks(dec)
        tricks = "all five tricks" if took == HAND_SIZE else f"{took} tricks"
        if took >= 3:
            pts = 2 if took == HAND_SIZE else 1
            if self.alone:
                return dec, 2 * pts, f"{{p{self.declarer}}} went alone and took {tricks}: {pts}, doubled"
            return dec, pts, f"they took {tricks}"
        other = HAND_SIZE - took
        pts = 2 if other == HAND_SIZE else 1
        taken = "all five tricks" if other == HAND_SIZE else f"{other} tricks"
        return 1 - dec, 2 * pts, f"they set the declarers, taking {taken}: {pts}, doubled"

    def _declarer(self) -> int:
        """The seat that picked up: there is one once a hand is played (its score comes from it)."""
        assert self.declarer is not None, "a hand is played only after a pick-up"
        return self.declarer

    def _score_hand(self) -> None:
        team, pts, why = self.hand_points()
        self.note_bid(self._declarer(), team == self.teams.team_of(self._declarer()))
        self.team_scores[team] += pts
        self.sheet += ((self.hand_number, pts if team == 0 else 0, pts if team == 1 else 0),)
        self.scores = self.teams.seat_scores(self.team_scores)
        name = self.teams.name
        lines = (
            f"{name(team)} score {pts}: {why}",
            *[
                f"{name(t)}: {plural(self.team_tricks(t), 'trick')}, total {self.team_scores[t]}"
                for t in (0, 1)
            ],
        )
        self.log("hand", f"Hand {self.hand_number} scored", lines=lines)
        if self.team_scores[team] >= self.options["target"]:
            self._finish_match(team, f"the first side to {self.options['target']} points")
            return
        self.dealer = next_seat(self.dealer, 4)
        self._deal()

    def _finish_match(self, team: int, reason: str) -> None:
        self.phase = "over"
        self.to_act = None
        self.scores = self.teams.seat_scores(self.team_scores)
        self.result = self.teams.outcome(self.team_scores, reason, winning_teams=(team,))
        self.log("match", f"{self.teams.name(team)} win with {self.team_scores[team]} points ({reason})")

    # -- refusals ----------------------------------------------------------
    def _why_illegal(self, text: str) -> str:
        return self._why_not(text) or super()._why_illegal(text)

    def _why_not(self, text: str) -> str:
        if self.phase == "play":
            return self._why_play(text)
        if text == "alone" and self.phase == "auction":
            return "going alone is not allowed at this table (option go_alone)"
        if text == "veto_alone" and self.phase == "veto":
            return "nobody is going alone: veto the pick-up or let it stand"
        if self.phase == "discard" and text.startswith("discard "):
            return "you do not hold that card"
        if self.phase == "discard":
            return "take the upcard and discard one card first (discard XX)"
        return ""

    def _why_play(self, text: str) -> str:
        hand = self.hands[self.acting]
        if not any(x.text == text for x in hand):
            return "you do not hold that card" if any(x.text == text for x in PACK) else ""
        return follow_suit(hand, self._led(), self.ranking)[1]

    # -- views ---------------------------------------------------------------
    def _teams(self) -> tuple[tuple[int, ...], ...]:
        return self.teams.for_view()

    def _sitting_out(self) -> tuple[int, ...]:
        return self.sitting_out

    def _view_trump(self) -> str:
        return trump_text(self.trump) if self.trump is not None else ""

    def contract_text(self) -> str:
        if self.declarer is None:
            if self.caller is not None:
                return f"{{p{self.caller}}} picks up{' alone' if self.call_alone else ''}, waiting for the partner"
            return f"upcard {len(self.passed_up) + 1} of {UPCARDS} on offer"
        who = "goes alone" if self.alone else "and partner declare"
        return f"{{p{self.declarer}}} {who}, {trump_text(self.trump)}"

    def _view_info(self, seat: int | None) -> list[InfoLine]:
        info = [InfoLine("contract", "Contract", self.contract_text())]
        if self.passed_up:
            info.append(InfoLine("passed", "Passed upcards", cards_text(self.passed_up)))
        if self.discard:
            info.append(InfoLine("discard", "Discard", f"{{p{self.taker}}} threw {self.discard[0]}"))
        tricks = ", ".join(f"{self.teams.name(t)} {self.team_tricks(t)}" for t in (0, 1))
        info.append(InfoLine("tricks", "Tricks", tricks))
        info.append(InfoLine("target", "Target", str(self.options["target"])))
        return info

    def _view_extra(self, seat: int | None) -> BaconView:
        return BaconView(
            upcard=self.up_cards[0] if self.up_cards else None,
            passed_up=tuple(self.passed_up),
            discard=self.discard[0] if self.discard else None,
            taker=self.taker,
            known_up=self.known_up,
            picked_up=self.picked_up,
            caller=self.caller,
            call_alone=self.call_alone,
            declarer=self.declarer,
            alone=self.alone,
            trump_suit=self.trump.letter if self.trump else None,
            team_scores=tuple(self.team_scores),
            team_tricks=tuple(self.team_tricks(t) for t in (0, 1)),
            voids=tuple(self.voids),
            target=self.options["target"],
            stub=len(self.stub),
        )

    def _prompt(self) -> str:
        if self.phase == "auction":
            up = self.up_cards[0]
            return f"Pick up {up} to make {up.the_suit.noun} trump, or pass"
        if self.phase == "veto":
            what = "go alone" if self.call_alone else "pick it up"
            return (
                f"Your partner wants to {what} ({self.up_cards[0].the_suit.noun} trump): let it stand or veto"
            )
        if self.phase == "discard":
            return "Discard one card face up, then lead"
        led = self._led()
        return "Lead any card" if led is None else f"Follow {led.noun} if you can"

    def label(self, action: Action) -> str:
        if action is ACCEPT and self.call_alone:
            return "Let them go alone"
        return LABELS.get(action.text) or action.label

    # -- cards -----------------------------------------------------------------
    def zones(self) -> dict[str, list[Card]]:
        zones = super().zones()
        zones.update(
            {
                "stub": list(self.stub),
                "upcard": list(self.up_cards),
                "passed upcards": list(self.passed_up),
                "discard": list(self.discard),
                "set aside": list(self.aside),
            }
        )
        return zones

    def check_invariants(self) -> None:
        live = 4 - len(self.sitting_out)
        assert sum(self.tricks_won) * live == sum(len(w) for w in self.won)
        for t in (0, 1):
            assert sum(row[1 + t] for row in self.sheet) == self.team_scores[t]
        assert all(not self.hands[s] for s in self.sitting_out), "a seat sitting out holds no cards"
        assert all(a == 0 or b == 0 for _, a, b in self.sheet), "only one side scores in a hand"

    # -- determinisation for search bots (TrickGame.resample) -------------------
    def _hidden_piles(self, seat: int) -> list:
        """The stub, and a loner's partner's cards (known to that partner only)."""
        piles = [self.pile("stub")]
        if self.aside and seat not in self.sitting_out:
            piles.append(self.pile("aside"))
        return piles

    def _known_in_hand(self, seat: int, other: int) -> tuple[Card, ...]:
        """Everyone saw the taker pick up the upcard: it stays known until played or discarded."""
        return (self.known_up,) if other == self.taker and self.known_up is not None else ()


class BaconRules(Rules):
    state_class = Bacon
    options = (
        Option("target", 10, "The first side to reach this many points wins.", minimum=1, maximum=50),
        Option("go_alone", True, "A player who picks up may go alone, with the partner sitting out."),
        Option("veto", True, "The partner may veto a pick-up or a call to go alone."),
    )
    summary = """\
Bacon — 4 players in two partnerships; partners sit opposite.  A full 52-card pack, aces high.

Each player gets five cards, and one more card is turned face up in the middle: the upcard.
The rest of the pack stays face down.

Starting left of the dealer, each player may pick it up, which makes the upcard's suit
trump, or pass.  A player who picks it up may also go alone: their partner then sits the hand
out, holding no cards, and the tricks have three cards.  If all four pass, the upcard is put
aside face up and a new one is turned; after a fourth upcard is passed all round, the cards are
thrown in and the same dealer deals again.

Right after a pick-up, the caller's partner may veto it.  A vetoed pick-up counts as a pass and
the next player speaks (the partner may still pick it up on their own turn).  A call to go
alone may be vetoed too: veto the whole pick-up, or only the going alone, and then the two play
together as usual.

Once the trump is made, the player on the left of the one who picked it up takes the upcard
into their hand, throws away any one card face up, and leads the first trick.  That player is
always on the other side.

Follow the suit led if you can; otherwise play any card.  The highest trump wins, or else the
highest card of the suit led.  The winner leads next.

Scoring: the side that picked it up scores 1 for three or four tricks and 2 for all five; a
player who went alone scores double (2 or 4).  If that side takes two tricks or fewer, the
other side scores double instead: 2, or 4 if it took all five.  Only one side scores in a hand.
The first side to 10 points wins.  The deal passes to the left after every hand that is played.

Options: target (the points that win, 1 to 50); go_alone (allow going alone, on by default);
veto (the partner may veto, on by default)."""

    def ending_text(self, num_seats: int, options: Mapping[str, Any]) -> str:
        return f"The first side to {plural(options['target'], 'point')}"

    def max_game_length(self, num_seats: int, options: Mapping[str, Any]) -> int:
        """A deal: four upcards, each with a call and a veto decision from every player, the
        taker's discard and every card played: 4 x 8 + 1 + 21.  Every played hand scores for
        one side, so a side reaches the target within 2 x (target - 1) + 1 hands; deals thrown
        in after four passed upcards come on top."""
        hands = 2 * (options["target"] - 1) + 1
        return with_redeals(hands) * (4 * 8 + 1 + 21)


RULES = BaconRules()
