"""Hints for Contract Grid (games.bots.explain): points for bids made, unmarked contracts and full
lines; the grid is filled before the first deal, so those choices are explained by the lines."""

from __future__ import annotations

from games.bots.estimates import Terms
from games.bots.explain import Context, outcome
from games.core import Ranking, SeatView, Suit

from .rules import CONTRACTS, grid_lines
from .viewdata import GridView

TERMS = Terms(measure="points", unit="point", noise=1.0)
BUDGET = 40  # playouts of an evaluation (slow playouts: fewer)
#: contracts hard to make (the heuristic's grid plan puts them in the corners)
HARD = frozenset({"All-Trump", "Soloist", "Second", "Partner"})


def ranking(view: SeatView) -> Ranking | None:
    letter = view.data(GridView).trump_suit
    if not letter:
        return None
    return Ranking(trumps=(Suit(letter),), joker_suit=Suit(letter))


def words(ctx: Context) -> str | None:
    a, view = ctx.action, ctx.view
    if a.kind == "square":
        return _fill(view, a.arg or "")
    if a.kind == "fill":
        if a.arg == "random":
            return "fill the rest at random: quick, but it leaves your lines to chance"
        return "keep the grid you had last match: it is laid out as well as a new one would be"
    if a.kind == "drop" and ctx.est() is not None:
        suit = Suit(a.arg or "S")
        held = sum(1 for c in view.hand if c.suit is suit)
        return f"you hold {held or 'no'} {suit.noun}: " + outcome(ctx)
    if a.kind == "bid" and ctx.est() is not None:
        return outcome(ctx)
    return None


def _fill(view: SeatView, square: str) -> str:
    """Which contract goes where: a square's lines, from the grid's shape alone."""
    ex = view.data(GridView)
    size = ex.size
    mine = ex.contracts(view.my_seat)
    contract = CONTRACTS[sum(c is not None for c in mine)]
    i = (int(square[1:]) - 1) * size + "abcd".index(square[0])
    lines = grid_lines(size)
    on = sum(1 for line in lines if i in line)
    most = max(sum(1 for line in lines if j in line) for j in range(size * size))
    where = f"it lies on {on} of the {len(lines)} lines"
    if contract in HARD and on < most:
        return f"put {contract} on {square.upper()}: it is hard to make and {where}, so a miss blocks few"
    return f"put {contract} on {square.upper()}: {where}, so making it helps complete them"
