"""Partnerships, seats sitting a hand out, bowers and no-trump hands (shared by Pepper, Bacon,
Sedma, Preference...).

Usage in a :class:`~games.core.TrickGame` subclass::

    from games.core import Teams, next_active, active_seats, trump_ranking, trick_complete

    class MyGame(TrickGame):
        def __init__(self, rules, n, options, seed):
            super().__init__(rules, n, options, seed)
            self.teams = Teams.opposite(n)      # 4 seats: (0, 2) and (1, 3); Teams.solo(n): no partners
            self.team_scores = [0] * len(self.teams)
            self.sitting_out: tuple[int, ...] = ()   # e.g. (partner,) while a loner plays alone

        # what the view shows (TrickGame.view calls these hooks)
        def _teams(self):          return self.teams.for_view()         # () when nobody has a partner
        def _sitting_out(self):    return self.sitting_out              # SeatView.sitting_out

        # turns skip a sitting-out seat; a trick is complete with one card per active seat
        self.to_act = next_active(self.to_act, self.num_seats, self.sitting_out)
        if trick_complete(self.trick, self.num_seats, self.sitting_out): self.collect_trick()

        # trumps: one suit, with or without bowers, or no trump at all (trump None)
        self.ranking = trump_ranking(Suit.HEARTS, bowers=True)   # JH right bower, JD left bower
        self.ranking = trump_ranking(None)                          # no trump: jacks rank normally

        # scores: keep one score per team; every seat shows its team's score
        self.scores = self.teams.seat_scores(self.team_scores)
        self.result = self.teams.outcome(self.team_scores, "a side reached 30")  # winners = a team's seats

Conventions:

- Seats of a team are listed in seat order; teams are numbered 0, 1, ... in the order given
  (``Teams.opposite``: team ``s % k`` for ``k`` teams, so partners alternate round the table and
  with 4 seats sit opposite each other).
- A seat that sits a hand out holds no cards, never gets the turn, and a trick then has one card
  fewer.  The view lists it in ``SeatView.sitting_out`` and the table marks it.
- Bowers come from :class:`~games.core.tricks.Ranking` (``bowers=True``): the right bower (jack
  of trumps) ranks above the left bower (the other jack of the same colour), which ranks above
  the ace of trumps and counts as a trump for following and winning.  With no trump there are no
  bowers and every jack ranks in its own suit.
- An outcome of a team game: every seat scores its team's total; ``winners`` are the seats of
  the best team, or of every team tied for best (a draw).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from .cards import JACK, Card, Suit, card
from .tricks import Ranking, same_colour, seat_order, shared_ranking
from .views import Outcome

Score = TypeVar("Score", int, float)  # points (most games) or fractions (shared results)

# ---------------------------------------------------------------- teams


@dataclass(frozen=True)
class Teams:
    """Fixed teams of seats (immutable, so a game state may hold one without copying it)."""

    teams: tuple[tuple[int, ...], ...]
    _of: dict[int, int] = field(init=False, repr=False, compare=False, hash=False)
    _names: tuple[str, ...] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        of = {s: t for t, seats in enumerate(self.teams) for s in seats}
        object.__setattr__(self, "_of", of)
        # made once: every scored hand names the sides
        object.__setattr__(
            self, "_names", tuple(" & ".join(f"{{p{s}}}" for s in seats) for seats in self.teams)
        )

    @classmethod
    def opposite(cls, num_seats: int, num_teams: int = 2) -> Teams:
        """Partners alternate round the table (with 4 seats and 2 teams: opposite each other)."""
        return cls(tuple(tuple(range(t, num_seats, num_teams)) for t in range(num_teams)))

    @classmethod
    def solo(cls, num_seats: int) -> Teams:
        """Everyone plays for themselves: one team per seat."""
        return cls(tuple((s,) for s in range(num_seats)))

    def __len__(self) -> int:
        return len(self.teams)

    def team_of(self, seat: int) -> int:
        return self._of[seat]

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s team (empty when it plays alone)."""
        return tuple(s for s in self.teams[self._of[seat]] if s != seat)

    def partner(self, seat: int) -> int | None:
        """The one partner of ``seat`` (None without a partner)."""
        others = self.partners(seat)
        return others[0] if others else None

    def same_team(self, a: int, b: int) -> bool:
        return self._of[a] == self._of[b]

    @property
    def is_partnership(self) -> bool:
        """True when some seat has a partner."""
        return any(len(t) > 1 for t in self.teams)

    def for_view(self) -> tuple[tuple[int, ...], ...]:
        """``SeatView.teams``: the teams, or () when everyone plays alone (nothing to mark)."""
        return self.teams if self.is_partnership else ()

    def name(self, team: int) -> str:
        """The team as event text: ``{p0} & {p2}`` (filled with names by the UI)."""
        return self._names[team]

    def seat_scores(self, team_scores: Sequence[Score]) -> list[Score]:
        """One score per seat: each seat shows its team's total."""
        return [team_scores[self._of[s]] for s in range(len(self._of))]

    def best(self, team_scores: Sequence[float]) -> tuple[int, ...]:
        """The team(s) with the highest score."""
        top = max(team_scores)
        return tuple(t for t, x in enumerate(team_scores) if x == top)

    def outcome(
        self,
        team_scores: Sequence[float],
        reason: str,
        lines: tuple[str, ...] = (),
        winning_teams: Iterable[int] | None = None,
    ) -> Outcome:
        """The match result: every seat scores its team's total; ``winners`` are the seats of
        ``winning_teams`` (default: the best team, or every team tied for best, a draw)."""
        won = self.best(team_scores) if winning_teams is None else tuple(winning_teams)
        winners = tuple(sorted(s for t in won for s in self.teams[t]))
        return Outcome(tuple(self.seat_scores(team_scores)), winners, reason, lines, self.for_view())


# ---------------------------------------------------------------- sitting out


def next_active(seat: int, num_seats: int, sitting_out: Iterable[int] = (), clockwise: bool = True) -> int:
    """The next seat after ``seat`` in the direction of play that is not sitting out."""
    step = 1 if clockwise else -1
    if not sitting_out:
        return (seat + step) % num_seats
    out = set(sitting_out)
    for k in range(1, num_seats + 1):
        s = (seat + step * k) % num_seats
        if s not in out:
            return s
    raise ValueError("every seat is sitting out")


def active_seats(
    start: int, num_seats: int, sitting_out: Iterable[int] = (), clockwise: bool = True
) -> list[int]:
    """Every seat that plays this hand once, from ``start`` in the direction of play."""
    return seat_order(start, num_seats, clockwise, skip=sitting_out)


def trick_complete(trick: Sequence[object], num_seats: int, sitting_out: Sequence[int] = ()) -> bool:
    """True when every seat that plays this hand has played to the trick."""
    return len(trick) >= num_seats - len(sitting_out)


# ---------------------------------------------------------------- trumps, bowers, no trump


def trump_ranking(trump: Suit | None, bowers: bool = False) -> Ranking:
    """The (shared) ranking of a hand with one trump suit, or none (``trump`` None: no trump,
    so no bowers either)."""
    if trump is None:
        return shared_ranking(())
    return shared_ranking((trump,), None, bowers)


def bowers_of(trump: Suit) -> tuple[Card, Card]:
    """(right bower, left bower): the jack of trumps and the other jack of the same colour."""
    return card(JACK, trump), card(JACK, same_colour(trump))


def trump_text(trump: Suit | None) -> str:
    """``hearts trump`` or ``no trump``, for headers and events."""
    return "no trump" if trump is None else f"{trump.noun} trump"
