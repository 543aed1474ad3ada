"""Hints for Page One (games.bots.explain): the first to run out of cards wins; a player who
cannot follow draws until they can; the trick's winner leads, and a leader never draws."""

from __future__ import annotations

from games.bots.estimates import Terms
from games.bots.explain import Context, outcome
from games.core import Suit

TERMS = Terms(measure="win", unit="game", noise=0.03)


def words(ctx: Context) -> str | None:
    a, view = ctx.action, ctx.view
    if len(ctx.legal) < 2:
        return None
    ex = view.extra
    chance = _chance(ctx)
    if a.kind == "call":
        return f"play the {a.card.text} and call Page One!: a missed call costs you five cards"
    if a.kind == "draw":
        suit = Suit(ex.led).noun if ex.led else "the led suit"
        return f"draw: you have no {suit}, and the joker is worth more later; {chance}"
    c = a.card
    if c is None:
        return None
    if c.suit is None:
        return f"play the joker: it wins any trick, so you lead next and draw nothing; {chance}"
    if not view.trick:
        lacking = [s for s in range(view.num_seats) if s != view.seat and c.suit.letter in ex.lacking[s]]
        if lacking:
            who = "a player has" if len(lacking) == 1 else f"{len(lacking)} players have"
            return f"lead {c.suit.noun}: {who} shown they have none and must draw; {chance}"
        held = sum(1 for x in view.hand if x.suit is c.suit)
        return f"lead the {c.text}, top of your {held} {c.suit.noun}: a high lead keeps the lead; {chance}"
    played = [x for p in view.trick for x in p.cards if x.suit is c.suit]
    best = max(played, key=lambda x: x.rank, default=None)
    if best is not None and c.rank > best.rank:
        return f"take the lead with the {c.text}: the trick's winner leads next; {chance}"
    return f"play low with the {c.text}; {chance}"


def _chance(ctx: Context) -> str:
    mine = ctx.est()
    return outcome(ctx) if mine is not None else ""
