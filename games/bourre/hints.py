"""Hints for Bourré (games.bots.explain): the most tricks take the pot; a player who plays and
takes no trick goes bourré and pays the pot's size."""

from __future__ import annotations

from games.bots.cardplay import ranking_of
from games.bots.estimates import Terms
from games.bots.explain import Context, outcome
from games.core import Ranking, SeatView

from .viewdata import BourreView

TERMS = Terms(measure="points", unit="counter", noise=0.5)
BUDGET = 300  # playouts of an evaluation (slow playouts: fewer)


def ranking(view: SeatView) -> Ranking:
    return ranking_of(view.data(BourreView))


def words(ctx: Context) -> str | None:
    a, view = ctx.action, ctx.view
    mine = ctx.est()
    if mine is None:
        return None
    if a.kind == "play" and a.card is None:
        return (
            f"you take a trick in {ctx.share(mine, 'tricks>=', 1)} of {ctx.deals(mine)} and go bourré "
            f"(no trick) in {ctx.share(mine, 'tricks==', 0)}; " + outcome(ctx, say_deals=False)
        )
    if a.kind == "pass":
        rival = ctx.rival(lambda x: x.kind == "play")
        if rival is not None and not ctx.beaten_by(rival):
            return (
                f"playing, you would go bourré (no trick) in {ctx.share(rival, 'tricks==', 0)} of "
                f"{ctx.deals(rival)}; " + outcome(ctx, say_deals=False)
            )
        return None
    if a.kind == "discard" and a.card is not None:
        r = ranking(view)
        if not r.is_trump(a.card) and a.card.rank < 14:
            why = f"throw away the {a.card.text}: it is neither a trump nor an ace"
        else:
            why = f"throw away the {a.card.text}"
        return f"{why}; " + outcome(ctx)
    if a.kind == "done":
        return "keep the rest of your hand: " + outcome(ctx)
    return None
