"""Hints for Pepper (games.bots.explain): a bid names the tricks the bidder's side will take; the
trump is named after the auction, with both bowers on top."""

from __future__ import annotations

from games.bots.estimates import Terms
from games.bots.explain import Context, outcome
from games.core import Ranking, SeatView, Suit, trump_ranking

from .viewdata import PepperView

TERMS = Terms(measure="points", unit="point", trick_bids=True, noise=0.3)
BUDGET = 250  # playouts of an evaluation (slow playouts: fewer)


def ranking(view: SeatView) -> Ranking:
    letter = view.data(PepperView).trump_suit
    return trump_ranking(Suit(letter) if letter else None, bowers=True)


def words(ctx: Context) -> str | None:
    a = ctx.action
    if a.kind in ("little_pepper", "big_pepper"):
        mine = ctx.est()
        if mine is None:
            return None
        every = 6 if ctx.view.num_seats == 4 else 8
        return (
            f"{ctx.you} {ctx.verb('take', 'takes')} every trick in {ctx.share(mine, 'tricks>=', every)} "
            f"of {ctx.deals(mine)}"
        )
    if a.kind in ("trump", "no_trump"):
        r = trump_ranking(Suit(a.arg) if a.kind == "trump" else None, bowers=True)
        if a.kind == "trump":
            held = [c for c in ctx.view.hand if r.is_trump(c)]
            what = (
                f"you hold {len(held)} trumps ({' '.join(c.text for c in held)})" if held else "you hold none"
            )
        else:
            what = "no suit of yours is long enough to be trump"
        return f"{what}: {outcome(ctx)}"
    return None
