"""Hints for Trump Suit (games.bots.explain): a bid names the tricks its bidder will take (ten a
trick bid when made, ten a trick lost when set), nil none at all; a flip may change trumps."""

from __future__ import annotations

from games.bots.estimates import Terms
from games.bots.explain import Context, noun, outcome
from games.core import Ranking, SeatView, Suit

from .viewdata import TrumpSuitView

TERMS = Terms(measure="points", unit="point", trick_bids=True, noise=3.0)
BUDGET = 80  # playouts of an evaluation (slow playouts: fewer)


def ranking(view: SeatView) -> Ranking:
    letter = view.data(TrumpSuitView).trump_suit
    if not letter:
        return Ranking()
    return Ranking(trumps=(Suit(letter),), joker_suit=Suit(letter))


def words(ctx: Context) -> str | None:
    a, view = ctx.action, ctx.view
    if a.kind == "flip" and ctx.est() is not None:
        r = ranking(view)
        held = [c for c in view.hand if r.is_trump(c)] if r.trumps else []
        now = (
            f"you hold {len(held)} {noun(r.trumps[0]) if r.trumps else 'trumps'}"
            if r.trumps
            else "trumps are open"
        )
        return f"flip a new trump ({now}): " + outcome(ctx)
    return None
