"""Cucumber (Danish Agurk): seven tricks, and only the last one counts, against you (seed 001).

Two to seven players, 52 cards, aces high, suits play no part.  Each active player gets seven
cards at once, in turn from the dealer's left; the rest of the pack sits out unseen.  The deal
passes left (to the next player still in the game).

Left of the dealer leads any card.  Each later player must play a card higher than the highest
card so far (any such card), or else their lowest card (CU-2: strictly higher; option
``allow_equal`` also allows an equal card, as other rule books do).  The highest card takes the
trick, and among equal ranks the one played last; its player leads next.  The cards of finished
tricks stay on the table for all to see (CU-7).

The object is to avoid taking the seventh and last trick (CU-1): its taker scores the value of
the winning card (A 14, K 13, Q 12, J 11, others their number), and every other player who
played that rank to the trick subtracts it, not below zero (CU-3; option ``tied=score`` makes
them score it instead).  Scores start at 0 (CU-4).  Going over ``limit`` (21: 22 or more)
earns a cucumber, and the score resets to the highest score among the other players still in
the game who did not go over this hand, after this hand's scores (CU-5; 0 if there is none).
A player who goes over while holding a cucumber is eliminated (CU-6): they get no more cards,
sit out every turn and are shown as out.  The last player left wins the match; should the last
players all be eliminated in the same hand (possible only with ``tied=score``), they share it.
No hand limit stops a match (issue 29): every hand its taker scores at least 2, so a player who
is never tied goes over within ``limit // 2 + 1`` takes of each life; only a tied player's
subtraction can lower a score, and ``CucumberRules.max_game_length`` declares how long a match
may take.

Resampling: a player who plays their lowest card because they cannot beat the highest card so
far shows that every card they still hold is at least that low card and no higher than that
highest card; ``self.bounds`` keeps those public rank limits per seat for the hand.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from operator import attrgetter
from typing import Any

from games.core.actions import Action, play
from games.core.cards import ALL_CARDS, Card, cards_text, deck_52
from games.core.clone import LIST, SHARED
from games.core.exact import HIGHER, LAST_TRICK, Position
from games.core.options import Option
from games.core.partnership import active_seats, next_active, trick_complete
from games.core.resample import anywhere, deal_unseen
from games.core.state import Rules
from games.core.trickgame import TrickGame, trick_result
from games.core.tricks import with_seat
from games.core.views import InfoLine, Outcome, TrickResult

from .viewdata import CucumberView

HAND_SIZE = 7

_INDEX = attrgetter("index")
_RANK = attrgetter("rank")
_PLAY = {c: play(c) for c in ALL_CARDS}
_BY_RANK = {c: (-c.rank, c.index) for c in ALL_CARDS}  # a hand's display order: suits play no part
NO_BOUNDS = (2, 14)


def value(c: Card) -> int:
    """Points of a winning card: A 14, K 13, Q 12, J 11, others their number."""
    return c.rank


class Cucumber(TrickGame):
    """State of a Cucumber match.  Phases: ``play``, ``over``."""

    PLAIN_TRICKS = False  # suits play no part, and the last trick is to be avoided
    LOW_SCORES_WIN = True  # the points of the last trick count against its taker (CU-3)

    status: tuple[str, ...]  # replaced when a seat's status changes (rarely)
    _COPY = {
        "pack": SHARED,
        "out": LIST,
        "table": LIST,
        "done": LIST,
        "bounds": LIST,
    }

    def __init__(self, rules: Rules, num_seats: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(rules, num_seats, options, seed)
        self.pack = deck_52()
        self.out: list[Card] = []  # the undealt rest of the pack (unseen)
        self.table: list[Card] = []  # the cards of this hand's finished tricks (face up, CU-7)
        self.done: list[TrickResult] = []  # this hand's finished tricks, in order
        # both replaced when they change (at the end of a hand): clones share them
        self.cucumbers = (0,) * num_seats
        self.eliminated: tuple[int, ...] = ()  # in order of elimination
        self.last_out: tuple[int, ...] = ()  # the seats eliminated in the last hand scored
        self.bounds = [NO_BOUNDS] * num_seats  # public rank limits of each hand (see the module docstring)
        self.hands_played = 0
        self.dealer = self.rng.randrange(num_seats)
        self._deal()

    # -- seats ----------------------------------------------------------------
    def _active(self) -> list[int]:
        return [s for s in range(self.num_seats) if s not in self.eliminated]

    def _sitting_out(self) -> tuple[int, ...]:
        return tuple(sorted(self.eliminated))

    # -- dealing --------------------------------------------------------------
    def _deal(self) -> None:
        n, out = self.num_seats, self.eliminated
        order = active_seats(next_active(self.dealer, n, out), n, out)  # CU-6: the eliminated get nothing
        deck, _ = self._deal_hands(HAND_SIZE, HAND_SIZE, order)  # seven at a time, the dealer's left first
        self.out, self.table, self.done, self.trick = deck, [], [], ()
        self.top: Card | None = None  # the trick's highest card so far (see _apply)
        self.bounds = [NO_BOUNDS] * n
        self.tricks_won = [0] * n
        self.won = [()] * n
        self.leader = self.to_act = order[0]
        self.phase = "play"
        self.log(
            "deal",
            f"Hand {self.hand_number}: {{p{self.dealer}}} deals seven cards to each of {len(order)} players",
            self.dealer,
        )

    # -- what may be played -----------------------------------------------------
    def _beats(self, c: Card, top: Card) -> bool:
        return c.rank > top.rank or (self.options["allow_equal"] and c.rank == top.rank)

    def _least_beater(self, top: Card) -> int:
        """The lowest rank that beats ``top`` (its own when equal ranks beat: allow_equal)."""
        return top.rank if self.options["allow_equal"] else top.rank + 1

    def _playable(self, hand: list[Card]) -> list[Card]:
        """CU-2: a card higher than the highest so far, or else the lowest card(s)."""
        top = self.top
        if top is None:
            return list(hand)
        least = self._least_beater(top)
        higher = [c for c in hand if c.rank >= least]
        if higher:
            return higher
        low = min(c.rank for c in hand)
        return [c for c in hand if c.rank == low]

    def _legal(self) -> list[Action]:
        return [_PLAY[c] for c in sorted(self._playable(self.hands[self.acting]), key=_INDEX)]

    def _why_illegal(self, text: str) -> str:
        refused = self._card_refusal(text)
        if refused is not None:
            return refused
        hand = self.hands[self.acting]
        top, ok = self.top, self._playable(hand)
        if top is None:
            return super()._why_illegal(text)
        word = "or equal to " if self.options["allow_equal"] else ""
        if self._beats(ok[0], top):
            return f"you must play a card higher than {word}{top.text} (you hold {cards_text(_by_rank(ok))})"
        return f"you cannot beat {top.text}, so you must play your lowest card ({cards_text(_by_rank(ok))})"

    def exact_play(self) -> Position | None:
        """Higher or your lowest (CU-2, or equal with ``allow_equal``); the hand scores by its last
        trick: who took it with which card, and who tied it (issue 34)."""
        return Position.of(self, HIGHER, LAST_TRICK, equal_beats=self.options["allow_equal"])

    # -- the protocol ----------------------------------------------------------
    def _apply(self, action: Action) -> None:
        s, c, top = self.acting, action.the_card, self.top
        if top is not None and not self._beats(c, top):
            self._note_low(s, c, top)
        if top is None or c.rank >= top.rank:
            self.top = c  # the highest card of the trick so far: of equal ranks, the latest
        self.play_to_trick(s, c)
        if trick_complete(self.trick, self.num_seats, self.eliminated):
            self._finish_trick()
        else:
            self.to_act = next_active(s, self.num_seats, self.eliminated)

    def _note_low(self, s: int, low: Card, top: Card) -> None:
        """The lowest card, played for want of a higher one: what is left lies between the two."""
        lo, hi = self.bounds[s]
        ceiling = top.rank - 1 if self.options["allow_equal"] else top.rank
        self.bounds[s] = (max(lo, low.rank), min(hi, ceiling))

    def _finish_trick(self) -> None:
        cards = self.trick_cards()
        winner = self.trick[_winner_index(cards)].seat
        result = trick_result(tuple(self.trick), winner)
        self.tricks_won[winner] += 1
        self.done.append(result)
        self.table.extend(cards)
        self.last_trick = result
        n = len(self.done)
        self.log(
            "trick",
            f"{{p{winner}}} takes trick {n}" + (" (the last)" if n == HAND_SIZE else ""),
            winner,
            cards=tuple(cards),
        )
        self.trick, self.top = (), None
        self.leader = self.to_act = winner
        if not self.hands[winner]:
            self._score_hand(result, winner)

    # -- scoring ------------------------------------------------------------------
    def _score_hand(self, last: TrickResult, taker: int) -> None:
        """Only the seventh trick scores (CU-1, CU-3); then busts (CU-5) and eliminations (CU-6):
        ``taker`` won ``last``, the last trick."""
        win_card = next(p.cards[0] for p in reversed(last.plays) if p.seat == taker)
        v = value(win_card)
        self.scores[taker] += v
        lines = [f"{{p{taker}}} takes the last trick with {win_card.text}: +{v}, score {self.scores[taker]}"]
        for p in last.plays:
            if p.seat != taker and p.cards[0].rank == win_card.rank:
                lines.append(self._tie(p.seat, v, p.cards[0]))
        self._busts(lines)
        self.hands_played += 1
        self.log("hand", f"Hand {self.hand_number} scored", lines=tuple(lines))
        self._next_hand()

    def _tie(self, s: int, v: int, c: Card) -> str:
        if self.options["tied"] == "score":
            self.scores[s] += v
            return f"{{p{s}}} also played {c.text}: +{v}, score {self.scores[s]}"
        self.scores[s] = max(0, self.scores[s] - v)
        return f"{{p{s}}} also played {c.text}: -{v} (not below 0), score {self.scores[s]}"

    def _busts(self, lines: list[str]) -> None:
        limit = self.options["limit"]
        busted = [s for s in self._active() if self.scores[s] > limit]
        safe = [s for s in self._active() if s not in busted]
        reset = max((self.scores[s] for s in safe), default=0)  # CU-5: scores after this hand
        self.last_out = tuple(s for s in busted if self.cucumbers[s])
        for s in busted:
            if self.cucumbers[s]:
                self.eliminated += (s,)
                self.status = with_seat(self.status, s, "out")
                lines.append(f"{{p{s}}} goes over {limit} with a cucumber already: eliminated")
            else:
                self.cucumbers = with_seat(self.cucumbers, s, 1)
                self.status = with_seat(self.status, s, "cucumber")
                lines.append(
                    f"{{p{s}}} goes over {limit} with {self.scores[s]}: a cucumber, "
                    f"and the score resets to {reset}"
                )
                self.scores[s] = reset

    def _next_hand(self) -> None:
        active = self._active()
        if len(active) <= 1:
            self._finish_match(active)
            return
        self.dealer = next_active(self.dealer, self.num_seats, self.eliminated)  # the deal passes left
        self._deal()

    def _finish_match(self, active: list[int]) -> None:
        if len(active) == 1:
            winners, reason = tuple(active), f"{{p{active[0]}}} is the last player left"
        else:  # the last players went out together (only with tied=score)
            winners = tuple(sorted(self.last_out))
            reason = "the last players were all eliminated in the same hand"
        self.phase, self.to_act = "over", None
        self.result = Outcome(
            tuple(float(x) for x in self.scores),
            winners,
            reason,
            lines=tuple(f"{{p{s}}} was eliminated" for s in self.eliminated),
        )
        names = " and ".join(f"{{p{w}}}" for w in winners)
        self.log("match", f"{names} {'wins' if len(winners) == 1 else 'share the win'} ({reason})")

    # -- views -------------------------------------------------------------------
    def _sorted_hand(self, seat: int) -> list[Card]:
        """Suits play no part: the hand from the highest rank to the lowest."""
        return sorted(self.hands[seat], key=_BY_RANK.__getitem__)

    def _view_trump(self) -> str:
        return "suits do not count"

    def _view_info(self, seat: int | None) -> list[InfoLine]:
        return [
            InfoLine("trick", "Trick", f"{min(len(self.done) + 1, HAND_SIZE)} of {HAND_SIZE}"),
            InfoLine("bust", "Bust", f"over {self.options['limit']}"),
        ]

    def _view_extra(self, seat: int | None) -> CucumberView:
        return CucumberView(
            tricks=tuple(self.done),
            cucumbers=tuple(self.cucumbers),
            eliminated=tuple(self.eliminated),
            limit=self.options["limit"],
            trick_number=min(len(self.done) + 1, HAND_SIZE),
            bounds=tuple(self.bounds),
        )

    def _prompt(self) -> str:
        last = len(self.done) == HAND_SIZE - 1
        top = self.top
        if top is None:
            text = "Lead any card"
        elif self._beats(self._playable(self.hands[self.acting])[0], top):
            text = f"Play higher than {top.text}"
        else:
            text = f"You cannot beat {top.text}: play your lowest card"
        return text + (" — the last trick: try not to take it" if last else "")

    # -- cards and checks ----------------------------------------------------------------
    def zones(self) -> dict[str, list[Card]]:
        return {**super().zones(), "table": list(self.table), "out": list(self.out)}

    def check_invariants(self) -> None:
        assert min(self.scores) >= 0, "scores never go below 0"
        for s in self.eliminated:
            assert not self.hands[s] and self.status[s] == "out", "an eliminated player holds nothing"
        for s, (lo, hi) in enumerate(self.bounds):
            assert all(lo <= c.rank <= hi for c in self.hands[s]), (
                f"seat {s}: a card outside its shown limits"
            )
        if self.result is None:
            assert all(self.scores[s] <= self.options["limit"] for s in self._active())

    # -- resampling -------------------------------------------------------------------
    def resample(self, seat: int, rng: random.Random) -> Cucumber:
        """A copy that agrees with everything ``seat`` knows: the other hands and the unused
        cards dealt again at random, each hand only with ranks inside its shown limits."""
        others = [s for s in self._active() if s != seat]
        pool = sorted([c for s in others for c in self.hands[s]] + self.out, key=_INDEX)
        slots = [(len(self.hands[s]), _within(self.bounds[s])) for s in others] + [(len(self.out), anywhere)]
        dealt = deal_unseen(pool, slots, rng)
        new = self.clone()
        for s, cards in zip(others, dealt):
            new.hands[s] = cards
        new.out = dealt[-1]
        new.events = [e for e in self.events if e.visible_to is None or e.visible_to == seat]
        new.rng = random.Random(rng.getrandbits(64))  # the future deals stay unknown
        new.seed = 0  # the match seed would tell the whole deal
        return new


def _within(bounds: tuple[int, int]):
    lo, hi = bounds
    return lambda c: lo <= c.rank <= hi


def _winner_index(cards: list[Card]) -> int:
    """The highest rank wins; among equal ranks the card played last."""
    best = 0
    for i, c in enumerate(cards):
        if c.rank >= cards[best].rank:
            best = i
    return best


def _by_rank(cards: list[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (-c.rank, c.index))


class CucumberRules(Rules):
    state_class = Cucumber
    options = (
        Option(
            "limit", 21, "A score above this earns a cucumber (the second time: out).", minimum=10, maximum=50
        ),
        Option(
            "allow_equal",
            False,
            "A card equal to the highest so far also counts as high enough (as in other rule books).",
        ),
        Option(
            "tied",
            "subtract",
            "Other players who played the winning rank to the last trick: subtract its "
            "value (not below 0), or score it too (as in other rule books).",
            choices=("subtract", "score"),
        ),
    )
    summary = """\
