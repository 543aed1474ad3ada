"""Hints for Preference (games.bots.explain): the declarer needs six tricks of ten, a playing
defender two; the pot pays a counter a trick."""

from __future__ import annotations

from games.bots.estimates import Terms
from games.bots.explain import Context, outcome
from games.core import Ranking, SeatView, Suit, shared_ranking

from .viewdata import PreferenceView

TERMS = Terms(measure="points", unit="counter", noise=1.0)
BUDGET = 250  # playouts of an evaluation (slow playouts: fewer)


def ranking(view: SeatView) -> Ranking:
    letter = view.data(PreferenceView).trump_suit
    return shared_ranking((Suit(letter),)) if letter else Ranking()


def words(ctx: Context) -> str | None:
    a, view = ctx.action, ctx.view
    mine = ctx.est()
    if mine is None:
        return None
    if a.kind in ("bid", "game", "hearts"):
        return (
            f"you win the bidding and take your six tricks in {ctx.share(mine, 'made')} of {ctx.deals(mine)}, "
            f"and fall short in {ctx.share(mine, 'set')}; " + outcome(ctx, say_deals=False)
        )
    if a.kind == "trump":
        held = [c for c in view.hand if c.suit is Suit(a.arg or "S")]
        return f"you hold {len(held)} {Suit(a.arg or 'S').noun}: " + outcome(ctx)
    if a.kind in ("play", "alone", "invite") and a.card is None:
        return (
            f"you take two tricks or more in {ctx.share(mine, 'tricks>=', 2)} of {ctx.deals(mine)}; "
            + outcome(ctx, say_deals=False)
        )
    if a.kind == "drop":
        rival = ctx.rival(lambda x: x.kind == "play")
        if rival is not None and not ctx.beaten_by(rival):
            return (
                f"playing, you would take two tricks or more in {ctx.only(rival, 'tricks>=', 2)} "
                f"of {ctx.deals(rival)}; " + outcome(ctx, say_deals=False)
            )
    if a.kind == "discard" and a.card is not None:
        if a.card in view.data(PreferenceView).picked:
            return f"keep the {a.card.text} after all: " + outcome(ctx)
        return f"put the {a.card.text} away: " + outcome(ctx)
    return None
