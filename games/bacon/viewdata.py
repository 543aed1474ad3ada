"""Bacon's view data: the upcard and the cards passed up, who took it and what was discarded, the
caller, the declarer and trump, the teams' scores and tricks, and the suits each seat has shown
it lacks, read by the bot and the panel from ``SeatView.extra``."""

from __future__ import annotations

from dataclasses import dataclass

from games.core import Card, view_data


@view_data
@dataclass(frozen=True, slots=True)
class BaconView:
    upcard: Card | None  # the card turned up for the auction
    passed_up: tuple[Card, ...]
    discard: Card | None  # the taker's face-up discard
    taker: int | None  # the seat that took the upcard
    known_up: Card | None  # the upcard while it sits, known to all, in the taker's hand
    picked_up: Card | None  # the upcard that made trump
    caller: int | None  # a pick-up waiting for the partner's word
    call_alone: bool
    declarer: int | None
    alone: bool
    trump_suit: str | None
    team_scores: tuple[int, ...]
    team_tricks: tuple[int, ...]
    voids: tuple[str, ...]  # per seat, the suit letters it has shown it lacks
    target: int
    stub: int  # cards left undealt
