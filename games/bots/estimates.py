"""What a look-ahead found for each of its choices: the statistics that hints and reviews state.

The protocol (:class:`Estimating`): after ``choose``, a bot that looks ahead holds
``last_estimates``, a mapping from an action's text to its :class:`Estimate`, for the choices it
weighed (empty when it did not look: one choice, a decision it leaves to its heuristic).  An
estimate has a sample count ``n`` and the ``mean`` and ``stderr`` of the bot's own value of the
choice; a bot that plays every choice out on the same possible deals (the rollout bot) also
keeps one :class:`Deal` per deal, in the order of the deals, so that ``a.deals[i]`` and
``b.deals[i]`` were played on the same deal: their difference is a paired comparison, with the
luck of the deal taken out (:func:`paired`).  A bot may also offer ``estimate(view, choices,
worlds, deals)``: the given choices played out on ``deals`` shared possible deals (the review
asks it for the move played and the better one).

A :class:`Deal` is measured from what the seat's side has at the end of the playout: points,
tricks, the trick in progress, its contract, the match.  None of it is hidden from the player:
these are results of deals the bot made up from the player's view.

:class:`Terms` says in which of those a game is won (points, chips, tricks, penalty points or
a chance to win), declared by each game in ``games/<game>/hints.py``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from games.core import Action, GameState, SeatView, TrickGame


@dataclass(frozen=True, slots=True)
class Deal:
    """One possible deal played out after a choice, as it ended for the seat's side."""

    reward: float  # the look-ahead's own value of the outcome (what the bot maximises)
    points: float  # the side's score gained in the hand (chips, points, penalty points)
    tricks: int  # the side's tricks in the hand when the playout stopped
    trick: bool | None  # the side took the trick in progress (None: no trick was finished)
    contract: int  # +1 a contract of the side made, -1 one set, 0 none decided
    result: float | None  # the match: 1 won, 0 lost, a share when shared; None: not over
    chance: float | None = None  # the judged chance to win, where the playout stopped short
    last: bool | None = None  # the side took the hand's last trick (None: the hand did not end)

    @property
    def win(self) -> float:
        """The seat's chance of winning this game: its judged chance where the playout stopped
        short, else 1 when its side scored in the hand (games where only the winner scores)."""
        if self.chance is not None:
            return self.chance
        return 1.0 if self.points > 0 else 0.0


@dataclass(frozen=True)
class Estimate:
    """One choice's statistics: ``n`` samples, the mean and standard error of the bot's value,
    and the per-deal results when the bot kept them (see the module docstring)."""

    action: str
    n: int
    mean: float
    stderr: float
    deals: tuple[Deal, ...] = ()

    @classmethod
    def of(cls, action: str, deals: Sequence[Deal]) -> Estimate:
        mean, err = mean_and_error([d.reward for d in deals])
        return cls(action, len(deals), mean, err, tuple(deals))

    def share(self, test: Callable[[Deal], bool]) -> float:
        """The share of the deals for which ``test`` holds (0 without deals)."""
        return sum(1 for d in self.deals if test(d)) / len(self.deals) if self.deals else 0.0

    def average(self, value: Callable[[Deal], float]) -> float:
        return sum(value(d) for d in self.deals) / len(self.deals) if self.deals else 0.0

    def count(self, test: Callable[[Deal], bool]) -> int:
        return sum(1 for d in self.deals if test(d))


