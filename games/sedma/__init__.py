"""Match the first card's rank or play a seven to take the trick; aces and tens score.

Sedma: the line above is its description in listings; its rules are in rules.py, loaded on first use
(games/core/listing.py).
"""

from typing import TYPE_CHECKING

from games.core.listing import Listing, rules_on_demand

if TYPE_CHECKING:  # what a type checker sees; at run time rules_on_demand imports them on first use
    from .rules import RULES, card_points, sedma_pack

# four by default: the partnership game
LISTING = Listing.of(__name__, __doc__, "Sedma", seats=(2, 4), default_seats=4, position=8)

__all__ = ["LISTING", "RULES", "card_points", "sedma_pack"]
__getattr__ = rules_on_demand(__name__, __all__)  # every name but LISTING is in rules.py
