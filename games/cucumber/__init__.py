"""Seven tricks and only the last one counts, against you: go over 21 twice and you are out.

Cucumber (Danish Agurk): the line above is its description in listings; its rules are in rules.py,
loaded on first use (games/core/listing.py).
"""

from typing import TYPE_CHECKING

from games.core.listing import Listing, rules_on_demand

if TYPE_CHECKING:  # what a type checker sees; at run time rules_on_demand imports them on first use
    from .rules import HAND_SIZE, NO_BOUNDS, RULES

LISTING = Listing.of(__name__, __doc__, "Cucumber", seats=(2, 7), default_seats=4, position=13)

__all__ = ["HAND_SIZE", "LISTING", "NO_BOUNDS", "RULES"]
__getattr__ = rules_on_demand(__name__, __all__)  # every name but LISTING is in rules.py
