"""Simple Strange's view data: the trump suits, the super-trumps with their pips, the drawn tricks
pending and the seat to act's staged first card, read by the bot and the panel from
``SeatView.extra``."""

from __future__ import annotations

from dataclasses import dataclass

from games.core import Card, TrickResult, view_data


@dataclass(frozen=True, slots=True)
class Staged:
    """The first card of a pair, put down and not yet committed (SS-3)."""

    card: Card
    slot: int | None  # 1 or 2: which of the trick's two slots it fills (None: the first free)


@view_data
@dataclass(frozen=True, slots=True)
class StrangeView:
    trumps: tuple[str, ...]  # the trump suits' letters
    super_trumps: tuple[Card, ...]  # strongest first
    super_pips: tuple[tuple[Card, int], ...]  # each super-trump with its pips
    pending: tuple[TrickResult, ...]  # drawn tricks waiting for a decided trick (SS-8)
    staged: Staged | None  # only in the view of the seat to act

    def pips(self) -> dict[Card, int]:
        """The super-trumps' pips by card."""
        return dict(self.super_pips)
