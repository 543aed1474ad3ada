"""Trump Suit: its listing here, its rules in rules.py (loaded on first use, see games/core/listing.py)."""

from typing import TYPE_CHECKING

from games.core.listing import Listing, rules_on_demand

if TYPE_CHECKING:  # what a type checker sees; at run time rules_on_demand imports them on first use
    from .rules import RULES

LISTING = Listing(
    "trump_suit",
    "Trump Suit",
    "Cutthroat Spades for two or three: bid your tricks while flipped cards change trump.",
    min_seats=2,
    max_seats=3,
    default_seats=3,
    position=3,
)

__all__ = ["LISTING", "RULES"]
__getattr__ = rules_on_demand(__name__, __all__)  # every name but LISTING is in rules.py
