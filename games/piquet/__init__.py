"""Piquet: a game package (see games/__init__.py).

``rules.py`` holds the rules (``RULES``, which names the heuristic bot in ``bot.py``); this
module exports ``RULES`` and the names other code and tests use.
"""

from .rules import CATEGORY, RULES, SEQ_POINTS, is_carte_blanche, partie_margin, point_of, runs, sets_of

__all__ = ["CATEGORY", "RULES", "SEQ_POINTS", "is_carte_blanche", "partie_margin", "point_of", "runs", "sets_of"]
