"""Hints for Piquet (games.bots.explain): everything scores in points (declarations, tricks, the
cards, repique and pique), so the figures are points; there are no trumps."""

from __future__ import annotations

from games.bots.estimates import Terms
from games.bots.explain import Context, outcome
from games.core import ACE, Card, Ranking, SeatView

from .rules import point_of, runs, sets_of
from .viewdata import PiquetView

TERMS = Terms(measure="points", unit="point", noise=1.0)
BUDGET = 160  # playouts of an evaluation (slow playouts: fewer)


def ranking(view: SeatView) -> Ranking:
    return Ranking()


def words(ctx: Context) -> str | None:
    a, view = ctx.action, ctx.view
    text = a.text
    ex = view.data(PiquetView)
    category = {"sets": "set"}.get(ex.category, ex.category)
    if a.kind == "exchange":
        picked = ex.picked
        return (
            f"you have picked the {' '.join(c.text for c in picked)}, and the cards you keep build more; "
            + outcome(ctx)
        )
    if ctx.est() is None and text not in ("good", "not good", "equal"):
        return None
    if a.kind == "discard" and a.card is not None:
        why = builds(a.card, view.hand)
        if ":" in why:  # it does something: the others do more
            why = why.replace(":", " is worth less than the cards you keep, though", 1)
        return f"{why}; " + outcome(ctx)
    if a.kind == "keep" and a.card is not None:
        return f"{builds(a.card, view.hand)}; " + outcome(ctx)
    if text == "look":
        return "look: it costs nothing and shows you cards the dealer may draw; " + outcome(ctx)
    if text == "hide leftover":
        return "keep them hidden: showing them tells your opponent more than you; " + outcome(ctx)
    if text == "show leftover":
        return "show them: " + outcome(ctx)
    if a.kind == "declare":
        return f"declare your {category}: " + outcome(ctx)
    if a.kind == "sink":
        return f"say nothing of your {category}: " + outcome(ctx)
    if text == "not good":
        return f"not good: your {category} beats the one declared, so you score it; " + outcome(ctx)
    if text == "equal":
        return "equal: yours is as long, and the second level decides; " + outcome(ctx)
    if text == "good":
        return f"good: nothing of yours beats that {category}; " + outcome(ctx)
    return None


def builds(c: Card, hand) -> str:
    """What a card does for the declarations and the play, from the hand alone."""
    hand = list(hand)
    length, _, suit = point_of(hand)
    parts = []
    if c.suit is suit:
        parts.append(f"it is in your point ({length} {suit.noun})")
    for n, top, s in runs(hand):
        if s is c.suit and top - n < c.rank <= top:
            parts.append(f"it is part of a run of {n}")
            break
    for n, rank in sets_of(hand):
        if c.rank == rank:
            parts.append(f"it is one of {n} of a rank")
    if c.rank == ACE:
        parts.append("an ace wins a trick")
    if not parts:
        return f"the {c.text} builds no point, run or set"
    return f"the {c.text}: " + ", ".join(parts)
