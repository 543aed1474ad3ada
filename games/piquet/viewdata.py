"""Piquet's view data: the partie and the hand, the stage and step of the declarations, the
exchange (each player's own picks and discards, what elder has seen of the talon), the
declarations made and scored, the score sheet and the series, read by the bot and the panel from
``SeatView.extra``."""

from __future__ import annotations

from dataclasses import dataclass

from games.core import Card, view_data


@view_data
@dataclass(frozen=True, slots=True)
class PiquetView:
    elder: int
    partie: int
    parties: int
    partie_hand: int
    stage: str  # the phase: "exchange", "declare", "play"...
    step: str  # within the declarations: "elder", "answer", "dealer"...
    category: str  # the category being declared ("" outside the declarations)
    offer: tuple[int, ...] | None  # what elder has said in this category (public)
    exchange_limit: int
    picked: tuple[Card, ...]  # the cards the seat to act has picked to exchange (its view)
    talon: int  # cards left in the talon
    took: tuple[int, ...]  # cards each player took from the talon
    my_discards: tuple[Card, ...]  # this seat's own discards
    seen: tuple[Card, ...]  # the talon cards elder has looked at (elder's view)
    leftover: tuple[Card, ...]  # the talon cards left over and shown
    blanche: tuple[bool, ...]
    shown: tuple[tuple[Card, ...], ...]  # per seat, cards shown
    named: tuple[tuple[Card, ...], ...]  # per seat, cards named by scored declarations
    said: tuple[tuple[str, int | None, int, str], ...]  # (category, scorer or None, points, words)
    stages: tuple[tuple[int, ...], ...]  # per seat, the points of each stage this hand
    bonus: tuple[str, int] | None  # (kind, seat) of repique or pique
    sheet: tuple[tuple[int, int, tuple[int, ...], tuple[int, ...]], ...]  # (hand, dealer, points, totals)
    results: tuple[
        tuple[int, tuple[int, ...], int | None, int, int], ...
    ]  # (partie, totals, winner, margin, hands)
    series: tuple[int, ...]  # running total of margins won
    plain: bool  # plain names for the declarations
