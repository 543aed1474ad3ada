"""Agram: six tricks to the right, and only the last one counts (seed 001, rules-notes §13).

Two to five players use a 35-card pack: 10 down to 3 in every suit plus the aces of clubs,
diamonds and hearts (there is no ace of spades, so the 10 of spades is the best spade).  Each
player gets six cards, dealt in two batches of three.

The player on the dealer's right leads, and play runs to the right: counter-clockwise, the
reverse of most of our games (seats are numbered clockwise, so the next player is seat - 1).
Follow the led suit if able, otherwise play anything; there are no trumps, and the highest card
of the led suit wins the trick and leads the next.  Tricks one to five decide nothing but who
leads: whoever wins the sixth trick wins the game.  No points are kept.

- AG-1: the next dealer is not given; the winner of a game deals the next one.
- AG-2: a series is optional: the option ``games`` sets how many games are played, the games won
  are counted (they are the scores), and the most games won takes the match (equal counts share it).

The first dealer is drawn at random.  Cards that are not dealt stay face down out of play.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter
from typing import Any

from games.core.actions import Action, play
from games.core.cards import ALL_CARDS, Card, Suit, deck_agram
from games.core.clone import LIST, SHARED
from games.core.exact import LAST, Position
from games.core.options import Option
from games.core.resample import Place
from games.core.state import Rules
from games.core.trickgame import TrickGame
from games.core.tricks import follow_suit, next_seat, seat_order, shared_ranking
from games.core.views import InfoLine, Outcome
from games.core.words import counted, limited, plural

from .viewdata import AgramView

HAND_SIZE = 6
BATCH = 3
CLOCKWISE = False  # Agram's play (and our deal) runs to the right

_INDEX = attrgetter("index")
_PLAY = {c: play(c) for c in ALL_CARDS}


class Agram(TrickGame):
    """State of an Agram match (one game or a series).  Phases: ``play``, ``over``.

    ``scores`` counts the games each seat has won; ``voids`` the suits each seat has shown it
    lacks this game (public knowledge, used when dealing the unseen cards again)."""

    # voids: a tuple a seat, replaced as it grows; out: replaced at each deal, never changed in place
    _COPY = {"pack": SHARED, "out": SHARED, "voids": LIST}
    clockwise = CLOCKWISE

    def __init__(self, rules: Rules, num_seats: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(rules, num_seats, options, seed)
        self.pack = deck_agram()
        self.ranking = shared_ranking()  # no trumps: the highest card of the led suit wins
        self.out: list[Card] = []  # undealt cards, face down
        self.voids: list[tuple[Suit, ...]] = [()] * num_seats
        self.trick_number = 0
        self.games_played = 0
        self.dealer = self.rng.randrange(num_seats)
        self._deal()

    # -- dealing -----------------------------------------------------------
    def _order_from(self, seat: int) -> list[int]:
        return seat_order(seat, self.num_seats, clockwise=self.clockwise)

    def _deal(self) -> None:
        """Two batches of three to each player, starting on the dealer's right and going right."""
        n = self.num_seats
        deck, order = self._deal_hands(HAND_SIZE, BATCH)
        self.out = deck
        self.voids = [()] * n
        self.tricks_won = [0] * n
        self.trick = ()
        self.trick_number = 1
        self.leader = self.to_act = order[0]
        self.phase = "play"
        self.log(
            "deal",
            f"Game {self.hand_number}: {{p{self.dealer}}} deals; {{p{self.leader}}} leads "
            f"and play goes to the right",
            self.dealer,
        )

    # -- the protocol ----------------------------------------------------------
    def _legal(self) -> list[Action]:
        hand = self.hands[self.acting]
        if self.trick:
            led = self.trick[0].cards[0].suit
            hand = [c for c in hand if c.suit is led] or hand
        return [_PLAY[c] for c in sorted(hand, key=_INDEX)]

    REWINDS = True  # the card play is plays of one card: a world can be rewound to its start

    def exact_play(self) -> Position | None:
        """Follow suit; only the sixth trick's winner counts (issue 34)."""
        return Position.of(self, ends_on=LAST) if self.phase == "play" else None

    def _why_illegal(self, text: str) -> str:
        refused = self._card_refusal(text)
        if refused is not None:
            return refused
        hand = self.hands[self.acting]
        if not self.trick:
            return super()._why_illegal(text)
        _, rule = follow_suit(hand, self.trick[0].cards[0].suit, self.ranking)
        return rule or super()._why_illegal(text)

    def _apply(self, action: Action) -> None:
        seat, c = self.acting, action.the_card
        if self.trick and c.suit is not self.trick[0].cards[0].suit:
            self._note_void(seat, self.trick[0].cards[0].the_suit)
        self.play_to_trick(seat, c)
        if len(self.trick) < self.num_seats:
            self.to_act = next_seat(seat, self.num_seats, self.clockwise)
            return
        self._finish_trick()

    def _note_void(self, seat: int, suit: Suit) -> None:
        if suit not in self.voids[seat]:
            self.voids[seat] += (suit,)

    def _finish_trick(self) -> None:
        winner = self.collect_trick()
        if self.trick_number == HAND_SIZE:
            self._end_game(winner)
        else:
            self.trick_number += 1

    # -- games and the series --------------------------------------------------
    def _end_game(self, winner: int) -> None:
        """AG: the sixth trick's winner wins the game; AG-1: and deals the next one."""
        self.scores[winner] += 1
        self.games_played += 1
        assert self.last_trick is not None, "the sixth trick has just been collected"
        top = self.last_trick.plays
        card = next(p.cards[0] for p in top if p.seat == winner)
        lines = [
            f"{{p{winner}}} won the sixth trick with the {card.name}, and with it game {self.hand_number}"
        ]
        lines += [f"{{p{s}}}: {plural(self.scores[s], 'game')} won" for s in range(self.num_seats)]
        self.log("hand", f"Game {self.hand_number}: {{p{winner}}} wins", winner, lines=tuple(lines))
        if self.games_played >= self.options["games"]:
            self._finish_match()
            return
        self.dealer = winner  # AG-1
        self._deal()

    def _finish_match(self) -> None:
        best = max(self.scores)
        winners = tuple(s for s in range(self.num_seats) if self.scores[s] == best)
        total = self.options["games"]
        if total == 1:
            reason = f"{{p{winners[0]}}} won the last trick"
        else:
            reason = f"{join_seats(winners)} won {best} of {total} games"
        self.phase = "over"
        self.to_act = None
        self.result = Outcome(tuple(self.scores), winners, reason)
        self.log("match", reason)

    # -- views -------------------------------------------------------------------
    def _view_trump(self) -> str:
        return "no trumps"

    def _view_info(self, seat: int | None) -> list[InfoLine]:
        total = self.options["games"]
        game = str(self.hand_number) if total == 1 else f"{self.hand_number} of {total}"
        return [
            InfoLine("game", "Game", game),
            InfoLine("trick", "Trick", f"{self.trick_number} of {HAND_SIZE}"),
        ]

    def _view_extra(self, seat: int | None) -> AgramView:
        return AgramView(trick_number=self.trick_number, games=self.options["games"])

    def _prompt(self) -> str:
        last = " (the last trick: it wins the game)" if self.trick_number == HAND_SIZE else ""
        if not self.trick:
            return f"Lead any card{last}"
        return f"Follow {self.trick[0].cards[0].the_suit.noun} if you can{last}"

    def zones(self) -> dict[str, list[Card]]:
        return {**super().zones(), "out": list(self.out)}

    def check_invariants(self) -> None:
        assert sum(len(w) for w in self.won) == sum(self.tricks_won) * self.num_seats
        assert sum(self.scores) == self.games_played
        assert (
            all(
                len(h) == HAND_SIZE - self.trick_number + (0 if any(p.seat == s for p in self.trick) else 1)
                for s, h in enumerate(self.hands)
            )
            or self.result is not None
        )

    # -- dealing the unseen cards again (search bots: the hooks of TrickGame.sampler) -----
    def _hidden_piles(self, seat: int) -> list[Place]:
        """The cards left out of the deal, face down."""
        return [self.pile("out")]

    def _forbidden_cards(self, seat: int, unseen: set[Card]) -> dict[int, frozenset[Card]]:
        """Never a card of a suit the player has shown to lack."""
        return {
            s: frozenset(c for c in self.pack if c.suit in self.voids[s])
            for s in range(self.num_seats)
            if s != seat and self.voids[s]
        }


