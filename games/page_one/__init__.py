"""Page One: its listing here, its rules in rules.py (loaded on first use, see games/core/listing.py)."""

from games.core.listing import Listing, rules_on_demand

LISTING = Listing(
    "page_one",
    "Page One",
    "Follow suit or draw until you can; call “Page One!” at one card; first out wins.",
    min_seats=2,
    max_seats=4,
    default_seats=4,
    position=12,
)

__all__ = ["LISTING", "NO_SUITS", "PENALTY", "RULES"]
__getattr__ = rules_on_demand(__name__, __all__)  # every name but LISTING is in rules.py
