"""Agram's view data: which trick of the hand is played and how many games the series has, read
by the bot and the panel from ``SeatView.extra``."""

from __future__ import annotations

from dataclasses import dataclass

from games.core import view_data


@view_data
@dataclass(frozen=True, slots=True)
class AgramView:
    trick_number: int  # 1 to 6; the sixth trick wins the game
    games: int  # games in the series (the option games)