def join_seats(seats: tuple[int, ...]) -> str:
    """``{p0}``, ``{p0} and {p2}``, ``{p0}, {p2} and {p4}``: seats named in a sentence."""
    names = [f"{{p{s}}}" for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class AgramRules(Rules):
    hand_word = "Game"
    state_class = Agram
    options = (
        Option(
            "games",
            1,
            "How many games the match lasts; the most games won takes it (1: a single game).",
            minimum=1,
            maximum=20,
        ),
    )
    summary = """\
Agram — 2 to 5 players, a 35-card pack: 10 down to 3 in every suit, plus the aces of
clubs, diamonds and hearts.  There is no ace of spades, so the 10 of spades is the best spade.

Everyone gets six cards, dealt three at a time.  The player on the dealer's right leads, and
play goes to the right (counter-clockwise) around the table, ending with the dealer.  The
header's arrow and the side panel show the direction and the order of play.

Follow the suit that was led if you can; otherwise play any card.  There are no trumps: the
highest card of the led suit wins the trick, and its winner leads the next one.

Only the sixth and last trick counts: whoever wins it wins the game.  The first five tricks
decide nothing except who leads, so keep a strong card for the end.

A match is one game, or a series of several (option games).  The winner of each game deals
the next one.  The player who won the most games takes the match; equal counts share it."""

    def ending_text(self, num_seats: int, options: Mapping[str, Any]) -> str:
        games = options["games"]
        if games == 1:
            return "One game: the winner of the last trick wins"
        return limited(f"{counted(games, 'game')}: the most games won takes the match", None)

    def max_game_length(self, num_seats: int, options: Mapping[str, Any]) -> int:
        """``games`` games of six tricks, one card from each player a trick."""
        return options["games"] * 6 * num_seats


RULES = AgramRules()
