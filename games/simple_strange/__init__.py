"""Two packs, two-card tricks scored by pips, super-trumps, and drawn tricks that carry over.

Simple Strange: the line above is its description in listings; its rules are in rules.py, loaded on
first use (games/core/listing.py).
"""

from typing import TYPE_CHECKING

from games.core.listing import Listing, rules_on_demand

if TYPE_CHECKING:  # what a type checker sees; at run time rules_on_demand imports them on first use
    from .rules import RULES, pip_value, super_trump_pips

LISTING = Listing.of(__name__, __doc__, "Simple Strange", seats=(2, 3), default_seats=3, position=2)

__all__ = ["LISTING", "RULES", "pip_value", "super_trump_pips"]
__getattr__ = rules_on_demand(__name__, __all__)  # every name but LISTING is in rules.py
