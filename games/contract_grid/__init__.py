"""Three players bid squares of a 4x4 grid of contracts; lines of marked squares score.

Contract Grid: the line above is its description in listings; its rules are in rules.py, loaded on first
use (games/core/listing.py).
"""

from typing import TYPE_CHECKING

from games.core.listing import Listing, rules_on_demand

if TYPE_CHECKING:  # what a type checker sees; at run time rules_on_demand imports them on first use
    from .rules import CONTRACTS, RULES, grid_lines, judge, square_name

LISTING = Listing.of(__name__, __doc__, "Contract Grid", seats=(3, 3), position=4)

__all__ = ["CONTRACTS", "LISTING", "RULES", "grid_lines", "judge", "square_name"]
__getattr__ = rules_on_demand(__name__, __all__)  # every name but LISTING is in rules.py
