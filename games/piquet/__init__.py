"""Two players, 32 cards: exchange with the talon, declare point, sequences and sets, win the cards.

Piquet: the line above is its description in listings; its rules are in rules.py, loaded on first use
(games/core/listing.py).
"""

from typing import TYPE_CHECKING

from games.core.listing import Listing, rules_on_demand

if TYPE_CHECKING:  # what a type checker sees; at run time rules_on_demand imports them on first use
    from .rules import CATEGORY, RULES, SEQ_POINTS, is_carte_blanche, partie_margin, point_of, runs, sets_of

LISTING = Listing.of(__name__, __doc__, "Piquet", seats=(2, 2), position=14)

__all__ = [
    "CATEGORY",
    "LISTING",
    "RULES",
    "SEQ_POINTS",
    "is_carte_blanche",
    "partie_margin",
    "point_of",
    "runs",
    "sets_of",
]
__getattr__ = rules_on_demand(__name__, __all__)  # every name but LISTING is in rules.py