Cucumber — 2 to 7 players, 52 cards, aces high, suits do not count.

The aim is NOT to take the seventh and last trick; the other tricks score nothing.

Everyone still in the game gets seven cards; the rest of the pack is not used.  The player left
of the dealer leads any card.  Each player after them must play a card higher than the highest
card so far (any higher card will do); a player who has no higher card must play their lowest
card.  The highest card takes the trick; if several cards share the highest rank, the one played
last takes it.  The taker leads the next trick.  Played cards stay face up for everyone to see.

The taker of the last trick scores the value of the card that took it: ace 14, king 13, queen
12, jack 11, other cards their number.  Anyone else who played a card of that same rank to the
last trick takes that many points off their score (never below 0).

Go over 21 and you get a cucumber: your score drops to the highest score among the other
players still in the game (counting this hand, leaving out anyone else who also went over).
Go over 21 again and you are out: you get no more cards and sit out.  The deal passes left.
The last player left wins.

Options: limit moves the line from 21; allow_equal lets a card equal to the highest so far count
as high enough; tied=score makes the others who played the last trick's winning rank score it
too (then several players can go over at once, and if the last players all go out together
they share the win)."""

    def ending_text(self, num_seats: int, options: Mapping[str, Any]) -> str:
        return f"Until one player is left: over {options['limit']} twice and you are out"

    def max_game_length(self, num_seats: int, options: Mapping[str, Any]) -> int:
        """Seven cards from every player a hand.  Every hand its taker scores at least 2, so a
        player goes over the limit within limit // 2 + 1 takes of each of two lives: a match
        of never-tied players ends within seats x 2 x (limit // 2 + 1) hands.  A tied player's
        subtraction (CU-3) can lower a score; the bound allows three times as many hands."""
        hands = 3 * num_seats * 2 * (options["limit"] // 2 + 1)
        return hands * HAND_SIZE * num_seats


RULES = CucumberRules()
