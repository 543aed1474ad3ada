"""Cucumber (Danish Agurk): a game package (see games/__init__.py).

``rules.py`` holds the rules (``RULES``, which names the heuristic bot in ``bot.py``); this
module exports ``RULES`` and the names other code and tests use.
"""

from .rules import HAND_SIZE, NO_BOUNDS, RULES

__all__ = ["HAND_SIZE", "NO_BOUNDS", "RULES"]
