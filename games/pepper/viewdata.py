"""Pepper's view data: the contract and its declarer, the trump, the teams' scores and tricks, the
dead hand and the suits each seat has shown it lacks, read by the bot and the panel from
``SeatView.extra``."""

from __future__ import annotations

from dataclasses import dataclass

from games.core import view_data


@view_data
@dataclass(frozen=True, slots=True)
class PepperView:
    contract: str  # the high bid in words ("" before any bid)
    declarer: int | None  # the high bidder
    trump_suit: str | None  # the trump's letter (None: not named yet, or no trump)
    no_trump: bool  # the hand is played without trumps
    team_scores: tuple[int, ...]
    team_tricks: tuple[int, ...]
    target: int
    dead_hand: int  # cards of the dead hand, face down
    voids: tuple[str, ...]  # per seat, the suit letters it has shown it lacks
    need: int | None  # tricks the declarer's side still needs (None before the play)
    tricks_left: int
