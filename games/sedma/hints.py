"""Hints for Sedma (games.bots.explain): a trick goes to whoever last played a seven or a card
of the starter's rank; aces and tens are worth ten points each, and so is the last trick."""

from __future__ import annotations

from games.bots.estimates import Terms
from games.bots.explain import Context, outcome

from .rules import COUNTERS, SEVEN, rank_words
from .viewdata import SedmaView

TERMS = Terms(measure="points", unit="point", noise=2.0)
BUDGET = 250  # playouts of an evaluation (slow playouts: fewer)


def words(ctx: Context) -> str | None:
    a, view = ctx.action, ctx.view
    if len(ctx.legal) < 2:
        return None
    ex = view.data(SedmaView)
    side = next((t for t in view.teams if view.seat in t), (view.seat,))
    stake = 10 * sum(1 for r in ex.rounds for c in r if c.rank in COUNTERS)
    worth = f", worth {stake} points" if stake else ", with no ace or ten in it"
    if ex.deciding:
        if a.kind == "end":
            held = "your side holds it" if ex.holder in side else f"going on would not pay{worth}"
            return f"end the trick: {held}; " + outcome(ctx)
        going = a.card.text if a.card is not None else a.text
        return f"go on with the {going}: it takes the trick back{worth}; " + outcome(ctx)
    c = a.card
    if c is None:
        return None
    if not view.trick:
        twins = sum(1 for x in view.hand if x.rank == c.rank) - 1
        if twins:
            why = f"you hold another {rank_words(c.rank, article=False)} to take it back"
        elif c.rank not in COUNTERS and c.rank != SEVEN:
            why = "it gives nothing away and keeps your sevens, aces and tens"
        else:
            why = "it is what you have"
        return f"lead the {c.text}: {why}; " + outcome(ctx, trick=True, say_deals=True)
    starter = ex.starter
    matches = c.rank == SEVEN or (starter is not None and c.rank == starter.rank)
    if ex.holder in side:
        if c.rank in COUNTERS:
            return f"your side holds the trick: add the {c.text} (ten points) to it; " + outcome(
                ctx, trick=True
            )
        return f"your side holds the trick: throw the {c.text} and keep your matching cards; " + outcome(ctx)
    if matches:
        how = (
            "a seven takes any trick"
            if c.rank == SEVEN or starter is None
            else f"it matches the {starter.text}"
        )
        return f"take the trick with the {c.text}: {how}{worth}; " + outcome(ctx, trick=True)
    return f"let it go: throw the {c.text}{'' if stake else ', the trick holds no ace or ten'}; " + outcome(
        ctx
    )
