"""Tricks'N'Trumps: a first trick-taking game (seed 003).

Two to six players (TN-1) get five cards each from a 52-card pack plus one joker; the rest of
the pack sits out.  Hearts are always trump and the joker is the highest heart, above the ace.
Left of the dealer leads; everyone must follow the led suit if able (the joker counts as a
heart, so a joker lead asks for hearts, and a player whose only heart is the joker must play it
to a heart lead); a player who cannot follow may play anything, trump or not.  The highest
trump wins the trick, otherwise the highest card of the led suit.  Each trick scores a point.

The deal passes to the left.  The match (TN-2) ends once every player has dealt ``rounds``
times, or, with ``ending=ahead``, after the first hand in which one player leads every other by
``ahead_by`` points, or after ``hand_limit`` hands if that option is set (TN-4: a declared
limit, off by default; the result then says so).  Options the chosen ending ignores are refused
(TN-4).  The highest total wins; a tie is a shared win.

Variations of the seed text, all off by default (TN-3): ``lowest_rank`` strips low cards,
``hand_size`` deals more cards, ``turn_up_trump`` turns up the next card to choose trumps (the
joker stays top trump and belongs to that suit; a turned-up joker means hearts),
``points_per_trick`` scores tricks differently.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from games.core.actions import Action, play
from games.core.bounds import random_walk_hands
from games.core.cards import ALL_CARDS, Card, Suit, standard_deck
from games.core.clone import SHARED
from games.core.errors import BadOptionError
from games.core.exact import Position
from games.core.options import Option
from games.core.potgame import hand_limit_option
from games.core.state import Rules
from games.core.trickgame import TrickGame
from games.core.tricks import Ranking, follow_suit, next_seat
from games.core.views import InfoLine
from games.core.words import counted, limited, plural

from .viewdata import TricksView

_PLAY = {c: play(c) for c in ALL_CARDS}  # card -> its interned play action
_PLACE = {a: c.index for c, a in _PLAY.items()}.__getitem__  # a play's card's place in the pack
_TRICKS = tuple(plural(n, "trick") for n in range(27))  # "1 trick", "2 tricks"... (a hand's lines)
_RANKINGS: dict[Suit, Ranking] = {}


def _ranking(trump: Suit) -> Ranking:
    """The ranking with ``trump`` as trump and the joker its top card (shared: rankings only cache)."""
    r = _RANKINGS.get(trump)
    if r is None:
        r = _RANKINGS[trump] = Ranking(trumps=(trump,), joker_suit=trump)
    return r


class TricksNTrumps(TrickGame):
    """State of a Tricks'N'Trumps match.  Phases: ``play`` (the only decision), ``over``."""

    _COPY = {"pack": SHARED, "stock": SHARED}  # how clone() copies our mutable attributes (the
    # stock is replaced at each deal, never changed in place)

    def __init__(self, rules: Rules, num_seats: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(rules, num_seats, options, seed)
        self.pack = standard_deck(["JK"], min_rank=options["lowest_rank"])
        self.stock: list[Card] = []  # undealt cards (out of play this hand)
        self.won: list[tuple[Card, ...]] = [()] * num_seats
        self.hands_played = 0
        self.dealer = self.rng.randrange(num_seats)
        self._deal()

    # -- dealing ---------------------------------------------------------
    def _deal(self) -> None:
        n = self.num_seats
        deck, order = self._deal_hands(self.options["hand_size"])  # one at a time from the dealer's left
        self.up_cards = ()
        trump = Suit.HEARTS
        if self.options["turn_up_trump"]:
            up = deck.pop()
            self.up_cards = (up,)
            trump = up.suit or Suit.HEARTS  # TN-3: a turned-up joker leaves hearts as trump
        self.stock = deck
        self.ranking = _ranking(trump)
        self.tricks_won = [0] * n
        self.trick = ()
        self.leader = self.to_act = order[0]
        self.phase = "play"
        turned = f", turning up {self.up_cards[0]}" if self.up_cards else ""
        self.log(
            "deal",
            f"Hand {self.hand_number}: {{p{self.dealer}}} deals{turned}; {trump.noun} are trump",
            self.dealer,
            cards=tuple(self.up_cards),
        )

    # -- the protocol ----------------------------------------------------
    def _legal(self) -> list[Action]:
        s, trick = self.to_act, self.trick
        assert s is not None  # (asked only while a seat is to act)
        hand = self.hands[s]
        if trick:  # follow suit if able (follow_suit's test, without building its message)
            r = self.ranking
            led = r.of_suit(r.suit_of(trick[0].cards[0]))
            plays = [_PLAY[c] for c in hand if c in led] or [_PLAY[c] for c in hand]
        else:
            plays = [_PLAY[c] for c in hand]
        plays.sort(key=_PLACE)  # in pack order (one deck: no duplicate cards)
        return plays

    REWINDS = True  # the card play is plays of one card: a world can be rewound to its start

    def exact_play(self) -> Position | None:
        """Follow suit; a hand's score is its tricks (issue 34)."""
        return Position.of(self) if self.phase == "play" else None

    def _why_illegal(self, text: str) -> str:
        hand = self.hands[self.acting]
        if not any(c.text == text for c in hand):
            return "you do not hold that card"
        _, rule = follow_suit(hand, self.ranking.suit_of(self.trick[0].cards[0]), self.ranking)
        return rule or super()._why_illegal(text)

    def _apply(self, action: Action) -> None:
        seat, c = self.to_act, action.card
        assert seat is not None and c is not None  # (a card play by the seat to act)
        self.play_to_trick(seat, c)
        if len(self.trick) < self.num_seats:
            self.to_act = next_seat(seat, self.num_seats)
            return
        winner = self.collect_trick()
        if not self.hands[winner]:
            self._score_hand()

    def _score_hand(self) -> None:
        ppt = self.options["points_per_trick"]
        lines = []
        for s in range(self.num_seats):
            gained = self.tricks_won[s] * ppt
            self.scores[s] += gained
            lines.append(
                f"{{p{s}}}: {_TRICKS[self.tricks_won[s]]} × {ppt} = {gained}, total {self.scores[s]}"
            )
        self.hands_played += 1
        self.log("hand", f"Hand {self.hand_number} scored", lines=tuple(lines))
        if self._match_over():
            self._finish_match()
        else:
            self.dealer = next_seat(self.dealer, self.num_seats)
            self._deal()

    def _match_over(self) -> bool:
        if self.options["ending"] == "ahead":
            return self._lead() >= self.options["ahead_by"] or self._limit_reached()
        return self.hands_played >= self.options["rounds"] * self.num_seats

    def _lead(self) -> int:
        top, *rest = sorted(self.scores, reverse=True)
        return top - max(rest)

    def _limit_reached(self) -> bool:
        limit = self.options["hand_limit"]  # TN-4: declared, off by default
        return limit is not None and self.hands_played >= limit

    def _finish_match(self) -> None:
        best, winners = self._top_scorers()
        if self.options["ending"] == "rounds":
            reason = f"every player has dealt {plural(self.hands_played // self.num_seats, 'time')}"
        elif self._lead() >= self.options["ahead_by"]:
            reason = f"a player is {self.options['ahead_by']} points ahead"
        else:
            reason = f"hand limit of {self.options['hand_limit']} reached"
        self._end_match(winners, reason, f"{best} points")

    # -- views and checks ------------------------------------------------
    def _view_info(self, seat: int | None) -> list[InfoLine]:
        n = self.num_seats
        if self.options["ending"] == "ahead":
            limit = self.options["hand_limit"]
            deal = (
                f"{self.hand_number}{f' of at most {limit}' if limit else ''} "
                f"(first {self.options['ahead_by']} points ahead wins)"
            )
        else:
            deal = f"{self.hand_number} of {self.options['rounds'] * n}"
        return [
            InfoLine("deal", "Deal", deal),
            InfoLine("per_trick", "Points per trick", str(self.options["points_per_trick"])),
        ]

    def _view_extra(self, seat: int | None) -> TricksView:
        return TricksView(self.ranking.trumps[0].letter)

    def _prompt(self) -> str:
        if not self.trick:
            return "Lead any card"
        led = self.ranking.suit_of(self.trick[0].cards[0])  # a led joker leads trumps (TN-3)
        return f"Follow {led.noun if led is not None else 'the lead'} if you can"

    def _hidden_piles(self, seat: int) -> list:
        """The undealt cards sit out face down (possible worlds, issue 13)."""
        return [self.pile("stock")]

    def zones(self) -> dict[str, list[Card]]:
        zones = super().zones()
        zones["stock"] = list(self.stock) + list(self.up_cards)
        return zones

    def check_invariants(self) -> None:
        assert sum(self.tricks_won) * self.num_seats == sum(len(w) for w in self.won)
        if self.result is None:
            assert (
                sum(self.scores)
                == self.options["points_per_trick"] * self.options["hand_size"] * self.hands_played
            )


