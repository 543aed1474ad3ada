"""Contract Grid: its listing here, its rules in rules.py (loaded on first use, see games/core/listing.py)."""

from typing import TYPE_CHECKING

from games.core.listing import Listing, rules_on_demand

if TYPE_CHECKING:  # what a type checker sees; at run time rules_on_demand imports them on first use
    from .rules import CONTRACTS, RULES, grid_lines, judge, square_name

LISTING = Listing(
    "contract_grid",
    "Contract Grid",
    "Three players bid squares of a 4x4 grid of contracts; lines of marked squares score.",
    min_seats=3,
    max_seats=3,
    default_seats=3,
    position=4,
)

__all__ = ["CONTRACTS", "LISTING", "RULES", "grid_lines", "judge", "square_name"]
__getattr__ = rules_on_demand(__name__, __all__)  # every name but LISTING is in rules.py
