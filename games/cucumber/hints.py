"""Hints for Cucumber (games.bots.explain): only the seventh trick counts, against its taker, so
a high card is best shed early and a low one kept for the end."""

from __future__ import annotations

from games.bots.estimates import Terms
from games.bots.explain import Context

TERMS = Terms(measure="points", unit="penalty point", low=True, noise=0.5)


def words(ctx: Context) -> str | None:
    a, view = ctx.action, ctx.view
    c = a.card
    if c is None or len(ctx.legal) < 2:
        return None
    low = min(view.hand, key=lambda x: (x.rank, x.index))
    keep = f"; keep your {low.text} for the last trick" if low != c and not ctx.compact else ""
    if not view.trick:
        if c.rank == max(x.rank for x in view.hand):
            what = f"shed your highest card, the {c.text}, while it is safe"
        else:
            what = f"lead the {c.text}"
    else:
        best = max((x for p in view.trick for x in p.cards), key=lambda x: x.rank)
        what = f"shed the {c.text} over the {best.text}" if c.rank >= best.rank else f"play the {c.text}"
    return f"{what}{keep}; {_last(ctx)}"


def _last(ctx: Context) -> str:
    mine = ctx.est()
    if mine is None:
        return ""
    rival = ctx.rival()
    text = f"you take the scoring last trick in {ctx.share(mine, 'last')} of {ctx.deals(mine)}"
    if rival is not None and not ctx.beaten_by(rival):
        text += f" ({ctx.share(rival, 'last')} after {ctx.name(rival.action)})"
    return text
