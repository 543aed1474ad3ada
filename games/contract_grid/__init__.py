"""Contract Grid: a game package (see games/__init__.py).

``rules.py`` holds the rules (``RULES``, which names the heuristic bot in ``bot.py``); this
module exports ``RULES`` and the names other code and tests use.
"""

from .rules import CONTRACTS, RULES, grid_lines, judge, square_name

__all__ = ["CONTRACTS", "RULES", "grid_lines", "judge", "square_name"]
