"""A base for trick games played for counters (Rams, Bourré): stacks, a pot, table stakes.

The stacks are the match scores (``SeatView.scores``); every counter is always in a stack or in
the pot, which :meth:`check_invariants` asserts after every step.  A match ends after the
``hands`` option's number of hands (``ending=hands``) or once a player is out of counters; with
``ending=broke`` only the latter, or after ``hand_limit`` hands if that option is set (issue 11:
a declared limit, never a silent one).

The end of a match (RA-9, BO-9): a game settling a hand asks :meth:`_last_hand` before charging
anything that only feeds the next hand's pot (the Rams no-trick fine and failed-Rams doubling,
the bourré payment) and skips it after the last hand; a pot still holding counters when the match
ends is shared out (:meth:`_share_pot`), so no counter vanishes: at the end the pot is empty.

Subclasses deal with ``_deal()``, name their active seats with ``_active()``, settle each hand by
calling :meth:`_end_hand`, and may choose who shares a leftover pot with :meth:`_pot_heirs`.
Their Rules derive from :class:`PotRules` (the stack and ante checked, how the match ends, how
many hands it lasts at most) and declare ``stack``, ``ante`` and :func:`ending_options`.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .actions import named_card
from .bounds import random_walk_hands
from .cards import Card
from .clone import LIST, SHARED
from .errors import BadOptionError
from .options import Option
from .state import Rules
from .trickgame import TrickGame
from .tricks import NO_HEADING, Heading, headed, must_head_sets, next_seat, seat_order, trick_heading
from .views import InfoLine
from .words import counted, limited, plural

__all__ = [
    "HAND_LIMITS",
    "PotGame",
    "PotRules",
    "PotView",
    "check_ending",
    "ending_options",
    "ending_text",
    "hand_limit_option",
    "named_card",
]

HAND_LIMITS = (None, 5, 10, 20, 50, 100, 200, 500, 1000)  # the choices of a hand_limit option


def hand_limit_option(condition: str = "") -> Option:
    """The declared hand limit of an ending that may run long (``condition``: when it applies;
    empty: always).  Off by default: a limit is a short match the players choose, never a
    silent stop (issue 11, issue 29)."""
    when = f"With {condition}, end" if condition else "End"
    return Option(
        "hand_limit",
        None,
        f"{when} the match after this many hands (none: no limit); "
        "the result then says the limit was reached.",
        choices=HAND_LIMITS,
    )


def ending_text(options: Any, unit: str = "hand") -> str:
    """How a pot game's match ends with these resolved options, for ``Rules.ending_text``."""
    if options["ending"] == "hands":
        return limited(f"{counted(options['hands'], unit)}, or until a player runs out of counters", None)
    return limited("until a player runs out of counters", options["hand_limit"])


def ending_options(hands: int, hands_help: str, unit: str = "hands") -> tuple[Option, ...]:
    """How a pot game's match ends (see the module docstring): the options ``hands`` (how many
    ``unit``, hands or deals, with ``ending=hands``), ``ending`` and ``hand_limit``."""
    return (
        Option("hands", hands, hands_help, minimum=1, maximum=100),
        Option(
            "ending",
            "hands",
            f"hands: stop after the set number of {unit} or when a player is out of counters; "
            "broke: play until a player is out of counters.",
            choices=("hands", "broke"),
        ),
        hand_limit_option("ending=broke"),
    )


def check_ending(rules: Rules, options: dict[str, Any]) -> None:
    """Refuse the options the chosen ending ignores: ``hands`` with ``ending=broke`` and
    ``hand_limit`` with ``ending=hands`` (issue 11)."""
    broke = options["ending"] == "broke"
    rules.require(options, ("hands",), not broke, "ending=hands")
    rules.require(options, ("hand_limit",), broke, "ending=broke")


@dataclass(frozen=True, slots=True)
class PotView:
    """What the view data of every pot game holds (each game's own class adds to it): read by
    the pot panel and the shared card play (games.bots.cardplay)."""

    trump_suit: str  # the trump's letter
    pot: int
    stacks: tuple[int, ...]
    ante: int  # this hand's unit
    active: tuple[int, ...]  # the seats playing this hand (empty before the play)


