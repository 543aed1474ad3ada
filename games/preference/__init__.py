"""Austrian Preference: bid for trumps and the talon, defend or drop out, win from the pot.

Preference (Austrian): the line above is its description in listings; its rules are in rules.py, loaded
on first use (games/core/listing.py).
"""

from typing import TYPE_CHECKING

from games.core.listing import Listing, rules_on_demand

if TYPE_CHECKING:  # what a type checker sees; at run time rules_on_demand imports them on first use
    from .rules import RULES, allowed_cards

LISTING = Listing.of(__name__, __doc__, "Preference", seats=(3, 4), position=11)

__all__ = ["LISTING", "RULES", "allowed_cards"]
__getattr__ = rules_on_demand(__name__, __all__)  # every name but LISTING is in rules.py
