"""Rams's view data: the trump, the pot and the stacks, who is in the hand, who declared Rams and
who took the widow, read by the bot (and the shared card play of games.bots.cardplay) and the pot
panel from ``SeatView.extra``."""

from __future__ import annotations

from dataclasses import dataclass

from games.core import view_data


@view_data
@dataclass(frozen=True, slots=True)
class RamsView:
    trump_suit: str  # the trump's letter
    pot: int
    stacks: tuple[int, ...]
    ante: int  # this hand's unit
    active: tuple[int, ...]  # the seats playing this hand (empty before the play)
    rams_by: int | None  # the seat that declared Rams
    widow_by: int | None  # the seat that took the widow (None: it lies face down)
    widow_size: int = 0  # the cards of the widow lying face down (0 once taken)
