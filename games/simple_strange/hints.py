"""Hints for Simple Strange (games.bots.explain): a trick is two cards from each player, won by
the most pips; a trump counts 13 plus its rank against anything, a plain card its rank only
against a card of its suit."""

from __future__ import annotations

from games.bots.estimates import Terms
from games.bots.explain import Context, outcome
from games.core import Suit

from .rules import pip_value
from .viewdata import StrangeView

TERMS = Terms(measure="tricks", unit="trick", noise=0.3)
BUDGET = 50  # playouts of an evaluation (slow playouts: fewer)
SUPER = 30  # a super-trump is worth keeping far more than its pips


def words(ctx: Context) -> str | None:
    a, view = ctx.action, ctx.view
    c = a.card
    if c is None or len(ctx.legal) < 2:
        return None
    ex = view.data(StrangeView)
    trumps = tuple(Suit(s) for s in ex.trumps)
    supers = ex.pips()

    def cost(x) -> int:
        if x in supers:
            return supers[x] + SUPER
        return 13 + x.rank if x.suit in trumps else x.rank

    if not view.trick:
        if ex.pending:
            return f"lead the {c.text}: drawn tricks are waiting, so go for this one; " + outcome(
                ctx, trick=True
            )
        if c == min(view.hand, key=cost):
            return f"lead the {c.text}, your cheapest card: the others answer and spend theirs; " + outcome(
                ctx, trick=True
            )
        return f"lead the {c.text}: " + outcome(ctx, trick=True)
    led = view.trick[0].cards
    slot = int(a.arg or 1) - 1
    against = led[slot] if slot < len(led) else led[0]
    pips = pip_value(c, against, trumps, supers)
    best = max(
        sum(pip_value(x, led[k], trumps, supers) for k, x in enumerate(p.cards[:2])) for p in view.trick
    )
    if c in supers:
        what = f"a super-trump, {pips} pips against anything"
    elif c.suit in trumps:
        what = f"a trump, {pips} pips against anything"
    elif pips:
        what = f"{pips} pips against the {against.text}"
    else:
        what = f"no pips against the {against.text}: a throw-away"
    return (
        f"set the {c.text} against the {against.text} ({what}; the best pair so far has {best}); "
        + outcome(ctx, trick=True)
    )
