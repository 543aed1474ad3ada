"""Cucumber (Danish Agurk): its listing here, its rules in rules.py (loaded on first use, see games/core/listing.py)."""

from typing import TYPE_CHECKING

from games.core.listing import Listing, rules_on_demand

if TYPE_CHECKING:  # what a type checker sees; at run time rules_on_demand imports them on first use
    from .rules import HAND_SIZE, NO_BOUNDS, RULES

LISTING = Listing(
    "cucumber",
    "Cucumber",
    "Seven tricks and only the last one counts, against you: go over 21 twice and you are out.",
    min_seats=2,
    max_seats=7,
    default_seats=4,
    position=13,
)

__all__ = ["HAND_SIZE", "LISTING", "NO_BOUNDS", "RULES"]
__getattr__ = rules_on_demand(__name__, __all__)  # every name but LISTING is in rules.py