@runtime_checkable
class Estimating(Protocol):
    """A bot whose choices come with per-choice estimates (see the module docstring)."""

    last_estimates: Mapping[str, Estimate]


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error (inf for fewer than two values)."""
    n = len(values)
    if n == 0:
        return 0.0, math.inf
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    var = sum((x - mean) ** 2 for x in values) / (n - 1)
    return mean, math.sqrt(var / n)


def paired(
    a: Estimate, b: Estimate, value: Callable[[Deal], float] = lambda d: d.reward
) -> tuple[float, float, int]:
    """``a`` minus ``b`` deal by deal over the deals both were played on: the mean difference,
    its standard error and the number of deals."""
    n = min(len(a.deals), len(b.deals))
    mean, err = mean_and_error([value(x) - value(y) for x, y in zip(a.deals[:n], b.deals[:n])])
    return mean, err, n


@dataclass(frozen=True)
class Terms:
    """How a game is won, for the figures of hints and reviews (``games/<game>/hints.py``).

    ``measure``: ``points`` (the score gained in a hand), ``tricks`` (tricks taken) or ``win``
    (the chance to win the game: Agram, Page One).  ``unit``: the word for one of them.
    ``low``: fewer is better (penalty points).  ``trick_bids``: a bid names the tricks its
    side will take.  ``noise``: the smallest cost a review marks, in units."""

    measure: str = "points"
    unit: str = "point"
    low: bool = False
    trick_bids: bool = False
    noise: float = 0.25

    def value(self, deal: Deal) -> float:
        """The deal in these terms (as a player counts it: penalty points are not negated)."""
        if self.measure == "tricks":
            return float(deal.tricks)
        if self.measure == "win":
            return deal.win
        return deal.points

    def gain(self, deal: Deal) -> float:
        """The deal in these terms, more being better."""
        v = self.value(deal)
        return -v if self.low else v


class Measure:
    """Takes a world's measurements when a playout starts, and makes its :class:`Deal` at the end."""

    __slots__ = ("events0", "hand", "seat", "side", "standing", "tally", "tricks0")

    def __init__(self, world: GameState, seat: int, side: Sequence[int], standing: Sequence[float]) -> None:
        self.seat = seat
        self.side = tuple(side)
        self.standing = standing
        self.hand = world.hand_number
        self.tally = world._bid_tally
        self.events0 = len(world.events)

    def deal(self, world: GameState, reward: float, now: Sequence[float], chance: float | None) -> Deal:
        side = self.side
        points = sum(now[s] - self.standing[s] for s in side) / len(side)
        won = getattr(world, "tricks_won", None)
        tricks = sum(won[s] for s in side) if won is not None else 0
        trick = last = None
        for e in world.events[self.events0 :]:
            if e.kind == "trick":
                last = e.seat in side if e.seat is not None else False
                if trick is None:
                    trick = last
        if chance is not None or (world.to_act is not None and world.hand_number == self.hand):
            last = None  # the hand goes on: its last trick is still to come
        return Deal(reward, points, tricks, trick, self._contract(world), _result(world, side), chance, last)

    def _contract(self, world: GameState) -> int:
        after = world._bid_tally
        if after is None or after is self.tally:
            return 0
        before = self.tally or ((0, 0),) * len(after)
        made = sum(after[s][0] - before[s][0] for s in self.side)
        lost = sum(after[s][1] - before[s][1] for s in self.side)
        return 1 if made > lost else -1 if lost > made else 0


def sides(world: GameState) -> list[tuple[int, ...]]:
    """The sides of a world's table: its partnerships, or every seat on its own."""
    teams = list(world._teams()) if isinstance(world, TrickGame) else []
    return teams or [(s,) for s in range(world.num_seats)]


def side_of_seat(world: GameState, seat: int) -> tuple[int, ...]:
    """The side ``seat`` belongs to in ``world`` (see :func:`sides`)."""
    return next((t for t in sides(world) if seat in t), (seat,))


def _result(world: GameState, side: Sequence[int]) -> float | None:
    if not world.is_over:
        return None
    winners = world.outcome().winners  # type: ignore[union-attr]
    if not any(s in winners for s in side):
        return 0.0
    return 1.0 / sum(1 for t in sides(world) if any(s in winners for s in t))


def side_of(view: SeatView) -> tuple[int, ...]:
    """The view's seat and its partners."""
    seat = view.seat
    assert seat is not None
    for team in view.teams:
        if seat in team:
            return tuple(team)
    return (seat,)


def choice_order(estimates: Mapping[str, Estimate], terms: Terms) -> list[Estimate]:
    """The estimates with per-deal results, best first in the game's terms."""
    rich = [e for e in estimates.values() if e.deals]
    return sorted(rich, key=lambda e: -e.average(terms.gain))


def covers(estimates: Mapping[str, Estimate], actions: Sequence[Action], least: int) -> bool:
    """True when every one of ``actions`` has per-deal results on at least ``least`` deals."""
    return all(a.text in estimates and len(estimates[a.text].deals) >= least for a in actions)
