"""Pepper: its listing here, its rules in rules.py (loaded on first use, see games/core/listing.py)."""

from games.core.listing import Listing, rules_on_demand

LISTING = Listing(
    "pepper",
    "Pepper",
    "Partners bid for trumps with 24 cards and two bowers; peppers take every trick.",
    min_seats=2,
    max_seats=4,
    default_seats=4,
    position=9,
)

__all__ = ["LISTING", "RULES"]
__getattr__ = rules_on_demand(__name__, __all__)  # every name but LISTING is in rules.py
