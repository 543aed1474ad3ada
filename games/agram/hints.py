"""Hints for Agram (games.bots.explain): only the sixth trick counts, so every card is judged by
the chance to win the game, and a card played early is one not kept for the end."""

from __future__ import annotations

from games.bots.estimates import Terms
from games.bots.explain import Context, card_role, outcome
from games.core import Ranking, SeatView

from .viewdata import AgramView

TERMS = Terms(measure="win", unit="game", noise=0.04)
LAST = 6


def ranking(view: SeatView) -> Ranking:
    return Ranking()  # no trumps; the 10 of spades is the best spade (there is no ace of spades)


def words(ctx: Context) -> str | None:
    """Tricks one to five only decide who leads: say what the card keeps for the sixth."""
    view, c = ctx.view, ctx.action.card
    if c is None or len(ctx.legal) < 2:
        return None
    trick = view.data(AgramView).trick_number
    if trick >= LAST - 1:
        return None  # trick five: the ordinary words (winning it gives the last lead)
    rest = [x for x in view.hand if x != c]
    best = max(rest, key=lambda x: (sum(1 for y in view.hand if y.suit is x.suit), x.rank))
    role = card_role(ctx)[0] if view.trick else ""
    if role.startswith(("win", "take")):
        keep = f"{role}; the {best.text} stays for the last trick"
    else:
        keep = f"shed the {c.text} and keep the {best.text} for the last trick"
    return f"{keep}; {outcome(ctx)}"
