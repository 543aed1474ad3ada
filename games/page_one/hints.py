"""Hints for Page One (games.bots.explain): the first to run out of cards wins; a player who
cannot follow draws until they can; the trick's winner leads, and a leader never draws."""

from __future__ import annotations

from games.bots.estimates import Terms
from games.bots.explain import Context, outcome
from games.core import Suit

from .viewdata import PageOneView

TERMS = Terms(measure="win", unit="game", noise=0.03)


def words(ctx: Context) -> str | None:
    a, view = ctx.action, ctx.view
    if len(ctx.legal) < 2:
        return None
    ex = view.data(PageOneView)
    chance = outcome(ctx) if ctx.est() is not None else ""
    if a.kind == "draw":
        suit = Suit(ex.led).noun if ex.led else "the led suit"
        return f"draw: you have no {suit}, and the joker is worth more later; {chance}"
    c = a.card
    if c is None:
        return None
    what = _card(ctx, c)
    if a.kind == "call":
        return f"{what}, and call Page One! (a missed call costs five cards); {chance}"
    return f"{what}; {chance}"


def _card(ctx: Context, c) -> str:
    view, ex = ctx.view, ctx.view.data(PageOneView)
    if c.suit is None:
        return "play the joker: it wins any trick, so you lead next and draw nothing"
    if not view.trick:
        lacking = [s for s in range(view.num_seats) if s != view.seat and c.suit.letter in ex.lacking[s]]
        if lacking:
            who = "a player has" if len(lacking) == 1 else f"{len(lacking)} players have"
            return f"lead {c.suit.noun}: {who} shown they have none and must draw"
        same = [x for x in view.hand if x.suit is c.suit]
        if c.rank == max(x.rank for x in same) and len(same) > 1:
            return f"lead the top of your {len(same)} {c.suit.noun}: a high lead keeps the lead"
        return f"lead the {c.text}"
    played = [x for p in view.trick for x in p.cards if x.suit is c.suit]
    best = max(played, key=lambda x: x.rank, default=None)
    if best is not None and c.rank > best.rank:
        return f"take the lead with the {c.text}: the trick's winner leads next"
    return f"play low with the {c.text}"
