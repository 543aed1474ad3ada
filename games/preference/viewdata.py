"""Preference's view data: the pot and the stacks, the auction and the contract, the talon, the
defenders and who plays, and the declarer's picks and discards or a laid-aside hand in their
owner's view only, read by the bot and the panel from ``SeatView.extra``."""

from __future__ import annotations

from dataclasses import dataclass

from games.core import Card, view_data


@view_data
@dataclass(frozen=True, slots=True)
class PreferenceView:
    pot: int
    ante: int
    stacks: tuple[int, ...]
    sheet: tuple[str, ...]  # the last hand's settlement lines
    pots: tuple[int, int]  # (pots emptied, pots to play)
    in_hand: tuple[int, ...]
    high: int  # the highest numeric bid
    named: tuple[tuple[int, str], ...]  # (seat, suit letter) named in the auction
    trump_suit: str | None
    contract: str
    contract_text: str
    declarer: int | None
    talon: tuple[Card, ...]  # the talon as shown
    talon_count: int
    no_aces: bool
    defenders: tuple[int, ...]
    playing: tuple[int, ...]
    host: int | None
    laid_aside_by: int | None
    players: tuple[int, ...]
    picked: tuple[Card, ...] = ()  # the declarer's picks (its view only)
    discards: tuple[Card, ...] = ()  # the declarer's discards (its view only)
    laid_aside: tuple[Card, ...] = ()  # a laid-aside hand (its owner's view only)
