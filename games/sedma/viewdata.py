"""Sedma's view data: the stock, the order of play, the trick's rounds, the starter and the seat
holding the trick, the side's card points and victory points, read by the bot and the panel from
``SeatView.extra``."""

from __future__ import annotations

from dataclasses import dataclass

from games.core import Card, view_data


@view_data
@dataclass(frozen=True, slots=True)
class SedmaView:
    stock: int  # cards left to draw
    order: tuple[int, ...]  # the seats in the order of play, the leader first
    rounds: tuple[tuple[Card, ...], ...]  # the trick's cards, one tuple per round of play
    starter: Card | None  # the trick's first card
    holder: int | None  # the seat holding the trick so far
    round: int
    deciding: bool  # the leader decides whether to go on
    points: tuple[int, ...]  # card points per side
    vp: tuple[int, ...]  # victory points per side
    target: int
    captured: tuple[int, ...]  # cards won per seat
