"""Trump Suit's view data: the trump pile, the draw deck, bids, bags and the score sheet, read by
the bot and the panel from ``SeatView.extra``."""

from __future__ import annotations

from dataclasses import dataclass

from games.core import Card, view_data


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One scored hand of the score sheet, each tuple by seat."""

    hand: int
    bids: tuple[str, ...]
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
    bags: tuple[int, ...]


@view_data
@dataclass(frozen=True, slots=True)
class TrumpSuitView:
    """The trump's letter (None before a card sets it), the trump pile (top last), how many cards
    the draw deck holds, each seat's bags, bid kind and value, bags bought and cashed this hand."""

    trump_suit: str | None
    pile: tuple[Card, ...]
    deck_count: int
    bags: tuple[int, ...]
    sheet: tuple[SheetRow, ...]
    bid_kinds: tuple[str, ...]  # "" before the seat bids; "bid", "nil", "blind" or "blind_nil"
    bid_values: tuple[int, ...]
    bought: tuple[int, ...]
    cashed: tuple[int, ...]
    tricks_played: int
    target: int
