"""Hints for Tricks'N'Trumps (games.bots.explain): every trick scores, so the figures are tricks;
hearts (or the turned-up suit) are trumps with the joker on top."""

from __future__ import annotations

from games.bots.estimates import Terms
from games.core import Ranking, SeatView, Suit

from .viewdata import TricksView

TERMS = Terms(measure="tricks", unit="trick")


def ranking(view: SeatView) -> Ranking:
    trump = Suit(view.data(TricksView).trump_suit)
    return Ranking(trumps=(trump,), joker_suit=trump)