class TricksNTrumpsRules(Rules):
    state_class = TricksNTrumps
    options = (
        Option(
            "rounds",
            1,
            "How many times each player deals before the match ends (ending=rounds).",
            minimum=1,
            maximum=20,
        ),
        Option(
            "ending",
            "rounds",
            "rounds: stop when everyone has dealt equally; ahead: stop once a player leads all others by ahead_by points.",
            choices=("rounds", "ahead"),
        ),
        Option("ahead_by", 3, "With ending=ahead, the lead that wins the match.", minimum=1, maximum=50),
        Option(
            "hand_size", 5, "Cards dealt to each player (deal more with many players).", minimum=1, maximum=26
        ),
        Option(
            "lowest_rank",
            2,
            "Strip the pack: the lowest rank kept in each suit (2 keeps all 53 cards).",
            minimum=2,
            maximum=10,
        ),
        Option(
            "turn_up_trump",
            False,
            "Turn up the next card after the deal; its suit is trump (the joker stays top trump; a joker means hearts).",
        ),
        Option("points_per_trick", 1, "Points scored for each trick won.", minimum=1, maximum=10),
        hand_limit_option("ending=ahead"),
    )
    summary = """\
Tricks'N'Trumps — 2 to 6 players, 52 cards plus a joker.

Each player gets five cards; the rest of the pack sits out.  Hearts are always trump, and
the joker is the best heart of all: joker, A, K, ... 2 of hearts.  Any heart beats any card
of another suit.

The player left of the dealer leads any card; play goes clockwise.  You must follow the led
suit when you can.  The joker is a heart: if it is led, the others must play hearts, and if
hearts are led while the joker is your only heart, you must play it.  If you cannot follow,
play anything: a heart to try to win, or a throw-away.

The highest heart in the trick wins it; with no heart, the highest card of the suit led.
The winner leads the next trick.  Every trick won scores one point.

The deal passes left after each hand.  The match ends when every player has dealt the same
number of times (see the option rounds); the highest total wins and a tie is shared.

Variations: play until someone is a few points ahead, strip low cards, deal more cards,
turn up a card to pick the trump suit, or score more points per trick."""

    def check(self, num_seats: int, options: dict[str, Any]) -> None:
        ahead = options["ending"] == "ahead"  # TN-4: refuse what the chosen ending ignores
        self.require(options, ("rounds",), not ahead, "ending=rounds")
        self.require(options, ("ahead_by", "hand_limit"), ahead, "ending=ahead")
        pack = 53 - 4 * (options["lowest_rank"] - 2)
        needed = num_seats * options["hand_size"] + (1 if options["turn_up_trump"] else 0)
        if needed > pack:
            raise BadOptionError(
                f"{num_seats} players × hand_size={options['hand_size']}"
                f"{' plus a turned-up card' if options['turn_up_trump'] else ''} needs {needed} cards, "
                f"but lowest_rank={options['lowest_rank']} leaves a pack of {pack}"
            )

    def ending_text(self, num_seats: int, options: Mapping[str, Any]) -> str:
        if options["ending"] == "ahead":
            lead = plural(options["ahead_by"], "point")
            return limited(f"until a player leads every other by {lead}", options["hand_limit"])
        rounds = options["rounds"]
        times = {1: "once", 2: "twice"}.get(rounds, f"{rounds} times")
        return limited(f"{counted(rounds * num_seats, 'hand')}: each player deals {times}", None)

    def max_game_length(self, num_seats: int, options: Mapping[str, Any]) -> int:
        """Each card dealt is played once: hand_size x seats actions a hand.  ending=rounds plays
        rounds x seats hands; ending=ahead ends after hand_limit hands, or when a lead reached
        at random reaches ahead_by (about (ahead_by / points_per_trick)^2 / hand_size hands per
        player; :func:`~games.core.bounds.random_walk_hands` allows 50 times that)."""
        per_hand = options["hand_size"] * num_seats
        if options["ending"] == "rounds":
            return options["rounds"] * num_seats * per_hand
        lead = options["ahead_by"] / options["points_per_trick"]
        walk = random_walk_hands(lead, math.sqrt(options["hand_size"]), num_seats)
        return (options["hand_limit"] or walk) * per_hand


RULES = TricksNTrumpsRules()
