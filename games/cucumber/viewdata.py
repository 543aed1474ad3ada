"""Cucumber's view data: this hand's finished tricks, the cucumbers and the eliminated players,
the bust limit and the public rank bounds of each hand, read by the panel from ``SeatView.extra``."""

from __future__ import annotations

from dataclasses import dataclass

from games.core import TrickResult, view_data


@view_data
@dataclass(frozen=True, slots=True)
class CucumberView:
    tricks: tuple[TrickResult, ...]  # this hand's finished tricks, in order
    cucumbers: tuple[int, ...]  # per seat: 1 when a cucumber was taken
    eliminated: tuple[int, ...]  # seats, in order of elimination
    limit: int  # a player with more points is out
    trick_number: int  # 1 to 7
    bounds: tuple[tuple[int, int], ...]  # per seat: the lowest and highest rank its hand may hold
