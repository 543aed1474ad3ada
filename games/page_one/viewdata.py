"""Page One's view data: the stock and the discard pile, the led suit, the draw in progress, who
called, the latest missed call and the suits each hand is known to lack, read by the bot and the
panel from ``SeatView.extra``."""

from __future__ import annotations

from dataclasses import dataclass

from games.core import Card, view_data


@view_data
@dataclass(frozen=True, slots=True)
class PageOneView:
    stock: int
    discard: int
    reshuffles: int  # reshuffles of the discard pile this game
    discard_cards: tuple[Card, ...]
    led: str  # the led suit's letter ("" for none)
    drawing: tuple[int, int] | None  # (seat, cards drawn) while the player to act draws
    called: tuple[int, ...]  # seats that called Page One!
    warning: str  # the latest missed call, for a while
    warned: int | None  # the seat that missed it
    warning_no: int
    lacking: tuple[str, ...]  # per seat, the suit letters its hand is known not to hold
    target: int
