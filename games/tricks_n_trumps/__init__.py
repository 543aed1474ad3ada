"""Tricks'N'Trumps: its listing here, its rules in rules.py (loaded on first use, see games/core/listing.py)."""

from typing import TYPE_CHECKING

from games.core.listing import Listing, rules_on_demand

if TYPE_CHECKING:  # what a type checker sees; at run time rules_on_demand imports them on first use
    from .rules import RULES

LISTING = Listing(
    "tricks_n_trumps",
    "Tricks'N'Trumps",
    "A gentle first trick game: five cards each, hearts always trump, the joker on top.",
    min_seats=2,
    max_seats=6,
    default_seats=3,
    position=1,
)

__all__ = ["LISTING", "RULES"]
__getattr__ = rules_on_demand(__name__, __all__)  # every name but LISTING is in rules.py
