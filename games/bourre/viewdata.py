"""Bourré's view data: the trump, the pot and the stacks, the seats in the hand and the stock,
with the seat to act's own discards or cinch, read by the bot (and the shared card play of
games.bots.cardplay) and the pot panel from ``SeatView.extra``."""

from __future__ import annotations

from dataclasses import dataclass

from games.core import Card, view_data
from games.core.potgame import PotView


@view_data
@dataclass(frozen=True, slots=True)
class BourreView(PotView):
    stock: int  # cards left to draw
    discarding: tuple[Card, ...] | None = (
        None  # the cards the seat to act sets aside (discard phase, its view)
    )
    cinch: bool | None = None  # whether the seat to act holds a cinch (play phase, its view)
