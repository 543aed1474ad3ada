"""Partners pick up the upcard to make trumps; go alone for double points.

Bacon: the line above is its description in listings; its rules are in rules.py, loaded on first use
(games/core/listing.py).
"""

from typing import TYPE_CHECKING

from games.core.listing import Listing, rules_on_demand

if TYPE_CHECKING:  # what a type checker sees; at run time rules_on_demand imports them on first use
    from .rules import RULES

LISTING = Listing.of(__name__, __doc__, "Bacon", seats=(4, 4), position=10)

__all__ = ["LISTING", "RULES"]
__getattr__ = rules_on_demand(__name__, __all__)  # every name but LISTING is in rules.py