class PotRules(Rules):
    """The Rules of a pot game: options ``stack``, ``ante`` and :func:`ending_options`."""

    def check(self, num_seats: int, options: dict[str, Any]) -> None:
        if options["stack"] < options["ante"]:
            raise BadOptionError(
                f"stack={options['stack']} is smaller than ante={options['ante']}: "
                f"each player needs at least one ante"
            )
        check_ending(self, options)

    def ending_text(self, num_seats: int, options: Mapping[str, Any]) -> str:
        return ending_text(options)

    def most_hands(self, num_seats: int, options: Mapping[str, Any]) -> int:
        """The hands a match lasts at most: ``hands`` (ending=hands), else hand_limit, else until
        a stack is gone: a stack of ``stack`` moved at random by about a pot (seats x ante) a hand."""
        if options["ending"] == "hands":
            return int(options["hands"])
        limit = options["hand_limit"]
        return int(limit or random_walk_hands(options["stack"], num_seats * options["ante"], num_seats))


class PotGame(TrickGame):
    """Counters and a pot on top of :class:`TrickGame`; see the module docstring."""

    _COPY = {"bids": LIST, "status": LIST, "_next_in_play": SHARED}
    #: the auction's words and each seat's status change in place as the hand goes: lists
    bids: list[str]
    status: list[str]

    def __init__(self, rules: Rules, num_seats: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(rules, num_seats, options, seed)
        self.scores = [options["stack"]] * num_seats  # the stacks
        self.bids, self.status = [""] * num_seats, [""] * num_seats
        self.pot = 0
        self.hands_played = 0
        self._no_play_yet()

    # -- the card play among the seats in play (the must-head rule: RA-5, BO-2) ------
    def _no_play_yet(self) -> None:
        """A new hand: nobody is in play yet."""
        self.playing: tuple[int, ...] = ()  # the seats in play, once play starts
        self._next_in_play: dict[int, int] = {}  # each seat's next seat in play clockwise
        self._heading: Heading = NO_HEADING  # the trick in progress (games.core.tricks.trick_heading)

    def _start_play(self, players: Sequence[int]) -> None:
        """The card play starts among ``players`` (in seat order), fixed until the next deal:
        each one's next seat in play is made once, and the first of them from the dealer's left leads."""
        self.phase = "play"
        self.playing = tuple(players)
        left = bisect_right(self.playing, self.dealer)
        ring = [*self.playing[left:], *self.playing[:left]]
        self._next_in_play = dict(zip(ring, ring[1:] + ring[:1]))
        self.leader = self.to_act = ring[0]

    def _must_head_cards(self, s: int) -> list[Card] | frozenset[Card]:
        """The cards of seat ``s`` the must-head rule allows: those of the first of the trick's
        sets (games.core.tricks.must_head_sets, from the heading kept as the trick grows) that
        the hand holds any of, else the hand itself (the leader too)."""
        hand = self.hands[s]
        trump = self.ranking.trumps[0]
        heading = trick_heading(self.trick, self._heading, trump)
        if heading is not None:
            for allowed in must_head_sets(trump, *heading[1:]):
                held = allowed.intersection(hand)
                if held:
                    return held
        return hand

    def _play_in_turn(self, s: int, c: Card) -> bool:
        """``s`` plays ``c`` to the trick.  False: the next seat in play is to act (the trick's
        heading follows the card); True: everybody in play has played (the caller takes the trick)."""
        trump = self.ranking.trumps[0]
        before = trick_heading(self.trick, self._heading, trump)
        self.play_to_trick(s, c)
        if len(self.trick) < len(self.playing):
            self.to_act = self._next_in_play[s]
            self._heading = headed(self.trick, before, c, trump)
            return False
        return True

    # -- counters ----------------------------------------------------------
    def _pay(self, seat: int, amount: int, to: int | None = None) -> int:
        """Move up to ``amount`` (table stakes: never more than the stack) from a stack to the
        pot (``to`` None) or to another stack; returns what was paid."""
        paid = max(0, min(amount, self.scores[seat]))
        self.scores[seat] -= paid
        if to is None:
            self.pot += paid
        else:
            self.scores[to] += paid
        return paid

    def _take_pot(self, seat: int) -> int:
        won, self.pot = self.pot, 0
        self.scores[seat] += won
        return won

    def _share_pot(self, heirs: list[int]) -> str:
        """Share the whole pot equally among ``heirs``; the odd counters go one each from the
        dealer's left (RA-9, BO-9).  Returns the sentence saying who got what."""
        pot, n = self.pot, self.num_seats
        order = [s for s in seat_order(next_seat(self.dealer, n), n) if s in heirs]
        each, odd = divmod(pot, len(order))
        got = {s: each + (1 if i < odd else 0) for i, s in enumerate(order)}
        for s, amount in got.items():
            self.scores[s] += amount
        self.pot = 0
        return f"The pot of {pot} is shared: " + ", ".join(f"{{p{s}}} {got[s]}" for s in sorted(got))

    def _pot_heirs(self) -> list[int]:
        """Who shares a pot left at the end of the match: the players still holding counters
        (RA-9; everybody, should nobody hold any)."""
        holders = [s for s in range(self.num_seats) if self.scores[s] > 0]
        return holders or list(range(self.num_seats))

    # -- the end of a hand and of the match --------------------------------------
    def _active(self) -> list[int]:
        raise NotImplementedError

    def _hand_limit(self) -> int | None:
        """After how many hands the match ends (None: only when a player runs out of counters)."""
        limit: int | None = self.options["hands" if self.options["ending"] == "hands" else "hand_limit"]
        return limit

    def _last_hand(self, stacks: list[int] | None = None) -> bool:
        """Is the hand being settled the match's last?  Asked once the hand's own payments are
        made (``stacks``: as they would then stand), before any charge for the next hand: the
        hand count is reached, or somebody is out of counters (RA-9, BO-9)."""
        limit = self._hand_limit()
        stacks = self.scores if stacks is None else stacks
        return (limit is not None and self.hands_played + 1 >= limit) or min(stacks) <= 0

    def _end_hand(self, title: str, lines: tuple[str, ...], counted: bool = True) -> None:
        """Log the settled hand; then end the match or deal the next hand.  A hand that is not
        ``counted`` (Rams: thrown in because everybody passed) is not one of the match's hands."""
        if counted:
            self.hands_played += 1
        self.log("hand", title, lines=lines)
        broke = [s for s in range(self.num_seats) if self.scores[s] <= 0]
        for s in broke:
            self.status[s] = "out"
        limit = self._hand_limit()
        if broke or (limit is not None and self.hands_played >= limit):
            self._finish_match(broke)
        else:
            self.dealer = next_seat(self.dealer, self.num_seats)
            self._deal()

    def _finish_match(self, broke: list[int]) -> None:
        lines = (self._share_pot(self._pot_heirs()),) if self.pot else ()
        best, winners = self._top_scorers()
        if broke:
            reason = " and ".join(f"{{p{s}}}" for s in broke) + " ran out of counters"
        elif self.options["ending"] == "broke":
            reason = f"hand limit of {self.hands_played} reached"
        else:
            reason = (
                f"{plural(self.hands_played, 'hand')} {'was' if self.hands_played == 1 else 'were'} played"
            )
        scores = tuple(float(x) for x in self.scores)
        self._end_match(winners, reason, f"{best} counters", lines, scores)

    # -- views and checks --------------------------------------------------------
    def _pot_info(self) -> list[InfoLine]:
        limit = self._hand_limit()
        current = self.hands_played + (0 if self.result else 1)  # thrown-in Rams hands do not count
        return [
            InfoLine("pot", "Pot", str(self.pot)),
            InfoLine("hand", "Hand", f"{current} of {limit}" if limit else str(current)),
        ]

    def check_invariants(self) -> None:
        assert sum(self.scores) + self.pot == self.options["stack"] * self.num_seats, "counters not conserved"
        assert self.pot >= 0 and min(self.scores) >= 0, "no stack or pot may go negative"
        assert self.pot == 0 or self.result is None, (
            "a pot left at the end of the match is shared out (RA-9, BO-9)"
        )
        if self.phase == "play":
            assert sum(len(w) for w in self.won) == sum(self.tricks_won) * len(self._active()), "won piles"
