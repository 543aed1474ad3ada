"""Louisiana's pot game: pass or play, draw to improve, take the most of five tricks or pay up.

Bourré: the line above is its description in listings; its rules are in rules.py, loaded on first use
(games/core/listing.py).
"""

from typing import TYPE_CHECKING

from games.core.listing import Listing, rules_on_demand

if TYPE_CHECKING:  # what a type checker sees; at run time rules_on_demand imports them on first use
    from .rules import RULES

LISTING = Listing.of(__name__, __doc__, "Bourré", seats=(2, 8), default_seats=5, position=6)

__all__ = ["LISTING", "RULES"]
__getattr__ = rules_on_demand(__name__, __all__)  # every name but LISTING is in rules.py
