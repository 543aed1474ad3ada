"""A base for trick games played for counters (Rams, Bourré): stacks, a pot, table stakes.

The stacks are the match scores (``SeatView.scores``); every counter is always in a stack or in
the pot, which :meth:`check_invariants` asserts after every step.  A match ends after the
``hands`` option's number of deals (``ending=hands``) or once a player is out of counters; with
``ending=broke`` only the latter, with a safety stop at :attr:`MAX_HANDS_BROKE` deals.
Subclasses deal with ``_deal()``, name their active seats with ``_active()``, and settle each
hand by calling :meth:`_end_hand`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .protocol import Outcome, Rules
from .trickgame import TrickGame
from .tricks import next_seat


class PotGame(TrickGame):
    """Counters and a pot on top of :class:`TrickGame`; see the module docstring."""

    MAX_HANDS_BROKE: ClassVar[int] = 100  # safety stop for ending=broke

    def __init__(self, rules: Rules, num_seats: int, options: dict[str, Any], seed: int) -> None:
        super().__init__(rules, num_seats, options, seed)
        self.scores = [options["stack"]] * num_seats  # the stacks
        self.pot = 0
        self.hands_played = 0

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

    # -- the end of a hand and of the match --------------------------------------
    def _active(self) -> list[int]:
        raise NotImplementedError

    def _end_hand(self, title: str, lines: tuple[str, ...]) -> None:
        """Log the settled hand; then end the match or deal the next hand."""
        self.hands_played += 1
        self.log("hand", title, lines=lines)
        broke = [s for s in range(self.num_seats) if self.scores[s] <= 0]
        for s in broke:
            self.status[s] = "out"
        limit = self.options["hands"] if self.options["ending"] == "hands" else self.MAX_HANDS_BROKE
        if broke or self.hands_played >= limit:
            self._finish_match(broke)
        else:
            self.dealer = next_seat(self.dealer, self.num_seats)
            self._deal()

    def _finish_match(self, broke: list[int]) -> None:
        best = max(self.scores)
        winners = tuple(s for s in range(self.num_seats) if self.scores[s] == best)
        if broke:
            reason = " and ".join(f"{{p{s}}}" for s in broke) + " ran out of counters"
        else:
            reason = f"{self.hands_played} hands were played"
        self.phase = "over"
        self.to_act = None
        self.result = Outcome(tuple(float(x) for x in self.scores), winners, reason,
                              lines=(f"{self.pot} counters remain in the pot",))
        names = " and ".join(f"{{p{w}}}" for w in winners)
        self.log("match", f"{names} {'share the win' if len(winners) > 1 else 'wins'} with {best} counters ({reason})")

    # -- views and checks --------------------------------------------------------
    def _pot_info(self) -> list[tuple[str, str]]:
        limit = self.options["hands"] if self.options["ending"] == "hands" else None
        return [("Pot", str(self.pot)),
                ("Hand", f"{self.hand_number} of {limit}" if limit else str(self.hand_number))]

    def check_invariants(self) -> None:
        assert sum(self.scores) + self.pot == self.options["stack"] * self.num_seats, "counters not conserved"
        assert self.pot >= 0 and min(self.scores) >= 0, "no stack or pot may go negative"
        if self.phase == "play":
            assert sum(len(w) for w in self.won) == sum(self.tricks_won) * len(self._active()), "won piles"
