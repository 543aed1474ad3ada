"""Rams's view data: the trump, the pot and the stacks, who is in the hand, who declared Rams and
who took the widow, read by the bot (and the shared card play of games.bots.cardplay) and the pot
panel from ``SeatView.extra``."""

from __future__ import annotations

from dataclasses import dataclass

from games.core import view_data
from games.core.potgame import PotView


@view_data
@dataclass(frozen=True, slots=True)
class RamsView(PotView):
    rams_by: int | None  # the seat that declared Rams
    widow_by: int | None  # the seat that took the widow (None: it lies face down)
    widow_size: int = 0  # the cards of the widow lying face down (0 once taken)
