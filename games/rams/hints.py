"""Hints for Rams (games.bots.explain): counters paid by tricks from the pot; a player who plays
and takes no trick pays five into it; Rams must take all five tricks."""

from __future__ import annotations

from games.bots.cardplay import ranking_of
from games.bots.estimates import Terms
from games.bots.explain import Context, outcome
from games.core import Ranking, SeatView

from .viewdata import RamsView

TERMS = Terms(measure="points", unit="counter", noise=0.5)


def ranking(view: SeatView) -> Ranking:
    return ranking_of(view.data(RamsView))


def alternatives(view: SeatView, action, options):
    return list(options)  # at most five words, or five cards


def words(ctx: Context) -> str | None:
    a = ctx.action
    mine = ctx.est()
    if mine is None:
        return None
    if a.kind == "rams":
        return (
            f"you take all five tricks in {ctx.share(mine, 'tricks>=', 5)} of {ctx.deals(mine)}; "
            + outcome(ctx, say_deals=False)
        )
    if a.kind in ("play", "widow") and a.card is None:
        hand = "with the widow " if a.kind == "widow" else ""
        return (
            f"{hand}you take a trick in {ctx.share(mine, 'tricks>=', 1)} of {ctx.deals(mine)} "
            f"(none in {ctx.share(mine, 'tricks==', 0)}, which costs five); " + outcome(ctx, say_deals=False)
        )
    if a.kind == "pass":
        rival = ctx.rival(lambda x: x.kind in ("play", "widow"))
        if rival is not None and not ctx.beaten_by(rival):
            return (
                f"playing ({ctx.name(rival.action)}), you would take no trick in "
                f"{ctx.share(rival, 'tricks==', 0)} of {ctx.deals(rival)}; " + outcome(ctx, say_deals=False)
            )
    if a.kind == "discard" and a.card is not None:
        return f"swap the {a.card.text}, your weakest card, for the trump: " + outcome(ctx)
    return None
