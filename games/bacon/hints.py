"""Hints for Bacon (games.bots.explain): partners win together; the declarers need three tricks
of five (all five score double, going alone doubles again)."""

from __future__ import annotations

from games.bots.estimates import Terms
from games.bots.explain import Context, outcome
from games.core import Ranking, SeatView, Suit, trump_ranking

from .viewdata import BaconView

TERMS = Terms(measure="points", unit="point", noise=0.2)


def ranking(view: SeatView) -> Ranking:
    letter = view.data(BaconView).trump_suit
    return trump_ranking(Suit(letter)) if letter else Ranking()


def alternatives(view: SeatView, action, options):
    return list(options)  # at most three words, or five cards


def words(ctx: Context) -> str | None:
    a, view = ctx.action, ctx.view
    mine = ctx.est()
    if mine is None or a.kind not in ("pick", "alone", "pass", "accept", "veto", "veto_alone"):
        return None
    ex = view.data(BaconView)
    up = ex.upcard or ex.known_up
    suit = f" {up.suit.noun}" if up is not None and up.suit is not None else ""
    if a.kind in ("pick", "alone"):
        who = "you" if a.kind == "alone" else "your side"
        return (
            f"with{suit} trump {who} {'take' if who == 'you' else 'takes'} 3 tricks or more in "
            f"{ctx.share(mine, 'tricks>=', 3)} of {ctx.deals(mine)}, all five in {ctx.share(mine, 'tricks>=', 5)}; "
            + outcome(ctx, say_deals=False)
        )
    if a.kind == "pass":
        rival = ctx.rival(lambda x: x.kind in ("pick", "alone"))
        if rival is not None and not ctx.beaten_by(rival):
            return (
                f"picking it up, your side would take 3 tricks or more in {ctx.only(rival, 'tricks>=', 3)} "
                f"of {ctx.deals(rival)}"
            )
        return outcome(ctx)
    if a.kind == "accept":
        return (
            f"with{suit} trump your side takes 3 tricks or more in {ctx.share(mine, 'tricks>=', 3)} of "
            f"{ctx.deals(mine)}; " + outcome(ctx, say_deals=False)
        )
    if a.kind == "veto_alone":
        return "together your side is stronger than your partner alone; " + outcome(ctx)
    return "a veto lets the bidding go on; " + outcome(ctx)
