"""Follow suit or draw until you can; call “Page One!” at one card; first out wins.

Page One: the line above is its description in listings; its rules are in rules.py, loaded on first use
(games/core/listing.py).
"""

from typing import TYPE_CHECKING

from games.core.listing import Listing, rules_on_demand

if TYPE_CHECKING:  # what a type checker sees; at run time rules_on_demand imports them on first use
    from .rules import NO_SUITS, PENALTY, RULES

LISTING = Listing.of(__name__, __doc__, "Page One", seats=(2, 4), default_seats=4, position=12)

__all__ = ["LISTING", "NO_SUITS", "PENALTY", "RULES"]
__getattr__ = rules_on_demand(__name__, __all__)  # every name but LISTING is in rules.py
