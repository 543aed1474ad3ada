"""Tricks'N'Trumps's view data: the trump suit, read by the bot from ``SeatView.extra``."""

from __future__ import annotations

from dataclasses import dataclass

from games.core import view_data


@view_data
@dataclass(frozen=True, slots=True)
class TricksView:
    trump_suit: str  # the trump's letter
