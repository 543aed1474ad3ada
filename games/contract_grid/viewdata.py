"""Contract Grid's view data: every player's grid, bids and last scored hand (grids and bids are
public, CG-7), read by the bot and the panel from ``SeatView.extra``."""

from __future__ import annotations

from dataclasses import dataclass

from games.core import view_data


@dataclass(frozen=True, slots=True)
class Square:
    """One square of a grid: its contract (None while the grid is filled) and its mark."""

    contract: str | None
    marked: bool


@dataclass(frozen=True, slots=True)
class HandScore:
    """How one player scored the last hand: points for unmarked values, bids and lines (CG-4)."""

    unmarked: int
    bids: int
    lines: int
    gained: int
    made_bids: tuple[str, ...]  # the contracts of the squares bid and made
    tricks: int


@view_data
@dataclass(frozen=True, slots=True)
class GridView:
    """What every seat sees of the grids: ``grids[seat][row][column]``, each seat's bids this hand
    (square names such as ``b3``), the contracts made and the score of the last scored hand."""

    size: int
    grids: tuple[tuple[tuple[Square, ...], ...], ...]
    bids: tuple[tuple[str, ...], ...]
    made: tuple[tuple[str, ...], ...]
    breakdown: tuple[HandScore | None, ...]  # None: no hand scored yet
    trump_suit: str  # the trump's letter, "" before it is chosen
    cap: int | None
    num_bids: int
    num_trumps: int
    complete_grid_rule: bool
    last_grids: str  # every grid as text, for the option last_grids of a next match

    def contracts(self, seat: int) -> list[str | None]:
        """A seat's grid row by row, one contract per square."""
        return [cell.contract for row in self.grids[seat] for cell in row]

    def filled(self, seat: int) -> list[str]:
        """A filled grid's contracts row by row (the bidding and the play come after the filling)."""
        out = [c for c in self.contracts(seat) if c is not None]
        if len(out) != self.size * self.size:
            raise ValueError(f"seat {seat}'s grid is not filled yet")
        return out

    def marked_count(self, seat: int) -> int:
        """How many of a seat's squares are marked."""
        return sum(cell.marked for row in self.grids[seat] for cell in row)
